//! The exact solver: counts solutions up to a limit, returning the number of guesses and the
//! first solutions found (as many as asked to keep). One call serves solving (limit 1),
//! uniqueness (limit 2), counting (a large limit, keeping none: memory stays flat) and a
//! difficulty hint.
//!
//! The design follows the idea of JCZSolve (written from the idea, not from its code): each
//! digit's possible cells are kept as three 27-bit words, one per band (three rows), and the
//! rules work on whole bands with a few table look-ups.
//!
//! # Bit layout
//!
//! ```text
//!   band b = rows 3b .. 3b+2 = cells 27b .. 27b+26; in its word, bit = 9 * (row % 3) + col
//!
//!              box 3b        box 3b+1      box 3b+2
//!   row 3b     0  1  2   |   3  4  5   |   6  7  8
//!   row 3b+1   9 10 11   |  12 13 14   |  15 16 17
//!   row 3b+2  18 19 20   |  21 22 23   |  24 25 26
//!
//!   cands[3 * d + b] = the cells of band b where digit d + 1 may still be (a placed digit
//!                      keeps its own bit), 27 words: digit 1's three bands, digit 2's, ...
//!   open_cells[b]    = the cells of band b not placed yet
//! ```
//!
//! # Rules, per changed word (digit `d`, band `b`)
//!
//! - **Band permutation.** Inside a band the digit is once in each row and once in each box,
//!   so rows map to boxes by one of six permutations. The word is folded into 9 "mini-row"
//!   bits (row × box, table `SHRINK`); a 512-entry table keeps the mini-rows some fitting
//!   permutation uses. This does pointing and claiming inside the band, box hidden singles,
//!   and spots a band where the digit cannot fit (word 0).
//! - **Row singles.** A row left with one cell that is still open places the digit there; the
//!   cell leaves the other eight digits' words (row hidden singles).
//! - **Locked columns.** A box whose cells for the digit lie in one column removes that column
//!   from the digit's words of the other two bands (pointing along columns; this also does
//!   the column elimination of a placed digit).
//!
//! The rules run until no word changes: a lean search (below) sweeps the 27 words over and
//! over, any other search does so too until its first guess (then every word is new) and
//! after it updates the words on a list that every change marks (the same fixpoint). Then
//! the cells are counted bit-parallel ("seen once / twice / three times" over the nine digit
//! words of a band): a cell with no digit is a contradiction, one with a single digit is
//! placed (naked single). When nothing is left to place, column claiming runs (a column where
//! only one band may hold a digit keeps it to its box there); then, with 50 or more cells
//! open, the triads (tdoku's idea): the three cells of a mini-row (a row inside a box) or of a
//! mini-column hold three different digits, so where exactly three digits may be they are
//! there, and where three must be no other is. Failing all that the search branches. A
//! puzzle with 32 or more givens skips the claiming, the triads and the band split below and
//! branches at once on a two-candidate cell (a *lean* search, chosen once per puzzle): its
//! search is short, and they rarely find anything there (the measurements are in the docs of
//! `engine::LEAN_FROM_GIVENS`).
//!
//! # Branching
//!
//! After tdoku's idea (its code is not used), the search branches on how a digit sits in a
//! band rather than on a cell: in the band with the fewest open cells, the digit with the
//! fewest row-to-box permutations left, one of its rows is tried in one box in a copy of the
//! state (a *guess*); after that, the row's part of that box loses the digit. The two branches
//! split the solutions between them, so counts stay exact. This cut the guesses per puzzle on
//! the hardest sets by a third (forum-hardest-1106: 232 → 150). When every digit of that band
//! is fixed to its mini-rows, and always in a lean search, the search branches on a cell
//! instead: one with two candidates (the last in the band with the most open cells), or the
//! cell with the fewest; every digit but the last is tried in a copy and then removed, which
//! forces the last. The recursion copies a small fixed-size state; nothing is allocated except
//! the solutions kept.
//!
//! Which solution is found first follows from this order, so a change of branching changes
//! the first solution of a puzzle with several (and the generator's grids, which complete
//! three boxes with the first solution found: 27 givens, never a lean search).

mod engine;

use crate::board::Board;
use crate::grid::Digit;
use engine::{BAND, LEAN_FROM_GIVENS, Search, State, gather, ix};

/// What [`count_solutions`] and its relatives found.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Count {
    /// Number of solutions found, at most the limit.
    pub count: usize,
    /// The first solutions found, 81 digits each: `count.min(keep)` of them, where `keep` is
    /// the limit for [`count_solutions`] and [`count_values`].
    pub solutions: Vec<[u8; 81]>,
    /// Number of guesses: trials explored in a copy of the search state (a digit's row put in
    /// one box, or a digit put in a branching cell; the other side of a split, and the last
    /// candidate of a cell, forced once the trials failed, are not counted).
    pub guesses: u64,
    /// Whether the stop check of [`count_solutions_until`] ended the count before the limit:
    /// `count` is then only a lower bound.
    pub stopped: bool,
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

