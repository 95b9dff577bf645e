//! ALS family (ALS-XZ, ALS-XY-wing, ALS-XY-chain, death blossom, sue de coq, aligned pair
//! exclusion) against HoDoKu's regression library and exemplars, plus soundness sweeps.

use crate::support;

use deduku::Technique::{self, *};

const FAMILY: &[Technique] =
    &[AlignedPairExclusion, SueDeCoq, AlsXz, AlsXyWing, AlsXyChain, DeathBlossom];

#[test]
fn als_xz_passes_the_regression_library() {
    support::check_reglib(&[(AlsXz, 1.0)]);
}

#[test]
fn als_xy_wing_passes_the_regression_library() {
    support::check_reglib(&[(AlsXyWing, 1.0)]);
}

#[test]
fn als_xy_chain_passes_the_regression_library() {
    support::check_reglib(&[(AlsXyChain, 1.0)]);
}

#[test]
fn als_xy_wing_exemplars() {
    let (hit, total) = support::exemplar_hits("0902", &[AlsXyWing]);
    println!("0902: {hit}/{total}");
    assert!(hit >= total);
}

#[test]
fn als_xy_chain_exemplars() {
    let (hit, total) = support::exemplar_hits("0903", &[AlsXyChain]);
    println!("0903: {hit}/{total}");
    assert!(hit >= total);
}

#[test]
fn sue_de_coq_passes_the_regression_library() {
    support::check_reglib(&[(SueDeCoq, 1.0)]);
}

#[test]
fn sue_de_coq_exemplars() {
    let (hit, total) = support::exemplar_hits("1101", &[SueDeCoq]);
    println!("1101: {hit}/{total}");
    assert!(hit >= total);
}

#[test]
fn death_blossom_passes_the_regression_library() {
    support::check_reglib(&[(DeathBlossom, 1.0)]);
}

#[test]
fn als_xz_exemplars() {
    let (hit, total) = support::exemplar_hits("0901", &[AlsXz]);
    println!("0901: {hit}/{total}");
    assert!(hit >= total);
}

#[test]
fn family_is_sound_on_exemplars() {
    let mut bad = Vec::new();
    for ex in support::exemplars() {
        if !["0901", "0902", "0903", "0904", "1101"].contains(&ex.code.as_str()) {
            continue;
        }
        let set = if ex.trace.starts_with("ssts") {
            support::ssts()
        } else {
            [FullHouse, HiddenSingle, NakedSingle].into_iter().collect()
        };
        let b = support::apply_all(&ex.puzzle, set);
        bad.extend(support::check_all_instances_sound(&b, FAMILY));
    }
    assert!(bad.is_empty(), "unsound steps:\n{}", bad.join("\n"));
}

/// Positions of top1465 after the "ssts" set, for the soundness sweep and the timing report.
fn top1465_positions(limit: usize) -> Vec<deduku::Board> {
    support::corpus("corpora/top1465.txt")
        .iter()
        .take(limit)
        .map(|p| support::apply_all(p, support::ssts()))
        .filter(|b| !b.is_complete())
        .collect()
}

#[test]
fn family_is_sound_on_top1465_sample() {
    let mut bad = Vec::new();
    for b in top1465_positions(150) {
        bad.extend(support::check_all_instances_sound(&b, FAMILY));
    }
    assert!(bad.is_empty(), "unsound steps:\n{}", bad.join("\n"));
}

/// Walks the first puzzles of top1465 with the tier-1 techniques and this family (each step
/// the easiest that applies), checking every instance of the family at every position.
#[test]
fn family_is_sound_along_paths() {
    use deduku::TechniqueSet;
    use deduku::logic::{Context, Options, next_step_in};
    let mut set: TechniqueSet = Technique::ALL.iter().copied().filter(|t| t.tier() == 1).collect();
    set.remove(UnitPermutation);
    for &t in FAMILY {
        set.insert(t);
    }
    let opts = Options::with_techniques(set);
    let ctx = Context { unique: Some(true) };
    let mut bad = Vec::new();
    let mut positions = 0;
    for p in support::corpus("corpora/top1465.txt").iter().step_by(15).take(60) {
        let mut b = p.clone();
        while let Some(s) = next_step_in(&b, &opts, &ctx) {
            if !s.makes_progress(&b) {
                break;
            }
            if FAMILY.contains(&s.technique) {
                positions += 1;
                bad.extend(support::check_all_instances_sound(&b, FAMILY));
            }
            s.apply(&mut b);
        }
    }
    println!("checked {positions} positions");
    assert!(positions > 100);
    assert!(bad.is_empty(), "unsound steps:\n{}", bad.join("\n"));
}
