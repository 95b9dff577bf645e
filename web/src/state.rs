//! The page's model: everything the UI shows, changed only by [`Model::apply`] with an
//! [`Action`]. No Yew here, so it is tested natively.
//!
//! The person works on one [`Position`] (givens, their digits, helper digits, notes, colours);
//! every change of it is recorded in the [`History`] for undo and redo. The solver's path is
//! always computed from the person's position (their removals included): `base` is the
//! position the path starts from, and the first `cursor` steps of the path have been applied to
//! it as helper digits and removals. A change the person makes asks for a new path; stepping
//! through the path, undo and redo keep it when the position is still on it.
//!
//! The model does not talk to the worker itself: actions that need the solver post a
//! [`Request`](crate::protocol::Request) in the model's [`Mailbox`] with a fresh id, which
//! awaits that id; the page's worker hook (`hooks::use_worker`) sends what is new in the
//! outbox after each change. A [`Response`] whose id is not the one awaited for its kind is
//! stale and dropped.

mod learn;
mod mailbox;
mod maker;
mod view;

pub use learn::{
    Kept, Learn, LearnAction, MASTERED_DAYS, Progress, Record, Screen, Stage, WORKSHEET_DRILLS,
    WORKSHEET_MAX,
};
pub use learn::{learn_to_text, progress_from_text, progress_to_text, ready_from_text, syllabus};
pub use mailbox::{Awaited, Mailbox};
pub use maker::{Maker, POOL_LEVELS, POOL_SIZE, Pool};
pub use view::{Pen, View};

use crate::history::History;
use crate::position::{Position, cell_name};
use crate::protocol::{
    CellOrigin, Job, PathEnd, PathRequest, PlainRating, PlainStep, PuzzleChoice, Reply, Response,
    Verdict,
};
use std::rc::Rc;

/// How much of the step at the cursor is shown.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Reveal {
    /// Nothing: the person is solving on their own.
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
    /// The person cancelled; the steps received so far stay usable.
    Cancelled,
    /// The person's position is broken (the text says where), so no path is explained.
    Broken(String),
}

/// A message above the grid.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Notice {
    /// Whether it reports a failure (shown as an alert).
    pub error: bool,
    /// The text.
    pub text: String,
}

/// Why no step is explained from the person's position.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Trouble {
    /// Where it is broken, in words.
    pub text: String,
    /// Whether only the solution shows it (a wrong digit or removal, not a visible warning):
    /// then the status says nothing, so a guess is not given away (mistakes are shown only on
    /// Check or with "show mistakes as I go"); a hint, asked for, says where.
    pub mistake: bool,
}

impl Trouble {
    /// What the status says when no path is explained: where, or nothing for a mistake only
    /// the solution shows.
    fn status(&self) -> String {
        if self.mistake {
            String::new()
        } else {
            "No steps are explained until the warnings are fixed.".to_string()
        }
    }
}

/// What "Find all" found.
#[derive(Clone, PartialEq, Debug)]
pub struct Found {
    /// The technique's ID.
    pub technique: String,
    /// The instances on the position (not applied).
    pub steps: Rc<Vec<Rc<PlainStep>>>,
    /// The instance drawn on the grid, if any.
    pub shown: Option<usize>,
}

/// The person's choices, kept in local storage.
#[derive(Clone, PartialEq, Debug)]
pub struct Settings {
    /// Candidates computed by the page (the person's removals stay removed); off: only the
    /// person's own marks show.
    pub auto: bool,
    /// Mark mistakes as the person goes (Check without pressing it).
    pub show_mistakes: bool,
    /// The player's delay between steps, in milliseconds.
    pub speed_ms: u32,
    /// The IDs of the techniques hints, steps and the path may use; `None` for the default set.
    pub techniques: Option<Rc<Vec<String>>>,
    /// The level "New puzzle" makes.
    pub level: String,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            auto: true,
            show_mistakes: false,
            speed_ms: 600,
            techniques: None,
            level: "medium".into(),
        }
    }
}

impl Settings {
    /// The techniques that are on (IDs the library does not know are left out).
    pub fn technique_set(&self) -> deduku::TechniqueSet {
        match &self.techniques {
            None => deduku::TechniqueSet::default_path(),
            Some(ids) => ids.iter().filter_map(|id| deduku::Technique::from_id(id)).collect(),
        }
    }

    /// The text kept in local storage: `auto=1&mistakes=0&speed=600&t=id,id`.
    pub fn to_text(&self) -> String {
        let mut s = format!(
            "auto={}&mistakes={}&speed={}&level={}",
            u8::from(self.auto),
            u8::from(self.show_mistakes),
            self.speed_ms,
            self.level
        );
        if let Some(t) = &self.techniques {
            s.push_str("&t=");
            s.push_str(&t.join(","));
        }
        s
    }

    /// Reads [`Settings::to_text`]'s text; parts it does not know or cannot read keep their
    /// defaults.
    pub fn from_text(text: &str) -> Settings {
        let mut s = Settings::default();
        for part in text.split('&') {
            match part.split_once('=') {
                Some(("auto", v)) => s.auto = v != "0",
                Some(("mistakes", v)) => s.show_mistakes = v == "1",
                Some(("speed", v)) => s.speed_ms = v.parse().unwrap_or(600).clamp(50, 5000),
                Some(("level", v)) if POOL_LEVELS.contains(&v) => s.level = v.to_string(),
                Some(("t", v)) => {
                    let ids: Vec<String> = v
                        .split(',')
                        .filter(|id| deduku::Technique::from_id(id).is_some())
                        .map(String::from)
                        .collect();
                    s.techniques = Some(Rc::new(ids));
                }
                _ => {}
            }
        }
        s
    }
}

/// Everything that can happen on the page.
#[derive(Clone, PartialEq, Debug)]
pub enum Action {
    /// Show line `i` of the current step's proof on the grid, or (`None`) the whole step.
    ProofLine(Option<usize>),
    /// Show the next (`1`) or the previous (`-1`) line of the current step's proof.
    ProofStep(i32),
    /// Select a cell (0–80).
    Select(usize),
    /// Move the selection by rows and columns (wrapping at the edges).
    Move(i32, i32),
    /// Move the selection to its row's first cell, or (`true`) its last.
    RowEdge(bool),
    /// A digit (1–9) from the keyboard or the pad: placed, noted (notes mode), made a given
    /// (entering givens) or highlighted (highlight mode); 0 clears the cell.
    Input(u8),
    /// Toggle a candidate of the selected cell in the person's notes.
    Note(u8),
    /// Clear the selected cell (the person's digit, or a given while entering givens).
    Erase,
    /// A text was pasted or imported: parse it in the worker.
    Paste(String),
    /// Start over with an empty grid.
    Clear,
    /// Open a position from a link.
    Load(Box<Position>),
    /// A reply from the worker.
    Worker(Response),
    /// Show the next step, then apply it.
    Next,
    /// Go back one step of the path.
    Prev,
    /// Back to the position the path starts from.
    ToStart,
    /// Apply the whole path.
    SolveAll,
    /// Go to the position before step `i` of the path, with it highlighted.
    Jump(usize),
    /// Start or stop playing.
    TogglePlay,
    /// One tick of the player.
    Tick,
    /// Set the player's delay between steps, in milliseconds.
    SetSpeed(u32),
    /// First press: the technique; second: where; third: apply it.
    Hint,
    /// Auto candidates on or off.
    ToggleAuto,
    /// Notes mode on or off (digits toggle candidates instead of placing).
    ToggleNotes,
    /// Fill the person's marks with every candidate (and show them).
    FillCandidates,
    /// Forget the person's notes.
    ClearNotes,
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
    /// Undo the last change of the position.
    Undo,
    /// Redo what was undone.
    Redo,
    /// Take back the helper digits after the person's last own digit, or that digit.
    BackOut,
    /// Back to the givens.
    Restart,
    /// Mark the person's mistakes once (until the next change).
    Check,
    /// Mark mistakes as the person goes.
    ToggleShowMistakes,
    /// Show or hide the singles.
    ToggleSingles,
    /// Fill every single as a helper digit.
    FillSingles,
    /// Apply one round of Reduce as steps of the path.
    Reduce,
    /// Turn a technique (by ID) on or off for hints, steps and the path.
    SetTechnique(String, bool),
    /// Back to the default techniques.
    DefaultTechniques,
    /// List every instance of a technique (by ID) on the position.
    FindAll(String),
    /// Draw one of the instances found (or none).
    ShowFound(Option<usize>),
    /// Highlight a digit's cells and candidates (the same digit again turns it off).
    Highlight(u8),
    /// Highlight mode on or off (digits highlight instead of placing).
    ToggleHighlightMode,
    /// Shade the cells with two candidates, or stop.
    ToggleBivalue,
    /// Colour the selected cell (or, with a digit highlighted, that candidate of it) with
    /// colour 1–4; the same colour again, or 0, removes it.
    Paint(u8),
    /// Give the selected cell the next colour (none → 1 → … → 4 → none).
    CyclePaint,
    /// Remove every colour.
    ClearColors,
    /// A new puzzle: from the pool at once when one is ready, else made by the worker.
    NewPuzzle(PuzzleChoice),
    /// The person has left the page alone for a while: the worker may start filling the pool
    /// (see [`Model::start_pool`]).
    FillPool,
    /// A new puzzle of the level chosen in the settings.
    NewChosenPuzzle,
    /// Choose the level "New puzzle" makes.
    SetLevel(String),
    /// The worker died and a new one took its place ([`crate::client`]): it was sent again
    /// every request still unanswered but these (given up, as if cancelled).
    WorkerRestarted(Vec<u64>),
    /// Something kept could not be read when the page opened: the text says what was dropped
    /// and what was kept.
    Warn(String),
    /// In the Learn place: lessons, drills, review, worksheets ([`LearnAction`]).
    Learn(LearnAction),
}

impl Action {
    /// Whether the action redraws much of the page: a step along the path or a change to every
    /// cell. The page gives such an action a task of its own after the input event that asked
    /// for it (see [`crate::hooks::use_worker`]).
    pub fn redraws_much(&self) -> bool {
        matches!(
            self,
            Action::Next
                | Action::Prev
                | Action::ToStart
                | Action::SolveAll
                | Action::Jump(_)
                | Action::Hint
                | Action::FillCandidates
                | Action::ClearNotes
                | Action::FillSingles
                | Action::ToggleAuto
                | Action::Restart
                | Action::Clear
        )
    }
}

