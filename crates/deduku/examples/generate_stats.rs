//! Generator figures (a benchmark, not a test): per level and per technique, the time per
//! puzzle (median, 90th percentile) on one core, the attempts per puzzle and the share of
//! searches that hit the attempt budget, the SE spread, the exact-solver calls per puzzle and
//! the share of the time spent in the exact solver.
//!
//! `cargo run -p deduku --release --example generate_stats -- [--count N] [--budget N]
//! [--levels easy,medium,…] [--techniques] [--technique-count N]`
//!
//! The library reads no clock, so the time in the exact solver is measured here: the example
//! runs the generator's attempt loop itself, on the library's public pieces (`random_solution`,
//! `dig`, `PathRun`), timing the solution grid and the digging (the uniqueness
//! checks) apart from the path and rating. The replica draws the same random numbers as the
//! library, so it finds the same puzzles: the first puzzles of every target are checked against
//! [`generate`].

use deduku::generate::{GenOptions, Rng, Target, dig, generate, random_solution, seed_for};
use deduku::logic::{Advance, Options, PathRun, PathStatus};
use deduku::{Board, Level, Technique};
use deduku_test_support as support;
use std::time::{Duration, Instant};

/// One search as the library's `Generator` runs it, timed.
struct Found {
    puzzle: Option<[u8; 81]>,
    se: f32,
    attempts: u32,
    calls: u64,
    total: Duration,
    solver: Duration,
}

fn search(opts: &GenOptions, seed: u64) -> Found {
    let t0 = Instant::now();
    let mut rng = Rng::new(seed);
    let mut out = Found {
        puzzle: None,
        se: 0.0,
        attempts: 0,
        calls: 0,
        total: Duration::ZERO,
        solver: Duration::ZERO,
    };
    while out.attempts < opts.max_attempts {
        out.attempts += 1;
        let ts = Instant::now();
        let solution = random_solution(&mut rng);
        let (values, calls) = dig(&solution, opts, &mut rng);
        out.calls += 1 + calls;
        let clues = values.iter().filter(|&&v| v != 0).count();
        if clues > opts.max_clues as usize || clues < opts.min_clues as usize {
            out.solver += ts.elapsed();
            continue;
        }
        let board = Board::from_values(&values);
        out.calls += 1;
        // PathRun::new counts the solutions (one exact-solver call).
        let mut run = PathRun::new(&board, &Options::default());
        out.solver += ts.elapsed();
        let mut dropped = false;
        loop {
            match run.advance(None) {
                Advance::Step(s) => {
                    if let Target::Technique { technique, only_tier: true } = opts.target
                        && s.technique.tier() > technique.tier()
                    {
                        dropped = true;
                        break;
                    }
                }
                Advance::Pending => {}
                Advance::Done => break,
            }
        }
        if dropped {
            continue;
        }
        let path = run.finish();
        let ok = path.status == PathStatus::Solved
            && match opts.target {
                Target::Any => true,
                Target::Level(l) => path.rating.level == l,
                Target::Se { min, max } => {
                    path.rating.se >= min - 1e-4 && path.rating.se <= max + 1e-4
                }
                Target::Technique { technique, only_tier } => {
                    path.steps.iter().any(|s| s.technique == technique)
                        && (!only_tier
                            || path.steps.iter().all(|s| s.technique.tier() <= technique.tier()))
                }
            };
        if ok {
            out.puzzle = Some(values);
            out.se = path.rating.se;
            break;
        }
    }
    out.total = t0.elapsed();
    out
}

#[derive(Default)]
struct Row {
    times_ms: Vec<f64>,
    attempts: Vec<f64>,
    se: Vec<f64>,
    failed: usize,
    calls: u64,
    total: Duration,
    solver: Duration,
}

