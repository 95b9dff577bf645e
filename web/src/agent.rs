//! The solver worker: a yew-agent reactor that answers [`Request`]s with [`Response`]s.
//!
//! Every solver call of the app runs here, off the page's thread. The jobs themselves are plain
//! functions ([`parse_job`], [`analyze_job`], [`PathJob`]) so they are tested natively; the
//! reactor only moves messages and, during a path, hands control back to the worker's event
//! loop every few milliseconds — between steps and inside long ones, through the path runner's
//! stop check — so that a `Cancel` or a newer path request is seen at once (the older path then
//! stops with [`Reply::Cancelled`]). A worker that panics or traps is replaced by the page
//! ([`report_deaths`]).

use crate::protocol::{
    FIND_ALL_MAX, FaultKind, GeneratedPuzzle, Job, PathEnd, PathRequest, PlainBoard, PlainRating,
    PlainStep, PuzzleChoice, Reply, Request, Response, Verdict,
};
use deduku::solve::count_solutions;
use deduku::{Advance, Options, PathRun, PathStatus};
use futures::channel::mpsc;
use futures::{SinkExt, StreamExt};
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::JsValue;
use yew_agent::prelude::*;

mod drill;
pub use drill::{DrillJob, Drills, drill_from_job, grade_job};

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

/// Every instance of the technique `id` on `board` (at most [`FIND_ALL_MAX`]); none for an
/// unknown ID.
pub fn find_all_job(board: &PlainBoard, id: &str) -> Vec<PlainStep> {
    let Some(t) = deduku::Technique::from_id(id) else { return Vec::new() };
    deduku::find_all(&board.to_board(), t)
        .iter()
        .take(FIND_ALL_MAX)
        .map(PlainStep::from_step)
        .collect()
}

/// A solve path computed one step at a time by the library's path runner ([`PathRun`]), the
/// same runner the CLI uses, so the page shows the CLI's steps and rating. With `reduce`, the
/// steps of one Reduce round come first and the runner starts after them.
pub struct PathJob {
    run: PathRun,
    user: [bool; 81],
    /// Replies to send before the runner's: the Reduce announcement and its steps.
    queued: std::collections::VecDeque<Reply>,
    /// Steps sent before the runner's (the Reduce round).
    offset: u32,
    finished: bool,
}

/// What one call of [`PathJob::poll`] produced.
#[derive(Debug)]
pub enum Poll {
    /// A reply to send: a step, then the end with the rating.
    Reply(Reply),
    /// The stop check fired; poll again to continue.
    Pending,
    /// Everything was sent.
    Finished,
}

impl PathJob {
    /// Starts a path from `start` with the default techniques.
    pub fn new(start: &PlainBoard) -> PathJob {
        PathJob::with(&PathRequest::new(start.clone()))
    }

    /// Starts the path a request asks for.
    pub fn with(req: &PathRequest) -> PathJob {
        let user = req.board.user_cells();
        let mut board = req.board.to_board();
        let mut queued = std::collections::VecDeque::new();
        if req.reduce {
            let steps = deduku::reduce_round(&board);
            queued.push_back(Reply::Reduced(steps.len() as u32));
            for (i, s) in steps.iter().enumerate() {
                s.apply(&mut board);
                queued.push_back(Reply::Step {
                    index: i as u32,
                    step: Box::new(PlainStep::from_step(s)),
                    after: PlainBoard::from_board_with_user(&board, &user),
                });
            }
        }
        let offset = queued.len().saturating_sub(1) as u32;
        PathJob {
            run: PathRun::new(&board, &Options::with_techniques(req.technique_set())),
            user,
            queued,
            offset,
            finished: false,
        }
    }

    /// Works until the next reply or until `stop` answers `true`: a [`Reply::Step`] while steps
    /// remain, then one [`Reply::PathDone`] (after the rating walk), then [`Poll::Finished`].
    pub fn poll(&mut self, stop: Option<&dyn Fn() -> bool>) -> Poll {
        if let Some(r) = self.queued.pop_front() {
            return Poll::Reply(r);
        }
        if self.finished {
            return Poll::Finished;
        }
        match self.run.advance(stop) {
            Advance::Pending => Poll::Pending,
            Advance::Step(step) => {
                let after = PlainBoard::from_board_with_user(self.run.board(), &self.user);
                // The runner keeps the steps shown, this one included.
                let index = self.offset + (self.run.steps().len() - 1) as u32;
                Poll::Reply(Reply::Step {
                    index,
                    step: Box::new(PlainStep::from_step(&step)),
                    after,
                })
            }
            Advance::Done => {
                self.finished = true;
                let status = self.run.status().unwrap_or(PathStatus::Stuck);
                let rating = self.run.rating().map(|r| PlainRating::from(&r)).unwrap_or_default();
                Poll::Reply(Reply::PathDone { end: PathEnd::from(status), rating })
            }
        }
    }

