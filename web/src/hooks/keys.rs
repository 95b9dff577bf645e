//! The page-wide keyboard: shortcut keys and paste anywhere outside text fields (the grid
//! handles its own keys: arrows, digits, delete).

use crate::components::grid::grid_key;
use crate::state::Action;
use gloo_events::{EventListener, EventListenerOptions};
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// Every key of the page with what it does, in the order the key help lists them. The grid's
/// own keys come first ([`crate::components::grid::grid_key`]), then the page's
/// ([`page_key_action`]).
pub const KEY_HELP: &[(&str, &str)] = &[
    ("arrows", "move (wherever the focus is, outside text fields)"),
    ("Home / End", "the row's first / last cell"),
    ("1–9", "place a digit (a note in notes mode)"),
    ("Shift+1–9", "toggle a note"),
    ("0, Delete", "clear the cell"),
    ("Backspace", "back out of a guess"),
    ("Ctrl+Z", "undo"),
    ("Ctrl+Shift+Z, Ctrl+Y", "redo"),
    ("m", "notes mode"),
    ("c", "auto candidates"),
    ("f", "fill all candidates"),
    ("Shift+M", "clear my notes"),
    ("h", "hint"),
    ("n / p", "next / previous step"),
    ("] / [", "next / previous line of a step's proof"),
    ("space", "play"),
    ("Shift+Home / Shift+End", "start of the path / solve all"),
    ("k / Shift+K", "check / show mistakes as I go"),
    ("s / Shift+S", "show / fill singles"),
    ("r", "reduce"),
    ("l", "highlight mode (then a digit)"),
    ("b", "two-candidate cells"),
    ("v / Shift+V", "colour the cell / clear colours"),
    ("Shift+R", "restart"),
    ("t", "techniques and Find all"),
    ("g", "new puzzle of the chosen level"),
    ("u", "copy the link"),
    ("Esc", "cancel"),
];

/// Maps a key pressed anywhere on the page (outside text fields) to an action; `ctrl` is Ctrl
/// or Cmd.
pub fn page_key_action(key: &str, ctrl: bool, shift: bool, running: bool) -> Option<Action> {
    if ctrl {
        return match key {
            "z" | "Z" if shift => Some(Action::Redo),
            "z" | "Z" => Some(Action::Undo),
            "y" | "Y" => Some(Action::Redo),
            _ => None,
        };
    }
    Some(match key {
        "n" | "N" => Action::Next,
        "p" | "P" => Action::Prev,
        "h" | "H" => Action::Hint,
        "c" | "C" => Action::ToggleAuto,
        "m" => Action::ToggleNotes,
        "M" => Action::ClearNotes,
        "f" | "F" => Action::FillCandidates,
        "k" => Action::Check,
        "K" => Action::ToggleShowMistakes,
        "s" => Action::ToggleSingles,
        "S" => Action::FillSingles,
        "r" => Action::Reduce,
        "R" => Action::Restart,
        "l" | "L" => Action::ToggleHighlightMode,
        "b" | "B" => Action::ToggleBivalue,
        "g" | "G" => Action::NewChosenPuzzle,
        "v" => Action::CyclePaint,
        "V" => Action::ClearColors,
        " " => Action::TogglePlay,
        "]" => Action::ProofStep(1),
        "[" => Action::ProofStep(-1),
        "Backspace" => Action::BackOut,
        "Home" if shift => Action::ToStart,
        "End" if shift => Action::SolveAll,
        "Escape" if running => Action::Cancel,
        _ => return None,
    })
}

