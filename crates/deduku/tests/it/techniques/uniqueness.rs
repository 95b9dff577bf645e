//! Uniqueness techniques (unique, hidden and avoidable rectangles, BUG+1) against HoDoKu's
//! regression library, exemplars and the soundness check, and the guarantee that they never
//! fire on puzzles with several solutions.

use crate::support;

use deduku::Technique;
use deduku::Technique::*;
use deduku::logic::{Context, Family, Sink, find};

const UNIQUENESS: &[Technique] = &[
    UniqueRectangle1,
    UniqueRectangle2,
    UniqueRectangle3,
    UniqueRectangle4,
    UniqueRectangle5,
    UniqueRectangle6,
    HiddenRectangle,
    AvoidableRectangle1,
    AvoidableRectangle2,
    BugPlus1,
];

#[test]
fn uniqueness_passes_the_regression_library() {
    support::check_reglib(UNIQUENESS, &[]);
}

#[test]
fn uniqueness_applies_to_hodoku_exemplars() {
    let sections = ["0600", "0601", "0602", "0603", "0605", "0606", "0610"];
    // One line of section 0604 is a regression-library line, not a puzzle.
    support::check_exemplars(&sections, &[("0604", &[UniqueRectangle5], 5)]);
}

/// Section 0607 (avoidable rectangles, both types) marks most traces "x" (HoDoKu's
/// techniques before the rectangle, unspecified), so the harness's singles-then-look check does
/// not apply. Instead: somewhere along Deduku's own solve path, an avoidable rectangle must be
/// found (the path's position after each step is searched).
#[test]
fn avoidable_rectangles_appear_along_the_exemplars_paths() {
    let mut hit = 0;
    let mut total = 0;
    for ex in support::exemplars().into_iter().filter(|e| e.code == "0607") {
        total += 1;
        let path = deduku::logic::solve_path(&ex.puzzle);
        let mut b = ex.puzzle.clone();
        let mut found = false;
        for s in &path.steps {
            found |= [AvoidableRectangle1, AvoidableRectangle2]
                .iter()
                .any(|&t| !support::steps_of(&b, t).is_empty());
            s.apply(&mut b);
        }
        hit += usize::from(found);
        if !found {
            println!("AR exemplar miss: {:?} # {}", ex.puzzle, ex.trace);
        }
    }
    println!("exemplars 0607: {hit}/{total}");
    // Two misses (an "ar1" and an "ar2" trace): no avoidable rectangle is open at any
    // position of Deduku's path, which takes other steps (XY-chains, a unique rectangle) where
    // HoDoKu's unspecified "x" steps led to the rectangle.
    assert!(hit >= 19, "0607: {hit}/{total}");
}

#[test]
fn uniqueness_is_sound_on_exemplars_and_top1465() {
    let boards = support::basic_positions(|code| code.starts_with("06"), 5);
    let fired: usize = support::sound_sweep(&boards, UNIQUENESS).iter().sum();
    assert!(fired > 20, "uniqueness techniques hardly fire: {fired}");
}

#[test]
fn uniqueness_never_fires_on_puzzles_with_several_solutions() {
    let puzzles = support::corpus("corpora/serg-multi-200.txt");
    assert_eq!(puzzles.len(), 200);
    let mut fired_if_allowed = 0;
    let mut positions = 0;
    for p in &puzzles {
        assert!(deduku::solve::count_solutions(p, 2).count >= 2, "{p:?}");
        // The path shows no step of such a grid; the default techniques, stepped one by one,
        // never use a uniqueness technique on it.
        let path = deduku::logic::solve_path(p);
        assert!(path.steps.is_empty(), "no path for a grid with several solutions");
        let options = deduku::Options::default();
        let mut steps = std::iter::successors(Some((p.clone(), None)), |(b, _)| {
            let s = deduku::next_step(b, &options)?;
            let mut next = b.clone();
            s.apply(&mut next);
            Some((next, Some(s)))
        })
        .filter_map(|(_, s)| s)
        .take(60)
        .collect::<Vec<_>>()
        .into_iter();
        for s in steps.clone() {
            assert_ne!(s.technique.family(), Family::Uniqueness, "{}: {p:?}", s.text);
        }
        // Along those steps, the engine refuses every uniqueness technique when it has to find
        // out about uniqueness itself, even where the patterns are there. (After a brute-force
        // placement the board itself may have one solution; the walk stops there.)
        let mut b = p.clone();
        for _ in 0..60 {
            positions += 1;
            for &t in UNIQUENESS {
                let mut sink = Sink::unlimited();
                let _ = find(&b, t, &Context::UNKNOWN, &mut sink);
                assert!(sink.is_empty(), "{} fired on a multi-solution board {b:?}", t.id());
                fired_if_allowed += usize::from(!support::steps_of(&b, t).is_empty());
            }
            match steps.next() {
                Some(s) if s.technique != BruteForce => s.apply(&mut b),
                _ => break,
            }
        }
    }
    assert!(positions >= 200, "only {positions} positions checked");
    println!(
        "{positions} positions; a uniqueness pattern was present but refused {fired_if_allowed} times"
    );
}
