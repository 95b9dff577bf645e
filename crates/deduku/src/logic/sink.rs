//! What every technique finder is handed besides the board: the [`Sink`] that collects its
//! steps (and can ask a long search to stop early) and the [`Context`] of the puzzle.

use crate::board::Board;
use crate::logic::step::Step;
use crate::solve;
use std::ops::ControlFlow;

/// What a finder may know beyond the board: whether the puzzle is known to have exactly one
/// solution (uniqueness techniques are only sound then).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Context {
    /// `Some(true)`: the puzzle's givens have one solution; `Some(false)`: none or several;
    /// `None`: not yet known (then the givens' solutions are counted when a uniqueness technique
    /// is tried). Placed digits do not count: a guess placed by hand could make a board with
    /// several solutions look unique.
    pub unique: Option<bool>,
}

impl Context {
    /// A context that knows nothing yet.
    pub const UNKNOWN: Context = Context { unique: None };

    /// Whether uniqueness techniques may be used on `board`.
    pub fn allows_uniqueness(&self, board: &Board) -> bool {
        self.unique.unwrap_or_else(|| solve::count_solutions(&board.givens_only(), 2).count == 1)
    }
}

/// Collects steps until it holds `limit` of them.
///
/// A sink may also carry a *stop check* (see [`Sink::with_stop`]): a cheap callback that long
/// searches poll between units of work through [`Sink::should_stop`]. When it answers `true`
/// the search gives up with `ControlFlow::Break`, and [`Sink::was_stopped`] tells the caller
/// that the steps held are not the search's full answer. The library has no clock; the caller
/// decides what the check looks at (the web worker: a time slice).
pub struct Sink<'a> {
    steps: Vec<Step>,
    limit: usize,
    stop: Option<&'a dyn Fn() -> bool>,
    stopped: bool,
    /// Steps that change the board offered to [`Sink::push`], kept or not.
    offered: usize,
}

impl std::fmt::Debug for Sink<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Sink")
            .field("steps", &self.steps)
            .field("limit", &self.limit)
            .field("stop", &self.stop.is_some())
            .field("stopped", &self.stopped)
            .finish()
    }
}

impl Sink<'static> {
    /// A sink that stops after `limit` steps.
    pub fn new(limit: usize) -> Sink<'static> {
        Sink { steps: Vec::new(), limit: limit.max(1), stop: None, stopped: false, offered: 0 }
    }
    /// A sink that takes every step.
    pub fn unlimited() -> Sink<'static> {
        Sink::new(usize::MAX)
    }
}

impl<'a> Sink<'a> {
    /// A sink of `limit` steps whose searches may be stopped early by `stop`.
    pub fn with_stop(limit: usize, stop: &'a dyn Fn() -> bool) -> Sink<'a> {
        Sink {
            steps: Vec::new(),
            limit: limit.max(1),
            stop: Some(stop),
            stopped: false,
            offered: 0,
        }
    }
    /// Adds a step that makes progress (steps with no change are dropped); `Break` when full.
    /// Placements and eliminations are sorted and deduplicated; a step equal to one already
    /// held is dropped.
    pub fn push(&mut self, mut step: Step) -> ControlFlow<()> {
        step.normalize();
        if step.placements.is_empty() && step.eliminations.is_empty() {
            return self.flow();
        }
        self.offered += 1;
        if self.steps.iter().any(|s| {
            s.placements == step.placements
                && s.eliminations == step.eliminations
                && s.technique == step.technique
        }) {
            return self.flow();
        }
        self.steps.push(step);
        self.flow()
    }
    /// `Break` when the sink is full.
    pub fn flow(&self) -> ControlFlow<()> {
        if self.steps.len() >= self.limit {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }
    /// Whether the search should give up now: the stop check answered `true` (now or before).
    /// Searches that may run long call it between units of work of a few microseconds or more
    /// and return `ControlFlow::Break(())` when it says so.
    pub fn should_stop(&mut self) -> bool {
        if !self.stopped && self.stop.is_some_and(|f| f()) {
            self.stopped = true;
        }
        self.stopped
    }
    /// Whether a search gave up because of the stop check: the steps held are then partial.
    pub fn was_stopped(&self) -> bool {
        self.stopped
    }
    /// How many steps that change the board were offered to [`Sink::push`], including those it
    /// dropped as held already: a search that offered none found nothing.
    pub fn offered(&self) -> usize {
        self.offered
    }
    /// Whether the sink is full.
    pub fn is_full(&self) -> bool {
        self.steps.len() >= self.limit
    }
    /// The steps collected.
    pub fn into_steps(self) -> Vec<Step> {
        self.steps
    }
    /// Number of steps held.
    pub fn len(&self) -> usize {
        self.steps.len()
    }
    /// Whether no step is held.
    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }
}
