//! ALS family (ALS-XZ, ALS-XY-wing, ALS-XY-chain, death blossom, sue de coq, aligned pair
//! exclusion) against HoDoKu's regression library and exemplars, plus soundness sweeps.

use crate::support;

use deduku::Technique::{self, *};

const FAMILY: &[Technique] =
    &[AlignedPairExclusion, SueDeCoq, AlsXz, AlsXyWing, AlsXyChain, DeathBlossom];

#[test]
fn family_passes_the_regression_library() {
    // The library has no aligned pair exclusion case.
    support::check_reglib(&[SueDeCoq, AlsXz, AlsXyWing, AlsXyChain, DeathBlossom], &[]);
}

#[test]
fn every_exemplar_applies() {
    // The exemplars have no death blossom or aligned pair exclusion section with puzzles.
    support::check_exemplars(&["0901", "0902", "0903", "1101"], &[]);
}

#[test]
fn family_is_sound_on_exemplars() {
    let sections = ["0901", "0902", "0903", "0904", "1101"];
    support::sound_sweep(&support::exemplar_positions(|c| sections.contains(&c)), FAMILY);
}

#[test]
fn family_is_sound_on_top1465_sample() {
    support::sound_sweep(&support::top1465_after(10, support::ssts()), FAMILY);
}

/// Walks the first puzzles of top1465 with the tier-1 techniques and this family (each step
/// the easiest that applies), checking every instance of the family at every position.
#[test]
fn family_is_sound_along_paths() {
    let puzzles: Vec<_> =
        support::corpus("corpora/top1465.txt").into_iter().step_by(15).take(60).collect();
    let positions = support::positions_needing(&puzzles, FAMILY);
    assert!(positions.len() > 100, "only {} positions", positions.len());
    support::sound_sweep(&positions, FAMILY);
}
