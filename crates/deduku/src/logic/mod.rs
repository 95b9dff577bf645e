//! The deduction engine: techniques that find [`Step`]s in a [`Board`], the step finder that
//! tries them easiest first, and the solve path.
//!
//! Each technique family lives in its own module and exposes one function
//! `find(board, technique, ctx, sink) -> ControlFlow<()>` that pushes every instance it finds
//! into the [`Sink`] until the sink says stop. [`find`] is the only `match` over families.

use crate::board::Board;
use crate::grid::Cell;
use crate::rate::{Rating, rate};
use crate::solve;
use std::ops::ControlFlow;

pub mod als;
pub mod chains;
pub mod coloring;
pub mod fish;
pub mod forcing;
pub mod intersections;
pub mod last_resort;
pub mod single_digit;
pub mod singles;
pub mod step;
pub mod subsets;
pub mod technique;
pub mod templates;
pub mod uniqueness;
pub mod wings;

pub use step::{Highlight, Link, Node, Step};
pub use technique::{Family, Technique, TechniqueSet};

/// Which step to take when several techniques apply.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Order {
    /// The first step of the easiest technique that applies (default).
    #[default]
    EasiestFirst,
    /// Among the steps of the easiest technique that applies, and of every technique up to one
    /// tier above it, the one that changes most.
    MostEliminations,
    /// The first step of the technique with the lowest SE base rating that applies — the way
    /// Sudoku Explainer walks a puzzle to rate it. [`solve_path_with`] rates every path this way.
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
#[derive(Debug)]
pub struct Sink {
    steps: Vec<Step>,
    limit: usize,
}