/// Counts the solutions of `board` up to `limit` and keeps every one it counts, respecting the
/// board's candidates (so a pencil-mark puzzle's eliminations count). A board with a conflict
/// has no solution.
///
/// Each kept solution takes 81 bytes, so memory grows with the limit: to count far, keep few
/// with [`count_solutions_keeping`].
pub fn count_solutions(board: &Board, limit: usize) -> Count {
    count_solutions_keeping(board, limit, limit)
}

/// Counts the solutions of `board` up to `limit`, keeping only the first `keep` of them: with
/// `keep` 0 the count runs in constant memory however large the limit. Otherwise as
/// [`count_solutions`].
pub fn count_solutions_keeping(board: &Board, limit: usize, keep: usize) -> Count {
    let (st, givens) = board_state(board);
    run(st, givens, limit, keep, None)
}

/// [`count_solutions_keeping`] that asks `stop` every 1,024 solutions found and ends the count
/// when it says so ([`Count::stopped`]): how a caller with a clock bounds a long count (the
/// library has none). A solve or a uniqueness check (limit 2) never asks it; they take
/// milliseconds at most.
pub fn count_solutions_until(
    board: &Board,
    limit: usize,
    keep: usize,
    stop: &dyn Fn() -> bool,
) -> Count {
    let (st, givens) = board_state(board);
    run(st, givens, limit, keep, Some(stop))
}

/// The search state of `board` (its candidates and placed digits), and its number of placed
/// cells.
fn board_state(board: &Board) -> (State, u32) {
    let mut cands = [0u32; 27];
    for d in 0..9 {
        let m = board.digit_cells(Digit::from_index(d)).bits();
        for b in 0..3 {
            cands[ix(b, d)] = (m >> (27 * b)) as u32 & BAND;
        }
    }
    let (placed, _) = value_words(board.values());
    (State::new(&cands, &placed), givens(&placed))
}

/// Counts the solutions of 81 values (0 = empty; values above 9 count as empty too) up to
/// `limit`, keeping every one it counts (see [`count_values_keeping`] to keep fewer). Equal
/// digits in a house make the count 0.
pub fn count_values(values: &[u8; 81], limit: usize) -> Count {
    count_values_keeping(values, limit, limit)
}

/// Counts the solutions of 81 values up to `limit`, keeping only the first `keep` of them.
/// Otherwise as [`count_values`].
pub fn count_values_keeping(values: &[u8; 81], limit: usize, keep: usize) -> Count {
    let (st, givens) = values_state(values);
    run(st, givens, limit, keep, None)
}

/// The search state of 81 values (each given placed, each empty cell open to every digit), and
/// the number of givens.
fn values_state(values: &[u8; 81]) -> (State, u32) {
    let (placed, empty) = value_words(values);
    let mut cands = [0u32; 27];
    for b in 0..3 {
        for d in 0..9 {
            cands[ix(b, d)] = empty[b];
        }
    }
    (State::new(&cands, &placed), givens(&placed))
}

/// The number of cells placed in `placed` (as [`State::new`] takes it).
fn givens(placed: &[u32; 27]) -> u32 {
    (0..3).map(|b| (0..9).fold(0, |m, d| m | placed[ix(b, d)]).count_ones()).sum()
}

/// The cells of 81 values as band words: `placed[ix(b, d)]`, the cells of band `b` holding
/// digit `d + 1`, and `empty[b]`, those holding 0 or a value above 9.
///
/// Bit-sliced, with no branch or memory round trip per cell (a loop adding each cell to its
/// value's word waits on the store it just made whenever two cells in a row hold the same
/// value, which the empty cells mostly do): each value's four low bits, and whether it has a
/// higher one, are gathered eight cells at a time into bit planes ([`engine::gather`], one
/// multiplication), and a digit's cells are where the planes spell it.
#[inline(always)]
fn value_words(values: &[u8; 81]) -> ([u32; 27], [u32; 3]) {
    let mut placed = [0u32; 27];
    let mut empty = [0u32; 3];
    for b in 0..3 {
        // The band's 27 values, and 5 zeros: four 8-byte words.
        let mut bytes = [0u8; 32];
        bytes[..27].copy_from_slice(&values[27 * b..27 * b + 27]);
        // `planes[j]`: the cells whose value has bit `j`; `high`: those with bit 4 to 7.
        let (mut planes, mut high) = ([0u32; 4], 0u32);
        for q in 0..4 {
            let mut word = [0u8; 8];
            word.copy_from_slice(&bytes[8 * q..8 * q + 8]);
            let x = u64::from_le_bytes(word);
            for (j, plane) in planes.iter_mut().enumerate() {
                *plane |= gather(x >> j) << (8 * q);
            }
            high |= gather(x >> 4 | x >> 5 | x >> 6 | x >> 7) << (8 * q);
        }
        let mut digits = 0;
        for d in 0..9 {
            let v = d + 1;
            let mut m = BAND & !high;
            for (j, &plane) in planes.iter().enumerate() {
                m &= if v >> j & 1 != 0 { plane } else { !plane };
            }
            placed[ix(b, d)] = m;
            digits |= m;
        }
        empty[b] = BAND & !digits;
    }
    (placed, empty)
}

