//! `deduku explain [PUZZLE|FILE]`: the solve path, as numbered text or as one JSON object.

use crate::input::{Failure, single_puzzle};
use crate::json::{PathJson, status_name, to_line_json};
use crate::options::TechniqueArgs;
use deduku::format::{to_digits, to_line, to_line_with_placed};
use deduku::{Path, PathStatus, solve_path_with};
use std::io::{self, Write};

/// Arguments of `explain`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    techniques: TechniqueArgs,
    /// A puzzle (any format), or a file holding one; stdin when absent or `-`.
    pub puzzle: Option<String>,
}

/// Runs `explain`.
pub fn run(args: &Args) -> Result<(), Failure> {
    let board = single_puzzle(args.puzzle.as_deref())?;
    let path = solve_path_with(&board, &args.techniques.options());
    let text = if args.json { to_line_json(&PathJson::new(&path)) } else { render(&path) };
    let mut out = io::stdout().lock();
    writeln!(out, "{}", text.trim_end())?;
    out.flush()?;
    Ok(())
}

/// The readable form: the puzzle, one numbered line per step, then how it ended.
fn render(path: &Path) -> String {
    let mut s = String::new();
    s.push_str(&format!("Puzzle:   {}\n", to_line(&path.puzzle)));
    let width = path.steps.len().to_string().len();
    for (i, step) in path.steps.iter().enumerate() {
        s.push_str(&format!("{:>width$}. {}\n", i + 1, step.text));
    }
    match path.status {
        PathStatus::Solved | PathStatus::Stuck => {
            if let Some(sol) = &path.solution {
                s.push_str(&format!("Solution: {}\n", to_digits(sol)));
            }
        }
        PathStatus::NoSolution => s.push_str("Solution: none, the puzzle has no solution\n"),
        PathStatus::MultipleSolutions => {
            s.push_str("Solution: none, the puzzle has several solutions\n");
        }
    }
    if path.status == PathStatus::Stuck {
        let mut board = path.puzzle.clone();
        for step in &path.steps {
            step.apply(&mut board);
        }
        s.push_str(&format!(
            "Stuck:    no enabled technique applies here: {}\n",
            to_line_with_placed(&board)
        ));
    }
    let r = &path.rating;
    let hardest = r.hardest.map_or("none".to_string(), |t| format!("{} ({})", t.name(), t.id()));
    s.push_str(&format!(
        "Rating:   SE {:.1}, {}, EP {:.1}, ED {:.1}, hardest {}, {} steps, score {}, status {}\n",
        r.se,
        r.level,
        r.ep,
        r.ed,
        hardest,
        path.steps.len(),
        r.score,
        status_name(path.status)
    ));
    s
}
