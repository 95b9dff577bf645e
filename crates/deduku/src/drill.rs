//! Drills: a fresh position on which one technique applies and nothing easier does, and the
//! grading of a person's answer on it against every instance of the technique.
//!
//! # The position
//!
//! [`DrillGenerator`] runs the generator's attempt loop ([`mod@crate::generate`]): a random
//! solution grid ([`random_solution`]), clues dug while the count stays one ([`dig`], with the
//! [`GenOptions`]' symmetry and clue bounds), then the default path ([`PathRun`]) walked step by
//! step. The drill is the candidate grid just before the path's first step of the technique:
//! the path takes the easiest step first, so there no technique of the default path before it
//! applies. Unlike [`Target::Technique`](crate::Target::Technique) it stops there — neither the
//! rest of the path nor the SE rating walk is needed, which makes a drill several times
//! cheaper than a whole puzzle. As with `only_tier`, an attempt whose path would take a step of
//! a higher tier before the technique's first use is dropped: every step up to the drill is one
//! a person at that tier knows. (The walk is given only the techniques up to the technique's
//! tier, so it is stuck, and dropped, where the default path would take a harder step, without
//! searching the harder techniques.)
//!
//! Two techniques of tier 3 are never the default path's first choice: wherever an AIC
//! applies, a discontinuous nice loop does too (from the eliminated candidate: "on" leads to
//! "off" through the same chain), and wherever a WXYZ-wing applies, the nice loops and AICs
//! make its eliminations (a WXYZ-wing is an almost locked set and a restricted common: a
//! grouped chain). For them "nothing easier" means nothing easier but those re-expressions:
//! the walk ranks the technique just before the first technique that pre-empts it
//! ([`ranked_before`], [`walk_order`]: AIC before the discontinuous nice loop, WXYZ-wing
//! before the nice loops, after the X-chain and XY-chain), and the drill is the position just
//! before that walk's first step of it. On it no technique the walk tries before it applies.
//! Tier 4's forcing net verity is treated the same way: a forcing net contradiction (same
//! rating) applies wherever it does, and its walk ranks it before that.
//!
//! Dug grids reach some techniques rarely (an easier technique pre-empts them on most
//! paths). So every second attempt starts instead from one of the technique's puzzles from
//! real corpora ([`known_puzzles`]: givens whose default path uses the technique with nothing
//! of a higher tier before it, written by the `drill_harvest` example), under a random symmetry
//! (digits relabelled, rows and columns permuted within bands and stacks, bands, stacks,
//! transposed: over a billion versions of each). Its path is walked like a dug grid's; the
//! position looks new and has the same logic. A technique's first attempt is always a dug grid.
//!
//! The work is done in pieces: [`DrillGenerator::advance`] takes a stop check polled between
//! attempts and inside the path runner, so the page's worker can pause, cancel and resume.
//! The same technique, options and seed give the same drill, natively and in wasm (the
//! generator's own SplitMix64; no clock, no OS randomness).
//!
//! A technique that neither source reaches within the budget has no drill; the search ends after
//! [`GenOptions::max_attempts`] attempts with [`DrillError::Gen`] ([`GenError::NotFound`]).
//! [`DRILL_TECHNIQUES`] lists the techniques for which drills are offered (the page's list, the
//! CLI's and the tests').
//!
//! # Grading
//!
//! [`grade`] compares an [`Answer`] (candidates struck, digits placed) with the [`Key`]: the
//! union of what every instance of the technique on the position proves ([`find_all`], the
//! page's "Find all"), not only the path's step. The result is a [`Grade`]: a list of
//! [`Finding`]s the page renders without knowing the technique —
//!
//! 1. one [`Finding::AgainstSolution`] per struck candidate that is the solution's digit, and
//!    per placed digit that is not the solution's;
//! 2. one [`Finding::NotProven`] per other strike or placement no instance proves;
//! 3. last, always exactly one tally: [`Finding::AllFound`] when every elimination and
//!    placement of the key is in the answer, else [`Finding::SomeFound`] with the counts.
//!
//! So a mixed answer (say all three eliminations and one stray strike) reads as
//! `[NotProven, AllFound]`: the tally says what was found, the findings before it what was
//! wrong. [`Grade::is_correct`] is true only for `[AllFound]`.
//!
//! What counts as found: an elimination of the key is found when it is struck, or when the
//! answer places a digit of the key that removes it (the same cell, or the same digit in a
//! peer); a placement of the key is found when the digit is placed, or when every other
//! candidate of its cell is struck (a hidden single answered with strikes; a naked single has
//! none to strike, so it must be placed). A strike that a
//! placement of the key implies (another candidate of its cell, or its digit in a peer) is
//! proven, but is not counted in the tally. Strikes of candidates the position does not have,
//! and placements in filled cells, are ignored.

