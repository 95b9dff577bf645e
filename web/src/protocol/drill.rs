//! The messages of the Learn place: a drill made by the worker ([`PlainDrill`]), a person's
//! answer to grade ([`GradeRequest`]) and the grade ([`PlainGrade`]). The library's
//! [`deduku::drill`] types are converted here, once.

use super::{PlainBoard, PlainCand, PlainStep};
use deduku::drill::{Answer, Drill, Finding, Grade, Key};
use deduku::{Candidate, Cell, Digit, Technique};
use serde::{Deserialize, Serialize};

/// A drill as plain data: the position just before the path's first step of the technique.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, Hash)]
pub struct PlainDrill {
    /// The technique's ID.
    pub technique: String,
    /// The puzzle it comes from (givens, 81 characters, `.` for empty).
    pub puzzle: String,
    /// The position: givens, the path's digits so far, its eliminations so far.
    pub position: PlainBoard,
    /// The puzzle's solution (81 digits).
    pub solution: Vec<u8>,
    /// The path's step of the technique on the position (the worked example).
    pub step: PlainStep,
    /// What every instance of the technique proves there, in the notation (the answer key).
    pub key: String,
}

impl PlainDrill {
    /// Converts a library drill.
    pub fn from_drill(d: &Drill) -> PlainDrill {
        PlainDrill {
            technique: d.technique.id().to_string(),
            puzzle: deduku::format::to_line(&d.puzzle),
            position: PlainBoard::from_board(&d.position),
            solution: d.solution.to_vec(),
            step: PlainStep::from_step(&d.step),
            key: d.key().text(),
        }
    }
}

/// A person's answer on a drill position, with what the worker needs to grade it (the worker
/// keeps no drill: the page sends it back).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, Hash)]
pub struct GradeRequest {
    /// The technique's ID.
    pub technique: String,
    /// The drill's position.
    pub position: PlainBoard,
    /// The puzzle's solution (81 digits).
    pub solution: Vec<u8>,
    /// Candidates struck.
    pub struck: Vec<PlainCand>,
    /// Digits placed.
    pub placed: Vec<PlainCand>,
}

/// What kind of finding a line of a grade is ([`deduku::drill::Finding`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize, Hash)]
pub enum FindingKind {
    /// Everything the technique proves was found.
    AllFound,
    /// Some of it was not ("2 of 3 eliminations").
    SomeFound,
    /// A strike or placement no instance of the technique proves.
    NotProven,
    /// A strike of the solution's digit, or a placement of another digit.
    AgainstSolution,
}

/// One finding: its kind, its sentence and the candidate it is about (none for the tally).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, Hash)]
pub struct PlainFinding {
    /// Which case.
    pub kind: FindingKind,
    /// One sentence ("Some found: 2 of 3 eliminations.").
    pub text: String,
    /// The candidate struck or placed, for a mistake.
    pub candidate: Option<PlainCand>,
}

/// The grade of an answer, with the pattern to show after it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize, Hash)]
pub struct PlainGrade {
    /// Mistakes first, then the tally (always last).
    pub findings: Vec<PlainFinding>,
    /// Everything found and no mistake.
    pub correct: bool,
    /// The answer key in the notation.
    pub key: String,
    /// Every instance of the technique on the position (the first is drawn after the grade).
    pub instances: Vec<PlainStep>,
}

impl GradeRequest {
    /// The library's answer (candidates out of range are left out).
    pub fn answer(&self) -> Answer {
        let cand = |c: &PlainCand| {
            let d = Digit::new(c.digit)?;
            (c.cell < 81).then(|| Candidate::new(Cell::from_index(c.cell as usize), d))
        };
        Answer {
            struck: self.struck.iter().filter_map(cand).collect(),
            placed: self.placed.iter().filter_map(cand).collect(),
        }
    }

    /// Grades the answer (an unknown technique or a malformed solution grades as nothing
    /// found: every strike is then "not proven").
    pub fn grade(&self) -> PlainGrade {
        let position = self.position.to_board();
        let mut solution = [0u8; 81];
        for (s, v) in solution.iter_mut().zip(&self.solution) {
            *s = *v;
        }
        let technique = Technique::from_id(&self.technique).unwrap_or(Technique::FullHouse);
        let grade = deduku::drill::grade(&position, &solution, technique, &self.answer());
        let key = Key::of(&position, technique);
        PlainGrade::from_grade(&grade, &key)
    }
}

impl PlainGrade {
    /// Converts a library grade and its key.
    pub fn from_grade(grade: &Grade, key: &Key) -> PlainGrade {
        let findings = grade
            .findings
            .iter()
            .map(|f| {
                let (kind, candidate) = match f {
                    Finding::AllFound(_) => (FindingKind::AllFound, None),
                    Finding::SomeFound(_) => (FindingKind::SomeFound, None),
                    Finding::NotProven { candidate, .. } => {
                        (FindingKind::NotProven, Some(*candidate))
                    }
                    Finding::AgainstSolution { candidate, .. } => {
                        (FindingKind::AgainstSolution, Some(*candidate))
                    }
                };
                PlainFinding {
                    kind,
                    text: f.to_string(),
                    candidate: candidate.map(PlainCand::from),
                }
            })
            .collect();
        PlainGrade {
            findings,
            correct: grade.is_correct(),
            key: key.text(),
            instances: key.instances.iter().map(PlainStep::from_step).collect(),
        }
    }

    /// The findings' sentences joined (what the page says after Check).
    pub fn sentence(&self) -> String {
        self.findings.iter().map(|f| f.text.as_str()).collect::<Vec<_>>().join(" ")
    }
}
