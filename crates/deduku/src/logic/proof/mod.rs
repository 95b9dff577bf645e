//! A forcing step's derivation as data: [`Proof`], a numbered list of implications, each with
//! its premises (earlier lines), its conclusion (a [`Fact`]) and its [`Reason`], and how it
//! ends ([`Ending`]: a contradiction between some lines, or, for a verity, every branch
//! reaching the same fact). The forcing finders build it (`forcing/net.rs`,
//! `Net::prove`) for the steps they push, keeping only the lines the ending depends on; the
//! text of [`Step::explain`](crate::Step::explain) is rendered from it, and the page or the CLI
//! can draw each line from [`Line::candidates`].
//!
//! Every reason can be checked against the candidate grid of the step alone
//! (`tests/it/proofs.rs` does so for every forcing step of the corpora's paths): a line's
//! premises are earlier lines of its branch, and its reason names the cell, house or pattern
//! that makes the conclusion follow from them.

use crate::grid::{Candidate, Cell, CellSet, Digit, DigitSet, House};
use std::fmt;

mod minimize;

/// A literal of a proof: a digit in a cell is (`on`) or is not the cell's value.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Fact {
    /// The digit in its cell.
    pub candidate: Candidate,
    /// Whether the digit is the cell's value (`true`) or ruled out of it.
    pub on: bool,
}

impl Fact {
    /// The fact that `candidate` is (`on`) or is not the cell's value.
    pub const fn new(candidate: Candidate, on: bool) -> Fact {
        Fact { candidate, on }
    }

    /// The opposite fact.
    pub const fn negated(self) -> Fact {
        Fact { candidate: self.candidate, on: !self.on }
    }
}

impl fmt::Display for Fact {
    /// `r3c7 is 5` or `r3c7 is not 5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let k = self.candidate;
        if self.on {
            write!(f, "{} is {}", k.cell, k.digit)
        } else {
            write!(f, "{} is not {}", k.cell, k.digit)
        }
    }
}

/// A basic pattern found on the grid as an assumption leaves it (dynamic and nested nets).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Pattern {
    /// `cells` (as many as `digits`) of `house` hold only `digits` between them: the digits go
    /// from the house's other cells.
    NakedSubset {
        /// The house the cells share (the one whose other cells lose the digits).
        house: House,
        /// The subset's cells.
        cells: CellSet,
        /// Their digits.
        digits: DigitSet,
    },
    /// `digits` have no place in `house` outside `cells` (as many cells as digits): the cells'
    /// other digits go.
    HiddenSubset {
        /// The house.
        house: House,
        /// The cells.
        cells: CellSet,
        /// The digits confined to them.
        digits: DigitSet,
    },
    /// `digit`'s places in the `base` houses all lie in the `cover` houses (as many): it goes
    /// from the covers' other cells (X-Wing, Swordfish).
    Fish {
        /// The digit.
        digit: Digit,
        /// The base houses.
        base: Vec<House>,
        /// The cover houses.
        cover: Vec<House>,
    },
}

/// Why a line of a proof holds, given its premises.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Reason {
    /// The start of a branch: a candidate assumed true (no premises).
    Assumption,
    /// A line of the enclosing proof, taken over into a sub-proof (the index of that line).
    Outer(usize),
    /// The premise puts another digit in the same cell.
    SameCell,
    /// The premise puts the same digit in another cell of this house.
    SameHouse(House),
    /// Every other candidate of the cell is ruled out by the premises: the only candidate left.
    NakedSingle(Cell),
    /// Every other place of the digit in this house is ruled out by the premises.
    HiddenSingle(House),
    /// The premises leave the digit, in `house`, only inside `crossing`: so the digit goes
    /// from the rest of `crossing` (locked candidates).
    LockedCandidates {
        /// The house whose places are confined.
        house: House,
        /// The house crossing it, which loses the digit elsewhere.
        crossing: House,
    },
    /// A basic pattern on the grid the premises leave (subsets, X-Wing, Swordfish).
    Pattern(Pattern),
    /// A forcing net inside the assumption: assuming the opposite of this line's fact, on the
    /// grid the premises leave, leads to a contradiction. The sub-proof starts from
    /// [`Reason::Outer`] lines (the premises), then assumes the opposite.
    Forcing(Box<Proof>),
}

