//! `deduku explain [--grid] [--words] [--json] [PUZZLE|FILE]`: the solve path, as numbered text
//! (with each step's plain-words explanation and the grid after each step when asked) or as
//! one JSON object.

use crate::input::{Failure, single_puzzle};
use crate::json::{PathJson, status_name, to_line_json};
use crate::options::{TechniqueArgs, TimeoutArg};
use deduku::format::{to_digits, to_grid, to_line, to_line_with_placed};
use deduku::{Path, PathStatus};
use std::io::{self, Write};

/// Arguments of `explain`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Print one JSON object instead of text.
    #[arg(long, conflicts_with = "grid")]
    pub json: bool,
    /// Print the grid (box borders, `.` for empty) after each step, indented under it.
    #[arg(long)]
    pub grid: bool,
    /// Print each step's explanation in plain words under its notation.
    #[arg(long, conflicts_with = "json")]
    pub words: bool,
    #[command(flatten)]
    techniques: TechniqueArgs,
    #[command(flatten)]
    timeout: TimeoutArg,
    /// A puzzle (any format), or a file holding one; stdin when absent or `-`.
    pub puzzle: Option<String>,
}

/// Runs `explain`.
pub fn run(args: &Args) -> Result<(), Failure> {
    let board = single_puzzle(args.puzzle.as_deref())?;
    let Some(path) = args.timeout.path(&board, &args.techniques.options()) else {
        let ms = args.timeout.timeout_ms.unwrap_or_default();
        return Err(Failure::Incomplete(format!("timeout: no path within {ms} ms")));
    };
    let text = if args.json { to_line_json(&PathJson::new(&path)) } else { render(&path, args) };
    let mut out = io::stdout().lock();
    writeln!(out, "{}", text.trim_end())?;
    out.flush()?;
    Ok(())
}

/// The readable form: the puzzle, one numbered line per step (with its explanation in words
/// under it when `--words`, then the grid when `--grid`), then how it ended.
fn render(path: &Path, args: &Args) -> String {
    let mut s = String::new();
    s.push_str(&format!("Puzzle:   {}\n", to_line(&path.puzzle)));
    let width = path.steps.len().to_string().len();
    let mut board = path.puzzle.clone();
    for (i, step) in path.steps.iter().enumerate() {
        s.push_str(&format!("{:>width$}. {}\n", i + 1, step.text));
        if args.words {
            for line in wrap(&step.explain(), 88) {
                s.push_str(&format!("{:width$}    {line}\n", ""));
            }
        }
        if args.grid {
            step.apply(&mut board);
            for line in to_grid(&board).lines() {
                s.push_str(&format!("{:width$}    {line}\n", ""));
            }
        }
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

/// Splits `text` into lines of at most `width` characters at spaces (a longer word keeps a
/// line of its own); the line breaks already in `text` are kept, and so is each line's
/// indentation (a chain's `  strong: …` lines), an indented line continuing two spaces deeper
/// and a proof's numbered line under its text.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    for para in text.lines() {
        let indent = &para[..para.len() - para.trim_start().len()];
        // A proof's numbered line (`18. …`, `3.2. …`) continues under its text, past its number.
        let label = para.trim_start().split_once(". ").map_or(0, |(l, _)| {
            let numbered = !l.is_empty() && l.split('.').all(|n| n.parse::<u32>().is_ok());
            if numbered { l.chars().count() + 2 } else { 0 }
        });
        let next = if indent.is_empty() && label == 0 {
            String::new()
        } else if label > 0 {
            format!("{indent}{:label$}", "")
        } else {
            format!("{indent}  ")
        };
        let mut line = indent.to_string();
        let mut empty = true;
        for word in para.split_whitespace() {
            if !empty && line.chars().count() + 1 + word.chars().count() > width {
                lines.push(std::mem::take(&mut line));
                line = next.clone();
                empty = true;
            }
            if !empty {
                line.push(' ');
            }
            line.push_str(word);
            empty = false;
        }
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    #[test]
    fn wrap_breaks_at_spaces_and_keeps_line_breaks() {
        assert_eq!(super::wrap("aa bb cc\ndd", 5), ["aa bb", "cc", "dd"]);
        assert_eq!(super::wrap("abcdefg h", 3), ["abcdefg", "h"]);
        assert_eq!(super::wrap("a:\n  b cc", 5), ["a:", "  b", "    cc"]);
    }
}