use crate::board::Board;
use crate::generate::{GenError, GenOptions, Rng, dig, random_isomorph, random_solution};
use crate::grid::{Candidate, Cell, Digit, DigitSet};
use crate::logic::{Advance, PathRun, Step, Technique, TechniqueSet, find_all};
use crate::solve::{Outcome, solve};
use std::fmt;

/// The techniques a drill can be made for: every technique of the default path but brute
/// force, less those that neither dug grids nor the puzzles of [`known_puzzles`] reach (none of
/// the corpora's paths uses them first with nothing harder before: the default path takes an
/// easier technique of their tier where they would apply): forcing chain contradiction (a
/// kraken fish applies wherever it does). Dynamic and nested forcing nets come only from known
/// puzzles (forum-hardest ones: wherever they apply on easier corpora, a plain forcing net
/// contradiction does too, and it is easier). AIC, WXYZ-wing and forcing net
/// verity, which the default path never takes first either, are walked with their pre-emptors
/// (re-expressions of the same deduction, not easier ones) ranked after them ([`walk_order`]).
pub const DRILL_TECHNIQUES: &[Technique] = &[
    Technique::FullHouse,
    Technique::HiddenSingle,
    Technique::NakedSingle,
    Technique::LockedCandidatesPointing,
    Technique::LockedCandidatesClaiming,
    Technique::LockedPair,
    Technique::LockedTriple,
    Technique::NakedPair,
    Technique::NakedTriple,
    Technique::HiddenPair,
    Technique::HiddenTriple,
    Technique::NakedQuad,
    Technique::HiddenQuad,
    Technique::XWing,
    Technique::Swordfish,
    Technique::Jellyfish,
    Technique::Skyscraper,
    Technique::TwoStringKite,
    Technique::TurbotFish,
    Technique::EmptyRectangle,
    Technique::XyWing,
    Technique::XyzWing,
    Technique::WWing,
    Technique::RemotePair,
    Technique::SimpleColorsTrap,
    Technique::SimpleColorsWrap,
    Technique::MultiColors,
    Technique::UniqueRectangle1,
    Technique::UniqueRectangle2,
    Technique::UniqueRectangle3,
    Technique::UniqueRectangle4,
    Technique::UniqueRectangle5,
    Technique::UniqueRectangle6,
    Technique::HiddenRectangle,
    Technique::AvoidableRectangle1,
    Technique::AvoidableRectangle2,
    Technique::BugPlus1,
    Technique::FinnedXWing,
    Technique::FinnedSwordfish,
    Technique::FinnedJellyfish,
    Technique::SashimiXWing,
    Technique::SashimiSwordfish,
    Technique::SashimiJellyfish,
    Technique::XChain,
    Technique::XyChain,
    Technique::ContinuousNiceLoop,
    Technique::DiscontinuousNiceLoop,
    Technique::Aic,
    Technique::GroupedContinuousNiceLoop,
    Technique::GroupedDiscontinuousNiceLoop,
    Technique::GroupedAic,
    Technique::WxyzWing,
    Technique::AlignedPairExclusion,
    Technique::SueDeCoq,
    Technique::AlsXz,
    Technique::AlsXyWing,
    Technique::AlsXyChain,
    Technique::DeathBlossom,
    Technique::KrakenFish,
    Technique::ForcingChainVerity,
    Technique::ForcingNetContradiction,
    Technique::ForcingNetVerity,
    Technique::DynamicForcingNet,
    Technique::NestedForcingNet,
];