    /// Whether only the rating walk is left: every step has been sent and the board is solved,
    /// so what remains is Sudoku Explainer's walk (seconds on the hardest positions). The
    /// reactor serves the person's drills and new puzzle before it.
    pub fn rating_only(&self) -> bool {
        self.queued.is_empty() && !self.finished && self.run.board().is_complete()
    }

    /// The next reply, computed without interruption (tests and simple callers).
    pub fn next_reply(&mut self) -> Option<Reply> {
        loop {
            match self.poll(None) {
                Poll::Reply(r) => return Some(r),
                Poll::Pending => {}
                Poll::Finished => return None,
            }
        }
    }
}

/// A new puzzle being made by the library's [`deduku::generate::Generator`], in pieces.
pub struct GenJob {
    choice: PuzzleChoice,
    generator: Option<deduku::generate::Generator>,
    /// Attempts reported in the last progress reply.
    reported: u32,
    /// Whether it fills the page's pool (runs only when nothing else waits).
    pub background: bool,
}

impl GenJob {
    /// Starts making a puzzle for `choice` from `seed`.
    pub fn new(choice: PuzzleChoice, seed: u64, background: bool) -> GenJob {
        let generator = choice.options().map(|o| deduku::generate::Generator::new(&o, seed));
        GenJob { choice, generator, reported: 0, background }
    }

    /// Works until the puzzle is made, the budget runs out, or `stop` answers `true`; returns
    /// the reply to send, if any, and whether the job is finished.
    pub fn poll(&mut self, stop: Option<&dyn Fn() -> bool>) -> (Option<Reply>, bool) {
        use deduku::generate::GenPoll;
        let Some(g) = self.generator.as_mut() else {
            let what = self.choice.label();
            return (Some(Reply::GenFailed(format!("Unknown choice: {what}."))), true);
        };
        match g.advance(stop) {
            GenPoll::Found(p) => {
                let line = deduku::format::to_line(&p.puzzle);
                let reply = Reply::Generated(GeneratedPuzzle {
                    choice: self.choice.clone(),
                    line,
                    rating: PlainRating::from(&p.rating),
                    attempts: p.attempts,
                });
                (Some(reply), true)
            }
            GenPoll::Failed(e) => {
                (Some(Reply::GenFailed(format!("No {} puzzle: {e}.", self.choice.label()))), true)
            }
            GenPoll::Pending if g.attempts() != self.reported => {
                self.reported = g.attempts();
                (Some(Reply::GenProgress(self.reported)), false)
            }
            GenPoll::Pending => (None, false),
        }
    }

    /// Runs to the end without interruption (tests and simple callers).
    pub fn run(&mut self) -> Reply {
        loop {
            if let (Some(r), true) = self.poll(None) {
                return r;
            }
        }
    }
}

/// The start of the message a dying worker reports to the page ([`report_deaths`]), which
/// the page's worker client (`client.rs`) listens for to replace the worker.
pub const PANIC_MARK: &str = "deduku-worker-panic";