/// What the grid draws for one line of a proof: the line's fact (a placement when it says the
/// digit is there, an elimination when not), a pattern's candidates, and each premise's fact in
/// the alternate colour with a link to the line's fact.
fn proof_line_step(step: &PlainStep, line: &crate::protocol::PlainProofLine) -> PlainStep {
    use crate::protocol::{PlainLink, PlainNode};
    let fact = line.cands.first().copied();
    let premises: Vec<_> = line
        .premises
        .iter()
        .filter_map(|&p| step.proof.get(usize::from(p)))
        .filter_map(|p| p.cands.first().map(|&k| (k, p.on)))
        .collect();
    let node = |k: crate::protocol::PlainCand| PlainNode { digit: k.digit, cells: vec![k.cell] };
    PlainStep {
        technique: step.technique.clone(),
        text: line.text.clone(),
        explanation: line.text.clone(),
        about: String::new(),
        place: String::new(),
        placements: fact.filter(|_| line.on).into_iter().collect(),
        eliminations: fact.filter(|_| !line.on).into_iter().collect(),
        cells: fact.map(|k| vec![k.cell]).unwrap_or_default(),
        candidates: line.cands.iter().skip(1).copied().collect(),
        alternate: premises.iter().map(|&(k, _)| k).collect(),
        fins: Vec::new(),
        houses: Vec::new(),
        cover_houses: Vec::new(),
        links: match fact {
            Some(f) => premises
                .iter()
                .filter(|(k, _)| *k != f)
                .map(|&(k, on)| PlainLink { from: node(k), to: node(f), strong: on })
                .collect(),
            None => Vec::new(),
        },
        proof: Vec::new(),
    }
}

/// The path player: whether it plays (a step per tick), and whether steps are followed as they
/// arrive (applied up to `follow_to`: after Solve all while the path still comes, or a Reduce
/// round). Its one invariant, that the person taking the path in hand stops both, is
/// [`Player::stop`].
#[derive(Clone, PartialEq, Debug, Default)]
pub struct Player {
    /// Whether the player runs.
    pub playing: bool,
    /// Apply steps as they arrive, up to this many (after "Solve all" or "Reduce").
    pub follow_to: Option<usize>,
    /// Whether the current follow has recorded its history entry.
    follow_recorded: bool,
}

impl Player {
    /// The person takes the path in hand: nothing plays, no arriving step is applied.
    pub fn stop(&mut self) {
        self.playing = false;
        self.follow_to = None;
    }
}

/// How the position changed, which decides what happens to the history and the path.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Change {
    /// The person (or a helper command) changed it: recorded, and a new path is asked for.
    Person,
    /// A step of the path was applied or taken back: recorded, the path stays.
    Path,
    /// Steps arriving while following the path: the first recorded, the next ones amend it.
    Follow,
    /// Undo or redo: nothing recorded; the path stays if the position is still on it.
    History,
}

/// The page's state.
#[derive(Clone, PartialEq, Debug)]
pub struct Model {
    /// The person's position.
    pub pos: Position,
    /// Every position they went through (undo, redo).
    pub history: History,
    /// The position the path starts from.
    pub base: Position,
    /// The path received so far (shared: the step list draws it, and copying the model does
    /// not copy it; each step is shared too, so a step arriving copies pointers, not steps, and
    /// the step list redraws only the items that changed).
    pub path: Rc<Vec<Rc<PlainStep>>>,
    /// How many of the path's first steps are a Reduce round.
    pub reduced: usize,
    /// The path job's state.
    pub path_state: PathState,
    /// Number of steps of the path applied to `base` in `pos`.
    pub cursor: usize,
    /// The player: playing, and following steps as they arrive.
    pub player: Player,
    /// The line of the current step's proof being shown (drawn on the grid), if any.
    pub proof_line: Option<usize>,
    /// How much of the step at the cursor is shown.
    pub reveal: Reveal,
    /// The selected cell.
    pub selected: usize,
    /// The person's choices.
    pub settings: Settings,
    /// The pen, entering givens, the highlight, the shadings, Check's marks, the solutions.
    pub view: View,
    /// The worker's verdict on the givens, when known.
    pub verdict: Option<Verdict>,
    /// The givens the verdict is about (or is awaited for).
    pub puzzle: [u8; 81],
    /// The puzzle's rating: that of the path from its givens alone (the person's work does not
    /// change it).
    pub puzzle_rating: Option<PlainRating>,
    /// The message shown above the grid.
    pub notice: Option<Notice>,
    /// What Find all found.
    pub found: Option<Found>,
    /// Requests for the worker (the worker hook sends those it has not sent yet) and the ids of
    /// the answers awaited: a parse, the analysis (awaited or received), the path whose steps
    /// are collected, a Find all, the person's new puzzle.
    pub mail: Mailbox,
    /// The technique that request looks for.
    finding: String,
    /// The person's new puzzle being made, and the pool of ready ones.
    pub maker: Maker,
    /// The Learn place: lessons, drills and progress.
    pub learn: Learn,
}

impl Default for Model {
    fn default() -> Self {
        Model::restored(History::new(Position::default()), Settings::default())
    }
}

impl Model {
    /// A model on the current position of `history`, asking the worker about it.
    pub fn restored(history: History, settings: Settings) -> Model {
        let pos = history.current().clone();
        let mut m = Model {
            base: pos.clone(),
            pos,
            history,
            path: Rc::default(),
            reduced: 0,
            path_state: PathState::Idle,
            cursor: 0,
            player: Player::default(),
            proof_line: None,
            reveal: Reveal::Nothing,
            selected: 0,
            settings,
            view: View::default(),
            verdict: None,
            puzzle: [0; 81],
            puzzle_rating: None,
            notice: None,
            found: None,
            mail: Mailbox::default(),
            finding: String::new(),
            maker: Maker::default(),
            learn: Learn::default(),
        };
        m.view.givens = m.pos.is_empty();
        m.analyze_if_new();
        m.request_path(false);
        m
    }

    /// Greets a first visit, whose grid holds the puzzle of the day: what it is, and where the
    /// others and the empty grid are. The message goes with the first change of the grid.
    pub fn welcome(&mut self) {
        let level = self.settings.level.clone();
        self.say(
            false,
            format!("Today's {level} puzzle. New puzzle and New empty grid are at the top."),
        );
    }

    /// The step at the cursor (the next one to apply), if the path has it.
    pub fn current_step(&self) -> Option<&Rc<PlainStep>> {
        self.path.get(self.cursor)
    }

    /// The step whose highlights are drawn on the grid: a Find all instance the person picked,
    /// else the step at the cursor when it is revealed.
    ///
    /// While a line of the step's proof is shown, that line is drawn instead: its fact (placed
    /// or ruled out), a pattern it names, and the facts it rests on, linked to it.
    pub fn highlighted_step(&self) -> Option<Rc<PlainStep>> {
        if let Some(s) = self.learn_step() {
            return Some(s);
        }
        if let Some(f) = &self.found
            && let Some(i) = f.shown
        {
            return f.steps.get(i).cloned();
        }
        if self.reveal != Reveal::Everything {
            return None;
        }
        let step = self.current_step()?;
        match self.proof_line.and_then(|i| step.proof.get(i)) {
            Some(line) => Some(Rc::new(proof_line_step(step, line))),
            None => Some(step.clone()),
        }
    }

    /// Whether the path job is still sending steps.
    pub fn running(&self) -> bool {
        self.path_state == PathState::Running
    }

    /// Starts the pool of ready puzzles: `pool` as stored, `seed` for the generator requests
    /// (the page takes it from the clock; the model reads none). The missing ones are asked
    /// for only after [`Action::FillPool`], which the page sends once the person has left it
    /// alone for a while. Making puzzles runs most of the worker's code for the first time,
    /// so the browser compiles and optimises it then. On a machine with two cores, that work
    /// right after a load made a paste at once take up to about twice as long (`bench/NOTES.md`).
    pub fn start_pool(&mut self, pool: Pool, seed: u64) {
        self.maker.start(pool, seed);
    }

    /// Whether a parse, an analysis, a Find all or a new puzzle is awaited.
    pub fn waiting(&self) -> bool {
        self.mail.waiting(Awaited::Parse)
            || self.mail.waiting(Awaited::Find)
            || self.mail.waiting(Awaited::Generate)
            || (self.mail.waiting(Awaited::Analyze) && self.verdict.is_none())
    }

    /// The solution of the puzzle (its givens), when it has exactly one.
    pub fn solution(&self) -> Option<&[u8]> {
        match &self.verdict {
            Some(Verdict::Unique(s)) if self.puzzle == self.pos.givens() => Some(s),
            _ => None,
        }
    }

    /// Whether mistakes are marked now.
    pub fn mistakes_shown(&self) -> bool {
        (self.view.checking() || self.settings.show_mistakes) && self.solution().is_some()
    }

    /// What is wrong with the person's position, in words, if anything: what the warnings see,
    /// else what disagrees with the solution (`mistake` is then true). Hints and steps are not
    /// explained from such a position; they say this instead.
    pub fn trouble(&self) -> Option<Trouble> {
        let w = self.pos.warnings();
        if !w.is_empty() {
            let text = format!("Your position has a problem: {}.", w.describe().join("; "));
            return Some(Trouble { text, mistake: false });
        }
        let sol = self.solution()?;
        let m = self.pos.mistakes(sol);
        if m.is_empty() {
            return None;
        }
        let text = format!(
            "Your position cannot reach the solution any more: {}. Undo, Back out or fix it.",
            m.describe(&self.pos).join("; ")
        );
        Some(Trouble { text, mistake: true })
    }

    /// Applies an action.
    pub fn apply(mut self, action: Action) -> Model {
        let before = self.pos.clone();
        let notice = self.notice.clone();
        let shown = (self.cursor, self.reveal, self.mail.awaited(Awaited::Path));
        if let Some(change) = self.act(action)
            && self.pos != before
        {
            // A message is about the position it was said on: when another action changes
            // that position (an edit, Undo, Redo, a step), the message goes with it, unless
            // this action said it. Steps arriving while following keep it ("Reduce: 8 steps").
            if change != Change::Follow && self.notice.is_some() && self.notice == notice {
                self.notice = None;
            }
            self.changed(&before, change);
        }
        // A proof line belongs to the step it was shown for.
        if (self.cursor, self.reveal, self.mail.awaited(Awaited::Path)) != shown {
            self.proof_line = None;
        }
        self
    }

