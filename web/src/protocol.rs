//! The wire protocol between the page and the solver worker: plain data types, serialized by
//! the worker bridge (postcard, see [`crate::codec`]).
//!
//! Library types ([`deduku::Board`], [`deduku::Step`]) are not serialization formats; this
//! module converts them into [`PlainBoard`] and [`PlainStep`] once, here, and back where the page
//! needs a [`deduku::Board`] (to apply a typed digit).
//!
//! Every [`Request`] carries an id chosen by the page; every [`Response`] repeats the id of the
//! request it answers, so the page drops replies to requests it has since replaced.

use deduku::{Board, Candidate, Cell, DigitSet, Origin, Step};
use serde::{Deserialize, Serialize};

mod drill;
pub use drill::{FindingKind, GradeRequest, PlainDrill, PlainFinding, PlainGrade};

/// Bumped when a message changes shape. The worker's URL carries a hash of the sources, this
/// file included (`build.rs`, `client::WORKER_PATH`), so a cached old worker is never paired
/// with a new page.
pub const PROTOCOL_VERSION: u32 = 7;

/// Where a cell's digit came from, as the page shows it.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize, Default, Hash)]
pub enum CellOrigin {
    /// The cell is empty.
    #[default]
    Empty,
    /// A clue of the puzzle.
    Given,
    /// Typed by the user while solving.
    User,
    /// Filled in by the helper: a hint, a step, "fill singles" (never typed over).
    Solver,
}

/// A position as plain data: 81 values (0 = empty), their origins and candidate masks
/// (bit `i` = digit `i + 1`).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, Hash)]
pub struct PlainBoard {
    /// Values 0–9, row-major.
    pub values: Vec<u8>,
    /// Origins, row-major.
    pub origins: Vec<CellOrigin>,
    /// Candidate masks of the empty cells (0 for filled cells).
    pub cands: Vec<u16>,
}

impl Default for PlainBoard {
    fn default() -> Self {
        PlainBoard::from_board(&Board::empty())
    }
}

impl PlainBoard {
    /// Converts a library board; placed digits become [`CellOrigin::Solver`].
    pub fn from_board(board: &Board) -> PlainBoard {
        PlainBoard::from_board_with_user(board, &[false; 81])
    }

    /// Converts a library board; placed digits in cells marked in `user` become
    /// [`CellOrigin::User`], the other placed digits [`CellOrigin::Solver`].
    pub fn from_board_with_user(board: &Board, user: &[bool; 81]) -> PlainBoard {
        let origins = Cell::all()
            .map(|c| match board.origin(c) {
                Origin::Empty => CellOrigin::Empty,
                Origin::Given => CellOrigin::Given,
                Origin::Placed if user[c.index()] => CellOrigin::User,
                Origin::Placed => CellOrigin::Solver,
            })
            .collect();
        PlainBoard {
            values: board.values().to_vec(),
            origins,
            cands: board.all_candidates().iter().map(|s| s.bits()).collect(),
        }
    }

    /// The library board with these values, origins and candidates (a malformed message
    /// yields the empty board's cells where data is missing).
    pub fn to_board(&self) -> Board {
        let mut values = [0u8; 81];
        let mut origin = [Origin::Empty; 81];
        let mut cands = [DigitSet::ALL; 81];
        for i in 0..81 {
            values[i] = self.values.get(i).copied().filter(|v| *v <= 9).unwrap_or(0);
            origin[i] = match self.origins.get(i) {
                Some(CellOrigin::Given) => Origin::Given,
                Some(CellOrigin::User | CellOrigin::Solver) => Origin::Placed,
                _ => Origin::Empty,
            };
            if values[i] == 0 {
                origin[i] = Origin::Empty;
            } else if origin[i] == Origin::Empty {
                origin[i] = Origin::Given;
            }
            cands[i] = DigitSet::from_bits(self.cands.get(i).copied().unwrap_or(0x1ff));
        }
        Board::from_candidates(&values, &origin, &cands)
    }

    /// Which cells hold a digit the user typed.
    pub fn user_cells(&self) -> [bool; 81] {
        let mut out = [false; 81];
        for (o, v) in out.iter_mut().zip(&self.origins) {
            *o = *v == CellOrigin::User;
        }
        out
    }

    /// The value of cell `i` (0 when empty or out of range).
    pub fn value(&self, i: usize) -> u8 {
        self.values.get(i).copied().unwrap_or(0)
    }

    /// The origin of cell `i`.
    pub fn origin(&self, i: usize) -> CellOrigin {
        self.origins.get(i).copied().unwrap_or_default()
    }

