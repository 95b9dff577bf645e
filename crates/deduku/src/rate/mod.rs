//! Difficulty: an SE-style number (the hardest step, chains and nets raised by length as Sudoku
//! Explainer does), a level from the tier of the hardest technique used, and the sum of the
//! HoDoKu-style step scores (reported, not used for the level).
//!
//! Which steps are rated is the path runner's business ([`crate::logic::PathRun`]); the SE
//! number, EP and ED come from Sudoku Explainer's own walk, which lives here: `se_walk` (its
//! stages, techniques and ratings; [`se_steps`]), `se_chains` (its chain stage) and `se_nested`
//! (its dynamic and nested forcing chains, 8.5 and up). The rest of this module turns steps into
//! a [`Rating`].

mod se_chains;
mod se_nested;
pub(crate) mod se_walk;

pub use se_walk::se_steps;

use crate::grid::HouseKind;
use crate::logic::step::Step;
use crate::logic::technique::Technique;
use std::fmt;

/// The five levels, easiest first.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug, Hash, Default)]
pub enum Level {
    /// Singles only.
    #[default]
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

impl Level {
    /// Lower-case name: `easy`, `medium`, `hard`, `unfair`, `extreme`.
    pub const fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Unfair => "unfair",
            Level::Extreme => "extreme",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A path's difficulty.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Rating {
    /// SE-style number of the hardest step (0.0 for an empty path).
    pub se: f32,
    /// The level.
    pub level: Level,
    /// The technique of the hardest step.
    pub hardest: Option<Technique>,
    /// Sum of the HoDoKu-style scores of all steps.
    pub score: u32,
    /// Sudoku Explainer's EP ("pearl"): the hardest rating up to and including the first step
    /// that places a digit (0.0 for an empty path).
    pub ep: f32,
    /// Sudoku Explainer's ED ("diamond"): the rating of the first step (0.0 for an empty path).
    pub ed: f32,
}

/// The SE-style rating of one step: the technique's base, raised for hidden singles in lines
/// (the house the step records) and for long chains and nets (Sudoku Explainer's length steps).
pub fn step_se(step: &Step) -> f32 {
    let base = step.technique.se_base();
    let in_line = || step.highlight.houses.first().is_some_and(|h| h.kind() != HouseKind::Box);
    match step.technique {
        Technique::HiddenSingle if in_line() => se_walk::Rule::HiddenSingleInLine.rating(),
        t if t.tier() >= 3 && step.length > 0 => base + length_bonus(step.length),
        _ => base,
    }
}

/// Sudoku Explainer's length bonus: +0.1 per step of the sequence 4, 6, 8, 12, 16, 24, 32, …
pub fn length_bonus(length: u16) -> f32 {
    let mut bonus = 0.0f32;
    let mut ceil = 4u32;
    let mut even = false;
    while u32::from(length) > ceil {
        bonus += 0.1;
        ceil = if even { ceil * 4 / 3 } else { ceil * 3 / 2 };
        even = !even;
    }
    bonus
}

/// Rates a path from its steps.
pub fn rate(steps: &[Step]) -> Rating {
    let mut rater = Rater::default();
    steps.iter().for_each(|s| rater.add(s));
    rater.rating()
}

/// A rating built one step at a time (the path runner rates a walk as it goes).
#[derive(Clone, Copy, Debug, Default)]
pub struct Rater {
    se: f32,
    hardest: Option<Technique>,
    score: u32,
    level: Level,
    ep: Option<f32>,
    ed: Option<f32>,
}

impl Rater {
    /// Takes one more step into account.
    pub fn add(&mut self, step: &Step) {
        self.add_rated(step, step_se(step));
    }

    /// Takes one more step into account, rated `r` (Sudoku Explainer's walk rates its own
    /// steps).
    pub fn add_rated(&mut self, step: &Step, r: f32) {
        if r > self.se {
            self.se = r;
            self.hardest = Some(step.technique);
        }
        self.ed.get_or_insert(self.se);
        if self.ep.is_none() && !step.placements.is_empty() {
            self.ep = Some(self.se);
        }
        self.score = self.score.saturating_add(step.technique.score());
        self.level = self.level.max(level_of(step.technique));
    }

    /// The rating of the steps added so far.
    pub fn rating(&self) -> Rating {
        Rating {
            se: (self.se * 10.0).round() / 10.0,
            level: self.level,
            hardest: self.hardest,
            score: self.score,
            ep: (self.ep.unwrap_or(0.0) * 10.0).round() / 10.0,
            ed: (self.ed.unwrap_or(0.0) * 10.0).round() / 10.0,
        }
    }
}

/// The level a technique stands for: its tier, with tier 1 split into singles (easy) and the
/// rest (medium).
pub fn level_of(t: Technique) -> Level {
    match t.tier() {
        1 if matches!(
            t,
            Technique::FullHouse | Technique::HiddenSingle | Technique::NakedSingle
        ) =>
        {
            Level::Easy
        }
        1 => Level::Medium,
        2 => Level::Hard,
        3 => Level::Unfair,
        _ => Level::Extreme,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn level_follows_the_hardest_technique_and_se_the_hardest_step() {
        let singles = [Step::new(Technique::HiddenSingle), Step::new(Technique::NakedSingle)];
        let r = rate(&singles);
        assert_eq!((r.level, r.hardest, r.se), (Level::Easy, Some(Technique::NakedSingle), 2.3));
        let with_pair = [Step::new(Technique::NakedPair), Step::new(Technique::FullHouse)];
        assert_eq!(rate(&with_pair).level, Level::Medium);
        let mut chain = Step::new(Technique::XChain);
        chain.length = 5;
        let r = rate(&[Step::new(Technique::XWing), chain]);
        assert_eq!(r.level, Level::Unfair);
        assert!((r.se - (Technique::XChain.se_base() + 0.1)).abs() < 1e-5);
        assert_eq!(rate(&[]).level, Level::Easy);
    }

    #[test]
    fn length_bonus_grows_slowly() {
        assert_eq!(length_bonus(4), 0.0);
        assert!((length_bonus(5) - 0.1).abs() < 1e-6);
        assert!(length_bonus(40) > length_bonus(10));
    }
}
