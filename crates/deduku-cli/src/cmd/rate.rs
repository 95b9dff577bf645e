//! `deduku rate [FILE]`: per puzzle `se<TAB>level<TAB>hardest<TAB>steps<TAB>ep<TAB>ed`, in input
//! order, on all cores. `se` is Sudoku Explainer's ER, `ep` and `ed` its EP and ED (all from SE's
//! own walk); `level` is Deduku's, from the path shown.

use crate::input::{Failure, Line, Source, run_batch};
use crate::options::{TechniqueArgs, TimeoutArg};
use deduku::{Options, PathStatus};
use std::path::PathBuf;

/// Arguments of `rate`.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    techniques: TechniqueArgs,
    #[command(flatten)]
    timeout: TimeoutArg,
    /// Puzzle file (stdin when absent or `-`): one puzzle per line, or multi-line grids
    /// separated by blank lines (read as `solve` reads it).
    pub file: Option<PathBuf>,
}

/// Runs `rate`.
pub fn run(args: &Args) -> Result<(), Failure> {
    let source = Source::open(args.file.as_deref())?;
    let options = args.techniques.options();
    run_batch(source, |line| rate_line(line, &options, &args.timeout))
}

/// One output line: the rating, or `error: …` when the puzzle has no unique solution, does not
/// parse, the enabled techniques do not solve it, or it takes longer than the timeout.
fn rate_line(line: &Line, options: &Options, timeout: &TimeoutArg) -> String {
    let board = match line.parse() {
        Ok(b) => b,
        Err(e) => return format!("error: {e}"),
    };
    let Some(path) = timeout.path(&board, options) else {
        return "error: timeout".to_string();
    };
    match path.status {
        PathStatus::Solved => format!(
            "{:.1}\t{}\t{}\t{}\t{:.1}\t{:.1}",
            path.rating.se,
            path.rating.level,
            path.rating.hardest.map_or("-", |t| t.id()),
            path.steps.len(),
            path.rating.ep,
            path.rating.ed
        ),
        PathStatus::NoSolution => "error: no solution".to_string(),
        PathStatus::MultipleSolutions => "error: multiple solutions".to_string(),
        PathStatus::Stuck => {
            format!("error: stuck after {} steps (no enabled technique applies)", path.steps.len())
        }
    }
}
