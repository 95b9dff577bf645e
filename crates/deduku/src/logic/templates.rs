//! Templates: template set and template delete (pattern overlay). Not a forcing technique:
//! an exhaustive overlay of every way to place each digit, off the default path.
//!
//! A *template* of a digit is one of the 46,656 ways to place it nine times, once per row,
//! column and box. A template fits the board when it covers every cell holding the digit and
//! otherwise uses only cells where the digit is a candidate. As HoDoKu does, the lists are
//! refined: a template of one digit that overlaps every fitting template of another digit
//! cannot be part of the solution and is dropped, repeatedly until nothing changes. A
//! candidate in no remaining template is impossible (template delete); an empty cell in every
//! remaining template must hold the digit (template set). A digit with more than
//! 20,000 fitting templates (an almost empty board) is neither refined nor used.
//!
//! Text: `Template Set: 5: 12 templates fit (each leaving room for every other digit); the set
//! cells are in every template => r3c6=5, …`.

use crate::board::Board;
use crate::grid::{Candidate, Cell, CellSet, Digit, bit128};
use crate::logic::{Sink, Step, Technique};
use std::ops::ControlFlow;

/// Finds the instances of `technique` (one of this family's) and pushes them into `sink`:
/// template set or delete steps, one per digit.
pub fn find(board: &Board, technique: Technique, sink: &mut Sink) -> ControlFlow<()> {
    if !matches!(technique, Technique::TemplateSet | Technique::TemplateDelete) {
        return ControlFlow::Continue(());
    }
    let mut lists: Vec<Vec<u128>> = Digit::all().map(|d| templates(board, d)).collect();
    // A template of one digit stays only if every other digit keeps a template beside it;
    // repeated until nothing changes.
    loop {
        let mut changed = false;
        for d in 0..9 {
            if lists[d].len() >= LIMIT {
                continue;
            }
            let before = lists[d].len();
            let kept: Vec<u128> = lists[d]
                .iter()
                .copied()
                .filter(|&t| {
                    lists
                        .iter()
                        .enumerate()
                        .all(|(e, l)| e == d || l.len() >= LIMIT || l.iter().any(|&u| u & t == 0))
                })
                .collect();
            changed |= kept.len() != before;
            lists[d] = kept;
        }
        if !changed {
            break;
        }
    }
    for d in Digit::all() {
        let kept = &lists[d.index()];
        if kept.is_empty() || kept.len() >= LIMIT {
            continue;
        }
        let union = CellSet::from_bits(kept.iter().fold(0, |a, &t| a | t));
        let inter = CellSet::from_bits(kept.iter().fold(u128::MAX, |a, &t| a & t));
        let count = kept.len();
        let mut s = Step::new(technique);
        if technique == Technique::TemplateSet {
            for c in inter.intersection(board.digit_cells(d)).iter() {
                s.placements.push(Candidate::new(c, d));
                s.highlight.candidates.push(Candidate::new(c, d));
            }
        } else {
            for c in board.digit_cells(d).minus(union).iter() {
                s.eliminations.push(Candidate::new(c, d));
            }
            s.highlight.candidates.extend(
                union.intersection(board.digit_cells(d)).iter().map(|c| Candidate::new(c, d)),
            );
        }
        let (what, which) =
            if technique == Technique::TemplateSet { ("set", "every") } else { ("deleted", "no") };
        let s = s.with_text(format!(
            "{d}: {count} templates fit (each leaving room for every other digit); the {what} \
             cells are in {which} template"
        ));
        sink.push(s)?;
    }
    ControlFlow::Continue(())
}

/// At most this many templates are listed per digit (a digit with more is not refined and
/// gives no step); an empty board has 46,656.
const LIMIT: usize = 20_000;

/// The fitting templates of `d` as cell bits, at most [`LIMIT`].
fn templates(board: &Board, d: Digit) -> Vec<u128> {
    let allowed = allowed_columns(board, d);
    let mut out = Vec::new();
    collect(&allowed, 0, 0, 0, 0, &mut out);
    out
}

fn collect(allowed: &[u16; 9], r: usize, cols: u16, boxes: u8, cells: u128, out: &mut Vec<u128>) {
    if out.len() >= LIMIT {
        return;
    }
    if r == 9 {
        out.push(cells);
        return;
    }
    let boxes = if r % 3 == 0 { 0 } else { boxes };
    let mut free = allowed[r] & !cols;
    while free != 0 {
        let c = free.trailing_zeros() as usize;
        free &= free - 1;
        let b = 1u8 << (c / 3);
        if boxes & b == 0 {
            collect(allowed, r + 1, cols | 1 << c, boxes | b, cells | bit128(r * 9 + c), out);
        }
    }
}

/// Per row, the columns where a template of `d` may put it.
fn allowed_columns(board: &Board, d: Digit) -> [u16; 9] {
    let mut allowed = [0u16; 9];
    for r in 0..9 {
        for c in 0..9 {
            let cell = Cell::at(r, c);
            if board.value(cell) == Some(d) {
                allowed[r] = 1 << c;
                break;
            } else if board.has_candidate(cell, d) {
                allowed[r] |= 1 << c;
            }
        }
    }
    allowed
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::find_all;
    use crate::test_support::{cands, reglib_board};

    /// Whether `t` finds a step placing exactly `places` (or, for delete, eliminating `elims`)
    /// in the position of a regression-library line's givens.
    fn finds(givens: &str, t: Technique, elims: &str, places: &str) -> bool {
        let b = reglib_board(&format!(":0000:1:{givens}::::"));
        let (e, p) = (cands(elims), cands(places));
        find_all(&b, t).iter().any(|s| s.eliminations == e && s.placements == p)
    }

    // reglib lines 1535 (1201:5) and 1546 (1202:4).
    #[test]
    fn set_and_delete() {
        assert!(finds(
            "..2...7.5.534.79..9.732.6.........5.5...9...2.2.........5.492.8..86.359.7.9...1..",
            Technique::TemplateSet,
            "",
            "536 564 595",
        ));
        assert!(finds(
            ".62...5.....9752......6.849...8.26....4.5.9....16.4...295.1......3426.....6...12.",
            Technique::TemplateDelete,
            "411 422 479 491 499",
            "",
        ));
    }

    #[test]
    fn nothing_fires_on_an_empty_board() {
        for t in [Technique::TemplateSet, Technique::TemplateDelete] {
            assert!(find_all(&Board::empty(), t).is_empty(), "{t:?}");
        }
    }
}
