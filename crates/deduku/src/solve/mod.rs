//! The exact solver: counts solutions up to a limit, returning the ones found and the number of
//! guesses. One call serves solving (limit 1), uniqueness (limit 2) and a difficulty hint.
//!
//! Constraint propagation with naked and hidden singles over bitsets, and branching on the
//! cell with the fewest candidates.

mod engine;

use crate::board::Board;
use crate::grid::Digit;
use engine::{BAND, Search, State};

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
    let mut cands = [0u32; 27];
    let mut placed = [0u32; 27];
    for d in 0..9 {
        let m = board.digit_cells(Digit::from_index(d)).bits();
        for b in 0..3 {
            cands[9 * b + d] = (m >> (27 * b)) as u32 & BAND;
        }
    }
    for (i, &v) in board.values().iter().enumerate() {
        if let Some(p) = placed.get_mut(9 * (i / 27) + usize::from(v).wrapping_sub(1)) {
            if (1..=9).contains(&v) {
                *p |= 1 << (i % 27);
            }
        }
    }
    run(State::new(&cands, &placed), limit)
}

/// Counts the solutions of 81 values (0 = empty; values above 9 count as empty too) up to
/// `limit`. Equal digits in a house make the count 0.
pub fn count_values(values: &[u8; 81], limit: usize) -> Count {
    let mut cands = [0u32; 27];
    let mut placed = [0u32; 27];
    for b in 0..3 {
        let mut given = [0u32; 9];
        let mut any = 0u32;
        for i in 0..27 {
            if let Some(g) = given.get_mut(usize::from(values[27 * b + i]).wrapping_sub(1)) {
                *g |= 1 << i;
                any |= 1 << i;
            }
        }
        for d in 0..9 {
            cands[9 * b + d] = BAND & !any;
            placed[9 * b + d] = given[d];
        }
    }
    run(State::new(&cands, &placed), limit)
}

/// Searches from `st` for up to `limit` solutions.
fn run(mut st: State, limit: usize) -> Count {
    if limit == 0 {
        return Count::default();
    }
    let mut search = Search { limit, count: 0, solutions: Vec::new(), guesses: 0 };
    search.run(&mut st);
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