/// The attempt budget of [`DrillGenerator::new`]: more than the generator's 2,000 (with the
/// known puzzles every technique of [`DRILL_TECHNIQUES`] measured needs one or two, at most 6).
pub const DRILL_ATTEMPTS: u32 = 10_000;

/// Whether the default path can reach `technique` at all: it is on the default path and is not
/// brute force. (Being reachable is not being in [`DRILL_TECHNIQUES`]: see there.)
pub fn is_reachable(technique: Technique) -> bool {
    technique.default_enabled() && technique != Technique::BruteForce
}

/// A drill: the position and what is needed to grade answers on it.
#[derive(Clone, PartialEq, Debug)]
pub struct Drill {
    /// The technique drilled.
    pub technique: Technique,
    /// The puzzle the position comes from (givens only).
    pub puzzle: Board,
    /// The position: the candidate grid just before the path's first step of the technique
    /// (givens, the path's placed digits and its eliminations so far).
    pub position: Board,
    /// The puzzle's one solution.
    pub solution: [u8; 81],
    /// The path's step of the technique on the position (one of [`Drill::instances`]).
    pub step: Step,
    /// Steps of the path before the position.
    pub steps_before: usize,
    /// Attempts it took (1 = the first grid dug).
    pub attempts: u32,
}

impl Drill {
    /// Every instance of the technique on the position ("Find all"), not applied.
    pub fn instances(&self) -> Vec<Step> {
        find_all(&self.position, self.technique)
    }

    /// What the technique proves on the position: the answer key.
    pub fn key(&self) -> Key {
        Key::of(&self.position, self.technique)
    }

    /// Grades `answer` on the position (see the module docs).
    pub fn grade(&self, answer: &Answer) -> Grade {
        grade(&self.position, &self.solution, self.technique, answer)
    }
}

/// What every instance of a technique on a position proves together.
#[derive(Clone, PartialEq, Debug, Default)]
pub struct Key {
    /// The instances ([`find_all`]).
    pub instances: Vec<Step>,
    /// The union of their placements, sorted.
    pub placements: Vec<Candidate>,
    /// The union of their eliminations, sorted, without those a placement of the key implies
    /// (its cell's other candidates, its digit in its peers).
    pub eliminations: Vec<Candidate>,
}

impl Key {
    /// The key of `technique` on `position`.
    pub fn of(position: &Board, technique: Technique) -> Key {
        let instances = find_all(position, technique);
        let mut placements: Vec<Candidate> = instances
            .iter()
            .flat_map(|s| s.placements.iter().copied())
            .filter(|p| position.value(p.cell).is_none())
            .collect();
        placements.sort();
        placements.dedup();
        let mut eliminations: Vec<Candidate> = instances
            .iter()
            .flat_map(|s| s.eliminations.iter().copied())
            .filter(|&e| position.has(e) && !implied_by(e, &placements))
            .collect();
        eliminations.sort();
        eliminations.dedup();
        Key { instances, placements, eliminations }
    }

    /// The key as an answer: every placement placed, every elimination struck.
    pub fn as_answer(&self) -> Answer {
        Answer { struck: self.eliminations.clone(), placed: self.placements.clone() }
    }

    /// The key in the notation: `r3c5=7, r2c4,r2c5<>2` (placements, then eliminations).
    pub fn text(&self) -> String {
        let mut parts = Vec::new();
        let p = crate::logic::step::fmt_placements(&self.placements);
        if !p.is_empty() {
            parts.push(p);
        }
        let e = crate::logic::step::fmt_eliminations(&self.eliminations);
        if !e.is_empty() {
            parts.push(e);
        }
        parts.join(", ")
    }
}

