//! Wings: XY-, XYZ-, W-, WXYZ-wing and remote pairs.

use crate::board::Board;
use crate::logic::{Sink, Technique};
use std::ops::ControlFlow;

/// Finds the instances of `technique` (one of this family's) and pushes them into `sink`.
pub fn find(board: &Board, technique: Technique, sink: &mut Sink) -> ControlFlow<()> {
    let _ = (board, technique, sink);
    ControlFlow::Continue(())
}
