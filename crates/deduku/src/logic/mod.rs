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
pub(crate) mod combos;
mod description;
pub mod dispatch;
mod explain;
pub(crate) mod few;
pub(crate) mod fish;
pub(crate) mod forcing;
pub(crate) mod intersections;
pub(crate) mod last_resort;
pub(crate) mod lit;
mod nothing;
pub mod path;
pub mod proof;
pub(crate) mod single_digit;
pub(crate) mod singles;
pub mod sink;
pub mod step;
pub(crate) mod subsets;
pub mod technique;
pub(crate) mod templates;
pub(crate) mod uniqueness;
pub(crate) mod wings;

pub use crate::rate::se_steps;
pub use dispatch::{
    Options, Order, find, find_all, find_checked, find_first, next_step, next_step_in, reduce_round,
};
pub use path::{Advance, Path, PathRun, PathStatus, solve_path, solve_path_with};
pub use proof::{Clash, Ending, Fact, FlatLine, Line, Pattern, Proof, Reason};
pub use sink::{Context, Sink};
pub use step::{Detail, Highlight, HintLevel, Link, Node, Part, Step};
pub use technique::{Family, Technique, TechniqueSet};