/// Whether placing one of `placements` removes `e` (same cell, or same digit in a peer).
fn implied_by(e: Candidate, placements: &[Candidate]) -> bool {
    placements.iter().any(|p| {
        (p.cell == e.cell && p.digit != e.digit) || (p.digit == e.digit && p.cell.sees(e.cell))
    })
}

/// A person's answer on a drill position.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Answer {
    /// Candidates struck.
    pub struck: Vec<Candidate>,
    /// Digits placed (cell and digit).
    pub placed: Vec<Candidate>,
}

/// How much of the key an answer holds.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Tally {
    /// Eliminations of the key found.
    pub eliminations_found: usize,
    /// Eliminations in the key.
    pub eliminations: usize,
    /// Placements of the key found.
    pub placements_found: usize,
    /// Placements in the key.
    pub placements: usize,
}

impl Tally {
    /// Whether everything was found.
    pub fn complete(&self) -> bool {
        self.eliminations_found == self.eliminations && self.placements_found == self.placements
    }
}

impl fmt::Display for Tally {
    /// `2 of 3 eliminations`, `1 of 1 placement`, or both joined by `and`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let part = |found: usize, total: usize, what: &str| {
            format!("{found} of {total} {what}{}", if total == 1 { "" } else { "s" })
        };
        let mut parts = Vec::new();
        if self.placements > 0 {
            parts.push(part(self.placements_found, self.placements, "placement"));
        }
        if self.eliminations > 0 || parts.is_empty() {
            parts.push(part(self.eliminations_found, self.eliminations, "elimination"));
        }
        f.write_str(&parts.join(" and "))
    }
}

/// One finding of a grade (see the module docs for their order).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Finding {
    /// Every elimination and placement the technique proves is in the answer.
    AllFound(Tally),
    /// Some of them are not (possibly none is found).
    SomeFound(Tally),
    /// A strike (or placement) that no instance of the technique proves, though the
    /// solution allows it.
    NotProven {
        /// The candidate struck or placed.
        candidate: Candidate,
        /// Whether it was placed (else struck).
        placed: bool,
        /// The technique drilled, for the text.
        technique: Technique,
    },
    /// A strike of the solution's digit, or a placement of another digit than the solution's.
    AgainstSolution {
        /// The candidate struck or placed.
        candidate: Candidate,
        /// Whether it was placed (else struck).
        placed: bool,
        /// The solution's digit in that cell.
        solution: Digit,
    },
}

impl Finding {
    /// Whether the finding is a mistake (not a tally).
    pub fn is_mistake(&self) -> bool {
        matches!(self, Finding::NotProven { .. } | Finding::AgainstSolution { .. })
    }
}

impl fmt::Display for Finding {
    /// One sentence: `All found: 3 of 3 eliminations.`, `Some found: 2 of 3 eliminations.`,
    /// `No X-Wing here removes 4 from r3c5.`, `r3c5 is 7 in the solution.`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Finding::AllFound(t) => write!(f, "All found: {t}."),
            Finding::SomeFound(t) => write!(f, "Some found: {t}."),
            Finding::NotProven { candidate: c, placed: false, technique } => {
                write!(f, "No {} here removes {} from {}.", technique.name(), c.digit, c.cell)
            }
            Finding::NotProven { candidate: c, placed: true, technique } => {
                write!(f, "No {} here places {} in {}.", technique.name(), c.digit, c.cell)
            }
            Finding::AgainstSolution { candidate: c, placed: false, solution } => {
                write!(f, "{} is {solution} in the solution.", c.cell)
            }
            Finding::AgainstSolution { candidate: c, placed: true, solution } => {
                write!(f, "{} is {solution} in the solution, not {}.", c.cell, c.digit)
            }
        }
    }
}