/// Makes the worker's death visible to the page, then closes the worker:
/// - a Rust panic in wasm aborts inside a promise job, which the page would never hear of (the
///   worker would just fall silent): the panic hook reports it as an uncaught error of the
///   worker (`reportError`, which the browser passes on to the page's `error` event). The
///   shipped build (`scripts/trunk.sh`: panics abort at once) runs no hook: its panics are traps,
///   reported as the next point says, without the panic's text;
/// - a wasm trap without a panic (a stack overflow, a failed allocation, `unreachable`) runs no
///   hook: listeners on the worker's global for uncaught errors and unhandled rejections report
///   it the same way. (They run wasm code after the trap, which may have left a borrow or the
///   allocator half-way; they do little — read the message, report, close — and the
///   end-to-end test of a trap checks that they get through.)
///
/// Both reports start with [`PANIC_MARK`], and a worker reports its death once (the trap that
/// ends a panic is not reported again). Called by the worker binary before it registers.
pub fn report_deaths() {
    use std::sync::atomic::{AtomicBool, Ordering};
    use wasm_bindgen::JsCast;
    use wasm_bindgen::closure::Closure;
    static DEAD: AtomicBool = AtomicBool::new(false);
    fn die(message: &str) {
        let global = js_sys::global();
        let call = |name: &str, arg: Option<&JsValue>| {
            let f = js_sys::Reflect::get(&global, &name.into()).ok();
            if let Some(f) = f.and_then(|f| f.dyn_into::<js_sys::Function>().ok()) {
                let _ = match arg {
                    Some(a) => f.call1(&global, a),
                    None => f.call0(&global),
                };
            }
        };
        let error = js_sys::Error::new(&format!("{PANIC_MARK}{message}"));
        call("reportError", Some(&error));
        call("close", None);
    }
    std::panic::set_hook(Box::new(|info| {
        DEAD.store(true, Ordering::Relaxed);
        die(&format!(": {info}"));
    }));
    // A marked report passes on to the page as it is; anything else uncaught is kept from the
    // page's console (preventDefault) and reported once, marked.
    let handler = Closure::<dyn FnMut(JsValue)>::new(|event: JsValue| {
        let get = |o: &JsValue, k: &str| js_sys::Reflect::get(o, &k.into()).ok();
        let cause = get(&event, "reason")
            .filter(|r| !r.is_undefined())
            .or_else(|| get(&event, "error"))
            .unwrap_or(JsValue::UNDEFINED);
        let text = get(&cause, "message")
            .filter(|m| m.is_string())
            .or_else(|| get(&event, "message"))
            .unwrap_or(JsValue::UNDEFINED);
        let text = text.as_string().unwrap_or_default();
        if text.contains(PANIC_MARK) {
            return;
        }
        if let Some(e) = event.dyn_ref::<web_sys::Event>() {
            e.prevent_default();
        }
        if !DEAD.swap(true, Ordering::Relaxed) {
            die(&format!(": the worker stopped: {text}"));
        }
    });
    let global: web_sys::EventTarget = js_sys::global().unchecked_into();
    for event in ["error", "unhandledrejection"] {
        let _ = global.add_event_listener_with_callback(event, handler.as_ref().unchecked_ref());
    }
    handler.forget();
}

/// Ends the worker by a wasm trap without a panic ([`FaultKind::Trap`]).
fn trap() -> ! {
    #[cfg(target_arch = "wasm32")]
    core::arch::wasm32::unreachable();
    #[cfg(not(target_arch = "wasm32"))]
    std::process::abort();
}

/// Milliseconds of work between two returns to the worker's event loop during a path or a
/// generation: the longest a cancel or a newer request waits before the worker sees it, plus
/// the longest piece of work that cannot be paused.
pub const SLICE_MS: f64 = 20.0;

/// The long jobs waiting in the worker, in the order they are served.
#[derive(Default)]
struct Work {
    /// The newest path request (a newer one replaces it).
    path: Option<(u64, PathJob)>,
    /// Generate requests: the person's first, then the pool's.
    gens: std::collections::VecDeque<(u64, GenJob)>,
    /// Drills: the person's requests, and those made ready in idle time.
    drills: Drills,
}

/// Polls the path request in `path` for a slice: its reply goes to `replies`, and it is
/// dropped when finished.
fn poll_path(
    path: &mut Option<(u64, PathJob)>,
    stop: &dyn Fn() -> bool,
    replies: &mut Vec<(u64, Reply)>,
) {
    let Some((id, job)) = path.as_mut() else { return };
    let id = *id;
    match job.poll(Some(stop)) {
        Poll::Reply(r) => replies.push((id, r)),
        Poll::Pending => {}
        Poll::Finished => *path = None,
    }
}

/// Polls the first puzzle request of `gens` for a slice: its reply goes to `replies`, and it
/// leaves the queue when finished. Returns whether there was one.
fn poll_front_gen(
    gens: &mut std::collections::VecDeque<(u64, GenJob)>,
    stop: &dyn Fn() -> bool,
    replies: &mut Vec<(u64, Reply)>,
) -> bool {
    let Some((id, job)) = gens.front_mut() else { return false };
    let id = *id;
    let (reply, finished) = job.poll(Some(stop));
    replies.extend(reply.map(|r| (id, r)));
    if finished {
        gens.pop_front();
    }
    true
}

