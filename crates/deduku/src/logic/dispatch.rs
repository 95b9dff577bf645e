//! The dispatch over technique families and the step finder.
//!
//! [`find`] is the only `match` over families. `StepSearch` finds the next step by the
//! [`Options`]' order, one technique at a time, so a caller with a stop check (the path runner,
//! [`crate::logic::PathRun`]) can pause between techniques, or inside a long one, and resume
//! later with exactly the step an uninterrupted search gives.

use crate::board::Board;
use crate::logic::sink::{Context, Sink};
use crate::logic::step::Step;
use crate::logic::technique::{Family, Technique, TechniqueSet};
use crate::logic::{
    als, chains, coloring, fish, forcing, intersections, last_resort, single_digit, singles,
    subsets, templates, uniqueness, wings,
};
use std::ops::ControlFlow;

/// Which step to take when several techniques apply.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Order {
    /// The first step of the easiest technique that applies (default).
    #[default]
    EasiestFirst,
    /// Among the steps of the easiest technique that applies, and of every technique up to one
    /// tier above it, the one that changes most.
    MostEliminations,
    /// The first step of the technique with the lowest SE base rating that applies, over
    /// Deduku's whole catalogue. (The SE number itself comes from Sudoku Explainer's own walk,
    /// with SE's techniques only: see [`crate::logic::PathRun`].)
    LowestRating,
}

/// The user's choices for the step finder.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Options {
    /// Techniques that may be used, tried in default order.
    pub enabled: TechniqueSet,
    /// How to choose among applicable steps.
    pub order: Order,
}

impl Default for Options {
    fn default() -> Self {
        Options { enabled: TechniqueSet::default_path(), order: Order::EasiestFirst }
    }
}

impl Options {
    /// Options with the given techniques enabled and the default order.
    pub fn with_techniques(enabled: TechniqueSet) -> Options {
        Options { enabled, order: Order::EasiestFirst }
    }
}

/// Pushes the instances of `technique` in `board` into `sink`. The only dispatch over
/// families. Steps that change nothing are not reported.
pub fn find(
    board: &Board,
    technique: Technique,
    ctx: &Context,
    sink: &mut Sink<'_>,
) -> ControlFlow<()> {
    if board.check().is_err() {
        return ControlFlow::Continue(());
    }
    find_checked(board, technique, ctx, sink)
}

/// [`find`] on a board the caller has found free of conflicts ([`Board::check`]): the step
/// searches check their board once, not once per technique. On a board with a conflict the
/// finders' answers mean nothing.
pub fn find_checked(
    board: &Board,
    technique: Technique,
    ctx: &Context,
    sink: &mut Sink<'_>,
) -> ControlFlow<()> {
    match technique.family() {
        Family::Singles => singles::find(board, technique, sink),
        Family::Intersections => intersections::find(board, technique, sink),
        Family::Subsets => subsets::find(board, technique, sink),
        Family::Fish => fish::find(board, technique, sink),
        Family::SingleDigit => single_digit::find(board, technique, sink),
        Family::Wings => wings::find(board, technique, sink),
        Family::Coloring => coloring::find(board, technique, sink),
        Family::Uniqueness => {
            if ctx.allows_uniqueness(board) {
                uniqueness::find(board, technique, sink)
            } else {
                ControlFlow::Continue(())
            }
        }
        Family::Chains => chains::find(board, technique, sink),
        Family::Als => als::find(board, technique, sink),
        Family::Forcing => forcing::find(board, technique, sink),
        Family::Templates => templates::find(board, technique, sink),
        Family::LastResort => last_resort::find(board, technique, sink),
    }
}

/// Every instance of `technique` in `board`, not applied.
pub fn find_all(board: &Board, technique: Technique) -> Vec<Step> {
    if board.check().is_err() {
        return Vec::new();
    }
    let mut sink = Sink::unlimited();
    let _ = find(board, technique, &Context::UNKNOWN, &mut sink);
    sink.into_steps()
}

/// One round of the seed helper's "Reduce" over all houses: every box/line triple (locked
/// candidates, pointing and claiming) and every unit permutation check (candidates that take
/// part in no valid filling of a house) present on `board`, applied in that order. A step that
/// an earlier one made redundant is left out, and a step that an earlier one made partly
/// redundant lists only the candidates it still removes. The steps are not applied to `board`.
pub fn reduce_round(board: &Board) -> Vec<Step> {
    let mut current = board.clone();
    let mut out = Vec::new();
    for t in [
        Technique::LockedCandidatesPointing,
        Technique::LockedCandidatesClaiming,
        Technique::UnitPermutation,
    ] {
        for mut step in find_all(board, t) {
            let before = step.eliminations.len();
            step.eliminations.retain(|&e| current.has(e));
            step.placements.retain(|p| current.value(p.cell).is_none());
            if step.eliminations.is_empty() && step.placements.is_empty() {
                continue;
            }
            if step.eliminations.len() != before
                && let Some((pattern, _)) = step.text.split_once(" => ")
            {
                let pattern = pattern.to_string();
                step.text = format!("{pattern} => {}", step.result_text());
            }
            step.apply(&mut current);
            out.push(step);
        }
    }
    out
}