/// The grade of an answer: mistakes first, then one tally (see the module docs).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Grade {
    /// The findings, in the order of the module docs; the last is always the tally.
    pub findings: Vec<Finding>,
}

impl Grade {
    /// The tally (the last finding).
    pub fn tally(&self) -> Tally {
        match self.findings.last() {
            Some(Finding::AllFound(t) | Finding::SomeFound(t)) => *t,
            _ => Tally::default(),
        }
    }

    /// Whether the answer is right: everything found and no mistake.
    pub fn is_correct(&self) -> bool {
        matches!(self.findings.as_slice(), [Finding::AllFound(_)])
    }

    /// The mistakes (every finding but the tally).
    pub fn mistakes(&self) -> impl Iterator<Item = &Finding> {
        self.findings.iter().filter(|f| f.is_mistake())
    }
}

/// Grades `answer` on `position` against every instance of `technique` there (see the module
/// docs). `solution` is the puzzle's solution (81 digits 1–9).
pub fn grade(
    position: &Board,
    solution: &[u8; 81],
    technique: Technique,
    answer: &Answer,
) -> Grade {
    let key = Key::of(position, technique);
    let solution_at = |c: Cell| Digit::new(solution[c.index()]);
    let mut struck: Vec<Candidate> =
        answer.struck.iter().copied().filter(|&s| position.has(s)).collect();
    struck.sort();
    struck.dedup();
    let mut placed: Vec<Candidate> =
        answer.placed.iter().copied().filter(|p| position.value(p.cell).is_none()).collect();
    placed.sort();
    placed.dedup();

    let mut wrong = Vec::new();
    let mut unproven = Vec::new();
    for &s in &struck {
        match solution_at(s.cell) {
            Some(d) if d == s.digit => {
                wrong.push(Finding::AgainstSolution { candidate: s, placed: false, solution: d })
            }
            _ if key.eliminations.binary_search(&s).is_ok() || implied_by(s, &key.placements) => {}
            _ => unproven.push(Finding::NotProven { candidate: s, placed: false, technique }),
        }
    }
    // The correct placements of the key that the answer makes.
    let mut made = Vec::new();
    for &p in &placed {
        match solution_at(p.cell) {
            Some(d) if d != p.digit => {
                wrong.push(Finding::AgainstSolution { candidate: p, placed: true, solution: d })
            }
            _ if key.placements.binary_search(&p).is_ok() => made.push(p),
            _ => unproven.push(Finding::NotProven { candidate: p, placed: true, technique }),
        }
    }

    let placements_found = key
        .placements
        .iter()
        .filter(|p| {
            let others = position.candidates(p.cell).minus(DigitSet::single(p.digit));
            made.contains(p)
                || (!others.is_empty()
                    && others
                        .iter()
                        .all(|d| struck.binary_search(&Candidate::new(p.cell, d)).is_ok()))
        })
        .count();
    let eliminations_found = key
        .eliminations
        .iter()
        .filter(|&&e| struck.binary_search(&e).is_ok() || implied_by(e, &made))
        .count();
    let tally = Tally {
        eliminations_found,
        eliminations: key.eliminations.len(),
        placements_found,
        placements: key.placements.len(),
    };
    let mut findings = wrong;
    findings.extend(unproven);
    findings.push(if tally.complete() {
        Finding::AllFound(tally)
    } else {
        Finding::SomeFound(tally)
    });
    Grade { findings }
}

/// Why no drill came out.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum DrillError {
    /// The default path never takes a step of this technique (off the path, or brute force).
    Unreachable(Technique),
    /// The generator's options do not make sense, or no drill came out within the attempt
    /// budget.
    Gen(GenError),
}

impl fmt::Display for DrillError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DrillError::Unreachable(t) => {
                write!(f, "{} ({}) is never a step of the default path", t.name(), t.id())
            }
            DrillError::Gen(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for DrillError {}

/// What [`DrillGenerator::advance`] did.
#[allow(
    clippy::large_enum_variant,
    reason = "returned once per drill and moved out at once, never stored in bulk"
)]
#[derive(Debug)]
pub enum DrillPoll {
    /// A drill.
    Found(Drill),
    /// The stop check fired; call again to continue.
    Pending,
    /// No drill (see the error).
    Failed(DrillError),
}

