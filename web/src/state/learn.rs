//! The Learn place: a lesson per technique (its description and a worked example on a fresh
//! position), drills on the main grid graded by the worker, progress with spaced review, and
//! worksheets to print.
//!
//! A drill ([`PlainDrill`]) is loaded on the grid as a position of its own (pencil marks filled
//! in), so the person answers with the usual pad, keys and mouse: striking candidates (notes)
//! and placing digits. "Check" sends the difference between the drill's position and the
//! person's ([`Model::drill_answer`]) to the worker, which grades it against every instance of
//! the technique ([`deduku::drill`]); the grade is recorded in the [`Progress`].
//!
//! Progress is a Leitner box per technique: a right answer moves it up a box (once a day) and
//! puts its next review that box's interval away; a right answer given after a Hint counts as
//! right but moves nothing up (the technique stays in its box, due again the next day, and the
//! day does not count towards mastery); a wrong one sends it back to the first box, due at
//! once. A technique is mastered after right answers on [`MASTERED_DAYS`] different days
//! and in box 3 or higher. The model reads no clock: the page gives it the day
//! ([`LearnAction::Open`], [`LearnAction::Restore`]).
//!
//! The drill (or lesson example) on the grid is kept across a reload ([`Kept`]: its technique
//! and puzzle, stored beside the progress): when the page opens on the same givens, the worker
//! makes the same drill again from the puzzle at once ([`Job::DrillFrom`]) and the person's
//! strikes on the grid stay as they were. A graded drill is not kept. The drills the worker
//! keeps ready (one per technique being learnt) are kept the same way ([`Learn::ready`]: the
//! worker reports each one it makes ready, and gets them back when the page opens), so after a
//! reload the next drill is served at once instead of searched for.

use super::{Change, Model, Pen};
use crate::position::{Position, house_name};
use crate::protocol::{GradeRequest, Job, PlainCand, PlainDrill, PlainGrade, PlainStep, Reply};
use deduku::Technique;
use deduku::drill::DRILL_TECHNIQUES;
use deduku::logic::Family;
use std::collections::BTreeMap;
use std::rc::Rc;

/// How many drills a worksheet holds unless the person chooses.
pub const WORKSHEET_DRILLS: usize = 4;

/// The most drills a worksheet holds (they still fit one A4 page, the answers a second).
pub const WORKSHEET_MAX: usize = 8;

/// Right answers on this many different days (and box 3 or higher) make a technique mastered.
pub const MASTERED_DAYS: u32 = 3;

/// Days until the next review, per Leitner box (box 0: never answered).
const INTERVALS: [u32; 6] = [0, 1, 2, 4, 8, 16];

/// The families in the order they are taught.
const FAMILY_ORDER: [Family; 11] = [
    Family::Singles,
    Family::Intersections,
    Family::Subsets,
    Family::Fish,
    Family::SingleDigit,
    Family::Wings,
    Family::Coloring,
    Family::Uniqueness,
    Family::Chains,
    Family::Als,
    Family::Forcing,
];

/// The techniques with lessons and drills, by tier, in teaching order within a tier (singles,
/// intersections, subsets, fish, single-digit patterns, wings, colouring, uniqueness, chains,
/// ALS, forcing).
pub fn syllabus() -> Vec<Technique> {
    let mut v: Vec<Technique> = DRILL_TECHNIQUES.to_vec();
    deduku::sort::sort_by_key(&mut v, |t| {
        let family =
            FAMILY_ORDER.iter().position(|f| *f == t.family()).unwrap_or(FAMILY_ORDER.len());
        (t.tier(), family, *t)
    });
    v
}

/// Where a technique stands for the person.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Stage {
    /// Never drilled.
    New,
    /// Drilled, not mastered yet.
    Learning,
    /// Right on [`MASTERED_DAYS`] different days.
    Mastered,
}

impl Stage {
    /// The word the page shows.
    pub fn word(self) -> &'static str {
        match self {
            Stage::New => "new",
            Stage::Learning => "learning",
            Stage::Mastered => "mastered",
        }
    }
}

/// One technique's drill history.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Record {
    /// The Leitner box, 0 (never answered) to 5.
    pub boxed: u8,
    /// The day of the next review.
    pub due: u32,
    /// Different days with a right answer.
    pub days: u32,
    /// The last day with a right answer (0: none).
    pub last_right: u32,
    /// Right answers.
    pub right: u32,
    /// Answers.
    pub tries: u32,
}

impl Record {
    /// Where the technique stands.
    pub fn stage(&self) -> Stage {
        if self.tries == 0 {
            Stage::New
        } else if self.days >= MASTERED_DAYS && self.boxed >= 3 {
            Stage::Mastered
        } else {
            Stage::Learning
        }
    }

    /// Records an answer given on `today`; `hinted`: after a Hint. A right answer with a hint
    /// counts as right but moves nothing up: the box stays (at least the first), the day does
    /// not count towards mastery, and the technique is due again the next day.
    pub fn record(&mut self, correct: bool, hinted: bool, today: u32) {
        self.tries += 1;
        if correct && hinted {
            self.right += 1;
            self.boxed = self.boxed.max(1);
            self.due = today + 1;
        } else if correct {
            self.right += 1;
            if self.last_right != today {
                self.days += 1;
                self.last_right = today;
                self.boxed = (self.boxed + 1).min(5);
            }
            self.boxed = self.boxed.max(1);
            self.due = today + INTERVALS[usize::from(self.boxed)];
        } else {
            self.boxed = 1;
            self.due = today;
        }
    }

    /// Whether a review is due on `today`.
    pub fn is_due(&self, today: u32) -> bool {
        self.tries > 0 && self.due <= today
    }
}

/// The drill history of every technique drilled, by ID.
pub type Progress = BTreeMap<String, Record>;

/// The first line of [`progress_to_text`]'s text: its format's version.
const PROGRESS_HEADER: &str = "learn 1";

/// The progress as text: a header line, then one `id box due days last right tries` line per
/// technique.
pub fn progress_to_text(p: &Progress) -> String {
    let mut out = String::from(PROGRESS_HEADER);
    for (id, r) in p {
        out.push_str(&format!(
            "\n{id} {} {} {} {} {} {}",
            r.boxed, r.due, r.days, r.last_right, r.right, r.tries
        ));
    }
    out
}

