//! Keeping work: the URL hash holds the current position (a link shares givens, digits of each
//! kind, notes and colours), and local storage holds the whole undo history and the person's
//! settings, restored when the page opens.
//!
//! Local storage is written at once; the hash is written just after the next frame is drawn
//! ([`save`]): `history.replaceState` brings the layout up to date (Chromium saves the scroll
//! anchor with the entry), so called right after Yew changed the DOM it would lay the page out
//! a second time inside the same task. A link copied meanwhile is taken after writing the
//! pending hash ([`page_link`]), and a reload in between opens the stored history, not the
//! hash it lags behind ([`load`]).
//!
//! The codecs are plain Rust ([`Position::encode`], [`History::to_text`],
//! [`Settings::to_text`]) and tested natively; the functions here only touch the browser.

use crate::history::{History, Unreadable};
use crate::position::Position;
use crate::state::{POOL_LEVELS, Pool, Settings};
use std::cell::RefCell;
use wasm_bindgen::JsCast;
use wasm_bindgen::closure::Closure;

const HISTORY_KEY: &str = "deduku.v2.history";
const SETTINGS_KEY: &str = "deduku.v2.settings";
const POOL_KEY: &str = "deduku.v2.pool";
/// The Learn place's drill progress (link-free: never in the hash).
const PROGRESS_KEY: &str = "deduku.v2.learn";
/// The last text this page wrote to the URL hash.
const LINK_KEY: &str = "deduku.v2.link";

