//! Sue de Coq.

use crate::board::Board;
use crate::logic::Sink;
use std::ops::ControlFlow;

/// Sue de Coq (not yet).
pub(crate) fn sue_de_coq(board: &Board, sink: &mut Sink) -> ControlFlow<()> {
    let _ = (board, sink);
    ControlFlow::Continue(())
}
