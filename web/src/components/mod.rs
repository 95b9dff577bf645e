//! The page's components, one per file. Each takes exactly the values it draws and the
//! callbacks it uses, never the whole model, and its props derive `PartialEq`, so Yew redraws
//! it only when one of them changes. None holds state of its own beyond what the browser needs
//! (focus, scrolling, the import box's text, whether a folded panel has been opened: the
//! technique panel and the key list draw their bodies only then, see
//! [`use_opened`](crate::hooks::use_opened)).
//!
//! The grid and the step list, the views the next features build on, take typed callbacks
//! (`on_select`, `on_input`, `on_jump`, …); digit entry from the grid and the pad goes through
//! the same `on_input`. The panels of buttons (controls, pad toggles, status, import) send
//! [`Action`]s through the page's one action callback.

pub mod app;
pub mod assist;
pub mod controls;
pub mod export;
pub mod grid;
pub mod import;
pub mod learn;
pub mod new_puzzle;
pub mod overlay;
pub mod pad;
pub mod status;
pub mod steps;
pub mod techniques;
pub mod update;

use crate::state::Action;
use yew::{Callback, MouseEvent};

/// A click handler that sends `action` through `on_action`.
fn on_click(on_action: &Callback<Action>, action: Action) -> Callback<MouseEvent> {
    on_action.reform(move |_| action.clone())
}