    /// The candidate mask of cell `i`.
    pub fn cand_mask(&self, i: usize) -> u16 {
        self.cands.get(i).copied().unwrap_or(0)
    }

    /// The 81-character line, `.` for empty.
    pub fn to_line(&self) -> String {
        (0..81)
            .map(|i| if self.value(i) == 0 { '.' } else { (b'0' + self.value(i)) as char })
            .collect()
    }

    /// Whether no cell is filled.
    pub fn is_empty(&self) -> bool {
        (0..81).all(|i| self.value(i) == 0)
    }

    /// Whether every cell is filled.
    pub fn is_complete(&self) -> bool {
        (0..81).all(|i| self.value(i) != 0)
    }
}

/// A candidate as plain data: cell index 0–80 and digit 1–9.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize, Hash, PartialOrd, Ord)]
pub struct PlainCand {
    /// Cell index 0–80.
    pub cell: u8,
    /// Digit 1–9.
    pub digit: u8,
}

impl From<Candidate> for PlainCand {
    fn from(c: Candidate) -> Self {
        PlainCand { cell: c.cell.index() as u8, digit: c.digit.get() }
    }
}

/// One end of a chain link: a digit in one cell or in a group of cells.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, Hash)]
pub struct PlainNode {
    /// Digit 1–9.
    pub digit: u8,
    /// Cell indexes (one, or several for a group node).
    pub cells: Vec<u8>,
}

/// A chain link drawn as an arrow: solid when strong, dashed when weak.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, Hash)]
pub struct PlainLink {
    /// Where the arrow starts.
    pub from: PlainNode,
    /// Where it ends.
    pub to: PlainNode,
    /// Strong (solid) or weak (dashed).
    pub strong: bool,
}

/// A step as plain data, in the generic highlight roles of [`deduku::logic::Highlight`].
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, Hash)]
pub struct PlainStep {
    /// The technique's display name.
    pub technique: String,
    /// The full text in the catalogue's notation.
    pub text: String,
    /// The step in plain words: the pattern and why it removes or places what it does.
    pub explanation: String,
    /// What the technique is, in a few sentences ("What is a Skyscraper?").
    pub about: String,
    /// Where, in short ([`Step::location`]): the pattern's cells or the changed cells, e.g.
    /// `r1c23`.
    pub place: String,
    /// Digits placed.
    pub placements: Vec<PlainCand>,
    /// Candidates removed.
    pub eliminations: Vec<PlainCand>,
    /// Pattern cells (shaded).
    pub cells: Vec<u8>,
    /// Pattern candidates (primary color).
    pub candidates: Vec<PlainCand>,
    /// Candidates in the alternate role.
    pub alternate: Vec<PlainCand>,
    /// Fin candidates.
    pub fins: Vec<PlainCand>,
    /// Houses of the pattern (0–8 rows, 9–17 columns, 18–26 boxes).
    pub houses: Vec<u8>,
    /// Cover houses.
    pub cover_houses: Vec<u8>,
    /// Chain links in order.
    pub links: Vec<PlainLink>,
    /// A forcing step's proof, line by line (empty for the other techniques): its own lines,
    /// an inner net's lines right after the line they prove, a "Choice k" heading before each
    /// branch of a verity, and the ending last.
    pub proof: Vec<PlainProofLine>,
}

/// One line of a forcing step's proof, as the page lists, draws and reads it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, Hash)]
pub struct PlainProofLine {
    /// Its number as the text cites it (`3`, `3.2` inside line 3's inner net); empty for a
    /// heading or the ending.
    pub label: String,
    /// The line in words, without its number.
    pub text: String,
    /// What to draw: the fact's candidate first, then a pattern's candidates.
    pub cands: Vec<PlainCand>,
    /// Whether the fact says the digit is the cell's value (else that it is not).
    pub on: bool,
    /// The lines it rests on (indices into the step's proof list).
    pub premises: Vec<u16>,
    /// Whether the ending names it: a line of the contradiction, or a branch's conclusion.
    pub ends: bool,
    /// 0 for the proof's own lines, 1 inside an inner net, and so on.
    pub depth: u8,
}

fn node(n: &deduku::logic::Node) -> PlainNode {
    PlainNode { digit: n.digit.get(), cells: n.cells.iter().map(|c| c.index() as u8).collect() }
}