/// One attempt in progress: the dug puzzle's path, walked up to the technique.
struct Attempt {
    values: [u8; 81],
    solution: [u8; 81],
    run: PathRun,
    /// The position the path's next step is searched on.
    before: Board,
}

/// Puzzles from real corpora per technique: `id givens file` lines, written by the
/// `drill_harvest` example. Each one's default path uses the technique with nothing of a
/// higher tier before its first use.
const KNOWN: &str = include_str!("drill_known.txt");

/// The givens of the technique's puzzles from real corpora (`src/drill_known.txt`: `id givens
/// file` lines).
pub fn known_puzzles(technique: Technique) -> Vec<[u8; 81]> {
    KNOWN
        .lines()
        .filter_map(|l| {
            let mut parts = l.split(' ');
            (parts.next()? == technique.id()).then_some(())?;
            let b = parts.next()?.as_bytes();
            (b.len() == 81).then(|| {
                std::array::from_fn(|i| if b[i].is_ascii_digit() { b[i] - b'0' } else { 0 })
            })
        })
        .collect()
}

/// A drill search in progress (see the module docs).
pub struct DrillGenerator {
    technique: Technique,
    /// The technique's puzzles from real corpora ([`known_puzzles`]): every second attempt
    /// takes one of them under a random symmetry instead of a dug grid.
    known: Vec<[u8; 81]>,
    opts: GenOptions,
    rng: Rng,
    attempts: u32,
    current: Option<Attempt>,
    done: bool,
    /// The techniques the walk tries, in order (see [`walk_order`]).
    path_order: Vec<Technique>,
}

/// The technique a drill of `technique` ranks it just before, when the default path never
/// takes it first (see the module docs): AIC before the discontinuous nice loop (which applies
/// wherever an AIC does), WXYZ-wing before the continuous nice loop (the nice loops and AICs
/// make its eliminations wherever it applies), forcing net verity before forcing net
/// contradiction (of the same rating, 8.5: wherever the nets from every candidate of a cell
/// agree, assuming the opposite of their conclusion contradicts itself through the same nets).
/// `None` for the others: their walk is the default path's.
pub fn ranked_before(technique: Technique) -> Option<Technique> {
    match technique {
        Technique::Aic => Some(Technique::DiscontinuousNiceLoop),
        Technique::WxyzWing => Some(Technique::ContinuousNiceLoop),
        Technique::ForcingNetVerity => Some(Technique::ForcingNetContradiction),
        _ => None,
    }
}

/// The techniques of a drill's walk, in the order it tries them: the default path's techniques
/// up to `technique`'s tier, with `technique` moved just before [`ranked_before`]'s technique
/// when it has one. In default order the tiers come one after the other, so this walk takes the
/// default path's steps until the default path would take a harder one, and there it is stuck
/// at once instead of searching the harder techniques. (Walking only the techniques before
/// `technique` in default order was measured too: no faster, and it never finds a full house
/// or a jellyfish.)
pub fn walk_order(technique: Technique) -> Vec<Technique> {
    let mut order: Vec<Technique> =
        TechniqueSet::default_path().iter().filter(|u| u.tier() <= technique.tier()).collect();
    if let Some(before) = ranked_before(technique) {
        order.retain(|&u| u != technique);
        let at = order.iter().position(|&u| u == before).unwrap_or(order.len());
        order.insert(at, technique);
    }
    order
}

impl DrillGenerator {
    /// A search for a drill of `technique` with the generator's default options (no symmetry,
    /// minimal puzzles) and [`DRILL_ATTEMPTS`] attempts.
    pub fn new(technique: Technique, seed: u64) -> DrillGenerator {
        let opts = GenOptions { max_attempts: DRILL_ATTEMPTS, ..GenOptions::default() };
        DrillGenerator::with_options(technique, &opts, seed)
    }

