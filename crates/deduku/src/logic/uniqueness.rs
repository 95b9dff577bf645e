//! Uniqueness: unique rectangles (types 1–6), hidden rectangles, avoidable rectangles and
//! BUG+1. Every deduction here assumes the puzzle has exactly one solution; the engine calls
//! this module only when that is known.
//!
//! The argument behind the rectangles: four cells at the corners of a rectangle that spans
//! two rows, two columns and exactly two boxes, none of them a given. If a solution put `a`
//! and `b` in them (necessarily `a` on one diagonal, `b` on the other), swapping the two
//! digits would give a second solution. So the four cells never hold only `a` and `b` — the
//! "deadly pattern" — and whatever forces it is false.
//!
//! Corner order of a rectangle:
//!
//! ```text
//!   0 ── 1      0,1 share a row, 2,3 the other row;
//!   │    │      0,2 share a column, 1,3 the other column;
//!   2 ── 3      the diagonals are 0–3 and 1–2.
//! ```

use crate::board::{Board, Origin};
use crate::grid::{Candidate, Cell, CellSet, Digit, DigitSet, House};
use crate::logic::few::Few;
use crate::logic::step::fmt_cells;
use crate::logic::{Detail, Sink, Step, Technique};
use std::ops::ControlFlow;

/// Finds the instances of `technique` (one of this family's) and pushes them into `sink`.
/// The caller has checked that the puzzle has exactly one solution.
pub fn find(board: &Board, technique: Technique, sink: &mut Sink) -> ControlFlow<()> {
    match technique {
        Technique::UniqueRectangle1
        | Technique::UniqueRectangle2
        | Technique::UniqueRectangle3
        | Technique::UniqueRectangle4
        | Technique::UniqueRectangle5
        | Technique::UniqueRectangle6
        | Technique::HiddenRectangle => unique_rectangles(board, technique, sink),
        Technique::AvoidableRectangle1 | Technique::AvoidableRectangle2 => {
            avoidable_rectangles(board, technique, sink)
        }
        Technique::BugPlus1 => bug_plus_1(board, sink),
        _ => ControlFlow::Continue(()),
    }
}

/// The four corners of a rectangle over two rows, two columns and two boxes.
type Rect = [Cell; 4];

/// The opposite corner of corner `i`.
const fn opposite(i: usize) -> usize {
    3 - i
}

/// The corner sharing a row with corner `i`.
const fn row_mate(i: usize) -> usize {
    i ^ 1
}

/// The corner sharing a column with corner `i`.
const fn col_mate(i: usize) -> usize {
    i ^ 2
}

/// How many rectangles span exactly two boxes: 9 row pairs inside a band times 27 column pairs
/// across stacks, and the reverse.
const RECTANGLE_COUNT: usize = 2 * 9 * 27;

/// Every rectangle spanning exactly two boxes, ordered by its two rows and then by its two
/// columns. A table, not an iterator chain: the nine uniqueness finders walk it at every
/// position of a path, and the nested `flat_map`s cost 3–4 % of the default path's time.
static RECTANGLES: [Rect; RECTANGLE_COUNT] = {
    let mut out = [[Cell::from_index(0); 4]; RECTANGLE_COUNT];
    let mut n = 0;
    let mut r1 = 0;
    while r1 < 9 {
        let mut r2 = r1 + 1;
        while r2 < 9 {
            let mut c1 = 0;
            while c1 < 9 {
                let mut c2 = c1 + 1;
                while c2 < 9 {
                    if (r1 / 3 == r2 / 3) != (c1 / 3 == c2 / 3) {
                        out[n] = [
                            Cell::at(r1, c1),
                            Cell::at(r1, c2),
                            Cell::at(r2, c1),
                            Cell::at(r2, c2),
                        ];
                        n += 1;
                    }
                    c2 += 1;
                }
                c1 += 1;
            }
            r2 += 1;
        }
        r1 += 1;
    }
    assert!(n == RECTANGLE_COUNT);
    out
};

/// Every rectangle spanning exactly two boxes, in the order of [`RECTANGLES`].
fn rectangles() -> impl Iterator<Item = Rect> {
    RECTANGLES.iter().copied()
}