impl PlainStep {
    /// Converts a library step.
    pub fn from_step(s: &Step) -> PlainStep {
        let h = &s.highlight;
        let cands = |v: &[Candidate]| v.iter().map(|&c| PlainCand::from(c)).collect::<Vec<_>>();
        PlainStep {
            technique: s.technique.name().to_string(),
            text: s.text.clone(),
            explanation: s.explain(),
            about: s.technique.description().to_string(),
            place: s.location(),
            placements: cands(&s.placements),
            eliminations: cands(&s.eliminations),
            cells: h.cells.iter().map(|c| c.index() as u8).collect(),
            candidates: cands(&h.candidates),
            alternate: cands(&h.alternate),
            fins: cands(&h.fins),
            houses: h.houses.iter().map(|x| x.index() as u8).collect(),
            cover_houses: h.cover_houses.iter().map(|x| x.index() as u8).collect(),
            links: h
                .links
                .iter()
                .map(|l| PlainLink { from: node(&l.from), to: node(&l.to), strong: l.strong })
                .collect(),
            proof: s
                .proof()
                .map(|p| {
                    p.flatten()
                        .into_iter()
                        .map(|l| PlainProofLine {
                            label: l.label,
                            text: l.text,
                            cands: l.candidates.into_iter().map(PlainCand::from).collect(),
                            on: l.fact.is_some_and(|f| f.on),
                            // A proof's list never nears 65,536 lines (the longest, with its
                            // inner nets, has about 1,600).
                            premises: l.premises.into_iter().map(|i| i as u16).collect(),
                            ends: l.ends,
                            depth: l.depth,
                        })
                        .collect()
                })
                .unwrap_or_default(),
        }
    }
}

/// The difficulty of a path.
#[derive(Clone, PartialEq, Debug, Default, Serialize, Deserialize)]
pub struct PlainRating {
    /// SE-style number (Sudoku Explainer's ER).
    pub se: f32,
    /// Sudoku Explainer's EP: the hardest step up to the first placement.
    pub ep: f32,
    /// Sudoku Explainer's ED: the first step.
    pub ed: f32,
    /// Level name: easy, medium, hard, unfair, extreme.
    pub level: String,
    /// The hardest technique's name, if any step was taken.
    pub hardest: Option<String>,
}

impl From<&deduku::Rating> for PlainRating {
    fn from(r: &deduku::Rating) -> PlainRating {
        PlainRating {
            se: r.se,
            ep: r.ep,
            ed: r.ed,
            level: r.level.name().to_string(),
            hardest: r.hardest.map(|t| t.name().to_string()),
        }
    }
}

/// The verdict of the exact solver on a position.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Verdict {
    /// Exactly one solution (81 values).
    Unique(Vec<u8>),
    /// No solution; the text says why when a contradiction is visible.
    NoSolution(String),
    /// At least two solutions: two that differ.
    Multiple(Vec<u8>, Vec<u8>),
}

/// How a path ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum PathEnd {
    /// Every cell filled.
    Solved,
    /// The puzzle has no solution.
    NoSolution,
    /// The puzzle has several solutions; the path stops where logic does.
    MultipleSolutions,
    /// No technique applies.
    Stuck,
}

impl From<deduku::PathStatus> for PathEnd {
    fn from(s: deduku::PathStatus) -> PathEnd {
        match s {
            deduku::PathStatus::Solved => PathEnd::Solved,
            deduku::PathStatus::NoSolution => PathEnd::NoSolution,
            deduku::PathStatus::MultipleSolutions => PathEnd::MultipleSolutions,
            deduku::PathStatus::Stuck => PathEnd::Stuck,
        }
    }
}

/// A path to explain: the position, the techniques allowed, and whether a round of "Reduce"
/// comes first.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct PathRequest {
    /// The position the path starts from (the person's, their removals included).
    pub board: PlainBoard,
    /// The IDs of the techniques the path may use; `None` for the default set.
    pub techniques: Option<Vec<String>>,
    /// Start with one round of [`deduku::reduce_round`], announced by [`Reply::Reduced`].
    pub reduce: bool,
}

impl PathRequest {
    /// The default path from `board`.
    pub fn new(board: PlainBoard) -> PathRequest {
        PathRequest { board, techniques: None, reduce: false }
    }

    /// The techniques the request allows.
    pub fn technique_set(&self) -> deduku::TechniqueSet {
        match &self.techniques {
            None => deduku::TechniqueSet::default_path(),
            Some(ids) => {
                let mut set = deduku::TechniqueSet::default_path();
                for t in deduku::Technique::ALL {
                    set.remove(*t);
                }
                for t in ids.iter().filter_map(|id| deduku::Technique::from_id(id)) {
                    set.insert(t);
                }
                set
            }
        }
    }
}

