//! The exact solver's benchmark harness, shared by `deduku bench`, the criterion bench
//! (`benches/solve.rs`) and the `solve_speed` example: one way to time it, in the terms of the
//! reference solver (`../shared/tools/baseline`): whole-file passes on one core over boards
//! parsed beforehand, one untimed warm-up pass, then timed runs of whole passes.
//!
//! A [`Report`] gives puzzles per second and microseconds per puzzle as the median over the
//! runs (a burst of load on a shared machine moves one run, not the figure), and the guesses
//! per puzzle (the same in every pass).

use deduku::Board;
use deduku::solve::count_solutions_keeping;
use std::fmt;
use std::hint::black_box;
use std::time::Instant;

/// What each solver call does.
#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Stop at the first solution (limit 1: solving).
    One,
    /// Count solutions up to 2 (the uniqueness check).
    Count2,
}

impl Mode {
    /// The mode named `one` or `count2`.
    pub fn from_name(name: &str) -> Option<Mode> {
        match name {
            "one" => Some(Mode::One),
            "count2" => Some(Mode::Count2),
            _ => None,
        }
    }

    /// The name of the mode: `one` or `count2`.
    pub fn name(self) -> &'static str {
        match self {
            Mode::One => "one",
            Mode::Count2 => "count2",
        }
    }

    /// How many solutions a call counts up to.
    pub fn limit(self) -> usize {
        match self {
            Mode::One => 1,
            Mode::Count2 => 2,
        }
    }

    /// How many solutions a call keeps: the solution when solving, none when counting (as the
    /// reference solver's calls return).
    pub fn keep(self) -> usize {
        match self {
            Mode::One => 1,
            Mode::Count2 => 0,
        }
    }
}

/// What one pass over the puzzles found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pass {
    /// Puzzles with at least one solution.
    pub solvable: usize,
    /// Guesses made over all the puzzles.
    pub guesses: u64,
}

/// Calls the solver once on every board in `mode`.
pub fn pass(boards: &[Board], mode: Mode) -> Pass {
    let mut out = Pass::default();
    for b in boards {
        let c = count_solutions_keeping(black_box(b), mode.limit(), mode.keep());
        out.solvable += usize::from(c.count > 0);
        out.guesses += c.guesses;
    }
    black_box(out)
}

/// How long to time.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Timing {
    /// Timed runs; the report gives their median (at least 1 is made).
    pub runs: usize,
    /// Minimum timed seconds in all, split evenly over the runs; each run makes at least one
    /// whole pass.
    pub seconds: f64,
}

/// What [`measure`] found.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    /// The mode timed.
    pub mode: Mode,
    /// Puzzles in a pass.
    pub puzzles: usize,
    /// Puzzles with a solution.
    pub solvable: usize,
    /// Guesses per puzzle (the mean over the puzzles).
    pub guesses_per_puzzle: f64,
    /// Timed passes over all the runs.
    pub passes: usize,
    /// Microseconds per puzzle in each run, in run order.
    pub run_usec: Vec<f64>,
}

impl Report {
    /// Microseconds per puzzle: the median over the runs (0 without runs).
    pub fn usec_per_puzzle(&self) -> f64 {
        let mut v = self.run_usec.clone();
        v.sort_by(f64::total_cmp);
        match v.len() {
            0 => 0.0,
            n if n % 2 == 1 => v[n / 2],
            n => (v[n / 2 - 1] + v[n / 2]) / 2.0,
        }
    }

    /// Puzzles per second at the median speed.
    pub fn puzzles_per_sec(&self) -> f64 {
        1e6 / self.usec_per_puzzle()
    }
}

/// `mode=… puzzles=… solvable=… runs=… passes=… puzzles_per_sec=… usec_per_puzzle=…
/// guesses_per_puzzle=…`: one line of `key=value` fields, as the reference solver prints them.
impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "mode={} puzzles={} solvable={} runs={} passes={} puzzles_per_sec={:.0} \
             usec_per_puzzle={:.2} guesses_per_puzzle={:.2}",
            self.mode.name(),
            self.puzzles,
            self.solvable,
            self.run_usec.len(),
            self.passes,
            self.puzzles_per_sec(),
            self.usec_per_puzzle(),
            self.guesses_per_puzzle
        )
    }
}

/// Times the solver on `boards` in `mode`: one warm-up pass, then `timing.runs` runs of whole
/// passes, each run lasting at least `timing.seconds / timing.runs` seconds.
pub fn measure(boards: &[Board], mode: Mode, timing: Timing) -> Report {
    let warm = pass(boards, mode);
    let runs = timing.runs.max(1);
    let per_run = timing.seconds / runs as f64;
    let mut passes = 0;
    let mut run_usec = Vec::with_capacity(runs);
    for _ in 0..runs {
        let start = Instant::now();
        let mut n = 0usize;
        while n == 0 || start.elapsed().as_secs_f64() < per_run {
            pass(boards, mode);
            n += 1;
        }
        let secs = start.elapsed().as_secs_f64();
        passes += n;
        run_usec.push(secs * 1e6 / (n * boards.len().max(1)) as f64);
    }
    Report {
        mode,
        puzzles: boards.len(),
        solvable: warm.solvable,
        guesses_per_puzzle: warm.guesses as f64 / boards.len().max(1) as f64,
        passes,
        run_usec,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_median_is_over_the_runs() {
        let report = |run_usec: Vec<f64>| Report {
            mode: Mode::Count2,
            puzzles: 10,
            solvable: 9,
            guesses_per_puzzle: 1.5,
            passes: 7,
            run_usec,
        };
        assert_eq!(report(vec![3.0, 1.0, 20.0]).usec_per_puzzle(), 3.0);
        assert_eq!(report(vec![4.0, 1.0, 2.0, 20.0]).usec_per_puzzle(), 3.0);
        let r = report(vec![2.0, 2.0, 9.0]);
        assert_eq!(r.puzzles_per_sec(), 500_000.0);
        assert_eq!(
            r.to_string(),
            "mode=count2 puzzles=10 solvable=9 runs=3 passes=7 puzzles_per_sec=500000 \
             usec_per_puzzle=2.00 guesses_per_puzzle=1.50"
        );
    }

    #[test]
    fn a_measure_counts_solvable_puzzles_and_guesses() {
        let solvable = deduku::parse(&".".repeat(81)).expect("the empty grid");
        let mut dead = solvable.clone();
        // Digit 1 nowhere in row 1: no solution.
        for c in 0..9 {
            dead.eliminate(deduku::Cell::at(0, c), deduku::Digit::from_index(0));
        }
        let r = measure(&[solvable, dead], Mode::One, Timing { runs: 2, seconds: 0.0 });
        assert_eq!((r.puzzles, r.solvable, r.run_usec.len()), (2, 1, 2));
        assert!(r.passes >= 2 && r.guesses_per_puzzle > 0.0, "{r}");
    }
}