    /// Does what an action says; returns how the position may have changed.
    fn act(&mut self, action: Action) -> Option<Change> {
        match action {
            Action::ProofLine(i) => {
                let n = self.current_step().map_or(0, |s| s.proof.len());
                self.proof_line = i.filter(|&i| i < n && self.reveal == Reveal::Everything);
            }
            Action::ProofStep(by) => self.proof_step(by),
            Action::Select(i) if i < 81 => self.selected = i,
            Action::Select(_) => {}
            Action::Move(dr, dc) => {
                let r = (self.selected / 9) as i32;
                let c = (self.selected % 9) as i32;
                self.selected = ((r + dr).rem_euclid(9) * 9 + (c + dc).rem_euclid(9)) as usize;
            }
            Action::RowEdge(end) => self.selected = self.selected / 9 * 9 + if end { 8 } else { 0 },
            Action::Input(d) => return self.input(d),
            Action::Note(d) => return self.note(d),
            Action::Erase => return self.input(0),
            Action::Paste(text) => {
                self.mail.ask(Awaited::Parse, Job::Parse(text));
            }
            Action::Clear => {
                self.drop_new_puzzle();
                self.pos = Position::default();
                self.view.givens = true;
                self.notice = None;
                return Some(Change::Person);
            }
            Action::Load(pos) => {
                self.drop_new_puzzle();
                self.view.givens = pos.is_empty();
                self.pos = *pos;
                return Some(Change::Person);
            }
            Action::Worker(resp) => return self.receive(resp),
            Action::WorkerRestarted(dropped) => return self.worker_restarted(&dropped),
            Action::Warn(text) => self.say(true, text),
            Action::Next => {
                self.player.playing = false;
                return self.step_forward();
            }
            Action::Prev => {
                self.player.stop();
                self.reveal = Reveal::Everything;
                return self.go_to(self.cursor.saturating_sub(1));
            }
            Action::ToStart => {
                self.player.stop();
                self.reveal = Reveal::Everything;
                return self.go_to(0);
            }
            Action::SolveAll => return self.solve_all(),
            Action::Jump(i) => {
                self.player.stop();
                self.reveal = Reveal::Everything;
                if i > self.cursor && self.refuse_if_broken() {
                    return None;
                }
                return self.go_to(i.min(self.path.len()));
            }
            Action::TogglePlay => {
                self.player.playing =
                    !self.player.playing && self.has_next() && !self.refuse_if_broken();
                self.player.follow_to = None;
                if self.player.playing {
                    self.reveal = Reveal::Everything;
                }
            }
            Action::Tick => {
                if self.player.playing {
                    let change = self.step_forward();
                    self.player.playing = self.has_next() || self.running();
                    return change;
                }
            }
            Action::SetSpeed(ms) => self.settings.speed_ms = ms.clamp(50, 5000),
            Action::Hint => return self.learn_hint().unwrap_or_else(|| self.hint()),
            Action::Learn(a) => return self.learn_act(a),
            Action::ToggleAuto => self.settings.auto = !self.settings.auto,
            Action::ToggleNotes => self.view.toggle_notes(),
            Action::FillCandidates => {
                self.pos.fill_marks();
                self.settings.auto = false;
                return Some(Change::Person);
            }
            Action::ClearNotes => {
                self.pos.clear_notes();
                return Some(Change::Person);
            }
            Action::ToggleGivens => self.view.givens = !self.view.givens,
            Action::ToggleSolutions => self.view.toggle_solutions(),
            Action::Cancel => self.cancel(),
            Action::Dismiss => self.notice = None,
            Action::Notify(n) => self.notice = Some(n),
            Action::Undo => match self.history.undo() {
                Some(p) => {
                    self.pos = p.clone();
                    return Some(Change::History);
                }
                None => self.say(false, "Nothing to undo."),
            },
            Action::Redo => match self.history.redo() {
                Some(p) => {
                    self.pos = p.clone();
                    return Some(Change::History);
                }
                None => self.say(false, "Nothing to redo."),
            },
            Action::BackOut => return self.back_out(),
            Action::Restart => {
                self.pos.restart();
                self.say(false, "Back to the givens (Undo brings your work back).");
                return Some(Change::Person);
            }
            Action::Check => self.check(),
            Action::ToggleShowMistakes => {
                self.settings.show_mistakes = !self.settings.show_mistakes;
            }
            Action::ToggleSingles => self.view.singles = !self.view.singles,
            Action::FillSingles => return self.fill_singles(),
            Action::Reduce => {
                if !self.refuse_if_broken() {
                    self.request_path(true);
                }
            }
            Action::SetTechnique(id, on) => self.set_technique(&id, on),
            Action::DefaultTechniques => {
                self.settings.techniques = None;
                self.request_path(false);
            }
            Action::FindAll(id) => {
                self.found = None;
                let board = self.pos.to_plain();
                self.finding = id.clone();
                self.mail.ask(Awaited::Find, Job::FindAll { board, technique: id });
            }
            Action::ShowFound(i) => {
                if let Some(f) = &mut self.found {
                    f.shown = i.filter(|&i| i < f.steps.len());
                }
            }
            Action::Highlight(d) => self.view.toggle_highlight(d),
            Action::ToggleHighlightMode => self.view.toggle_highlighting(),
            Action::ToggleBivalue => self.view.bivalue = !self.view.bivalue,
            Action::Paint(color) => return self.paint(color),
            Action::CyclePaint => {
                let i = self.selected;
                let next = (self.pos.cell_color(i) + 1) % (crate::position::COLORS + 1);
                self.pos.set_cell_color(i, next);
                return Some(Change::Person);
            }
            Action::ClearColors => {
                self.pos.clear_colors();
                return Some(Change::Person);
            }
            Action::SetLevel(level) => {
                if POOL_LEVELS.contains(&level.as_str()) {
                    self.settings.level = level;
                }
            }
            Action::NewPuzzle(choice) => return self.new_puzzle(choice),
            Action::NewChosenPuzzle => {
                return self.new_puzzle(PuzzleChoice::Level(self.settings.level.clone()));
            }
            Action::FillPool => {
                // A repeated FillPool asks for nothing new: `refill` asks only for the levels
                // that are short and have nothing coming.
                self.maker.fill(&mut self.mail);
            }
        }
        None
    }

    /// Shows the next (`by > 0`) or the previous line of the current step's proof.
    fn proof_step(&mut self, by: i32) {
        let Some(step) = self.current_step().filter(|_| self.reveal == Reveal::Everything) else {
            return;
        };
        // Headings and the ending are not lines to draw: step over them.
        let lines: Vec<usize> =
            (0..step.proof.len()).filter(|&i| !step.proof[i].label.is_empty()).collect();
        let at = self.proof_line.and_then(|i| lines.iter().position(|&l| l == i));
        let next = match (at, by > 0) {
            (None, true) => lines.first().copied(),
            (None, false) => lines.last().copied(),
            (Some(k), true) => lines.get(k + 1).copied().or(Some(lines[k])),
            (Some(k), false) => k.checked_sub(1).map(|k| lines[k]).or(Some(lines[k])),
        };
        self.proof_line = next;
    }

    /// Applies the whole path, and the steps still to come as they arrive.
    fn solve_all(&mut self) -> Option<Change> {
        self.player.playing = false;
        if self.refuse_if_broken() {
            return None;
        }
        self.reveal = Reveal::Everything;
        let change = self.go_to(self.path.len());
        self.player.follow_to = self.running().then_some(usize::MAX);
        // Steps still to come amend the entry this records, or record their own.
        self.player.follow_recorded = change.is_some();
        change
    }

    /// Stops the path, a paste, a Find all and the person's new puzzle.
    fn cancel(&mut self) {
        if self.running() {
            // The worker stops the path within a few milliseconds, also inside a long
            // step; its `Cancelled` reply is then dropped as this path is no longer
            // running.
            let path = self.mail.awaited(Awaited::Path);
            self.mail.post(Job::Cancel(path));
            self.path_state = PathState::Cancelled;
            self.player.stop();
        }
        self.mail.done(Awaited::Parse);
        self.mail.done(Awaited::Find);
        self.mail.cancel(Awaited::Generate);
        self.say(false, "Cancelled.");
    }

    /// Check: marks the mistakes (or hides the marks) and says how many.
    fn check(&mut self) {
        if self.solution().is_none() {
            self.say(false, "Check needs a puzzle with exactly one solution.");
        } else {
            let checking = self.view.toggle_check();
            let m = self.pos.mistakes(self.solution().unwrap_or_default());
            let n = m.wrong_digits.len() + m.wrong_removals.len();
            let text = match n {
                0 => "No mistakes so far.".to_string(),
                1 => "1 mistake, marked on the grid and listed below.".to_string(),
                n => format!("{n} mistakes, marked on the grid and listed below."),
            };
            if checking {
                self.notice = Some(Notice { error: !m.is_empty(), text });
            }
        }
    }

    /// Turns one technique on or off and asks for a new path.
    fn set_technique(&mut self, id: &str, on: bool) {
        let set = self.settings.technique_set();
        let mut ids: Vec<String> = deduku::Technique::ALL
            .iter()
            .filter(|&&t| set.contains(t))
            .map(|t| t.id().to_string())
            .filter(|x| *x != id)
            .collect();
        if on && deduku::Technique::from_id(id).is_some() {
            ids.push(id.to_string());
        }
        self.settings.techniques = Some(Rc::new(ids));
        self.request_path(false);
    }

    /// Paints the selected cell, or its highlighted candidate, or takes the colour off.
    fn paint(&mut self, color: u8) -> Option<Change> {
        let i = self.selected;
        match self.view.highlight() {
            Some(d)
                if self.pos.value(i) == 0
                    && self.pos.shown(i, self.settings.auto) & (1 << (d - 1)) != 0 =>
            {
                let c = if self.pos.cand_color(i, d) == color { 0 } else { color };
                self.pos.set_cand_color(i, d, c);
            }
            _ => {
                let c = if self.pos.cell_color(i) == color { 0 } else { color };
                self.pos.set_cell_color(i, c);
            }
        }
        Some(Change::Person)
    }

    /// Another puzzle was opened: a new puzzle still being made would replace it, so it is
    /// cancelled.
    fn drop_new_puzzle(&mut self) {
        self.mail.cancel(Awaited::Generate);
    }

    fn new_puzzle(&mut self, choice: PuzzleChoice) -> Option<Change> {
        match self.maker.new_puzzle(&choice, &mut self.mail) {
            Some(line) => self.load_line(&line, &choice),
            None => {
                self.notice = None;
                None
            }
        }
    }

