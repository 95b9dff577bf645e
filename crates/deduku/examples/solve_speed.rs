//! Speed of the exact solver on a puzzle file, measured like `../shared/tools/baseline`.
//!
//! usage: `cargo run --release -p deduku --example solve_speed -- FILE [one|count2|emit] [min_seconds]`
//!
//! - `one`: first solution only (limit 1);
//! - `count2`: count solutions up to 2 (the uniqueness check);
//! - `emit`: untimed, one line per puzzle: the 81-digit solution, `error: no solution` or
//!   `error: multiple solutions` (the same output as the baseline's `emit`).
//!
//! Same answers as the reference (from the workspace root, with `../shared` present):
//!
//! ```text
//! F=../shared/data/corpora/17-clue.txt   # or top1465.txt
//! diff <(cargo run -q --release -p deduku --example solve_speed -- $F emit) \
//!      <(cargo run -q --release --manifest-path ../shared/tools/baseline/Cargo.toml -- $F emit)
//! ```
//!
//! Input: one puzzle per line; blank lines and lines starting with `#` are skipped; the first
//! 81 characters are read (`1`–`9` = given, anything else = empty). Timing: one warm-up pass,
//! then whole-file passes until `min_seconds` (default 3) have passed; single thread.

use deduku::solve::count_values;
use std::time::Instant;

fn read_puzzles(text: &str) -> Vec<[u8; 81]> {
    text.lines()
        .map(|l| l.trim_end_matches('\r'))
        .filter(|l| !l.is_empty() && !l.starts_with('#') && l.len() >= 81)
        .map(|l| {
            let mut g = [0u8; 81];
            for (cell, b) in g.iter_mut().zip(l.bytes()) {
                *cell = if (b'1'..=b'9').contains(&b) { b - b'0' } else { 0 };
            }
            g
        })
        .collect()
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let Some(path) = args.get(1) else {
        eprintln!("usage: solve_speed FILE [one|count2|emit] [min_seconds]");
        std::process::exit(2);
    };
    let mode = args.get(2).map_or("count2", String::as_str);
    let limit = match mode {
        "one" => 1,
        "count2" | "emit" => 2,
        other => {
            eprintln!("unknown mode {other}: use one, count2 or emit");
            std::process::exit(2);
        }
    };
    let min_secs: f64 = match args.get(3).map(|s| s.parse()) {
        None => 3.0,
        Some(Ok(s)) => s,
        Some(Err(e)) => {
            eprintln!("bad min_seconds: {e}");
            std::process::exit(2);
        }
    };
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("skipped: cannot read {path}: {e}");
            return;
        }
    };
    let grids = read_puzzles(&text);

    if mode == "emit" {
        let mut out = String::with_capacity(grids.len() * 82);
        for g in &grids {
            let c = count_values(g, 2);
            match c.solutions.as_slice() {
                [] => out.push_str("error: no solution"),
                [one] => out.extend(one.iter().map(|d| char::from(b'0' + d))),
                _ => out.push_str("error: multiple solutions"),
            }
            out.push('\n');
        }
        print!("{out}");
        return;
    }

    let pass = || {
        let mut solved = 0usize;
        let mut guesses = 0u64;
        for g in &grids {
            let c = count_values(g, limit);
            solved += usize::from(c.count > 0);
            guesses += c.guesses;
        }
        (solved, guesses)
    };
    let (solved, guesses) = pass();
    let start = Instant::now();
    let mut passes = 0usize;
    while passes == 0 || start.elapsed().as_secs_f64() < min_secs {
        std::hint::black_box(pass());
        passes += 1;
    }
    let secs = start.elapsed().as_secs_f64();
    let total = (grids.len() * passes) as f64;
    println!(
        "deduku mode={mode} puzzles={} solvable={solved} puzzles_per_sec={:.0} usec_per_puzzle={:.2} guesses_per_puzzle={:.2}",
        grids.len(),
        total / secs,
        secs * 1e6 / total,
        guesses as f64 / grids.len().max(1) as f64
    );
}
