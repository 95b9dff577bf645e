//! `deduku`: the command-line tool over the deduku library — solve, explain, rate and benchmark
//! puzzles, print them, list the instances of one technique in a position, generate puzzles, and
//! describe a technique.
//!
//! Exit codes: 0 when the command ran (even when some puzzles print `error: …` lines), 2 on bad
//! usage or unreadable input, 1 when the output cannot be written or when `generate` did not
//! find every puzzle asked for.

mod cmd;
mod json;
mod options;

use clap::{Parser, Subcommand};
// The input rules and the bench harness are in the library (`src/lib.rs`), shared with the
// benchmark and example targets; the subcommands reach them as `crate::input`.
use deduku_cli::input;
use input::Failure;
use std::io;
use std::process::ExitCode;

/// Sudoku solver, explainer and rater.
#[derive(Parser, Debug)]
#[command(name = "deduku", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Solve every puzzle of a file: the 81-digit solution or `error: …`, in input order.
    ///
    /// How a file is read (also by `rate` and `bench`): blank lines separate blocks. A block
    /// is read one puzzle per line when one of its lines holds a puzzle alone (a corpus file);
    /// otherwise the whole block is one multi-line puzzle (nine rows, `[d] x` rows, a -1 grid,
    /// a pencil-mark grid), so a file holding one grid is one puzzle and several grids are
    /// separated by blank lines. In a line, `#` starts a comment; a line that does not parse
    /// whole is read as tokens split at whitespace and `:`, and the first token of at least 81
    /// characters is the puzzle (so `puzzle:count:solution` and `id puzzle rating` lines work).
    #[command(verbatim_doc_comment)]
    Solve(cmd::solve::Args),
    /// Explain the solve path of one puzzle: numbered steps, solution, rating (or JSON).
    Explain(cmd::explain::Args),
    /// List the instances of one technique in a position, one JSON step per line.
    Steps(cmd::steps::Args),
    /// Rate every puzzle of a file (read as `solve` reads it): SE, level, hardest technique,
    /// steps (tab-separated).
    Rate(cmd::rate::Args),
    /// Time the exact solver on a puzzle file, read as `solve` reads it (one core; medians over
    /// runs).
    Bench(cmd::bench::Args),
    /// Generate new puzzles: one line each, `puzzle<TAB>se<TAB>level<TAB>hardest`.
    ///
    /// The puzzles have one solution and are minimal (no clue can go; with a symmetry, no
    /// symmetric group of clues) unless `--not-minimal`. At most one of `--level`, `--se` and
    /// `--technique` says what they must be (none: any puzzle). Puzzle k (from 0) comes from a
    /// seed derived from `--seed` (default 1) and k, and the lines are printed in k order, so the
    /// same options and seed print the same puzzles whatever the thread count.
    ///
    /// A puzzle not found within `--attempts` is reported on stderr (`puzzle K of N: not found
    /// within A attempts`) and the run goes on; the exit code is then 1. Exit code 2: bad options.
    Generate(cmd::generate::Args),
    /// Print one puzzle as a grid with box borders, as a pencil-mark grid (`--pm`), or one
    /// house (`--house r3|c5|b2`) or cell (`--cell r3c5`) with its allowed values.
    Print(cmd::print::Args),
    /// Print a worksheet for one technique: positions (pencil-mark grids) where it applies and
    /// nothing easier does, then the answer key (what every instance proves on each).
    Drill(cmd::drill::Args),
    /// Describe a technique in plain words: what the pattern looks like and why it works.
    /// TECHNIQUE is its ID or name, in any case (`x-wing`, `"Sue de Coq"`).
    About(cmd::about::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match &cli.command {
        Command::Solve(a) => cmd::solve::run(a),
        Command::Explain(a) => cmd::explain::run(a),
        Command::Steps(a) => cmd::steps::run(a),
        Command::Rate(a) => cmd::rate::run(a),
        Command::Bench(a) => cmd::bench::run(a),
        Command::Generate(a) => cmd::generate::run(a),
        Command::Print(a) => cmd::print::run(a),
        Command::Drill(a) => cmd::drill::run(a),
        Command::About(a) => cmd::about::run(a),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Output(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(f @ (Failure::Output(_) | Failure::Incomplete(_))) => {
            eprintln!("deduku: {f}");
            ExitCode::from(1)
        }
        Err(f @ Failure::Usage(_)) => {
            eprintln!("deduku: {f}");
            ExitCode::from(2)
        }
    }
}
