//! Soundness at scale (a benchmark, not a test): the generator makes N puzzles from a fixed
//! seed (any level; each symmetry in turn, minimal and not), and for each one
//! - every step of its path is checked against the generator's solution (no elimination of
//!   the solution's digit, no other digit placed) and the path must end solved;
//! - the path and rating are made a second time with the walk paused at pseudo-random points
//!   (the worker's way: `PathRun::advance` with a stop check) and must be identical, steps and
//!   rating, to the first, whose rating must be the generator's.
//!
//! `cargo run -p deduku-cli --release --example soundness_scale -- [--count N] [--seed S]`
//! (all cores; defaults 100000 and 2026). Prints the puzzles, steps, failures (each one named)
//! and the time, and the puzzles per level.

use deduku::generate::{GenOptions, Symmetry, generate, seed_for};
use deduku::logic::{Advance, Options, PathRun, PathStatus};
use deduku::{Level, Rating, Step};
use rayon::prelude::*;
use std::cell::Cell;
use std::time::Instant;

/// What one puzzle gave: its level, its steps, and the failures found.
struct Checked {
    level: Level,
    steps: usize,
    failures: Vec<String>,
}

fn same_rating(a: &Rating, b: &Rating) -> bool {
    a.se == b.se
        && a.ep == b.ep
        && a.ed == b.ed
        && a.level == b.level
        && a.hardest == b.hardest
        && a.score == b.score
}

fn check(i: u64, seed: u64) -> Checked {
    let opts = GenOptions {
        symmetry: Symmetry::ALL[(i % 8) as usize],
        minimal: i % 3 != 0,
        ..GenOptions::default()
    };
    let g = match generate(&opts, seed_for(seed, i)) {
        Ok(g) => g,
        Err(e) => {
            return Checked { level: Level::Easy, steps: 0, failures: vec![format!("#{i}: {e}")] };
        }
    };
    let sol = g.solution;
    let mut failures = Vec::new();
    let line = deduku::format::to_line(&g.puzzle);
    let options = Options::default();
    // First walk: no pauses.
    let path = PathRun::new(&g.puzzle, &options).finish();
    for (n, s) in path.steps.iter().enumerate() {
        let wrong_elim = s.eliminations.iter().any(|k| sol[k.cell.index()] == k.digit.get());
        let wrong_place = s.placements.iter().any(|k| sol[k.cell.index()] != k.digit.get());
        if wrong_elim || wrong_place {
            failures.push(format!("#{i} {line} step {}: unsound: {}", n + 1, s.text));
        }
    }
    if path.status != PathStatus::Solved {
        failures.push(format!("#{i} {line}: path ended {:?}", path.status));
    }
    if !same_rating(&path.rating, &g.rating) {
        failures.push(format!(
            "#{i} {line}: rating {:?} ≠ the generator's {:?}",
            path.rating, g.rating
        ));
    }
    // Second walk: paused at pseudo-random points of the stop checks.
    let state = Cell::new(seed_for(seed ^ 0x5eed, i) | 1);
    let stop = || {
        let mut x = state.get();
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        state.set(x);
        x % 7 == 0
    };
    let mut paused = PathRun::new(&g.puzzle, &options);
    let mut steps: Vec<Step> = Vec::new();
    loop {
        match paused.advance(Some(&stop)) {
            Advance::Step(s) => steps.push(s),
            Advance::Pending => {}
            Advance::Done => break,
        }
    }
    let again = paused.finish();
    if steps != path.steps || again.steps != path.steps {
        failures.push(format!("#{i} {line}: the paused walk's steps differ"));
    }
    if !same_rating(&again.rating, &path.rating) {
        failures.push(format!(
            "#{i} {line}: the paused walk's rating {:?} ≠ {:?}",
            again.rating, path.rating
        ));
    }
    Checked { level: path.rating.level, steps: path.steps.len(), failures }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let arg = |name: &str, default: u64| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    };
    let (count, seed) = (arg("--count", 100_000), arg("--seed", 2026));
    let t0 = Instant::now();
    let done: Vec<Checked> = (0..count).into_par_iter().map(|i| check(i, seed)).collect();
    let secs = t0.elapsed().as_secs_f64();
    let steps: usize = done.iter().map(|c| c.steps).sum();
    let failures: Vec<&String> = done.iter().flat_map(|c| &c.failures).collect();
    for f in failures.iter().take(50) {
        println!("FAIL {f}");
    }
    let mut per = std::collections::BTreeMap::new();
    for c in &done {
        *per.entry(c.level.name()).or_insert(0usize) += 1;
    }
    println!(
        "soundness at scale: {count} puzzles (seed {seed}), {steps} steps, {} failures, {secs:.0} s on {} threads; per level {per:?}",
        failures.len(),
        rayon::current_num_threads()
    );
    if !failures.is_empty() {
        std::process::exit(1);
    }
}
