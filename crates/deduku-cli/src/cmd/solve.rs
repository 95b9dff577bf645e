//! `deduku solve [--count N] [FILE]`: one line per puzzle, in input order, on all cores.
//!
//! The solver keeps only the solutions printed: one per line when solving (counting to 2 for
//! the uniqueness check), none when counting, so `--count` runs in flat memory for any N.

use crate::input::{Failure, Line, Source, run_batch};
use deduku::format::to_digits;
use deduku::solve::count_solutions_keeping;
use std::path::PathBuf;

/// Arguments of `solve`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Print the number of solutions instead of the solution, counting up to N (the count
    /// stops there: a line with more solutions prints N).
    ///
    /// No solution is kept while counting, so memory stays flat for any N; time grows with the
    /// count, so a large N on a nearly empty grid may take very long (the empty grid has about
    /// 6.7 × 10^21 solutions; a core counts a few million a second).
    #[arg(long, value_name = "N")]
    pub count: Option<usize>,
    /// Puzzle file, one puzzle per line (stdin when absent or `-`).
    pub file: Option<PathBuf>,
}

/// Runs `solve`.
pub fn run(args: &Args) -> Result<(), Failure> {
    let source = Source::open(args.file.as_deref())?;
    match args.count {
        Some(limit) => run_batch(source, |line| count_line(line, limit)),
        None => run_batch(source, solve_line),
    }
}

/// The 81-digit solution, or `error: …`.
fn solve_line(line: &Line) -> String {
    match line.parse() {
        Err(e) => format!("error: {e}"),
        Ok(board) => {
            // Count to 2 for the uniqueness check, keep the one solution printed.
            let c = count_solutions_keeping(&board, 2, 1);
            match (c.count, c.solutions.as_slice()) {
                (1, [one]) => to_digits(one),
                (0, _) => "error: no solution".to_string(),
                _ => "error: multiple solutions".to_string(),
            }
        }
    }
}

/// The number of solutions up to `limit`, or `error: …`.
fn count_line(line: &Line, limit: usize) -> String {
    match line.parse() {
        Err(e) => format!("error: {e}"),
        Ok(board) => count_solutions_keeping(&board, limit, 0).count.to_string(),
    }
}
