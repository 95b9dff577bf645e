//! The deduction engine: techniques that find [`Step`]s in a [`Board`](crate::Board), the step
//! finder that tries them easiest first, and the path runner.
//!
//! - [`sink`]: what a finder is handed besides the board — the [`Sink`] that collects steps
//!   (and may ask a long search to stop) and the [`Context`] of the puzzle.
//! - [`dispatch`]: [`find`], the only `match` over families, and the step finder
//!   ([`next_step`], [`Options`], [`Order`]).
//! - [`path`]: [`PathRun`], the one streaming walk the library, the CLI and the worker share,
//!   and [`solve_path`].
//! - [`technique`] (the catalogue) and [`step`] (the one `Step` record every view draws).
//! - One module per family. Each exposes `find(board, technique, sink) -> ControlFlow<()>`,
//!   which pushes every instance it finds into the sink until the sink says stop; the
//!   uniqueness family is only called when the [`Context`] allows it.

pub(crate) mod als;
pub(crate) mod chains;
pub(crate) mod coloring;
pub mod dispatch;
pub(crate) mod fish;
pub(crate) mod forcing;
pub(crate) mod intersections;
pub(crate) mod last_resort;
pub mod path;
pub(crate) mod single_digit;
pub(crate) mod singles;
pub mod sink;
pub mod step;
pub(crate) mod subsets;
pub mod technique;
pub(crate) mod uniqueness;
pub(crate) mod wings;

pub use dispatch::{Options, Order, find, find_all, find_first, next_step, next_step_in};
pub use path::{Advance, Path, PathRun, PathStatus, solve_path, solve_path_with};
pub use sink::{Context, Sink};
pub use step::{Highlight, HintLevel, Link, Node, Step};
pub use technique::{Family, Technique, TechniqueSet};

/// Helpers for the technique modules' unit tests.
#[cfg(test)]
pub(crate) mod test_support {
    use crate::board::Board;
    use crate::grid::{Candidate, Cell, Digit};

    /// The position of a HoDoKu regression-library line (`:code:digits:givens:deleted:…`,
    /// `+` = placed), read by the format module, which knows these lines.
    pub(crate) fn reglib_board(line: &str) -> Board {
        crate::format::parse(line).expect("a regression-library line")
    }

    /// `"436 257"` → 4 in r3c6, 2 in r5c7 (digit, row, column as in the library), sorted.
    pub(crate) fn cands(s: &str) -> Vec<Candidate> {
        let mut v: Vec<Candidate> = s
            .split_whitespace()
            .map(|t| {
                let b = t.as_bytes();
                Candidate::new(
                    Cell::at((b[1] - b'1') as usize, (b[2] - b'1') as usize),
                    Digit::new(b[0] - b'0').expect("digit"),
                )
            })
            .collect();
        v.sort();
        v
    }
}
