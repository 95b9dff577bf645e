//! Fish and single-digit patterns against HoDoKu's regression library and exemplars, plus
//! soundness on exemplar puzzles and top1465 positions.

use crate::support;

use deduku::Technique::{self, *};

const BASIC: [Technique; 9] = [
    XWing,
    Swordfish,
    Jellyfish,
    FinnedXWing,
    FinnedSwordfish,
    FinnedJellyfish,
    SashimiXWing,
    SashimiSwordfish,
    SashimiJellyfish,
];
const COMPLEX: [Technique; 6] = [
    FrankenXWing,
    FrankenSwordfish,
    FrankenJellyfish,
    MutantXWing,
    MutantSwordfish,
    MutantJellyfish,
];
const SINGLE_DIGIT: [Technique; 4] = [Skyscraper, TwoStringKite, TurbotFish, EmptyRectangle];

#[test]
fn basic_fish_pass_the_regression_library() {
    // The Siamese cases (03111, 03121) join a finned and a sashimi fish on the same base; the
    // finned share is checked here and the union in `siamese_fish_are_covered_by_their_parts`.
    support::check_reglib(
        &BASIC,
        &[(FinnedSwordfish, 13.0 / 14.0), (FinnedJellyfish, 12.0 / 14.0)],
    );
}

#[test]
fn siamese_fish_are_covered_by_their_parts() {
    let mut cases = 0;
    for case in support::reglib_cases() {
        let parts: &[Technique] = match case.code.as_str() {
            "03111" | "03211" => &[FinnedSwordfish, SashimiSwordfish],
            "03121" | "03221" => &[FinnedJellyfish, SashimiJellyfish],
            _ => continue,
        };
        cases += 1;
        let made: Vec<_> = parts
            .iter()
            .flat_map(|&t| support::steps_of(&case.board, t))
            .flat_map(|s| s.eliminations)
            .collect();
        for e in &case.eliminations {
            assert!(made.contains(e), "line {}: {e} not eliminated", case.line_no);
        }
    }
    assert_eq!(cases, 17);
}

#[test]
fn franken_and_mutant_fish_pass_the_regression_library() {
    support::check_reglib(
        &[FrankenXWing, FrankenSwordfish, FrankenJellyfish, MutantJellyfish],
        &[],
    );
}

#[test]
fn single_digit_patterns_pass_the_regression_library() {
    support::check_reglib(&[Skyscraper, TwoStringKite, TurbotFish, EmptyRectangle], &[]);
}

#[test]
fn exemplars_apply() {
    let sections = [
        "0300", "0301", "0302", "0310", "0311", "0312", "0320", "0321", "0322", "0332", "0341",
        "0362", "0400", "0401", "0402", "0403",
    ];
    // One 0342 exemplar ("......8.1162...", trace "x fff4(1)") has no fish of any kind after
    // singles, even with three exo and two endo fins allowed.
    support::check_exemplars(&sections, &[("0342", &[FrankenJellyfish], 18)]);
}

fn all_techniques() -> Vec<Technique> {
    BASIC.iter().chain(&COMPLEX).chain(&SINGLE_DIGIT).copied().collect()
}

#[test]
fn every_instance_is_sound_on_exemplars() {
    let mut boards = Vec::new();
    for ex in support::exemplars() {
        if ex.code.starts_with("03") || ex.code.starts_with("04") {
            for set in [support::singles(), support::ssts()] {
                boards.push(support::apply_all(&ex.puzzle, set));
            }
        }
    }
    boards.retain(|b| !b.is_complete());
    assert!(boards.len() > 200, "only {} boards", boards.len());
    support::sound_sweep(&boards, &all_techniques());
}

#[test]
fn every_instance_is_sound_on_top1465() {
    let mut boards = support::top1465_after(4, support::ssts());
    boards.retain(|b| !b.is_complete());
    assert!(boards.len() > 250, "only {} boards", boards.len());
    support::sound_sweep(&boards, &all_techniques());
}