/// One implication of a proof.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Line {
    /// What it concludes.
    pub fact: Fact,
    /// The earlier lines (indices into [`Proof::lines`]) it rests on.
    pub premises: Vec<usize>,
    /// Why the fact follows from them.
    pub reason: Reason,
    /// The branch it belongs to: always 0 for a contradiction, the choice's number (0-based)
    /// for a verity. Premises are lines of the same branch.
    pub branch: usize,
}

/// What went wrong at the end of a contradiction.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Clash {
    /// One line says the candidate is true, another that it is not.
    TrueAndFalse(Candidate),
    /// Two lines put different digits in the cell.
    TwoDigits(Cell),
    /// Two lines put the digit in two cells of the house.
    Twice(House, Digit),
    /// The lines rule out every candidate of the cell.
    NoCandidate(Cell),
    /// The lines rule out every place of the digit in the house.
    NoPlace(House, Digit),
    /// The lines leave the digit's places in the `base` lines (rows, or columns) all inside
    /// the `cover` lines of the other kind, fewer than the bases: each base needs the digit
    /// once and each cover takes it once, so there is no room (a kraken fish's end).
    Fish {
        /// The digit.
        digit: Digit,
        /// The base lines.
        base: Vec<House>,
        /// The cover lines, fewer than the bases.
        cover: Vec<House>,
    },
}

/// How a proof ends.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Ending {
    /// The lines (indices) that together are impossible, and how: the assumption is wrong.
    Contradiction {
        /// What is impossible.
        clash: Clash,
        /// The lines that show it.
        lines: Vec<usize>,
    },
    /// Every branch reaches `fact`: `lines` holds, per branch, the line that concludes it.
    Verity {
        /// The common conclusion.
        fact: Fact,
        /// One line per branch.
        lines: Vec<usize>,
    },
}

/// A forcing step's derivation: numbered lines and how they end.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Proof {
    /// The implications in order; each line's premises come before it.
    pub lines: Vec<Line>,
    /// How they end.
    pub ending: Ending,
}

impl Proof {
    /// The lines in order.
    pub fn lines(&self) -> &[Line] {
        &self.lines
    }

    /// Whether line `i` is one the ending names (meets in the contradiction, or concludes a
    /// branch of a verity).
    pub fn ends_at(&self, i: usize) -> bool {
        match &self.ending {
            Ending::Contradiction { lines, .. } | Ending::Verity { lines, .. } => {
                lines.contains(&i)
            }
        }
    }

    /// The number of branches (1 for a contradiction).
    pub fn branches(&self) -> usize {
        self.lines.iter().map(|l| l.branch + 1).max().unwrap_or(0)
    }

