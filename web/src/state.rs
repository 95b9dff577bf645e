//! The page's model: everything the UI shows, changed only by [`Model::apply`] with an
//! [`Action`]. No Yew here, so it is tested natively.
//!
//! The model does not talk to the worker itself: actions that need the solver push a
//! [`Request`] into [`Model::outbox`] with a fresh id and remember that id; the page's worker
//! hook (`hooks::use_worker`) sends what is new in the outbox after each change. A [`Response`]
//! whose id is not the remembered one is stale and dropped.
//!
//! The position shown is `start` with the first `cursor` steps of the path applied; the path
//! keeps the position after every step, so going back restores digits and candidates exactly.

use crate::protocol::{
    CellOrigin, Job, PathEnd, PlainBoard, PlainRating, PlainStep, Reply, Request, Response, Verdict,
};
use deduku::{Cell, Digit, House};
use std::rc::Rc;

/// How much of the step at the cursor is shown.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Reveal {
    /// Nothing: the user is solving on their own.
    #[default]
    Nothing,
    /// The technique's name only (first hint).
    Name,
    /// The name, the text and the highlights on the grid.
    Everything,
}

/// Where the path job stands.
#[derive(Clone, PartialEq, Debug, Default)]
pub enum PathState {
    /// No path requested yet.
    #[default]
    Idle,
    /// Steps are arriving.
    Running,
    /// The worker finished the path.
    Done {
        /// How it ended.
        end: PathEnd,
        /// Its difficulty.
        rating: PlainRating,
    },
    /// The user cancelled; the steps received so far stay usable.
    Cancelled,
}

/// One step of the path and the position after it.
#[derive(Clone, PartialEq, Debug)]
pub struct PathEntry {
    /// The step.
    pub step: PlainStep,
    /// The position after applying it.
    pub after: PlainBoard,
}

/// A message above the grid.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Notice {
    /// Whether it reports a failure (shown as an alert).
    pub error: bool,
    /// The text.
    pub text: String,
}

/// Everything that can happen on the page.
#[derive(Clone, PartialEq, Debug)]
pub enum Action {
    /// Select a cell (0–80).
    Select(usize),
    /// Move the selection by rows and columns (wrapping at the edges).
    Move(i32, i32),
    /// Type a digit (1–9) or clear (0) in the selected cell.
    Input(u8),
    /// A text was pasted or imported: parse it in the worker.
    Paste(String),
    /// Start over with an empty grid.
    Clear,
    /// Restore a saved position (from the URL or local storage) and go to step `cursor`.
    Restore(PlainBoard, usize),
    /// A reply from the worker.
    Worker(Response),
    /// Show the next step.
    Next,
    /// Go back one step.
    Prev,
    /// Back to the starting position.
    ToStart,
    /// Jump to the end of the path.
    SolveAll,
    /// Jump to step `i` (the position before it, with it highlighted).
    Jump(usize),
    /// Start or stop playing.
    TogglePlay,
    /// One tick of the player.
    Tick,
    /// Set the player's delay between steps, in milliseconds.
    SetSpeed(u32),
    /// First press: the technique; second: where; third: apply it.
    Hint,
    /// Show or hide candidates.
    ToggleCandidates,
    /// Switch between entering givens and solving.
    ToggleGivens,
    /// Show or hide the two differing solutions.
    ToggleSolutions,
    /// Stop the running path (sends `Job::Cancel` to the worker).
    Cancel,
    /// Hide the notice.
    Dismiss,
    /// Show a notice.
    Notify(Notice),
}