/// The reactor. Parse, Analyze and Find all are answered as soon as they arrive (they take
/// milliseconds at most); paths and generations run one at a time in slices of [`SLICE_MS`],
/// between which the worker reads its messages, so a [`Job::Cancel`] or a newer path request
/// stops the older job (it then ends with [`Reply::Cancelled`]) — also in the middle of a long
/// step, since the path runner and the generator poll their stop check inside long searches.
/// The path's steps come first, then the person's drills, then the person's new puzzle, then
/// the path's rating walk (once every step is out: a drill asked for on a tier-4 position need
/// not wait seconds for the rating of the drill before it), then the drills made ready in idle
/// time ([`Drills`]), then the pool's background puzzles. Grades are answered at once, and so
/// is a drill asked for when one is ready.
#[reactor(SolverReactor)]
pub async fn solver_reactor(scope: ReactorScope<Request, Response>) {
    let (mut out, mut input) = scope.split();
    let (out_tx, mut out_rx) = mpsc::unbounded::<Response>();
    // One task owns the output, so replies keep their order.
    wasm_bindgen_futures::spawn_local(async move {
        while let Some(resp) = out_rx.next().await {
            if out.send(resp).await.is_err() {
                break;
            }
        }
    });
    let work: Rc<RefCell<Work>> = Rc::default();
    // The step index at which a path dies, and how ([`Job::Fault`], the end-to-end tests only).
    let fault: Rc<std::cell::Cell<Option<(u32, FaultKind)>>> = Rc::default();
    let (wake_tx, mut wake) = mpsc::unbounded::<()>();
    {
        let work = work.clone();
        let fault = fault.clone();
        let out_tx = out_tx.clone();
        wasm_bindgen_futures::spawn_local(async move {
            let send = |id, reply| out_tx.unbounded_send(Response { id, reply }).is_ok();
            while let Some(Request { id, job }) = input.next().await {
                let reply = match job {
                    Job::Cancel(target) => {
                        let mut w = work.borrow_mut();
                        if w.path.as_ref().is_some_and(|(p, _)| *p == target) {
                            w.path = None;
                            send(target, Reply::Cancelled);
                        }
                        if let Some(k) = w.gens.iter().position(|(g, _)| *g == target) {
                            w.gens.remove(k);
                            send(target, Reply::Cancelled);
                        }
                        if w.drills.cancel(target) {
                            send(target, Reply::Cancelled);
                        }
                        continue;
                    }
                    Job::Path(req) => {
                        let job = PathJob::with(&req);
                        if let Some((old, _)) = work.borrow_mut().path.replace((id, job)) {
                            send(old, Reply::Cancelled);
                        }
                        let _ = wake_tx.unbounded_send(());
                        continue;
                    }
                    Job::Generate { choice, seed, background } => {
                        let job = GenJob::new(choice, seed, background);
                        let mut w = work.borrow_mut();
                        if background {
                            w.gens.push_back((id, job));
                        } else {
                            let k = w
                                .gens
                                .iter()
                                .position(|(_, g)| g.background)
                                .unwrap_or(w.gens.len());
                            w.gens.insert(k, (id, job));
                        }
                        let _ = wake_tx.unbounded_send(());
                        continue;
                    }
                    Job::Drill { technique, seed } => {
                        let ready = work.borrow_mut().drills.ask(id, &technique, seed);
                        let _ = wake_tx.unbounded_send(());
                        match ready {
                            Some(reply) => reply,
                            None => continue,
                        }
                    }
                    Job::PrepareDrills { techniques, seed, ready } => {
                        let mut w = work.borrow_mut();
                        w.drills.seed(seed);
                        w.drills.report_to(id);
                        for (t, puzzle) in &ready {
                            w.drills.restore(t, puzzle);
                        }
                        for t in &techniques {
                            w.drills.prepare(t);
                        }
                        let _ = wake_tx.unbounded_send(());
                        continue;
                    }
                    Job::Grade(req) => Reply::Graded(Box::new(grade_job(&req))),
                    Job::DrillFrom { technique, puzzle } => drill_from_job(&technique, &puzzle),
                    Job::Fault { at, kind } => {
                        fault.set(Some((at, kind)));
                        continue;
                    }
                    Job::Ping => Reply::Pong,
                    Job::Parse(text) => parse_job(&text),
                    Job::Analyze(board) => Reply::Analyzed(analyze_job(&board)),
                    Job::FindAll { board, technique } => {
                        Reply::Found(find_all_job(&board, &technique))
                    }
                };
                if !send(id, reply) {
                    break;
                }
            }
        });
    }
    let mut deadline = js_sys::Date::now() + SLICE_MS;
    loop {
        let stop = || js_sys::Date::now() > deadline;
        let mut replies = Vec::new();
        let busy = {
            let mut w = work.borrow_mut();
            let steps_left = w.path.as_ref().is_some_and(|(_, job)| !job.rating_only());
            if steps_left {
                poll_path(&mut w.path, &stop, &mut replies);
                true
            } else if w.drills.asked() {
                replies.extend(w.drills.poll_asked(Some(&stop)));
                true
            } else if w.gens.front().is_some_and(|(_, g)| !g.background) {
                poll_front_gen(&mut w.gens, &stop, &mut replies);
                true
            } else if w.path.is_some() {
                poll_path(&mut w.path, &stop, &mut replies);
                true
            } else if w.drills.making() {
                replies.extend(w.drills.poll_making(Some(&stop)));
                true
            } else {
                poll_front_gen(&mut w.gens, &stop, &mut replies)
            }
        };
        for (id, reply) in replies {
            if let (Reply::Step { index, .. }, Some((at, kind))) = (&reply, fault.get())
                && *index >= at
            {
                match kind {
                    FaultKind::Panic => panic!("fault asked for at step {index}"),
                    FaultKind::Trap => trap(),
                    FaultKind::Hang => loop {
                        std::hint::spin_loop();
                    },
                }
            }
            if out_tx.unbounded_send(Response { id, reply }).is_err() {
                return;
            }
        }
        if !busy {
            // Nothing to do: wait for a request (several wake-ups may have queued).
            if wake.next().await.is_none() {
                return;
            }
            deadline = js_sys::Date::now() + SLICE_MS;
        } else if js_sys::Date::now() > deadline {
            gloo_timers::future::TimeoutFuture::new(0).await;
            deadline = js_sys::Date::now() + SLICE_MS;
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

    /// `rating_only` is false while steps remain and true from the last step until the end
    /// with the rating (the reactor's cue to serve the person's drills first), then false.
    #[test]
    fn a_path_job_says_when_only_its_rating_walk_is_left() {
        let Reply::Parsed(start) = parse_job(EASY) else { panic!("parses") };
        let mut job = PathJob::new(&start);
        assert!(!job.rating_only());
        let mut after_last = None;
        loop {
            match job.next_reply().expect("a reply before the end") {
                Reply::Step { after, .. } => {
                    let last = after.is_complete();
                    assert_eq!(job.rating_only(), last, "rating_only after a step");
                    after_last = last.then_some(true);
                }
                Reply::PathDone { .. } => break,
                other => panic!("unexpected {other:?}"),
            }
        }
        assert_eq!(after_last, Some(true), "the last step solves the grid");
        assert!(!job.rating_only(), "finished: nothing is left");
    }

    /// Every reply of a path, polled with a stop check that fires on every poll (the worker's
    /// slice at its shortest).
    fn replies_interrupted(start: &PlainBoard) -> Vec<Reply> {
        let mut job = PathJob::new(start);
        let mut out = Vec::new();
        let always = || true;
        loop {
            match job.poll(Some(&always)) {
                Poll::Reply(r) => out.push(r),
                Poll::Pending => {}
                Poll::Finished => return out,
            }
        }
    }

    #[test]
    fn the_page_rates_every_sample_as_the_cli_and_interruptions_change_nothing() {
        for sample in crate::samples::SAMPLES {
            let board = deduku::parse(sample.text).expect("a sample parses");
            let start = PlainBoard::from_board(&board);
            let cli = deduku::solve_path(&board);
            let mut job = PathJob::new(&start);
            let replies: Vec<Reply> = std::iter::from_fn(|| job.next_reply()).collect();
            let Some(Reply::PathDone { end, rating }) = replies.last() else {
                panic!("{}: the path ends with PathDone", sample.id)
            };
            assert_eq!(*rating, PlainRating::from(&cli.rating), "{}", sample.id);
            assert_eq!(*end, PathEnd::from(cli.status), "{}", sample.id);
            assert_eq!(replies.len(), cli.steps.len() + 1, "{}", sample.id);
            assert_eq!(replies_interrupted(&start), replies, "{}", sample.id);
        }
    }

    #[test]
    fn conflicting_position_has_no_solution_and_an_empty_path() {
        let mut v = [0u8; 81];
        v[0] = 4;
        v[8] = 4;
        let b = PlainBoard::from_board(&deduku::Board::from_values(&v));
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