    /// Opens a new puzzle given as an 81-character line of givens.
    fn load_line(&mut self, line: &str, choice: &PuzzleChoice) -> Option<Change> {
        let b = line.as_bytes();
        if b.len() != 81 {
            return None;
        }
        let givens: [u8; 81] = std::array::from_fn(|i| match b[i] {
            c @ b'1'..=b'9' => c - b'0',
            _ => 0,
        });
        self.pos = Position::from_givens(&givens);
        self.view.givens = false;
        let what = match choice {
            PuzzleChoice::Level(level) => format!("A new {level} puzzle"),
            PuzzleChoice::Technique(_) => format!("A new puzzle to {}", choice.label()),
        };
        self.say(false, format!("{what}. Undo brings back the one before."));
        Some(Change::Person)
    }

    /// Records a change of the position and keeps the path, the verdict and the marks in step
    /// with it.
    fn changed(&mut self, before: &Position, change: Change) {
        match change {
            Change::Person | Change::Path => self.history.push(self.pos.clone()),
            Change::Follow if self.player.follow_recorded => self.history.replace(self.pos.clone()),
            Change::Follow => {
                self.history.push(self.pos.clone());
                self.player.follow_recorded = true;
            }
            Change::History => {}
        }
        if change == Change::Person {
            // Check marks mistakes until the next change.
            self.view.person_changed();
        }
        if self.pos.solver_eq(before) {
            // Only marks or colours changed: the path still fits.
            return;
        }
        self.found = None;
        self.analyze_if_new();
        match change {
            Change::Person => {
                self.player.playing = false;
                self.request_path(false);
            }
            Change::Path | Change::Follow => {}
            Change::History => self.sync_path(),
        }
    }

    /// Asks for the verdict on the givens when they changed.
    fn analyze_if_new(&mut self) {
        let givens = self.pos.givens();
        if givens == self.puzzle && self.mail.waiting(Awaited::Analyze) {
            return;
        }
        self.puzzle = givens;
        self.verdict = None;
        self.puzzle_rating = None;
        self.view.givens_changed();
        if givens.iter().all(|&v| v == 0) {
            self.mail.done(Awaited::Analyze);
            return;
        }
        // A built-in puzzle's verdict is known at once (the first visit's, before the worker
        // has loaded); the worker is asked all the same, and says the same.
        self.verdict = crate::daily::known_solution(&givens).map(|s| Verdict::Unique(s.to_vec()));
        let board = Position::from_givens(&givens).to_plain();
        self.mail.ask(Awaited::Analyze, Job::Analyze(board));
    }

    /// Makes the current position the path's base and asks for a path from it (after a Reduce
    /// round with `reduce`); a broken position gets no path.
    fn request_path(&mut self, reduce: bool) {
        self.base = self.pos.clone();
        self.path = Rc::default();
        self.reduced = 0;
        self.cursor = 0;
        self.player.follow_to = None;
        self.reveal = Reveal::Nothing;
        if self.running() {
            self.mail.cancel(Awaited::Path);
        }
        self.mail.done(Awaited::Path);
        if self.pos.is_empty() {
            self.path_state = PathState::Idle;
            return;
        }
        if let Some(t) = self.trouble() {
            self.path_state = PathState::Broken(t.status());
            return;
        }
        if let Some(why) = self.not_unique() {
            self.path_state = PathState::Broken(why);
            return;
        }
        let req = PathRequest {
            board: self.pos.to_plain(),
            techniques: self.settings.techniques.as_ref().map(|t| t.to_vec()),
            reduce,
        };
        self.mail.ask(Awaited::Path, Job::Path(req));
        self.path_state = PathState::Running;
        // With `reduce`, the steps are followed once the worker says how many there are.
        self.player.follow_recorded = false;
    }

    /// After undo or redo: keeps the path when the position is on it (one step either way),
    /// else asks for a new one.
    fn sync_path(&mut self) {
        let near = [self.cursor, self.cursor.saturating_sub(1), self.cursor + 1];
        for k in near {
            if k <= self.path.len() && self.position_at(k) == self.pos {
                self.cursor = k;
                self.reveal = Reveal::Nothing;
                return;
            }
        }
        self.request_path(false);
    }

    /// The base with the first `k` steps of the path applied.
    pub fn position_at(&self, k: usize) -> Position {
        let mut p = self.base.clone();
        for s in self.path.iter().take(k) {
            p.apply_step(s);
        }
        p
    }

    fn go_to(&mut self, k: usize) -> Option<Change> {
        let k = k.min(self.path.len());
        if k == self.cursor {
            return None;
        }
        if k == self.cursor + 1 {
            let step = self.path[self.cursor].clone();
            self.pos.apply_step(&step);
        } else {
            self.pos = self.position_at(k);
        }
        self.cursor = k;
        Some(Change::Path)
    }

    fn has_next(&self) -> bool {
        self.cursor < self.path.len()
    }

    fn say(&mut self, error: bool, text: impl Into<String>) {
        self.notice = Some(Notice { error, text: text.into() });
    }

    /// Shows what is wrong and returns `true` when the position is broken.
    fn refuse_if_broken(&mut self) -> bool {
        match self.trouble() {
            Some(t) if self.cursor == 0 => {
                self.say(true, t.text);
                true
            }
            _ => false,
        }
    }

    fn step_forward(&mut self) -> Option<Change> {
        self.player.follow_to = None;
        if self.cursor == 0 && self.refuse_if_broken() {
            return None;
        }
        if self.reveal != Reveal::Everything && self.has_next() {
            // Show the step before applying it.
            self.reveal = Reveal::Everything;
            None
        } else if self.has_next() {
            self.reveal = Reveal::Everything;
            self.go_to(self.cursor + 1)
        } else {
            None
        }
    }

    fn hint(&mut self) -> Option<Change> {
        self.player.stop();
        if self.refuse_if_broken() {
            return None;
        }
        if !self.has_next() {
            let text = self.why_no_step();
            self.say(false, text);
            return None;
        }
        self.reveal = match self.reveal {
            Reveal::Nothing => Reveal::Name,
            Reveal::Name => Reveal::Everything,
            Reveal::Everything => {
                let change = self.go_to(self.cursor + 1);
                self.reveal = Reveal::Nothing;
                return change;
            }
        };
        None
    }

    /// When the worker has said that the givens on the grid have no solution or several,
    /// what the status says instead of explaining steps ("24 clues, more than one solution").
    fn not_unique(&self) -> Option<String> {
        if self.puzzle != self.pos.givens() {
            return None;
        }
        let clues = self.puzzle.iter().filter(|&&v| v != 0).count();
        let clues = if clues == 1 { "1 clue".to_string() } else { format!("{clues} clues") };
        match &self.verdict {
            Some(Verdict::Multiple(..)) => Some(format!("{clues}, more than one solution.")),
            Some(Verdict::NoSolution(_)) => Some(format!("{clues}, no solution.")),
            _ => None,
        }
    }

    /// Why there is no next step to hint at, in words: the real cause, not a guess.
    fn why_no_step(&self) -> String {
        let clues = self.puzzle.iter().filter(|&&v| v != 0).count();
        if self.pos.is_empty() {
            return "The grid is empty: type or paste a puzzle, or choose New puzzle.".into();
        }
        if self.pos.is_complete() {
            return "The grid is full.".into();
        }
        match (&self.verdict, &self.path_state) {
            (Some(Verdict::NoSolution(why)), _) => {
                let why = if why.is_empty() { String::new() } else { format!(" ({why})") };
                format!("These givens have no solution{why}, so there is no next step.")
            }
            (Some(Verdict::Multiple(..)), _) => format!(
                "{clues} clues, more than one solution: no step is sure until the givens allow \
                 only one. Add givens, or show two solutions that differ."
            ),
            (None, _) => "Still checking the puzzle…".into(),
            (_, PathState::Running) => "Still looking for the next step…".into(),
            (_, PathState::Cancelled) => {
                "The search for steps was cancelled; a change of the position starts a new one."
                    .into()
            }
            (_, PathState::Done { end: PathEnd::Stuck, .. }) => {
                "None of the techniques that are on applies here: turn more on under \
                 Techniques."
                    .into()
            }
            _ => "No step is known from here.".into(),
        }
    }

    fn input(&mut self, d: u8) -> Option<Change> {
        let i = self.selected;
        if d > 9 {
            return None;
        }
        if self.view.highlighting() && d != 0 {
            return self.act(Action::Highlight(d));
        }
        if self.view.notes() && d != 0 && !self.view.givens {
            return self.note(d);
        }
        let result = if d == 0 {
            if self.pos.kind(i) == CellOrigin::Given && !self.view.givens {
                Err("That cell is a given; switch to \"Enter givens\" to change it.")
            } else {
                self.pos.clear(i)
            }
        } else {
            let kind = if self.view.givens { CellOrigin::Given } else { CellOrigin::User };
            self.pos.place(i, d, kind)
        };
        match result {
            Ok(()) => {
                self.notice = None;
                Some(Change::Person)
            }
            Err(why) => {
                self.say(false, why);
                None
            }
        }
    }

    fn note(&mut self, d: u8) -> Option<Change> {
        match self.pos.toggle_note(self.selected, d, self.settings.auto) {
            Ok(()) => Some(Change::Person),
            Err(why) => {
                self.say(false, why);
                None
            }
        }
    }

    fn back_out(&mut self) -> Option<Change> {
        let last_own = self
            .pos
            .order()
            .iter()
            .rev()
            .find(|&&c| self.pos.kind(c as usize) == CellOrigin::User)
            .copied();
        let gone = self.pos.back_out();
        let text = match (gone.as_slice(), last_own) {
            ([], _) => "Nothing to back out: no digit was placed after the givens.".to_string(),
            ([one], Some(c)) if *one == c as usize => {
                format!("Took back your digit in {}.", cell_name(*one))
            }
            (cells, _) => format!(
                "Took back {} helper digit{} placed after your last own digit.",
                cells.len(),
                if cells.len() == 1 { "" } else { "s" }
            ),
        };
        self.say(false, text);
        Some(Change::Person)
    }

