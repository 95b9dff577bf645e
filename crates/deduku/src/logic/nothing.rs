//! Where a one-digit finder last found nothing.
//!
//! Several finders look at one digit at a time, and what they find for a digit depends on that
//! digit's candidates alone (its cells): the single-digit patterns, simple and multi colours,
//! X-Chains. A step of the path changes the cells of few digits, and the finders are asked
//! again at the next position. So, per thread, technique and digit, the cells in which the
//! finder last offered no step are kept, and a digit whose cells are those is not searched
//! again: it would offer none again. (The basic fish keep what they found, not only nothing:
//! `fish.rs`.)

use crate::board::Board;
use crate::grid::{CellSet, Digit};
use crate::logic::{Sink, Technique};
use std::cell::RefCell;
use std::ops::ControlFlow;

thread_local! {
    /// Per technique and digit (`technique as usize * 9 + digit index`), the cells in which
    /// its search last found nothing.
    static EMPTY_IN: RefCell<Vec<Option<CellSet>>> = const { RefCell::new(Vec::new()) };
}

fn slot(t: Technique, d: Digit) -> usize {
    t as usize * 9 + d.index()
}

/// Whether `t`'s search of digit `d` found nothing the last time, in these same `cells`.
pub(crate) fn known(t: Technique, d: Digit, cells: CellSet) -> bool {
    EMPTY_IN.with(|e| e.borrow().get(slot(t, d)).is_some_and(|&k| k == Some(cells)))
}

/// Notes that `t`'s search of digit `d` found nothing in `cells`, or (`nothing` false) that
/// it found something there.
pub(crate) fn note(t: Technique, d: Digit, cells: CellSet, nothing: bool) {
    EMPTY_IN.with(|e| {
        let mut e = e.borrow_mut();
        if e.is_empty() {
            e.resize(Technique::ALL.len() * 9, None);
        }
        e[slot(t, d)] = nothing.then_some(cells);
    });
}

/// Runs `search`, `t`'s search of digit `d` in `board` pushing into `sink`, unless it found
/// nothing in the digit's present cells the last time; notes whether it offers the sink a step
/// this time (a search the sink stopped or filled is not noted as empty).
pub(crate) fn per_digit(
    board: &Board,
    t: Technique,
    d: Digit,
    sink: &mut Sink,
    search: impl FnOnce(&mut Sink) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let cells = board.digit_cells(d);
    if known(t, d, cells) {
        return ControlFlow::Continue(());
    }
    let offered = sink.offered();
    let flow = search(sink);
    let nothing = flow.is_continue() && sink.offered() == offered && !sink.was_stopped();
    note(t, d, cells, nothing);
    flow
}

/// Forgets every note of this thread (for tests that compare with a fresh search).
#[cfg(test)]
pub(crate) fn forget() -> Vec<Option<CellSet>> {
    EMPTY_IN.with(|e| e.take())
}

/// Puts back notes taken by [`forget`].
#[cfg(test)]
pub(crate) fn restore(notes: Vec<Option<CellSet>>) {
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
        ];
        let (mut skipped, mut found) = (0, 0);
        crate::test_support::path_positions(|b| {
            for t in techniques {
                skipped += Digit::all()
                    .filter(|&d| !b.digit_cells(d).is_empty() && known(t, d, b.digit_cells(d)))
                    .count();
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