/// What a new puzzle must be: a level, or a technique to practise.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, Hash, PartialOrd, Ord)]
pub enum PuzzleChoice {
    /// A level by name: easy, medium, hard, unfair, extreme.
    Level(String),
    /// A technique by ID that the path must use (nothing of a higher tier).
    Technique(String),
}

impl PuzzleChoice {
    /// The generator's options for this choice (`None` for an unknown level or technique).
    pub fn options(&self) -> Option<deduku::GenOptions> {
        let target = match self {
            PuzzleChoice::Level(name) => deduku::Target::Level(
                [
                    deduku::Level::Easy,
                    deduku::Level::Medium,
                    deduku::Level::Hard,
                    deduku::Level::Unfair,
                    deduku::Level::Extreme,
                ]
                .into_iter()
                .find(|l| l.name() == name)?,
            ),
            PuzzleChoice::Technique(id) => deduku::Target::Technique {
                technique: deduku::Technique::from_id(id)?,
                only_tier: true,
            },
        };
        Some(deduku::GenOptions { target, max_attempts: GEN_ATTEMPTS, ..Default::default() })
    }

    /// In words: "medium", "practise X-Wing".
    pub fn label(&self) -> String {
        match self {
            PuzzleChoice::Level(name) => name.clone(),
            PuzzleChoice::Technique(id) => format!(
                "practise {}",
                deduku::Technique::from_id(id).map(|t| t.name()).unwrap_or(id.as_str())
            ),
        }
    }
}

/// The page's attempt budget for one new puzzle.
pub const GEN_ATTEMPTS: u32 = 3000;

/// What the page asks the worker.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub enum Job {
    /// Parse a pasted or imported text (any format the library reads).
    Parse(String),
    /// Count the solutions of a position (two at most).
    Analyze(PlainBoard),
    /// Explain a position step by step, with progress after every step.
    Path(PathRequest),
    /// Every instance of one technique (by ID) on a position ("Find all").
    FindAll {
        /// The position.
        board: PlainBoard,
        /// The technique's ID.
        technique: String,
    },
    /// Make a new puzzle (in slices, with progress; cancellable). A `background` request runs
    /// only while no path or foreground request is waiting (the page's pool of ready puzzles).
    Generate {
        /// What the puzzle must be.
        choice: PuzzleChoice,
        /// The generator's seed.
        seed: u64,
        /// Fill the pool while idle rather than answer the person now.
        background: bool,
    },
    /// A drill of a technique (by ID): served at once when the worker has one ready for it,
    /// else made in slices (cancellable); either way the worker then makes the next one for
    /// that technique in idle time.
    Drill {
        /// The technique's ID.
        technique: String,
        /// The generator's seed.
        seed: u64,
    },
    /// The drill of a technique (by ID) that a puzzle gives (answered at once: one walk, no
    /// search): a drill kept across a reload is made again from its technique and puzzle.
    DrillFrom {
        /// The technique's ID.
        technique: String,
        /// The puzzle's givens (81 characters, `.` or `0` for empty).
        puzzle: String,
    },
    /// Make a drill ready, in idle time, for each of these techniques (by ID) that has none.
    /// The drills the page kept ready from the last visit come back at once (made again from
    /// their puzzles, no search). Each drill made ready later is reported with this request's
    /// id ([`Reply::DrillReady`]), so the page can keep it.
    PrepareDrills {
        /// The techniques' IDs.
        techniques: Vec<String>,
        /// The generator's seed.
        seed: u64,
        /// Drills kept ready from the last visit: technique ID and puzzle (givens, 81
        /// characters). One that gives no drill is skipped.
        ready: Vec<(String, String)>,
    },
    /// Grade a person's answer on a drill (answered at once).
    Grade(Box<GradeRequest>),
    /// Stop the path or generate job with the given id, if it is still running.
    Cancel(u64),
    /// Answered at once with [`Reply::Pong`] (between two slices of any long job): the page's
    /// watchdog ([`crate::client`]) hears from a live worker within milliseconds.
    Ping,
    /// For the end-to-end tests only: the worker dies when a path is about to send its step
    /// with index `at` or a later one (0: its first step), as a bug in a finder would make it.
    /// The page sends it only when its address asks for it (`?faults`, see
    /// `hooks::use_worker`); the page then replaces the worker ([`crate::client`]).
    Fault {
        /// The step index.
        at: u32,
        /// How the worker dies.
        kind: FaultKind,
    },
}