    /// Line `i` in words, without its number: `r3c7 is 5 → r3c2 is not 5 (same row 3; line
    /// 1)`. Line numbers in the text are 1-based, prefixed by `prefix` (`"3."` for a
    /// sub-proof of line 3), as [`Proof::render`] numbers them.
    pub fn line_text(&self, i: usize, prefix: &str) -> String {
        let line = &self.lines[i];
        let facts: Vec<Fact> = line.premises.iter().map(|&p| self.lines[p].fact).collect();
        let mut sorted = line.premises.clone();
        sorted.sort_unstable();
        let nums: Vec<String> = sorted.iter().map(|&p| format!("{prefix}{}", p + 1)).collect();
        let from = match nums.len() {
            0 => String::new(),
            1 => format!("; line {}", nums[0]),
            _ => format!("; lines {}", nums.join(", ")),
        };
        let fact = line.fact;
        let k = fact.candidate;
        match &line.reason {
            Reason::Assumption => format!("Assume {fact}."),
            Reason::Outer(j) => format!("{fact} (line {})", j + 1),
            Reason::SameCell => {
                format!("{} → {fact} (same cell{from})", premise_words(&facts))
            }
            Reason::SameHouse(h) => {
                format!("{} → {fact} (same {h}{from})", premise_words(&facts))
            }
            Reason::NakedSingle(c) => {
                format!("{} → {fact} (the only candidate left in {c}{from})", premise_words(&facts))
            }
            Reason::HiddenSingle(h) => format!(
                "{} → {fact} (the only place left for {} in {h}{from})",
                premise_words(&facts),
                k.digit
            ),
            Reason::LockedCandidates { house, crossing } => {
                let before = if facts.is_empty() {
                    String::new()
                } else {
                    format!("{} → ", premise_words(&facts))
                };
                format!(
                    "{before}{fact} ({} in {house} can only be where it meets {crossing}, so \
                     not elsewhere in {crossing}{from})",
                    k.digit
                )
            }
            Reason::Pattern(p) => {
                format!("{fact} (inside the assumption, {}{from})", pattern_words(p))
            }
            Reason::Forcing(sub) => {
                let assumed = sub
                    .lines
                    .iter()
                    .find(|l| l.reason == Reason::Assumption)
                    .map_or(String::new(), |l| l.fact.to_string());
                let clash = match &sub.ending {
                    Ending::Contradiction { clash, .. } => clash_words(clash),
                    Ending::Verity { .. } => String::new(),
                };
                format!(
                    "{fact} (inside the assumption, assuming {assumed} leads to a contradiction, \
                     {clash}: lines {i1}.1–{i1}.{n}{from})",
                    i1 = format!("{prefix}{}", i + 1),
                    n = sub.lines.len()
                )
            }
        }
    }

    /// The ending in words: `Lines 7 and 12 are a contradiction: r5c7 would be both 5 and not
    /// 5.`
    pub fn ending_text(&self, prefix: &str) -> String {
        match &self.ending {
            Ending::Contradiction { clash, lines } => {
                let mut lines = lines.clone();
                lines.sort_unstable();
                let nums: Vec<String> =
                    lines.iter().map(|&l| format!("{prefix}{}", l + 1)).collect();
                format!("Lines {} are a contradiction: {}.", list(&nums), clash_words(clash))
            }
            Ending::Verity { fact, lines } => {
                let nums: Vec<String> =
                    lines.iter().map(|&l| format!("{prefix}{}", l + 1)).collect();
                format!("Every choice ends in the same fact, {fact} (lines {}).", list(&nums))
            }
        }
    }

    /// The numbered lines, one string each (`"3. r3c7 is 5 → …"`), sub-proofs of inner forcing
    /// nets right after their line, numbered `3.1`, `3.2`, …, and the ending last.
    pub fn render(&self) -> Vec<String> {
        self.flatten()
            .into_iter()
            .map(|l| if l.label.is_empty() { l.text } else { format!("{}. {}", l.label, l.text) })
            .collect()
    }
}

/// One entry of a proof listed flat ([`Proof::flatten`]): a numbered line, a "Choice k"
/// heading before a verity's branch, or an ending.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct FlatLine {
    /// The number the text cites it by (`3`, `3.2` inside line 3's inner net); empty for a
    /// heading or an ending.
    pub label: String,
    /// The entry in words, without its number.
    pub text: String,
    /// What to draw: the fact's candidate first, then a pattern's candidates (none for a
    /// heading or an ending).
    pub candidates: Vec<Candidate>,
    /// The fact (none for a heading or an ending).
    pub fact: Option<Fact>,
    /// The entries it rests on (indices into the flat list).
    pub premises: Vec<usize>,
    /// Whether its proof's ending names it: a line of the contradiction, or a branch's
    /// conclusion.
    pub ends: bool,
    /// 0 for the proof's own entries, 1 inside an inner net, and so on.
    pub depth: u8,
}

