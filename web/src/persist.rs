//! Keeping work: the URL hash holds the current position (a link shares givens, digits of each
//! kind, notes and colours), and local storage holds the whole undo history and the person's
//! settings, restored when the page opens.
//!
//! The codecs are plain Rust ([`Position::encode`], [`History::to_text`],
//! [`Settings::to_text`]) and tested natively; the functions here only touch the browser.

use crate::history::History;
use crate::position::Position;
use crate::state::{POOL_LEVELS, Pool, Settings};

const HISTORY_KEY: &str = "deduku.v2.history";
const SETTINGS_KEY: &str = "deduku.v2.settings";
const POOL_KEY: &str = "deduku.v2.pool";

/// The pool as text: one `level puzzle` per line.
pub fn pool_to_text(pool: &Pool) -> String {
    let mut lines = Vec::new();
    for (level, puzzles) in pool {
        for p in puzzles {
            lines.push(format!("{level} {p}"));
        }
    }
    lines.join("\n")
}

/// Reads [`pool_to_text`]'s text; lines that are not a known level and 81 characters are
/// skipped.
pub fn pool_from_text(text: &str) -> Pool {
    let mut pool = Pool::new();
    for line in text.lines() {
        if let Some((level, p)) = line.split_once(' ')
            && POOL_LEVELS.contains(&level)
            && p.len() == 81
        {
            pool.entry(level.to_string()).or_default().push(p.to_string());
        }
    }
    pool
}

/// The ready puzzles kept from the last visit.
pub fn load_pool() -> Pool {
    storage()
        .and_then(|s| s.get_item(POOL_KEY).ok()?)
        .map(|t| pool_from_text(&t))
        .unwrap_or_default()
}

/// Keeps the ready puzzles for the next visit.
pub fn save_pool(pool: &Pool) {
    if let Some(s) = storage() {
        let _ = s.set_item(POOL_KEY, &pool_to_text(pool));
    }
}

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

/// The position in the URL hash, if it holds one of ours.
pub fn hash_position() -> Option<Position> {
    let hash = web_sys::window()?.location().hash().ok()?;
    if hash.trim_start_matches('#').is_empty() {
        return None;
    }
    Position::decode(&hash)
}

/// The history and settings to start with: the stored history, with the link's position as a
/// new last entry when the URL holds another one (so Undo goes back to the stored work); the
/// link's position alone in a fresh browser.
pub fn load() -> (History, Settings) {
    let settings = storage()
        .and_then(|s| s.get_item(SETTINGS_KEY).ok()?)
        .map(|t| Settings::from_text(&t))
        .unwrap_or_default();
    let stored =
        storage().and_then(|s| s.get_item(HISTORY_KEY).ok()?).and_then(|t| History::from_text(&t));
    let history = match (stored, hash_position()) {
        (Some(h), Some(p)) if h.current() == &p => h,
        (Some(mut h), Some(p)) => {
            h.push(p);
            h
        }
        (Some(h), None) => h,
        (None, Some(p)) => History::new(p),
        (None, None) => History::new(Position::default()),
    };
    (history, settings)
}

/// Writes the current position to the URL hash (replacing the history entry, so working does
/// not flood the back button) and the history and settings to local storage.
pub fn save(history: &History, settings: &Settings) {
    let Some(w) = web_sys::window() else { return };
    let hash = history.current().encode();
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
    if let Some(s) = storage() {
        let _ = s.set_item(HISTORY_KEY, &history.to_text());
        let _ = s.set_item(SETTINGS_KEY, &settings.to_text());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pool_round_trips_and_skips_junk() {
        let line = ".".repeat(81);
        let mut pool = Pool::new();
        pool.insert("hard".into(), vec![line.clone(), line.clone()]);
        let text = pool_to_text(&pool);
        assert_eq!(pool_from_text(&text), pool);
        assert!(pool_from_text("nonsense 123\nweird").is_empty());
    }
}
