//! Coverage and speed of the default solve path on a corpus (top1465 by default).
//!
//! ```text
//! cargo run -p deduku --release --example coverage [FILE] [--limit N] [--path-only]
//!     [--without ID|FAMILY,...]
//! ```
//!
//! Reads `../shared/data/corpora/top1465.txt` when present, else the crate's copy in
//! `tests/data/corpora/`. Prints the share solved without brute force, the hardest technique of
//! each path, the steps per technique, the median and maximum time per puzzle, and the time
//! spent in each family.
//!
//! It also times the whole `solve_path` call (the shown path plus the rating walk), unless
//! `--path-only` is given (that part takes about two thirds of the run). Measured numbers are in
//! the README's "Performance" table (`bench/run path`).
//!
//! `--without` leaves techniques out of the default path: technique IDs or families
//! (`--without als`, `--without kraken-fish,template-set`), to see what a family costs the
//! whole path and which steps take its place. What single finders cost per position: the
//! `technique_timing` example.

use deduku_test_support as support;

// The timed walk of the path, shared with the wasm ÷ native comparison.
use deduku_test_support::work;

use deduku::logic::Options;
use deduku::{Board, Family, Technique, TechniqueSet};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::{Duration, Instant};

fn corpus_path(arg: Option<String>) -> PathBuf {
    if let Some(a) = arg {
        return PathBuf::from(a);
    }
    let shared = support::shared_path("data/corpora/top1465.txt");
    if shared.exists() { shared } else { support::data_path("corpora/top1465.txt") }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let mut file = None;
    let mut limit = usize::MAX;
    let mut enabled = TechniqueSet::default_path();
    let mut path_only = false;
    while let Some(a) = args.next() {
        if a == "--path-only" {
            path_only = true;
        } else if a == "--limit" {
            limit = args.next().and_then(|n| n.parse().ok()).unwrap_or(usize::MAX);
        } else if a == "--without" {
            for name in args.next().unwrap_or_default().split(',') {
                let Some(ts) = support::techniques_named(name) else {
                    eprintln!("--without: unknown technique or family `{name}`");
                    std::process::exit(2);
                };
                ts.into_iter().for_each(|t| enabled.remove(t));
            }
        } else {
            file = Some(a);
        }
    }
    let path = corpus_path(file);
    let Ok(text) = std::fs::read_to_string(&path) else {
        println!("corpus {} not found; nothing to measure", path.display());
        return;
    };
    let puzzles: Vec<Board> = support::puzzles(&text).into_iter().take(limit).collect();
    println!("corpus {} ({} puzzles)", path.display(), puzzles.len());
    let left_out: Vec<&str> = TechniqueSet::default_path()
        .iter()
        .filter(|&t| !enabled.contains(t))
        .map(|t| t.id())
        .collect();
    if !left_out.is_empty() {
        println!("without {}", left_out.join(", "));
    }
    let mut per_family: BTreeMap<Family, Duration> = BTreeMap::new();
    let mut per_technique: BTreeMap<Technique, Duration> = BTreeMap::new();
    let mut hardest: BTreeMap<&'static str, usize> = BTreeMap::new();
    let mut times = Vec::new();
    let mut slowest: Option<(Duration, Board)> = None;
    let mut without_bf = 0;
    let mut unsolved = Vec::new();
    let mut steps_total = 0usize;
    let mut used: BTreeMap<&'static str, usize> = BTreeMap::new();
    let clock = Instant::now();
    let now = move || clock.elapsed().as_secs_f64() * 1e3;
    for p in &puzzles {
        let start = Instant::now();
        let mut hard: Option<Technique> = None;
        let mut brute = false;
        let b = work::walk_timed(p, &enabled, &now, |t, ms, step| {
            let took = Duration::from_secs_f64(ms / 1e3);
            *per_family.entry(t.family()).or_default() += took;
            *per_technique.entry(t).or_default() += took;
            if step.is_some() {
                steps_total += 1;
                *used.entry(t.id()).or_default() += 1;
                brute |= t == Technique::BruteForce;
                if hard.is_none_or(|h| t > h) {
                    hard = Some(t);
                }
            }
        });
        times.push(start.elapsed());
        if slowest.as_ref().is_none_or(|(t, _)| start.elapsed() > *t) {
            slowest = Some((start.elapsed(), p.clone()));
        }
        if b.is_solved() && !brute {
            without_bf += 1;
        } else {
            unsolved.push(p.clone());
        }
        *hardest.entry(hard.map_or("none", |h| h.id())).or_default() += 1;
    }
    times.sort();
    let n = puzzles.len().max(1);
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!(
        "solved without brute force: {without_bf}/{} = {:.2}%",
        puzzles.len(),
        100.0 * without_bf as f64 / n as f64
    );
    if let (Some(med), Some(max)) = (times.get(times.len() / 2), times.last()) {
        let total: Duration = times.iter().sum();
        println!(
            "time per puzzle: median {:.2} ms, max {:.2} ms, mean {:.2} ms",
            ms(*med),
            ms(*max),
            ms(total) / n as f64
        );
    }
    if let Some((t, p)) = &slowest {
        println!("slowest: {:.2} ms, {}", ms(*t), deduku::format::to_line(p));
    }
    for p in &unsolved {
        println!("  needs brute force: {}", deduku::format::to_line(p));
    }
    println!("hardest technique per puzzle:");
    for (t, c) in &hardest {
        println!("  {t:<34} {c}");
    }
    println!("steps by technique ({steps_total} steps):");
    for (t, c) in &used {
        println!("  {t:<34} {c}");
    }
    println!("time per family (whole corpus):");
    for (f, d) in &per_family {
        println!("  {:<16} {:>10.1} ms", format!("{f:?}"), ms(*d));
    }
    println!("time per technique (over 1% of the total):");
    let total: Duration = per_technique.values().sum();
    for (t, d) in &per_technique {
        if *d * 100 > total {
            println!("  {:<34} {:>10.1} ms", t.id(), ms(*d));
        }
    }
    if path_only {
        return;
    }
    // The library call the CLI and the page make: the shown path plus the rating walk.
    let mut full: Vec<Duration> = puzzles
        .iter()
        .map(|p| {
            let t0 = Instant::now();
            let path = deduku::solve_path_with(p, &Options::with_techniques(enabled));
            std::hint::black_box(&path);
            t0.elapsed()
        })
        .collect();
    full.sort();
    if let (Some(med), Some(max)) = (full.get(full.len() / 2), full.last()) {
        let total: Duration = full.iter().sum();
        println!(
            "solve_path (path + SE rating walk) per puzzle: median {:.2} ms, max {:.2} ms, \
             mean {:.2} ms",
            ms(*med),
            ms(*max),
            ms(total) / full.len() as f64
        );
    }
}