/// Sends the page's shortcut keys ([`page_key_action`]) and text pasted anywhere on the page
/// ([`Action::Paste`]) through `on_action`. Keys with Alt, Ctrl/Cmd keys other than undo and
/// redo, keys and paste in text fields, and the space bar on a button, link or summary are left to the browser. Escape
/// cancels only while `running`.
#[hook]
pub fn use_page_keys(on_action: Callback<Action>, running: bool) {
    use_effect_with((on_action, running), move |(on_action, running)| {
        let running = *running;
        let doc = document();
        let keys = {
            let on_action = on_action.clone();
            EventListener::new_with_options(&doc, "keydown", active(), move |e| {
                let Some(k) = e.dyn_ref::<web_sys::KeyboardEvent>() else { return };
                if k.default_prevented() || k.alt_key() || in_text_field(e) {
                    return;
                }
                if k.key() == " " && on_control(e) {
                    return;
                }
                let ctrl = k.ctrl_key() || k.meta_key();
                // The grid's keys (digits, arrows, Delete, Home/End) act on the selected cell
                // wherever the focus is: after a click on Notes, Hint or a pad digit too. (The
                // grid handles them itself while it has the focus, and a list or a field that
                // uses a key marks it handled.)
                if !ctrl && let Some(a) = grid_key(&k.key(), &k.code(), k.shift_key()) {
                    k.prevent_default();
                    on_action.emit(a);
                    return;
                }
                if !ctrl && page_key_command(&k.key(), &on_action) {
                    k.prevent_default();
                    return;
                }
                if let Some(a) = page_key_action(&k.key(), ctrl, k.shift_key(), running) {
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
        move || drop((keys, paste))
    });
}

/// The keys that work on the page rather than the model: `t` opens the technique panel and
/// puts the focus on its Find all choice, `u` copies the link. Returns whether `key` was one.
fn page_key_command(key: &str, on_action: &Callback<Action>) -> bool {
    match key {
        "t" | "T" => {
            if let Some(panel) = document().get_element_by_id("techniques") {
                // A click on the closed panel's summary opens it as a person's would, and draws
                // its body (see `use_opened`) in the microtask after this handler; the focus
                // moves in a task after that.
                if !panel.has_attribute("open")
                    && let Ok(Some(summary)) = panel.query_selector("summary")
                    && let Ok(summary) = summary.dyn_into::<web_sys::HtmlElement>()
                {
                    summary.click();
                }
                gloo_timers::callback::Timeout::new(0, || {
                    if let Some(select) = document()
                        .get_element_by_id("find-technique")
                        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
                    {
                        let _ = select.focus();
                    }
                })
                .forget();
            }
            true
        }
        "u" | "U" => {
            let href = crate::persist::page_link();
            crate::components::import::copy_text(href, "link", on_action.clone());
            true
        }
        _ => false,
    }
}

/// The tag name of the event's target element, if it is an element.
fn target_tag(e: &web_sys::Event) -> Option<String> {
    e.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()).map(|el| el.tag_name())
}

/// Whether a keyboard or clipboard event belongs to a field that keeps its own keys: a text
/// field, a select, a slider (a checkbox or a button does not).
pub(super) fn in_text_field(e: &web_sys::Event) -> bool {
    let Some(el) = e.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()) else {
        return false;
    };
    match el.tag_name().as_str() {
        "TEXTAREA" | "SELECT" => true,
        "INPUT" => !matches!(
            el.get_attribute("type").unwrap_or_default().as_str(),
            "checkbox" | "radio" | "button" | "submit" | "reset"
        ),
        _ => false,
    }
}

/// Whether the event's target is a control that uses the space bar itself.
fn on_control(e: &web_sys::Event) -> bool {
    target_tag(e).is_some_and(|t| matches!(t.as_str(), "BUTTON" | "SUMMARY" | "A"))
}

/// Listener options that allow `preventDefault` (gloo's default listeners are passive).
pub(super) fn active() -> EventListenerOptions {
    EventListenerOptions::enable_prevent_default()
}

pub(super) fn document() -> web_sys::Document {
    web_sys::window().and_then(|w| w.document()).expect("a document")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn page_keys() {
        assert_eq!(page_key_action("n", false, false, false), Some(Action::Next));
        assert_eq!(page_key_action("Escape", false, false, false), None);
        assert_eq!(page_key_action("Escape", false, false, true), Some(Action::Cancel));
        assert_eq!(page_key_action("x", false, false, true), None);
        assert_eq!(page_key_action("z", true, false, false), Some(Action::Undo));
        assert_eq!(page_key_action("Z", true, true, false), Some(Action::Redo));
        assert_eq!(page_key_action("y", true, false, false), Some(Action::Redo));
        assert_eq!(page_key_action("c", true, false, false), None, "Ctrl+C stays the browser's");
        assert_eq!(page_key_action("R", false, true, false), Some(Action::Restart));
        assert_eq!(page_key_action("Home", false, false, false), None, "Home is the grid's");
        assert_eq!(page_key_action("Home", false, true, false), Some(Action::ToStart));
        assert_eq!(page_key_action("End", false, true, false), Some(Action::SolveAll));
    }
}
