//! Aligned pair exclusion.

use crate::board::Board;
use crate::logic::Sink;
use std::ops::ControlFlow;

/// Aligned pair exclusion (not yet).
pub(crate) fn aligned_pair_exclusion(board: &Board, sink: &mut Sink) -> ControlFlow<()> {
    let _ = (board, sink);
    ControlFlow::Continue(())
}
