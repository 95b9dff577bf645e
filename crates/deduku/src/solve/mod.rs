//! The exact solver: counts solutions up to a limit, returning the ones found and the number of
//! guesses. One call serves solving (limit 1), uniqueness (limit 2) and a difficulty hint.
//!
//! Constraint propagation with naked and hidden singles over bitsets, and branching on the
//! cell with the fewest candidates.

mod engine;

use crate::board::Board;
use crate::grid::Cell;
use engine::{Search, State};

/// What [`count_solutions`] found.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Count {
    /// Number of solutions found, at most the limit.
    pub count: usize,
    /// The solutions found (at most the limit), 81 digits each.
    pub solutions: Vec<[u8; 81]>,
    /// Number of branching decisions taken.
    pub guesses: u64,
}

/// The verdict on a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Exactly one solution.
    Unique([u8; 81]),
    /// No solution.
    NoSolution,
    /// At least two solutions; two different ones.
    Multiple([u8; 81], [u8; 81]),
}

/// Solves `board` (respecting its candidates) and says whether its solution is unique.
pub fn solve(board: &Board) -> Outcome {
    let c = count_solutions(board, 2);
    match c.solutions.as_slice() {
        [] => Outcome::NoSolution,
        [one] => Outcome::Unique(*one),
        [a, b, ..] => Outcome::Multiple(*a, *b),
    }
}

/// Counts the solutions of `board` up to `limit`, respecting the board's candidates (so a
/// pencil-mark puzzle's eliminations count). A board with a conflict has no solution.
pub fn count_solutions(board: &Board, limit: usize) -> Count {
    let mut cands = [0u16; 81];
    let mut fixed = [false; 81];
    for (i, (c, f)) in cands.iter_mut().zip(fixed.iter_mut()).enumerate() {
        let cell = Cell::from_index(i);
        match board.value(cell) {
            Some(d) => {
                *c = 1 << d.index();
                *f = true;
            }
            None => *c = board.candidates(cell).bits(),
        }
    }
    count_cands(&cands, &fixed, limit)
}

/// Counts the solutions of 81 values (0 = empty; values above 9 count as empty too) up to
/// `limit`. Equal digits in a house make the count 0.
pub fn count_values(values: &[u8; 81], limit: usize) -> Count {
    let mut cands = [0x1ffu16; 81];
    let mut fixed = [false; 81];
    for ((c, f), &v) in cands.iter_mut().zip(fixed.iter_mut()).zip(values) {
        if (1..=9).contains(&v) {
            *c = 1 << (v - 1);
            *f = true;
        }
    }
    count_cands(&cands, &fixed, limit)
}

fn count_cands(cands: &[u16; 81], fixed: &[bool; 81], limit: usize) -> Count {
    if limit == 0 {
        return Count::default();
    }
    let mut search = Search { limit, count: 0, solutions: Vec::new(), guesses: 0 };
    search.run(&mut State::new(cands, fixed));
    Count { count: search.count, solutions: search.solutions, guesses: search.guesses }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_grid_has_many_solutions() {
        let c = count_values(&[0; 81], 2);
        assert_eq!(c.count, 2);
        assert_ne!(c.solutions[0], c.solutions[1]);
    }
}
