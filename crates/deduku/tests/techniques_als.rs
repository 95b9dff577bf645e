//! ALS family (ALS-XZ, ALS-XY-wing, ALS-XY-chain, death blossom, sue de coq, aligned pair
//! exclusion) against HoDoKu's regression library and exemplars, plus soundness sweeps.

mod common;

use deduku::Technique::{self, *};

const FAMILY: &[Technique] =
    &[AlignedPairExclusion, SueDeCoq, AlsXz, AlsXyWing, AlsXyChain, DeathBlossom];

#[test]
fn als_xz_passes_the_regression_library() {
    common::check_reglib(&[(AlsXz, 1.0)]);
}

#[test]
fn als_xy_wing_passes_the_regression_library() {
    common::check_reglib(&[(AlsXyWing, 1.0)]);
}

#[test]
fn als_xy_chain_passes_the_regression_library() {
    common::check_reglib(&[(AlsXyChain, 1.0)]);
}

#[test]
fn als_xy_wing_exemplars() {
    let (hit, total) = common::exemplar_hits("0902", &[AlsXyWing]);
    println!("0902: {hit}/{total}");
    assert!(hit >= total);
}

#[test]
fn als_xy_chain_exemplars() {
    let (hit, total) = common::exemplar_hits("0903", &[AlsXyChain]);
    println!("0903: {hit}/{total}");
    assert!(hit >= total);
}

#[test]
fn sue_de_coq_passes_the_regression_library() {
    common::check_reglib(&[(SueDeCoq, 1.0)]);
}

#[test]
fn sue_de_coq_exemplars() {
    let (hit, total) = common::exemplar_hits("1101", &[SueDeCoq]);
    println!("1101: {hit}/{total}");
    assert!(hit >= total);
}

#[test]
fn death_blossom_passes_the_regression_library() {
    common::check_reglib(&[(DeathBlossom, 1.0)]);
}

#[test]
fn als_xz_exemplars() {
    let (hit, total) = common::exemplar_hits("0901", &[AlsXz]);
    println!("0901: {hit}/{total}");
    assert!(hit >= total);
}

#[test]
fn family_is_sound_on_exemplars() {
    let mut bad = Vec::new();
    for ex in common::exemplars() {
        if !["0901", "0902", "0903", "0904", "1101"].contains(&ex.code.as_str()) {
            continue;
        }
        let set = if ex.trace.starts_with("ssts") {
            common::ssts()
        } else {
            [FullHouse, HiddenSingle, NakedSingle].into_iter().collect()
        };
        let b = common::apply_all(&ex.puzzle, set);
        bad.extend(common::check_all_instances_sound(&b, FAMILY));
    }
    assert!(bad.is_empty(), "unsound steps:\n{}", bad.join("\n"));
}

/// Positions of top1465 after the "ssts" set, for the soundness sweep and the timing report.
fn top1465_positions(limit: usize) -> Vec<deduku::Board> {
    common::corpus("corpora/top1465.txt")
        .iter()
        .take(limit)
        .map(|p| common::apply_all(p, common::ssts()))
        .filter(|b| !b.is_complete())
        .collect()
}

#[test]
fn family_is_sound_on_top1465_sample() {
    let mut bad = Vec::new();
    for b in top1465_positions(150) {
        bad.extend(common::check_all_instances_sound(&b, FAMILY));
    }
    assert!(bad.is_empty(), "unsound steps:\n{}", bad.join("\n"));
}

/// Timing report (first step, as the default path asks), not an assertion: `cargo test --release --test techniques_als -- --ignored
/// --nocapture timing`.
#[test]
#[ignore]
fn timing_on_top1465() {
    use deduku::logic::{Context, Sink, find};
    let positions = top1465_positions(1465);
    for &t in FAMILY {
        let mut times = Vec::new();
        let mut found = 0;
        for b in &positions {
            let start = std::time::Instant::now();
            let mut sink = Sink::new(1);
            let _ = find(b, t, &Context { unique: Some(true) }, &mut sink);
            times.push(start.elapsed().as_secs_f64() * 1e3);
            found += usize::from(!sink.is_empty());
        }
        times.sort_by(|a, b| a.partial_cmp(b).expect("finite"));
        let total: f64 = times.iter().sum();
        println!(
            "{:<24} positions {:>5} with-steps {:>5} median {:.3} ms  p90 {:.3} ms  max {:.3} ms  total {:.0} ms",
            t.id(),
            times.len(),
            found,
            times[times.len() / 2],
            times[times.len() * 9 / 10],
            times[times.len() - 1],
            total
        );
    }
}