/// Searches from `st` (a puzzle with `givens` givens) for up to `limit` solutions, keeping the
/// first `keep` and asking `stop` (if any) every [`engine::STOP_EVERY`] solutions; the search
/// is lean from [`LEAN_FROM_GIVENS`] givens.
fn run(
    st: State,
    givens: u32,
    limit: usize,
    keep: usize,
    stop: Option<&dyn Fn() -> bool>,
) -> Count {
    search(st, givens >= LEAN_FROM_GIVENS, limit, keep, stop)
}

/// Searches from `st`, lean or not, for up to `limit` solutions, keeping the first `keep`.
fn search(
    mut st: State,
    lean: bool,
    limit: usize,
    keep: usize,
    stop: Option<&dyn Fn() -> bool>,
) -> Count {
    if limit == 0 {
        return Count::default();
    }
    let keep = keep.min(limit);
    let mut search = Search {
        limit,
        keep,
        count: 0,
        solutions: Vec::new(),
        guesses: 0,
        lean,
        stop,
        stopped: false,
    };
    search.run(&mut st);
    Count {
        count: search.count,
        solutions: search.solutions,
        guesses: search.guesses,
        stopped: search.stopped,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stop_check_ends_a_long_count_at_a_multiple_of_its_period() {
        let empty = Board::from_values(&[0; 81]);
        let calls = std::cell::Cell::new(0);
        let stop = || {
            calls.set(calls.get() + 1);
            calls.get() == 3
        };
        let c = count_solutions_until(&empty, 1_000_000, 2, &stop);
        assert!(c.stopped);
        assert_eq!((c.count, calls.get()), (3 * engine::STOP_EVERY, 3));
        assert_eq!(c.solutions.len(), 2);
        // The same count without a stop, and one that ends before the check would stop it.
        let never = || false;
        let full = count_solutions_until(&empty, 5000, 0, &never);
        assert_eq!((full.count, full.stopped), (5000, false));
        assert_eq!(count_solutions_keeping(&empty, 5000, 0).guesses, full.guesses);
        let always = || true;
        let short = count_solutions_until(&empty, 2, 2, &always);
        assert_eq!((short.count, short.stopped), (2, false));
    }

    #[test]
    fn empty_grid_has_many_solutions() {
        let c = count_values(&[0; 81], 2);
        assert_eq!(c.count, 2);
        assert_ne!(c.solutions[0], c.solutions[1]);
    }

    #[test]
    fn value_words_sort_every_cell_by_its_value() {
        // Values 0-9 and some above 9 (which count as empty), from the crate's seeded generator.
        let mut rng = crate::generate::Rng::new(7);
        for round in 0..2000 {
            let mut values = [0u8; 81];
            for v in &mut values {
                *v = match rng.below(16) {
                    r @ 0..=9 => r as u8,
                    10..=13 => 0,
                    // Each high bit alone over a digit's low bits (17, 33, 67, 137), and more.
                    _ => [10, 15, 16, 17, 25, 33, 67, 137, 255][rng.below(9)],
                };
            }
            if round == 0 {
                values = [7; 81];
            }
            let (placed, empty) = value_words(&values);
            for (i, &v) in values.iter().enumerate() {
                let (b, bit) = (i / 27, 1u32 << (i % 27));
                let is_digit = (1..=9).contains(&v);
                assert_eq!(empty[b] & bit != 0, !is_digit, "cell {i} holding {v}");
                for d in 0..9 {
                    let want = is_digit && usize::from(v) == d + 1;
                    assert_eq!(
                        placed[ix(b, d)] & bit != 0,
                        want,
                        "cell {i} holding {v}, digit {}",
                        d + 1
                    );
                }
            }
            assert!(placed.iter().chain(&empty).all(|&w| w & !BAND == 0));
        }
    }

    #[test]
    fn counting_far_keeps_only_what_is_asked() {
        let n = 50_000;
        let c = count_values_keeping(&[0; 81], n, 0);
        assert_eq!((c.count, c.solutions.len(), c.solutions.capacity()), (n, 0, 0));
        let board = Board::from_values(&[0; 81]);
        let c = count_solutions_keeping(&board, n, 0);
        assert_eq!((c.count, c.solutions.capacity()), (n, 0));
        // Keeping some keeps the first ones, the same as a count that stops there.
        let first = count_solutions(&board, 3);
        let kept = count_solutions_keeping(&board, 1_000, 3);
        assert_eq!((kept.count, &kept.solutions), (1_000, &first.solutions));
        assert_eq!(count_solutions_keeping(&board, 2, 5).solutions.len(), 2);
    }
}
