//! Death blossom.

use super::Alses;
use crate::board::Board;
use crate::logic::Sink;
use std::ops::ControlFlow;

/// Death blossom (not yet).
pub(crate) fn death_blossom(board: &Board, alses: &Alses, sink: &mut Sink) -> ControlFlow<()> {
    let _ = (board, alses, sink);
    ControlFlow::Continue(())
}
