//! Locked candidates: pointing (a box's candidates of a digit in one line) and claiming (a line's in one box).

use crate::board::Board;
use crate::logic::{Sink, Technique};
use std::ops::ControlFlow;

/// Finds the instances of `technique` (one of this family's) and pushes them into `sink`.
pub fn find(board: &Board, technique: Technique, sink: &mut Sink) -> ControlFlow<()> {
    let _ = (board, technique, sink);
    ControlFlow::Continue(())
}
