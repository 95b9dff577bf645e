//! `deduku bench FILE [--mode one|count2] [--seconds S]`: the exact solver's speed on one core,
//! in the same terms as `../shared/tools/baseline` (one warm-up pass, then whole-file passes
//! until S seconds have passed).

use crate::input::{Failure, Source};
use deduku::Board;
use deduku::solve::count_solutions;
use std::hint::black_box;
use std::io::{self, Write};
use std::path::PathBuf;
use std::time::Instant;

/// Arguments of `bench`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// `one`: the first solution (limit 1); `count2`: count up to 2 (the uniqueness check).
    #[arg(long, value_enum, default_value_t = Mode::Count2)]
    pub mode: Mode,
    /// Minimum timed seconds (after the warm-up pass).
    #[arg(long, default_value_t = 3.0, value_parser = parse_seconds)]
    pub seconds: f64,
    /// Puzzle file, one puzzle per line (`-`: stdin).
    pub file: PathBuf,
}

/// What each solver call does.
#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Stop at the first solution.
    One,
    /// Count solutions up to 2.
    Count2,
}

fn parse_seconds(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(x) if x.is_finite() && (0.0..=86_400.0).contains(&x) => Ok(x),
        _ => Err(format!("`{s}` is not a number of seconds between 0 and 86400")),
    }
}

/// Runs `bench`.
pub fn run(args: &Args) -> Result<(), Failure> {
    let lines = Source::open(Some(&args.file))?.puzzle_lines()?;
    let mut boards: Vec<Board> = Vec::with_capacity(lines.len());
    let mut skipped = 0usize;
    for l in &lines {
        match l.parse() {
            Ok(b) => boards.push(b),
            Err(e) => {
                skipped += 1;
                if skipped <= 3 {
                    eprintln!("deduku bench: skipping: {e}");
                }
            }
        }
    }
    if boards.is_empty() {
        return Err(Failure::Usage(format!("{}: no puzzle to time", args.file.display())));
    }
    let limit = match args.mode {
        Mode::One => 1,
        Mode::Count2 => 2,
    };
    // One pass: (puzzles with a solution, guesses).
    let pass = || {
        let mut solvable = 0usize;
        let mut guesses = 0u64;
        for b in &boards {
            let c = count_solutions(black_box(b), limit);
            solvable += usize::from(c.count > 0);
            guesses += c.guesses;
        }
        (solvable, guesses)
    };
    let (solvable, guesses) = pass();
    let start = Instant::now();
    let mut passes = 0usize;
    while passes == 0 || start.elapsed().as_secs_f64() < args.seconds {
        black_box(pass());
        passes += 1;
    }
    let secs = start.elapsed().as_secs_f64();
    let total = (boards.len() * passes) as f64;
    let mode = match args.mode {
        Mode::One => "one",
        Mode::Count2 => "count2",
    };
    let mut out = io::stdout().lock();
    writeln!(
        out,
        "deduku mode={mode} puzzles={} solvable={solvable} skipped={skipped} passes={passes} \
         puzzles_per_sec={:.0} usec_per_puzzle={:.2} guesses_per_puzzle={:.2}",
        boards.len(),
        total / secs,
        secs * 1e6 / total,
        guesses as f64 / boards.len() as f64
    )?;
    out.flush()?;
    Ok(())
}
