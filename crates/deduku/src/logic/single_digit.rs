//! Single-digit patterns: skyscraper, 2-string kite, turbot fish, empty rectangle.
//!
//! All four are short X-chains of one digit: two strong links (conjugate pairs, or the "cross"
//! of an empty rectangle box) joined by a weak link. One end of the chain is true, so every
//! candidate of the digit that sees both ends goes. They differ only in the houses the links
//! live in:
//!
//! - skyscraper: two conjugate pairs in parallel lines (two rows or two columns), joined along
//!   the crossing line;
//! - 2-string kite: a conjugate pair in a row and one in a column, joined inside a box;
//! - turbot fish: any other two conjugate pairs joined by a weak link (a box pair and a line
//!   pair, or two parallel lines joined inside a box);
//! - empty rectangle: a box whose candidates lie in one row and one column of it, joined to a
//!   conjugate pair in a line.

use crate::board::Board;
use crate::grid::{Candidate, Cell, CellSet, Digit, House, HouseKind};
use crate::logic::step::fmt_cells;
use crate::logic::{Detail, Link, Node, Sink, Step, Technique, nothing};
use std::ops::ControlFlow;

/// Finds the instances of `technique` (one of this family's) and pushes them into `sink`.
pub fn find(board: &Board, technique: Technique, sink: &mut Sink) -> ControlFlow<()> {
    // Each digit's patterns depend on its cells alone: a digit searched in vain before, in the
    // same cells, is skipped.
    for d in Digit::all() {
        match technique {
            Technique::Skyscraper | Technique::TwoStringKite | Technique::TurbotFish => {
                nothing::per_digit(board, technique, d, sink, |sink| {
                    chains_of_two_pairs(board, d, technique, sink)
                })?
            }
            Technique::EmptyRectangle => nothing::per_digit(board, technique, d, sink, |sink| {
                empty_rectangle(board, d, sink)
            })?,
            _ => return ControlFlow::Continue(()),
        }
    }
    ControlFlow::Continue(())
}

/// A conjugate pair: the only two cells of a house holding the digit.
#[derive(Clone, Copy)]
struct Pair {
    house: House,
    cells: [Cell; 2],
}

/// The conjugate pairs of `d` in every house (at most 27, no allocation beyond the array).
fn conjugate_pairs(board: &Board, d: Digit) -> ([Pair; 27], usize) {
    let dummy = Pair { house: House::from_index(0), cells: [Cell::from_index(0); 2] };
    let mut out = [dummy; 27];
    let mut n = 0;
    for h in House::all() {
        let cells = board.house_digit_cells(h, d);
        if cells.len() == 2 {
            let mut it = cells.iter();
            let a = it.next().expect("two cells");
            let b = it.next().expect("two cells");
            out[n] = Pair { house: h, cells: [a, b] };
            n += 1;
        }
    }
    (out, n)
}

/// Which single-digit pattern a chain `y1 = x1 - x2 = y2` (strong links in `h1`, `h2`) is.
fn classify(h1: House, h2: House, x1: Cell, x2: Cell) -> Technique {
    use HouseKind::*;
    match (h1.kind(), h2.kind()) {
        (Row, Row) if x1.col() == x2.col() => Technique::Skyscraper,
        (Col, Col) if x1.row() == x2.row() => Technique::Skyscraper,
        (Row, Col) | (Col, Row) if x1.boxx() == x2.boxx() => Technique::TwoStringKite,
        _ => Technique::TurbotFish,
    }
}