/// Reads [`progress_to_text`]'s text. Whatever cannot be read is left out: another version's
/// text gives nothing, a line with an unknown technique or a bad number is skipped, and the
/// numbers are bounded (a box above 5 is 5, more right answers than tries are as many).
pub fn progress_from_text(text: &str) -> Progress {
    let mut p = Progress::new();
    let mut lines = text.lines();
    if lines.next().map(str::trim) != Some(PROGRESS_HEADER) {
        return p;
    }
    for line in lines {
        let mut f = line.split_whitespace();
        let Some(id) = f.next().filter(|id| Technique::from_id(id).is_some()) else { continue };
        let n: Vec<u32> = f.map_while(|x| x.parse().ok()).collect();
        let [boxed, due, days, last_right, right, tries] = n[..] else { continue };
        let tries = tries.min(1_000_000);
        p.insert(
            id.to_string(),
            Record {
                boxed: boxed.min(5) as u8,
                due,
                days: days.min(tries),
                last_right,
                right: right.min(tries),
                tries,
            },
        );
    }
    p
}

/// What the Learn panel shows.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Screen {
    /// The techniques by tier with their progress.
    #[default]
    List,
    /// A technique's lesson: its description and a worked example on the grid.
    Lesson,
    /// A drill on the grid.
    Drill,
    /// A worksheet to print.
    Sheet,
}

/// What the person does in the Learn place.
#[derive(Clone, PartialEq, Debug)]
pub enum LearnAction {
    /// Open the Learn panel; the day (days since 1970 in the person's time zone).
    Open(u32),
    /// Close it (the grid keeps what it shows).
    Close,
    /// Back to the list of techniques.
    List,
    /// The progress kept from the last visit, and the day.
    Restore(Progress, u32),
    /// The lesson of a technique (by ID): a worked example is made.
    Lesson(String),
    /// A drill of a technique (by ID).
    Drill(String),
    /// A drill of the technique due first for review.
    Review,
    /// Grade the person's answer on the drill.
    Check,
    /// The drill (or lesson example) kept from the last visit: made again from its puzzle when
    /// the grid shows the same givens (after [`LearnAction::Restore`]).
    Resume(Kept),
    /// The drills kept ready from the last visit (technique ID and puzzle): the worker makes
    /// them ready again at once.
    Ready(BTreeMap<String, String>),
    /// In a lesson: apply the example's step (`true`) or take it back.
    Apply(bool),
    /// A worksheet of drills of a technique (by ID): how many (1 to [`WORKSHEET_MAX`]).
    Sheet(String, usize),
    /// How many drills the next worksheet holds (1 to [`WORKSHEET_MAX`]).
    SheetSize(usize),
}

/// The Learn place's state.
#[derive(Clone, PartialEq, Debug, Default)]
pub struct Learn {
    /// Whether the panel is shown.
    pub open: bool,
    /// What it shows.
    pub view: Screen,
    /// The technique of the lesson, drill or worksheet.
    pub technique: Option<Technique>,
    /// The drill history (shared: copying the model does not copy it).
    pub progress: Rc<Progress>,
    /// Bumped when the progress changes, so the page knows when to save it.
    pub revision: u64,
    /// Today, as the page said (days since 1970).
    pub today: u32,
    /// The lesson's example or the drill on the grid.
    pub drill: Option<Rc<PlainDrill>>,
    /// The grade of the person's answer on it.
    pub grade: Option<Rc<PlainGrade>>,
    /// How much the drill's hint shows: 0 nothing, 1 the houses, 2 the pattern.
    pub hint: u8,
    /// Whether the lesson's example step is applied on the grid.
    pub applied: bool,
    /// Whether drills come from the review queue (Next takes the next due one).
    pub review: bool,
    /// The worksheet's drills, as they arrive.
    pub sheet: Vec<Rc<PlainDrill>>,
    /// How many drills the worksheet holds (0: [`WORKSHEET_DRILLS`]).
    pub sheet_size: usize,
    /// The drill or example to keep across a reload (none once graded).
    pub kept: Option<Kept>,
    /// The drills the worker keeps ready, to keep across a reload: technique ID and puzzle.
    pub ready: BTreeMap<String, String>,
    /// The request that the worker reports drills made ready to.
    prepare_id: u64,
    /// Whether the drill awaited is the kept one made again (the grid keeps the person's
    /// strikes).
    resuming: bool,
    /// Whether a Hint was used on the drill before Check (it then counts less).
    pub hinted: bool,
    /// The request for the lesson's example or the drill, if one is awaited.
    awaiting: u64,
    /// The grade awaited.
    grading: u64,
    /// The worksheet's drills awaited.
    sheet_ids: Vec<u64>,
}

/// A drill kept across a reload: enough to make it again ([`deduku::drill::drill_from_puzzle`]).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Kept {
    /// The technique.
    pub technique: Technique,
    /// Whether it is a lesson's example (else a drill).
    pub lesson: bool,
    /// The puzzle's givens: 81 characters, `1`–`9` or `.`.
    pub puzzle: String,
}

/// The first word of [`Kept::to_line`]'s line (not a technique ID, so [`progress_from_text`]
/// skips it).
const KEPT_WORD: &str = "drill";

impl Kept {
    /// `drill ID drill|lesson PUZZLE`: a line stored after the progress's.
    pub fn to_line(&self) -> String {
        let view = if self.lesson { "lesson" } else { "drill" };
        format!("{KEPT_WORD} {} {view} {}", self.technique.id(), self.puzzle)
    }

