//! Locked candidates: pointing (a box's candidates of a digit lie in one line, so the digit
//! leaves the rest of that line) and claiming (a line's candidates of a digit lie in one box,
//! so the digit leaves the rest of that box).

use crate::board::Board;
use crate::grid::{Candidate, CellSet, Digit, House};
use crate::logic::{Sink, Step, Technique, nothing};
use std::ops::ControlFlow;

/// Finds locked candidates of `technique` (pointing or claiming).
pub fn find(board: &Board, technique: Technique, sink: &mut Sink) -> ControlFlow<()> {
    // Pointing: from a box to the line holding its candidates; claiming: from a line to the box.
    type Targets = fn(CellSet) -> Vec<House>;
    let (sources, targets): (Vec<House>, Targets) = match technique {
        Technique::LockedCandidatesPointing => ((0..9).map(House::boxx).collect(), lines_of),
        Technique::LockedCandidatesClaiming => ((0..18).map(House::from_index).collect(), boxes_of),
        _ => return ControlFlow::Continue(()),
    };
    // A digit's locked candidates depend on its cells alone: a digit searched in vain before,
    // in the same cells, is skipped.
    for d in Digit::all() {
        nothing::per_digit(board, technique, d, sink, |sink| {
            for &src in &sources {
                let cells = board.house_digit_cells(src, d);
                if cells.len() < 2 {
                    continue;
                }
                for target in targets(cells) {
                    let elim = board.house_digit_cells(target, d).minus(src.cell_set());
                    if elim.is_empty() {
                        continue;
                    }
                    let mut s = Step::new(technique);
                    s.eliminations = elim.iter().map(|c| Candidate::new(c, d)).collect();
                    s.highlight.cells = cells.iter().collect();
                    s.highlight.candidates = cells.iter().map(|c| Candidate::new(c, d)).collect();
                    s.highlight.houses = vec![src];
                    s.highlight.cover_houses = vec![target];
                    sink.push(s.with_text(format!("{d} in {}", src.short())))?;
                }
            }
            ControlFlow::Continue(())
        })?;
    }
    ControlFlow::Continue(())
}

/// The row and column that hold every cell of `cells`, if any.
fn lines_of(cells: CellSet) -> Vec<House> {
    cells.common_houses().filter(|h| h.index() < 18).collect()
}

/// The box that holds every cell of `cells`, if any.
fn boxes_of(cells: CellSet) -> Vec<House> {
    cells.common_houses().filter(|h| h.index() >= 18).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Cell;

    #[test]
    fn pointing_eliminates_along_the_line() {
        // Digit 1 in box 1 only in row 1 (every other cell of box 1 filled with other digits).
        let mut b = Board::empty();
        let d1 = Digit::new(1).unwrap();
        for (i, (r, c)) in [(1, 0), (1, 1), (1, 2), (2, 0), (2, 1), (2, 2)].into_iter().enumerate()
        {
            b.place_given(Cell::at(r, c), Digit::new(i as u8 + 2).unwrap());
        }
        let steps = crate::logic::find_all(&b, Technique::LockedCandidatesPointing);
        let s = steps.iter().find(|s| s.eliminations.iter().all(|e| e.digit == d1)).unwrap();
        assert_eq!(s.eliminations.len(), 6);
        assert!(s.eliminations.iter().all(|e| e.cell.row() == 0 && e.cell.col() >= 3));
        assert!(s.text.starts_with("Locked Candidates Type 1 (Pointing): 1 in b1 => r1c4"));
        // Nothing claims here: every line's candidates of every digit spread over two or three
        // boxes.
        assert!(crate::logic::find_all(&b, Technique::LockedCandidatesClaiming).is_empty());
    }
}
