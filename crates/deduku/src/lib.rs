//! # Deduku — the solver library
//!
//! Pure Sudoku logic with no I/O, no threads, no clocks: it runs unchanged in a browser's Web
//! Worker (wasm32) and in the native CLI.
//!
//! - [`grid`]: the vocabulary — [`Digit`], [`Cell`], [`House`], [`Candidate`] and the bitsets
//!   [`DigitSet`], [`CellSet`].
//! - [`board`]: a position — values with their [`Origin`] (given or placed) and the candidates of
//!   every empty cell.
//! - [`format`](mod@format): every common puzzle format in (auto-detected) and out; errors say what and where.
//! - [`solve`]: the exact solver; one call counts solutions up to a limit.
//! - [`logic`]: the deduction engine — techniques grouped in one module per family, each producing
//!   the same [`Step`] data, the step finder [`next_step`] and the path runner [`PathRun`]
//!   ([`solve_path`] for a whole path at once).
//! - [`rate`]: SE-style difficulty and level.
//! - [`generate`](mod@generate): new puzzles by level, SE range or technique, with a symmetry;
//!   deterministic for a seed; [`drill`]: a position to practise one technique on, and grading.

pub mod board;
pub mod drill;
pub mod format;
pub mod generate;
pub mod grid;
pub mod logic;
pub mod rate;
pub mod solve;
pub mod sort;
#[cfg(test)]
mod test_support;

pub use board::{Board, Conflict, Origin};
pub use format::{ParseError, parse};
pub use generate::{GenError, GenOptions, Generated, Symmetry, Target, generate};
pub use grid::{Candidate, Cell, CellSet, Digit, DigitSet, House, HouseKind};
pub use logic::{
    Advance, Family, Options, Order, Path, PathRun, PathStatus, Step, Technique, TechniqueSet,
    find_all, find_first, next_step, reduce_round, solve_path, solve_path_with,
};
pub use rate::{Level, Rating};
