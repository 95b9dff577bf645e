//! Tier-1 techniques against HoDoKu's regression library and exemplars.

use crate::support::{self, EVERY_ONE};

use deduku::Technique::{self, *};

#[test]
fn singles_pass_the_regression_library() {
    support::check_reglib(&[FullHouse, HiddenSingle, NakedSingle], &[]);
}

#[test]
fn intersections_and_subsets_pass_the_regression_library() {
    // Unit permutation has no library code.
    let ts: Vec<Technique> =
        support::basic_set().iter().filter(|t| t.family() != deduku::Family::Singles).collect();
    support::check_reglib(&ts, &[]);
}

#[test]
fn exemplars_need_the_named_basic_technique_after_singles() {
    let sections = ["0100", "0101", "0110", "0111", "0200", "0201", "0210", "0211"];
    // In a house with eight empty cells a naked quad is the complement of a hidden quad: the
    // same deduction seen from the other side, so either counts.
    support::check_exemplars(
        &sections,
        &[
            ("0202", &[NakedQuad, HiddenQuad], EVERY_ONE),
            ("0212", &[HiddenQuad, NakedQuad], EVERY_ONE),
        ],
    );
}

/// The unit permutation check subsumes every subset of a house: wherever a naked or hidden
/// subset of the regression library eliminates, it eliminates at least as much.
#[test]
fn unit_permutation_subsumes_subsets() {
    let mut checked = 0;
    for case in support::reglib_cases() {
        let Some(t) = support::reglib_technique(&case.code) else { continue };
        if !matches!(
            t,
            NakedPair | NakedTriple | NakedQuad | HiddenPair | HiddenTriple | HiddenQuad
        ) || !case.must_fire
        {
            continue;
        }
        let up: Vec<_> = support::steps_of(&case.board, UnitPermutation)
            .into_iter()
            .flat_map(|s| s.eliminations)
            .collect();
        for e in &case.eliminations {
            assert!(up.contains(e), "line {}: unit permutation misses {e}", case.line_no);
        }
        checked += 1;
    }
    assert!(checked > 100);
}

/// By Hall's theorem a candidate outside every assignment of a house is removed by a naked or
/// hidden subset of that house (a naked set of m cells is a hidden set of k - m, so sizes up to
/// four suffice). So once singles and subsets are exhausted, the check must not fire.
#[test]
fn unit_permutation_does_not_fire_after_all_subsets() {
    let mut positions = 0;
    for b in support::top1465_after(5, support::basic_set()) {
        if b.is_complete() {
            continue;
        }
        positions += 1;
        let steps = support::steps_of(&b, UnitPermutation);
        assert!(steps.is_empty(), "{b:?}: {}", steps[0].text);
    }
    assert!(positions > 200);
}

#[test]
fn basic_techniques_are_sound_on_exemplar_and_corpus_positions() {
    // Tier 1 without the singles: intersections, subsets, unit permutation.
    let ts: Vec<Technique> = Technique::ALL
        .iter()
        .copied()
        .filter(|t| t.tier() == 1 && t.family() != deduku::Family::Singles)
        .collect();
    support::sound_sweep(&support::top1465_after(7, support::singles()), &ts);
}
