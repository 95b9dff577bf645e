//! Where a finder of one digit, one house, or one box and line last found nothing.
//!
//! Several finders look at one digit at a time, and what they find for a digit depends on that
//! digit's candidates alone (its cells): locked candidates, the single-digit patterns, simple
//! and multi colours, X-Chains. Others look at one house at a time and depend on its cells'
//! candidates alone: the naked and hidden subsets. Sue de Coq looks at a box and a line
//! crossing it. A step of the path changes few digits and houses, and the finders are asked
//! again at the next position. So, per thread, technique and part (digit, house, or box and
//! line), the *key* of the part (a digit's cells, or its houses' candidates) in which the
//! finder last offered no step that changes the board is kept, and a part whose key is that
//! again is not searched: it would offer none again. (The basic fish keep what they found, not
//! only nothing: `fish.rs`.)

use crate::board::Board;
use crate::grid::{Digit, House};
use crate::logic::{Sink, Technique};
use std::cell::RefCell;
use std::ops::ControlFlow;

/// The parts of [`per_box_and_line`]: each of the 9 boxes with each of the 6 lines crossing it.
pub(crate) const BOX_AND_LINE_PARTS: usize = 54;

/// Parts per technique: 9 digits, 27 houses, or the boxes with a line crossing them.
const PARTS: usize = BOX_AND_LINE_PARTS;

/// What a finder reads of one part: a digit's or a house's word (the second 0), or two
/// houses'.
pub(crate) type Key = (u128, u128);

thread_local! {
    /// Per technique (`technique as usize`; a list only for those that keep notes) and part,
    /// the part's key when its search last found nothing.
    static EMPTY_IN: RefCell<Vec<Vec<Option<Key>>>> = const { RefCell::new(Vec::new()) };
}

/// What a one-digit finder reads of `board`: the digit's cells (the key's second word 0).
pub(crate) fn digit_key(board: &Board, d: Digit) -> Key {
    (board.digit_cells(d).bits(), 0)
}

/// What a one-house finder reads of `board`: the candidates of the house's cells, nine bits
/// each (a filled cell has none; an empty one without any is a contradiction, which no finder
/// is asked about).
pub(crate) fn house_key(board: &Board, h: House) -> u128 {
    h.cells().into_iter().fold(0, |k, c| k << 9 | u128::from(board.candidates(c).bits()))
}

/// [`house_key`] as the key of a part of [`per_house`] (the second word 0).
fn house_part_key(board: &Board, h: House) -> Key {
    (house_key(board, h), 0)
}

/// Whether `t`'s search of `part` (a digit's, a house's, or a box and line's index) found
/// nothing the last time, with the same `key`.
pub(crate) fn known(t: Technique, part: usize, key: Key) -> bool {
    EMPTY_IN.with(|e| {
        e.borrow().get(t as usize).and_then(|n| n.get(part)).is_some_and(|&k| k == Some(key))
    })
}

/// Notes that `t`'s search of `part` found nothing with `key`, or (`nothing` false) that it
/// found something.
pub(crate) fn note(t: Technique, part: usize, key: Key, nothing: bool) {
    EMPTY_IN.with(|e| {
        let mut e = e.borrow_mut();
        if e.len() <= t as usize {
            e.resize_with(Technique::ALL.len(), Vec::new);
        }
        let notes = &mut e[t as usize];
        if notes.is_empty() {
            notes.resize(PARTS, None);
        }
        notes[part] = nothing.then_some(key);
    });
}

/// Runs `search`, `t`'s search of `part` pushing into `sink`, unless it found nothing with the
/// part's present `key` the last time; notes whether it offers the sink a step that changes
/// the board this time (a search the sink stopped or filled is not noted as empty).
pub(crate) fn per_part(
    t: Technique,
    part: usize,
    key: Key,
    sink: &mut Sink,
    search: impl FnOnce(&mut Sink) -> ControlFlow<()>,
) -> ControlFlow<()> {
    if known(t, part, key) {
        return ControlFlow::Continue(());
    }
    let offered = sink.offered();
    let flow = search(sink);
    let nothing = flow.is_continue() && sink.offered() == offered && !sink.was_stopped();
    note(t, part, key, nothing);
    flow
}