/// The page's state.
#[derive(Clone, PartialEq, Debug)]
pub struct Model {
    /// The position the path starts from.
    pub start: PlainBoard,
    /// The path received so far; shared (the step list draws it, and copying the model for
    /// an action does not copy the path).
    pub path: Rc<Vec<PathEntry>>,
    /// The path job's state.
    pub path_state: PathState,
    /// Number of steps applied to `start` in the position shown.
    pub cursor: usize,
    /// Keep the cursor at the end as steps arrive (after "Solve all" or a restore).
    pub follow_to: Option<usize>,
    /// How much of the step at the cursor is shown.
    pub reveal: Reveal,
    /// The selected cell.
    pub selected: usize,
    /// Whether candidates are shown.
    pub show_candidates: bool,
    /// Whether typed digits are givens (entering a puzzle) rather than the user's solving.
    pub givens_mode: bool,
    /// The worker's verdict on `start`, when known.
    pub verdict: Option<Verdict>,
    /// Whether the two differing solutions are shown.
    pub show_solutions: bool,
    /// Whether the player runs.
    pub playing: bool,
    /// The player's delay between steps, in milliseconds.
    pub speed_ms: u32,
    /// The message shown above the grid.
    pub notice: Option<Notice>,
    /// Requests for the worker, newest last; the worker hook sends those it has not sent yet.
    pub outbox: Vec<Request>,
    /// The id the next request gets.
    pub next_id: u64,
    /// The id of the parse request whose answer is awaited.
    pub parse_id: u64,
    /// The id of the analyze request whose answer is awaited or was received.
    pub analyze_id: u64,
    /// The id of the path request whose steps are collected.
    pub path_id: u64,
}

impl Default for Model {
    fn default() -> Self {
        Model {
            start: PlainBoard::default(),
            path: Rc::default(),
            path_state: PathState::Idle,
            cursor: 0,
            follow_to: None,
            reveal: Reveal::Nothing,
            selected: 0,
            show_candidates: false,
            givens_mode: true,
            verdict: None,
            show_solutions: false,
            playing: false,
            speed_ms: 600,
            notice: None,
            outbox: Vec::new(),
            next_id: 1,
            parse_id: 0,
            analyze_id: 0,
            path_id: 0,
        }
    }
}

/// The outbox keeps at most this many requests; the worker hook sends new ones after every
/// change, so older ones were sent long ago.
const OUTBOX_KEEP: usize = 16;

impl Model {
    /// The position shown.
    pub fn current(&self) -> &PlainBoard {
        match self.cursor {
            0 => &self.start,
            n => &self.path[n - 1].after,
        }
    }

    /// The step at the cursor (the next one to apply), if the path has it.
    pub fn current_step(&self) -> Option<&PlainStep> {
        self.path.get(self.cursor).map(|e| &e.step)
    }

    /// The step whose highlights are drawn on the grid.
    pub fn highlighted_step(&self) -> Option<&PlainStep> {
        if self.reveal == Reveal::Everything { self.current_step() } else { None }
    }

    /// Whether the path job is still sending steps.
    pub fn running(&self) -> bool {
        self.path_state == PathState::Running
    }

    /// Whether a parse or an analysis is awaited.
    pub fn waiting(&self) -> bool {
        self.parse_id != 0 || (self.analyze_id != 0 && self.verdict.is_none())
    }

    /// The cells involved in a duplicate digit in some house, each listed once.
    pub fn conflicts(&self) -> Vec<usize> {
        conflicts(self.current())
    }

