//! Keeping work: the URL hash (a link shares the puzzle and the step) and local storage (the
//! last state, restored when the page opens without a hash).

use crate::state::{Model, decode_hash, encode_hash};

const STORAGE_KEY: &str = "deduku.v1.state";
const CANDIDATES_KEY: &str = "deduku.v1.candidates";

fn window() -> Option<web_sys::Window> {
    web_sys::window()
}

/// The position to start with: from the URL hash if it holds one, else from local storage.
pub fn load() -> Option<(crate::protocol::PlainBoard, usize)> {
    let w = window()?;
    let hash = w.location().hash().ok().unwrap_or_default();
    if let Some(found) = decode_hash(&hash) {
        return Some(found);
    }
    let stored = w.local_storage().ok()??.get_item(STORAGE_KEY).ok()??;
    decode_hash(&stored)
}

/// Whether candidates were shown last time.
pub fn load_show_candidates() -> bool {
    window()
        .and_then(|w| w.local_storage().ok()?)
        .and_then(|s| s.get_item(CANDIDATES_KEY).ok()?)
        .is_some_and(|v| v == "1")
}

/// Writes the model's position to the URL hash (replacing the history entry, so stepping does
/// not flood the back button) and to local storage.
pub fn save(model: &Model) {
    let Some(w) = window() else { return };
    let hash = encode_hash(model);
    let current = w.location().hash().ok().unwrap_or_default();
    if current.trim_start_matches('#') != hash {
        let url = if hash.is_empty() {
            w.location().pathname().unwrap_or_default() + &w.location().search().unwrap_or_default()
        } else {
            format!("#{hash}")
        };
        if let Ok(h) = w.history() {
            let _ = h.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url));
        }
    }
    if let Ok(Some(s)) = w.local_storage() {
        let _ = s.set_item(STORAGE_KEY, &hash);
        let _ = s.set_item(CANDIDATES_KEY, if model.show_candidates { "1" } else { "0" });
    }
}
