//! A dump of Sudoku Explainer's walk per puzzle, to prove that a change of the rating code
//! changes no rating: diff the dumps made before and after.
//!
//! ```text
//! cargo run -p deduku --release --example se_dump FILE [--threads N] [--limit N] [--times]
//! ```
//!
//! Reads one puzzle per line (the first field; `#` lines and blank lines skipped) and prints, in
//! input order, `puzzle ER EP ED hardest rating steps walk` tab-separated: the SE numbers of
//! [`deduku::se_steps`]' walk (as [`deduku::rate::Rater`] sums it), the technique and rating of
//! its hardest step, the number of steps, and a hash of the whole walk (each step and its
//! rating), so that any step found differently shows. `--times` adds the seconds per puzzle
//! (then the dumps differ by it: cut the last column before diffing). Puzzles are spread over
//! `--threads` threads (default 1).

use deduku::logic::se_steps;
use deduku::rate::Rater;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::time::Instant;

fn line_of(puzzle: &str, times: bool) -> String {
    let Ok(board) = deduku::parse(puzzle) else { return format!("{puzzle}\tunparsed") };
    let t0 = Instant::now();
    let walk = se_steps(&board);
    let secs = t0.elapsed().as_secs_f64();
    let mut rater = Rater::default();
    let mut hasher = DefaultHasher::new();
    let mut hardest: Option<(&str, f32)> = None;
    for (s, r) in &walk {
        rater.add_rated(s, *r);
        format!("{s:?} {r}").hash(&mut hasher);
        if hardest.is_none_or(|(_, h)| *r > h) {
            hardest = Some((s.technique.id(), *r));
        }
    }
    let rating = rater.rating();
    let (name, r) = hardest.unwrap_or(("-", 0.0));
    let mut out = format!(
        "{puzzle}\t{:.1}\t{:.1}\t{:.1}\t{name}\t{r:.2}\t{}\t{:016x}",
        rating.se,
        rating.ep,
        rating.ed,
        walk.len(),
        hasher.finish()
    );
    if times {
        out.push_str(&format!("\t{secs:.3}"));
    }
    out
}

fn main() {
    let mut args = std::env::args().skip(1);
    let (mut file, mut threads, mut limit, mut times) = (None, 1usize, usize::MAX, false);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--threads" => threads = args.next().and_then(|n| n.parse().ok()).unwrap_or(1),
            "--limit" => limit = args.next().and_then(|n| n.parse().ok()).unwrap_or(limit),
            "--times" => times = true,
            _ => file = Some(a),
        }
    }
    let Some(file) = file else {
        eprintln!("usage: se_dump FILE [--threads N] [--limit N] [--times]");
        std::process::exit(2);
    };
    let text = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("reading {file}: {e}"));
    let puzzles: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| l.split_whitespace().next())
        .take(limit)
        .collect();
    let threads = threads.max(1);
    let mut lines = vec![String::new(); puzzles.len()];
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let puzzles = &puzzles;
                s.spawn(move || {
                    (t..puzzles.len())
                        .step_by(threads)
                        .map(|i| (i, line_of(puzzles[i], times)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        for h in handles {
            for (i, l) in h.join().expect("a dump thread") {
                lines[i] = l;
            }
        }
    });
    for l in lines {
        println!("{l}");
    }
}
