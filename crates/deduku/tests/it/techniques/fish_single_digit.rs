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
    support::check_reglib(&[
        (XWing, 1.0),
        (Swordfish, 1.0),
        (Jellyfish, 1.0),
        (FinnedXWing, 1.0),
        (FinnedSwordfish, 13.0 / 14.0),
        (FinnedJellyfish, 12.0 / 14.0),
        (SashimiXWing, 1.0),
        (SashimiSwordfish, 1.0),
        (SashimiJellyfish, 1.0),
    ]);
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
    support::check_reglib(&[
        (FrankenXWing, 1.0),
        (FrankenSwordfish, 1.0),
        (FrankenJellyfish, 1.0),
        (MutantJellyfish, 1.0),
    ]);
}

#[test]
fn single_digit_patterns_pass_the_regression_library() {
    support::check_reglib(&[
        (Skyscraper, 1.0),
        (TwoStringKite, 1.0),
        (TurbotFish, 1.0),
        (EmptyRectangle, 1.0),
    ]);
}

/// (HoDoKu exemplar section, techniques that must apply, minimum hits).
const EXEMPLARS: &[(&str, &[Technique], usize)] = &[
    ("0300", &[XWing], 16),
    ("0301", &[Swordfish], 9),
    ("0302", &[Jellyfish], 10),
    ("0310", &[FinnedXWing], 7),
    ("0311", &[FinnedSwordfish], 11),
    ("0312", &[FinnedJellyfish], 8),
    ("0320", &[SashimiXWing], 7),
    ("0321", &[SashimiSwordfish], 10),
    ("0322", &[SashimiJellyfish], 10),
    ("0332", &[FrankenJellyfish], 4),
    ("0341", &[FrankenSwordfish], 10),
    // One 0342 exemplar ("......8.1162...", trace "x fff4(1)") has no fish of any kind after
    // singles, even with three exo and two endo fins allowed.
    ("0342", &[FrankenJellyfish], 18),
    ("0362", &[MutantJellyfish], 12),
    ("0400", &[Skyscraper], 13),
    ("0401", &[TwoStringKite], 4),
    ("0402", &[EmptyRectangle], 5),
    ("0403", &[TurbotFish], 13),
];

#[test]
fn exemplars_apply() {
    let mut failures = Vec::new();
    for &(code, ts, min) in EXEMPLARS {
        let (hit, total) = support::exemplar_hits(code, ts);
        println!("exemplars {code}: {hit}/{total}");
        if hit < min {
            failures.push(format!("{code}: {hit}/{total} < {min}"));
        }
    }
    assert!(failures.is_empty(), "{failures:?}");
}

fn all_techniques() -> Vec<Technique> {
    BASIC.iter().chain(&COMPLEX).chain(&SINGLE_DIGIT).copied().collect()
}

#[test]
fn every_instance_is_sound_on_exemplars() {
    let singles = [FullHouse, HiddenSingle, NakedSingle].into_iter().collect();
    let all = all_techniques();
    let mut bad = Vec::new();
    let mut boards = 0;
    for ex in support::exemplars() {
        if !(ex.code.starts_with("03") || ex.code.starts_with("04")) {
            continue;
        }
        for set in [singles, support::ssts()] {
            let b = support::apply_all(&ex.puzzle, set);
            if !b.is_complete() {
                boards += 1;
                bad.extend(support::check_all_instances_sound(&b, &all));
            }
        }
    }
    assert!(boards > 200, "only {boards} boards");
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn every_instance_is_sound_on_top1465() {
    let all = all_techniques();
    let mut bad = Vec::new();
    let mut boards = 0;
    for p in support::corpus("corpora/top1465.txt").iter().step_by(4) {
        let b = support::apply_all(p, support::ssts());
        if !b.is_complete() {
            boards += 1;
            bad.extend(support::check_all_instances_sound(&b, &all));
        }
    }
    assert!(boards > 250, "only {boards} boards");
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}
