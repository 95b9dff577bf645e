//! Drill figures (a benchmark, not a test): per technique, the time to make a drill position
//! ([`deduku::drill::drill_position`]) natively on one thread, median and max over seeds
//! `0..N`, with the attempts and the number of instances ("Find all") on the position.
//!
//! `cargo run -p deduku --release --example drill_timing -- [--seeds N] [--tiers 1,2,3,4]
//! [--budget N] [--all]` (budget default: `DRILL_ATTEMPTS`)
//!
//! By default the techniques of [`DRILL_TECHNIQUES`] of the tiers asked; `--all` times every
//! technique the default path can reach (to find those an easier technique always pre-empts).
//! The page's target is a median under 300 ms in the browser for tiers 1–3; wasm runs this
//! work some 1.5–2.5 times slower than native.

use deduku::Technique;
use deduku::drill::{DRILL_ATTEMPTS, DRILL_TECHNIQUES, DrillGenerator, DrillPoll, is_reachable};
use deduku::generate::GenOptions;
use deduku_test_support as support;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let value = |name: &str| args.iter().position(|a| a == name).and_then(|i| args.get(i + 1));
    let seeds: u64 = value("--seeds").and_then(|v| v.parse().ok()).unwrap_or(20);
    let budget: u32 = value("--budget").and_then(|v| v.parse().ok()).unwrap_or(DRILL_ATTEMPTS);
    let tiers: Vec<u8> = value("--tiers")
        .map(|l| l.split(',').filter_map(|t| t.parse().ok()).collect())
        .unwrap_or_else(|| vec![1, 2, 3, 4]);
    let all = args.iter().any(|a| a == "--all");
    let list: Vec<Technique> = if all {
        Technique::ALL.iter().copied().filter(|&t| is_reachable(t)).collect()
    } else {
        DRILL_TECHNIQUES.to_vec()
    };
    let opts = GenOptions { max_attempts: budget, ..GenOptions::default() };
    println!("seeds 0..{seeds}, budget {budget} attempts, one thread, native release build");
    println!();
    println!(
        "| technique | tier | found | median ms | max ms | attempts med / max | \
         instances med / max |"
    );
    println!("|---|---|---|---|---|---|---|");
    for t in list.into_iter().filter(|t| tiers.contains(&t.tier())) {
        let mut times = Vec::new();
        let mut attempts = Vec::new();
        let mut instances = Vec::new();
        let mut failed = 0;
        for seed in 0..seeds {
            let t0 = Instant::now();
            let mut g = DrillGenerator::with_options(t, &opts, seed);
            let found = loop {
                match g.advance(None) {
                    DrillPoll::Found(d) => break Some(d),
                    DrillPoll::Failed(_) => break None,
                    DrillPoll::Pending => {}
                }
            };
            let ms = t0.elapsed().as_secs_f64() * 1e3;
            match found {
                Some(d) => {
                    times.push(ms);
                    attempts.push(f64::from(d.attempts));
                    instances.push(d.instances().len() as f64);
                }
                None => {
                    failed += 1;
                    // A technique not found on the first seed is given up (it costs the whole
                    // budget per seed).
                    if times.is_empty() {
                        break;
                    }
                }
            }
        }
        let tried = times.len() + failed;
        println!(
            "| {} | {} | {}/{} | {:.1} | {:.1} | {:.0} / {:.0} | {:.0} / {:.0} |",
            t.id(),
            t.tier(),
            times.len(),
            tried,
            support::percentile(&times, 0.5),
            support::percentile(&times, 1.0),
            support::percentile(&attempts, 0.5),
            support::percentile(&attempts, 1.0),
            support::percentile(&instances, 0.5),
            support::percentile(&instances, 1.0),
        );
    }
}