    /// Reads the kept line of a stored text ([`progress_to_text`] and [`Kept::to_line`]):
    /// `None` when there is none or it cannot be read (an unknown technique or view, a puzzle
    /// that is not 81 characters of `1`–`9` and `.`).
    pub fn from_text(text: &str) -> Option<Kept> {
        let mut lines = text.lines();
        if lines.next().map(str::trim) != Some(PROGRESS_HEADER) {
            return None;
        }
        lines.find_map(|line| {
            let f: Vec<&str> = line.split_whitespace().collect();
            let [KEPT_WORD, id, view, puzzle] = f[..] else { return None };
            let technique = Technique::from_id(id).filter(|t| DRILL_TECHNIQUES.contains(t))?;
            let lesson = match view {
                "lesson" => true,
                "drill" => false,
                _ => return None,
            };
            puzzle_line(puzzle).then(|| Kept { technique, lesson, puzzle: puzzle.to_string() })
        })
    }
}

/// The stored text of the Learn place: the progress ([`progress_to_text`]), then the kept
/// drill's line, if any, then one `ready ID PUZZLE` line per drill kept ready.
pub fn learn_to_text(
    p: &Progress,
    kept: Option<&Kept>,
    ready: &BTreeMap<String, String>,
) -> String {
    let mut text = progress_to_text(p);
    if let Some(k) = kept {
        text.push('\n');
        text.push_str(&k.to_line());
    }
    for (id, puzzle) in ready {
        text.push_str(&format!("\n{READY_WORD} {id} {puzzle}"));
    }
    text
}

/// The first word of a drill kept ready's line.
const READY_WORD: &str = "ready";

/// The most drills kept ready that are stored.
const READY_MAX: usize = 12;

/// Whether `puzzle` is 81 characters of `1`–`9` and `.`.
fn puzzle_line(puzzle: &str) -> bool {
    puzzle.len() == 81 && puzzle.bytes().all(|c| c == b'.' || (b'1'..=b'9').contains(&c))
}

/// Reads the drills kept ready of a stored text ([`learn_to_text`]): lines that cannot be read
/// (an unknown technique, a bad puzzle) are skipped, and at most 12 are kept.
pub fn ready_from_text(text: &str) -> BTreeMap<String, String> {
    let mut ready = BTreeMap::new();
    let mut lines = text.lines();
    if lines.next().map(str::trim) != Some(PROGRESS_HEADER) {
        return ready;
    }
    for line in lines {
        let f: Vec<&str> = line.split_whitespace().collect();
        let [READY_WORD, id, puzzle] = f[..] else { continue };
        if ready.len() < READY_MAX
            && Technique::from_id(id).is_some_and(|t| DRILL_TECHNIQUES.contains(&t))
            && puzzle_line(puzzle)
        {
            ready.insert(id.to_string(), puzzle.to_string());
        }
    }
    ready
}

impl Learn {
    /// How many drills the next worksheet holds.
    pub fn sheet_size(&self) -> usize {
        if self.sheet_size == 0 {
            WORKSHEET_DRILLS
        } else {
            self.sheet_size.clamp(1, WORKSHEET_MAX)
        }
    }

    /// Whether `id` answers one of the Learn place's requests.
    pub fn awaits(&self, id: u64) -> bool {
        id != 0
            && (id == self.awaiting
                || id == self.grading
                || id == self.prepare_id
                || self.sheet_ids.contains(&id))
    }

    /// Whether a drill, an example or a worksheet is being made.
    pub fn making(&self) -> bool {
        self.awaiting != 0 || !self.sheet_ids.is_empty()
    }

    /// Whether a grade is awaited.
    pub fn grading(&self) -> bool {
        self.grading != 0
    }

    /// The record of `t` (a default one when never drilled).
    pub fn record(&self, t: Technique) -> Record {
        self.progress.get(t.id()).copied().unwrap_or_default()
    }

    /// The techniques due for review today, the longest overdue first.
    pub fn due(&self) -> Vec<Technique> {
        let mut v: Vec<(u32, Technique)> = syllabus()
            .into_iter()
            .filter_map(|t| {
                let r = self.record(t);
                r.is_due(self.today).then_some((r.due, t))
            })
            .collect();
        deduku::sort::sort(&mut v);
        v.into_iter().map(|(_, t)| t).collect()
    }
}

/// A copy of `step` that shows only its houses (the first hint in a drill); a step without
/// houses shows its cells.
fn houses_only(step: &PlainStep) -> PlainStep {
    let no_houses = step.houses.is_empty() && step.cover_houses.is_empty();
    PlainStep {
        placements: Vec::new(),
        eliminations: Vec::new(),
        cells: if no_houses { step.cells.clone() } else { Vec::new() },
        candidates: Vec::new(),
        alternate: Vec::new(),
        fins: Vec::new(),
        links: Vec::new(),
        proof: Vec::new(),
        ..step.clone()
    }
}

impl Model {
    /// Whether the grid shows the Learn place's drill or example (its givens are on the grid).
    pub fn learn_on_grid(&self) -> bool {
        self.learn.open
            && matches!(self.learn.view, Screen::Lesson | Screen::Drill)
            && self.learn.drill.as_ref().is_some_and(|d| {
                let line = d.position.values.iter().zip(&d.position.origins);
                self.pos.givens().iter().zip(line).all(|(g, (v, o))| {
                    *g == if *o == crate::protocol::CellOrigin::Given { *v } else { 0 }
                })
            })
    }

    /// The step the Learn place draws on the grid: the lesson's example step, the drill's hint
    /// (houses, then the pattern) or, once graded, the first instance of the technique.
    pub fn learn_step(&self) -> Option<Rc<PlainStep>> {
        if !self.learn_on_grid() {
            return None;
        }
        let d = self.learn.drill.as_ref()?;
        match self.learn.view {
            Screen::Lesson if !self.learn.applied => Some(Rc::new(d.step.clone())),
            Screen::Drill => match (&self.learn.grade, self.learn.hint) {
                (Some(g), _) => g.instances.first().cloned().map(Rc::new),
                (None, 2) => Some(Rc::new(d.step.clone())),
                (None, 1) => Some(Rc::new(houses_only(&d.step))),
                _ => None,
            },
            _ => None,
        }
    }

