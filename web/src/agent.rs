//! The solver worker: a yew-agent reactor that answers [`Request`]s with [`Response`]s.
//!
//! Every solver call of the app runs here, off the page's thread. The jobs themselves are plain
//! functions ([`parse_job`], [`analyze_job`], [`PathJob`]) so they are tested natively; the
//! reactor only moves messages and, during a long path, hands control back to the worker's event
//! loop between steps so that a `Cancel` or a newer path request is seen (the older path then
//! stops with [`Reply::Cancelled`]). A single step that runs long cannot be interrupted this way:
//! the page then drops the whole worker and starts a new one.

use crate::protocol::{
    Job, PathEnd, PlainBoard, PlainRating, PlainStep, Reply, Request, Response, Verdict,
};
use deduku::logic::{Options, Steps};
use deduku::solve::count_solutions;
use deduku::{Board, Step};
use futures::channel::mpsc;
use futures::{SinkExt, StreamExt};
use std::cell::{Cell, RefCell};
use std::collections::HashSet;
use std::rc::Rc;
use yew_agent::prelude::*;

/// Parses a pasted text; digits marked as placed in the text count as typed by the user.
pub fn parse_job(text: &str) -> Reply {
    match deduku::parse(text) {
        Ok(board) => {
            let user: [bool; 81] =
                std::array::from_fn(|i| board.origins()[i] == deduku::Origin::Placed);
            Reply::Parsed(PlainBoard::from_board_with_user(&board, &user))
        }
        Err(e) => Reply::ParseFailed(e.to_string()),
    }
}

/// Counts the solutions of a position (at most two) and says which.
pub fn analyze_job(board: &PlainBoard) -> Verdict {
    let b = board.to_board();
    if let Err(conflict) = b.check() {
        return Verdict::NoSolution(conflict.to_string());
    }
    let count = count_solutions(&b, 2);
    match count.solutions.as_slice() {
        [] => Verdict::NoSolution(String::new()),
        [one] => Verdict::Unique(one.to_vec()),
        [a, b, ..] => Verdict::Multiple(a.to_vec(), b.to_vec()),
    }
}

/// A solve path computed one step at a time.
pub struct PathJob {
    steps: Option<Steps>,
    user: [bool; 81],
    taken: Vec<Step>,
    solutions: usize,
    finished: bool,
}

impl PathJob {
    /// Starts a path from `start` with the default techniques.
    pub fn new(start: &PlainBoard) -> PathJob {
        let board: Board = start.to_board();
        let solutions = if board.check().is_err() { 0 } else { count_solutions(&board, 2).count };
        let steps = (solutions > 0).then(|| Steps::new(&board, &Options::default()));
        PathJob { steps, user: start.user_cells(), taken: Vec::new(), solutions, finished: false }
    }

    /// The next reply: a [`Reply::Step`] while steps remain, then one [`Reply::PathDone`],
    /// then `None`.
    pub fn next_reply(&mut self) -> Option<Reply> {
        if self.finished {
            return None;
        }
        if let Some(steps) = self.steps.as_mut()
            && let Some(step) = steps.next()
        {
            let after = PlainBoard::from_board_with_user(steps.board(), &self.user);
            let reply = Reply::Step {
                index: self.taken.len() as u32,
                step: Box::new(PlainStep::from_step(&step)),
                after,
            };
            self.taken.push(step);
            return Some(reply);
        }
        self.finished = true;
        let solved = self.steps.as_ref().is_some_and(|s| s.board().is_solved());
        let end = match self.solutions {
            0 => PathEnd::NoSolution,
            1 if solved => PathEnd::Solved,
            1 => PathEnd::Stuck,
            _ => PathEnd::MultipleSolutions,
        };
        let r = deduku::rate::rate(&self.taken);
        let rating = PlainRating {
            se: r.se,
            level: r.level.name().to_string(),
            hardest: r.hardest.map(|t| t.name().to_string()),
        };
        Some(Reply::PathDone { end, rating })
    }
}

/// Milliseconds of work between two returns to the worker's event loop during a path.
const SLICE_MS: f64 = 30.0;