    fn fill_singles(&mut self) -> Option<Change> {
        // Only what the warnings see stops it: filling after a wrong guess until a warning
        // shows is how the seed helper finds out, so the solution is not consulted.
        let w = self.pos.warnings();
        if !w.is_empty() {
            self.say(true, format!("Your position has a problem: {}.", w.describe().join("; ")));
            return None;
        }
        let singles = self.pos.singles().placements();
        let mut n = 0;
        for (i, d) in singles {
            if self.pos.value(i) == 0
                && self.pos.candidates(i) & (1 << (d - 1)) != 0
                && self.pos.place(i, d, CellOrigin::Solver).is_ok()
            {
                n += 1;
            }
        }
        self.say(
            false,
            match n {
                0 => "No single to fill.".to_string(),
                1 => "Filled 1 single.".to_string(),
                n => format!("Filled {n} singles."),
            },
        );
        Some(Change::Person)
    }

    /// Applies steps that arrived while following, up to the follow's target.
    fn follow(&mut self) -> Option<Change> {
        let target = self.player.follow_to?;
        let mut moved = false;
        while self.cursor < self.path.len().min(target) {
            let step = self.path[self.cursor].clone();
            self.pos.apply_step(&step);
            self.cursor += 1;
            moved = true;
        }
        if self.cursor == target {
            self.player.follow_to = None;
        }
        moved.then_some(Change::Follow)
    }

    /// The worker was replaced: the requests given up end as if cancelled, and the page says
    /// so once (the position and the history are not touched).
    fn worker_restarted(&mut self, dropped: &[u64]) -> Option<Change> {
        let mut change = None;
        for &id in dropped {
            if self.mail.is(Awaited::Path, id) && self.running() {
                self.path_state = PathState::Cancelled;
            }
            if self.mail.is(Awaited::Parse, id) {
                self.mail.done(Awaited::Parse);
            }
            if self.mail.is(Awaited::Find, id) {
                self.mail.done(Awaited::Find);
                self.finding.clear();
            }
            change = change.or(self.receive(Response { id, reply: Reply::Cancelled }));
        }
        self.say(
            true,
            if dropped.is_empty() {
                "The solver stopped and was restarted; your puzzle is kept."
            } else {
                "The solver stopped twice on the same request and was restarted without it; \
                 your puzzle is kept."
            },
        );
        change
    }