    /// The person's answer on the drill: the drill's candidates they struck and the digits
    /// they placed in its empty cells.
    pub fn drill_answer(&self, d: &PlainDrill) -> (Vec<PlainCand>, Vec<PlainCand>) {
        let mut struck = Vec::new();
        let mut placed = Vec::new();
        for i in 0..81 {
            if d.position.value(i) != 0 {
                continue;
            }
            let v = self.pos.value(i);
            if v != 0 {
                placed.push(PlainCand { cell: i as u8, digit: v });
                continue;
            }
            let gone = d.position.cand_mask(i) & self.pos.removed_mask(i);
            for digit in 1..=9u8 {
                if gone & (1 << (digit - 1)) != 0 {
                    struck.push(PlainCand { cell: i as u8, digit });
                }
            }
        }
        (struck, placed)
    }

    /// A hint inside a drill: the technique's houses first, then the pattern. `None` when the
    /// grid shows no ungraded drill (the ordinary hint then runs).
    pub(super) fn learn_hint(&mut self) -> Option<Option<Change>> {
        if !self.learn_on_grid() || self.learn.view != Screen::Drill || self.learn.grade.is_some() {
            return None;
        }
        let d = self.learn.drill.clone()?;
        let name = d.step.technique.clone();
        self.learn.hint = (self.learn.hint + 1).min(2);
        self.learn.hinted = true;
        let text = if self.learn.hint == 1 {
            let houses: Vec<String> =
                d.step.houses.iter().chain(&d.step.cover_houses).map(|&h| house_name(h)).collect();
            if houses.is_empty() {
                format!("Hint: the {name} is in the shaded cells.")
            } else {
                format!("Hint: look for the {name} in {}.", houses.join(", "))
            }
        } else {
            format!("Hint: the pattern. {}", d.step.explanation)
        };
        self.say(false, text);
        Some(None)
    }

    /// Does what a [`LearnAction`] says.
    pub(super) fn learn_act(&mut self, a: LearnAction) -> Option<Change> {
        match a {
            LearnAction::Open(today) => {
                self.learn.open = true;
                self.learn.today = today;
                self.prepare_drills();
            }
            LearnAction::Close => {
                self.learn.open = false;
                self.cancel_learn();
                self.keep(None);
            }
            LearnAction::List => {
                self.learn.view = Screen::List;
                self.learn.review = false;
                self.cancel_learn();
                self.keep(None);
            }
            LearnAction::Ready(ready) => {
                self.learn.ready = ready;
                let ids: Vec<String> = self.learn.ready.keys().cloned().collect();
                self.post_prepare(ids);
            }
            LearnAction::Resume(k) => {
                // Only on the same givens: the grid shows the drill the person worked on.
                let givens: String = self
                    .pos
                    .givens()
                    .iter()
                    .map(|&g| if g == 0 { '.' } else { char::from(b'0' + g) })
                    .collect();
                if givens != k.puzzle || self.learn.making() {
                    self.keep(None);
                    return None;
                }
                self.learn.open = true;
                self.learn.technique = Some(k.technique);
                self.learn.view = if k.lesson { Screen::Lesson } else { Screen::Drill };
                self.learn.grade = None;
                self.learn.drill = None;
                self.learn.hint = 0;
                self.learn.hinted = false;
                self.learn.applied = false;
                self.learn.resuming = true;
                self.learn.awaiting = self.mail.post(Job::DrillFrom {
                    technique: k.technique.id().to_string(),
                    puzzle: k.puzzle.clone(),
                });
                self.learn.kept = Some(k);
            }
            LearnAction::Restore(progress, today) => {
                self.learn.progress = Rc::new(progress);
                self.learn.today = today;
            }
            LearnAction::Lesson(id) => return self.ask_drill(&id, Screen::Lesson, false),
            LearnAction::Drill(id) => {
                let review = self.learn.review && self.learn.view == Screen::Drill;
                return self.ask_drill(&id, Screen::Drill, review);
            }
            LearnAction::Review => match self.learn.due().first() {
                Some(t) => return self.ask_drill(t.id(), Screen::Drill, true),
                None => {
                    self.learn.review = false;
                    self.say(false, "Nothing is due for review today.");
                }
            },
            LearnAction::Check => self.check_drill(),
            LearnAction::Apply(on) => {
                let d = self.learn.drill.clone()?;
                if self.learn.view != Screen::Lesson
                    || !self.learn_on_grid()
                    || on == self.learn.applied
                {
                    return None;
                }
                self.learn.applied = on;
                let mut pos = Position::from_plain(&d.position);
                pos.fill_marks();
                if on {
                    pos.apply_step(&d.step);
                }
                self.pos = pos;
                return Some(Change::Person);
            }
            LearnAction::SheetSize(n) => self.learn.sheet_size = n.clamp(1, WORKSHEET_MAX),
            LearnAction::Sheet(id, n) => {
                let t = Technique::from_id(&id)?;
                self.cancel_learn();
                self.learn.technique = Some(t);
                self.learn.view = Screen::Sheet;
                self.learn.sheet.clear();
                self.learn.sheet_size = n.clamp(1, WORKSHEET_MAX);
                for _ in 0..self.learn.sheet_size {
                    let seed = self.maker.next_seed();
                    let id = self.mail.post(Job::Drill { technique: id.clone(), seed });
                    self.learn.sheet_ids.push(id);
                }
                self.say(false, format!("Making a worksheet of {} drills…", t.name()));
            }
        }
        None
    }

    /// Keeps `k` as the drill to make again after a reload (saved with the progress).
    fn keep(&mut self, k: Option<Kept>) {
        if self.learn.kept != k {
            self.learn.kept = k;
            self.learn.revision += 1;
        }
    }

    /// The grade's wrong strikes and placements, to mark on the grid's cells (none before
    /// Check, or when the grid no longer shows the drill).
    pub fn drill_marks(&self) -> Vec<crate::roles::DrillMark> {
        let Some(g) = self
            .learn
            .grade
            .as_ref()
            .filter(|_| self.learn.view == Screen::Drill && self.learn_on_grid())
        else {
            return Vec::new();
        };
        let placed = |c: &PlainCand| self.pos.value(usize::from(c.cell)) == c.digit;
        g.findings
            .iter()
            .filter_map(|f| {
                let c = f.candidate?;
                let against = match f.kind {
                    crate::protocol::FindingKind::AgainstSolution => true,
                    crate::protocol::FindingKind::NotProven => false,
                    _ => return None,
                };
                Some(crate::roles::DrillMark {
                    cell: usize::from(c.cell),
                    digit: c.digit,
                    placed: placed(&c),
                    against,
                })
            })
            .collect()
    }