    /// A search with these options: their symmetry, clue bounds, minimality and attempt
    /// budget (their target is not used).
    pub fn with_options(technique: Technique, opts: &GenOptions, seed: u64) -> DrillGenerator {
        DrillGenerator {
            technique,
            known: known_puzzles(technique),
            opts: *opts,
            rng: Rng::new(seed),
            attempts: 0,
            current: None,
            done: false,
            path_order: walk_order(technique),
        }
    }

    /// Attempts made so far (the current one included).
    pub fn attempts(&self) -> u32 {
        self.attempts
    }

    /// Works until a drill is found, the budget runs out, or `stop` answers `true` (polled
    /// between attempts and inside the path runner; every call makes some progress).
    pub fn advance(&mut self, stop: Option<&dyn Fn() -> bool>) -> DrillPoll {
        if self.done {
            return DrillPoll::Failed(DrillError::Gen(GenError::NotFound {
                attempts: self.attempts,
            }));
        }
        if !is_reachable(self.technique) {
            self.done = true;
            return DrillPoll::Failed(DrillError::Unreachable(self.technique));
        }
        if let Err(m) = self.opts.check() {
            self.done = true;
            return DrillPoll::Failed(DrillError::Gen(GenError::BadOptions(m)));
        }
        loop {
            if self.current.is_none() {
                if self.attempts >= self.opts.max_attempts {
                    self.done = true;
                    return DrillPoll::Failed(DrillError::Gen(GenError::NotFound {
                        attempts: self.attempts,
                    }));
                }
                self.attempts += 1;
                let (values, solution) = if self.attempts % 2 == 0 && !self.known.is_empty() {
                    // A puzzle that reaches the technique, under a random symmetry: the same
                    // path up to the technique, on a grid that looks new.
                    let base = self.known[self.rng.below(self.known.len())];
                    let values = random_isomorph(&base, &mut self.rng);
                    match solve(&Board::from_values(&values)) {
                        Outcome::Unique(solution) => (values, solution),
                        _ => continue,
                    }
                } else {
                    let solution = random_solution(&mut self.rng);
                    let (values, _) = dig(&solution, &self.opts, &mut self.rng);
                    let clues = values.iter().filter(|&&v| v != 0).count();
                    if clues > self.opts.max_clues as usize || clues < self.opts.min_clues as usize
                    {
                        continue;
                    }
                    (values, solution)
                };
                let board = Board::from_values(&values);
                let run = PathRun::with_order(&board, &self.path_order);
                self.current = Some(Attempt { values, solution, run, before: board });
            }
            let attempt = self.current.as_mut().expect("an attempt");
            match attempt.run.advance(stop) {
                Advance::Pending => return DrillPoll::Pending,
                Advance::Step(s) if s.technique == self.technique => {
                    let Attempt { values, solution, run, before } =
                        self.current.take().expect("an attempt");
                    return DrillPoll::Found(Drill {
                        technique: self.technique,
                        puzzle: Board::from_values(&values),
                        position: before,
                        solution,
                        step: s,
                        steps_before: run.steps().len() - 1,
                        attempts: self.attempts,
                    });
                }
                Advance::Step(_) => {
                    // The path's end (its last step fills the grid): this grid gives no drill.
                    // (Walking on would start the rating walk.)
                    if attempt.run.board().is_complete() {
                        self.current = None;
                    } else {
                        attempt.before = attempt.run.board().clone();
                    }
                }
                // Stuck: the default path would take a harder step here.
                Advance::Done => self.current = None,
            }
            if stop.is_some_and(|f| f()) {
                return DrillPoll::Pending;
            }
        }
    }
}