    /// Applies an action.
    pub fn apply(mut self, action: Action) -> Model {
        match action {
            Action::Select(i) if i < 81 => self.selected = i,
            Action::Select(_) => {}
            Action::Move(dr, dc) => {
                let r = (self.selected / 9) as i32;
                let c = (self.selected % 9) as i32;
                self.selected = ((r + dr).rem_euclid(9) * 9 + (c + dc).rem_euclid(9)) as usize;
            }
            Action::Input(d) => self.input(d),
            Action::Paste(text) => {
                self.parse_id = self.request(Job::Parse(text));
            }
            Action::Clear => {
                self.set_start(PlainBoard::default());
                self.givens_mode = true;
                self.notice = None;
            }
            Action::Restore(board, cursor) => {
                self.givens_mode = board.is_empty();
                self.set_start(board);
                self.follow_to = (cursor > 0).then_some(cursor);
            }
            Action::Worker(resp) => self.receive(resp),
            Action::Next => {
                self.playing = false;
                self.step_forward();
            }
            Action::Prev => {
                self.playing = false;
                self.follow_to = None;
                if self.cursor > 0 {
                    self.cursor -= 1;
                }
                self.reveal = Reveal::Everything;
            }
            Action::ToStart => {
                self.playing = false;
                self.follow_to = None;
                self.cursor = 0;
                self.reveal = Reveal::Everything;
            }
            Action::SolveAll => {
                self.playing = false;
                self.cursor = self.path.len();
                self.follow_to = self.running().then_some(usize::MAX);
                self.reveal = Reveal::Everything;
            }
            Action::Jump(i) => {
                self.playing = false;
                self.follow_to = None;
                self.cursor = i.min(self.path.len());
                self.reveal = Reveal::Everything;
            }
            Action::TogglePlay => {
                self.playing = !self.playing && self.has_next();
                self.follow_to = None;
                if self.playing {
                    self.reveal = Reveal::Everything;
                }
            }
            Action::Tick => {
                if self.playing {
                    self.step_forward();
                    self.playing = self.has_next() || self.running();
                }
            }
            Action::SetSpeed(ms) => self.speed_ms = ms.clamp(50, 5000),
            Action::Hint => self.hint(),
            Action::ToggleCandidates => self.show_candidates = !self.show_candidates,
            Action::ToggleGivens => self.givens_mode = !self.givens_mode,
            Action::ToggleSolutions => self.show_solutions = !self.show_solutions,
            Action::Cancel => {
                if self.running() {
                    // The worker stops the path within a few milliseconds, also inside a long
                    // step; its `Cancelled` reply is then dropped as this path is no longer
                    // running.
                    let path_id = self.path_id;
                    self.request(Job::Cancel(path_id));
                    self.path_state = PathState::Cancelled;
                    self.follow_to = None;
                    self.playing = false;
                }
                self.parse_id = 0;
                self.notice = Some(Notice { error: false, text: "Cancelled.".into() });
            }
            Action::Dismiss => self.notice = None,
            Action::Notify(n) => self.notice = Some(n),
        }
        self
    }

    fn has_next(&self) -> bool {
        self.cursor < self.path.len()
    }

    fn step_forward(&mut self) {
        self.follow_to = None;
        if self.reveal != Reveal::Everything && self.has_next() {
            // Show the step before applying it.
            self.reveal = Reveal::Everything;
        } else if self.has_next() {
            self.cursor += 1;
            self.reveal = Reveal::Everything;
        }
    }

    fn hint(&mut self) {
        self.playing = false;
        self.follow_to = None;
        if !self.has_next() {
            let text = if self.running() {
                "Still looking for the next step…"
            } else if self.current().is_complete() {
                "The grid is full."
            } else {
                "No step is known from here."
            };
            self.notice = Some(Notice { error: false, text: text.into() });
            return;
        }
        self.reveal = match self.reveal {
            Reveal::Nothing => Reveal::Name,
            Reveal::Name => Reveal::Everything,
            Reveal::Everything => {
                self.cursor += 1;
                Reveal::Nothing
            }
        };
    }

    fn input(&mut self, d: u8) {
        let i = self.selected;
        let cur = self.current().clone();
        if d > 9 || (d != 0 && cur.value(i) == d) || (d == 0 && cur.value(i) == 0) {
            return;
        }
        if cur.origin(i) == CellOrigin::Given && !self.givens_mode {
            self.notice = Some(Notice {
                error: false,
                text: "That cell is a given; switch to \"Enter givens\" to change it.".into(),
            });
            return;
        }
        let mut user = cur.user_cells();
        let mut board = cur.to_board();
        let cell = Cell::from_index(i);
        if cur.value(i) != 0 {
            board.clear(cell);
        }
        user[i] = false;
        if let Some(digit) = Digit::new(d) {
            if self.givens_mode {
                board.place_given(cell, digit);
            } else {
                board.place(cell, digit);
                user[i] = true;
            }
        }
        self.notice = None;
        self.set_start(PlainBoard::from_board_with_user(&board, &user));
    }

    /// Makes `board` the new starting position and asks the worker about it.
    fn set_start(&mut self, board: PlainBoard) {
        self.start = board;
        self.path = Rc::default();
        self.cursor = 0;
        self.follow_to = None;
        self.reveal = Reveal::Nothing;
        self.playing = false;
        self.verdict = None;
        self.show_solutions = false;
        if self.start.is_empty() {
            self.path_state = PathState::Idle;
            self.analyze_id = 0;
            self.path_id = 0;
            return;
        }
        self.analyze_id = self.request(Job::Analyze(self.start.clone()));
        self.path_id = self.request(Job::Path(self.start.clone()));
        self.path_state = PathState::Running;
    }

