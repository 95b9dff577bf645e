//! Generator figures (a benchmark, not a test): per level and per technique, the time per
//! puzzle (median, 90th percentile) on one core, the attempts per puzzle and the share of
//! searches that hit the attempt budget, the SE spread, and how much of the time the exact
//! solver (uniqueness checks) takes.
//!
//! `cargo run -p deduku --release --example generate_stats -- [--count N] [--techniques]
//! [--budget N]`

use deduku::generate::{GenOptions, GenPoll, Generator, Target, seed_for};
use deduku::{Level, Technique};
use std::time::Instant;

fn pct(v: &mut [f64], p: f64) -> f64 {
    if v.is_empty() {
        return f64::NAN;
    }
    v.sort_by(|a, b| a.total_cmp(b));
    v[((v.len() - 1) as f64 * p).round() as usize]
}

struct Row {
    times_ms: Vec<f64>,
    attempts: Vec<f64>,
    se: Vec<f64>,
    failed: usize,
    calls: u64,
}

fn run(target: Target, count: usize, budget: u32) -> Row {
    let opts = GenOptions { target, max_attempts: budget, ..GenOptions::default() };
    let mut row = Row { times_ms: vec![], attempts: vec![], se: vec![], failed: 0, calls: 0 };
    for k in 0..count {
        let t0 = Instant::now();
        let mut g = Generator::new(&opts, seed_for(2026, k as u64));
        match g.advance(None) {
            GenPoll::Found(p) => {
                row.times_ms.push(t0.elapsed().as_secs_f64() * 1e3);
                row.attempts.push(p.attempts as f64);
                row.se.push(p.rating.se as f64);
                row.calls += p.solver_calls;
            }
            _ => row.failed += 1,
        }
    }
    row
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let get = |name: &str, default: usize| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    };
    let count = get("--count", 50);
    let budget = get("--budget", 2000) as u32;
    println!("{count} puzzles per target, budget {budget} attempts, one core");
    println!(
        "target                     found  failed  median ms  p90 ms  attempts(med)  SE min/med/max  solver calls/puzzle"
    );
    let mut targets: Vec<(String, Target)> =
        [Level::Easy, Level::Medium, Level::Hard, Level::Unfair, Level::Extreme]
            .into_iter()
            .map(|l| (format!("level {}", l.name()), Target::Level(l)))
            .collect();
    if args.iter().any(|a| a == "--techniques") {
        for t in Technique::ALL.iter().filter(|t| matches!(t.tier(), 2 | 3)) {
            targets
                .push((t.id().to_string(), Target::Technique { technique: *t, only_tier: false }));
        }
    }
    for (name, target) in targets {
        let mut r = run(target, count, budget);
        let found = r.times_ms.len();
        let calls = if found > 0 { r.calls as f64 / found as f64 } else { 0.0 };
        println!(
            "{name:<26} {found:>5}  {:>6}  {:>9.1}  {:>6.1}  {:>13.0}  {:.1}/{:.1}/{:.1}  {calls:.0}",
            r.failed,
            pct(&mut r.times_ms.clone(), 0.5),
            pct(&mut r.times_ms, 0.9),
            pct(&mut r.attempts, 0.5),
            pct(&mut r.se.clone(), 0.0),
            pct(&mut r.se.clone(), 0.5),
            pct(&mut r.se, 1.0),
        );
    }
}
