//! The work timed on both sides of the wasm ÷ native comparison, one module compiled twice: by
//! the `wasm_vs_native` example (native, `std::time::Instant`) and by the ignored benches of
//! `web/tests/browser.rs` (wasm in headless Chromium, `performance.now()`). The puzzles are
//! compiled in with `include_str!` from files of the repository
//! (`crates/deduku/tests/data/corpora/`, see its `SOURCES.md`), so both sides time the same
//! puzzles in the same order, with the same code, and a fresh clone builds both; only the clock
//! is handed in.
//!
//! Every result is one line starting with `bench ` and then `key=value` fields;
//! `bench/wasm-vs-native.sh` reads those lines from both sides and prints the ratios.

use deduku::Board;
use std::hint::black_box;

/// A named puzzle file compiled in.
pub struct Set {
    /// The name printed (`set=`).
    pub name: &'static str,
    /// The file: one 81-character puzzle per line; `#` lines and blank lines are skipped.
    pub text: &'static str,
}

/// The exact solver's sets: hard puzzles (top1465, all 1465), the hardest (the forum's
/// hardest-1106 list, every 37th: 10 puzzles) and the sparsest (17-clue, every 49th: 1004).
pub const EXACT_SETS: [Set; 3] = [
    Set { name: "top1465", text: include_str!("../../deduku/tests/data/corpora/top1465.txt") },
    Set {
        name: "forum-hardest-sample",
        text: include_str!("../../deduku/tests/data/corpora/forum-hardest-sample.txt"),
    },
    Set {
        name: "17-clue-sample",
        text: include_str!("../../deduku/tests/data/corpora/17-clue-sample.txt"),
    },
];

/// How the exact solver is timed: runs per set, and milliseconds per run. Many short runs, so
/// that on a shared machine some run has a core to itself: the line gives the median run and
/// the best one.
pub const EXACT_RUNS: usize = 20;
/// See [`EXACT_RUNS`].
pub const EXACT_RUN_MS: f64 = 150.0;

/// The explained path's set: every `PATH_STRIDE`-th puzzle of top1465 (74 puzzles).
pub const PATH_STRIDE: usize = 20;
/// Passes over the path set; each puzzle's time is its fastest pass.
pub const PATH_PASSES: usize = 3;

/// The boards of a set, parsed once before any timing.
pub fn boards(set: &Set) -> Vec<Board> {
    set.text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| deduku::parse(l).expect("a corpus puzzle parses"))
        .collect()
}

/// Milliseconds from some fixed start: `Instant` natively, `performance.now()` in wasm.
pub type Clock<'a> = &'a dyn Fn() -> f64;

/// One pass of the exact solver's uniqueness check (count up to 2, keeping no solution, as
/// `deduku bench --mode count2` does) over `boards`: (solutions counted, guesses).
pub fn exact_pass(boards: &[Board]) -> (usize, u64) {
    let (mut count, mut guesses) = (0, 0);
    for b in boards {
        let c = deduku::solve::count_solutions_keeping(black_box(b), 2, 0);
        count += c.count;
        guesses += c.guesses;
    }
    black_box((count, guesses))
}

/// The median of `v` (0 when empty).
pub fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    match v.len() {
        0 => 0.0,
        n if n % 2 == 1 => v[n / 2],
        n => (v[n / 2 - 1] + v[n / 2]) / 2.0,
    }
}

/// The exact solver's timing of one set, run by run, so the wasm side can yield to the page
/// between runs (a page busy for half a minute loses its test driver).
pub struct Exact {
    name: &'static str,
    boards: Vec<Board>,
    counted: usize,
    guesses: u64,
    usec: Vec<f64>,
}

impl Exact {
    /// Parses `set` and makes one untimed warm-up pass.
    pub fn new(set: &Set) -> Exact {
        let boards = boards(set);
        let (counted, guesses) = exact_pass(&boards);
        Exact { name: set.name, boards, counted, guesses, usec: Vec::new() }
    }

    /// One timed run: whole passes of [`exact_pass`] for at least `ms` milliseconds.
    pub fn run(&mut self, now: Clock, ms: f64) {
        let t0 = now();
        let mut passes = 0usize;
        while passes == 0 || now() - t0 < ms {
            exact_pass(&self.boards);
            passes += 1;
        }
        self.usec.push((now() - t0) * 1e3 / (passes * self.boards.len()) as f64);
    }