/// Skyscrapers, 2-string kites and turbot fish: every pair of conjugate pairs `y1 = x1` and
/// `x2 = y2` with `x1` seeing `x2`, the four cells distinct.
fn chains_of_two_pairs(
    board: &Board,
    d: Digit,
    technique: Technique,
    sink: &mut Sink,
) -> ControlFlow<()> {
    let (pairs, n) = conjugate_pairs(board, d);
    let cells_d = board.digit_cells(d);
    for i in 0..n {
        for j in i + 1..n {
            let (p, q) = (pairs[i], pairs[j]);
            for a in 0..2 {
                for b in 0..2 {
                    let (x1, y1) = (p.cells[a], p.cells[1 - a]);
                    let (x2, y2) = (q.cells[b], q.cells[1 - b]);
                    // Four distinct cells (a pair's two always are), `x1` seeing `x2`.
                    if x1 == x2 || x1 == y2 || y1 == x2 || y1 == y2 || !x1.sees(x2) {
                        continue;
                    }
                    if classify(p.house, q.house, x1, x2) != technique {
                        continue;
                    }
                    // A skyscraper whose free ends share the crossing line is an X-Wing; a kite
                    // needs each pair to leave the box it is joined in.
                    match technique {
                        Technique::Skyscraper
                            if p.house.kind() == HouseKind::Row && y1.col() == y2.col()
                                || p.house.kind() == HouseKind::Col && y1.row() == y2.row() =>
                        {
                            continue;
                        }
                        Technique::TwoStringKite
                            if y1.boxx() == x1.boxx() || y2.boxx() == x2.boxx() =>
                        {
                            continue;
                        }
                        _ => {}
                    }
                    let pattern: CellSet = [x1, y1, x2, y2].into_iter().collect();
                    let targets =
                        y1.peers().intersection(y2.peers()).intersection(cells_d).minus(pattern);
                    if targets.is_empty() {
                        continue;
                    }
                    let houses = [p.house, q.house];
                    sink.push(two_pair_step(technique, d, [y1, x1, x2, y2], houses, targets))?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

fn two_pair_step(
    technique: Technique,
    d: Digit,
    chain: [Cell; 4],
    houses: [House; 2],
    targets: CellSet,
) -> Step {
    let [y1, x1, x2, y2] = chain;
    let mut s = Step::new(technique);
    s.detail = Detail::LinkHouses(houses);
    s.eliminations.extend(targets.iter().map(|c| Candidate::new(c, d)));
    s.highlight.cells.extend(chain);
    s.highlight.candidates.extend(chain.iter().map(|&c| Candidate::new(c, d)));
    let node = |c| Node::cand(c, d);
    s.highlight.links = vec![
        Link { from: node(y1), to: node(x1), strong: true },
        Link { from: node(x1), to: node(x2), strong: false },
        Link { from: node(x2), to: node(y2), strong: true },
    ];
    s.length = 4;
    let pattern = match technique {
        // A chain like the others: Eureka notation.
        Technique::TurbotFish => format!("({d}){y1}=({d}){x1}-({d}){x2}=({d}){y2}"),
        _ => format!("{d} in {} (connected by {})", fmt_cells([y1, y2]), fmt_cells([x1, x2])),
    };
    s.with_text(pattern)
}

/// Empty rectangles: a box whose candidates of `d` all lie in row `r` or column `c` of it (and
/// in neither alone), and a conjugate pair in a line outside the box with one end `p` seeing
/// one arm of the cross. The other end `q` and the other arm meet in a cell outside the box,
/// which cannot hold `d`.
fn empty_rectangle(board: &Board, d: Digit, sink: &mut Sink) -> ControlFlow<()> {
    let cells_d = board.digit_cells(d);
    for b in 0..9 {
        let bx = House::boxx(b);
        let in_box = board.house_digit_cells(bx, d);
        if in_box.len() < 2 {
            continue;
        }
        let (r0, c0) = (b / 3 * 3, b % 3 * 3);
        for r in r0..r0 + 3 {
            for c in c0..c0 + 3 {
                let row_arm = in_box.intersection(House::row(r).cell_set());
                let col_arm = in_box.intersection(House::col(c).cell_set());
                if !in_box.is_subset(row_arm.union(col_arm))
                    || in_box.is_subset(row_arm)
                    || in_box.is_subset(col_arm)
                {
                    continue;
                }
                // Conjugate pair in a column c' outside the box's stack, one end in row r:
                // the other end's row meets column c outside the box.
                for cp in 0..9 {
                    if cp / 3 == b % 3 {
                        continue;
                    }
                    let line = House::col(cp);
                    let pair = board.house_digit_cells(line, d);
                    let p = Cell::at(r, cp);
                    if pair.len() != 2 || !pair.contains(p) {
                        continue;
                    }
                    let q = pair.minus(CellSet::single(p)).first().expect("two cells");
                    if q.row() / 3 == b / 3 {
                        continue;
                    }
                    let target = Cell::at(q.row(), c);
                    if cells_d.contains(target) {
                        let arms = [row_arm, col_arm];
                        sink.push(er_step(d, bx, arms, [q, p], line, target))?;
                    }
                }
                // Conjugate pair in a row r' outside the box's band, one end in column c.
                for rp in 0..9 {
                    if rp / 3 == b / 3 {
                        continue;
                    }
                    let line = House::row(rp);
                    let pair = board.house_digit_cells(line, d);
                    let p = Cell::at(rp, c);
                    if pair.len() != 2 || !pair.contains(p) {
                        continue;
                    }
                    let q = pair.minus(CellSet::single(p)).first().expect("two cells");
                    if q.col() / 3 == b % 3 {
                        continue;
                    }
                    let target = Cell::at(r, q.col());
                    if cells_d.contains(target) {
                        let arms = [col_arm, row_arm];
                        sink.push(er_step(d, bx, arms, [q, p], line, target))?;
                    }
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// An empty rectangle step. `arms[0]` is the arm `p` sees, `arms[1]` the arm that sees the
/// target; `pair = [q, p]` is the conjugate pair in `line`.
fn er_step(
    d: Digit,
    bx: House,
    arms: [CellSet; 2],
    pair: [Cell; 2],
    line: House,
    target: Cell,
) -> Step {
    let [q, p] = pair;
    let mut s = Step::new(Technique::EmptyRectangle);
    s.eliminations.push(Candidate::new(target, d));
    let box_cells = arms[0].union(arms[1]);
    s.highlight.cells.extend(box_cells.iter());
    s.highlight.cells.extend([p, q]);
    s.highlight.candidates.extend(box_cells.iter().map(|c| Candidate::new(c, d)));
    s.highlight.candidates.extend([p, q].iter().map(|&c| Candidate::new(c, d)));
    s.highlight.houses = vec![bx, line];
    // The arm p sees, minus the cross's centre when that belongs to both arms, as a group.
    let near = arms[0].minus(arms[1]);
    let near = if near.is_empty() { arms[0] } else { near };
    let far = arms[1].minus(near);
    s.highlight.links = vec![
        Link { from: Node::cand(q, d), to: Node::cand(p, d), strong: true },
        Link { from: Node::cand(p, d), to: Node { digit: d, cells: near }, strong: false },
        Link {
            from: Node { digit: d, cells: near },
            to: Node { digit: d, cells: far },
            strong: true,
        },
    ];
    s.length = 4;
    s.with_text(format!("{d} in {} ({})", bx.short(), fmt_cells([q, p])))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::find_all;
    use crate::test_support::{reglib_board, texts_with};

    #[test]
    fn skyscraper() {
        // Reglib line 773 (0400).
        let b = reglib_board(
            ":0400:6:+1+6+328+9754+79.4.38.+1+4+8.+1.....+6397+1+428+584+7+5....3+25+1..+8+47.+5+28.+41.9+7+9+7+4+8.5..23+16+9..+5+4+8::657 658 664 665::",
        );
        let steps = find_all(&b, Technique::Skyscraper);
        let s = steps.iter().find(|s| s.result_text() == "r5c7,r5c8,r6c4,r6c5<>6").expect("found");
        assert_eq!(s.highlight.links.len(), 3);
        assert!(s.highlight.links[0].strong && !s.highlight.links[1].strong);
        assert!(s.highlight.links[2].strong);
        assert_eq!(s.highlight.links[0].to, s.highlight.links[1].from);
        assert!(s.text.starts_with("Skyscraper: 6 in "), "{}", s.text);
    }

    #[test]
    fn two_string_kite() {
        // Reglib line 785 (0401).
        let b = reglib_board(
            ":0401:3:+156+87+49+3+2.4+762.+18+528....+4+7+6....8.+5+9.73....618+8.5...+32.........+3.7.5...49....487.1::381::",
        );
        let t = texts_with(&b, Technique::TwoStringKite, "r8c1<>3");
        assert_eq!(t.len(), 1, "{t:?}");
        assert!(t[0].starts_with("2-String Kite: 3 in "));
        // A kite is not reported as a skyscraper.
        assert!(texts_with(&b, Technique::Skyscraper, "r8c1<>3").is_empty());
    }

    #[test]
    fn turbot_fish() {
        // Reglib line 820 (0403).
        let b = reglib_board(
            ":0403:2:2+64+9+13587.3+1.+8+5..2.+58..6+3.+1+4+7+9+6+3..+5+8+12+6+8+54+739+3+8+5.9...659+3+1.+8..+4+84.5+6.+91+361.3+49+8.5::277::",
        );
        let t = texts_with(&b, Technique::TurbotFish, "r7c7<>2");
        assert!(!t.is_empty());
        assert!(t[0].starts_with("Turbot Fish: (2)r") && t[0].contains("=(2)r"), "{t:?}");
        assert!(t[0].contains("-(2)r"), "{t:?}");
    }

    #[test]
    fn empty_rectangle() {
        // Reglib line 799 (0402).
        let b = reglib_board(
            ":0402:9:7+2+4+956+1381+6842+3+5+9+7+9+3+5+7+1+8+6+2+45..3..+8+1..4..8+17+5..+81.+7.24..+13....+7+2...1...+85.5...7.6+1::986::",
        );
        let steps = find_all(&b, Technique::EmptyRectangle);
        let s = steps.iter().find(|s| s.result_text() == "r8c6<>9").expect("found");
        assert!(s.text.starts_with("Empty Rectangle: 9 in b"), "{}", s.text);
        assert_eq!(s.highlight.links.len(), 3);
        // Reglib line 811 (0402-1): only two candidates in the rectangle's box.
        let b = reglib_board(
            ":0402-1:3:96...+758..4.8.+5.6.8.+5.+62+4+7..+9..8.72...8.7.9+4..74.5..+1..+8.3..+2+57.2.+5.6.3.+351+7+2+8+694:221 151 154 359 185:349::",
        );
        assert!(!texts_with(&b, Technique::EmptyRectangle, "r4c9<>3").is_empty());
    }

    #[test]
    fn nothing_on_an_empty_board() {
        let b = Board::empty();
        for t in [
            Technique::Skyscraper,
            Technique::TwoStringKite,
            Technique::TurbotFish,
            Technique::EmptyRectangle,
        ] {
            assert!(find_all(&b, t).is_empty());
        }
    }

    #[test]
    fn empty_rectangle_needs_a_cross() {
        // Digit 1 in box 1 only on r1c1, r1c2, r2c1, r2c2 (a 2x2 block, no single cross), a
        // conjugate pair in column 4 (r1c4, r5c4): no empty rectangle may fire.
        let d = Digit::new(1).expect("digit");
        let mut b = Board::empty();
        for c in Cell::all() {
            let in_box1 = c.boxx() == 0;
            let block = c.row() < 2 && c.col() < 2;
            let col4 = c.col() == 3 && c.row() != 0 && c.row() != 4;
            if in_box1 && !block || col4 {
                b.eliminate(c, d);
            }
        }
        assert!(find_all(&b, Technique::EmptyRectangle).is_empty());
    }
}
