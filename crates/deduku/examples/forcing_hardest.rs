//! Brute force and time on the hardest known puzzles: the default path (`PathRun`, as
//! `solve_path` runs it) over `forum-hardest-1106.txt` and a sample of
//! `forum-hardest-1905-11plus-5000.txt`.
//!
//! ```text
//! cargo run -p deduku --release --example forcing_hardest [FILE] [--limit N] [--every K] [--verbose] [--path-only]
//! ```
//!
//! Without FILE it reads both corpora from `../shared/data/corpora/` (the 5000 file every 50th
//! puzzle unless `--every` says otherwise). For each puzzle it times the path shown (until its
//! last step) and the whole call (the path plus Sudoku Explainer's rating walk), and counts the
//! paths with a Brute Force step. Prints the counts, the median and maximum times, the steps by
//! technique and the SE numbers (ER) reached. `--verbose` prints one line per puzzle.
//! `--path-only` skips the rating walk (the same steps, found by `next_step_in`), for a quick
//! brute-force count over a whole file.

use deduku_test_support as support;

use deduku::logic::{Context, next_step_in};
use deduku::{Advance, Board, Options, PathRun, Technique};
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

struct Report {
    brute: usize,
    path: Vec<Duration>,
    total: Vec<Duration>,
    used: BTreeMap<&'static str, usize>,
    er: BTreeMap<String, usize>,
}

fn run(name: &str, puzzles: &[Board], verbose: bool, path_only: bool) {
    let mut r = Report {
        brute: 0,
        path: Vec::new(),
        total: Vec::new(),
        used: BTreeMap::new(),
        er: BTreeMap::new(),
    };
    for (i, p) in puzzles.iter().enumerate() {
        let t0 = Instant::now();
        if path_only {
            let ctx = Context { unique: Some(deduku::solve::count_solutions(p, 2).count == 1) };
            let mut b = p.clone();
            let mut brute = false;
            while let Some(s) = next_step_in(&b, &Options::default(), &ctx) {
                if !s.makes_progress(&b) {
                    break;
                }
                brute |= s.technique == Technique::BruteForce;
                *r.used.entry(s.technique.id()).or_default() += 1;
                s.apply(&mut b);
            }
            let t = t0.elapsed();
            r.brute += usize::from(brute);
            if verbose {
                println!(
                    "{:>5} {:>9.1} ms{} {}",
                    i + 1,
                    ms(t),
                    if brute { " BRUTE" } else { "" },
                    deduku::format::to_line(p)
                );
            }
            r.path.push(t);
            r.total.push(t);
            continue;
        }
        let mut run = PathRun::new(p, &Options::default());
        let mut path_time = Duration::ZERO;
        let mut brute = false;
        let mut steps = 0;
        loop {
            match run.advance(None) {
                Advance::Step(s) => {
                    path_time = t0.elapsed();
                    brute |= s.technique == Technique::BruteForce;
                    *r.used.entry(s.technique.id()).or_default() += 1;
                    steps += 1;
                }
                Advance::Pending => {}
                Advance::Done => break,
            }
        }
        let path = run.finish();
        let total = t0.elapsed();
        r.brute += usize::from(brute);
        *r.er.entry(format!("{:.1}", path.rating.se)).or_default() += 1;
        if verbose {
            println!(
                "{:>5} {:>9.1} ms {:>9.1} ms ER {:>4.1} {:>3} steps{} {}",
                i + 1,
                ms(path_time),
                ms(total),
                path.rating.se,
                steps,
                if brute { " BRUTE" } else { "" },
                deduku::format::to_line(p)
            );
        }
        r.path.push(path_time);
        r.total.push(total);
    }
    r.path.sort();
    r.total.sort();
    let n = puzzles.len();
    println!("{name}: {n} puzzles");
    println!("  paths with a Brute Force step: {}", r.brute);
    let stat = |v: &[Duration]| {
        let med = v.get(v.len() / 2).copied().unwrap_or_default();
        let max = v.last().copied().unwrap_or_default();
        let mean = v.iter().sum::<Duration>().as_secs_f64() * 1000.0 / n.max(1) as f64;
        format!("median {:.0} ms, max {:.0} ms, mean {:.0} ms", ms(med), ms(max), mean)
    };
    println!("  path shown:              {}", stat(&r.path));
    println!("  path + SE rating walk:   {}", stat(&r.total));
    println!("  steps by technique (tier 4 and forcing):");
    for (t, c) in &r.used {
        if Technique::from_id(t).is_some_and(|t| t.tier() == 4) {
            println!("    {t:<34} {c}");
        }
    }
    println!(
        "  ER: {}",
        r.er.iter().map(|(e, c)| format!("{e}×{c}")).collect::<Vec<_>>().join(" ")
    );
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn main() {
    let mut args = std::env::args().skip(1);
    let mut file = None;
    let mut limit = usize::MAX;
    let mut every = 50;
    let mut verbose = false;
    let mut path_only = false;
    while let Some(a) = args.next() {
        match a.as_str() {
            "--limit" => limit = args.next().and_then(|n| n.parse().ok()).unwrap_or(limit),
            "--every" => every = args.next().and_then(|n| n.parse().ok()).unwrap_or(every).max(1),
            "--verbose" => verbose = true,
            "--path-only" => path_only = true,
            _ => file = Some(a),
        }
    }
    let files: Vec<(String, usize)> = match file {
        Some(f) => vec![(f, 1)],
        None => vec![
            (support::shared_path("data/corpora/forum-hardest-1106.txt").display().to_string(), 1),
            (
                support::shared_path("data/corpora/forum-hardest-1905-11plus-5000.txt")
                    .display()
                    .to_string(),
                every,
            ),
        ],
    };
    for (f, step) in files {
        let Ok(text) = std::fs::read_to_string(&f) else {
            println!("{f} not found; nothing to measure");
            continue;
        };
        let puzzles: Vec<Board> =
            support::puzzles(&text).into_iter().step_by(step).take(limit).collect();
        let name = if step > 1 { format!("{f} (every {step}th)") } else { f };
        run(&name, &puzzles, verbose, path_only);
    }
}
