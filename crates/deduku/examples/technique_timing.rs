//! What single techniques cost per position of top1465, for tuning a family's finder.
//!
//! ```text
//! cargo run -p deduku --release --example technique_timing -- [--positions singles|ssts|path] [--every N] ID|FAMILY...
//! ```
//!
//! Each argument is a technique ID (`x-chain`) or a family (`fish`, `single-digit`, `als`).
//! Positions come from every N-th puzzle (default 15) of `tests/data/corpora/top1465.txt`:
//!
//! - `singles` (default): after full house, hidden and naked singles;
//! - `ssts`: after HoDoKu's "ssts" set (singles, intersections, subsets, basic fish, XY- and
//!   XYZ-wing);
//! - `path`: every position where a walk with the tier-1 techniques (without unit permutation)
//!   and the named ones, easiest first, takes a step of a named one: what the step finder asks
//!   of them on the default path.
//!
//! Per technique it prints the positions with a step, the time to the first step as the step
//! finder searches (a full search where there is none: median, p90, max, mean), and the mean
//! time and count of every instance (texts included). Examples:
//!
//! ```text
//! cargo run -p deduku --release --example technique_timing -- x-chain forcing-net-contradiction
//! cargo run -p deduku --release --example technique_timing -- --positions ssts --every 1 fish single-digit
//! cargo run -p deduku --release --example technique_timing -- --positions path --every 5 als
//! ```
//!
//! Whole default paths with a technique or family left out: the `coverage` example's
//! `--without`.

use deduku_test_support as support;

use deduku::logic::{Context, Sink, find};
use deduku::{Board, Technique};
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let (mut positions, mut every) = (String::from("singles"), 15);
    let mut named: Vec<Technique> = Vec::new();
    while let Some(a) = args.next() {
        match a.as_str() {
            "--positions" => positions = args.next().unwrap_or_default(),
            "--every" => every = args.next().and_then(|n| n.parse().ok()).unwrap_or(every),
            _ => match support::techniques_named(&a) {
                Some(ts) => named.extend(ts),
                None => {
                    eprintln!("unknown technique or family `{a}`");
                    std::process::exit(2);
                }
            },
        }
    }
    if named.is_empty() {
        eprintln!("name at least one technique ID or family (see the example's doc comment)");
        std::process::exit(2);
    }
    let puzzles: Vec<Board> =
        support::corpus("corpora/top1465.txt").into_iter().step_by(every.max(1)).collect();
    let boards: Vec<Board> = match positions.as_str() {
        "singles" => {
            let singles = support::singles();
            puzzles.iter().map(|p| support::apply_all(p, singles)).collect()
        }
        "ssts" => puzzles.iter().map(|p| support::apply_all(p, support::ssts())).collect(),
        "path" => support::positions_needing(&puzzles, &named),
        other => {
            eprintln!("--positions {other}: expected singles, ssts or path");
            std::process::exit(2);
        }
    };
    let boards: Vec<Board> = boards.into_iter().filter(|b| !b.is_complete()).collect();
    println!("{} positions ({positions}, every {every}th top1465 puzzle)", boards.len());
    if boards.is_empty() {
        return;
    }
    let ctx = Context { unique: Some(true) };
    let ms = |t: Instant| t.elapsed().as_secs_f64() * 1e3;
    for t in named {
        let mut first: Vec<f64> = Vec::with_capacity(boards.len());
        let mut found = 0;
        for b in &boards {
            let t0 = Instant::now();
            let mut sink = Sink::new(1);
            let _ = find(b, t, &ctx, &mut sink);
            first.push(ms(t0));
            found += usize::from(!sink.is_empty());
        }
        let t0 = Instant::now();
        let mut instances = 0;
        for b in &boards {
            let mut sink = Sink::unlimited();
            let _ = find(b, t, &ctx, &mut sink);
            instances += sink.len();
        }
        let all_mean = ms(t0) / boards.len() as f64;
        first.sort_by(f64::total_cmp);
        let n = first.len();
        println!(
            "{:<32} with a step {found:>5}  first: median {:.3} ms, p90 {:.3} ms, max {:.3} ms, mean {:.3} ms  all: mean {all_mean:.3} ms, {instances} steps",
            t.id(),
            first[n / 2],
            first[n * 9 / 10],
            first[n - 1],
            first.iter().sum::<f64>() / n as f64,
        );
    }
}
