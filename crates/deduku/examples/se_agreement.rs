//! Agreement of Deduku's SE number with Sukaku Explainer's ratings.
//!
//! ```text
//! cargo run -p deduku --release --example se_agreement [FILE] [--limit N] [--worst N]
//! ```
//!
//! Reads `../shared/data/corpora/se-rated-dev.txt` (lines `puzzle ER EP ED [time]`, rated by
//! Sukaku Explainer's `serate` with default options; its header says how) unless a file is given
//! (`se-rated-top-dev.txt` for the top of the scale), and skips with a message when it is absent.
//! Each puzzle is rated the way every path is ([`deduku::solve_path`]); the example prints the mean
//! absolute ER difference and the share within 0.1 and within 0.3, overall and by ER band (below
//! 3, 3–6, 6–8, 8–9, 9–10.5, 10.5 and up), the same for EP and ED, the time per puzzle, its
//! ratio to `serate`'s time when the file gives one (a fifth column like `1m47s`), and the worst
//! puzzles with the technique of their hardest step. `--poll-gaps` runs each path through
//! [`deduku::logic::PathRun`] with a stop check that never fires, and prints the longest time
//! between two polls of it (how long a cancel waits at worst); with `--cpu`, in the thread's CPU
//! time (Linux's `/proc/thread-self/schedstat`), so that time the thread spends preempted on a
//! loaded machine does not count.
//! Measured numbers are in the README (`bench/run rating` writes them).

use deduku_test_support as support;

use deduku::{Board, solve_path};
use std::path::PathBuf;
use std::time::Instant;

/// One rated line of the file.
struct Rated {
    line: String,
    board: Board,
    er: f32,
    ep: f32,
    ed: f32,
    /// `serate`'s time, seconds, when the file gives it.
    secs: Option<f64>,
}

/// `1m47s`, `52s` or `3.5` as seconds.
fn seconds(s: &str) -> Option<f64> {
    let s = s.strip_suffix('s').unwrap_or(s);
    match s.split_once('m') {
        Some((m, sec)) => Some(m.parse::<f64>().ok()? * 60.0 + sec.parse::<f64>().unwrap_or(0.0)),
        None => s.parse().ok(),
    }
}

fn read(path: &PathBuf) -> Option<Vec<Rated>> {
    let text = std::fs::read_to_string(path).ok()?;
    Some(
        text.lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .filter_map(|l| {
                let f: Vec<&str> = l.split_whitespace().collect();
                let num = |i: usize| f.get(i).and_then(|s| s.parse::<f32>().ok());
                Some(Rated {
                    line: f.first()?.to_string(),
                    board: support::board_from_line(f.first()?),
                    er: num(1)?,
                    ep: num(2)?,
                    ed: num(3)?,
                    secs: f.get(4).and_then(|s| seconds(s)),
                })
            })
            .collect(),
    )
}

/// Differences of one number against SE, summarised.
#[derive(Default)]
struct Tally {
    n: usize,
    sum: f64,
    within_01: usize,
    within_03: usize,
}

impl Tally {
    fn add(&mut self, d: f64) {
        self.n += 1;
        self.sum += d;
        // Ratings are tenths: compare with a little slack for f32 rounding.
        self.within_01 += usize::from(d < 0.1 + 1e-3);
        self.within_03 += usize::from(d < 0.3 + 1e-3);
    }

    fn line(&self, label: &str) -> String {
        if self.n == 0 {
            return format!("  {label:<10} {:>5}", 0);
        }
        let pct = |k: usize| 100.0 * k as f64 / self.n as f64;
        format!(
            "  {label:<10} {:>5}  mean |d| {:>5.3}  within 0.1 {:>5.1}%  within 0.3 {:>5.1}%",
            self.n,
            self.sum / self.n as f64,
            pct(self.within_01),
            pct(self.within_03)
        )
    }
}

const BANDS: [(&str, f32, f32); 6] = [
    ("ER <3", 0.0, 3.0),
    ("ER 3-6", 3.0, 6.0),
    ("ER 6-8", 6.0, 8.0),
    ("ER 8-9", 8.0, 9.0),
    ("ER 9-10.5", 9.0, 10.5),
    ("ER 10.5+", 10.5, 99.0),
];

