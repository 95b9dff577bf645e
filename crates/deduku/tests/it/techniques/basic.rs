//! Tier-1 techniques against HoDoKu's regression library and exemplars.

use crate::support;

use deduku::Technique::*;

#[test]
fn singles_pass_the_regression_library() {
    support::check_reglib(&[(FullHouse, 1.0), (HiddenSingle, 1.0), (NakedSingle, 1.0)]);
}

#[test]
fn intersections_and_subsets_pass_the_regression_library() {
    support::check_reglib(&[
        (LockedCandidatesPointing, 1.0),
        (LockedCandidatesClaiming, 1.0),
        (LockedPair, 1.0),
        (LockedTriple, 1.0),
        (NakedPair, 1.0),
        (NakedTriple, 1.0),
        (NakedQuad, 1.0),
        (HiddenPair, 1.0),
        (HiddenTriple, 1.0),
        (HiddenQuad, 1.0),
    ]);
}

#[test]
fn exemplars_need_the_named_basic_technique_after_singles() {
    let sections: &[(&str, &[deduku::Technique])] = &[
        ("0100", &[LockedCandidatesPointing]),
        ("0101", &[LockedCandidatesClaiming]),
        ("0110", &[LockedPair]),
        ("0111", &[LockedTriple]),
        ("0200", &[NakedPair]),
        ("0201", &[NakedTriple]),
        // In a house with eight empty cells a naked quad is the complement of a hidden quad: the
        // same deduction seen from the other side, so either counts.
        ("0202", &[NakedQuad, HiddenQuad]),
        ("0210", &[HiddenPair]),
        ("0211", &[HiddenTriple]),
        ("0212", &[HiddenQuad, NakedQuad]),
    ];
    for (code, ts) in sections {
        let (hit, total) = support::exemplar_hits(code, ts);
        println!("exemplars {code}: {hit}/{total}");
        assert!(total > 0, "no exemplars for {code}");
        assert_eq!(hit, total, "exemplars {code}");
    }
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
    let set: deduku::TechniqueSet = [
        FullHouse,
        HiddenSingle,
        NakedSingle,
        NakedPair,
        NakedTriple,
        NakedQuad,
        HiddenPair,
        HiddenTriple,
        HiddenQuad,
    ]
    .into_iter()
    .collect();
    let mut positions = 0;
    for b in support::corpus("corpora/top1465.txt").iter().step_by(5) {
        let b = support::apply_all(b, set);
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
    let ts = [
        LockedCandidatesPointing,
        LockedCandidatesClaiming,
        LockedPair,
        LockedTriple,
        NakedPair,
        NakedTriple,
        NakedQuad,
        HiddenPair,
        HiddenTriple,
        HiddenQuad,
        UnitPermutation,
    ];
    let singles: deduku::TechniqueSet =
        [FullHouse, HiddenSingle, NakedSingle].into_iter().collect();
    let mut bad = Vec::new();
    for b in support::corpus("corpora/top1465.txt").iter().step_by(7) {
        bad.extend(support::check_all_instances_sound(&support::apply_all(b, singles), &ts));
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}
