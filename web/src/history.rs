//! Undo and redo: every position the person went through, each with its encoded text (made once,
//! when it is recorded), so saving the whole history to local storage is a join of strings.

use crate::position::Position;
use std::rc::Rc;

/// The most positions kept; the oldest go first.
pub const MAX_ENTRIES: usize = 400;

#[derive(Clone, PartialEq, Debug)]
struct Entry {
    pos: Position,
    code: String,
}

/// The positions in order and which one is current. Cloning is cheap (the entries are shared).
#[derive(Clone, PartialEq, Debug)]
pub struct History {
    entries: Vec<Rc<Entry>>,
    at: usize,
    /// Bumped by every change, so the page knows when to save.
    pub revision: u64,
}

impl History {
    /// A history holding one position.
    pub fn new(pos: Position) -> History {
        let code = pos.encode();
        History { entries: vec![Rc::new(Entry { pos, code })], at: 0, revision: 0 }
    }

    /// The current position.
    pub fn current(&self) -> &Position {
        &self.entries[self.at].pos
    }

    /// The current position's encoded text ([`Position::encode`]).
    pub fn current_code(&self) -> &str {
        &self.entries[self.at].code
    }

    /// Records `pos` as the new current position; the redo side is dropped.
    pub fn push(&mut self, pos: Position) {
        self.entries.truncate(self.at + 1);
        let code = pos.encode();
        self.entries.push(Rc::new(Entry { pos, code }));
        if self.entries.len() > MAX_ENTRIES {
            self.entries.remove(0);
        }
        self.at = self.entries.len() - 1;
        self.revision += 1;
    }

    /// Replaces the current position (a change that continues the last recorded one, like
    /// steps arriving while "Solve all" follows the path).
    pub fn replace(&mut self, pos: Position) {
        self.entries.truncate(self.at + 1);
        let code = pos.encode();
        self.entries[self.at] = Rc::new(Entry { pos, code });
        self.revision += 1;
    }

    /// Whether there is something to undo.
    pub fn can_undo(&self) -> bool {
        self.at > 0
    }

    /// Whether there is something to redo.
    pub fn can_redo(&self) -> bool {
        self.at + 1 < self.entries.len()
    }

    /// Steps back; the position before, if any.
    pub fn undo(&mut self) -> Option<&Position> {
        if !self.can_undo() {
            return None;
        }
        self.at -= 1;
        self.revision += 1;
        Some(self.current())
    }

    /// Steps forward again; the position after, if any.
    pub fn redo(&mut self) -> Option<&Position> {
        if !self.can_redo() {
            return None;
        }
        self.at += 1;
        self.revision += 1;
        Some(self.current())
    }

    /// The text kept in local storage: `v2`, the current index, then one encoded position per
    /// line.
    pub fn to_text(&self) -> String {
        let mut s = format!("v2\n{}", self.at);
        for e in &self.entries {
            s.push('\n');
            s.push_str(&e.code);
        }
        s
    }

    /// Reads [`History::to_text`]'s text; `None` when any line is not a position.
    pub fn from_text(text: &str) -> Option<History> {
        let mut lines = text.split('\n');
        if lines.next()? != "v2" {
            return None;
        }
        let at: usize = lines.next()?.parse().ok()?;
        let mut entries = Vec::new();
        for line in lines {
            let pos = if line.is_empty() { Position::default() } else { Position::decode(line)? };
            entries.push(Rc::new(Entry { pos, code: line.to_string() }));
        }
        if at >= entries.len() {
            return None;
        }
        Some(History { entries, at, revision: 0 })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::CellOrigin;

    #[test]
    fn undo_redo_and_text_round_trip() {
        let mut p = Position::default();
        let mut h = History::new(p.clone());
        p.place(0, 5, CellOrigin::Given).unwrap();
        h.push(p.clone());
        p.place(1, 3, CellOrigin::User).unwrap();
        h.push(p.clone());
        assert_eq!(h.undo().map(|q| q.value(1)), Some(0));
        assert_eq!(h.current_code(), h.current().encode());
        let back = History::from_text(&h.to_text()).expect("reads back");
        assert_eq!(back.current(), h.current());
        assert!(back.can_redo() && back.can_undo());
        assert_eq!(h.redo(), Some(&p));
        assert!(h.redo().is_none());
        h.undo();
        h.undo();
        assert!(h.undo().is_none());
        // A new change drops the redo side.
        h.push(p.clone());
        assert!(!h.can_redo());
        assert!(History::from_text("v2\n5\n").is_none());
        assert!(History::from_text("nonsense").is_none());
    }

    #[test]
    fn the_oldest_entries_go_first() {
        let mut h = History::new(Position::default());
        for k in 0..MAX_ENTRIES + 10 {
            let mut p = Position::default();
            p.place(k % 81, (k % 9) as u8 + 1, CellOrigin::Given).unwrap();
            h.push(p);
        }
        let mut n = 0;
        while h.undo().is_some() {
            n += 1;
        }
        assert_eq!(n, MAX_ENTRIES - 1);
    }
}