/// Box `b` and the `k`-th line crossing it (its three rows, then its three columns): part
/// `6 * b + k` of [`per_box_and_line`].
pub(crate) fn box_and_line(part: usize) -> (House, House) {
    let (b, k) = (part / 6, part % 6);
    let line = if k < 3 { House::row(3 * (b / 3) + k) } else { House::col(3 * (b % 3) + k - 3) };
    (House::boxx(b), line)
}

/// The key of part `part` of [`per_box_and_line`]: both houses' candidates.
pub(crate) fn box_and_line_key(board: &Board, part: usize) -> Key {
    let (boxx, line) = box_and_line(part);
    (house_key(board, boxx), house_key(board, line))
}

/// [`per_part`] for part `part` of [`box_and_line`], keyed by both houses' candidates.
pub(crate) fn per_box_and_line(
    board: &Board,
    t: Technique,
    part: usize,
    sink: &mut Sink,
    search: impl FnOnce(&mut Sink) -> ControlFlow<()>,
) -> ControlFlow<()> {
    per_part(t, part, box_and_line_key(board, part), sink, search)
}

/// [`per_part`] for digit `d`, keyed by its cells.
pub(crate) fn per_digit(
    board: &Board,
    t: Technique,
    d: Digit,
    sink: &mut Sink,
    search: impl FnOnce(&mut Sink) -> ControlFlow<()>,
) -> ControlFlow<()> {
    per_part(t, d.index(), digit_key(board, d), sink, search)
}

/// [`per_part`] for house `h`, keyed by its cells' candidates.
pub(crate) fn per_house(
    board: &Board,
    t: Technique,
    h: House,
    sink: &mut Sink,
    search: impl FnOnce(&mut Sink) -> ControlFlow<()>,
) -> ControlFlow<()> {
    per_part(t, h.index(), house_part_key(board, h), sink, search)
}

/// Forgets every note of this thread (for tests that compare with a fresh search).
#[cfg(test)]
pub(crate) fn forget() -> Vec<Vec<Option<Key>>> {
    EMPTY_IN.with(|e| e.take())
}

/// Puts back notes taken by [`forget`].
#[cfg(test)]
pub(crate) fn restore(notes: Vec<Vec<Option<Key>>>) {
    EMPTY_IN.with(|e| *e.borrow_mut() = notes);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::find_all;

    /// A part skipped for having given nothing before with the same key would give nothing
    /// again: at the positions of `path_positions`, every finder that keeps notes, asked with
    /// the notes the positions before left, finds the same steps as with none kept.
    #[test]
    fn a_part_skipped_would_find_nothing() {
        let techniques = [
            Technique::Skyscraper,
            Technique::TwoStringKite,
            Technique::TurbotFish,
            Technique::EmptyRectangle,
            Technique::SimpleColorsTrap,
            Technique::SimpleColorsWrap,
            Technique::MultiColors,
            Technique::XChain,
            Technique::LockedCandidatesPointing,
            Technique::LockedCandidatesClaiming,
            Technique::NakedPair,
            Technique::NakedTriple,
            Technique::NakedQuad,
            Technique::HiddenPair,
            Technique::HiddenTriple,
            Technique::HiddenQuad,
            Technique::SueDeCoq,
        ];
        let (mut skipped, mut found) = (0, 0);
        crate::test_support::path_positions(|b| {
            for t in techniques {
                skipped += if t.family() == crate::logic::Family::Subsets {
                    House::all().filter(|&h| known(t, h.index(), house_part_key(b, h))).count()
                } else if t == Technique::SueDeCoq {
                    (0..BOX_AND_LINE_PARTS)
                        .filter(|&part| known(t, part, box_and_line_key(b, part)))
                        .count()
                } else {
                    Digit::all()
                        .filter(|&d| {
                            !b.digit_cells(d).is_empty() && known(t, d.index(), digit_key(b, d))
                        })
                        .count()
                };
                let notes = forget();
                let fresh = find_all(b, t);
                restore(notes);
                let kept = find_all(b, t);
                assert_eq!(kept, fresh, "{} in {}", t.id(), crate::format::to_line(b));
                found += fresh.len();
            }
        });
        assert!(skipped > 1000 && found > 100, "{skipped} parts skipped, {found} steps found");
    }
}