impl Proof {
    /// Every line of the proof in reading order, each inner net's lines right after the line
    /// they prove, a heading before each branch of a verity and each proof's ending after its
    /// lines: the list [`Proof::render`] prints, as data, for the page's proof player and
    /// `explain --json`.
    pub fn flatten(&self) -> Vec<FlatLine> {
        let mut out = Vec::new();
        self.flatten_into("", 0, &mut out);
        out
    }

    fn flatten_into(&self, prefix: &str, depth: u8, out: &mut Vec<FlatLine>) {
        let heading = |text: String| FlatLine {
            label: String::new(),
            text,
            candidates: Vec::new(),
            fact: None,
            premises: Vec::new(),
            ends: false,
            depth,
        };
        // Where each of this proof's lines lands in `out`.
        let mut at: Vec<usize> = Vec::with_capacity(self.lines.len());
        let many = self.branches() > 1;
        let mut branch = usize::MAX;
        for (i, line) in self.lines.iter().enumerate() {
            if many && line.branch != branch {
                branch = line.branch;
                out.push(heading(format!("Choice {}:", branch + 1)));
            }
            at.push(out.len());
            out.push(FlatLine {
                label: format!("{prefix}{}", i + 1),
                text: self.line_text(i, prefix),
                candidates: line.candidates(),
                fact: Some(line.fact),
                premises: line.premises.iter().filter_map(|&p| at.get(p).copied()).collect(),
                ends: self.ends_at(i),
                depth,
            });
            if let Reason::Forcing(sub) = &line.reason {
                sub.flatten_into(&format!("{prefix}{}.", i + 1), depth.saturating_add(1), out);
            }
        }
        out.push(heading(self.ending_text(prefix)));
    }
}

impl Line {
    /// The candidates to draw for this line: its fact's candidate, and for a pattern the
    /// pattern's candidates (cells × digits, whether or not still on the grid).
    pub fn candidates(&self) -> Vec<Candidate> {
        let mut out = vec![self.fact.candidate];
        if let Reason::Pattern(p) = &self.reason {
            match p {
                Pattern::NakedSubset { cells, digits, .. }
                | Pattern::HiddenSubset { cells, digits, .. } => {
                    for c in cells.iter() {
                        out.extend(digits.iter().map(|d| Candidate::new(c, d)));
                    }
                }
                Pattern::Fish { .. } => {}
            }
        }
        out
    }
}

/// `a`, `a and b`, `a, b and c`.
fn list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [a] => a.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// The premises of a line in short: `r5c7 is 5`, `r5c7 is not 1, 3 or 4`, `2 is not in r5c1 or
/// r5c4`, else the facts listed.
fn premise_words(facts: &[Fact]) -> String {
    let or = |v: Vec<String>| match v.as_slice() {
        [] => String::new(),
        [a] => a.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    };
    match facts {
        [] => String::new(),
        [f] => f.to_string(),
        [first, ..] if facts.iter().all(|f| !f.on) => {
            let k = first.candidate;
            if facts.iter().all(|f| f.candidate.cell == k.cell) {
                let ds = facts.iter().map(|f| f.candidate.digit.to_string()).collect();
                format!("{} is not {}", k.cell, or(ds))
            } else if facts.iter().all(|f| f.candidate.digit == k.digit) {
                let cs = facts.iter().map(|f| f.candidate.cell.to_string()).collect();
                format!("{} is not in {}", k.digit, or(cs))
            } else {
                list(&facts.iter().map(|f| f.to_string()).collect::<Vec<_>>())
            }
        }
        _ => list(&facts.iter().map(|f| f.to_string()).collect::<Vec<_>>()),
    }
}

