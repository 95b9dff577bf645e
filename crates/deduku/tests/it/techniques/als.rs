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

/// Timing report (first step, as the default path asks), not an assertion: `cargo test --release --test techniques_als -- --ignored
/// --nocapture timing`.
#[test]
#[ignore]
fn timing_on_top1465() {
    use deduku::logic::{Context, Sink, find};
    // Positions where the default path (tier 1 and this family) takes a step of this family,
    // from every 5th puzzle.
    let mut set: deduku::TechniqueSet =
        Technique::ALL.iter().copied().filter(|t| t.tier() == 1).collect();
    set.remove(UnitPermutation);
    for &t in FAMILY {
        set.insert(t);
    }
    let opts = deduku::logic::Options::with_techniques(set);
    let ctx = Context { unique: Some(true) };
    let mut positions = Vec::new();
    for p in support::corpus("corpora/top1465.txt").iter().step_by(5) {
        let mut b = p.clone();
        while let Some(s) = deduku::logic::next_step_in(&b, &opts, &ctx) {
            if !s.makes_progress(&b) {
                break;
            }
            if FAMILY.contains(&s.technique) {
                positions.push(b.clone());
            }
            s.apply(&mut b);
        }
    }
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

/// Timing report of whole default paths (whatever families are implemented), not an
/// assertion: `cargo test --release --test techniques_als -- --ignored --nocapture path_timing`.
#[test]
#[ignore]
fn path_timing_on_top1465() {
    let puzzles = support::corpus("corpora/top1465.txt");
    let without = std::env::var("WITHOUT_ALS").is_ok();
    let mut opts = deduku::logic::Options::default();
    if without {
        opts.enabled = opts.enabled.without_family(deduku::logic::Family::Als);
    }
    if let Ok(skip) = std::env::var("SKIP") {
        for id in skip.split(',') {
            opts.enabled.remove(Technique::from_id(id).expect("technique id"));
        }
    }
    let mut times = Vec::new();
    let mut als_steps = 0;
    for p in &puzzles {
        let start = std::time::Instant::now();
        let path = deduku::logic::solve_path_with(p, &opts);
        times.push(start.elapsed().as_secs_f64() * 1e3);
        als_steps += path.steps.iter().filter(|s| FAMILY.contains(&s.technique)).count();
    }
    times.sort_by(|a, b| a.partial_cmp(b).expect("finite"));
    println!(
        "default path over {} puzzles: median {:.2} ms, p90 {:.2} ms, max {:.2} ms; {} ALS-family steps",
        times.len(),
        times[times.len() / 2],
        times[times.len() * 9 / 10],
        times[times.len() - 1],
        als_steps
    );
}

/// Prints one step of each technique from the regression library (for reading the texts).
#[test]
#[ignore]
fn sample_texts() {
    for case in support::reglib_cases() {
        let Some(t) = support::reglib_technique(&case.code) else { continue };
        if !FAMILY.contains(&t) {
            continue;
        }
        if let Some(s) = support::steps_of(&case.board, t).first() {
            println!("{}: {} (len {})", case.code, s.text, s.length);
        }
    }
}