/// Runs `count` searches (stopping early when the first `give_up` all fail).
fn run(target: Target, count: usize, budget: u32, give_up: usize) -> Row {
    let opts = GenOptions { target, max_attempts: budget, ..GenOptions::default() };
    let mut row = Row::default();
    for k in 0..count {
        let seed = seed_for(2026, k as u64);
        let f = search(&opts, seed);
        if k < 3 {
            let lib = generate(&opts, seed).ok().map(|g| *g.puzzle.values());
            assert_eq!(lib, f.puzzle, "the replica differs from the library ({target:?}, k {k})");
        }
        row.total += f.total;
        row.solver += f.solver;
        match f.puzzle {
            Some(_) => {
                row.times_ms.push(f.total.as_secs_f64() * 1e3);
                row.attempts.push(f64::from(f.attempts));
                row.se.push(f64::from(f.se));
                row.calls += f.calls;
            }
            None => row.failed += 1,
        }
        if row.times_ms.is_empty() && row.failed >= give_up {
            break;
        }
    }
    row
}

fn print_row(name: &str, r: &Row) {
    let found = r.times_ms.len();
    let tried = found + r.failed;
    let calls = if found > 0 { r.calls as f64 / found as f64 } else { f64::NAN };
    let share = r.solver.as_secs_f64() / r.total.as_secs_f64().max(1e-12) * 100.0;
    println!(
        "| {name} | {found}/{tried} | {:.0}% | {:.1} | {:.1} | {:.0} / {:.0} | {:.1} / {:.1} / {:.1} | {calls:.0} | {share:.0}% |",
        r.failed as f64 / tried.max(1) as f64 * 100.0,
        support::percentile(&r.times_ms, 0.5),
        support::percentile(&r.times_ms, 0.9),
        support::percentile(&r.attempts, 0.5),
        support::percentile(&r.attempts, 0.9),
        support::percentile(&r.se, 0.0),
        support::percentile(&r.se, 0.5),
        support::percentile(&r.se, 1.0),
    );
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let value = |name: &str| args.iter().position(|a| a == name).and_then(|i| args.get(i + 1));
    let get =
        |name: &str, default: usize| value(name).and_then(|v| v.parse().ok()).unwrap_or(default);
    let count = get("--count", 50);
    let budget = get("--budget", 2000) as u32;
    let levels: Vec<Level> = match value("--levels") {
        Some(list) => list
            .split(',')
            .map(|n| {
                [Level::Easy, Level::Medium, Level::Hard, Level::Unfair, Level::Extreme]
                    .into_iter()
                    .find(|l| l.name() == n)
                    .unwrap_or_else(|| panic!("unknown level {n}"))
            })
            .collect(),
        None => vec![Level::Easy, Level::Medium, Level::Hard, Level::Unfair, Level::Extreme],
    };
    println!("budget {budget} attempts, one core, seeds seed_for(2026, k)");
    let header = "| target | found/tried | budget hit | median ms | p90 ms | attempts med / p90 | SE min / med / max | solver calls/puzzle | time in exact solver |\n|---|---|---|---|---|---|---|---|---|";
    if !levels.is_empty() && count > 0 {
        println!("\n{count} puzzles per level\n\n{header}");
        for level in levels {
            print_row(
                &format!("level {}", level.name()),
                &run(Target::Level(level), count, budget, count),
            );
        }
    }
    if args.iter().any(|a| a == "--techniques") {
        let n = get("--technique-count", 10);
        println!(
            "\nup to {n} puzzles per technique (tiers 2-3, default path; a technique whose first search fails is given up)\n\n{header}"
        );
        let mut off = Vec::new();
        for t in Technique::ALL.iter().filter(|t| matches!(t.tier(), 2 | 3)) {
            if !t.default_enabled() {
                off.push(t.id());
                continue;
            }
            let r = run(Target::Technique { technique: *t, only_tier: false }, n, budget, 1);
            print_row(t.id(), &r);
        }
        println!("\nnot on the default path (never found by construction): {}", off.join(", "));
    }
}
