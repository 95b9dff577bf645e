//! The generator: every puzzle it returns has one solution (its reported one), is minimal when
//! asked (orbit by orbit with a symmetry), keeps its clue bounds and symmetry, is what the target
//! asked for, carries `solve_path`'s rating, and depends only on the options and the seed —
//! also when paused at every poll. The golden puzzle (`tests/data/generate/golden.txt`) is
//! checked here natively and by the page's browser test from wasm.

use crate::support::read_data;
use deduku::generate::{GenOptions, GenPoll, Generator, Symmetry, Target, seed_for};
use deduku::solve::count_solutions;
use deduku::{Board, GenError, Generated, Level, Technique, generate, solve_path};
use std::cell::Cell;

/// Checks everything a generated puzzle promises for `opts`; returns it.
fn check(opts: &GenOptions, seed: u64) -> Generated {
    let g = generate(opts, seed).unwrap_or_else(|e| panic!("seed {seed}, {opts:?}: {e}"));
    let values = *g.puzzle.values();
    let line = deduku::format::to_line(&g.puzzle);
    let count = count_solutions(&g.puzzle, 2);
    assert_eq!(count.count, 1, "{line}: not one solution");
    assert_eq!(count.solutions[0], g.solution, "{line}: reported solution");
    for i in 0..81 {
        assert!(
            values[i] == 0 || values[i] == g.solution[i],
            "{line}: clue {i} not the solution's"
        );
    }
    let clues = values.iter().filter(|&&v| v != 0).count();
    assert_eq!(clues, usize::from(g.clues), "{line}: clue count");
    assert!((opts.min_clues..=opts.max_clues).contains(&g.clues), "{line}: {clues} clues");
    assert!(opts.symmetry.holds(&values), "{line}: not {} symmetric", opts.symmetry);
    if opts.minimal && opts.min_clues == 17 {
        // No orbit (a single clue without symmetry) can be taken away.
        for orbit in opts.symmetry.orbits() {
            if values[orbit[0]] == 0 {
                continue;
            }
            let mut less = values;
            for &i in &orbit {
                less[i] = 0;
            }
            assert!(
                count_solutions(&Board::from_values(&less), 2).count >= 2,
                "{line}: orbit {orbit:?} ({}) can go",
                opts.symmetry
            );
        }
    }
    let path = solve_path(&g.puzzle);
    assert_eq!(path.rating, g.rating, "{line}: rating differs from solve_path's");
    match opts.target {
        Target::Any => {}
        Target::Level(l) => assert_eq!(g.rating.level, l, "{line}"),
        Target::Se { min, max } => {
            assert!(
                g.rating.se >= min - 1e-4 && g.rating.se <= max + 1e-4,
                "{line}: {}",
                g.rating.se
            )
        }
        Target::Technique { technique, only_tier } => {
            assert!(
                path.steps.iter().any(|s| s.technique == technique),
                "{line}: no {technique:?}"
            );
            if only_tier {
                assert!(
                    path.steps.iter().all(|s| s.technique.tier() <= technique.tier()),
                    "{line}: a step above tier {}",
                    technique.tier()
                );
            }
        }
    }
    assert!(g.attempts >= 1 && g.attempts <= opts.max_attempts);
    assert!(g.solver_calls >= u64::from(g.attempts));
    g
}

#[test]
fn any_puzzle_over_many_seeds() {
    let opts = GenOptions::default();
    let mut seen = std::collections::HashSet::new();
    for k in 0..200 {
        let g = check(&opts, seed_for(1, k));
        assert!(seen.insert(*g.puzzle.values()), "seed {k}: the same puzzle twice");
    }
}

#[test]
fn every_level_is_reached() {
    for level in [Level::Easy, Level::Medium, Level::Hard, Level::Unfair, Level::Extreme] {
        let n = if level == Level::Extreme { 10 } else { 40 };
        let opts = GenOptions { target: Target::Level(level), ..GenOptions::default() };
        for k in 0..n {
            check(&opts, seed_for(11, k));
        }
    }
}

#[test]
fn every_symmetry_holds_and_no_orbit_can_go() {
    for symmetry in Symmetry::ALL {
        let opts = GenOptions { symmetry, ..GenOptions::default() };
        for k in 0..12 {
            check(&opts, seed_for(5, k));
        }
        let opts =
            GenOptions { symmetry, target: Target::Level(Level::Hard), ..GenOptions::default() };
        check(&opts, 3);
    }
}

#[test]
fn clue_bounds_and_not_minimal() {
    let opts = GenOptions { minimal: false, min_clues: 30, max_clues: 35, ..GenOptions::default() };
    let mut counts = std::collections::BTreeSet::new();
    for k in 0..40 {
        counts.insert(check(&opts, seed_for(2, k)).clues);
    }
    assert!(counts.len() >= 3, "clue counts not spread over the bounds: {counts:?}");
    let opts = GenOptions { min_clues: 24, max_clues: 26, ..GenOptions::default() };
    for k in 0..20 {
        check(&opts, seed_for(2, k));
    }
    let opts = GenOptions {
        symmetry: Symmetry::Central,
        minimal: false,
        min_clues: 36,
        max_clues: 40,
        ..GenOptions::default()
    };
    for k in 0..10 {
        check(&opts, seed_for(2, k));
    }
}

