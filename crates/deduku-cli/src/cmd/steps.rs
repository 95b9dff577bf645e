//! `deduku steps --technique ID [--all] [--eliminated LIST] PUZZLE`: the instances of one
//! technique in a position, not applied, one JSON step per line.

use crate::input::{Failure, single_puzzle};
use crate::json::{StepJson, to_line_json};
use crate::options::{OrderArg, TechniqueArgs, parse_technique};
use deduku::format::parse_eliminations;
use deduku::{Step, Technique, find_all, find_first};
use std::io::{self, Write};

/// Arguments of `steps`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The technique ID (e.g. `hidden-single`, `x-wing`).
    #[arg(long, value_parser = parse_technique, value_name = "ID")]
    pub technique: Technique,
    /// Print every instance, not only the first.
    #[arg(long)]
    pub all: bool,
    /// Candidates to remove first, e.g. `r2c4<>25 r3c5<>1`.
    #[arg(long, value_name = "LIST")]
    pub eliminated: Option<String>,
    #[command(flatten)]
    techniques: TechniqueArgs,
    /// A puzzle (any format, `+` marks placed digits), or a file holding one; stdin when
    /// absent or `-`.
    pub puzzle: Option<String>,
}

/// Runs `steps`.
pub fn run(args: &Args) -> Result<(), Failure> {
    if let Some(why) = args.techniques.excludes(args.technique) {
        return Err(Failure::Usage(format!("--technique {}: {why}", args.technique.id())));
    }
    let mut board = single_puzzle(args.puzzle.as_deref())?;
    if let Some(list) = &args.eliminated {
        let cands =
            parse_eliminations(list).map_err(|e| Failure::Usage(format!("--eliminated: {e}")))?;
        for k in cands {
            board.eliminate(k.cell, k.digit);
        }
        if let Err(c) = board.check() {
            return Err(Failure::Usage(format!("--eliminated leaves an impossible position: {c}")));
        }
    }
    // `--order most` lists the biggest steps first (and without --all prints the biggest).
    let by_size = args.techniques.order == OrderArg::Most;
    let steps: Vec<Step> = if args.all || by_size {
        let mut all = find_all(&board, args.technique);
        if by_size {
            all.sort_by_key(|s| std::cmp::Reverse(s.placements.len() * 9 + s.eliminations.len()));
        }
        if !args.all {
            all.truncate(1);
        }
        all
    } else {
        find_first(&board, args.technique).into_iter().collect()
    };
    let mut out = io::BufWriter::new(io::stdout().lock());
    for s in &steps {
        writeln!(out, "{}", to_line_json(&StepJson::new(s)))?;
    }
    out.flush()?;
    Ok(())
}
