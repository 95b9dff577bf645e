//! The path runner: one walk for every caller, and a stop check that pauses it anywhere —
//! between techniques and inside a long search — without changing what it finds.

use crate::support::{basic_set, corpus, top1465_after};
use deduku::logic::{Advance, Options, PathRun, Technique, TechniqueSet};
use deduku::{Board, solve_path};
use std::cell::Cell;

/// Runs `puzzle` to the end with a stop check that fires every `every`-th poll; returns the
/// steps' texts, the number of `Pending` answers and the finished path.
fn run_stopping(
    puzzle: &Board,
    options: &Options,
    every: u32,
) -> (Vec<String>, usize, deduku::Path) {
    let polls = Cell::new(0u32);
    let stop = || {
        polls.set(polls.get() + 1);
        polls.get() % every == 0
    };
    let mut run = PathRun::new(puzzle, options);
    let mut texts = Vec::new();
    let mut pending = 0;
    loop {
        match run.advance(Some(&stop)) {
            Advance::Step(s) => texts.push(s.text),
            Advance::Pending => pending += 1,
            Advance::Done => break,
        }
    }
    (texts, pending, run.finish())
}

/// The first step of `puzzle` found with a stop check that fires every `every`-th poll, and
/// the number of `Pending` answers before it.
fn first_step_stopping(puzzle: &Board, options: &Options, every: u32) -> (Option<String>, usize) {
    let polls = Cell::new(0u32);
    let stop = || {
        polls.set(polls.get() + 1);
        polls.get() % every == 0
    };
    let mut run = PathRun::new(puzzle, options);
    let mut pending = 0;
    loop {
        match run.advance(Some(&stop)) {
            Advance::Step(s) => return (Some(s.text), pending),
            Advance::Pending => pending += 1,
            Advance::Done => return (None, pending),
        }
    }
}

#[test]
fn stopped_runs_find_the_same_path_and_rating_as_solve_path() {
    let puzzles = corpus("corpora/top1465.txt");
    for (i, p) in puzzles.iter().step_by(97).enumerate() {
        let whole = solve_path(p);
        for every in [1, 3, 17] {
            let (texts, pending, path) = run_stopping(p, &Options::default(), every);
            let want: Vec<&str> = whole.steps.iter().map(|s| s.text.as_str()).collect();
            assert_eq!(texts, want, "puzzle {i}, stop every {every} polls");
            assert_eq!(path.rating, whole.rating, "puzzle {i}");
            assert_eq!(path.status, whole.status, "puzzle {i}");
            assert!(pending > 0, "puzzle {i}: the check never paused the run");
        }
    }
}

#[test]
fn the_iterator_gives_the_path_shown_and_finish_the_sudoku_explainer_rating() {
    let p = &corpus("corpora/top1465.txt")[0];
    let mut run = PathRun::new(p, &Options::default());
    let shown: Vec<_> = run.by_ref().collect();
    assert!(run.board().is_solved());
    let path = run.finish();
    assert_eq!(path.steps, shown);
    // The SE number comes from Sudoku Explainer's walk, not from the steps shown: another
    // order of the path shown gives the same ER/EP/ED; the level is the path shown's.
    let other = deduku::solve_path_with(
        p,
        &Options { order: deduku::Order::LowestRating, ..Options::default() },
    );
    let se = |r: &deduku::Rating| (r.se, r.hardest, r.ep, r.ed);
    assert_eq!(se(&path.rating), se(&other.rating));
    assert_eq!(path.rating.level, deduku::rate::rate(&path.steps).level);
    assert_eq!(other.rating.level, deduku::rate::rate(&other.steps).level);
}

/// With one long technique enabled, the run can only pause inside its search (the step search
/// always tries one technique before it polls between techniques): the forcing searches poll
/// the check between assumptions and resume where they stopped.
#[test]
fn a_long_forcing_search_pauses_mid_step_and_resumes_to_the_same_step() {
    let nets: TechniqueSet = [
        Technique::ForcingChainContradiction,
        Technique::ForcingChainVerity,
        Technique::ForcingNetContradiction,
        Technique::ForcingNetVerity,
    ]
    .into_iter()
    .collect();
    let options = Options::with_techniques(nets);
    let mut paused_inside = 0;
    for (i, p) in top1465_after(151, basic_set()).iter().enumerate() {
        let Some(want) = deduku::next_step(p, &options) else { continue };
        for t in nets.iter() {
            let one = Options::with_techniques([t].into_iter().collect());
            let Some(want_t) = deduku::next_step(p, &one) else { continue };
            let (first, pending) = first_step_stopping(p, &one, 5);
            assert_eq!(first, Some(want_t.text), "position {i}, {t:?}");
            paused_inside += pending;
        }
        let (first, _) = first_step_stopping(p, &options, 2);
        assert_eq!(first, Some(want.text), "position {i}");
    }
    assert!(paused_inside > 0, "no forcing search was ever paused inside");
}

/// The nested forcing net, the longest search of the catalogue, pauses between assumptions
/// and resumes to the step an uninterrupted search finds (the stopped search runs first, so
/// nothing is remembered of the position yet). With the most eliminations asked for, the
/// search goes through every assumption.
#[test]
fn a_nested_forcing_net_pauses_and_resumes_to_the_same_step() {
    let p = deduku::parse(
        "........8..3...4.+2.9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
    )
    .expect("position");
    let one = Options {
        enabled: [Technique::NestedForcingNet].into_iter().collect(),
        order: deduku::Order::MostEliminations,
    };
    let (first, pending) = first_step_stopping(&p, &one, 3);
    assert!(pending > 0, "the search was never paused");
    let want = deduku::next_step(&p, &one).expect("a nested forcing net");
    assert_eq!(first, Some(want.text));
}