    fn receive(&mut self, Response { id, reply }: Response) -> Option<Change> {
        if self.maker.receive(id, &reply, &mut self.mail) {
            return None;
        }
        match reply {
            reply if self.learn.awaits(id) => return self.learn_receive(id, reply),
            Reply::Parsed(board) if self.mail.is(Awaited::Parse, id) => {
                self.mail.done(Awaited::Parse);
                self.drop_new_puzzle();
                self.notice = None;
                self.pos = Position::from_plain(&board);
                self.view.givens = self.pos.is_empty();
                return Some(Change::Person);
            }
            Reply::ParseFailed(message) if self.mail.is(Awaited::Parse, id) => {
                self.mail.done(Awaited::Parse);
                self.say(true, format!("Not a puzzle: {message}"));
            }
            Reply::Analyzed(verdict) if self.mail.is(Awaited::Analyze, id) => {
                self.verdict = Some(verdict);
                // Mistakes are known now: a broken position gets no path, and givens with
                // no solution or several get none either (no step would be sure).
                if self.running()
                    && self.cursor == 0
                    && let Some(why) =
                        self.trouble().map(|t| t.status()).or_else(|| self.not_unique())
                {
                    // Replies of the cancelled path already on their way are dropped.
                    self.mail.cancel(Awaited::Path);
                    self.path = Rc::default();
                    self.path_state = PathState::Broken(why);
                }
            }
            Reply::Reduced(n) if self.mail.is(Awaited::Path, id) => {
                self.reduced = n as usize;
                self.player.follow_to = Some(n as usize);
                if n == 0 {
                    self.player.follow_to = None;
                    self.say(false, "Reduce found nothing to remove.");
                } else {
                    self.say(
                        false,
                        format!("Reduce: {n} steps (they are at the top of the path)."),
                    );
                }
            }
            Reply::Step { index, step, .. }
                if self.mail.is(Awaited::Path, id) && index as usize == self.path.len() =>
            {
                Rc::make_mut(&mut self.path).push(Rc::from(step));
                return self.follow();
            }
            Reply::PathDone { end, rating } if self.mail.is(Awaited::Path, id) => {
                let from_givens = self.base.solver_eq(&Position::from_givens(&self.puzzle));
                if from_givens && self.reduced == 0 && self.settings.techniques.is_none() {
                    self.puzzle_rating = Some(rating.clone());
                }
                self.path_state = PathState::Done { end, rating };
                let change = self.follow();
                self.player.follow_to = None;
                return change;
            }
            Reply::Cancelled if self.mail.is(Awaited::Path, id) && self.running() => {
                self.path_state = PathState::Cancelled;
            }
            Reply::Generated(p) if self.mail.is(Awaited::Generate, id) => {
                self.mail.done(Awaited::Generate);
                return self.load_line(&p.line, &p.choice);
            }
            Reply::GenFailed(message) if self.mail.is(Awaited::Generate, id) => {
                self.mail.done(Awaited::Generate);
                self.say(true, message);
            }
            Reply::Cancelled if self.mail.is(Awaited::Generate, id) => {
                self.mail.done(Awaited::Generate)
            }
            Reply::Found(steps) if self.mail.is(Awaited::Find, id) => {
                self.mail.done(Awaited::Find);
                let technique = std::mem::take(&mut self.finding);
                self.found = Some(Found {
                    technique,
                    steps: Rc::new(steps.into_iter().map(Rc::new).collect()),
                    shown: None,
                });
            }
            _ => {}
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agent::{PathJob, analyze_job, find_all_job, parse_job};
    use crate::protocol::{PlainBoard, Request};

    const EASY: &str =
        "530070000600195000098000060800060003400803001700020006060000280000419005000080079";

    /// Runs the model's outbox through the real jobs, as the worker would, until it is empty.
    fn run_worker(mut m: Model, sent: &mut u64) -> Model {
        loop {
            let new: Vec<Request> = m.mail.after(*sent).cloned().collect();
            if new.is_empty() {
                return m;
            }
            for Request { id, job } in new {
                *sent = id;
                let replies = match job {
                    Job::Parse(t) => vec![parse_job(&t)],
                    Job::Analyze(b) => vec![Reply::Analyzed(analyze_job(&b))],
                    Job::Path(req) => {
                        let mut j = PathJob::with(&req);
                        std::iter::from_fn(|| j.next_reply()).collect()
                    }
                    Job::FindAll { board, technique } => {
                        vec![Reply::Found(find_all_job(&board, &technique))]
                    }
                    Job::Generate { choice, seed, background } => {
                        vec![crate::agent::GenJob::new(choice, seed, background).run()]
                    }
                    Job::Cancel(_) | Job::Fault { .. } | Job::PrepareDrills { .. } => vec![],
                    Job::Ping => vec![Reply::Pong],
                    Job::Drill { technique, seed } => {
                        vec![match crate::agent::DrillJob::new(&technique, seed).run() {
                            Ok(d) => Reply::Drill(Box::new(d)),
                            Err(e) => Reply::DrillFailed(e),
                        }]
                    }
                    Job::Grade(req) => vec![Reply::Graded(Box::new(crate::agent::grade_job(&req)))],
                    Job::DrillFrom { technique, puzzle } => {
                        vec![crate::agent::drill_from_job(&technique, &puzzle)]
                    }
                };
                for reply in replies {
                    m = m.apply(Action::Worker(Response { id, reply }));
                }
            }
        }
    }

    /// A model and the worker that serves it.
    struct Page {
        m: Model,
        sent: u64,
    }

    impl Page {
        fn new() -> Page {
            Page { m: Model::default(), sent: 0 }
        }

        fn loaded(text: &str) -> Page {
            let mut p = Page::new();
            p.act(Action::Paste(text.into()));
            p
        }

        fn act(&mut self, a: Action) -> &mut Page {
            let m = std::mem::take(&mut self.m).apply(a);
            self.m = run_worker(m, &mut self.sent);
            self
        }

        fn at(&mut self, cell: usize) -> &mut Page {
            self.act(Action::Select(cell))
        }

        fn solution(&self) -> Vec<u8> {
            self.m.solution().expect("a unique solution").to_vec()
        }
    }

    #[test]
    fn paste_then_step_to_the_end_gives_the_solution_and_back_restores_the_start() {
        let mut p = Page::loaded(EASY);
        assert_eq!(p.m.pos.to_plain().to_line().replace('.', "0"), EASY);
        assert!(matches!(p.m.path_state, PathState::Done { end: PathEnd::Solved, .. }));
        let sol = p.solution();
        let n = p.m.path.len();
        assert!(n > 0);
        for _ in 0..2 * n {
            p.act(Action::Next);
        }
        assert_eq!(p.m.cursor, n);
        assert_eq!(p.m.pos.values().to_vec(), sol);
        assert!((0..81).all(|i| p.m.pos.kind(i) != CellOrigin::User), "steps place helper digits");
        for _ in 0..n {
            p.act(Action::Prev);
        }
        assert_eq!(p.m.pos, p.m.base);
        p.act(Action::Jump(3));
        assert_eq!(p.m.pos, p.m.position_at(3));
        assert_eq!(p.m.current_step(), Some(&p.m.path[3]));
    }

    #[test]
    fn the_first_visits_puzzle_has_its_verdict_before_the_worker_answers() {
        let givens = crate::daily::puzzle_of_the_day("medium", 20_000).unwrap();
        let mut m =
            Model::restored(History::new(Position::from_givens(&givens)), Settings::default());
        m.welcome();
        // Nothing has run in a worker yet, and Check and mistakes have a solution to go by.
        let known = m.verdict.clone();
        assert!(matches!(known, Some(Verdict::Unique(_))), "{known:?}");
        assert!(m.solution().is_some());
        // The worker, asked all the same, says the same.
        let mut sent = 0;
        let m = run_worker(m, &mut sent);
        assert_eq!(m.verdict, known);
        // Another puzzle waits for the worker.
        let other: [u8; 81] = std::array::from_fn(|i| EASY.as_bytes()[i] - b'0');
        let m = Model::restored(History::new(Position::from_givens(&other)), Settings::default());
        assert_eq!(m.verdict, None);
    }

    #[test]
    fn bad_paste_keeps_the_grid_and_reports_the_error() {
        let mut p = Page::loaded(EASY);
        let before = p.m.pos.clone();
        p.act(Action::Paste("123 not a sudoku".into()));
        assert_eq!(p.m.pos, before);
        assert!(p.m.notice.as_ref().is_some_and(|n| n.error && n.text.contains("Not a puzzle")));
    }

    #[test]
    fn stale_replies_are_dropped() {
        let p = Page::loaded(EASY);
        let n = p.m.path.len();
        let stale = Response {
            id: 1,
            reply: Reply::Step {
                index: n as u32,
                step: Box::new((*p.m.path[0]).clone()),
                after: PlainBoard::default(),
            },
        };
        let m2 = p.m.clone().apply(Action::Worker(stale));
        assert_eq!(m2.path.len(), n);
    }

    #[test]
    fn helper_digits_and_givens_are_not_typed_over() {
        let mut p = Page::loaded(EASY);
        assert!(!p.m.view.givens);
        p.at(0).act(Action::Input(9));
        assert_eq!(p.m.pos.value(0), 5);
        // Apply the first step: it places a helper digit.
        p.act(Action::Hint).act(Action::Hint).act(Action::Hint);
        let helper =
            (0..81).find(|&i| p.m.pos.kind(i) == CellOrigin::Solver).expect("a helper digit");
        let v = p.m.pos.value(helper);
        p.at(helper).act(Action::Input(if v == 1 { 2 } else { 1 }));
        assert_eq!(p.m.pos.value(helper), v);
        assert!(p.m.notice.as_ref().is_some_and(|n| n.text.contains("helper")));
        p.act(Action::Erase);
        assert_eq!(p.m.pos.value(helper), v);
        // The person's own digit can be replaced and cleared.
        p.at(2).act(Action::Input(4)).act(Action::Input(1));
        assert_eq!((p.m.pos.value(2), p.m.pos.kind(2)), (1, CellOrigin::User));
        p.act(Action::Erase);
        assert_eq!(p.m.pos.value(2), 0);
    }

    #[test]
    fn notes_mode_and_auto_candidates_keep_the_persons_removals() {
        let mut p = Page::loaded(EASY);
        // r1c3 allows 1 2 4; notes mode toggles.
        p.at(2).act(Action::ToggleNotes).act(Action::Input(1));
        assert_eq!(p.m.pos.shown(2, true), 0b1010);
        p.act(Action::Note(1));
        assert_eq!(p.m.pos.shown(2, true), 0b1011);
        p.act(Action::Note(2));
        // Auto candidates off: only the person's marks (none yet, 1 came back as a mark).
        p.act(Action::ToggleAuto);
        assert_eq!(p.m.pos.shown(2, false), 0b0001);
        p.act(Action::ToggleAuto);
        assert_eq!(p.m.pos.shown(2, true), 0b1001, "the removal of 2 stayed");
        // The path starts from the person's position: its base has the removal too.
        assert_eq!(p.m.base.candidates(2), 0b1001);
        p.act(Action::FillCandidates);
        assert!(!p.m.settings.auto);
        assert_eq!(p.m.pos.shown(2, false), 0b1001);
        p.act(Action::ClearNotes);
        assert_eq!(p.m.pos.shown(2, true), 0b1011);
    }

    #[test]
    fn ten_mixed_actions_undo_and_redo_exactly() {
        let mut p = Page::loaded(EASY);
        let actions = [
            Action::Select(2),
            Action::Input(4),
            Action::Select(3),
            Action::Note(2),
            Action::Hint,
            Action::Hint,
            Action::Hint,
            Action::Paint(2),
            Action::FillSingles,
            Action::Select(4),
            Action::Input(6),
            Action::Reduce,
            Action::Select(3),
            Action::Erase,
            Action::Select(6),
            Action::ToggleNotes,
            Action::Input(1),
            Action::Input(2),
            Action::ToggleNotes,
            Action::CyclePaint,
            Action::BackOut,
            Action::Restart,
        ];
        let mut states = vec![p.m.pos.clone()];
        for a in actions {
            p.act(a);
            if states.last() != Some(&p.m.pos) {
                states.push(p.m.pos.clone());
            }
        }
        assert!(states.len() >= 10, "{} changes", states.len());
        for want in states.iter().rev().skip(1) {
            p.act(Action::Undo);
            assert_eq!(&p.m.pos, want);
        }
        for want in states.iter().skip(1) {
            p.act(Action::Redo);
            assert_eq!(&p.m.pos, want);
        }
        // And the history survives its text form (local storage).
        let back = History::from_text(&p.m.history.to_text()).unwrap();
        assert_eq!(back.current(), &p.m.pos);
    }

    /// What a person does with the seed helper: fill singles until stuck, guess in a cell with
    /// the fewest candidates, fill again; when a warning shows, back out (helper digits, then
    /// the guess) and remove the guessed candidate from their notes. Returns the number of
    /// guesses and of back-outs.
    fn solve_like_the_seed(p: &mut Page) -> (usize, usize) {
        let (mut guesses, mut backouts) = (0, 0);
        for _ in 0..500 {
            loop {
                let before = p.m.pos.clone();
                p.act(Action::FillSingles);
                if p.m.pos == before {
                    break;
                }
            }
            if p.m.pos.is_complete() && p.m.pos.warnings().is_empty() {
                return (guesses, backouts);
            }
            if !p.m.pos.warnings().is_empty() {
                let guess =
                    *p.m.pos
                        .order()
                        .iter()
                        .rev()
                        .find(|&&c| p.m.pos.kind(c as usize) == CellOrigin::User)
                        .expect("a warning after filling only comes after a guess")
                        as usize;
                let d = p.m.pos.value(guess);
                p.act(Action::BackOut);
                assert_eq!(p.m.pos.value(guess), d, "the first press keeps the guess");
                p.act(Action::BackOut);
                assert_eq!(p.m.pos.value(guess), 0, "the second takes it back");
                p.at(guess).act(Action::Note(d));
                backouts += 1;
                continue;
            }
            let cell = (0..81)
                .filter(|&i| p.m.pos.value(i) == 0)
                .min_by_key(|&i| p.m.pos.candidates(i).count_ones())
                .unwrap();
            let d = p.m.pos.candidates(cell).trailing_zeros() as u8 + 1;
            p.at(cell).act(Action::Input(d));
            guesses += 1;
        }
        panic!("not solved in 500 rounds");
    }

    #[test]
    fn the_seeds_two_puzzles_are_solved_with_singles_guesses_and_back_outs() {
        for id in ["davdata-two-decisions", "davdata-very-hard"] {
            let mut p = Page::loaded(crate::samples::find(id).unwrap().text);
            let sol = p.solution();
            let (guesses, backouts) = solve_like_the_seed(&mut p);
            assert_eq!(p.m.pos.values().to_vec(), sol, "{id}");
            assert!(guesses >= 1, "{id} needs a decision");
            println!("{id}: {guesses} guesses, {backouts} back-outs");
        }
    }

    #[test]
    fn back_out_after_a_wrong_guess_restores_the_position_before_it() {
        let mut p = Page::loaded(crate::samples::find("davdata-two-decisions").unwrap().text);
        loop {
            let before = p.m.pos.clone();
            p.act(Action::FillSingles);
            if p.m.pos == before {
                break;
            }
        }
        let sol = p.solution();
        let before_guess = p.m.pos.clone();
        let cell = (0..81)
            .filter(|&i| p.m.pos.value(i) == 0 && p.m.pos.candidates(i).count_ones() == 2)
            .find(|_| true)
            .expect("a two-candidate cell");
        let wrong = (1..=9u8)
            .find(|&d| d != sol[cell] && p.m.pos.candidates(cell) & (1 << (d - 1)) != 0)
            .unwrap();
        p.at(cell).act(Action::Input(wrong));
        let mut filled = 0;
        while p.m.pos.warnings().is_empty() {
            let before = p.m.pos.clone();
            p.act(Action::FillSingles);
            assert_ne!(p.m.pos, before, "a wrong guess ends in a warning");
            filled += 1;
        }
        assert!(filled > 0);
        // Hints refuse and say where.
        p.act(Action::Hint);
        assert!(p.m.notice.as_ref().is_some_and(|n| n.error && n.text.contains("problem")));
        p.act(Action::BackOut).act(Action::BackOut);
        assert_eq!(p.m.pos, before_guess);
    }

    #[test]
    fn check_finds_a_planted_wrong_digit_and_a_wrongly_removed_candidate() {
        let mut p = Page::loaded(EASY);
        let sol = p.solution();
        assert!(!p.m.mistakes_shown(), "off by default");
        let wrong = (1..=9u8)
            .find(|&d| d != sol[2] && p.m.pos.candidates(2) & (1 << (d - 1)) != 0)
            .unwrap();
        p.at(2).act(Action::Input(wrong));
        p.at(3).act(Action::Note(sol[3]));
        p.act(Action::Check);
        assert!(p.m.mistakes_shown());
        let m = p.m.pos.mistakes(&sol);
        assert_eq!(m.wrong_digits, vec![2]);
        assert_eq!(m.wrong_removals, vec![(3, sol[3])]);
        let text = &p.m.notice.as_ref().unwrap().text;
        assert!(text.starts_with("2 mistakes"), "{text}");
        let listed = m.describe(&p.m.pos);
        assert!(listed.contains(&format!("your notes removed {} from r1c4", sol[3])), "{listed:?}");
        // The next change hides the marks again, unless mistakes are shown as one goes.
        let d = (1..=9u8).find(|&d| p.m.pos.candidates(5) & (1 << (d - 1)) != 0).unwrap();
        p.at(5).act(Action::Note(d));
        assert!(!p.m.mistakes_shown());
        p.act(Action::ToggleShowMistakes);
        assert!(p.m.mistakes_shown());
    }

    #[test]
    fn a_hint_after_the_persons_removals_is_sound_and_uses_them() {
        let mut p = Page::loaded(crate::samples::find("top1465-1").unwrap().text);
        let sol = p.solution();
        // Remove, in a few cells, every candidate but the solution's and one other.
        let empty: Vec<usize> = (0..81).filter(|&i| p.m.pos.value(i) == 0).step_by(5).collect();
        for i in empty {
            let keep_other =
                (1..=9u8).find(|&d| d != sol[i] && p.m.pos.candidates(i) & (1 << (d - 1)) != 0);
            for d in 1..=9u8 {
                if d != sol[i]
                    && Some(d) != keep_other
                    && p.m.pos.candidates(i) & (1 << (d - 1)) != 0
                {
                    p.at(i).act(Action::Note(d));
                }
            }
        }
        assert_eq!(p.m.base, p.m.pos, "the path starts from the person's position");
        for _ in 0..5 {
            p.act(Action::Hint).act(Action::Hint).act(Action::Hint);
            assert!(p.m.pos.mistakes(&sol).is_empty(), "a hint applied something wrong");
            assert!(p.m.pos.warnings().is_empty());
        }
    }

    #[test]
    fn a_broken_position_is_reported_not_explained() {
        let mut p = Page::loaded(EASY);
        let sol = p.solution();
        p.at(2).act(Action::Note(sol[2]));
        assert!(p.m.path.is_empty(), "no path from a broken position");
        assert!(
            matches!(p.m.path_state, PathState::Broken(ref s) if s.is_empty()),
            "the status gives nothing away"
        );
        p.act(Action::Hint);
        let n = p.m.notice.clone().unwrap();
        assert!(
            n.error && n.text.contains(&format!("your notes removed {} from r1c3", sol[2])),
            "{}",
            n.text
        );
        // A visible warning is named in the status.
        p.act(Action::Undo);
        for d in 1..=9 {
            if p.m.pos.candidates(2) & (1 << (d - 1)) != 0 {
                p.act(Action::Note(d));
            }
        }
        assert!(matches!(p.m.path_state, PathState::Broken(ref s) if s.contains("warnings")));
        assert!(p.m.pos.warnings().describe().contains(&"r1c3 has no candidate left".to_string()));
        p.act(Action::Next);
        assert!(p.m.notice.as_ref().is_some_and(|n| n.text.contains("r1c3 has no candidate left")));
    }

    #[test]
    fn reduce_applies_one_round_as_steps_and_fill_singles_fills() {
        let mut p = Page::loaded(crate::samples::find("top1465-1").unwrap().text);
        let sol = p.solution();
        let before = p.m.pos.clone();
        p.act(Action::Reduce);
        assert!(p.m.reduced > 0, "top1465 #1 has something to reduce");
        assert_eq!(p.m.cursor, p.m.reduced, "the round is applied");
        assert!(p.m.path[..p.m.reduced].iter().all(|s| {
            s.technique.starts_with("Locked Candidates") || s.technique == "Unit Permutation Check"
        }));
        assert!(p.m.pos.mistakes(&sol).is_empty());
        assert_ne!(p.m.pos, before);
        // One undo takes the whole round back.
        p.act(Action::Undo);
        assert_eq!(p.m.pos, before);
        let mut p = Page::loaded(EASY);
        let sol = p.solution();
        let singles = p.m.pos.singles().placements();
        p.act(Action::FillSingles);
        for (i, d) in singles {
            assert_eq!((p.m.pos.value(i), p.m.pos.kind(i)), (d, CellOrigin::Solver));
        }
        assert!(p.m.pos.mistakes(&sol).is_empty());
    }

    #[test]
    fn a_technique_switched_off_never_appears_in_the_path() {
        let mut p = Page::loaded(EASY);
        assert!(p.m.path.iter().any(|s| s.technique == "Hidden Single"));
        p.act(Action::SetTechnique("hidden-single".into(), false));
        assert!(!p.m.settings.technique_set().contains(deduku::Technique::HiddenSingle));
        assert!(!p.m.path.is_empty());
        assert!(p.m.path.iter().all(|s| s.technique != "Hidden Single"));
        let saved = Settings::from_text(&p.m.settings.to_text());
        assert_eq!(saved, p.m.settings);
        p.act(Action::DefaultTechniques);
        assert!(p.m.path.iter().any(|s| s.technique == "Hidden Single"));
    }

    #[test]
    fn find_all_lists_the_instances_and_draws_one_on_request() {
        let mut p = Page::loaded(EASY);
        p.act(Action::FindAll("hidden-single".into()));
        let f = p.m.found.clone().expect("found");
        let board = p.m.pos.to_plain().to_board();
        let lib = deduku::find_all(&board, deduku::Technique::HiddenSingle);
        assert_eq!(f.steps.len(), lib.len());
        assert!(p.m.highlighted_step().is_none());
        p.act(Action::ShowFound(Some(1)));
        assert_eq!(p.m.highlighted_step(), Some(f.steps[1].clone()));
        // A change of the position drops the list.
        p.at(2).act(Action::Note(1));
        assert!(p.m.found.is_none());
    }

    #[test]
    fn highlight_mode_bivalue_and_colours() {
        let mut p = Page::loaded(EASY);
        p.act(Action::ToggleHighlightMode).act(Action::Input(5));
        assert_eq!(p.m.view.highlight(), Some(5));
        assert_eq!(p.m.pos.value(2), 0, "a digit in highlight mode does not place");
        p.act(Action::Input(5));
        assert_eq!(p.m.view.highlight(), None);
        // Colour a cell, then a candidate of it.
        let path_id = p.m.mail.awaited(Awaited::Path);
        p.at(2).act(Action::Paint(1));
        assert_eq!(p.m.pos.cell_color(2), 1);
        assert_eq!(p.m.mail.awaited(Awaited::Path), path_id, "colours do not restart the path");
        p.act(Action::Input(4));
        p.act(Action::Paint(3));
        assert_eq!(p.m.pos.cand_color(2, 4), 3);
        p.act(Action::Undo);
        assert_eq!(p.m.pos.cand_color(2, 4), 0);
        p.act(Action::ClearColors);
        assert_eq!(p.m.pos.cell_color(2), 0);
    }

    #[test]
    fn a_verdict_of_several_solutions_is_kept_and_they_can_be_shown() {
        let mut p = Page::loaded(crate::samples::find("multiple-solutions").unwrap().text);
        assert!(matches!(p.m.verdict, Some(Verdict::Multiple(..))));
        p.act(Action::ToggleSolutions);
        assert!(p.m.view.solutions());
        p.act(Action::Check);
        assert!(p.m.notice.as_ref().is_some_and(|n| n.text.contains("exactly one solution")));
    }

    #[test]
    fn solve_all_while_steps_arrive_is_one_undo() {
        let p = Page::loaded(EASY);
        let steps = p.m.path.clone();
        let mut m = p.m.clone();
        // As if the path had only just started.
        m.path = Rc::default();
        m.path_state = PathState::Running;
        let start = m.pos.clone();
        m = m.apply(Action::SolveAll);
        for (i, s) in steps.iter().enumerate() {
            let reply = Reply::Step {
                index: i as u32,
                step: Box::new((**s).clone()),
                after: PlainBoard::default(),
            };
            let id = m.mail.awaited(Awaited::Path);
            m = m.apply(Action::Worker(Response { id, reply }));
        }
        assert!(m.pos.is_complete());
        m = m.apply(Action::Undo);
        assert_eq!(m.pos, start);
    }

    #[test]
    fn the_puzzles_rating_does_not_change_as_the_person_works() {
        let mut p = Page::loaded(EASY);
        let rating = p.m.puzzle_rating.clone().expect("rated from the givens");
        p.at(2).act(Action::Note(1)).act(Action::Hint).act(Action::Hint).act(Action::Hint);
        assert_eq!(p.m.puzzle_rating, Some(rating));
        p.act(Action::Clear);
        assert_eq!(p.m.puzzle_rating, None);
    }

    #[test]
    fn a_new_puzzle_comes_from_the_worker_and_undo_brings_back_the_one_before() {
        let mut p = Page::loaded(EASY);
        let before = p.m.pos.clone();
        p.act(Action::NewPuzzle(PuzzleChoice::Level("hard".into())));
        assert_eq!(p.m.mail.awaited(Awaited::Generate), 0, "answered");
        assert_ne!(p.m.pos, before);
        let board = p.m.pos.to_plain().to_board();
        let path = deduku::solve_path(&board);
        assert_eq!(path.rating.level, deduku::Level::Hard);
        assert_eq!(p.m.puzzle_rating.as_ref().map(|r| r.level.as_str()), Some("hard"));
        assert!(p.m.pos.encode().starts_with("g="), "in the link");
        p.act(Action::Undo);
        assert_eq!(p.m.pos, before);
    }

    #[test]
    fn a_technique_to_practise_is_in_the_new_puzzles_path() {
        let mut p = Page::new();
        p.act(Action::NewPuzzle(PuzzleChoice::Technique("x-wing".into())));
        let path = deduku::solve_path(&p.m.pos.to_plain().to_board());
        assert!(path.steps.iter().any(|s| s.technique == deduku::Technique::XWing));
        assert!(path.steps.iter().all(|s| s.technique.tier() <= 2));
    }

    #[test]
    fn the_pool_serves_at_once_and_refills_in_the_background() {
        let mut p = Page::new();
        // A stored pool short of one easy puzzle (the others full with placeholders).
        let mut pool = Pool::new();
        for level in POOL_LEVELS {
            pool.insert(level.to_string(), vec![EASY.to_string(); POOL_SIZE]);
        }
        pool.get_mut("easy").unwrap().pop();
        let mut m = std::mem::take(&mut p.m);
        m.start_pool(pool, 99);
        assert!(
            !m.mail.requests().iter().any(|r| matches!(r.job, Job::Generate { .. })),
            "nothing made before the page is left alone"
        );
        let m = m.apply(Action::FillPool);
        let gens: Vec<&Request> =
            m.mail.requests().iter().filter(|r| matches!(r.job, Job::Generate { .. })).collect();
        assert_eq!(gens.len(), 1, "one refill, for easy");
        assert!(matches!(&gens[0].job, Job::Generate { background: true, .. }));
        let id = m.mail.next_id();
        let m = m.apply(Action::FillPool);
        assert!(
            !m.mail.requests().iter().any(|r| r.id >= id && matches!(r.job, Job::Generate { .. })),
            "the page left alone again asks for nothing more while that one is coming"
        );
        p.m = run_worker(m, &mut p.sent);
        assert_eq!(p.m.maker.pool()["easy"].len(), POOL_SIZE);
        let ready = p.m.maker.pool()["easy"][0].clone();
        let id = p.m.mail.next_id();
        let m =
            std::mem::take(&mut p.m).apply(Action::NewPuzzle(PuzzleChoice::Level("easy".into())));
        assert_eq!(
            m.pos.to_plain().to_line().replace('.', "0"),
            ready.replace('.', "0"),
            "at once, from the pool"
        );
        assert_eq!(m.mail.awaited(Awaited::Generate), 0);
        assert!(
            m.mail
                .requests()
                .iter()
                .any(|r| r.id >= id && matches!(r.job, Job::Generate { background: true, .. })),
            "and a refill is asked for"
        );
    }

    #[test]
    fn a_cancelled_new_puzzle_is_dropped() {
        let m = Model::default().apply(Action::NewPuzzle(PuzzleChoice::Level("easy".into())));
        let id = m.mail.awaited(Awaited::Generate);
        assert!(id != 0 && m.waiting());
        let m = m.apply(Action::Cancel);
        assert!(m.mail.requests().iter().any(|r| r.job == Job::Cancel(id)));
        let reply = crate::agent::GenJob::new(PuzzleChoice::Level("easy".into()), 1, false).run();
        let m = m.apply(Action::Worker(Response { id, reply }));
        assert!(m.pos.is_empty());
    }

    #[test]
    fn a_paste_while_a_new_puzzle_is_made_wins() {
        let m = Model::default().apply(Action::NewPuzzle(PuzzleChoice::Level("easy".into())));
        let making = m.mail.awaited(Awaited::Generate);
        // The paste is parsed; the generate request is then cancelled, and its late answer dropped.
        let m = m.apply(Action::Paste(EASY.into()));
        let parse = m.mail.awaited(Awaited::Parse);
        let m = m.apply(Action::Worker(Response { id: parse, reply: parse_job(EASY) }));
        assert!(m.mail.requests().iter().any(|r| r.job == Job::Cancel(making)));
        let reply = crate::agent::GenJob::new(PuzzleChoice::Level("easy".into()), 1, false).run();
        let m = m.apply(Action::Worker(Response { id: making, reply }));
        assert_eq!(m.pos.to_plain().to_line().replace('.', "0"), EASY);
    }

    #[test]
    fn moves_wrap_around() {
        let m = Model::default().apply(Action::Move(-1, -1));
        assert_eq!(m.selected, 80);
        assert_eq!(m.apply(Action::Move(0, 1)).selected, 72);
    }

    #[test]
    fn home_and_end_move_within_the_row() {
        let m = Model::default().apply(Action::Select(40)).apply(Action::RowEdge(false));
        assert_eq!(m.selected, 36);
        assert_eq!(m.apply(Action::RowEdge(true)).selected, 44);
    }

    #[test]
    fn a_note_that_would_change_nothing_on_screen_is_refused_and_not_recorded() {
        // r1c3 is empty and sees the 5 of r1c1: with auto candidates, 5 is no candidate of it.
        let mut p = Page::loaded(EASY);
        p.at(2).act(Action::ToggleNotes);
        let (pos, link) = (p.m.pos.clone(), p.m.history.can_undo());
        p.act(Action::Input(5));
        assert_eq!(p.m.pos, pos, "nothing changed");
        assert_eq!(p.m.history.can_undo(), link);
        assert!(p.m.notice.as_ref().is_some_and(|n| n.text.contains("cannot go in this cell")));
        // A candidate the person removed comes back with the same key.
        p.act(Action::Input(4));
        assert_eq!(p.m.pos.candidates(2) & (1 << 3), 0, "4 removed");
        p.act(Action::Input(4));
        assert_ne!(p.m.pos.candidates(2) & (1 << 3), 0, "4 back");
    }

    #[test]
    fn a_message_about_the_position_goes_when_undo_fixes_it() {
        let mut p = Page::loaded(EASY);
        // A 5 in r1c3 clashes with r1c1's; Next then refuses and says why.
        p.at(2).act(Action::Input(5));
        p.act(Action::Next);
        assert!(p.m.notice.as_ref().is_some_and(|n| n.error));
        p.act(Action::Undo);
        assert_eq!(p.m.notice, None, "the clash is gone, so is its message");
        // "That cell is a given" goes with the next change of the position too.
        p.at(0).act(Action::Erase);
        assert!(p.m.notice.as_ref().is_some_and(|n| n.text.contains("given")));
        p.at(2).act(Action::Input(1));
        p.act(Action::Undo);
        assert_eq!(p.m.notice, None);
    }

    #[test]
    fn hint_names_the_real_cause_when_there_is_no_step() {
        let mut p = Page::new();
        p.act(Action::Hint);
        assert!(p.m.notice.as_ref().is_some_and(|n| n.text.contains("The grid is empty")));
        let mut p = Page::loaded(crate::samples::find("multiple-solutions").unwrap().text);
        assert!(p.m.path.is_empty(), "no step of a puzzle with several solutions is explained");
        assert!(
            matches!(&p.m.path_state, PathState::Broken(w) if w.contains("more than one solution")),
            "{:?}",
            p.m.path_state
        );
        p.act(Action::Hint);
        let text = &p.m.notice.as_ref().unwrap().text;
        assert!(text.contains("more than one solution") && text.contains("clues"), "{text}");
    }

    #[test]
    fn entering_givens_explains_nothing_until_they_make_one_solution() {
        let mut p = Page::new();
        for (i, c) in EASY.bytes().enumerate().take(40) {
            if c != b'0' {
                p.at(i).act(Action::Input(c - b'0'));
            }
        }
        assert!(p.m.path.is_empty());
        assert!(
            matches!(&p.m.path_state, PathState::Broken(w) if w.contains("clues, more than one"))
        );
        for (i, c) in EASY.bytes().enumerate().skip(40) {
            if c != b'0' {
                p.at(i).act(Action::Input(c - b'0'));
            }
        }
        assert!(matches!(p.m.path_state, PathState::Done { end: PathEnd::Solved, .. }));
    }

    #[test]
    fn the_hardest_technique_named_is_one_of_the_path_shown() {
        let p = Page::loaded(crate::samples::find("top1465-1").unwrap().text);
        let PathState::Done { rating, .. } = &p.m.path_state else { panic!("a path") };
        let hardest = rating.hardest.as_ref().expect("a hardest technique");
        assert!(p.m.path.iter().any(|s| &s.technique == hardest), "{hardest} is in the path");
    }

    mod model_properties {
        use super::*;
        use proptest::prelude::*;

        fn action() -> impl Strategy<Value = Action> {
            prop_oneof![
                (0usize..81).prop_map(Action::Select),
                (0u8..=9).prop_map(Action::Input),
                (1u8..=9).prop_map(Action::Note),
                Just(Action::Erase),
                Just(Action::Undo),
                Just(Action::Redo),
                Just(Action::Hint),
                Just(Action::Next),
                Just(Action::Prev),
                Just(Action::ToggleNotes),
                Just(Action::FillSingles),
                Just(Action::BackOut),
                (0u8..=4).prop_map(Action::Paint),
                Just(Action::Check),
                Just(Action::Restart),
            ]
        }

        proptest! {
            #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]
            /// Random actions, then Undo until there is nothing left: the first position comes
            /// back exactly, and no message is left over from the positions undone. On the way,
            /// a message about a problem of the position is only shown while it has one.
            #[test]
            fn undo_restores_and_no_message_outlives_its_problem(actions in proptest::collection::vec(action(), 1..24)) {
                let givens: [u8; 81] = std::array::from_fn(|i| EASY.as_bytes()[i] - b'0');
                let first = Position::from_givens(&givens);
                let m = Model::restored(History::new(first.clone()), Settings::default());
                let mut p = Page { m, sent: 0 };
                p.m = run_worker(std::mem::take(&mut p.m), &mut p.sent);
                // The position each message was said on.
                let mut said_on = p.m.pos.clone();
                let check = |p: &Page, said_on: &mut Position, before: &Option<Notice>| {
                    if p.m.notice != *before {
                        *said_on = p.m.pos.clone();
                    }
                    if p.m.notice.is_some() && p.m.pos != *said_on {
                        return Err(format!("{:?} outlived its position", p.m.notice));
                    }
                    if let Some(n) = &p.m.notice
                        && n.text.starts_with("Your position has a problem")
                        && p.m.pos.warnings().is_empty()
                    {
                        return Err(format!("{} without a problem", n.text));
                    }
                    Ok(())
                };
                for a in actions {
                    let before = p.m.notice.clone();
                    p.act(a);
                    check(&p, &mut said_on, &before).map_err(TestCaseError::fail)?;
                }
                while p.m.history.can_undo() {
                    let before = p.m.notice.clone();
                    p.act(Action::Undo);
                    check(&p, &mut said_on, &before).map_err(TestCaseError::fail)?;
                }
                prop_assert_eq!(&p.m.pos, &first);
            }
        }
    }

    #[test]
    fn a_proof_is_stepped_line_by_line_and_each_line_is_drawn() {
        use crate::protocol::{PlainCand, PlainProofLine};
        let line =
            |label: &str, cell: u8, digit: u8, on: bool, premises: Vec<u16>| PlainProofLine {
                label: label.into(),
                text: format!("line {label}"),
                cands: vec![PlainCand { cell, digit }],
                on,
                premises,
                ends: false,
                depth: 0,
            };
        let heading =
            PlainProofLine { label: String::new(), cands: vec![], ..line("", 0, 1, false, vec![]) };
        let step = PlainStep {
            technique: "Forcing Net Contradiction".into(),
            proof: vec![
                line("1", 2, 4, true, vec![]),
                line("2", 3, 4, false, vec![0]),
                heading.clone(),
                line("3", 12, 4, true, vec![1]),
                heading,
            ],
            ..PlainStep::from_step(&deduku::Step::new(deduku::Technique::ForcingNetContradiction))
        };
        let mut p = Page::loaded(EASY);
        p.m.path = Rc::new(vec![Rc::new(step)]);
        p.m.cursor = 0;
        p.m.reveal = Reveal::Everything;
        p.act(Action::ProofStep(1));
        assert_eq!(p.m.proof_line, Some(0));
        let drawn = p.m.highlighted_step().unwrap();
        assert_eq!(
            drawn.placements,
            vec![PlainCand { cell: 2, digit: 4 }],
            "line 1 places 4 in r1c3"
        );
        p.act(Action::ProofStep(1));
        let drawn = p.m.highlighted_step().unwrap();
        assert_eq!(drawn.eliminations, vec![PlainCand { cell: 3, digit: 4 }]);
        assert_eq!(drawn.alternate, vec![PlainCand { cell: 2, digit: 4 }], "its premise");
        assert_eq!(drawn.links.len(), 1);
        p.act(Action::ProofStep(1));
        assert_eq!(p.m.proof_line, Some(3), "the heading is stepped over");
        p.act(Action::ProofStep(1));
        assert_eq!(p.m.proof_line, Some(3), "the last line stays");
        p.act(Action::ProofStep(-1)).act(Action::ProofStep(-1));
        assert_eq!(p.m.proof_line, Some(0));
        p.act(Action::ProofLine(None));
        assert_eq!(p.m.highlighted_step().as_deref(), p.m.current_step().map(|s| &**s));
        // Another step shown forgets the line.
        p.act(Action::ProofLine(Some(1)));
        p.act(Action::Hint);
        assert_eq!(p.m.proof_line, None);
    }
}