fn cell_set(cells: impl IntoIterator<Item = Cell>) -> CellSet {
    cells.into_iter().collect()
}

/// Houses that hold every cell of `cells`.
fn shared_houses(cells: CellSet) -> impl Iterator<Item = House> {
    cells.common_houses()
}

/// A rectangle with its two digits, and the step under construction.
struct Ur<'a> {
    board: &'a Board,
    rect: Rect,
    a: Digit,
    b: Digit,
    ab: DigitSet,
    /// Candidates beyond `a` and `b`, per corner.
    extra: [DigitSet; 4],
}

impl Ur<'_> {
    /// Corners with extra candidates (the "roof").
    fn roof(&self) -> Few<usize, 4> {
        Few::of(0, (0..4).filter(|&i| !self.extra[i].is_empty()))
    }

    fn step(&self, technique: Technique) -> Step {
        let mut s = Step::new(technique);
        s.highlight.cells = self.rect.to_vec();
        for (i, &c) in self.rect.iter().enumerate() {
            for d in self.board.candidates(c).iter() {
                let k = Candidate::new(c, d);
                if self.ab.contains(d) {
                    s.highlight.candidates.push(k);
                } else if !self.extra[i].is_empty() {
                    s.highlight.fins.push(k);
                }
            }
        }
        s.length = 4;
        s
    }

    fn finish(&self, mut s: Step, sink: &mut Sink) -> ControlFlow<()> {
        if s.eliminations.is_empty() && s.placements.is_empty() {
            return ControlFlow::Continue(());
        }
        let text = format!("{}/{} in {}", self.a, self.b, fmt_cells(self.rect));
        s = s.with_text(text);
        sink.push(s)
    }

    fn eliminate(&self, s: &mut Step, d: Digit, cells: CellSet) {
        for c in cells.intersection(self.board.digit_cells(d)).iter() {
            s.eliminations.push(Candidate::new(c, d));
        }
    }
}