fn pattern_words(p: &Pattern) -> String {
    let cells = |cs: &CellSet| list(&cs.iter().map(|c| c.to_string()).collect::<Vec<_>>());
    let digits = |ds: &DigitSet| list(&ds.iter().map(|d| d.to_string()).collect::<Vec<_>>());
    let size = |n: u32| match n {
        2 => "pair",
        3 => "triple",
        _ => "quad",
    };
    let houses = |hs: &[House]| list(&hs.iter().map(|h| h.to_string()).collect::<Vec<_>>());
    match p {
        Pattern::NakedSubset { house, cells: cs, digits: ds } => {
            format!("{} form a naked {} of {} in {house}", cells(cs), size(cs.len()), digits(ds))
        }
        Pattern::HiddenSubset { house, cells: cs, digits: ds } => format!(
            "{} can only go in {} in {house} (a hidden {})",
            digits(ds),
            cells(cs),
            size(cs.len())
        ),
        Pattern::Fish { digit, base, cover } => format!(
            "{digit} in {} lies only in {} (a{})",
            houses(base),
            houses(cover),
            if base.len() == 2 { "n X-Wing" } else { " Swordfish" }
        ),
    }
}

fn clash_words(c: &Clash) -> String {
    let houses = |hs: &[House]| list(&hs.iter().map(|h| h.to_string()).collect::<Vec<_>>());
    match c {
        Clash::TrueAndFalse(k) => {
            format!("{} would be both {} and not {}", k.cell, k.digit, k.digit)
        }
        Clash::TwoDigits(c) => format!("{c} would hold two digits"),
        Clash::Twice(h, d) => format!("{d} would be twice in {h}"),
        Clash::NoCandidate(c) => format!("{c} would have no candidate left"),
        Clash::NoPlace(h, d) => format!("{d} would have no place left in {h}"),
        Clash::Fish { digit, base, cover } => format!(
            "{digit} would have to go once in each of {} but could only go in {}",
            houses(base),
            houses(cover)
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn k(r: usize, c: usize, d: u8) -> Candidate {
        Candidate::new(Cell::at(r, c), Digit::new(d).unwrap())
    }

    /// A small proof in words: each line names its premises, reason and line numbers, and the
    /// ending names the lines that clash (only the words are tested here: the lines need not
    /// hold on a grid; `tests/it/proofs.rs` checks real proofs).
    #[test]
    fn a_proof_renders_as_numbered_lines() {
        let line = |fact, premises: Vec<usize>, reason| Line { fact, premises, reason, branch: 0 };
        let p = Proof {
            lines: vec![
                line(Fact::new(k(0, 0, 5), true), vec![], Reason::Assumption),
                line(Fact::new(k(0, 3, 5), false), vec![0], Reason::SameHouse(House::row(0))),
                line(Fact::new(k(1, 3, 5), true), vec![1], Reason::HiddenSingle(House::col(3))),
                line(Fact::new(k(1, 3, 5), false), vec![0], Reason::SameHouse(House::boxx(0))),
            ],
            ending: Ending::Contradiction {
                clash: Clash::TrueAndFalse(k(1, 3, 5)),
                lines: vec![2, 3],
            },
        };
        assert_eq!(
            p.render(),
            [
                "1. Assume r1c1 is 5.",
                "2. r1c1 is 5 → r1c4 is not 5 (same row 1; line 1)",
                "3. r1c4 is not 5 → r2c4 is 5 (the only place left for 5 in column 4; line 2)",
                "4. r1c1 is 5 → r2c4 is not 5 (same box 1; line 1)",
                "Lines 3 and 4 are a contradiction: r2c4 would be both 5 and not 5.",
            ]
        );
        assert!(p.ends_at(3) && !p.ends_at(1));
        assert_eq!(p.branches(), 1);
        assert_eq!(
            premise_words(&[Fact::new(k(4, 6, 1), false), Fact::new(k(4, 6, 3), false)]),
            "r5c7 is not 1 or 3"
        );
    }
}
