//! Drag and drop anywhere on the page: a dropped file's text (or dropped text) goes the same
//! way as a paste ([`Action::Paste`]), so a file the parser rejects shows its message with line
//! and column, and the grid stays as it was.

use super::keys::{active, document, in_text_field};
use crate::state::{Action, Notice};
use gloo_events::EventListener;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use yew::prelude::*;

/// Files bigger than this are refused before reading (a puzzle file is a few hundred bytes;
/// a pencil-mark grid or a list a few kilobytes).
pub const MAX_DROP_BYTES: f64 = 1_000_000.0;

/// The class on `<body>` while something is dragged over the page (the grid shows a drop
/// outline).
const DROPPING: &str = "dropping";

fn set_dropping(on: bool) {
    if let Some(body) = document().body() {
        let _ = if on {
            body.class_list().add_1(DROPPING)
        } else {
            body.class_list().remove_1(DROPPING)
        };
    }
}

fn error(on_action: &Callback<Action>, text: String) {
    on_action.emit(Action::Notify(Notice { error: true, text }));
}

/// Sends files and text dropped on the page through `on_action` as [`Action::Paste`]. Text
/// dropped into a text field is left to the browser.
#[hook]
pub fn use_file_drop(on_action: Callback<Action>) {
    use_effect_with(on_action, move |on_action| {
        let doc = document();
        let over = EventListener::new_with_options(&doc, "dragover", active(), move |e| {
            let Some(d) = e.dyn_ref::<web_sys::DragEvent>() else { return };
            let Some(dt) = d.data_transfer() else { return };
            let files = dt.types().includes(&"Files".into(), 0);
            if in_text_field(e) && !files {
                return;
            }
            e.prevent_default();
            dt.set_drop_effect("copy");
            set_dropping(true);
        });
        let leave = EventListener::new(&doc, "dragleave", move |e| {
            // Leaving the window (no element entered next).
            if e.dyn_ref::<web_sys::DragEvent>().is_some_and(|d| d.related_target().is_none()) {
                set_dropping(false);
            }
        });
        let on_drop = {
            let on_action = on_action.clone();
            EventListener::new_with_options(&doc, "drop", active(), move |e| {
                set_dropping(false);
                let Some(dt) = e.dyn_ref::<web_sys::DragEvent>().and_then(|d| d.data_transfer())
                else {
                    return;
                };
                if let Some(file) = dt.files().and_then(|f| f.get(0)) {
                    e.prevent_default();
                    let name = file.name();
                    if file.size() > MAX_DROP_BYTES {
                        error(
                            &on_action,
                            // A file's size is a whole number of bytes (printed as an integer,
                            // which keeps core's float formatting out of the page).
                            format!(
                                "{name} is too big for a puzzle ({} bytes).",
                                file.size() as u64
                            ),
                        );
                        return;
                    }
                    let on_action = on_action.clone();
                    wasm_bindgen_futures::spawn_local(async move {
                        match JsFuture::from(file.text()).await.ok().and_then(|t| t.as_string()) {
                            Some(text) => on_action.emit(Action::Paste(text)),
                            None => error(&on_action, format!("Could not read {name}.")),
                        }
                    });
                } else if !in_text_field(e)
                    && let Ok(text) = dt.get_data("text")
                    && !text.trim().is_empty()
                {
                    e.prevent_default();
                    on_action.emit(Action::Paste(text));
                }
            })
        };
        move || drop((over, leave, on_drop))
    });
}
