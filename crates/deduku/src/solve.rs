//! The exact solver: counts solutions up to a limit, returning the ones found and the number of
//! guesses. One call serves solving (limit 1), uniqueness (limit 2) and a difficulty hint.
//!
//! Constraint propagation with naked and hidden singles over bitsets, and branching on the
//! cell with the fewest candidates.

use crate::board::Board;

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
/// pencil-mark puzzle's eliminations count).
pub fn count_solutions(board: &Board, limit: usize) -> Count {
    let mut cands = [0u16; 81];
    for (i, c) in cands.iter_mut().enumerate() {
        let cell = crate::grid::Cell::from_index(i);
        *c = match board.value(cell) {
            Some(d) => 1 << d.index(),
            None => board.candidates(cell).bits(),
        };
    }
    if board.check().is_err() {
        return Count::default();
    }
    count_cands(&cands, limit)
}

/// Counts the solutions of 81 values (0 = empty) up to `limit`.
pub fn count_values(values: &[u8; 81], limit: usize) -> Count {
    count_solutions(&Board::from_values(values), limit)
}

fn count_cands(cands: &[u16; 81], limit: usize) -> Count {
    let mut out = Count::default();
    if limit == 0 {
        return out;
    }
    let mut st = *cands;
    search(&mut st, limit, &mut out);
    out
}

fn propagate(c: &mut [u16; 81]) -> bool {
    use crate::grid::{HOUSE_CELLS, PEERS};
    loop {
        let mut changed = false;
        for i in 0..81 {
            let m = c[i];
            if m == 0 {
                return false;
            }
            if m.count_ones() == 1 {
                for p in PEERS[i].iter() {
                    let j = p.index();
                    if c[j] & m != 0 {
                        c[j] &= !m;
                        if c[j] == 0 {
                            return false;
                        }
                        changed = true;
                    }
                }
            }
        }
        for h in HOUSE_CELLS.iter() {
            let mut once = 0u16;
            let mut twice = 0u16;
            for cell in h {
                let m = c[cell.index()];
                twice |= once & m;
                once |= m;
            }
            if once != 0x1ff {
                return false;
            }
            let hidden = once & !twice;
            if hidden != 0 {
                for cell in h {
                    let m = c[cell.index()];
                    if m & hidden != 0 && m.count_ones() > 1 {
                        if (m & hidden).count_ones() > 1 {
                            return false;
                        }
                        c[cell.index()] = m & hidden;
                        changed = true;
                    }
                }
            }
        }
        if !changed {
            return true;
        }
    }
}

fn search(c: &mut [u16; 81], limit: usize, out: &mut Count) {
    if !propagate(c) {
        return;
    }
    let mut best = None;
    let mut best_n = 10;
    for i in 0..81 {
        let n = c[i].count_ones();
        if n > 1 && n < best_n {
            best_n = n;
            best = Some(i);
        }
    }
    let Some(i) = best else {
        let mut sol = [0u8; 81];
        for (s, m) in sol.iter_mut().zip(c.iter()) {
            *s = m.trailing_zeros() as u8 + 1;
        }
        out.count += 1;
        out.solutions.push(sol);
        return;
    };
    let mut m = c[i];
    while m != 0 && out.count < limit {
        let bit = m & m.wrapping_neg();
        m &= m - 1;
        out.guesses += 1;
        let mut next = *c;
        next[i] = bit;
        search(&mut next, limit, out);
    }
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