fn unique_rectangles(board: &Board, technique: Technique, sink: &mut Sink) -> ControlFlow<()> {
    for rect in rectangles() {
        if rect.iter().any(|&c| board.value(c).is_some()) {
            continue;
        }
        // Every type needs a corner holding only the two digits (a "floor" corner), so the
        // pairs to try are the candidates of the corners with exactly two. The digits need not
        // be candidates of every corner ("missing candidates": a corner may have lost one of
        // them to sound logic, which cannot have removed a digit the swapped solution would
        // need); each corner keeps at least one of them.
        let mut pairs = [DigitSet::EMPTY; 4];
        let mut n_pairs = 0;
        for &c in &rect {
            let cs = board.candidates(c);
            if cs.len() == 2 && !pairs[..n_pairs].contains(&cs) {
                pairs[n_pairs] = cs;
                n_pairs += 1;
            }
        }
        for &ab in &pairs[..n_pairs] {
            {
                let mut it = ab.iter();
                let (Some(a), Some(b)) = (it.next(), it.next()) else { continue };
                if rect.iter().any(|&c| board.candidates(c).intersection(ab).is_empty()) {
                    continue;
                }
                // Each digit must still be a candidate in at least two corners, so the
                // rectangle really is about `a` and `b`.
                let count = |d: Digit| rect.iter().filter(|&&c| board.has_candidate(c, d)).count();
                if count(a) < 2 || count(b) < 2 {
                    continue;
                }
                let extra = rect.map(|c| board.candidates(c).minus(ab));
                let ur = Ur { board, rect, a, b, ab, extra };
                match technique {
                    Technique::UniqueRectangle1 => ur_type1(&ur, sink)?,
                    Technique::UniqueRectangle2 => ur_type2_5(&ur, technique, sink)?,
                    Technique::UniqueRectangle5 => ur_type2_5(&ur, technique, sink)?,
                    Technique::UniqueRectangle3 => ur_type3(&ur, sink)?,
                    Technique::UniqueRectangle4 => ur_type4(&ur, sink)?,
                    Technique::UniqueRectangle6 => ur_type6(&ur, sink)?,
                    Technique::HiddenRectangle => hidden_rectangle(&ur, sink)?,
                    _ => {}
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// Three corners hold only `a` and `b`: the fourth holds neither.
fn ur_type1(ur: &Ur, sink: &mut Sink) -> ControlFlow<()> {
    let roof = ur.roof();
    let [r] = roof[..] else { return ControlFlow::Continue(()) };
    let mut s = ur.step(Technique::UniqueRectangle1);
    for d in [ur.a, ur.b] {
        ur.eliminate(&mut s, d, CellSet::single(ur.rect[r]));
    }
    ur.finish(s, sink)
}

/// The roof corners all have the same one extra digit `x`, so one of them is `x`: cells seeing
/// all of them lose `x`. Type 2: two roof corners in one row or column; type 5: two diagonal
/// roof corners, or three.
fn ur_type2_5(ur: &Ur, technique: Technique, sink: &mut Sink) -> ControlFlow<()> {
    let roof = ur.roof();
    let is_type2 = match roof[..] {
        [i, j] => ur.rect[i].row() == ur.rect[j].row() || ur.rect[i].col() == ur.rect[j].col(),
        [_, _, _] => false,
        _ => return ControlFlow::Continue(()),
    };
    if is_type2 != (technique == Technique::UniqueRectangle2) {
        return ControlFlow::Continue(());
    }
    let Some(x) = ur.extra[roof[0]].single_digit() else { return ControlFlow::Continue(()) };
    if roof.iter().any(|&i| ur.extra[i] != DigitSet::single(x)) {
        return ControlFlow::Continue(());
    }
    let roof_cells = cell_set(roof.iter().map(|&i| ur.rect[i]));
    let mut s = ur.step(technique);
    ur.eliminate(&mut s, x, roof_cells.common_peers());
    ur.finish(s, sink)
}

/// Two roof corners in one row or column: their extra digits act as one cell, which with
/// other cells of a shared house forms a naked subset; the subset's digits go from the rest
/// of that house. Like HoDoKu, one step collects every such subset of the rectangle (in the
/// line and, when the roof shares a box, in the box).
fn ur_type3(ur: &Ur, sink: &mut Sink) -> ControlFlow<()> {
    let roof = ur.roof();
    let [i, j] = roof[..] else { return ControlFlow::Continue(()) };
    if opposite(i) == j {
        return ControlFlow::Continue(());
    }
    let pseudo = ur.extra[i].union(ur.extra[j]);
    if pseudo.len() < 2 {
        return ControlFlow::Continue(());
    }
    let rect_set = cell_set(ur.rect);
    let roof_cells = cell_set([ur.rect[i], ur.rect[j]]);
    let mut s = ur.step(Technique::UniqueRectangle3);
    let mut subsets = CellSet::EMPTY;
    for h in shared_houses(roof_cells) {
        let others: Vec<Cell> = h
            .cells()
            .into_iter()
            .filter(|&c| !rect_set.contains(c) && ur.board.candidates(c).len() >= 2)
            .collect();
        let n = others.len();
        // Subsets of up to four other cells.
        for mask in 1u32..(1 << n) {
            let size = mask.count_ones();
            if size > 4 {
                continue;
            }
            let mut digits = pseudo;
            let mut subset = CellSet::EMPTY;
            for (k, &c) in others.iter().enumerate() {
                if mask & (1 << k) != 0 {
                    digits = digits.union(ur.board.candidates(c));
                    subset.insert(c);
                }
            }
            if digits.len() != size + 1 {
                continue;
            }
            let before = s.eliminations.len();
            let targets = h.cell_set().minus(rect_set).minus(subset);
            for d in digits.iter() {
                ur.eliminate(&mut s, d, targets);
            }
            if s.eliminations.len() > before {
                if !s.highlight.houses.contains(&h) {
                    s.highlight.houses.push(h);
                }
                subsets = subsets.union(subset);
            }
        }
    }
    s.highlight.alternate.extend(
        subsets
            .iter()
            .flat_map(|c| ur.board.candidates(c).iter().map(move |d| Candidate::new(c, d))),
    );
    ur.finish(s, sink)
}

/// Two roof corners in one row or column, and in a house holding both, `a` has no other
/// place: one of them is `a`, so neither can be `b` (the other would complete the pattern).
fn ur_type4(ur: &Ur, sink: &mut Sink) -> ControlFlow<()> {
    let roof = ur.roof();
    let [i, j] = roof[..] else { return ControlFlow::Continue(()) };
    if opposite(i) == j {
        return ControlFlow::Continue(());
    }
    let roof_cells = cell_set([ur.rect[i], ur.rect[j]]);
    for (d, e) in [(ur.a, ur.b), (ur.b, ur.a)] {
        for h in shared_houses(roof_cells) {
            if ur.board.house_digit_cells(h, d) == roof_cells {
                let mut s = ur.step(Technique::UniqueRectangle4);
                ur.eliminate(&mut s, e, roof_cells);
                s.highlight.houses.push(h);
                ur.finish(s, sink)?;
                break;
            }
        }
    }
    ControlFlow::Continue(())
}

/// Two diagonal roof corners, and `a` confined to the rectangle in both its rows (or both its
/// columns): `a` sits on one diagonal; on the roof's it would force `b` on the floor's and
/// complete the pattern, so the roof corners lose `a`.
fn ur_type6(ur: &Ur, sink: &mut Sink) -> ControlFlow<()> {
    let roof = ur.roof();
    let [i, j] = roof[..] else { return ControlFlow::Continue(()) };
    if opposite(i) != j {
        return ControlFlow::Continue(());
    }
    let rect_set = cell_set(ur.rect);
    let rows = [House::row(ur.rect[0].row()), House::row(ur.rect[3].row())];
    let cols = [House::col(ur.rect[0].col()), House::col(ur.rect[3].col())];
    let roof_cells = cell_set([ur.rect[i], ur.rect[j]]);
    for d in [ur.a, ur.b] {
        for lines in [rows, cols] {
            // `d` must still be open in both lines: one that already holds it has no places at
            // all, which is no confinement to the rectangle.
            if lines.iter().all(|&h| {
                !ur.board.house_has_value(h, d)
                    && ur.board.house_digit_cells(h, d).is_subset(rect_set)
            }) {
                let mut s = ur.step(Technique::UniqueRectangle6);
                ur.eliminate(&mut s, d, roof_cells);
                s.highlight.houses.extend(lines);
                ur.finish(s, sink)?;
                break;
            }
        }
    }
    ControlFlow::Continue(())
}

/// A corner with only `a` and `b`; in the row and the column of the opposite corner, `b` has
/// no place outside the rectangle. Were the opposite corner `a`, `b` would fill both its
/// neighbours, the first corner would be `a` and the pattern complete: so it is not `a`.
fn hidden_rectangle(ur: &Ur, sink: &mut Sink) -> ControlFlow<()> {
    let roof = ur.roof();
    if roof.len() < 2 {
        return ControlFlow::Continue(());
    }
    for f in (0..4).filter(|&f| ur.extra[f].is_empty()) {
        let o = opposite(f);
        let (c, rm, cm) = (ur.rect[o], ur.rect[row_mate(o)], ur.rect[col_mate(o)]);
        let row = House::row(c.row());
        let col = House::col(c.col());
        for (keep, gone) in [(ur.b, ur.a), (ur.a, ur.b)] {
            // `keep` must still be open in the row and the column: had one of them placed it
            // elsewhere, it would have no place there at all, which forces nothing.
            if !ur.board.house_has_value(row, keep)
                && !ur.board.house_has_value(col, keep)
                && ur.board.house_digit_cells(row, keep).is_subset(cell_set([c, rm]))
                && ur.board.house_digit_cells(col, keep).is_subset(cell_set([c, cm]))
            {
                let mut s = ur.step(Technique::HiddenRectangle);
                ur.eliminate(&mut s, gone, CellSet::single(c));
                s.highlight.houses.extend([row, col]);
                ur.finish(s, sink)?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// Avoidable rectangles: no corner is a given, at least two are filled by solving, and their
/// digits make one diagonal `a` and the other `b`. Type 1: three corners filled, so the fourth
/// cannot take the digit that would complete the pattern. Type 2: the two empty corners hold
/// their completing digit and the same one other digit `x`; one of them is `x`, so cells
/// seeing both lose `x`.
fn avoidable_rectangles(board: &Board, technique: Technique, sink: &mut Sink) -> ControlFlow<()> {
    // The swap argument is about the solutions of the givens alone: the filled corners are
    // part of what gets swapped. Whether the givens alone have one solution is checked once,
    // when a pattern is found (a board whose placements came from a guess can be unique
    // while its givens are not).
    let mut givens_unique: Option<bool> = None;
    for rect in rectangles() {
        if rect.iter().any(|&c| board.origin(c) == Origin::Given) {
            continue;
        }
        // The digit each diagonal must hold: diagonal 0 is corners 0 and 3, 1 is 1 and 2.
        let mut diag: [Option<Digit>; 2] = [None, None];
        let mut ok = true;
        for (i, &c) in rect.iter().enumerate() {
            if let Some(v) = board.value(c) {
                let k = usize::from(i == 1 || i == 2);
                match diag[k] {
                    Some(w) if w != v => ok = false,
                    _ => diag[k] = Some(v),
                }
            }
        }
        let (Some(a), Some(b)) = (diag[0], diag[1]) else { continue };
        if !ok || a == b {
            continue;
        }
        let need = |i: usize| if i == 0 || i == 3 { a } else { b };
        let empty: Vec<usize> = (0..4).filter(|&i| board.value(rect[i]).is_none()).collect();
        let mut s = Step::new(technique);
        match (technique, &empty[..]) {
            (Technique::AvoidableRectangle1, &[e]) => {
                let c = rect[e];
                if board.has_candidate(c, need(e)) {
                    s.eliminations.push(Candidate::new(c, need(e)));
                }
            }
            (Technique::AvoidableRectangle2, &[e, f]) => {
                let (ce, cf) = (rect[e], rect[f]);
                let xe = board.candidates(ce).minus(DigitSet::single(need(e)));
                let xf = board.candidates(cf).minus(DigitSet::single(need(f)));
                let Some(x) = xe.single_digit() else { continue };
                if xe != xf
                    || !board.has_candidate(ce, need(e))
                    || !board.has_candidate(cf, need(f))
                {
                    continue;
                }
                let both = cell_set([ce, cf]);
                for c in both.common_peers().intersection(board.digit_cells(x)).iter() {
                    s.eliminations.push(Candidate::new(c, x));
                }
                s.highlight.fins.extend([Candidate::new(ce, x), Candidate::new(cf, x)]);
            }
            _ => continue,
        }
        if s.eliminations.is_empty() {
            continue;
        }
        if !*givens_unique.get_or_insert_with(|| {
            let mut givens = [0u8; 81];
            for c in Cell::all() {
                if board.origin(c) == Origin::Given {
                    givens[c.index()] = board.value(c).map_or(0, Digit::get);
                }
            }
            crate::solve::count_values(&givens, 2).count == 1
        }) {
            return ControlFlow::Continue(());
        }
        s.highlight.cells = rect.to_vec();
        s.detail = Detail::Filled(
            rect.iter().filter_map(|&c| board.value(c).map(|v| Candidate::new(c, v))).collect(),
        );
        for (i, &c) in rect.iter().enumerate() {
            if board.value(c).is_none() && board.has_candidate(c, need(i)) {
                s.highlight.candidates.push(Candidate::new(c, need(i)));
            }
        }
        s.length = 4;
        let (lo, hi) = if a < b { (a, b) } else { (b, a) };
        sink.push(s.with_text(format!("{lo}/{hi} in {}", fmt_cells(rect))))?;
    }
    ControlFlow::Continue(())
}

/// Bivalue universal grave + 1: every empty cell has two candidates except one with three,
/// and every digit has two places in every house where it is open, except one digit of the
/// three-candidate cell, which has three in each of that cell's houses. Without that digit the
/// position would be a BUG (never unique), so the cell holds it: its other candidates go.
fn bug_plus_1(board: &Board, sink: &mut Sink) -> ControlFlow<()> {
    let mut tri = None;
    for c in Cell::all() {
        match board.candidates(c).len() {
            0 | 2 => {}
            3 if tri.is_none() => tri = Some(c),
            _ => return ControlFlow::Continue(()),
        }
    }
    let Some(t) = tri else { return ControlFlow::Continue(()) };
    let mut bug_digit = None;
    for h in House::all() {
        for d in Digit::all() {
            let n = board.house_digit_cells(h, d).len();
            let in_t = h.cell_set().contains(t) && board.has_candidate(t, d);
            match n {
                0 | 2 => {}
                3 if in_t => match bug_digit {
                    None => bug_digit = Some(d),
                    Some(x) if x == d => {}
                    Some(_) => return ControlFlow::Continue(()),
                },
                _ => return ControlFlow::Continue(()),
            }
        }
    }
    let Some(d) = bug_digit else { return ControlFlow::Continue(()) };
    // The digit must have three places in all three houses of the cell.
    if t.houses().iter().any(|&h| board.house_digit_cells(h, d).len() != 3) {
        return ControlFlow::Continue(());
    }
    let mut s = Step::new(Technique::BugPlus1);
    for x in board.candidates(t).iter().filter(|&x| x != d) {
        s.eliminations.push(Candidate::new(t, x));
    }
    s.highlight.cells.push(t);
    s.highlight.candidates.push(Candidate::new(t, d));
    s.length = 1;
    sink.push(s.with_text(format!("{d} in {t}, three times in each of its houses")))
}

#[cfg(test)]
mod tests {
    use crate::logic::Technique::*;
    use crate::test_support::*;

    /// The table holds every rectangle of two rows and two columns whose corners lie in
    /// exactly two boxes, once each, ordered by its rows and then by its columns.
    #[test]
    fn rectangles_are_those_over_two_boxes_in_order() {
        use crate::grid::Cell;
        let mut want = Vec::new();
        let pairs = || (0..9).flat_map(|a| (a + 1..9).map(move |b| (a, b)));
        for (r1, r2) in pairs() {
            for (c1, c2) in pairs() {
                let rect = [Cell::at(r1, c1), Cell::at(r1, c2), Cell::at(r2, c1), Cell::at(r2, c2)];
                let mut boxes: Vec<usize> = rect.iter().map(|c| c.boxx()).collect();
                boxes.sort();
                boxes.dedup();
                if boxes.len() == 2 {
                    want.push(rect);
                }
            }
        }
        let got: Vec<_> = super::rectangles().collect();
        assert_eq!(got, want);
        assert_eq!(got.len(), 486);
    }

    // Lines of HoDoKu's regression library (tests/data/techniques/hodoku-reglib-1.4.txt);
    // each must give exactly the listed eliminations in one step.
    const CASES: &[(crate::logic::Technique, &str)] = &[
        (
            UniqueRectangle1,
            ":0600-1:23:+4+7.3..1.8+85.4...9.39.+86.+4.7+1342+8.+5.+9+2+8+5+1...+3+496+7+53+4..1+6+2871+3+9+45+5+1+3+9+42..+6+74+96+58.+1.::227 327::",
        ),
        // A corner has lost one of the rectangle's digits ("missing candidates").
        (
            UniqueRectangle1,
            ":0600-2:68:....+3.9.18.+1+97.+4+3.+3.+9.+1....43+85+6+7+2+1+9+9..+48+157+3+71+5+2+9+36..+1..3.9...5+9+3+7+4.+12....1..+3+9.:616 816 626 732 636 836 639 672 296 596 699:899::",
        ),
        (
            UniqueRectangle2,
            ":0601-1:34:.9..+52+6+4.6..4+8..+53..5..628....8....4.1..+4......+4.27........341+8+1+865+743+92..9+21+8+576::711 713 722 723 734 739::",
        ),
        (
            UniqueRectangle3,
            ":0602-1:89:3.......7...98.+5.3.5.....2+6+2+31+4..+6+85+7968+512+3+4...+6237+9+1..4...+1+79..+371.+45.......36.::212 222 293 722 793::",
        ),
        (
            UniqueRectangle4,
            ":0603-1:14:..+9+4.+6+3+8....3.9+5+6..+6.+8.7149...+2+9+4+631.2.+5+689+74+496+17+3+2+58+9+58+7+3+2+4+1+6+7326+4+1+8+9+5+6..9+8+572+3::122 123::",
        ),
        (
            UniqueRectangle5,
            ":0604-1:26:+324+56+7+918..+9..+8.+3...+893+4.+5...+5+7.63.+9+9624+8+3+5+71.+37.5+9+8....+389+17..+7+96+34+2+185..1+6+7+5.+93:121 122 227 229 629 639 479:448::",
        ),
        (
            UniqueRectangle6,
            ":0605-1:67:+173+2+8..+6+4+4..+13+6...+6.8...2+31+9+3+47+5+18+26+7..6284+932+8+6+3+94+15+75.9..+3...+34.......+8+6+75123+4+9::675 687::",
        ),
        (
            HiddenRectangle,
            ":0606-1:39:+39+4+6+821+5+7+6+1+873+5+42+952+7+4..+3+681+53.47..+6+4+7.+56+8.3+18+6....+7+457+368.4..+29+4+5.....+3+2+81.....4::966::",
        ),
        (
            AvoidableRectangle1,
            ":0607-1:19:+6+45.+3..+1.+1+9+3..268.7+2+8+6.14+3.+3+5+21.68...+1+63+8.....87.+2+51+638+712.43.+6+53+4.6..2+126+9.+1+3.+4+8:714 717 919 525 945 749 757 957 958 559 759 959:951::",
        ),
        (
            AvoidableRectangle2,
            ":0608-1:37:9+8....6+4+7..1..6+9387.6.8+9+5+1+2+1...+3.+476+3+741+6+2+8+5+9+65+8947+12+32.....+3.5+8..25.+7.+4....9.+2.1:474 494:943 972 982::",
        ),
        (
            BugPlus1,
            ":0610::.+9.+613.+8+4...2+5+7+1+393.184+92..968+5+7+1+42+3+4379+2+6+81+5+1..+3+84......+1+9+2..8..9+435+67+1+51.+76+8..+2::373 673::",
        ),
    ];

    #[test]
    fn each_type_fires_exactly_as_hodoku_says() {
        for &(t, line) in CASES {
            assert_nothing_else(line, t);
            let s = assert_exact(line, t);
            assert!(s.text.starts_with(t.name()), "{}", s.text);
        }
    }

    #[test]
    fn unique_rectangle_text_and_roles() {
        let s = assert_exact(CASES[0].1, UniqueRectangle1);
        assert_eq!(s.text, "Uniqueness Test 1: 2/3 in r2c7,r2c9,r9c7,r9c9 => r2c7<>2,3");
        assert_eq!(s.highlight.cells.len(), 4);
        assert!(!s.highlight.fins.is_empty(), "the roof's extra candidates are fins");
    }

    #[test]
    fn must_not_fire_cases() {
        // Hidden rectangle: HoDoKu's fail case (r5c3<>4 must not be found).
        let line = ":0606-x:34:.51.+8..4+2....2.3...........3..8.+29.....5.4......1.+9+4.....7+5+6+214.6.+29....2........:432 732 832 932 433 633 733 833 933 334 335 635 735 336 881 383 883 392 492 892 992 393 493 893 993 395:435::";
        let b = reglib_board(line);
        assert!(steps(&b, HiddenRectangle).iter().all(|s| s.eliminations != cands("435")));
        // BUG+1 fail cases: not a BUG+1 position.
        let line = ":0610-x::+5+4..9.8.1392..8.+5..+1.....2..3+46..5+926+2..4.+1.31+59..3.4..8+5.....+7.+7+18+3.4654+63.5.+2..:714 716 724 625 733 434 734 636 736 637 737 639 745 754 756 765 174 274 175 276 976 994 196:176 276 476 676:";
        assert!(steps(&reglib_board(line), BugPlus1).is_empty());
        // Avoidable rectangles need filled corners: a board of givens only has none.
        let b = reglib_board(CASES[8].1);
        let mut givens_only = [0u8; 81];
        for c in crate::grid::Cell::all() {
            if b.origin(c) == crate::board::Origin::Given {
                givens_only[c.index()] = b.value(c).map_or(0, |d| d.get());
            }
        }
        let g = crate::board::Board::from_values(&givens_only);
        assert!(steps(&g, AvoidableRectangle1).is_empty());
        assert!(steps(&g, AvoidableRectangle2).is_empty());
    }
}
