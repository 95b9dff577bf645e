//! Where a finder of one digit or one house last found nothing.
//!
//! Several finders look at one digit at a time, and what they find for a digit depends on that
//! digit's candidates alone (its cells): locked candidates, the single-digit patterns, simple
//! and multi colours, X-Chains. Others look at one house at a time and depend on its cells' candidates alone: the
//! naked and hidden subsets. A step of the path changes few digits and houses, and the finders
//! are asked again at the next position. So, per thread, technique and part (digit or house),
//! the *key* of the part (a digit's cells, or a house's candidates) in which the finder last
//! offered no step that changes the board is kept, and a part whose key is that again is not
//! searched: it would offer none again. (The basic fish keep what they found, not only
//! nothing: `fish.rs`.)

use crate::board::Board;
use crate::grid::{Digit, House};
use crate::logic::{Sink, Technique};
use std::cell::RefCell;
use std::ops::ControlFlow;

/// Parts per technique: 9 digits, or 27 houses.
const PARTS: usize = 27;

thread_local! {
    /// Per technique and part (`technique as usize * PARTS + part`), the part's key when its
    /// search last found nothing.
    static EMPTY_IN: RefCell<Vec<Option<u128>>> = const { RefCell::new(Vec::new()) };
}

/// What a one-digit finder reads of `board`: the digit's cells.
pub(crate) fn digit_key(board: &Board, d: Digit) -> u128 {
    board.digit_cells(d).bits()
}

/// What a one-house finder reads of `board`: the candidates of the house's cells, nine bits
/// each (a filled cell has none; an empty one without any is a contradiction, which no finder
/// is asked about).
pub(crate) fn house_key(board: &Board, h: House) -> u128 {
    h.cells().into_iter().fold(0, |k, c| k << 9 | u128::from(board.candidates(c).bits()))
}

fn slot(t: Technique, part: usize) -> usize {
    t as usize * PARTS + part
}

/// Whether `t`'s search of `part` (a digit's or a house's index) found nothing the last time,
/// with the same `key`.
pub(crate) fn known(t: Technique, part: usize, key: u128) -> bool {
    EMPTY_IN.with(|e| e.borrow().get(slot(t, part)).is_some_and(|&k| k == Some(key)))
}

/// Notes that `t`'s search of `part` found nothing with `key`, or (`nothing` false) that it
/// found something.
pub(crate) fn note(t: Technique, part: usize, key: u128, nothing: bool) {
    EMPTY_IN.with(|e| {
        let mut e = e.borrow_mut();
        if e.is_empty() {
            e.resize(Technique::ALL.len() * PARTS, None);
        }
        e[slot(t, part)] = nothing.then_some(key);
    });
}

/// Runs `search`, `t`'s search of `part` pushing into `sink`, unless it found nothing with the
/// part's present `key` the last time; notes whether it offers the sink a step that changes
/// the board this time (a search the sink stopped or filled is not noted as empty).
pub(crate) fn per_part(
    t: Technique,
    part: usize,
    key: u128,
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
    per_part(t, h.index(), house_key(board, h), sink, search)
}

/// Forgets every note of this thread (for tests that compare with a fresh search).
#[cfg(test)]
pub(crate) fn forget() -> Vec<Option<u128>> {
    EMPTY_IN.with(|e| e.take())
}

/// Puts back notes taken by [`forget`].
#[cfg(test)]
pub(crate) fn restore(notes: Vec<Option<u128>>) {
    EMPTY_IN.with(|e| *e.borrow_mut() = notes);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::find_all;

    /// A digit skipped for having found nothing before in the same cells would find nothing
    /// again: at the positions of `path_positions`, every finder that keeps notes, asked with
    /// the notes the positions before left, finds the same steps as with none kept.
    #[test]
    fn a_digit_skipped_would_find_nothing() {
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
        ];
        let (mut skipped, mut found) = (0, 0);
        crate::test_support::path_positions(|b| {
            for t in techniques {
                skipped += if t.family() == crate::logic::Family::Subsets {
                    House::all().filter(|&h| known(t, h.index(), house_key(b, h))).count()
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
        assert!(skipped > 1000 && found > 100, "{skipped} digits skipped, {found} steps found");
    }
}
