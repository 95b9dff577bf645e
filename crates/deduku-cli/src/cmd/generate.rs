//! `deduku generate [--level L | --se A-B | --technique ID [--only-tier]] [--symmetry S]
//! [--count N] [--seed S] [--attempts N] [--clues MIN-MAX] [--not-minimal] [--threads N]`: one
//! line per puzzle, `puzzle<TAB>se<TAB>level<TAB>hardest`, on all cores.
//!
//! Puzzle `k` (from 0) of a run is generated from [`seed_for`]`(seed, k)` and the lines are
//! written in `k` order, so the output depends on the options and the seed only, never on the
//! thread count. Puzzles not found within the attempt budget are reported on stderr; the run
//! goes on and ends with exit code 1.

use crate::input::Failure;
use crate::options::parse_technique;
use deduku::format::to_line;
use deduku::generate::{GenOptions, Generated, Symmetry, Target, generate, seed_for};
use deduku::{Level, Technique};
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;

/// Arguments of `generate`.
#[derive(clap::Args, Debug)]
#[command(group(clap::ArgGroup::new("target").args(["level", "se", "technique"])))]
pub struct Args {
    /// The level the puzzles must have (the level `rate` prints).
    #[arg(long, value_enum, value_name = "LEVEL")]
    pub level: Option<LevelArg>,
    /// The SE rating range the puzzles must have, `A-B` (e.g. `3.0-4.5`), or one value `A`
    /// (meaning `A-A`).
    #[arg(long, value_parser = parse_se, value_name = "A-B")]
    pub se: Option<SeRange>,
    /// A technique the solve path must use (an ID as in `steps --technique`, e.g. `x-wing`; not
    /// one that is off the default path: Franken and mutant fish, templates, unit permutation).
    #[arg(long, value_parser = parse_technique, value_name = "ID")]
    pub technique: Option<Technique>,
    /// With `--technique`: no step of the path may be of a higher tier than the technique's.
    #[arg(long, requires = "technique")]
    pub only_tier: bool,
    /// The symmetry of the clue pattern.
    #[arg(long, default_value = "none", value_parser = symmetry_parser())]
    pub symmetry: Symmetry,
    /// How many puzzles to generate.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    pub count: u64,
    /// The run's seed: the same options and seed always print the same puzzles (puzzle `k`,
    /// from 0, is generated from a seed derived from this one and `k`).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Attempts per puzzle (solution grids dug and rated) before giving that puzzle up.
    #[arg(long, default_value_t = 2000, value_parser = clap::value_parser!(u32).range(1..))]
    pub attempts: u32,
    /// Fewest and most clues, `MIN-MAX` within 17-81 (or one value `N`). With the default
    /// (minimal puzzles), digging stops at MIN, so a MIN above what digging reaches gives
    /// puzzles that are not minimal.
    #[arg(long, value_parser = parse_clues, value_name = "MIN-MAX", default_value = "17-81")]
    pub clues: ClueRange,
    /// Stop digging at a random clue count within `--clues` instead of digging until every
    /// clue is needed.
    #[arg(long)]
    pub not_minimal: bool,
    /// Worker threads (default: all cores). The output does not depend on it.
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..), value_name = "N")]
    pub threads: Option<u16>,
}

/// The `--level` values.
#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum LevelArg {
    /// Singles only.
    Easy,
    /// Locked candidates and subsets.
    Medium,
    /// Fish, wings, single-digit patterns, coloring, uniqueness.
    Hard,
    /// Chains and almost locked sets.
    Unfair,
    /// Forcing chains and nets, brute force.
    Extreme,
}

impl From<LevelArg> for Level {
    fn from(l: LevelArg) -> Level {
        match l {
            LevelArg::Easy => Level::Easy,
            LevelArg::Medium => Level::Medium,
            LevelArg::Hard => Level::Hard,
            LevelArg::Unfair => Level::Unfair,
            LevelArg::Extreme => Level::Extreme,
        }
    }
}

/// An SE range as given to `--se`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SeRange {
    min: f32,
    max: f32,
}

/// A clue range as given to `--clues`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClueRange {
    min: u8,
    max: u8,
}

/// Splits `A-B` (or a lone `A`) and parses both ends.
fn parse_range<T: std::str::FromStr + Copy>(s: &str, what: &str) -> Result<(T, T), String> {
    let s = s.trim();
    let (a, b) = s.split_once('-').unwrap_or((s, s));
    match (a.trim().parse(), b.trim().parse()) {
        (Ok(a), Ok(b)) => Ok((a, b)),
        _ => Err(format!("`{s}` is not {what} `A-B` or `A`")),
    }
}