fn main() {
    let mut args = std::env::args().skip(1);
    let mut file = None;
    let mut limit = usize::MAX;
    let mut worst_n = 15;
    let mut poll_gaps = false;
    let mut cpu = false;
    while let Some(a) = args.next() {
        match a.as_str() {
            "--limit" => limit = args.next().and_then(|n| n.parse().ok()).unwrap_or(limit),
            "--worst" => worst_n = args.next().and_then(|n| n.parse().ok()).unwrap_or(worst_n),
            "--poll-gaps" => poll_gaps = true,
            "--cpu" => cpu = true,
            _ => file = Some(PathBuf::from(a)),
        }
    }
    if cpu && thread_cpu().is_none() {
        eprintln!(
            "--cpu reads the thread's CPU time from /proc/thread-self/schedstat (Linux), \
             which cannot be read here; without --cpu the gaps are in wall time"
        );
        std::process::exit(2);
    }
    let path = file.unwrap_or_else(|| support::shared_path("data/corpora/se-rated-dev.txt"));
    let Some(set) = read(&path) else {
        println!("{} not found; nothing to measure (it lives in ../shared)", path.display());
        return;
    };
    let set: Vec<Rated> = set.into_iter().take(limit).collect();
    println!("{} ({} rated puzzles)", path.display(), set.len());
    let mut all = Tally::default();
    let mut bands: Vec<Tally> = BANDS.iter().map(|_| Tally::default()).collect();
    let (mut ep, mut ed) = (Tally::default(), Tally::default());
    let mut worst = Vec::new();
    let mut times = Vec::new();
    let mut gaps = Vec::new();
    let (mut ours_total, mut se_total) = (0.0f64, 0.0f64);
    for r in &set {
        let t0 = Instant::now();
        let path = if poll_gaps {
            let (path, gap) = run_polled(&r.board, cpu);
            gaps.push(gap);
            path
        } else {
            solve_path(&r.board)
        };
        let took = t0.elapsed();
        times.push(took);
        if let Some(s) = r.secs {
            ours_total += took.as_secs_f64();
            se_total += s;
        }
        let rating = path.rating;
        let d = (f64::from(rating.se) - f64::from(r.er)).abs();
        all.add(d);
        if let Some(i) = BANDS.iter().position(|&(_, lo, hi)| r.er >= lo && r.er < hi) {
            bands[i].add(d);
        }
        ep.add((f64::from(rating.ep) - f64::from(r.ep)).abs());
        ed.add((f64::from(rating.ed) - f64::from(r.ed)).abs());
        worst.push((d, r, rating, took));
    }
    println!("ER (Deduku's SE number against SE's):");
    println!("{}", all.line("all"));
    for ((label, _, _), t) in BANDS.iter().zip(&bands) {
        println!("{}", t.line(label));
    }
    println!("EP / ED:");
    println!("{}", ep.line("EP"));
    println!("{}", ed.line("ED"));
    times.sort();
    if let (Some(med), Some(max)) = (times.get(times.len() / 2), times.last()) {
        println!(
            "solve_path per puzzle: median {:.2} ms, max {:.2} ms",
            med.as_secs_f64() * 1000.0,
            max.as_secs_f64() * 1000.0
        );
    }
    gaps.sort();
    if let (Some(med), Some(max)) = (gaps.get(gaps.len() / 2), gaps.last()) {
        println!(
            "longest time between two stop polls, per puzzle: median {:.1} ms, max {:.1} ms",
            med.as_secs_f64() * 1000.0,
            max.as_secs_f64() * 1000.0
        );
    }
    if se_total > 0.0 {
        println!(
            "serate's time / ours, over the puzzles the file times: {:.0}x ({:.1} s against {:.1} s)",
            se_total / ours_total.max(1e-9),
            se_total,
            ours_total
        );
    }
    worst.sort_by(|a, b| b.0.total_cmp(&a.0));
    println!("worst {worst_n} (SE ER/EP/ED, ours ER/EP/ED, our time, our hardest step):");
    for (d, r, rating, took) in worst.iter().take(worst_n) {
        println!(
            "  {:+.1}  SE {:.1}/{:.1}/{:.1}  ours {:.1}/{:.1}/{:.1}  {:>7.2}s  {:<28} {}",
            if rating.se >= r.er { *d } else { -*d },
            r.er,
            r.ep,
            r.ed,
            rating.se,
            rating.ep,
            rating.ed,
            took.as_secs_f64(),
            rating.hardest.map_or("none", |t| t.id()),
            r.line
        );
    }
}

/// The thread's CPU time so far, from Linux's `/proc/thread-self/schedstat`; `None` where that
/// cannot be read.
fn thread_cpu() -> Option<std::time::Duration> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    s.split_whitespace().next()?.parse().ok().map(std::time::Duration::from_nanos)
}

/// The thread's CPU time so far (`cpu`; checked readable at the start), or its wall time since
/// `start`.
fn clock(cpu: bool, start: Instant) -> std::time::Duration {
    cpu.then(thread_cpu).flatten().unwrap_or_else(|| start.elapsed())
}

/// The path of `board` run with a stop check that never fires, and the longest time between
/// two polls of it (from the start, and to the end): wall time, or the thread's CPU time.
fn run_polled(board: &Board, cpu: bool) -> (deduku::Path, std::time::Duration) {
    use deduku::logic::{Advance, Options, PathRun};
    use std::cell::Cell;
    let start = Instant::now();
    let last = Cell::new(clock(cpu, start));
    let gap = Cell::new(std::time::Duration::ZERO);
    let stop = || {
        let now = clock(cpu, start);
        gap.set(gap.get().max(now.saturating_sub(last.get())));
        last.set(now);
        false
    };
    let mut run = PathRun::new(board, &Options::default());
    while !matches!(run.advance(Some(&stop)), Advance::Done) {}
    let end = clock(cpu, start);
    gap.set(gap.get().max(end.saturating_sub(last.get())));
    (run.finish(), gap.get())
}
