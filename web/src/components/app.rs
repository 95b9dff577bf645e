//! The root component: owns the model and the worker connection, wires the keyboard, paste,
//! player and persistence, and lays out the other components.

use super::controls::Controls;
use super::grid::Grid;
use super::import::Import;
use super::pad::Pad;
use super::status::Status;
use super::steps::StepList;
use crate::client::{WorkerClient, default_worker_path};
use crate::persist;
use crate::state::{Action, Model};
use gloo_events::{EventListener, EventListenerOptions};
use std::rc::Rc;
use wasm_bindgen::JsCast;
use yew::prelude::*;

impl Reducible for Model {
    type Action = Action;
    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        Rc::new(Rc::unwrap_or_clone(self).apply(action))
    }
}

/// Whether a keyboard or clipboard event belongs to a text field (which keeps its own keys).
fn in_text_field(e: &web_sys::Event) -> bool {
    e.target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .is_some_and(|el| matches!(el.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT"))
}

/// Whether the event's target is a control that uses the space bar itself.
fn on_control(e: &web_sys::Event) -> bool {
    e.target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .is_some_and(|el| matches!(el.tag_name().as_str(), "BUTTON" | "SUMMARY" | "A"))
}

/// Maps a key pressed anywhere on the page (outside text fields) to an action.
pub fn page_key_action(key: &str, running: bool) -> Option<Action> {
    Some(match key {
        "n" | "N" => Action::Next,
        "p" | "P" => Action::Prev,
        "h" | "H" => Action::Hint,
        "c" | "C" => Action::ToggleCandidates,
        " " => Action::TogglePlay,
        "Home" => Action::ToStart,
        "End" => Action::SolveAll,
        "Escape" if running => Action::Cancel,
        _ => return None,
    })
}

/// The page.
#[component]
pub fn App() -> Html {
    let model = use_reducer(|| {
        let mut m = Model { show_candidates: persist::load_show_candidates(), ..Model::default() };
        if let Some((board, cursor)) = persist::load() {
            m = m.apply(Action::Restore(board, cursor));
        }
        m
    });
    let client = use_mut_ref(|| None::<WorkerClient>);
    let sent = use_mut_ref(|| 0u64);

    // Spawn the worker once.
    {
        let client = client.clone();
        let dispatcher = model.dispatcher();
        use_effect_with((), move |_| {
            *client.borrow_mut() = Some(WorkerClient::new(&default_worker_path(), move |r| {
                dispatcher.dispatch(Action::Worker(r))
            }));
        });
    }
    // Send what is new in the outbox.
    {
        let client = client.clone();
        let sent = sent.clone();
        let model = model.clone();
        use_effect_with(model.next_id, move |_| {
            if let Some(c) = client.borrow().as_ref() {
                let mut last = sent.borrow_mut();
                let from = *last;
                for r in model.outbox.iter().filter(|r| r.id > from) {
                    c.send(r.clone());
                    *last = r.id;
                }
            }
        });
    }
    // One callback for every component; cancelling also restarts the worker.
    let on_action = {
        let model = model.clone();
        let client = client.clone();
        Callback::from(move |a: Action| {
            if a == Action::Cancel
                && let Some(c) = client.borrow_mut().as_mut()
            {
                c.restart();
            }
            model.dispatch(a);
        })
    };
    // Keys anywhere on the page, paste anywhere, and links opened in the same tab.
    {
        let on_action = on_action.clone();
        let running = model.running();
        use_effect_with(running, move |&running| {
            let doc = document();
            let keys = {
                let on_action = on_action.clone();
                EventListener::new_with_options(&doc, "keydown", active(), move |e| {
                    let Some(k) = e.dyn_ref::<web_sys::KeyboardEvent>() else { return };
                    if k.default_prevented()
                        || k.ctrl_key()
                        || k.meta_key()
                        || k.alt_key()
                        || in_text_field(e)
                    {
                        return;
                    }
                    if k.key() == " " && on_control(e) {
                        return;
                    }
                    if let Some(a) = page_key_action(&k.key(), running) {
                        k.prevent_default();
                        on_action.emit(a);
                    }
                })
            };
            let paste = {
                let on_action = on_action.clone();
                EventListener::new_with_options(&doc, "paste", active(), move |e| {
                    if in_text_field(e) {
                        return;
                    }
                    let Some(ce) = e.dyn_ref::<web_sys::ClipboardEvent>() else { return };
                    if let Some(text) = ce.clipboard_data().and_then(|d| d.get_data("text").ok()) {
                        ce.prevent_default();
                        on_action.emit(Action::Paste(text));
                    }
                })
            };
            let window: web_sys::EventTarget = web_sys::window().expect("a window").into();
            let hash = EventListener::new(&window, "hashchange", move |_| {
                if let Some((board, cursor)) = persist::load() {
                    on_action.emit(Action::Restore(board, cursor));
                }
            });
            move || drop((keys, paste, hash))
        });
    }
    // The player.
    {
        let dispatcher = model.dispatcher();
        use_effect_with((model.playing, model.speed_ms), move |&(playing, ms)| {
            let timer = playing.then(|| {
                gloo_timers::callback::Interval::new(ms, move || dispatcher.dispatch(Action::Tick))
            });
            move || drop(timer)
        });
    }
    // Keep the URL hash and local storage up to date (not while a restore is catching up).
    {
        let model = model.clone();
        let key = (model.start.clone(), model.cursor, model.show_candidates, model.follow_to);
        use_effect_with(key, move |_| {
            if model.follow_to.is_none() {
                persist::save(&model.start, model.cursor, model.show_candidates);
            }
        });
    }

    let m: Rc<Model> = Rc::new((*model).clone());
    let conflicts = m.conflicts();
    html! {
        <>
            <header class="top">
                <h1>{ "Deduku" }</h1>
                <p class="tagline">{ "Sudoku solver and explainer — every step, in plain words." }</p>
            </header>
            <main class="layout">
                <div class="board-col">
                    <Status model={m.clone()} on_action={on_action.clone()} />
                    <Grid board={m.current().clone()} step={m.highlighted_step().cloned()}
                        selected={m.selected} show_candidates={m.show_candidates}
                        conflicts={conflicts} on_action={on_action.clone()} />
                    <Pad model={m.clone()} on_action={on_action.clone()} />
                </div>
                <div class="side-col">
                    <Controls model={m.clone()} on_action={on_action.clone()} />
                    <StepList model={m.clone()} on_action={on_action.clone()} />
                    <Import model={m.clone()} on_action={on_action.clone()} />
                    <p class="keys muted">
                        { "Keys: arrows move, 1–9 type, 0/Delete clear, n next, p previous, space play, Home start, End solve all, h hint, c candidates, Esc cancel." }
                    </p>
                </div>
            </main>
        </>
    }
}

/// Listener options that allow `preventDefault` (gloo's default listeners are passive).
fn active() -> EventListenerOptions {
    EventListenerOptions::enable_prevent_default()
}

fn document() -> web_sys::Document {
    web_sys::window().and_then(|w| w.document()).expect("a document")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn page_keys() {
        assert_eq!(page_key_action("n", false), Some(Action::Next));
        assert_eq!(page_key_action("Escape", false), None);
        assert_eq!(page_key_action("Escape", true), Some(Action::Cancel));
        assert_eq!(page_key_action("x", true), None);
    }
}
