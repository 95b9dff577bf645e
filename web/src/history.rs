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

/// Why a stored history could not be read at all.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Unreadable {
    /// It says it was written by another version of the page (`v1`, `v3`…).
    OtherVersion,
    /// Not a history.
    Garbage,
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

    /// [`History::to_text`] without the `first` oldest entries (at most those before the
    /// current one): what is kept when the storage is full.
    pub fn to_text_from(&self, first: usize) -> String {
        let first = first.min(self.at);
        let mut s = format!("v2\n{}", self.at - first);
        for e in &self.entries[first..] {
            s.push('\n');
            s.push_str(&e.code);
        }
        s
    }

    /// How many positions it holds.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether it holds none (never: a history has its current position).
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Reads a stored history, keeping what it can: the positions that read back, with the
    /// current one moved to the nearest kept position before it. `Ok` with the number of lines
    /// dropped; `Err` says why nothing could be kept.
    pub fn from_text_lossy(text: &str) -> Result<(History, usize), Unreadable> {
        let mut lines = text.split('\n');
        let head = lines.next().unwrap_or_default();
        if head != "v2" {
            let other = head.len() <= 4
                && head.starts_with('v')
                && head[1..].bytes().all(|b| b.is_ascii_digit())
                && head.len() > 1;
            return Err(if other { Unreadable::OtherVersion } else { Unreadable::Garbage });
        }
        let at: Option<usize> = lines.next().and_then(|l| l.parse().ok());
        let mut entries = Vec::new();
        let mut kept_at = None;
        let mut dropped = 0;
        for (k, line) in lines.enumerate() {
            let pos =
                if line.is_empty() { Some(Position::default()) } else { Position::decode(line) };
            match pos {
                Some(pos) => {
                    if at.is_some_and(|at| k <= at) || kept_at.is_none() {
                        kept_at = Some(entries.len());
                    }
                    entries.push(Rc::new(Entry { pos, code: line.to_string() }));
                }
                None => dropped += 1,
            }
            if entries.len() > MAX_ENTRIES {
                entries.remove(0);
            }
        }
        let at = match at {
            Some(_) => kept_at.unwrap_or(0).min(entries.len().saturating_sub(1)),
            None => {
                dropped += 1;
                entries.len().saturating_sub(1)
            }
        };
        if entries.is_empty() {
            return Err(Unreadable::Garbage);
        }
        Ok((History { entries, at, revision: 0 }, dropped))
    }

    /// This history written after `under`, another tab's, so that neither loses its positions:
    /// `under`'s positions first, then this one's that `under` does not hold, the current
    /// position this one's (the oldest go first past [`MAX_ENTRIES`]).
    pub fn merged_over(&self, under: &History) -> History {
        let mut entries: Vec<Rc<Entry>> = under.entries.clone();
        let known: std::collections::HashSet<&str> =
            under.entries.iter().map(|e| e.code.as_str()).collect();
        entries.extend(self.entries.iter().filter(|e| !known.contains(e.code.as_str())).cloned());
        let excess = entries.len().saturating_sub(MAX_ENTRIES);
        entries.drain(..excess);
        let current = self.current_code();
        let at = entries.iter().rposition(|e| e.code == current).unwrap_or(entries.len() - 1);
        History { entries, at, revision: self.revision }
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

    fn history_of(n: usize) -> History {
        let mut h = History::new(Position::default());
        for k in 0..n {
            let mut p = Position::default();
            p.place(k, 1 + (k % 9) as u8, CellOrigin::Given).unwrap();
            h.push(p);
        }
        h
    }

    #[test]
    fn a_damaged_history_keeps_what_reads_back() {
        let h = history_of(4);
        let text = h.to_text();
        assert_eq!(
            History::from_text_lossy(&text).map(|(b, n)| (b.current().clone(), n)),
            Ok((h.current().clone(), 0))
        );
        // The last line cut short: that position goes, the current one moves back to the last kept.
        let cut = &text[..text.len() - 5];
        let (back, dropped) = History::from_text_lossy(cut).expect("the rest is kept");
        assert_eq!((back.len(), dropped), (4, 1));
        assert_eq!(back.current_code(), text.split('\n').nth(5).unwrap());
        // A garbage line in the middle goes alone.
        let mut lines: Vec<&str> = text.split('\n').collect();
        lines[3] = "g=12&&&";
        let (back, dropped) = History::from_text_lossy(&lines.join("\n")).expect("kept");
        assert_eq!((back.len(), dropped, back.current_code()), (4, 1, h.current_code()));
        assert_eq!(History::from_text_lossy("v1\n0\nabc").unwrap_err(), Unreadable::OtherVersion);
        assert_eq!(History::from_text_lossy("{\"a\":").unwrap_err(), Unreadable::Garbage);
        assert_eq!(History::from_text_lossy("").unwrap_err(), Unreadable::Garbage);
        assert_eq!(History::from_text_lossy("v2\nx\nnope").unwrap_err(), Unreadable::Garbage);
    }

    #[test]
    fn trimmed_and_merged_texts_keep_the_current_position() {
        let h = history_of(5);
        let t = History::from_text(&h.to_text_from(3)).expect("reads back");
        assert_eq!((t.len(), t.current()), (3, h.current()));
        let mut other = history_of(2);
        let mut p = Position::default();
        p.place(80, 9, CellOrigin::Given).unwrap();
        other.push(p);
        let m = h.merged_over(&other);
        // The other tab's four, then this one's three not among them; current stays ours.
        assert_eq!(m.len(), 4 + 3);
        assert_eq!(m.current(), h.current());
        assert!(other.entries.iter().all(|e| m.entries.iter().any(|f| f.code == e.code)));
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
