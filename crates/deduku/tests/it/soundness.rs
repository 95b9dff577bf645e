//! Soundness over whole corpora: every step of every default solve path agrees with the unique
//! solution (no elimination of the solution's digit, no wrong placement), and every path ends
//! solved. The same walk checks the proofs of its forcing steps (`crate::proofs`). Run with
//! `--release`; the debug build is slow on thousands of paths.

use crate::support;

use crate::proofs::ProofTally;
use deduku::{Advance, Board, Options, PathRun, Technique};

/// What a walk over a corpus counted.
pub(crate) struct Walked {
    /// Paths with a Brute Force step.
    pub(crate) brute: usize,
    /// Forcing steps whose proofs were checked.
    pub(crate) proofs: usize,
}

/// Walks every default path of `puzzles` once and checks each step twice over: it agrees
/// with the unique solution, and, when it carries a proof (`crate::proofs`), the proof checks
/// on the grid the step was found on. Every path must end solved. The path shown only: the
/// runner is left before its Sudoku Explainer rating walk (whose nested chains take seconds on
/// the hardest puzzles; the rating tests check the walk). One walk for both checks: the paths
/// are most of the cost.
pub(crate) fn check_corpus(name: &str, puzzles: &[Board]) -> Walked {
    let mut failures = Vec::new();
    let mut proofs = ProofTally::default();
    let mut steps = 0usize;
    let mut brute = 0usize;
    for (i, p) in puzzles.iter().enumerate() {
        let sol = support::solution(p);
        let mut run = PathRun::new(p, &Options::default());
        let mut path = Vec::new();
        while !run.board().is_complete() {
            match run.advance(None) {
                Advance::Step(s) => path.push(s),
                Advance::Pending => {}
                Advance::Done => break,
            }
        }
        steps += path.len();
        brute += usize::from(path.iter().any(|s| s.technique == Technique::BruteForce));
        if run.board().values() != &sol {
            failures.push(format!("{name} #{i} {p:?}: the path does not end solved"));
        }
        let mut board = p.clone();
        for s in &path {
            if let Some(m) = support::unsound(s, &sol) {
                failures.push(format!("{name} #{i} {p:?}: {m}"));
            }
            proofs.check(&board, s, &format!("{name} #{i}"));
            s.apply(&mut board);
        }
        if board.values() != &sol {
            failures.push(format!("{name} #{i}: replaying the steps does not give the solution"));
        }
    }
    println!(
        "{name}: {} puzzles, {steps} steps, {brute} with brute force, {} failures",
        puzzles.len(),
        failures.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    Walked { brute, proofs: proofs.finish(name) }
}

#[test]
fn every_step_of_top1465_is_sound_and_every_proof_checks() {
    let walked = check_corpus("top1465", &support::corpus("corpora/top1465.txt"));
    assert!(walked.proofs > 300, "only {} forcing steps", walked.proofs);
}

/// Ten of the hardest known puzzles (`corpora/forum-hardest-sample.txt`): dynamic and nested
/// forcing nets take every one of them to the end without brute force.
#[test]
fn the_forum_hardest_sample_is_solved_soundly_without_brute_force() {
    let puzzles = support::corpus("corpora/forum-hardest-sample.txt");
    assert_eq!(puzzles.len(), 10);
    let walked = check_corpus("forum-hardest sample", &puzzles);
    assert_eq!(walked.brute, 0);
    assert!(walked.proofs > 50, "only {} forcing steps", walked.proofs);
}

/// All 375 puzzles of the forum's hardest database (2011): every step of every default path
/// is sound, every proof checks, and no path needs brute force.
#[test]
#[ignore = "needs ../shared/data; scripts/test.sh runs it when present"]
fn every_step_of_forum_hardest_1106_is_sound_and_no_path_needs_brute_force() {
    let puzzles = support::puzzles(&support::read_shared("data/corpora/forum-hardest-1106.txt"));
    assert_eq!(puzzles.len(), 375);
    assert_eq!(check_corpus("forum-hardest-1106", &puzzles).brute, 0);
}

#[test]
fn every_step_of_a_17_clue_sample_is_sound_and_paths_end_solved() {
    check_corpus("17-clue sample", &support::corpus("corpora/17-clue-sample.txt"));
}

#[test]
fn every_step_of_the_exemplars_is_sound_and_paths_end_solved() {
    let puzzles: Vec<Board> = support::exemplars()
        .into_iter()
        .map(|e| e.puzzle)
        .filter(|p| deduku::solve::count_solutions(p, 2).count == 1)
        .collect();
    assert!(puzzles.len() > 600);
    check_corpus("exemplars", &puzzles);
}

/// The page's "Reduce": one round of box/line triples and unit permutation checks, on every
/// top1465 puzzle and again on the position the round leaves: every step sound, every step
/// changing the board it is applied to, and no pointing or claiming instance of the starting
/// position left over after the round.
#[test]
fn reduce_rounds_over_top1465_are_sound_and_leave_no_intersection_behind() {
    use deduku::{Technique, find_all, reduce_round};
    let mut failures = Vec::new();
    let mut steps = 0usize;
    for (i, p) in support::corpus("corpora/top1465.txt").iter().enumerate() {
        let sol = support::solution(p);
        let mut board = p.clone();
        for round in 0..2 {
            let start = board.clone();
            for s in reduce_round(&start) {
                steps += 1;
                if let Some(m) = support::unsound(&s, &sol) {
                    failures.push(format!("#{i} round {round}: {m}"));
                }
                if !s.makes_progress(&board) {
                    failures.push(format!("#{i} round {round}: {} changes nothing", s.text));
                }
                s.apply(&mut board);
            }
            for t in [Technique::LockedCandidatesPointing, Technique::LockedCandidatesClaiming] {
                for s in find_all(&start, t) {
                    if s.makes_progress(&board) {
                        failures.push(format!("#{i} round {round}: {} left over", s.text));
                    }
                }
            }
        }
    }
    println!("reduce: {steps} steps, {} failures", failures.len());
    assert!(steps > 1000, "reduce found only {steps} steps on top1465");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A person's own position, as the page's worker receives it: a real puzzle with some of the
/// solution's digits placed and some other candidates removed (in any pattern, not only what a
/// technique would remove). Every technique on it is sound, and on a state that has lost its
/// solution (a wrong placement or the solution's candidate removed) none panics. The fuzz target
/// `fuzz/fuzz_targets/engine.rs` does the same without limits.
mod person_states {
    use crate::support;
    use deduku::logic::{Context, Sink, find};
    use deduku::{Cell, Digit, Technique};
    use proptest::prelude::*;
    use std::ops::ControlFlow;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]
        #[test]
        fn every_technique_is_sound_on_a_persons_position(
            pick in 0usize..1000,
            ops in prop::collection::vec((0usize..81, 0u8..=255), 0..120),
        ) {
            let puzzles = support::corpus("corpora/top1465.txt");
            let givens = &puzzles[pick % puzzles.len()];
            let solution = support::solution(givens);
            let sol = |c: Cell| solution[c.index()];
            let mut board = givens.clone();
            let mut holds = true;
            for &(i, a) in &ops {
                let c = Cell::from_index(i);
                if board.value(c).is_some() {
                    continue;
                }
                let any = Digit::from_index(usize::from(a) % 9);
                match a {
                    0..=199 if any.get() != sol(c) => {
                        board.eliminate(c, any);
                    }
                    200..=239 => board.place(c, Digit::new(sol(c)).unwrap()),
                    240..=247 => {
                        let removed = board.eliminate(c, any);
                        holds &= !(removed && any.get() == sol(c));
                    }
                    248.. if board.has_candidate(c, any) => {
                        holds &= any.get() == sol(c);
                        board.place(c, any);
                    }
                    _ => {}
                }
            }
            let ctx = Context { unique: Some(true) };
            for &t in Technique::ALL {
                let mut sink = Sink::unlimited();
                let _: ControlFlow<()> = find(&board, t, &ctx, &mut sink);
                if holds {
                    for s in sink.into_steps() {
                        prop_assert_eq!(support::unsound(&s, &solution), None, "{:?}", t);
                    }
                }
            }
        }
    }
}