/// How a test fault ([`Job::Fault`]) makes the worker die.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum FaultKind {
    /// A Rust panic (the panic hook reports it).
    Panic,
    /// A wasm trap without a panic (as a stack overflow or a failed allocation would end it):
    /// no panic hook runs, only the worker's listeners for uncaught errors.
    Trap,
    /// An endless loop: the worker never answers again and reports nothing; only the page's
    /// watchdog notices.
    Hang,
}

/// A request with the page's id.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Request {
    /// Chosen by the page; repeated in every response to this request.
    pub id: u64,
    /// What to do.
    pub job: Job,
}

/// What the worker answers.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub enum Reply {
    /// The parsed position.
    Parsed(PlainBoard),
    /// The text is not a puzzle: the parser's message (what and where).
    ParseFailed(String),
    /// The verdict on a position.
    Analyzed(Verdict),
    /// One more step of the path, with the position after it.
    Step {
        /// 0-based index of the step in the path.
        index: u32,
        /// The step.
        step: Box<PlainStep>,
        /// The position after the step.
        after: PlainBoard,
    },
    /// The path is complete.
    PathDone {
        /// How it ended.
        end: PathEnd,
        /// Its difficulty.
        rating: PlainRating,
    },
    /// The path job stopped early because it was cancelled or replaced.
    Cancelled,
    /// Sent first by a path with `reduce`: how many of its first steps are the Reduce round.
    Reduced(u32),
    /// The instances found by [`Job::FindAll`] (at most [`FIND_ALL_MAX`]).
    Found(Vec<PlainStep>),
    /// A generate job is working: attempts so far.
    GenProgress(u32),
    /// The new puzzle.
    Generated(GeneratedPuzzle),
    /// No puzzle came out (the message says why: "not found within 3000 attempts").
    GenFailed(String),
    /// The answer to [`Job::Ping`]: the worker is alive.
    Pong,
    /// The drill asked for by [`Job::Drill`].
    Drill(Box<PlainDrill>),
    /// No drill came out (the message says why).
    DrillFailed(String),
    /// The grade asked for by [`Job::Grade`].
    Graded(Box<PlainGrade>),
    /// A drill made ready in idle time ([`Job::PrepareDrills`]): its technique and puzzle
    /// (givens), for the page to keep across a reload.
    DrillReady {
        /// The technique's ID.
        technique: String,
        /// The puzzle's givens, 81 characters.
        puzzle: String,
    },
}

/// A generated puzzle as plain data.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct GeneratedPuzzle {
    /// What was asked for.
    pub choice: PuzzleChoice,
    /// The givens, 81 characters, `.` for empty.
    pub line: String,
    /// Its rating (that of the path from its givens).
    pub rating: PlainRating,
    /// Attempts it took.
    pub attempts: u32,
}

/// The most instances [`Job::FindAll`] returns.
pub const FIND_ALL_MAX: usize = 200;

/// A reply with the id of the request it answers.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Response {
    /// The request's id.
    pub id: u64,
    /// The answer.
    pub reply: Reply,
}

#[cfg(test)]
mod tests {
    use super::*;
    use deduku::Digit;

    #[test]
    fn board_round_trips_through_plain_data() {
        let mut b = Board::empty();
        b.place_given(Cell::at(0, 0), Digit::new(5).unwrap());
        b.place(Cell::at(4, 4), Digit::new(7).unwrap());
        b.eliminate(Cell::at(8, 8), Digit::new(3).unwrap());
        let mut user = [false; 81];
        user[40] = true;
        let p = PlainBoard::from_board_with_user(&b, &user);
        assert_eq!(p.origin(0), CellOrigin::Given);
        assert_eq!(p.origin(40), CellOrigin::User);
        assert_eq!(p.cand_mask(80) & (1 << 2), 0);
        assert_eq!(p.to_board(), b);
        assert_eq!(PlainBoard::from_board_with_user(&p.to_board(), &p.user_cells()), p);
    }

    #[test]
    fn steps_carry_plain_words_and_the_techniques_description() {
        let board = deduku::parse(
            "530070000600195000098000060800060003400803001700020006060000280000419005000080079",
        )
        .unwrap();
        for step in deduku::solve_path(&board).steps {
            let p = PlainStep::from_step(&step);
            assert!(!p.explanation.is_empty() && p.explanation != p.text, "{}", p.text);
            assert_eq!(p.about, step.technique.description());
        }
    }

    #[test]
    fn malformed_plain_board_does_not_panic() {
        let p = PlainBoard { values: vec![12, 3], origins: vec![], cands: vec![0xffff] };
        let b = p.to_board();
        assert_eq!(b.value(Cell::at(0, 1)), Digit::new(3));
        assert_eq!(b.value(Cell::at(0, 0)), None);
    }
}
