//! `deduku drill --technique ID [--count N] [--seed S] [--attempts N]`: a worksheet — N
//! positions on which the technique applies and nothing easier does, each a pencil-mark grid
//! under a heading, then the answer key: what every instance of the technique proves on each.
//!
//! Drill `k` (from 0) comes from [`seed_for`]`(seed, k)`, so the output depends on the options
//! and the seed only; the drills are made on all cores.

use crate::cmd::about::lookup;
use crate::input::Failure;
use deduku::Technique;
use deduku::drill::{
    DRILL_ATTEMPTS, DRILL_TECHNIQUES, Drill, DrillGenerator, DrillPoll, is_reachable,
};
use deduku::format::to_pencilmarks;
use deduku::generate::{GenOptions, seed_for};
use rayon::prelude::*;
use std::io::{self, Write};

/// Arguments of `drill`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The technique to practise: its ID (`x-wing`) or name, in any case. `deduku about ID`
    /// describes one; an unknown ID lists those with drills.
    #[arg(long, value_name = "ID")]
    pub technique: String,
    /// How many positions.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=1000))]
    pub count: u64,
    /// The run's seed: the same technique and seed always print the same positions.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Attempts per position (solution grids dug and walked) before giving up.
    #[arg(
        long,
        default_value_t = DRILL_ATTEMPTS,
        value_parser = clap::value_parser!(u32).range(1..)
    )]
    pub attempts: u32,
}

/// The IDs that have drills, comma-separated.
fn drill_ids() -> String {
    DRILL_TECHNIQUES.iter().map(|t| t.id()).collect::<Vec<_>>().join(", ")
}

/// The technique `arg` names, if drills exist for it; otherwise a message saying where to look.
fn technique(arg: &str) -> Result<Technique, String> {
    let t = lookup(arg).map_err(|m| {
        format!(
            "drill: {m}\n(`deduku about ID` describes a technique; techniques with drills: {})",
            drill_ids()
        )
    })?;
    if !DRILL_TECHNIQUES.contains(&t) {
        let why = if is_reachable(t) {
            "on generated and known paths an easier technique always comes first"
        } else {
            "it is not a step of the default solve path"
        };
        return Err(format!(
            "drill: no drills for {} ({}): {why}; techniques with drills: {}",
            t.name(),
            t.id(),
            drill_ids()
        ));
    }
    Ok(t)
}

/// Runs `drill`.
pub fn run(args: &Args) -> Result<(), Failure> {
    let t = technique(&args.technique).map_err(Failure::Usage)?;
    let opts = GenOptions { max_attempts: args.attempts, ..GenOptions::default() };
    let drills: Vec<Option<Drill>> = (0..args.count)
        .into_par_iter()
        .map(|k| {
            let mut g = DrillGenerator::with_options(t, &opts, seed_for(args.seed, k));
            loop {
                match g.advance(None) {
                    DrillPoll::Found(d) => return Some(d),
                    DrillPoll::Failed(_) => return None,
                    DrillPoll::Pending => {}
                }
            }
        })
        .collect();
    let mut out = io::BufWriter::new(io::stdout().lock());
    let count = args.count;
    let mut missing = 0;
    for (k, d) in drills.iter().enumerate() {
        let n = k + 1;
        match d {
            Some(d) => {
                writeln!(out, "Drill {n} of {count}: {} ({})", t.name(), t.id())?;
                writeln!(out, "{}", to_pencilmarks(&d.position))?;
                writeln!(out)?;
            }
            None => {
                missing += 1;
                out.flush()?;
                eprintln!(
                    "deduku: drill: position {n} of {count}: not found within {} attempts",
                    args.attempts
                );
            }
        }
    }
    writeln!(out, "Answer key: {}", t.name())?;
    for (k, d) in drills.iter().enumerate() {
        let Some(d) = d else { continue };
        let key = d.key();
        writeln!(out, "{}. {}", k + 1, key.text())?;
        for s in &key.instances {
            writeln!(out, "   {}", s.text)?;
        }
    }
    out.flush()?;
    if missing > 0 {
        return Err(Failure::Incomplete(format!(
            "drill: {missing} of {count} positions not found within {} attempts",
            args.attempts
        )));
    }
    Ok(())
}