    fn request(&mut self, job: Job) -> u64 {
        let id = self.next_id;
        self.next_id += 1;
        self.outbox.push(Request { id, job });
        if self.outbox.len() > OUTBOX_KEEP {
            self.outbox.remove(0);
        }
        id
    }

    fn receive(&mut self, Response { id, reply }: Response) {
        match reply {
            Reply::Parsed(board) if id == self.parse_id => {
                self.parse_id = 0;
                self.givens_mode = board.is_empty();
                self.notice = None;
                self.set_start(board);
            }
            Reply::ParseFailed(message) if id == self.parse_id => {
                self.parse_id = 0;
                self.notice =
                    Some(Notice { error: true, text: format!("Not a puzzle: {message}") });
            }
            Reply::Analyzed(verdict) if id == self.analyze_id => self.verdict = Some(verdict),
            Reply::Step { index, step, after }
                if id == self.path_id && index as usize == self.path.len() =>
            {
                Rc::make_mut(&mut self.path).push(PathEntry { step: *step, after });
                if let Some(target) = self.follow_to {
                    self.cursor = self.path.len().min(target);
                    if self.cursor == target {
                        self.follow_to = None;
                    }
                }
            }
            Reply::PathDone { end, rating } if id == self.path_id => {
                self.path_state = PathState::Done { end, rating };
                if self.follow_to.is_some() {
                    self.cursor = self.path.len();
                    self.follow_to = None;
                }
            }
            Reply::Cancelled if id == self.path_id && self.running() => {
                self.path_state = PathState::Cancelled;
            }
            _ => {}
        }
    }
}

