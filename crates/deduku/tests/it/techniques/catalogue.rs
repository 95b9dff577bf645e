//! The whole catalogue: every technique fires on at least one case and reports itself. A
//! family's `find` ends in `_ => ControlFlow::Continue(())`, so a technique whose match arm is
//! missing would silently never fire; this test names it.

use crate::support;
use deduku::Technique::{self, *};
use deduku::{Board, PathStatus, Step, find_all};

/// Positions for the techniques HoDoKu's library and exemplars have no case of:
/// `tests/data/techniques/catalogue-cases.txt`, one `technique-ids position` per line, the IDs
/// comma-separated, the position as a line with placed digits and eliminations.
fn added_cases() -> Vec<(Technique, Board)> {
    let mut out = Vec::new();
    let text = support::read_data("techniques/catalogue-cases.txt");
    for l in text.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#')) {
        let (ids, position) = l.split_once(' ').expect("`technique-ids position`");
        let b = deduku::parse(position).unwrap_or_else(|e| panic!("{ids}: {e}"));
        for id in ids.split(',') {
            let t = Technique::from_id(id).unwrap_or_else(|| panic!("unknown technique {id}"));
            out.push((t, b.clone()));
        }
    }
    out
}

/// Checks the steps of `t` found on `board`: each is reported as `t` and agrees with the
/// board's unique solution.
fn check_steps(t: Technique, board: &Board, steps: &[Step]) -> Vec<String> {
    let sol = support::solution(board);
    let mut bad = Vec::new();
    for s in steps {
        if s.technique != t {
            bad.push(format!("{}: a step reports {}: {}", t.id(), s.technique.id(), s.text));
        }
        bad.extend(support::unsound(s, &sol).map(|m| format!("{}: {m} ({board:?})", t.id())));
    }
    bad
}

/// A technique, a case where it fires, and its steps there.
pub(super) type Case = (Technique, Board, Vec<Step>);

/// For every technique but brute force, the first case where it has a step (the library's
/// must-fire cases, then the exemplars of the technique's section, then the added cases), with
/// its steps; and the IDs of the techniques without such a case.
pub(super) fn cases_that_fire() -> (Vec<Case>, Vec<&'static str>) {
    let reglib = support::reglib_cases();
    let exemplars = support::exemplars();
    let added = added_cases();
    let mut found_all = Vec::new();
    let mut no_case = Vec::new();
    for &t in Technique::ALL.iter().filter(|&&t| t != BruteForce) {
        let library = reglib
            .iter()
            .filter(|c| c.must_fire && support::reglib_technique(&c.code) == Some(t))
            .map(|c| c.board.clone());
        let exemplar = exemplars
            .iter()
            .filter(|e| support::exemplar_technique(&e.code) == Some(t))
            .map(|e| support::exemplar_position(e, &[t]));
        let extra = added.iter().filter(|(u, _)| *u == t).map(|(_, b)| b.clone());
        let found = library.chain(exemplar).chain(extra).find_map(|b| {
            let steps = find_all(&b, t);
            (!steps.is_empty()).then_some((b, steps))
        });
        match found {
            Some((b, steps)) => found_all.push((t, b, steps)),
            None => no_case.push(t.id()),
        }
    }
    (found_all, no_case)
}

#[test]
fn every_technique_fires_on_a_case_and_reports_itself() {
    let (found, no_case) = cases_that_fire();
    let mut bad = Vec::new();
    for (t, b, steps) in &found {
        bad.extend(check_steps(*t, b, steps));
    }
    println!("techniques without a case that fires: {no_case:?}");
    assert!(no_case.is_empty(), "no case fires for {no_case:?}");
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

/// A position where the default path's techniques need brute force (see the test below), and
/// the puzzle. The path itself shows no step of a grid with several solutions, so the
/// techniques are stepped through one by one here.
pub(super) fn brute_force_position() -> (Board, Board) {
    let options = deduku::Options::default();
    support::corpus("corpora/serg-multi-200.txt")
        .into_iter()
        .find_map(|puzzle| {
            let mut b = puzzle.clone();
            while let Some(s) = deduku::next_step(&b, &options) {
                if s.technique == BruteForce {
                    return Some((puzzle, b));
                }
                s.apply(&mut b);
            }
            None
        })
        .expect("a multi-solution puzzle whose steps need brute force")
}

/// Brute force needs a position where nothing else applies: a multi-solution puzzle (from
/// `serg-multi-200.txt`) where the default path gets stuck (the path itself stops at once on
/// such a grid: its status says "multiple solutions" and it shows no step). There it places a digit of a
/// solution, and no other technique of the default path has a step.
#[test]
fn brute_force_fires_where_nothing_else_applies() {
    let (puzzle, b) = brute_force_position();
    let path = deduku::solve_path(&puzzle);
    assert_eq!(path.status, PathStatus::MultipleSolutions);
    assert!(path.steps.is_empty(), "a grid with several solutions has no path");
    let others: Vec<&str> = deduku::TechniqueSet::default_path()
        .iter()
        .filter(|&t| t != BruteForce && !find_all(&b, t).is_empty())
        .map(|t| t.id())
        .collect();
    assert!(others.is_empty(), "{others:?} apply at {b:?}");
    let steps = find_all(&b, BruteForce);
    assert_eq!(steps.len(), 1, "{b:?}");
    let s = &steps[0];
    assert_eq!(s.technique, BruteForce);
    assert_eq!((s.placements.len(), s.eliminations.len()), (1, 0), "{}", s.text);
    // The digit placed belongs to a solution: the position keeps one after the placement.
    let mut after = b.clone();
    s.apply(&mut after);
    assert!(deduku::solve::count_solutions(&after, 1).count == 1, "{}", s.text);
}
