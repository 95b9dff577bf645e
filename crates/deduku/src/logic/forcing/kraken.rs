//! Kraken fish.

use crate::board::Board;
use crate::logic::Sink;
use std::ops::ControlFlow;

/// Finds kraken fish.
pub(crate) fn find(board: &Board, sink: &mut Sink) -> ControlFlow<()> {
    let _ = (board, sink);
    ControlFlow::Continue(())
}