/// The reactor: reads requests, runs them in order, and streams the replies.
#[reactor(SolverReactor)]
pub async fn solver_reactor(scope: ReactorScope<Request, Response>) {
    let (mut out, mut input) = scope.split();
    // The id of the newest path request and the cancelled ids, updated as messages arrive
    // (also while a path runs, since the path yields to the event loop between slices).
    let newest_path = Rc::new(Cell::new(0u64));
    let cancelled: Rc<RefCell<HashSet<u64>>> = Rc::default();
    let (queue_tx, mut queue) = mpsc::unbounded::<Request>();
    {
        let newest_path = newest_path.clone();
        let cancelled = cancelled.clone();
        wasm_bindgen_futures::spawn_local(async move {
            while let Some(req) = input.next().await {
                match req.job {
                    Job::Cancel(id) => {
                        cancelled.borrow_mut().insert(id);
                    }
                    Job::Path(_) => newest_path.set(req.id),
                    _ => {}
                }
                if queue_tx.unbounded_send(req).is_err() {
                    break;
                }
            }
        });
    }
    while let Some(Request { id, job }) = queue.next().await {
        let sent = match job {
            Job::Parse(text) => out.send(Response { id, reply: parse_job(&text) }).await,
            Job::Analyze(board) => {
                out.send(Response { id, reply: Reply::Analyzed(analyze_job(&board)) }).await
            }
            Job::Cancel(_) => Ok(()),
            Job::Path(board) => {
                let mut job = PathJob::new(&board);
                let mut slice_start = js_sys::Date::now();
                let mut result = Ok(());
                loop {
                    if js_sys::Date::now() - slice_start > SLICE_MS {
                        gloo_timers::future::TimeoutFuture::new(0).await;
                        slice_start = js_sys::Date::now();
                    }
                    if newest_path.get() != id || cancelled.borrow().contains(&id) {
                        result = out.send(Response { id, reply: Reply::Cancelled }).await;
                        break;
                    }
                    let Some(reply) = job.next_reply() else { break };
                    result = out.send(Response { id, reply }).await;
                    if result.is_err() {
                        break;
                    }
                }
                cancelled.borrow_mut().remove(&id);
                result
            }
        };
        if sent.is_err() {
            // The page disconnected.
            break;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const EASY: &str =
        "530070000600195000098000060800060003400803001700020006060000280000419005000080079";

    #[test]
    fn path_job_streams_steps_then_done_and_reaches_the_solution() {
        let start = match parse_job(EASY) {
            Reply::Parsed(b) => b,
            other => panic!("expected a parsed board, got {other:?}"),
        };
        let Verdict::Unique(solution) = analyze_job(&start) else { panic!("unique expected") };
        let mut job = PathJob::new(&start);
        let mut last = start.clone();
        let mut n = 0;
        let end = loop {
            match job.next_reply().expect("a reply before the end") {
                Reply::Step { index, after, step } => {
                    assert_eq!(index, n);
                    assert!(!step.technique.is_empty());
                    last = after;
                    n += 1;
                }
                Reply::PathDone { end, .. } => break end,
                other => panic!("unexpected {other:?}"),
            }
        };
        assert_eq!(end, PathEnd::Solved);
        assert_eq!(last.values, solution);
        assert!(job.next_reply().is_none());
    }

    #[test]
    fn conflicting_position_has_no_solution_and_an_empty_path() {
        let mut v = [0u8; 81];
        v[0] = 4;
        v[8] = 4;
        let b = PlainBoard::from_board(&Board::from_values(&v));
        assert!(matches!(analyze_job(&b), Verdict::NoSolution(m) if m.contains("twice")));
        let mut job = PathJob::new(&b);
        assert!(matches!(job.next_reply(), Some(Reply::PathDone { end: PathEnd::NoSolution, .. })));
    }

    #[test]
    fn empty_grid_has_two_different_solutions() {
        match analyze_job(&PlainBoard::default()) {
            Verdict::Multiple(a, b) => assert_ne!(a, b),
            other => panic!("expected multiple, got {other:?}"),
        }
    }

    #[test]
    fn bad_text_fails_with_a_message() {
        assert!(matches!(parse_job("12x"), Reply::ParseFailed(m) if !m.is_empty()));
    }
}