thread_local! {
    /// The hash waiting for the next frame to be written, if any.
    static PENDING_HASH: RefCell<Option<String>> = const { RefCell::new(None) };
    /// The stored history text as this tab last read or wrote it: when the stored one differs,
    /// another tab wrote since, and [`save`] merges instead of overwriting.
    static LAST_HISTORY: RefCell<Option<String>> = const { RefCell::new(None) };
    /// Whether the person was told that the storage is full (once a visit).
    static TOLD_FULL: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

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

/// What the Learn place keeps across visits: the drill progress, the drill being worked on,
/// the drills kept ready (technique ID and puzzle).
pub type Learnt = (
    crate::state::Progress,
    Option<crate::state::Kept>,
    std::collections::BTreeMap<String, String>,
);

/// The drill progress, the drill being worked on and the drills kept ready from the last visit
/// (nothing of what cannot be read).
pub fn load_progress() -> Learnt {
    let text = storage().and_then(|s| s.get_item(PROGRESS_KEY).ok()?).unwrap_or_default();
    (
        crate::state::progress_from_text(&text),
        crate::state::Kept::from_text(&text),
        crate::state::ready_from_text(&text),
    )
}

/// Keeps the drill progress, the drill being worked on and the drills ready for the next visit.
pub fn save_progress(learn: &crate::state::Learn) {
    if let Some(s) = storage() {
        let text = crate::state::learn_to_text(&learn.progress, learn.kept.as_ref(), &learn.ready);
        let _ = s.set_item(PROGRESS_KEY, &text);
    }
}

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

/// The URL hash without its `#`.
fn url_hash() -> Option<String> {
    let hash = web_sys::window()?.location().hash().ok()?;
    Some(hash.trim_start_matches('#').to_string())
}

/// The position in the URL hash, if it holds one of ours.
pub fn hash_position() -> Option<Position> {
    decode_hash(&url_hash()?)
}

/// The position in the fragment of `url` (`…#code`), if it holds one of ours. A `hashchange`
/// reads the URL it went to from the event, not from the address bar: a hash this page writes
/// (see [`save`]) may land between the navigation and the event, and must not win over a link
/// the person opened.
pub fn url_position(url: &str) -> Option<Position> {
    decode_hash(url.split_once('#')?.1)
}

fn decode_hash(hash: &str) -> Option<Position> {
    if hash.is_empty() {
        return None;
    }
    Position::decode(hash)
}

/// What is wrong with the link in the fragment of `url`, when it holds something that is not a
/// position.
pub fn url_problem(url: &str) -> Option<String> {
    let hash = url.split_once('#')?.1;
    match Position::decode_why(hash) {
        Err(why) if !hash.is_empty() => Some(format!("The link could not be read: {why}.")),
        _ => None,
    }
}

/// The history and settings to start with: the stored history, with the link's position as a
/// new last entry when the URL holds another one (so Undo goes back to the stored work); the
/// link's position alone in a fresh browser. A hash this page wrote itself is not another
/// position: the page was reloaded before the hash caught up with the stored history. A first
/// visit (nothing stored, no link) opens the puzzle of the day at the settings' level
/// ([`crate::daily`]); the third value says so. The fourth says what could not be read and
/// was dropped (a damaged history keeps the positions that read back, a link that is not a
/// position is named), for the page to show: nothing stored or linked stops the page opening.
pub fn load() -> (History, Settings, bool, Option<String>) {
    let settings = storage()
        .and_then(|s| s.get_item(SETTINGS_KEY).ok()?)
        .map(|t| Settings::from_text(&t))
        .unwrap_or_default();
    let text = storage().and_then(|s| s.get_item(HISTORY_KEY).ok()?);
    LAST_HISTORY.with(|l| *l.borrow_mut() = text.clone());
    let mut said = Vec::new();
    let stored = match text.as_deref().map(History::from_text_lossy) {
        None => None,
        Some(Ok((h, 0))) => Some(h),
        Some(Ok((h, n))) => {
            said.push(format!(
                "{n} saved position{} of the undo history could not be read and {} dropped; the \
                 rest is kept.",
                if n == 1 { "" } else { "s" },
                if n == 1 { "was" } else { "were" }
            ));
            Some(h)
        }
        Some(Err(why)) => {
            said.push(
                match why {
                    Unreadable::OtherVersion => {
                        "The saved history was written by another version of the page and \
                         could not be read"
                    }
                    Unreadable::Garbage => "The saved history could not be read",
                }
                .to_string(),
            );
            None
        }
    };
    let hash = url_hash().unwrap_or_default();
    let linked = match Position::decode_why(&hash) {
        _ if hash.is_empty() => None,
        Ok(p) => Some(p),
        Err(why) => {
            said.push(format!("The link could not be read: {why}"));
            None
        }
    };
    let ours = storage()
        .and_then(|s| s.get_item(LINK_KEY).ok()?)
        .is_some_and(|written| !hash.is_empty() && hash == written);
    let kept = match (&stored, &linked) {
        (None, Some(_)) => "the puzzle of the link is shown",
        (Some(_), _) => "your current puzzle is kept",
        (None, None) => "today's puzzle is shown instead",
    };
    // Sentences without their own ending get what was kept.
    let warning = (!said.is_empty()).then(|| {
        said.iter()
            .map(|t| if t.ends_with('.') { t.clone() } else { format!("{t}; {kept}.") })
            .collect::<Vec<_>>()
            .join(" ")
    });
    let history = match (stored, linked) {
        (Some(h), Some(p)) if ours || h.current() == &p => h,
        (Some(mut h), Some(p)) => {
            h.push(p);
            h
        }
        (Some(h), None) => h,
        (None, Some(p)) => History::new(p),
        (None, None) => {
            let day = (js_sys::Date::now() / 86_400_000.0) as u64;
            let givens = crate::daily::puzzle_of_the_day(&settings.level, day);
            let first = givens.map(|g| Position::from_givens(&g)).unwrap_or_default();
            let first_visit = givens.is_some() && warning.is_none();
            return (History::new(first), settings, first_visit, warning);
        }
    };
    (history, settings, false, warning)
}

/// Writes the history to local storage: merged with another tab's when one wrote since this
/// tab last did ([`History::merged_over`]: the later writer keeps the other's positions), and
/// when the storage is full, without the oldest positions, as many as it takes. Returns a
/// message the first time positions had to be left out, or nothing could be written.
fn save_history(s: &web_sys::Storage, history: &History) -> Option<String> {
    let stored = s.get_item(HISTORY_KEY).ok().flatten();
    let last = LAST_HISTORY.with(|l| l.borrow().clone());
    let merged;
    let history = match stored.as_deref().filter(|t| last.as_deref() != Some(*t)) {
        Some(other) => match History::from_text_lossy(other) {
            Ok((other, _)) => {
                merged = history.merged_over(&other);
                &merged
            }
            Err(_) => history,
        },
        None => history,
    };
    let mut first = 0;
    loop {
        let text = history.to_text_from(first);
        if s.set_item(HISTORY_KEY, &text).is_ok() {
            LAST_HISTORY.with(|l| *l.borrow_mut() = Some(text));
            if first == 0 || TOLD_FULL.with(|t| t.replace(true)) {
                return None;
            }
            return Some(format!(
                "The browser's storage is full: the {first} oldest positions of the undo history \
                 are not saved; your current puzzle is."
            ));
        }
        if first >= history.len().saturating_sub(1) {
            if TOLD_FULL.with(|t| t.replace(true)) {
                return None;
            }
            return Some(
                "The browser's storage is full: your work is not saved; it stays on this page \
                 and in its link."
                    .to_string(),
            );
        }
        first = (first * 2).max(1).min(history.len() - 1);
    }
}

/// Writes the history and settings to local storage, and the current position to the URL
/// hash just after the next frame (replacing the history entry, so working does not flood the
/// back button). Several saves before that frame write the hash once, the last one. Returns a
/// message for the person when the storage is full (the oldest positions are left out).
pub fn save(history: &History, settings: &Settings) -> Option<String> {
    let mut said = None;
    if let Some(s) = storage() {
        said = save_history(&s, history);
        let _ = s.set_item(SETTINGS_KEY, &settings.to_text());
    }
    let code = history.current_code().to_string();
    let scheduled = PENDING_HASH.with(|p| p.borrow_mut().replace(code).is_some());
    if !scheduled {
        after_next_frame(write_pending_hash);
    }
    said
}

/// Runs `f` in a task of its own just after the next frame is drawn, when the layout is up to
/// date, and again after half a second, for when no frame comes (a hidden tab): `f` must do its
/// work once however often it is called. Also the page's first render's
/// ([`crate::hooks::use_after_first_paint`]).
pub fn after_next_frame(f: impl Fn() + Clone + 'static) {
    let Some(w) = web_sys::window() else { return };
    let first = f.clone();
    let in_task = Closure::once_into_js(move || {
        if let Some(w) = web_sys::window() {
            let run = Closure::once_into_js(first);
            let _ = w.set_timeout_with_callback(run.unchecked_ref());
        }
    });
    let _ = w.request_animation_frame(in_task.unchecked_ref());
    let _ = w.set_timeout_with_callback_and_timeout_and_arguments_0(
        Closure::once_into_js(f).unchecked_ref(),
        500,
    );
}

/// Writes the hash [`save`] left for later, if any.
fn write_pending_hash() {
    let Some(hash) = PENDING_HASH.with(|p| p.borrow_mut().take()) else { return };
    let Some(w) = web_sys::window() else { return };
    if url_hash().unwrap_or_default() != hash {
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
        let _ = s.set_item(LINK_KEY, &hash);
    }
}

/// The page's address with the current position (what Copy link copies): the pending hash is
/// written first.
pub fn page_link() -> String {
    write_pending_hash();
    web_sys::window().and_then(|w| w.location().href().ok()).unwrap_or_default()
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

    #[test]
    fn a_link_gives_its_position_and_nothing_else_does() {
        let mut givens = [0u8; 81];
        givens[..9].copy_from_slice(&[5, 3, 0, 0, 7, 0, 0, 0, 0]);
        let pos = Position::from_givens(&givens);
        let code = pos.encode();
        let got = url_position(&format!("http://127.0.0.1:8080/?x=1#{code}")).expect("a position");
        assert_eq!(got.encode(), code);
        assert!(url_position("http://127.0.0.1:8080/").is_none(), "no fragment");
        assert!(url_position("http://127.0.0.1:8080/#").is_none(), "an empty one");
        assert!(url_position("http://127.0.0.1:8080/#not-ours").is_none(), "not a position");
    }
}