fn parse_se(s: &str) -> Result<SeRange, String> {
    let (min, max) = parse_range::<f32>(s, "an SE range")?;
    Ok(SeRange { min, max })
}

fn parse_clues(s: &str) -> Result<ClueRange, String> {
    let (min, max) = parse_range::<u8>(s, "a clue range")?;
    Ok(ClueRange { min, max })
}

fn symmetry_parser() -> impl clap::builder::TypedValueParser<Value = Symmetry> {
    use clap::builder::TypedValueParser;
    clap::builder::PossibleValuesParser::new(Symmetry::ALL.map(Symmetry::name))
        .map(|s| Symmetry::from_name(&s).expect("a listed name"))
}

impl Args {
    /// The library options these flags describe.
    pub fn options(&self) -> GenOptions {
        let target = if let Some(l) = self.level {
            Target::Level(l.into())
        } else if let Some(SeRange { min, max }) = self.se {
            Target::Se { min, max }
        } else if let Some(technique) = self.technique {
            Target::Technique { technique, only_tier: self.only_tier }
        } else {
            Target::Any
        };
        GenOptions {
            target,
            symmetry: self.symmetry,
            minimal: !self.not_minimal,
            min_clues: self.clues.min,
            max_clues: self.clues.max,
            max_attempts: self.attempts,
        }
    }
}

/// One output line.
fn line(p: &Generated) -> String {
    format!(
        "{}\t{:.1}\t{}\t{}",
        to_line(&p.puzzle),
        p.rating.se,
        p.rating.level,
        p.rating.hardest.map_or("-", |t| t.id())
    )
}

/// Runs `generate`.
pub fn run(args: &Args) -> Result<(), Failure> {
    let opts = args.options();
    if let Some(t) = args.technique.filter(|t| !t.default_enabled()) {
        return Err(Failure::Usage(format!(
            "generate: --technique {}: not on the default solve path, so no path uses it",
            t.id()
        )));
    }
    if let Err(m) = opts.check() {
        // Name the flag at fault: the clue bounds are checked first, the SE range after them.
        let clues_alone = GenOptions { target: Target::Any, ..opts };
        let flag = if clues_alone.check().is_err() {
            format!("--clues {}-{}", args.clues.min, args.clues.max)
        } else {
            format!("--se {}", args.se.map_or(String::new(), |r| format!("{}-{}", r.min, r.max)))
        };
        return Err(Failure::Usage(format!("generate: {flag}: {m}")));
    }
    let pool = match args.threads {
        Some(n) => Some(
            rayon::ThreadPoolBuilder::new()
                .num_threads(usize::from(n))
                .build()
                .map_err(|e| Failure::Usage(format!("generate: cannot start {n} threads: {e}")))?,
        ),
        None => None,
    };
    let count = args.count;
    let seed = args.seed;
    let cancel = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel();
    let mut failed = 0u64;
    let written = std::thread::scope(|s| {
        let cancel = &cancel;
        s.spawn(move || {
            // Puzzles are taken in k order (par_bridge pulls from one iterator), so the reorder
            // buffer below stays small and lines stream out as they are ready.
            let work = move || {
                (0..count).par_bridge().for_each_with(tx, |tx, k| {
                    if cancel.load(Ordering::Relaxed) {
                        return;
                    }
                    let r = generate(&opts, seed_for(seed, k));
                    // The receiver is gone only when writing failed; nothing more to do then.
                    let _ = tx.send((k, r));
                });
            };
            match &pool {
                Some(p) => p.install(work),
                None => work(),
            }
        });
        let stdout = io::stdout();
        let mut out = io::BufWriter::new(stdout.lock());
        let mut pending = BTreeMap::new();
        let mut next = 0u64;
        let write = || -> Result<(), Failure> {
            for (k, r) in rx {
                pending.insert(k, r);
                while let Some(r) = pending.remove(&next) {
                    match r {
                        Ok(p) => writeln!(out, "{}", line(&p))?,
                        Err(e) => {
                            failed += 1;
                            out.flush()?;
                            eprintln!("deduku: generate: puzzle {} of {count}: {e}", next + 1);
                        }
                    }
                    next += 1;
                }
                if pending.is_empty() {
                    out.flush()?;
                }
            }
            out.flush()?;
            Ok(())
        };
        let result = write();
        if result.is_err() {
            cancel.store(true, Ordering::Relaxed);
        }
        result
    });
    written?;
    if failed > 0 {
        return Err(Failure::Incomplete(format!(
            "generate: {failed} of {count} puzzles not found within {} attempts",
            args.attempts
        )));
    }
    Ok(())
}
