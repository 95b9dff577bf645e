//! The JSON schema of the CLI, in one place.
//!
//! A step: `{"technique": "<id>", "placements": [[row, col, digit], …],
//! "eliminations": [[row, col, digit], …], "text": "…"}` with 1-based rows, columns and digits.
//! A path (`explain --json`): `{"puzzle": "<81>", "status": "solved", "solution": "<81>" | null,
//! "rating": {"se": 7.2, "ep": 1.2, "ed": 1.2, "level": "unfair", "hardest": "<id>" | null,
//! "score": 1234},
//! "steps": [step, …]}`, where each step also has `"explanation"` (the step in plain words,
//! `Step::explain`) and `"about"` (what the technique is, `Technique::description`), and a
//! forcing step `"proof"`: `[{"label": "3", "text": "…", "fact": {"candidate": [r, c, d],
//! "is": true}, "premises": [index, …], "ends": false, "depth": 0}, …]`; `steps` leaves those
//! out.

use deduku::format::{to_digits, to_line};
use deduku::{Candidate, Path, PathStatus, Rating, Step};
use serde::Serialize;

/// One candidate as `[row, col, digit]`, all 1-based.
pub type CandidateJson = [u8; 3];

/// One step.
#[derive(Serialize, Debug)]
pub struct StepJson {
    /// The technique's stable ID.
    pub technique: &'static str,
    /// Digits placed.
    pub placements: Vec<CandidateJson>,
    /// Candidates removed.
    pub eliminations: Vec<CandidateJson>,
    /// The step's text in the catalogue notation.
    pub text: String,
    /// The step in plain words ([`Step::explain`]); `explain --json` only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub explanation: Option<String>,
    /// What the technique is ([`deduku::Technique::description`]); `explain --json` only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub about: Option<&'static str>,
    /// A forcing step's proof, as a flat list ([`deduku::logic::Proof::flatten`]);
    /// `explain --json` only, and only for the steps that have one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub proof: Option<Vec<ProofLineJson>>,
}

/// One entry of a forcing step's proof: a numbered line (`label` `"3"`, or `"3.2"` inside
/// line 3's inner net), a `"Choice k:"` heading before a verity's branch, or a proof's ending
/// (those two have an empty `label` and no `fact`).
#[derive(Serialize, Debug)]
pub struct ProofLineJson {
    /// The number the text cites the line by; empty for a heading or an ending.
    pub label: String,
    /// The line in words, without its number.
    pub text: String,
    /// What the line concludes: `[row, col, digit]` is (`"is": true`) or is not the cell's
    /// value.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fact: Option<FactJson>,
    /// The lines it rests on, as indices into this list.
    pub premises: Vec<usize>,
    /// Whether the proof's ending names it (a line of the contradiction, a branch's end).
    pub ends: bool,
    /// 0 for the step's own proof, 1 inside an inner net, and so on.
    pub depth: u8,
}

/// A proof's fact: a candidate and whether it is the cell's value.
#[derive(Serialize, Debug)]
pub struct FactJson {
    /// `[row, col, digit]`, 1-based.
    pub candidate: CandidateJson,
    /// Whether the digit is the cell's value (else it is ruled out).
    pub is: bool,
}

/// A rating.
#[derive(Serialize, Debug)]
pub struct RatingJson {
    /// Sudoku Explainer's ER: the hardest step of SE's walk.
    pub se: f32,
    /// Sudoku Explainer's EP: the hardest step up to the first placement.
    pub ep: f32,
    /// Sudoku Explainer's ED: the first step.
    pub ed: f32,
    /// Deduku's level, from the path shown: `easy`, `medium`, `hard`, `unfair` or `extreme`.
    pub level: &'static str,
    /// The hardest step's technique ID (none for an empty path).
    pub hardest: Option<&'static str>,
    /// Sum of the HoDoKu-style step scores.
    pub score: u32,
}

/// A whole solve path.
#[derive(Serialize, Debug)]
pub struct PathJson {
    /// The puzzle, 81 characters, `.` for empty.
    pub puzzle: String,
    /// `solved`, `no-solution`, `multiple-solutions` or `stuck`.
    pub status: &'static str,
    /// The unique solution, 81 digits, when there is one.
    pub solution: Option<String>,
    /// The path's difficulty.
    pub rating: RatingJson,
    /// The steps in order.
    pub steps: Vec<StepJson>,
}

/// `[row, col, digit]`, 1-based.
pub fn candidate(c: &Candidate) -> CandidateJson {
    // Rows and columns are 0–8 and digits 1–9, so the narrowing casts are exact.
    [c.cell.row() as u8 + 1, c.cell.col() as u8 + 1, c.digit.get()]
}

impl StepJson {
    /// The JSON form of a step.
    pub fn new(step: &Step) -> StepJson {
        StepJson {
            technique: step.technique.id(),
            placements: step.placements.iter().map(candidate).collect(),
            eliminations: step.eliminations.iter().map(candidate).collect(),
            text: step.text.clone(),
            explanation: None,
            about: None,
            proof: None,
        }
    }

    /// The JSON form of a step with its explanation in words and its technique's description.
    pub fn explained(step: &Step) -> StepJson {
        StepJson {
            explanation: Some(step.explain()),
            about: Some(step.technique.description()),
            proof: step.proof().map(|p| {
                p.flatten()
                    .into_iter()
                    .map(|l| ProofLineJson {
                        label: l.label,
                        text: l.text,
                        fact: l
                            .fact
                            .map(|f| FactJson { candidate: candidate(&f.candidate), is: f.on }),
                        premises: l.premises,
                        ends: l.ends,
                        depth: l.depth,
                    })
                    .collect()
            }),
            ..StepJson::new(step)
        }
    }
}

impl RatingJson {
    /// The JSON form of a rating.
    pub fn new(r: &Rating) -> RatingJson {
        RatingJson {
            se: r.se,
            ep: r.ep,
            ed: r.ed,
            level: r.level.name(),
            hardest: r.hardest.map(|t| t.id()),
            score: r.score,
        }
    }
}

/// The status word of a path.
pub fn status_name(s: PathStatus) -> &'static str {
    match s {
        PathStatus::Solved => "solved",
        PathStatus::NoSolution => "no-solution",
        PathStatus::MultipleSolutions => "multiple-solutions",
        PathStatus::Stuck => "stuck",
    }
}

impl PathJson {
    /// The JSON form of a path, each step with its explanation and description.
    pub fn new(path: &Path) -> PathJson {
        PathJson {
            puzzle: to_line(&path.puzzle),
            status: status_name(path.status),
            solution: path.solution.as_ref().map(to_digits),
            rating: RatingJson::new(&path.rating),
            steps: path.steps.iter().map(StepJson::explained).collect(),
        }
    }
}

/// Serializes a value on one line. The schema holds only strings, numbers and arrays, which
/// `serde_json` always serializes, so failure is impossible; an empty object is the fallback.
pub fn to_line_json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_else(|_| "{}".to_string())
}
