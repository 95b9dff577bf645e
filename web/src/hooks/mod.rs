//! The page's hooks: each connects the model to one thing outside it, so the root component
//! [`App`](crate::components::app::App) is only the model, these hooks and the layout.
//!
//! - [`use_persisted_model`]: the model itself, restored from the URL hash or local storage and
//!   written back as it changes.
//! - [`use_worker`]: the solver worker; the only code that calls
//!   [`WorkerClient`](crate::client::WorkerClient). It returns the callback every action goes
//!   through.
//! - [`use_page_keys`]: the shortcut keys and paste anywhere on the page.
//! - [`use_file_drop`]: a file (or text) dropped anywhere on the page goes the way of a paste.
//! - [`use_player`]: the timer that plays the path.
//! - [`use_pool_when_idle`]: lets the worker fill the pool of ready puzzles once the person
//!   has left the page alone for a while.
//! - [`use_learn_progress`]: the Learn place's drill progress, kept in local storage.
//! - [`use_action`]: a typed callback for a component (an index → [`Action::Select`]) that
//!   stays the same from render to render.
//! - [`use_opened`]: whether a folded panel (`<details>`) has been opened yet, so that its body
//!   is built only then.
//! - [`use_after_first_paint`]: whether the first frame has been drawn, so that the closed
//!   menus' bodies are built only after it.

mod drop;
mod keys;
mod learn;
mod persistence;
mod player;
mod pool;
mod worker;

pub use drop::{MAX_DROP_BYTES, use_file_drop};
pub use keys::{KEY_HELP, page_key_action, use_page_keys};
pub use learn::use_learn_progress;
pub use persistence::use_persisted_model;
pub use player::use_player;
pub use pool::use_pool_when_idle;
pub use worker::use_worker;

use crate::state::{Action, Model};
use std::rc::Rc;
use yew::prelude::*;

impl Reducible for Model {
    type Action = Action;
    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        Rc::new(Rc::unwrap_or_clone(self).apply(action))
    }
}

/// A callback that turns its argument into an action and sends it through `on_action`. It is
/// the same callback on every render (as long as `on_action` is), so the props of a component
/// that takes it still compare equal and Yew skips redrawing it.
#[hook]
pub fn use_action<T: 'static>(
    on_action: &Callback<Action>,
    to_action: fn(T) -> Action,
) -> Callback<T> {
    let callback = use_memo(on_action.clone(), move |on_action| on_action.reform(to_action));
    (*callback).clone()
}

/// What [`use_opened`] gives a folded panel.
pub struct Opened {
    /// Whether the panel has been opened yet (and so its body is drawn).
    pub opened: bool,
    /// For the `<details>`' `ontoggle`: records the panel opened, however it was opened.
    pub on_toggle: Callback<Event>,
    /// For the `<summary>`'s `onclick`: records it before the browser opens the panel, so the
    /// body is drawn in the same frame, with no frame of an empty panel.
    pub on_summary: Callback<MouseEvent>,
}

/// Whether a folded panel (a `<details>`, closed when the page loads) has been opened yet. A
/// panel's body is built only once it has, and kept after: the first render then makes none of
/// the closed panels' elements (the technique switches, the key list: a quarter of the page's
/// elements), which shortens a cold load's one long task by about a sixth (`bench/NOTES.md`).
#[hook]
pub fn use_opened() -> Opened {
    let opened = use_state_eq(|| false);
    let on_toggle = {
        let opened = opened.clone();
        Callback::from(move |e: Event| {
            // The event's target, the panel: its current target is Yew's one listener for the
            // page, which hands every event on.
            if e.target_dyn_into::<web_sys::Element>().is_some_and(|d| d.has_attribute("open")) {
                opened.set(true);
            }
        })
    };
    let on_summary = {
        let opened = opened.clone();
        Callback::from(move |_: MouseEvent| opened.set(true))
    };
    Opened { opened: *opened, on_toggle, on_summary }
}

/// Whether the page's first frame has been drawn. The closed menus' bodies (Puzzle, Tools,
/// Share: about 140 elements, a third of the first render) are built only then: a first visit's
/// one long task, which compiles and runs the app up to the grid, then does not also build what
/// no one sees before opening a menu (`bench/NOTES.md`, "The closed menus' bodies after the
/// grid's first frame"). The menus are closed when the page loads, so nothing on screen changes
/// when their bodies come.
#[hook]
pub fn use_after_first_paint() -> bool {
    let painted = use_state_eq(|| false);
    {
        let painted = painted.clone();
        // A frame, then a task: the browser draws the grid in between (a background tab, which
        // gets no frames, has a timer instead; setting the state twice changes nothing).
        use_effect_with((), move |_| crate::persist::after_next_frame(move || painted.set(true)));
    }
    *painted
}
