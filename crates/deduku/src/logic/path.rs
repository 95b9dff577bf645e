//! The path runner: one streaming walk through a puzzle that every caller shares — the
//! library's [`solve_path`], the CLI and the web worker — so they show the same steps and give
//! the same rating.
//!
//! [`PathRun`] yields the steps of the path shown to the person one at a time
//! ([`PathRun::advance`], or the [`Iterator`]), then rates the puzzle the way Sudoku Explainer
//! does: a second walk with SE's own techniques, order and ratings (`rate::se_walk`), whose
//! hardest step gives the SE number (ER) and whose first steps give EP and ED. The level and the score
//! stay Deduku's: they come from the path shown. [`PathRun::finish`] returns the whole
//! [`Path`] with its [`PathStatus`] and [`Rating`].
//!
//! Both walks can be paused: [`PathRun::advance`] takes an optional stop check, polled between
//! techniques and inside long searches; when it fires, `advance` returns [`Advance::Pending`]
//! and the next call carries on where the work stopped, with the same result an uninterrupted
//! run gives.

use crate::board::Board;
use crate::logic::dispatch::{Options, Search, StepSearch};
use crate::logic::sink::Context;
use crate::logic::step::Step;
use crate::logic::technique::{Technique, TechniqueSet};
use crate::rate::se_walk::{SeFound, SeSearch};
use crate::rate::{Rater, Rating};
use crate::solve;

/// How a solve path ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PathStatus {
    /// Every cell is filled with the solution.
    Solved,
    /// The puzzle is contradictory (no solution).
    NoSolution,
    /// The puzzle has several solutions: no step is shown (none would be sure of the
    /// solution), and the status says so at once.
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
    /// The difficulty of the puzzle (see [`PathRun`]).
    pub rating: Rating,
}

/// What one call of [`PathRun::advance`] did.
#[allow(
    clippy::large_enum_variant,
    reason = "returned once per step and moved out at once, never stored in bulk"
)]
#[derive(Clone, Debug)]
pub enum Advance {
    /// The next step of the path shown (already applied to [`PathRun::board`]).
    Step(Step),
    /// The stop check fired before the next step or the rating was found; call again.
    Pending,
    /// The path and its rating are complete: [`PathRun::finish`] returns them at once.
    Done,
}

/// One walk: a board and the search for its next step.
#[derive(Debug)]
struct Walk {
    board: Board,
    options: Options,
    /// A custom order of techniques, replacing the options' ([`PathRun::with_order`]).
    order: Option<Vec<Technique>>,
    search: Option<StepSearch>,
    done: bool,
}

#[allow(
    clippy::large_enum_variant,
    reason = "returned once per step and moved out at once, never stored in bulk"
)]
enum WalkEvent {
    Step(Step),
    Pending,
    End,
}

impl Walk {
    fn new(board: &Board, options: &Options, done: bool) -> Walk {
        Walk { board: board.clone(), options: *options, order: None, search: None, done }
    }

    fn advance(&mut self, ctx: &Context, stop: Option<&dyn Fn() -> bool>) -> WalkEvent {
        if self.done {
            return WalkEvent::End;
        }
        let (options, order) = (&self.options, &self.order);
        let search = self.search.get_or_insert_with(|| match order {
            Some(o) => StepSearch::with_order(o.clone()),
            None => StepSearch::new(options),
        });
        match search.run(&self.board, ctx, stop) {
            Search::Stopped => WalkEvent::Pending,
            Search::Found(Some(s)) if s.makes_progress(&self.board) => {
                s.apply(&mut self.board);
                self.search = None;
                WalkEvent::Step(s)
            }
            Search::Found(_) => {
                self.done = true;
                WalkEvent::End
            }
        }
    }
}

/// Sudoku Explainer's walk (see `rate::se_walk`): a board and the search for its next step.
#[derive(Debug)]
struct SeWalk {
    board: Board,
    search: SeSearch,
}

impl SeWalk {
    fn advance(&mut self, ctx: &Context, stop: Option<&dyn Fn() -> bool>) -> Option<SeEvent> {
        match self.search.run(&self.board, ctx, stop) {
            SeFound::Stopped => None,
            SeFound::Step(s, r) if s.makes_progress(&self.board) => {
                s.apply(&mut self.board);
                self.search = SeSearch::default();
                Some(SeEvent::Step(s, r))
            }
            SeFound::Step(..) | SeFound::None => Some(SeEvent::End),
        }
    }
}

#[allow(
    clippy::large_enum_variant,
    reason = "returned once per step and moved out at once, never stored in bulk"
)]
enum SeEvent {
    Step(Step, f32),
    End,
}

enum Phase {
    /// Walking the path shown.
    Shown,
    /// Walking Sudoku Explainer's rating path; the rater holds the path shown.
    Rating(Box<SeWalk>, Rater, Rater),
    /// Finished, with the rating.
    Done(Rating),
}

/// A solve path computed one step at a time (see the module docs).
pub struct PathRun {
    puzzle: Board,
    ctx: Context,
    solutions: usize,
    solution: Option<[u8; 81]>,
    shown: Walk,
    steps: Vec<Step>,
    phase: Phase,
}

