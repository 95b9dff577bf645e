//! The technique options shared by `explain`, `steps` and `rate`, mapped onto
//! [`deduku::Options`], and the technique-ID value parser.

use deduku::{Family, Options, Order, Technique, TechniqueSet};

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
