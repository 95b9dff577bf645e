//! Keeping work: the URL hash (a link shares the puzzle and the step) and local storage (the
//! last state, restored when the page opens without a hash).
//!
//! The hash codec ([`encode_hash`], [`decode_hash`]) is plain Rust and tested natively; the
//! other functions touch the browser.

use crate::protocol::{CellOrigin, PlainBoard};

const STORAGE_KEY: &str = "deduku.v1.state";
const CANDIDATES_KEY: &str = "deduku.v1.candidates";

fn window() -> Option<web_sys::Window> {
    web_sys::window()
}

/// The position to start with: from the URL hash if it holds one, else from local storage.
pub fn load() -> Option<(PlainBoard, usize)> {
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

/// Writes the starting position and the step to the URL hash (replacing the history entry, so
/// stepping does not flood the back button) and, with the candidates toggle, to local storage.
pub fn save(start: &PlainBoard, cursor: usize, show_candidates: bool) {
    let Some(w) = window() else { return };
    let hash = encode_hash(start, cursor);
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
        let _ = s.set_item(CANDIDATES_KEY, if show_candidates { "1" } else { "0" });
    }
}

/// Encodes a starting position and a step for the URL hash: `g=` givens, `u=` the other
/// digits (typed or placed), `c=` candidate masks when they differ from what the digits
/// allow, `s=` the step. The empty grid encodes as the empty text.
pub fn encode_hash(start: &PlainBoard, cursor: usize) -> String {
    let b = start;
    if b.is_empty() {
        return String::new();
    }
    let line = |keep: &dyn Fn(usize) -> bool| -> String {
        (0..81)
            .map(|i| if keep(i) && b.value(i) != 0 { (b'0' + b.value(i)) as char } else { '.' })
            .collect()
    };
    let mut s = format!("g={}", line(&|i| b.origin(i) == CellOrigin::Given));
    if (0..81).any(|i| matches!(b.origin(i), CellOrigin::User | CellOrigin::Solver)) {
        s.push_str("&u=");
        s.push_str(&line(&|i| b.origin(i) != CellOrigin::Given));
    }
    let plain = decode_hash(&s).map(|(p, _)| p);
    if plain.as_ref().is_some_and(|p| p.cands != b.cands) {
        s.push_str("&c=");
        for i in 0..81 {
            let m = b.cand_mask(i) & 0x1ff;
            s.push(B32[(m >> 5) as usize] as char);
            s.push(B32[(m & 31) as usize] as char);
        }
    }
    if cursor > 0 {
        s.push_str(&format!("&s={cursor}"));
    }
    s
}

const B32: &[u8; 32] = b"0123456789abcdefghijklmnopqrstuv";

/// Decodes [`encode_hash`]'s text (a leading `#` is allowed); `None` when it is not ours.
pub fn decode_hash(hash: &str) -> Option<(PlainBoard, usize)> {
    let hash = hash.trim_start_matches('#');
    let mut givens = None;
    let mut user = None;
    let mut cands = None;
    let mut step = 0usize;
    for part in hash.split('&') {
        let (k, v) = part.split_once('=')?;
        match k {
            "g" => givens = Some(v),
            "u" => user = Some(v),
            "c" => cands = Some(v),
            "s" => step = v.parse().ok()?,
            _ => {}
        }
    }
    let digits = |s: &str| -> Option<[u8; 81]> {
        let b = s.as_bytes();
        if b.len() != 81 {
            return None;
        }
        let mut out = [0u8; 81];
        for (o, &ch) in out.iter_mut().zip(b) {
            *o = if ch.is_ascii_digit() { ch - b'0' } else { 0 };
        }
        Some(out)
    };
    let g = digits(givens?)?;
    let u = match user {
        Some(u) => digits(u)?,
        None => [0; 81],
    };
    let mut values = [0u8; 81];
    let mut origin = [deduku::Origin::Empty; 81];
    let mut is_user = [false; 81];
    for i in 0..81 {
        if g[i] != 0 {
            values[i] = g[i];
            origin[i] = deduku::Origin::Given;
        } else if u[i] != 0 {
            values[i] = u[i];
            origin[i] = deduku::Origin::Placed;
            is_user[i] = true;
        }
    }
    let mut board = deduku::Board::from_parts(&values, &origin);
    if let Some(c) = cands {
        let b = c.as_bytes();
        if b.len() != 162 {
            return None;
        }
        let val = |ch: u8| B32.iter().position(|&x| x == ch).map(|p| p as u16);
        let mut masks = [deduku::DigitSet::ALL; 81];
        for i in 0..81 {
            masks[i] = deduku::DigitSet::from_bits((val(b[2 * i])? << 5) | val(b[2 * i + 1])?);
        }
        board = deduku::Board::from_candidates(&values, &origin, &masks);
    }
    Some((PlainBoard::from_board_with_user(&board, &is_user), step))
}

#[cfg(test)]
mod tests {
    use super::*;

    const EASY: &str =
        "530070000600195000098000060800060003400803001700020006060000280000419005000080079";

    fn easy() -> deduku::Board {
        deduku::format::parse(EASY).expect("a puzzle")
    }

    #[test]
    fn hash_round_trips_start_and_cursor() {
        // r1c3 is empty in EASY: type a 4 there, as the user would while solving.
        let mut board = easy();
        board.place(deduku::Cell::from_index(2), deduku::Digit::new(4).unwrap());
        let mut user = [false; 81];
        user[2] = true;
        let start = PlainBoard::from_board_with_user(&board, &user);
        let h = encode_hash(&start, 2);
        assert!(h.contains("&s=2") && h.contains("&u="), "{h}");
        let (b, s) = decode_hash(&format!("#{h}")).expect("decodes");
        assert_eq!(b, start);
        assert_eq!(s, 2);
        assert!(decode_hash("#g=123").is_none());
        assert!(decode_hash("#hello").is_none());
        assert_eq!(encode_hash(&PlainBoard::default(), 3), "");
    }

    #[test]
    fn hash_keeps_eliminated_candidates() {
        let plain = PlainBoard::from_board(&easy());
        assert!(!encode_hash(&plain, 0).contains("&c="));
        // Eliminate 1 from r1c3 (candidates 1 2 4), as a step would.
        let mut start = plain.clone();
        start.cands[2] &= !1;
        let start = PlainBoard::from_board(&start.to_board());
        assert_ne!(start.cands, plain.cands);
        let h = encode_hash(&start, 0);
        assert!(h.contains("&c="), "{h}");
        let (b, _) = decode_hash(&h).unwrap();
        assert_eq!(b.cands, start.cands);
    }
}