impl Sink {
    /// A sink that stops after `limit` steps.
    pub fn new(limit: usize) -> Sink {
        Sink { steps: Vec::new(), limit: limit.max(1) }
    }
    /// A sink that takes every step.
    pub fn unlimited() -> Sink {
        Sink { steps: Vec::new(), limit: usize::MAX }
    }
    /// Adds a step that makes progress (steps with no change are dropped); `Break` when full.
    /// Placements and eliminations are sorted and deduplicated; a step equal to one already
    /// held is dropped.
    pub fn push(&mut self, mut step: Step) -> ControlFlow<()> {
        step.normalize();
        if (step.placements.is_empty() && step.eliminations.is_empty())
            || self.steps.iter().any(|s| {
                s.placements == step.placements
                    && s.eliminations == step.eliminations
                    && s.technique == step.technique
            })
        {
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

/// Pushes the instances of `technique` in `board` into `sink`. The only dispatch over
/// families. Steps that change nothing are not reported.
pub fn find(
    board: &Board,
    technique: Technique,
    ctx: &Context,
    sink: &mut Sink,
) -> ControlFlow<()> {
    if board.check().is_err() {
        return ControlFlow::Continue(());
    }
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
    if board.is_complete() || board.check().is_err() {
        return None;
    }
    match options.order {
        Order::EasiestFirst | Order::LowestRating => {
            let mut order: Vec<Technique> = options.enabled.iter().collect();
            if options.order == Order::LowestRating {
                order.sort_by(|a, b| a.se_base().total_cmp(&b.se_base()));
            }
            for t in order {
                let mut sink = Sink::new(1);
                let _ = find(board, t, ctx, &mut sink);
                if let Some(s) = sink.into_steps().into_iter().next() {
                    return Some(s);
                }
            }
            None
        }
        Order::MostEliminations => {
            let mut best: Option<Step> = None;
            let mut tier_limit = u8::MAX;
            for t in options.enabled.iter() {
                if t.tier() > tier_limit {
                    break;
                }
                if t == Technique::BruteForce && best.is_some() {
                    break;
                }
                let mut sink = Sink::unlimited();
                let _ = find(board, t, ctx, &mut sink);
                for s in sink.into_steps() {
                    tier_limit = tier_limit.min(t.tier() + 1);
                    let size = |s: &Step| s.placements.len() * 9 + s.eliminations.len();
                    if best.as_ref().is_none_or(|b| size(&s) > size(b)) {
                        best = Some(s);
                    }
                }
            }
            best
        }
    }
}

/// How a solve path ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PathStatus {
    /// Every cell is filled with the solution.
    Solved,
    /// The puzzle is contradictory (no solution).
    NoSolution,
    /// The puzzle has several solutions; the path stops where logic does.
    MultipleSolutions,
    /// No enabled technique applies (possible when brute force is disabled).
    Stuck,
}

/// A whole solve path.
#[derive(Clone, Debug)]
pub struct Path {
    /// The puzzle the path starts from.
    pub puzzle: Board,
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// The unique solution, when there is one.
    pub solution: Option<[u8; 81]>,
    /// How the path ended.
    pub status: PathStatus,
    /// The difficulty of the path.
    pub rating: Rating,
}

/// Iterates the steps of a solve path one at a time, so a caller can report progress or stop
/// between steps (the web worker does).
pub struct Steps {
    board: Board,
    options: Options,
    ctx: Context,
    done: bool,
}

impl Steps {
    /// Starts a path from `puzzle`. Uniqueness is decided once, up front.
    pub fn new(puzzle: &Board, options: &Options) -> Steps {
        let unique = solve::count_solutions(&puzzle.givens_only(), 2).count == 1;
        Steps {
            board: puzzle.clone(),
            options: *options,
            ctx: Context { unique: Some(unique) },
            done: false,
        }
    }
    /// The position after the steps taken so far.
    pub fn board(&self) -> &Board {
        &self.board
    }
}

impl Iterator for Steps {
    type Item = Step;
    fn next(&mut self) -> Option<Step> {
        if self.done {
            return None;
        }
        match next_step_in(&self.board, &self.options, &self.ctx) {
            Some(s) if s.makes_progress(&self.board) => {
                s.apply(&mut self.board);
                Some(s)
            }
            _ => {
                self.done = true;
                None
            }
        }
    }
}

/// Solves `puzzle` step by step with the default options.
pub fn solve_path(puzzle: &Board) -> Path {
    solve_path_with(puzzle, &Options::default())
}

/// Solves `puzzle` step by step with `options`.
pub fn solve_path_with(puzzle: &Board, options: &Options) -> Path {
    let count = solve::count_solutions(puzzle, 2);
    let solution = if count.count == 1 { count.solutions.first().copied() } else { None };
    let mut steps_iter = Steps::new(puzzle, options);
    let steps: Vec<Step> =
        if count.count == 0 { Vec::new() } else { steps_iter.by_ref().collect() };
    let end = steps_iter.board();
    let status = match count.count {
        0 => PathStatus::NoSolution,
        1 if end.is_solved() => PathStatus::Solved,
        1 => PathStatus::Stuck,
        _ => PathStatus::MultipleSolutions,
    };
    // The rating follows Sudoku Explainer: the hardest step of the path that always takes the
    // lowest-rated technique, which may differ from the path shown.
    let rating = if options.order == Order::LowestRating || status != PathStatus::Solved {
        rate(&steps)
    } else {
        let se_options = Options { order: Order::LowestRating, ..*options };
        rate(&Steps::new(puzzle, &se_options).collect::<Vec<_>>())
    };
    Path { puzzle: puzzle.clone(), steps, solution, status, rating }
}

/// The empty cell with the fewest candidates (ties: lowest index), if any.
pub fn fewest_candidates_cell(board: &Board) -> Option<Cell> {
    Cell::all().filter(|&c| board.value(c).is_none()).min_by_key(|&c| board.candidates(c).len())
}

/// Helpers for the technique modules' unit tests.
#[cfg(test)]
pub(crate) mod test_support {
    use crate::board::Board;
    use crate::grid::{Candidate, Cell, Digit};

    /// The position of a HoDoKu regression-library line (`:code:digits:givens:deleted:…`,
    /// `+` = placed), read by the format module, which knows these lines.
    pub(crate) fn reglib_board(line: &str) -> Board {
        crate::format::parse(line).expect("a regression-library line")
    }

    /// `"436 257"` → 4 in r3c6, 2 in r5c7 (digit, row, column as in the library), sorted.
    pub(crate) fn cands(s: &str) -> Vec<Candidate> {
        let mut v: Vec<Candidate> = s
            .split_whitespace()
            .map(|t| {
                let b = t.as_bytes();
                Candidate::new(
                    Cell::at((b[1] - b'1') as usize, (b[2] - b'1') as usize),
                    Digit::new(b[0] - b'0').expect("digit"),
                )
            })
            .collect();
        v.sort();
        v
    }
}
