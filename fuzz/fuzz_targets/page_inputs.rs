//! Fuzzes what the page reads from outside itself, besides pastes and files (the `parse` target):
//! the link's hash (`Position::decode`, with its message for the person), and the four texts kept
//! in local storage (the undo history, the settings, the pool of ready puzzles, the drill
//! progress), including the merge of two tabs' histories. No input may panic; whatever is read must
//! write back to a text that reads back the same.
//!
//! The input is one text, or two texts separated by a NUL (two tabs' stored histories).
#![no_main]

use deduku_web::history::History;
use deduku_web::persist::{pool_from_text, pool_to_text};
use deduku_web::position::Position;
use deduku_web::state::{
    Kept, Settings, learn_to_text, progress_from_text, progress_to_text, ready_from_text,
};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(input) = std::str::from_utf8(data) else { return };
    let (text, other) = input.split_once('\0').unwrap_or((input, ""));

    // The link: a position, or a message for the person; a position writes back to a link
    // that reads back as the same position.
    match Position::decode_why(text) {
        Ok(p) => {
            let link = p.encode();
            assert_eq!(Position::decode(&link).as_ref(), Some(&p), "{text:?} → {link:?}");
            assert_eq!(Position::decode(&format!("#{link}")).as_ref(), Some(&p));
        }
        Err(why) => assert!(!why.is_empty()),
    }

    // The stored history: what could be kept writes back to a text that reads back whole, and
    // so do the texts the storage-full path writes (the oldest left out) and the merge of two
    // tabs' histories (which keeps this tab's current position).
    if let Ok((h, _dropped)) = History::from_text_lossy(text) {
        assert!(!h.is_empty());
        let stored = h.to_text();
        let back = History::from_text(&stored).expect("a kept history reads back");
        assert_eq!(back.to_text(), stored);
        assert_eq!(back.current(), h.current());
        for first in [1, 2, h.len()] {
            let trimmed = h.to_text_from(first);
            let back = History::from_text(&trimmed).expect("a trimmed history reads back");
            assert_eq!(back.current(), h.current(), "{trimmed:?}");
        }
        if let Ok((under, _)) = History::from_text_lossy(other) {
            let merged = h.merged_over(&under);
            assert_eq!(merged.current(), h.current());
            let back = History::from_text(&merged.to_text()).expect("a merged history reads back");
            assert_eq!(back.current(), h.current());
        }
    }

    // The settings keep their defaults where the text says nothing readable, and write back
    // to the same settings.
    let settings = Settings::from_text(text);
    assert_eq!(Settings::from_text(&settings.to_text()), settings);

    // The pool keeps only lines of a known level and 81 characters, and writes back whole.
    let pool = pool_from_text(text);
    assert_eq!(pool_from_text(&pool_to_text(&pool)), pool);

    // The Learn place's drill progress: what reads back writes back to the same progress.
    let progress = progress_from_text(text);
    assert_eq!(progress_from_text(&progress_to_text(&progress)), progress);
    // And the drill kept across a reload, stored after it.
    let kept = Kept::from_text(text);
    let ready = ready_from_text(text);
    let all = learn_to_text(&progress, kept.as_ref(), &ready);
    assert_eq!(
        (progress_from_text(&all), Kept::from_text(&all), ready_from_text(&all)),
        (progress, kept, ready)
    );
});
