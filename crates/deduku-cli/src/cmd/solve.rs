//! `deduku solve [FILE]`: one line per puzzle, in input order, on all cores.

use crate::input::{Failure, Line, Source, run_batch};
use deduku::format::to_digits;
use deduku::solve::count_solutions;
use std::path::PathBuf;

/// Arguments of `solve`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Print the number of solutions, counting up to N, instead of the solution.
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
            let c = count_solutions(&board, 2);
            match c.solutions.as_slice() {
                [] => "error: no solution".to_string(),
                [one] => to_digits(one),
                _ => "error: multiple solutions".to_string(),
            }
        }
    }
}

/// The number of solutions up to `limit`, or `error: …`.
fn count_line(line: &Line, limit: usize) -> String {
    match line.parse() {
        Err(e) => format!("error: {e}"),
        Ok(board) => count_solutions(&board, limit).count.to_string(),
    }
}
