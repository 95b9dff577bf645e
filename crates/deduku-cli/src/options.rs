//! The technique options shared by `explain`, `steps` and `rate`, mapped onto
//! [`deduku::Options`], the technique-ID value parser, and `--timeout-ms`.

use deduku::{Advance, Board, Family, Options, Order, Path, PathRun, Technique, TechniqueSet};
use std::time::{Duration, Instant};

/// How long one puzzle's work may take (`rate`, `explain`, `solve`).
#[derive(clap::Args, Debug, Clone)]
pub struct TimeoutArg {
    /// Give up on a puzzle after this many milliseconds of its own work (its path and rating,
    /// or its count) and print `error: timeout` for it instead; the other puzzles keep their
    /// place in the output. Without it a puzzle takes as long as it needs (the hardest known
    /// puzzles take seconds to rate; a large `--count` on a nearly empty grid, far longer).
    #[arg(long, value_name = "MS")]
    pub timeout_ms: Option<u64>,
}

impl TimeoutArg {
    /// The deadline's check, from now: `None` without a timeout.
    pub fn stop(&self) -> Option<impl Fn() -> bool + use<>> {
        let deadline = Instant::now() + Duration::from_millis(self.timeout_ms?);
        Some(move || Instant::now() >= deadline)
    }

    /// The whole path of `board`, or `None` when the timeout came first. The library's path
    /// runner polls the deadline between techniques and inside long searches, so it stops
    /// soon after.
    pub fn path(&self, board: &Board, options: &Options) -> Option<Path> {
        let mut run = PathRun::new(board, options);
        let Some(stop) = self.stop() else { return Some(run.finish()) };
        loop {
            match run.advance(Some(&stop)) {
                Advance::Done => return Some(run.finish()),
                _ if stop() => return None,
                _ => {}
            }
        }
    }
}

/// Which techniques the step finder may use and how it chooses.
#[derive(clap::Args, Debug, Clone)]
pub struct TechniqueArgs {
    /// Do not use uniqueness techniques (unique rectangles, BUG+1, ...).
    #[arg(long)]
    pub no_uniqueness: bool,
    /// Do not use forcing chains and nets, kraken fish or templates.
    #[arg(long)]
    pub no_forcing: bool,
    /// Do not fall back on brute force (a path may then stop unsolved).
    #[arg(long)]
    pub no_brute_force: bool,
    /// Use only these techniques (comma-separated IDs, e.g. `hidden-single,naked-single`).
    #[arg(long, value_delimiter = ',', value_parser = parse_technique, value_name = "IDS")]
    pub techniques: Option<Vec<Technique>>,
    /// Which step to take when several apply.
    #[arg(long, value_enum, default_value_t = OrderArg::Easiest)]
    pub order: OrderArg,
}

/// The `--order` values.
#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum OrderArg {
    /// The first step of the easiest technique that applies.
    Easiest,
    /// The step that changes most among the easiest applicable tiers.
    Most,
}

impl TechniqueArgs {
    /// The library options these flags describe.
    pub fn options(&self) -> Options {
        let mut enabled = match &self.techniques {
            Some(ts) => ts.iter().copied().collect(),
            None => TechniqueSet::default_path(),
        };
        if self.no_uniqueness {
            enabled = enabled.without_family(Family::Uniqueness);
        }
        if self.no_forcing {
            enabled = enabled.without_family(Family::Forcing).without_family(Family::Templates);
        }
        if self.no_brute_force {
            enabled.remove(Technique::BruteForce);
        }
        let order = match self.order {
            OrderArg::Easiest => Order::EasiestFirst,
            OrderArg::Most => Order::MostEliminations,
        };
        Options { enabled, order }
    }

    /// Why these flags rule out `t` explicitly, if they do (techniques that are merely off the
    /// default path, such as the templates, are not ruled out).
    pub fn excludes(&self, t: Technique) -> Option<String> {
        if self.no_uniqueness && t.family() == Family::Uniqueness {
            return Some(format!("{} is a uniqueness technique (--no-uniqueness)", t.id()));
        }
        if self.no_forcing && matches!(t.family(), Family::Forcing | Family::Templates) {
            return Some(format!("{} is a forcing technique (--no-forcing)", t.id()));
        }
        if self.no_brute_force && t == Technique::BruteForce {
            return Some("brute-force is disabled (--no-brute-force)".to_string());
        }
        match &self.techniques {
            Some(ts) if !ts.contains(&t) => Some(format!("{} is not among --techniques", t.id())),
            _ => None,
        }
    }
}

/// Parses a technique ID; the error lists the valid ones.
pub fn parse_technique(s: &str) -> Result<Technique, String> {
    let id = s.trim();
    Technique::from_id(id).ok_or_else(|| {
        let ids: Vec<&str> = Technique::ALL.iter().map(|t| t.id()).collect();
        format!("unknown technique `{id}`; valid IDs: {}", ids.join(", "))
    })
}