/// The first instance of `technique` in `board`, if any.
pub fn find_first(board: &Board, technique: Technique) -> Option<Step> {
    if board.check().is_err() {
        return None;
    }
    let mut sink = Sink::new(1);
    let _ = find(board, technique, &Context::UNKNOWN, &mut sink);
    sink.into_steps().into_iter().next()
}

/// The next step by the options' order, or `None` when the board is solved, contradictory or no
/// enabled technique applies.
pub fn next_step(board: &Board, options: &Options) -> Option<Step> {
    next_step_in(board, options, &Context::UNKNOWN)
}

/// [`next_step`] with what is known of the puzzle.
pub fn next_step_in(board: &Board, options: &Options, ctx: &Context) -> Option<Step> {
    match StepSearch::new(options).run(board, ctx, None) {
        Search::Found(step) => step,
        Search::Stopped => unreachable!("a search without a stop check runs to its end"),
    }
}

/// The outcome of [`StepSearch::run`].
#[allow(
    clippy::large_enum_variant,
    reason = "returned once per step and moved out at once, never stored in bulk"
)]
#[derive(Debug)]
pub(crate) enum Search {
    /// The search ended: the step by the options' order, or `None` when nothing applies.
    Found(Option<Step>),
    /// The stop check fired; run again (with the same board) to continue.
    Stopped,
}

/// The search for one step, resumable between techniques: it remembers which technique comes
/// next and, for [`Order::MostEliminations`], the best step so far. A technique stopped halfway
/// is tried again from its start when the search resumes (families with long searches keep
/// their own progress for the same board, see `forcing`), so the step found never depends on
/// where the search was stopped.
#[derive(Debug)]
pub(crate) struct StepSearch {
    order: Vec<Technique>,
    mode: Order,
    next: usize,
    best: Option<Step>,
    tier_limit: u8,
}

impl StepSearch {
    /// A search by `options` from its first technique.
    pub(crate) fn new(options: &Options) -> StepSearch {
        let mut order: Vec<Technique> = options.enabled.iter().collect();
        if options.order == Order::LowestRating {
            // `f32::total_cmp`'s order, as an integer key.
            crate::sort::sort_by_key(&mut order, |t| {
                let b = t.se_base().to_bits() as i32;
                b ^ (((b >> 31) as u32) >> 1) as i32
            });
        }
        StepSearch { order, mode: options.order, next: 0, best: None, tier_limit: u8::MAX }
    }

    /// A search that tries `order`'s techniques in that order, taking the first step found
    /// ([`Order::EasiestFirst`] over a custom order: see [`crate::logic::PathRun::with_order`]).
    pub(crate) fn with_order(order: Vec<Technique>) -> StepSearch {
        StepSearch { order, mode: Order::EasiestFirst, next: 0, best: None, tier_limit: u8::MAX }
    }

    /// Searches `board` (always the same board for one search) until a step is chosen, the
    /// techniques run out, or `stop` answers `true` (checked between techniques and inside
    /// long ones).
    pub(crate) fn run(
        &mut self,
        board: &Board,
        ctx: &Context,
        stop: Option<&dyn Fn() -> bool>,
    ) -> Search {
        if board.is_complete() || board.check().is_err() {
            return Search::Found(None);
        }
        // At least one technique is tried per call, so a check that always answers `true`
        // still lets the search advance.
        let mut tried = false;
        let most = self.mode == Order::MostEliminations;
        while let Some(&t) = self.order.get(self.next) {
            if tried && stop.is_some_and(|f| f()) {
                return Search::Stopped;
            }
            tried = true;
            if most
                && (t.tier() > self.tier_limit
                    || (t == Technique::BruteForce && self.best.is_some()))
            {
                break;
            }
            let limit = if most { usize::MAX } else { 1 };
            let mut sink = match stop {
                Some(f) => Sink::with_stop(limit, f),
                None => Sink::new(limit),
            };
            let _ = find_checked(board, t, ctx, &mut sink);
            if sink.was_stopped() {
                return Search::Stopped;
            }
            self.next += 1;
            if !most {
                if let Some(s) = sink.into_steps().into_iter().next() {
                    return Search::Found(Some(s));
                }
                continue;
            }
            for s in sink.into_steps() {
                self.tier_limit = self.tier_limit.min(t.tier() + 1);
                let size = |s: &Step| s.placements.len() * 9 + s.eliminations.len();
                if self.best.as_ref().is_none_or(|b| size(&s) > size(b)) {
                    self.best = Some(s);
                }
            }
        }
        self.next = self.order.len();
        Search::Found(self.best.take())
    }
}
