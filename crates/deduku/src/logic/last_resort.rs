//! Brute force, the honest last resort: when no implemented technique applies, place the
//! solution's digit in the empty cell with the fewest candidates, and say so.

use crate::board::Board;
use crate::grid::{Candidate, Cell};
use crate::logic::sink::Sink;
use crate::logic::step::Step;
use crate::logic::technique::Technique;
use crate::solve;
use std::ops::ControlFlow;

/// Finds the brute-force step: only when the position has a solution.
pub(crate) fn find(board: &Board, technique: Technique, sink: &mut Sink) -> ControlFlow<()> {
    if technique != Technique::BruteForce {
        return ControlFlow::Continue(());
    }
    let count = solve::count_solutions(board, 1);
    let (Some(solution), Some(cell)) = (count.solutions.first(), fewest_candidates_cell(board))
    else {
        return ControlFlow::Continue(());
    };
    let Some(digit) = crate::grid::Digit::new(solution[cell.index()]) else {
        return ControlFlow::Continue(());
    };
    let mut s = Step::new(Technique::BruteForce);
    s.placements.push(Candidate::new(cell, digit));
    s.highlight.cells.push(cell);
    s.highlight.candidates.push(Candidate::new(cell, digit));
    s.text = format!(
        "{}: {cell}={digit} (no implemented technique applies; {digit} is the solution's digit in {cell}, the cell with fewest candidates)",
        Technique::BruteForce.name()
    );
    sink.push(s)
}

/// The empty cell with the fewest candidates (ties: lowest index), if any.
fn fewest_candidates_cell(board: &Board) -> Option<Cell> {
    Cell::all().filter(|&c| board.value(c).is_none()).min_by_key(|&c| board.candidates(c).len())
}