impl PathRun {
    /// Starts a path from `puzzle`. The exact solver runs once, up front: it finds the
    /// solution, and whether the givens have exactly one (uniqueness techniques need that).
    pub fn new(puzzle: &Board, options: &Options) -> PathRun {
        let count = if puzzle.check().is_err() {
            solve::Count::default()
        } else {
            solve::count_solutions(puzzle, 2)
        };
        let solution = if count.count == 1 { count.solutions.first().copied() } else { None };
        // Placed digits do not count for uniqueness: a guess placed by hand could make a board
        // with several solutions look unique. Without placed digits the count above says it.
        let givens = puzzle.givens_only();
        let unique = if givens == *puzzle {
            count.count == 1
        } else {
            solve::count_solutions(&givens, 2).count == 1
        };
        PathRun {
            puzzle: puzzle.clone(),
            ctx: Context { unique: Some(unique) },
            solutions: count.count,
            solution,
            // A grid without exactly one solution has no path: its status says why at once,
            // instead of a search for steps that may run for seconds (the empty grid) and
            // end where logic stops anyway.
            shown: Walk::new(puzzle, options, count.count != 1),
            steps: Vec::new(),
            phase: Phase::Shown,
        }
    }

    /// Starts a path from `puzzle` that tries exactly the techniques of `order`, in that order
    /// (the first step found is taken), instead of the default order. Drills use it to rank a
    /// technique before those that always pre-empt it on the default path
    /// ([`crate::drill::walk_order`]). Otherwise as [`PathRun::new`].
    pub fn with_order(puzzle: &Board, order: &[Technique]) -> PathRun {
        let enabled: TechniqueSet = order.iter().copied().collect();
        let mut run = PathRun::new(puzzle, &Options::with_techniques(enabled));
        run.shown.order = Some(order.to_vec());
        run
    }

    /// The position after the steps shown so far.
    pub fn board(&self) -> &Board {
        &self.shown.board
    }

    /// The steps shown so far.
    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// The puzzle's solution, when it has exactly one.
    pub fn solution(&self) -> Option<&[u8; 81]> {
        self.solution.as_ref()
    }

    /// How the path ended, once the path shown has ended (`None` before).
    pub fn status(&self) -> Option<PathStatus> {
        (!matches!(self.phase, Phase::Shown)).then(|| self.status_after_shown())
    }

    /// The rating, once [`PathRun::advance`] has answered [`Advance::Done`] (`None` before).
    pub fn rating(&self) -> Option<Rating> {
        match self.phase {
            Phase::Done(r) => Some(r),
            _ => None,
        }
    }

    /// Does the next piece of work: finds the next step of the path shown, or (after the last
    /// one) walks the rating path. `stop`, when given, is polled between techniques and inside
    /// long searches; when it answers `true` the call returns [`Advance::Pending`] and the next
    /// call resumes. Every call makes some progress, even when `stop` always answers `true`.
    pub fn advance(&mut self, stop: Option<&dyn Fn() -> bool>) -> Advance {
        loop {
            match &mut self.phase {
                Phase::Shown => match self.shown.advance(&self.ctx, stop) {
                    WalkEvent::Step(s) => {
                        self.steps.push(s.clone());
                        return Advance::Step(s);
                    }
                    WalkEvent::Pending => return Advance::Pending,
                    WalkEvent::End => self.end_shown(),
                },
                Phase::Rating(walk, se, shown) => match walk.advance(&self.ctx, stop) {
                    Some(SeEvent::Step(s, r)) => {
                        se.add_rated(&s, r);
                        if stop.is_some_and(|f| f()) {
                            return Advance::Pending;
                        }
                    }
                    None => return Advance::Pending,
                    Some(SeEvent::End) => {
                        let shown = shown.rating();
                        // The number is SE's; the level, the score and the hardest technique
                        // named are the path shown's, so the page never names a technique
                        // the person does not see in the path.
                        let rating = Rating {
                            level: shown.level,
                            score: shown.score,
                            hardest: shown.hardest,
                            ..se.rating()
                        };
                        self.phase = Phase::Done(rating);
                    }
                },
                Phase::Done(_) => return Advance::Done,
            }
        }
    }

    /// The path shown has ended: rate it. The SE number follows Sudoku Explainer: the
    /// hardest step of SE's own walk (`rate::se_walk`), which may differ from the path shown;
    /// the level and the score are Deduku's, from the path shown. A path that does not end
    /// solved is rated by its own steps.
    fn end_shown(&mut self) {
        let status = self.status_after_shown();
        let mut shown = Rater::default();
        self.steps.iter().for_each(|s| shown.add(s));
        self.phase = if status != PathStatus::Solved {
            Phase::Done(shown.rating())
        } else {
            let walk = SeWalk { board: self.puzzle.clone(), search: SeSearch::default() };
            Phase::Rating(Box::new(walk), Rater::default(), shown)
        };
    }

    fn status_after_shown(&self) -> PathStatus {
        match self.solutions {
            0 => PathStatus::NoSolution,
            1 if self.shown.board.is_solved() => PathStatus::Solved,
            1 => PathStatus::Stuck,
            _ => PathStatus::MultipleSolutions,
        }
    }

    /// Runs whatever is left to its end, without a stop check, and returns the whole path.
    pub fn finish(mut self) -> Path {
        while !matches!(self.advance(None), Advance::Done) {}
        let status = self.status_after_shown();
        let Phase::Done(rating) = self.phase else { unreachable!("advance ran to Done") };
        Path { puzzle: self.puzzle, steps: self.steps, solution: self.solution, status, rating }
    }
}

impl Iterator for PathRun {
    type Item = Step;
    /// The next step of the path shown, `None` once it has ended. The call that finds no more
    /// steps also walks the rating path, so [`PathRun::finish`] afterwards costs nothing.
    fn next(&mut self) -> Option<Step> {
        while matches!(self.phase, Phase::Shown) {
            if let Advance::Step(s) = self.advance(None) {
                return Some(s);
            }
        }
        None
    }
}

/// Solves `puzzle` step by step with the default options.
pub fn solve_path(puzzle: &Board) -> Path {
    solve_path_with(puzzle, &Options::default())
}

/// Solves `puzzle` step by step with `options`.
pub fn solve_path_with(puzzle: &Board, options: &Options) -> Path {
    PathRun::new(puzzle, options).finish()
}