#[test]
fn se_ranges_are_respected() {
    for (min, max) in [(1.0, 2.0), (3.0, 4.5), (4.2, 4.2), (7.0, 9.0)] {
        let opts = GenOptions { target: Target::Se { min, max }, ..GenOptions::default() };
        for k in 0..5 {
            check(&opts, seed_for(4, k));
        }
    }
}

#[test]
fn technique_targets() {
    for technique in [Technique::XWing, Technique::NakedPair, Technique::XyWing] {
        for only_tier in [false, true] {
            let opts = GenOptions {
                target: Target::Technique { technique, only_tier },
                max_attempts: 20_000,
                ..GenOptions::default()
            };
            for k in 0..4 {
                check(&opts, seed_for(6, k));
            }
        }
    }
}

#[test]
fn a_tiny_budget_for_a_rare_target_is_not_found() {
    for budget in [1, 3] {
        let opts = GenOptions {
            target: Target::Technique { technique: Technique::Jellyfish, only_tier: true },
            max_attempts: budget,
            ..GenOptions::default()
        };
        assert_eq!(generate(&opts, 9), Err(GenError::NotFound { attempts: budget }));
        let mut g = Generator::new(&opts, 9);
        assert!(
            matches!(g.advance(None), GenPoll::Failed(GenError::NotFound { attempts }) if attempts == budget)
        );
        assert_eq!(g.attempts(), budget);
    }
}

#[test]
fn bad_options_are_refused() {
    let opts = GenOptions { min_clues: 10, max_clues: 20, ..GenOptions::default() };
    assert!(matches!(generate(&opts, 1), Err(GenError::BadOptions(_))));
    let opts = GenOptions { max_attempts: 0, ..GenOptions::default() };
    assert!(matches!(generate(&opts, 1), Err(GenError::BadOptions(_))));
}

#[test]
fn same_seed_same_puzzle_and_seeds_differ() {
    let targets = [
        GenOptions::default(),
        GenOptions { symmetry: Symmetry::Quarter, ..GenOptions::default() },
        GenOptions { target: Target::Level(Level::Unfair), ..GenOptions::default() },
        GenOptions { minimal: false, min_clues: 28, max_clues: 34, ..GenOptions::default() },
    ];
    for opts in targets {
        let a = generate(&opts, 123).expect("found");
        let b = generate(&opts, 123).expect("found");
        assert_eq!(a, b, "{opts:?}");
        let c = generate(&opts, 124).expect("found");
        assert_ne!(a.puzzle, c.puzzle, "{opts:?}");
    }
    // The seeds of one run differ from each other and from the run seed's neighbours.
    let seeds: std::collections::HashSet<u64> =
        (0..1000).flat_map(|k| [seed_for(1, k), seed_for(2, k)]).collect();
    assert_eq!(seeds.len(), 2000);
}

#[test]
fn pausing_at_every_poll_is_invisible() {
    let targets = [
        GenOptions::default(),
        GenOptions { target: Target::Level(Level::Extreme), ..GenOptions::default() },
        GenOptions {
            target: Target::Technique { technique: Technique::XWing, only_tier: true },
            symmetry: Symmetry::Central,
            max_attempts: 20_000,
            ..GenOptions::default()
        },
    ];
    for opts in targets {
        for seed in [1, 2] {
            let want = generate(&opts, seed).expect("found");
            let polls = Cell::new(0u64);
            let stop = || {
                polls.set(polls.get() + 1);
                true
            };
            let mut g = Generator::new(&opts, seed);
            let mut pending = 0u64;
            let got = loop {
                match g.advance(Some(&stop)) {
                    GenPoll::Found(p) => break p,
                    GenPoll::Pending => pending += 1,
                    GenPoll::Failed(e) => panic!("{opts:?}: {e}"),
                }
                assert!(pending < 10_000_000, "no progress");
            };
            assert_eq!(got, want, "{opts:?}, seed {seed}");
            assert!(pending > 0 && polls.get() > 0, "{opts:?}: never paused");
            assert_eq!(g.attempts(), want.attempts);
        }
    }
}

/// `tests/data/generate/golden.txt`: `seed<TAB>options<TAB>puzzle` after `#` comment lines.
#[test]
fn golden_puzzle() {
    let text = read_data("generate/golden.txt");
    let line =
        text.lines().find(|l| !l.starts_with('#') && !l.trim().is_empty()).expect("a data line");
    let fields: Vec<&str> = line.split('\t').collect();
    assert_eq!(fields.len(), 3, "{line}");
    let seed: u64 = fields[0].parse().expect("a seed");
    assert_eq!(fields[1], "GenOptions::default()", "the golden line is for GenOptions::default()");
    let g = generate(&GenOptions::default(), seed).expect("found");
    assert_eq!(deduku::format::to_line(&g.puzzle), fields[2]);
}