    /// The `bench exact` line: the speed of the median run (`puzzles_per_sec`) and of the
    /// fastest (`best_puzzles_per_sec`), with `counted` and `guesses` of one pass (equal on both
    /// sides when they did the same work).
    pub fn report(&self) -> String {
        let mut usec = self.usec.clone();
        let best = usec.iter().copied().fold(f64::INFINITY, f64::min);
        let us = median(&mut usec);
        format!(
            "bench exact set={} puzzles={} counted={} guesses={} runs={} puzzles_per_sec={:.0} \
             usec_per_puzzle={us:.2} best_puzzles_per_sec={:.0}",
            self.name,
            self.boards.len(),
            self.counted,
            self.guesses,
            usec.len(),
            1e6 / us,
            1e6 / best
        )
    }
}

/// The path set: every [`PATH_STRIDE`]-th puzzle of top1465, from the first.
pub fn path_boards() -> Vec<Board> {
    boards(&EXACT_SETS[0]).into_iter().step_by(PATH_STRIDE).collect()
}

/// The timing of `deduku::solve_path` (the explained path and its rating walk, as the worker
/// runs it) on [`path_boards`], puzzle by puzzle; each puzzle's time is its fastest pass.
pub struct PathBench {
    /// The boards timed.
    pub boards: Vec<Board>,
    best: Vec<f64>,
    steps: usize,
    passes: usize,
}

impl Default for PathBench {
    fn default() -> Self {
        let boards = path_boards();
        PathBench { best: vec![f64::INFINITY; boards.len()], boards, steps: 0, passes: 0 }
    }
}

impl PathBench {
    /// Times the path of board `i` once.
    pub fn time(&mut self, i: usize, now: Clock) {
        let t0 = now();
        let p = deduku::solve_path(black_box(&self.boards[i]));
        self.best[i] = self.best[i].min(now() - t0);
        if i == 0 {
            self.passes += 1;
            self.steps = 0;
        }
        self.steps += p.steps.len();
    }

    /// The `bench path` line: median and mean milliseconds per puzzle, and the steps of all
    /// paths (equal on both sides when they did the same work).
    pub fn report(&self) -> String {
        let mut best = self.best.clone();
        let mean = best.iter().sum::<f64>() / best.len() as f64;
        let max = best.iter().copied().fold(0.0, f64::max);
        format!(
            "bench path set=top1465-every{PATH_STRIDE} puzzles={} steps={} passes={} \
             median_ms={:.2} mean_ms={mean:.2} max_ms={max:.1}",
            best.len(),
            self.steps,
            self.passes,
            median(&mut best)
        )
    }
}

/// Walks the path of `puzzle` with `techniques` as the step search does (the board checked once
/// per position; each technique in order until one finds a step), timing each finder call with
/// `now`. After each call, `visit` gets the technique, the call's milliseconds and the step it
/// found when that step changes the board; a step that does not ends the walk. Returns the board
/// where the walk stopped. Shared with the `coverage` example, which counts the steps.
pub fn walk_timed(
    puzzle: &Board,
    techniques: &deduku::TechniqueSet,
    now: Clock,
    mut visit: impl FnMut(deduku::Technique, f64, Option<&deduku::logic::Step>),
) -> Board {
    use deduku::logic::{Context, Sink, find_checked};
    let ctx = Context { unique: Some(deduku::solve::count_solutions(puzzle, 2).count == 1) };
    let mut b = puzzle.clone();
    'path: while !b.is_complete() && b.check().is_ok() {
        for t in techniques.iter() {
            let t0 = now();
            let mut sink = Sink::new(1);
            let _ = find_checked(&b, t, &ctx, &mut sink);
            let ms = now() - t0;
            match sink.into_steps().into_iter().next() {
                Some(s) if s.makes_progress(&b) => {
                    visit(t, ms, Some(&s));
                    s.apply(&mut b);
                    continue 'path;
                }
                Some(_) => {
                    visit(t, ms, None);
                    break 'path;
                }
                None => visit(t, ms, None),
            }
        }
        break;
    }
    b
}

/// Time per technique family over the default path of every board of [`path_boards`]
/// ([`walk_timed`]; the rating walk is not in it): one `bench family` line per family with its
/// total milliseconds. Each finder call is timed on its own, so in the browser, whose clock is
/// coarsened, the small families' totals carry more of the clock's noise.
pub fn family_pass(now: Clock) -> Vec<String> {
    let mut per: std::collections::BTreeMap<deduku::Family, f64> = Default::default();
    let enabled = deduku::TechniqueSet::default_path();
    for p in &path_boards() {
        walk_timed(p, &enabled, now, |t, ms, _| *per.entry(t.family()).or_default() += ms);
    }
    per.iter().map(|(f, ms)| format!("bench family set={f:?} ms={ms:.2}")).collect()
}