/// A drill of `technique` (see the module docs): deterministic for the technique and `seed`.
pub fn drill_position(technique: Technique, seed: u64) -> Result<Drill, DrillError> {
    let mut g = DrillGenerator::new(technique, seed);
    loop {
        match g.advance(None) {
            DrillPoll::Found(d) => return Ok(d),
            DrillPoll::Failed(e) => return Err(e),
            DrillPoll::Pending => {}
        }
    }
}

/// The drill of `technique` that `puzzle` (givens) gives: the position just before its drill
/// walk's first step of the technique ([`walk_order`]), as [`DrillGenerator`] makes it from a
/// grid. Deterministic and cheap (one walk, no search), so a drill is kept as its technique
/// and puzzle and made again from them (the page keeps the drill a person works on across a
/// reload this way). `None` when the puzzle has not exactly one solution or the walk does not
/// reach the technique with nothing of a higher tier before.
pub fn drill_from_puzzle(technique: Technique, puzzle: &Board) -> Option<Drill> {
    if !is_reachable(technique) {
        return None;
    }
    let values: [u8; 81] =
        std::array::from_fn(|i| puzzle.value(Cell::from_index(i)).map_or(0, |d| d.get()));
    let board = Board::from_values(&values);
    let Outcome::Unique(solution) = solve(&board) else { return None };
    let mut run = PathRun::with_order(&board, &walk_order(technique));
    let mut before = board.clone();
    loop {
        match run.advance(None) {
            Advance::Step(s) if s.technique == technique => {
                return Some(Drill {
                    technique,
                    puzzle: board,
                    position: before,
                    solution,
                    step: s,
                    steps_before: run.steps().len() - 1,
                    attempts: 1,
                });
            }
            Advance::Step(_) if !run.board().is_complete() => before = run.board().clone(),
            Advance::Pending => {}
            _ => return None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_drill_is_made_again_from_its_puzzle() {
        for t in [Technique::XWing, Technique::Aic, Technique::HiddenSingle] {
            let d = drill_position(t, 5).expect("a drill");
            let again = drill_from_puzzle(t, &d.puzzle).expect("the same drill");
            assert_eq!(
                (&again.position, &again.step, again.solution),
                (&d.position, &d.step, d.solution)
            );
        }
        assert!(drill_from_puzzle(Technique::XWing, &Board::empty()).is_none());
        assert!(drill_from_puzzle(Technique::BruteForce, &Board::empty()).is_none());
    }

    #[test]
    fn tiers_follow_each_other_in_default_order() {
        // `walk_options` relies on it: the default path's prefix up to a tier is its path.
        assert!(Technique::ALL.windows(2).all(|w| w[0].tier() <= w[1].tier()));
    }

    #[test]
    fn aic_and_wxyz_wing_are_ranked_before_their_pre_emptors() {
        let order = walk_order(Technique::Aic);
        let at = |t| order.iter().position(|&u| u == t).unwrap();
        assert_eq!(at(Technique::Aic) + 1, at(Technique::DiscontinuousNiceLoop));
        assert!(at(Technique::XyChain) < at(Technique::Aic));
        let order = walk_order(Technique::WxyzWing);
        let at = |t| order.iter().position(|&u| u == t).unwrap();
        assert_eq!(at(Technique::WxyzWing) + 1, at(Technique::ContinuousNiceLoop));
        assert!(at(Technique::XyChain) < at(Technique::WxyzWing));
        assert_eq!(walk_order(Technique::XWing).len(), at(Technique::XChain));
        assert_eq!(order.len(), walk_order(Technique::XChain).len());
        let order = walk_order(Technique::ForcingNetVerity);
        let at = |t| order.iter().position(|&u| u == t).unwrap();
        assert_eq!(at(Technique::ForcingNetVerity) + 1, at(Technique::ForcingNetContradiction));
    }

    #[test]
    fn the_drill_list_is_reachable_and_in_default_order() {
        assert!(DRILL_TECHNIQUES.iter().all(|&t| is_reachable(t)));
        assert!(DRILL_TECHNIQUES.windows(2).all(|w| w[0] < w[1]));
    }
}
