//! `deduku bench FILE [--mode one|count2] [--seconds S] [--runs R]`: the exact solver's speed
//! on one core, timed by the shared harness ([`deduku_cli::bench`]) in the same terms as
//! `../shared/tools/baseline`.

use crate::input::{Failure, read_puzzles};
use deduku_cli::bench::{Mode, Timing, measure};
use std::io::{self, Write};
use std::path::PathBuf;

/// Arguments of `bench`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// `one`: the first solution (limit 1); `count2`: count up to 2 (the uniqueness check).
    #[arg(long, value_enum, default_value_t = Mode::Count2)]
    pub mode: Mode,
    /// Minimum timed seconds in all (after the warm-up pass), split evenly over the runs.
    #[arg(long, default_value_t = 3.0, value_parser = parse_seconds)]
    pub seconds: f64,
    /// Timed runs; the speed printed is their median.
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u16).range(1..))]
    pub runs: u16,
    /// Puzzle file (stdin when absent or `-`): one puzzle per line, or multi-line grids
    /// separated by blank lines (read as `solve` reads it).
    pub file: PathBuf,
}

fn parse_seconds(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(x) if x.is_finite() && (0.0..=86_400.0).contains(&x) => Ok(x),
        _ => Err(format!("`{s}` is not a number of seconds between 0 and 86400")),
    }
}

/// Runs `bench`.
pub fn run(args: &Args) -> Result<(), Failure> {
    let puzzles = read_puzzles(&args.file)?;
    for e in puzzles.errors.iter().take(3) {
        eprintln!("deduku bench: skipping: {e}");
    }
    if puzzles.boards.is_empty() {
        return Err(Failure::Usage(format!("{}: no puzzle to time", args.file.display())));
    }
    let timing = Timing { runs: usize::from(args.runs), seconds: args.seconds };
    let report = measure(&puzzles.boards, args.mode, timing);
    let mut out = io::stdout().lock();
    writeln!(out, "deduku {report} skipped={}", puzzles.errors.len())?;
    out.flush()?;
    Ok(())
}