    /// Stops awaiting the drill or worksheet being made (the worker is told to stop).
    fn cancel_learn(&mut self) {
        let ids: Vec<u64> = std::mem::take(&mut self.learn.sheet_ids)
            .into_iter()
            .chain(Some(std::mem::take(&mut self.learn.awaiting)).filter(|&i| i != 0))
            .collect();
        for id in ids {
            self.mail.post(Job::Cancel(id));
        }
        self.learn.grading = 0;
    }

    /// Asks the worker to keep a drill ready for each technique being learnt: those drilled
    /// and not mastered, and the first new one of the syllabus.
    fn prepare_drills(&mut self) {
        let mut ids: Vec<String> = Vec::new();
        let syllabus = syllabus();
        for t in self.learn.due() {
            ids.push(t.id().to_string());
        }
        for t in &syllabus {
            if self.learn.record(*t).stage() == Stage::Learning && !ids.iter().any(|i| i == t.id())
            {
                ids.push(t.id().to_string());
            }
        }
        if let Some(t) = syllabus.iter().find(|t| self.learn.record(**t).stage() == Stage::New) {
            ids.push(t.id().to_string());
        }
        ids.truncate(6);
        self.post_prepare(ids);
    }

    /// Asks the worker to keep a drill of `ids` ready, giving it back those kept from the last
    /// visit; its reports of drills made ready come with this request's id.
    fn post_prepare(&mut self, ids: Vec<String>) {
        let seed = self.maker.next_seed();
        let ready = self.learn.ready.iter().map(|(t, p)| (t.clone(), p.clone())).collect();
        self.learn.prepare_id = self.mail.post(Job::PrepareDrills { techniques: ids, seed, ready });
    }

    fn ask_drill(&mut self, id: &str, view: Screen, review: bool) -> Option<Change> {
        let t = Technique::from_id(id)?;
        self.cancel_learn();
        self.learn.open = true;
        self.learn.technique = Some(t);
        self.learn.view = view;
        self.learn.review = review;
        self.learn.grade = None;
        self.learn.drill = None;
        self.learn.hint = 0;
        self.learn.hinted = false;
        self.learn.applied = false;
        self.learn.resuming = false;
        let seed = self.maker.next_seed();
        self.learn.awaiting = self.mail.post(Job::Drill { technique: id.to_string(), seed });
        let what = if view == Screen::Lesson { "an example" } else { "a drill" };
        self.say(false, format!("Making {what} of {}…", t.name()));
        None
    }

    fn check_drill(&mut self) {
        let Some(d) = self.learn.drill.clone() else { return };
        if self.learn.view != Screen::Drill || self.learn.grade.is_some() {
            return;
        }
        if !self.learn_on_grid() {
            self.say(true, "The grid no longer shows the drill: start a new drill.");
            return;
        }
        let (struck, placed) = self.drill_answer(&d);
        let req = GradeRequest {
            technique: d.technique.clone(),
            position: d.position.clone(),
            solution: d.solution.clone(),
            struck,
            placed,
        };
        self.learn.grading = self.mail.post(Job::Grade(Box::new(req)));
    }