/// The cells that hold a digit also held by a peer: both cells of every duplicate.
pub fn conflicts(board: &PlainBoard) -> Vec<usize> {
    let mut out = [false; 81];
    for h in House::all() {
        let cells = h.cells();
        for (k, a) in cells.iter().enumerate() {
            let va = board.value(a.index());
            if va == 0 {
                continue;
            }
            for b in &cells[k + 1..] {
                if board.value(b.index()) == va {
                    out[a.index()] = true;
                    out[b.index()] = true;
                }
            }
        }
    }
    (0..81).filter(|&i| out[i]).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agent::{PathJob, analyze_job, parse_job};

    const EASY: &str =
        "530070000600195000098000060800060003400803001700020006060000280000419005000080079";

    /// Runs the model's outbox through the real jobs, as the worker would, until it is empty.
    fn run_worker(mut m: Model, sent: &mut u64) -> Model {
        loop {
            let new: Vec<Request> = m.outbox.iter().filter(|r| r.id > *sent).cloned().collect();
            if new.is_empty() {
                return m;
            }
            for Request { id, job } in new {
                *sent = id;
                let replies = match job {
                    Job::Parse(t) => vec![parse_job(&t)],
                    Job::Analyze(b) => vec![Reply::Analyzed(analyze_job(&b))],
                    Job::Path(b) => {
                        let mut j = PathJob::new(&b);
                        std::iter::from_fn(|| j.next_reply()).collect()
                    }
                    Job::Cancel(_) => vec![],
                };
                for reply in replies {
                    m = m.apply(Action::Worker(Response { id, reply }));
                }
            }
        }
    }

    fn loaded(text: &str) -> (Model, u64) {
        let mut sent = 0;
        let m = Model::default().apply(Action::Paste(text.into()));
        let m = run_worker(m, &mut sent);
        (m, sent)
    }

    #[test]
    fn paste_then_step_to_the_end_gives_the_solution_and_back_restores_the_start() {
        let (mut m, _) = loaded(EASY);
        assert_eq!(m.start.to_line().replace('.', "0"), EASY);
        assert!(matches!(m.path_state, PathState::Done { end: PathEnd::Solved, .. }));
        let Some(Verdict::Unique(sol)) = m.verdict.clone() else { panic!("unique expected") };
        let n = m.path.len();
        assert!(n > 0);
        for _ in 0..2 * n {
            m = m.apply(Action::Next);
        }
        assert_eq!(m.cursor, n);
        assert_eq!(m.current().values, sol);
        for _ in 0..n {
            m = m.apply(Action::Prev);
        }
        assert_eq!(m.current(), &m.start);
        m = m.apply(Action::Jump(3));
        assert_eq!(m.current(), &m.path[2].after);
        assert_eq!(m.current_step(), Some(&m.path[3].step));
    }

    #[test]
    fn bad_paste_keeps_the_grid_and_reports_the_error() {
        let (m, mut sent) = loaded(EASY);
        let before = m.start.clone();
        let m = run_worker(m.apply(Action::Paste("123 not a sudoku".into())), &mut sent);
        assert_eq!(m.start, before);
        assert!(m.notice.as_ref().is_some_and(|n| n.error && n.text.contains("Not a puzzle")));
    }

    #[test]
    fn stale_replies_are_dropped() {
        let (m, _) = loaded(EASY);
        let n = m.path.len();
        let stale = Response {
            id: 1,
            reply: Reply::Step {
                index: n as u32,
                step: Box::new(m.path[0].step.clone()),
                after: m.start.clone(),
            },
        };
        let m2 = m.clone().apply(Action::Worker(stale));
        assert_eq!(m2.path.len(), n);
    }

    #[test]
    fn typing_a_duplicate_marks_both_cells_and_gives_no_solution() {
        let (m, mut sent) = loaded(EASY);
        // r1c3 is empty; 5 is already in r1c1.
        let m = m.apply(Action::Select(2)).apply(Action::ToggleGivens).apply(Action::Input(5));
        assert_eq!(m.conflicts(), vec![0, 2]);
        let m = run_worker(m, &mut sent);
        assert!(matches!(m.verdict, Some(Verdict::NoSolution(_))));
        let m = m.apply(Action::Input(0));
        assert!(m.conflicts().is_empty());
    }

    #[test]
    fn givens_are_protected_while_solving_and_user_digits_are_marked() {
        let (m, _) = loaded(EASY);
        assert!(!m.givens_mode);
        let m = m.apply(Action::Select(0)).apply(Action::Input(9));
        assert_eq!(m.start.value(0), 5);
        let m = m.apply(Action::Select(2)).apply(Action::Input(4));
        assert_eq!(m.start.origin(2), CellOrigin::User);
        assert!(m.running());
    }

    #[test]
    fn hint_reveals_name_then_place_then_applies() {
        let (m, _) = loaded(EASY);
        let m = m.apply(Action::Hint);
        assert_eq!((m.reveal, m.cursor), (Reveal::Name, 0));
        assert!(m.highlighted_step().is_none());
        let m = m.apply(Action::Hint);
        assert_eq!(m.reveal, Reveal::Everything);
        assert!(m.highlighted_step().is_some());
        let m = m.apply(Action::Hint);
        assert_eq!((m.reveal, m.cursor), (Reveal::Nothing, 1));
    }

    #[test]
    fn a_verdict_of_several_solutions_is_kept_and_they_can_be_shown() {
        let board = PlainBoard::from_board(&deduku::format::parse(EASY).unwrap());
        let m = Model::default().apply(Action::Restore(board, 0));
        let (a, b): (Vec<u8>, Vec<u8>) = ((1..=81).map(|i| i % 9).collect(), vec![0; 81]);
        let reply = Reply::Analyzed(Verdict::Multiple(a.clone(), b.clone()));
        let m = m.clone().apply(Action::Worker(Response { id: m.analyze_id, reply }));
        let m = m.apply(Action::ToggleSolutions);
        assert_eq!(m.verdict, Some(Verdict::Multiple(a, b)));
        assert!(m.show_solutions);
    }

    #[test]
    fn moves_wrap_around() {
        let m = Model::default().apply(Action::Move(-1, -1));
        assert_eq!(m.selected, 80);
        assert_eq!(m.apply(Action::Move(0, 1)).selected, 72);
    }
}
