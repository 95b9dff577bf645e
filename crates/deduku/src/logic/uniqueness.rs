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
//! Corner order in a [`Rect`]:
//!
//! ```text
//!   0 ── 1      0,1 share a row, 2,3 the other row;
//!   │    │      0,2 share a column, 1,3 the other column;
//!   2 ── 3      the diagonals are 0–3 and 1–2.
//! ```

use crate::board::{Board, Origin};
use crate::grid::{Candidate, Cell, CellSet, Digit, DigitSet, House};
use crate::logic::step::fmt_cells;
use crate::logic::{Sink, Step, Technique};
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

/// Every rectangle spanning exactly two boxes, in reading order of its first corner.
fn rectangles() -> impl Iterator<Item = Rect> {
    (0..9).flat_map(|r1| {
        (r1 + 1..9).flat_map(move |r2| {
            (0..9).flat_map(move |c1| {
                (c1 + 1..9).filter_map(move |c2| {
                    let same_band = r1 / 3 == r2 / 3;
                    let same_stack = c1 / 3 == c2 / 3;
                    (same_band != same_stack).then(|| {
                        [Cell::at(r1, c1), Cell::at(r1, c2), Cell::at(r2, c1), Cell::at(r2, c2)]
                    })
                })
            })
        })
    })
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
    fn roof(&self) -> Vec<usize> {
        (0..4).filter(|&i| !self.extra[i].is_empty()).collect()
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
        // The two digits need not be candidates of every corner ("missing candidates": a
        // corner may have lost one of them to sound logic, which cannot have removed a digit
        // the swapped solution would need); each corner keeps at least one of them.
        let union = rect.iter().fold(DigitSet::EMPTY, |acc, &c| acc.union(board.candidates(c)));
        let ds: Vec<Digit> = union.iter().collect();
        for (i, &a) in ds.iter().enumerate() {
            for &b in &ds[i + 1..] {
                let ab: DigitSet = [a, b].into_iter().collect();
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
/// of that house.
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
    for h in shared_houses(roof_cells) {
        let others: Vec<Cell> = h
            .cells()
            .into_iter()
            .filter(|&c| !rect_set.contains(c) && ur.board.candidates(c).len() >= 2)
            .collect();
        let n = others.len();
        // Subsets of the other cells, smallest first (a subset of up to four cells).
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
            let targets = h.cell_set().minus(rect_set).minus(subset);
            let mut s = ur.step(Technique::UniqueRectangle3);
            for d in digits.iter() {
                ur.eliminate(&mut s, d, targets);
            }
            s.highlight.houses.push(h);
            s.highlight.alternate.extend(
                subset
                    .iter()
                    .flat_map(|c| ur.board.candidates(c).iter().map(move |d| Candidate::new(c, d))),
            );
            ur.finish(s, sink)?;
        }
    }
    ControlFlow::Continue(())
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
            if lines.iter().all(|&h| ur.board.house_digit_cells(h, d).is_subset(rect_set)) {
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
            if ur.board.house_digit_cells(row, keep).is_subset(cell_set([c, rm]))
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
    use crate::logic::wings::test_support::*;
}