    /// A reply to one of the Learn place's requests.
    pub(super) fn learn_receive(&mut self, id: u64, reply: Reply) -> Option<Change> {
        match reply {
            Reply::DrillReady { technique, puzzle } => {
                let known =
                    Technique::from_id(&technique).is_some_and(|t| DRILL_TECHNIQUES.contains(&t));
                if known
                    && puzzle_line(&puzzle)
                    && self.learn.ready.get(&technique) != Some(&puzzle)
                {
                    self.learn.ready.insert(technique, puzzle);
                    self.learn.revision += 1;
                }
                None
            }
            Reply::Drill(d) if id == self.learn.awaiting => {
                self.learn.awaiting = 0;
                // A drill kept ready was served: it is no longer ready.
                if self.learn.ready.get(&d.technique) == Some(&d.puzzle) {
                    self.learn.ready.remove(&d.technique);
                    self.learn.revision += 1;
                }
                let kept = Technique::from_id(&d.technique).map(|technique| Kept {
                    technique,
                    lesson: self.learn.view == Screen::Lesson,
                    puzzle: d.puzzle.replace('0', "."),
                });
                self.keep(kept);
                if std::mem::take(&mut self.learn.resuming) {
                    // The kept drill, made again: the grid (the same givens) keeps the
                    // person's strikes and digits.
                    let name = Technique::from_id(&d.technique).map_or("", |t| t.name());
                    self.learn.drill = Some(Rc::new(*d));
                    if self.learn_on_grid() {
                        self.view.take(if self.learn.view == Screen::Drill {
                            Pen::Notes
                        } else {
                            Pen::Digits
                        });
                        self.say(false, format!("Your {name} drill is back, as you left it."));
                        return None;
                    }
                    self.learn.drill = None;
                    self.learn.open = false;
                    self.keep(None);
                    return None;
                }
                let mut pos = Position::from_plain(&d.position);
                // The drill's candidates are the person's pencil marks, so they show with auto
                // candidates off too.
                pos.fill_marks();
                let name = Technique::from_id(&d.technique).map_or("", |t| t.name());
                let text = match self.learn.view {
                    Screen::Lesson => {
                        format!("An example of {name}: the pattern is drawn on the grid.")
                    }
                    _ => format!("A new drill of {name}: find what it proves here."),
                };
                self.learn.drill = Some(Rc::new(*d));
                self.drop_new_puzzle();
                self.pos = pos;
                self.view.givens = false;
                self.view.take(if self.learn.view == Screen::Drill {
                    Pen::Notes
                } else {
                    Pen::Digits
                });
                self.say(false, text);
                Some(Change::Person)
            }
            Reply::Drill(d) => {
                self.learn.sheet_ids.retain(|&i| i != id);
                self.learn.sheet.push(Rc::new(*d));
                if self.learn.sheet_ids.is_empty() {
                    self.say(false, "The worksheet is ready: Print worksheet prints it.");
                }
                None
            }
            Reply::DrillFailed(_) if std::mem::take(&mut self.learn.resuming) => {
                // The kept drill could not be made again (bad stored data): dropped quietly.
                self.learn.awaiting = 0;
                self.learn.open = false;
                self.keep(None);
                None
            }
            Reply::DrillFailed(why) => {
                self.learn.awaiting = 0;
                self.learn.sheet_ids.clear();
                self.say(true, why);
                None
            }
            Reply::Graded(g) if id == self.learn.grading => {
                self.learn.grading = 0;
                let hinted = self.learn.hinted;
                if let Some(t) = self.learn.technique {
                    let today = self.learn.today;
                    Rc::make_mut(&mut self.learn.progress)
                        .entry(t.id().to_string())
                        .or_default()
                        .record(g.correct, hinted, today);
                    self.learn.revision += 1;
                }
                self.keep(None);
                // The sentence the live region says; the panel lists the findings and the answer.
                let text = if g.correct && hinted {
                    format!(
                        "Right, with a hint. {} A hinted answer counts, but does not move the \
                         technique up: it comes back tomorrow.",
                        g.sentence()
                    )
                } else if g.correct {
                    format!("Right! {}", g.sentence())
                } else {
                    format!("Not quite. {}", g.sentence())
                };
                self.say(!g.correct, text);
                self.learn.grade = Some(Rc::new(*g));
                None
            }
            Reply::Cancelled => {
                if id == self.learn.awaiting {
                    self.learn.awaiting = 0;
                }
                if id == self.learn.grading {
                    self.learn.grading = 0;
                }
                self.learn.sheet_ids.retain(|&i| i != id);
                None
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::Action;

    #[test]
    fn the_syllabus_goes_by_tier_then_family() {
        let s = syllabus();
        assert_eq!(s.len(), DRILL_TECHNIQUES.len());
        assert_eq!(s[0], Technique::FullHouse);
        let x = s.iter().position(|&t| t == Technique::XWing).unwrap();
        let sky = s.iter().position(|&t| t == Technique::Skyscraper).unwrap();
        let xy = s.iter().position(|&t| t == Technique::XyWing).unwrap();
        let ur = s.iter().position(|&t| t == Technique::UniqueRectangle1).unwrap();
        let finned = s.iter().position(|&t| t == Technique::FinnedXWing).unwrap();
        assert!(x < finned && finned < sky && sky < xy && xy < ur, "{s:?}");
        assert!(s.windows(2).all(|w| w[0].tier() <= w[1].tier()));
    }

    #[test]
    fn mastered_needs_right_answers_on_three_days() {
        let mut r = Record::default();
        assert_eq!(r.stage(), Stage::New);
        for _ in 0..5 {
            r.record(true, false, 100);
        }
        assert_eq!((r.stage(), r.boxed, r.due), (Stage::Learning, 1, 101));
        r.record(true, false, 101);
        assert!(!r.is_due(101) && r.is_due(103));
        r.record(false, false, 103);
        assert_eq!((r.boxed, r.due), (1, 103));
        assert!(r.is_due(103));
        r.record(true, false, 103);
        r.record(true, false, 104);
        assert_eq!(r.days, 4);
        assert_eq!(r.stage(), Stage::Mastered, "{r:?}");
    }

    #[test]
    fn progress_round_trips_and_bad_text_never_breaks_it() {
        let mut p = Progress::new();
        let mut r = Record::default();
        r.record(true, false, 20_000);
        r.record(false, false, 20_001);
        p.insert("x-wing".into(), r);
        p.insert("hidden-single".into(), Record { boxed: 3, ..Record::default() });
        assert_eq!(progress_from_text(&progress_to_text(&p)), p);
        for bad in
            ["", "learn 2\nx-wing 1 2 3 4 5 6", "garbage", "learn 1\nnope 1 2 3 4 5 6\nx-wing 1 2"]
        {
            assert!(progress_from_text(bad).is_empty(), "{bad:?}");
        }
        let clamped = progress_from_text("learn 1\nx-wing 99 5 9 4 9 2\n\u{0}\u{ffff}");
        assert_eq!(
            clamped["x-wing"],
            Record { boxed: 5, due: 5, days: 2, last_right: 4, right: 2, tries: 2 }
        );
    }

    #[test]
    fn a_drill_loads_on_the_grid_is_graded_and_recorded() {
        let mut m = Model::default();
        m.learn_act(LearnAction::Open(500));
        m.learn_act(LearnAction::Drill("x-wing".into()));
        let ask = m.learn.awaiting;
        assert_ne!(ask, 0);
        let d = crate::agent::DrillJob::new("x-wing", 11).run().expect("a drill");
        let m = m.apply(Action::Worker(crate::protocol::Response {
            id: ask,
            reply: Reply::Drill(Box::new(d.clone())),
        }));
        assert!(m.learn_on_grid());
        assert_eq!(m.learn_step(), None, "nothing drawn before a hint");
        let mut m = m.apply(Action::Hint);
        assert!(m.learn_step().is_some_and(|s| s.eliminations.is_empty()), "the houses first");
        m = m.apply(Action::Hint);
        assert_eq!(m.learn_step().map(|s| s.text.clone()), Some(d.step.text.clone()));
        // Strike the step's eliminations in notes mode, as the person would.
        for e in &d.step.eliminations {
            m = m.apply(Action::Select(e.cell as usize)).apply(Action::Input(e.digit));
        }
        let (struck, placed) = m.drill_answer(&d);
        let mut want = d.step.eliminations.clone();
        want.sort();
        assert_eq!(struck, want);
        assert!(placed.is_empty());
        let (m, g) = check_graded(m);
        assert_eq!(m.learn.grade.as_deref(), Some(&g));
        let r = m.learn.record(Technique::XWing);
        assert_eq!((r.tries, r.right == u32::from(g.correct)), (1, true));
        // Answered after two hints: right, but no day towards mastery.
        assert_eq!((r.days, r.boxed), (0, 1));
        assert!(m.learn.revision > 0, "saved");
        assert_eq!(m.learn.kept, None, "a graded drill is not kept");
    }

    /// A model with the x-wing drill of seed `seed` on the grid (Open, Drill, the worker's
    /// reply served).
    fn with_drill(seed: u64) -> (Model, PlainDrill) {
        let mut m = Model::default();
        m.learn_act(LearnAction::Open(500));
        m.learn_act(LearnAction::Drill("x-wing".into()));
        let ask = m.learn.awaiting;
        let d = crate::agent::DrillJob::new("x-wing", seed).run().expect("a drill");
        let m = m.apply(Action::Worker(crate::protocol::Response {
            id: ask,
            reply: Reply::Drill(Box::new(d.clone())),
        }));
        assert!(m.learn_on_grid());
        (m, d)
    }

    /// Checks the drill and serves the grade.
    fn check(m: Model) -> Model {
        check_graded(m).0
    }

    /// Checks the drill and serves the grade the worker makes of the request: the model and
    /// that grade.
    fn check_graded(m: Model) -> (Model, PlainGrade) {
        let m = m.apply(Action::Learn(LearnAction::Check));
        let Some(crate::protocol::Request { id, job: Job::Grade(req) }) =
            m.mail.requests().last().cloned()
        else {
            panic!("a grade request")
        };
        let g = crate::agent::grade_job(&req);
        let reply = Reply::Graded(Box::new(g.clone()));
        (m.apply(Action::Worker(crate::protocol::Response { id, reply })), g)
    }

    #[test]
    fn a_hinted_right_answer_counts_but_does_not_move_up() {
        let (mut clean, mut hinted) = (Record::default(), Record::default());
        for day in [100, 101, 103, 107] {
            clean.record(true, false, day);
            hinted.record(true, true, day);
        }
        assert_eq!((clean.right, hinted.right), (4, 4), "both count as right");
        assert_eq!((clean.boxed, clean.days, clean.stage()), (4, 4, Stage::Mastered));
        assert_eq!((hinted.boxed, hinted.days, hinted.stage()), (1, 0, Stage::Learning));
        assert_eq!(hinted.due, 108, "due again the next day");
        // A hinted answer after clean ones keeps the box, and makes it due the next day.
        clean.record(true, true, 200);
        assert_eq!((clean.boxed, clean.days, clean.due), (4, 4, 201));
        // On the page: the sentence says so.
        let (m, d) = with_drill(11);
        let mut m = m.apply(Action::Hint);
        assert!(m.learn.hinted);
        for e in &d.step.eliminations {
            m = m.apply(Action::Select(e.cell as usize)).apply(Action::Input(e.digit));
        }
        let m = check(m);
        assert!(m.learn.grade.as_ref().is_some_and(|g| g.correct));
        let said = m.notice.as_ref().map(|n| n.text.clone()).unwrap_or_default();
        assert!(said.contains("with a hint"), "{said}");
    }

    #[test]
    fn the_drill_is_kept_across_a_reload_with_the_persons_strikes() {
        let (m, d) = with_drill(12);
        let kept = m.learn.kept.clone().expect("kept");
        assert_eq!(
            (kept.technique, kept.lesson, kept.puzzle.as_str()),
            (Technique::XWing, false, d.puzzle.as_str())
        );
        // The person strikes a candidate, then reloads: the stored text reads back.
        let e = d.step.eliminations[0];
        let m = m.apply(Action::Select(e.cell as usize)).apply(Action::Input(e.digit));
        let text = learn_to_text(&m.learn.progress, m.learn.kept.as_ref(), &m.learn.ready);
        assert_eq!(Kept::from_text(&text), Some(kept.clone()));
        assert!(progress_from_text(&text).is_empty());
        let mut again = Model::restored(m.history.clone(), m.settings.clone());
        assert_eq!(again.pos, m.pos);
        again.learn_act(LearnAction::Restore(Progress::new(), 500));
        again.learn_act(LearnAction::Resume(kept.clone()));
        let Some(crate::protocol::Request { id, job: Job::DrillFrom { technique, puzzle } }) =
            again.mail.requests().last().cloned()
        else {
            panic!("the drill asked for again")
        };
        let reply = crate::agent::drill_from_job(&technique, &puzzle);
        let again = again.apply(Action::Worker(crate::protocol::Response { id, reply }));
        assert!(again.learn.open && again.learn_on_grid());
        assert_eq!(again.learn.view, Screen::Drill);
        assert_eq!(again.learn.drill.as_deref(), Some(&d));
        assert_eq!(again.pos, m.pos, "the strike is still there");
        assert_eq!(again.drill_answer(&d).0, vec![e]);
        // On other givens the kept drill is dropped, and nothing is asked.
        let mut other = Model::default();
        let before = other.mail.requests().len();
        other.learn_act(LearnAction::Resume(kept));
        assert_eq!(other.mail.requests().len(), before);
        assert!(!other.learn.open && other.learn.kept.is_none());
    }

    #[test]
    fn bad_kept_lines_are_ignored() {
        let p = ".".repeat(81);
        for bad in [
            String::new(),
            format!("learn 2\ndrill x-wing drill {p}"),
            format!("learn 1\ndrill nope drill {p}"),
            format!("learn 1\ndrill brute-force drill {p}"),
            format!("learn 1\ndrill x-wing sideways {p}"),
            format!("learn 1\ndrill x-wing drill {}", "x".repeat(81)),
            format!("learn 1\ndrill x-wing drill {p}1"),
            format!("learn 1\ndrill x-wing drill {p} extra"),
            "learn 1\n\u{0}drill".to_string(),
        ] {
            assert_eq!(Kept::from_text(&bad), None, "{bad:?}");
        }
        // A kept drill whose puzzle gives no drill is dropped quietly when it comes back.
        let mut m = Model::default();
        m.learn.kept = Some(Kept { technique: Technique::XWing, lesson: false, puzzle: p.clone() });
        m.learn.resuming = true;
        m.learn.awaiting = 77;
        let reply = crate::agent::drill_from_job("x-wing", &p);
        let m = m.apply(Action::Worker(crate::protocol::Response { id: 77, reply }));
        assert!(!m.learn.open && m.learn.kept.is_none() && !m.learn.making());
    }

    #[test]
    fn wrong_strikes_are_marked_on_the_grid() {
        let (m, d) = with_drill(13);
        assert!(m.drill_marks().is_empty(), "nothing before Check");
        let key: Vec<PlainCand> = crate::agent::grade_job(&GradeRequest {
            technique: d.technique.clone(),
            position: d.position.clone(),
            solution: d.solution.clone(),
            struck: vec![],
            placed: vec![],
        })
        .instances
        .iter()
        .flat_map(|s| s.eliminations.clone())
        .collect();
        // One strike of the solution's digit, one of a candidate no X-Wing removes.
        let empty: Vec<usize> = (0..81).filter(|&i| d.position.value(i) == 0).collect();
        let sol = empty[0];
        let stray = empty
            .iter()
            .flat_map(|&i| (1..=9u8).map(move |k| (i, k)))
            .find(|&(i, k)| {
                i != sol
                    && d.position.cand_mask(i) & (1 << (k - 1)) != 0
                    && d.solution[i] != k
                    && !key.contains(&PlainCand { cell: i as u8, digit: k })
            })
            .expect("a stray candidate");
        let m = m
            .apply(Action::Select(sol))
            .apply(Action::Input(d.solution[sol]))
            .apply(Action::Select(stray.0))
            .apply(Action::Input(stray.1));
        let m = check(m);
        let marks = m.drill_marks();
        assert!(marks.contains(&crate::roles::DrillMark {
            cell: sol,
            digit: d.solution[sol],
            placed: false,
            against: true
        }));
        assert!(marks.contains(&crate::roles::DrillMark {
            cell: stray.0,
            digit: stray.1,
            placed: false,
            against: false
        }));
        // Drawn: the cells ringed, the struck candidates drawn again crossed out, labelled.
        let w = crate::position::Warnings::default();
        let view = crate::roles::GridView {
            pos: &m.pos,
            auto: m.settings.auto,
            step: None,
            selected: None,
            warnings: &w,
            mistakes: None,
            singles: None,
            highlight: None,
            bivalue: false,
            drill: &marks,
        };
        let c = view.cell(stray.0);
        assert!(c.has("drill-unproven"));
        let k = &c.candidates[usize::from(stray.1 - 1)];
        assert!(k.on && k.classes.iter().any(|x| x == "c-unproven"));
        assert!(view.cell(sol).has("drill-against"));
        assert!(marks.iter().any(|x| x.label().contains("solution's digit")));
        // A new drill clears them.
        let m = m.apply(Action::Learn(LearnAction::Drill("x-wing".into())));
        assert!(m.drill_marks().is_empty());
    }

    #[test]
    fn drills_made_ready_are_kept_across_a_reload_and_served_at_once() {
        let (mut m, d) = with_drill(14);
        // The worker reports the next X-Wing drill made ready with the PrepareDrills id.
        m.learn_act(LearnAction::Open(500));
        let Some(crate::protocol::Request { id: prep, job: Job::PrepareDrills { .. } }) =
            m.mail.requests().last().cloned()
        else {
            panic!("prepare")
        };
        let next = crate::agent::DrillJob::new("x-wing", 99).run().expect("a drill");
        let report = |technique: &str, puzzle: &str| {
            Action::Worker(crate::protocol::Response {
                id: prep,
                reply: Reply::DrillReady { technique: technique.into(), puzzle: puzzle.into() },
            })
        };
        let revision = m.learn.revision;
        let m = m
            .apply(report("x-wing", &next.puzzle))
            .apply(report("nope", &next.puzzle))
            .apply(report("swordfish", "garbage"));
        assert_eq!(m.learn.ready.len(), 1);
        assert_eq!(m.learn.revision, revision + 1, "saved");
        let text = learn_to_text(&m.learn.progress, m.learn.kept.as_ref(), &m.learn.ready);
        let ready = ready_from_text(&text);
        assert_eq!(ready, m.learn.ready);
        assert_eq!(Kept::from_text(&text).map(|k| k.puzzle), Some(d.puzzle.clone()));
        // A new visit gives them back to the worker.
        let mut again = Model::default();
        again.learn_act(LearnAction::Ready(ready));
        let Some(crate::protocol::Request { job: Job::PrepareDrills { ready: sent, .. }, .. }) =
            again.mail.requests().last().cloned()
        else {
            panic!("prepare")
        };
        assert_eq!(sent, vec![("x-wing".to_string(), next.puzzle.clone())]);
        // Served, it is no longer kept ready.
        again.learn_act(LearnAction::Drill("x-wing".into()));
        let ask = again.learn.awaiting;
        let again = again.apply(Action::Worker(crate::protocol::Response {
            id: ask,
            reply: Reply::Drill(Box::new(next.clone())),
        }));
        assert!(again.learn.ready.is_empty());
        // Bad lines are skipped.
        let p = ".".repeat(81);
        let bad = format!("learn 1\nready nope {p}\nready x-wing 12\nready x-wing {p} x\nready\n");
        assert!(ready_from_text(&bad).is_empty());
        assert!(ready_from_text(&format!("learn 2\nready x-wing {p}")).is_empty());
    }

    #[test]
    fn the_worksheet_holds_the_number_chosen() {
        let mut m = Model::default();
        assert_eq!(m.learn.sheet_size(), WORKSHEET_DRILLS);
        let drills = |m: &Model| {
            m.mail.requests().iter().filter(|r| matches!(r.job, Job::Drill { .. })).count()
        };
        m.learn_act(LearnAction::SheetSize(7));
        assert_eq!(m.learn.sheet_size(), 7);
        m.learn_act(LearnAction::Sheet("hidden-pair".into(), 7));
        assert_eq!((drills(&m), m.learn.sheet_ids.len()), (7, 7));
        m.learn_act(LearnAction::Sheet("hidden-pair".into(), 99));
        assert_eq!(m.learn.sheet_ids.len(), WORKSHEET_MAX);
        m.learn_act(LearnAction::SheetSize(0));
        assert_eq!(m.learn.sheet_size(), 1);
    }
}
