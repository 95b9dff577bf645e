//! `deduku solve [--count N] [--pretty] [--time] [--timeout-ms MS] [FILE]`: one result per
//! puzzle, in input order, on all cores.
//!
//! The solver keeps only the solutions printed: one per puzzle when solving (counting to 2 for
//! the uniqueness check), none when counting, so `--count` runs in flat memory for any N.

use crate::input::{Failure, Line, Source, run_batch};
use crate::options::TimeoutArg;
use deduku::Board;
use deduku::format::{to_digits, to_grid};
use deduku::solve::{Count, count_solutions_keeping, count_solutions_until};
use std::path::PathBuf;
use std::time::Instant;

/// Arguments of `solve`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Print the number of solutions instead of the solution, counting up to N (the count
    /// stops there: a puzzle with more solutions prints N).
    ///
    /// No solution is kept while counting, so memory stays flat for any N; time grows with the
    /// count, so a large N on a nearly empty grid may take very long (the empty grid has about
    /// 6.7 × 10^21 solutions; a core counts a few million a second).
    #[arg(long, value_name = "N", conflicts_with = "pretty")]
    pub count: Option<usize>,
    /// Print each solution as a 9×9 grid with box borders (an `error: …` line when there is
    /// none), followed by a blank line.
    #[arg(long)]
    pub pretty: bool,
    /// Add the time the puzzle took (parse and solve, on its core) in milliseconds: a TAB and
    /// the number after the result line, or a `time: X ms` line under a `--pretty` grid.
    #[arg(long)]
    pub time: bool,
    #[command(flatten)]
    pub timeout: TimeoutArg,
    /// Puzzle file (stdin when absent or `-`): one puzzle per line, or multi-line grids
    /// separated by blank lines (how a file is read: above).
    pub file: Option<PathBuf>,
}

/// What one puzzle gives: its solution, or a text line (a count or `error: …`).
enum Outcome {
    Solution([u8; 81]),
    Text(String),
}

/// Runs `solve`.
pub fn run(args: &Args) -> Result<(), Failure> {
    let source = Source::open(args.file.as_deref())?;
    run_batch(source, |line| {
        let start = Instant::now();
        let outcome = match args.count {
            Some(limit) => count_line(line, limit, &args.timeout),
            None => solve_line(line, &args.timeout),
        };
        let ms = start.elapsed().as_secs_f64() * 1e3;
        if args.pretty {
            let body = match outcome {
                Outcome::Solution(s) => to_grid(&Board::from_values(&s)),
                Outcome::Text(t) => t,
            };
            let time = if args.time { format!("\ntime: {ms:.3} ms") } else { String::new() };
            return format!("{body}{time}\n");
        }
        let text = match outcome {
            Outcome::Solution(s) => to_digits(&s),
            Outcome::Text(t) => t,
        };
        if args.time { format!("{text}\t{ms:.3}") } else { text }
    })
}

/// Counts `board`'s solutions up to `limit`, keeping the first `keep`, within the timeout.
fn count(board: &Board, limit: usize, keep: usize, timeout: &TimeoutArg) -> Count {
    match timeout.stop() {
        Some(stop) => count_solutions_until(board, limit, keep, &stop),
        None => count_solutions_keeping(board, limit, keep),
    }
}

/// The solution, or the `error: …` line.
fn solve_line(line: &Line, timeout: &TimeoutArg) -> Outcome {
    let board = match line.parse() {
        Ok(b) => b,
        Err(e) => return Outcome::Text(format!("error: {e}")),
    };
    // Count to 2 for the uniqueness check, keep the one solution printed (milliseconds at
    // most: the timeout never ends it).
    let c = count(&board, 2, 1, timeout);
    match (c.count, c.solutions.as_slice()) {
        (1, [one]) => Outcome::Solution(*one),
        (0, _) => Outcome::Text("error: no solution".to_string()),
        _ => Outcome::Text("error: multiple solutions".to_string()),
    }
}

/// The number of solutions up to `limit`, or `error: …` (`error: timeout` when the timeout
/// ended the count first).
fn count_line(line: &Line, limit: usize, timeout: &TimeoutArg) -> Outcome {
    Outcome::Text(match line.parse() {
        Err(e) => format!("error: {e}"),
        Ok(board) => match count(&board, limit, 0, timeout) {
            c if c.stopped => "error: timeout".to_string(),
            c => c.count.to_string(),
        },
    })
}
