//! The puzzle generator: a new puzzle by level, by SE range or by a technique its path must
//! use, with a clue symmetry, minimal by default.
//!
//! One attempt: a random solution grid (three independent boxes filled at random, completed by
//! the exact solver, then shuffled by the grid's symmetries: digit relabelling, rows within
//! bands, bands, columns within stacks, stacks, transposition); then clues are taken away one
//! symmetry orbit at a time in random order, each removal kept only if the puzzle still has
//! exactly one solution (the exact solver, counting to two); then the puzzle is explained by the
//! path runner ([`PathRun`]) — the same runner as [`crate::solve_path`], so the reported rating,
//! level and hardest technique are those of `solve_path` — and kept if it is what was asked for.
//!
//! Everything is driven by a small seeded random generator (SplitMix64, written here so the
//! sequence is fixed by this code on every platform): the same options and seed give the same
//! puzzle, native and wasm. No clock and no OS randomness are read. [`Generator`] does the work
//! in pieces: [`Generator::advance`] takes a stop check, polled between attempts and inside the
//! path runner, so a caller (the page's worker) can pause, cancel and resume; a search for a
//! rare technique ends after [`GenOptions::max_attempts`] attempts with [`GenError::NotFound`].

use crate::board::Board;
use crate::logic::{Advance, Options, PathRun, PathStatus, Technique};
use crate::rate::{Level, Rating};
use crate::solve::count_values;
use std::fmt;

/// A map of the grid's cells, as (row, column) to (row, column).
type CellMap = fn(usize, usize) -> (usize, usize);

/// Which clue patterns are allowed: the clues are unions of orbits of this symmetry group.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Hash)]
pub enum Symmetry {
    /// Any pattern.
    #[default]
    None,
    /// 180° rotation about the centre (the classic newspaper symmetry).
    Central,
    /// Reflection in the main diagonal (r1c1–r9c9).
    Diagonal,
    /// Reflection in the anti-diagonal (r1c9–r9c1).
    AntiDiagonal,
    /// Reflection left–right (in column 5).
    Mirror,
    /// Reflection top–bottom (in row 5).
    Flip,
    /// 90° rotations.
    Quarter,
    /// All eight symmetries of the square.
    Full,
}

impl Symmetry {
    /// Every symmetry, in the order the CLI lists them.
    pub const ALL: [Symmetry; 8] = [
        Symmetry::None,
        Symmetry::Central,
        Symmetry::Diagonal,
        Symmetry::AntiDiagonal,
        Symmetry::Mirror,
        Symmetry::Flip,
        Symmetry::Quarter,
        Symmetry::Full,
    ];

    /// The name used by the CLI and the page: `none`, `central`, `diagonal`, …
    pub const fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Central => "central",
            Symmetry::Diagonal => "diagonal",
            Symmetry::AntiDiagonal => "anti-diagonal",
            Symmetry::Mirror => "mirror",
            Symmetry::Flip => "flip",
            Symmetry::Quarter => "quarter",
            Symmetry::Full => "full",
        }
    }

    /// The symmetry with this name.
    pub fn from_name(name: &str) -> Option<Symmetry> {
        Symmetry::ALL.into_iter().find(|s| s.name() == name)
    }

    /// The maps of cells (row, column) that generate the group.
    fn generators(self) -> &'static [CellMap] {
        fn rot180(r: usize, c: usize) -> (usize, usize) {
            (8 - r, 8 - c)
        }
        fn diag(r: usize, c: usize) -> (usize, usize) {
            (c, r)
        }
        fn anti(r: usize, c: usize) -> (usize, usize) {
            (8 - c, 8 - r)
        }
        fn mirror(r: usize, c: usize) -> (usize, usize) {
            (r, 8 - c)
        }
        fn flip(r: usize, c: usize) -> (usize, usize) {
            (8 - r, c)
        }
        fn rot90(r: usize, c: usize) -> (usize, usize) {
            (c, 8 - r)
        }
        match self {
            Symmetry::None => &[],
            Symmetry::Central => &[rot180],
            Symmetry::Diagonal => &[diag],
            Symmetry::AntiDiagonal => &[anti],
            Symmetry::Mirror => &[mirror],
            Symmetry::Flip => &[flip],
            Symmetry::Quarter => &[rot90],
            Symmetry::Full => &[rot90, diag],
        }
    }

    /// The orbits of the cells under the group, each sorted, in order of their first cell.
    pub fn orbits(self) -> Vec<Vec<usize>> {
        let mut orbit_of = [usize::MAX; 81];
        let mut orbits: Vec<Vec<usize>> = Vec::new();
        for start in 0..81 {
            if orbit_of[start] != usize::MAX {
                continue;
            }
            let k = orbits.len();
            let mut orbit = vec![start];
            orbit_of[start] = k;
            let mut i = 0;
            while i < orbit.len() {
                let cell = orbit[i];
                for g in self.generators() {
                    let (r, c) = g(cell / 9, cell % 9);
                    let next = r * 9 + c;
                    if orbit_of[next] == usize::MAX {
                        orbit_of[next] = k;
                        orbit.push(next);
                    }
                }
                i += 1;
            }
            crate::sort::sort(&mut orbit);
            orbits.push(orbit);
        }
        orbits
    }

    /// Whether the clues of `values` (non-zero cells) form a pattern of this symmetry.
    pub fn holds(self, values: &[u8; 81]) -> bool {
        self.orbits().iter().all(|o| {
            let filled = o.iter().filter(|&&i| values[i] != 0).count();
            filled == 0 || filled == o.len()
        })
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What the generated puzzle must be.
#[derive(Clone, Copy, PartialEq, Debug, Default)]
pub enum Target {
    /// Any puzzle with one solution.
    #[default]
    Any,
    /// Deduku's level (of [`crate::solve_path`]'s rating).
    Level(Level),
    /// An SE rating in `min..=max`.
    Se {
        /// Lowest SE accepted.
        min: f32,
        /// Highest SE accepted.
        max: f32,
    },
    /// The default path must use `technique`; with `only_tier`, no step of the path may be of
    /// a higher tier than the technique's.
    Technique {
        /// The technique to practise.
        technique: Technique,
        /// Nothing harder than its tier.
        only_tier: bool,
    },
}

/// The generator's options.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct GenOptions {
    /// What to look for.
    pub target: Target,
    /// The clue pattern's symmetry.
    pub symmetry: Symmetry,
    /// Every clue needed: no clue (no symmetric orbit of clues, with a symmetry) can be taken
    /// away without a second solution. Off: digging stops at a random clue count within the
    /// bounds.
    pub minimal: bool,
    /// Fewest clues (17–81).
    pub min_clues: u8,
    /// Most clues (17–81).
    pub max_clues: u8,
    /// Attempts (solution grids dug and rated) before giving up.
    pub max_attempts: u32,
}

impl Default for GenOptions {
    fn default() -> Self {
        GenOptions {
            target: Target::Any,
            symmetry: Symmetry::None,
            minimal: true,
            min_clues: 17,
            max_clues: 81,
            max_attempts: 2000,
        }
    }
}

impl GenOptions {
    /// Checks the options; the message says what is wrong.
    pub fn check(&self) -> Result<(), String> {
        if !(17..=81).contains(&self.min_clues) || !(17..=81).contains(&self.max_clues) {
            return Err("clue bounds must be between 17 and 81".into());
        }
        if self.min_clues > self.max_clues {
            return Err(format!(
                "the fewest clues ({}) is more than the most ({})",
                self.min_clues, self.max_clues
            ));
        }
        if let Target::Se { min, max } = self.target
            && (min.is_nan() || max.is_nan() || min > max || min < 0.0 || max > 20.0)
        {
            // No numbers in the text: formatting an f32 links Rust's float printing (some 8 kB
            // gzip) into the web worker, which never asks for an SE range; the CLI names the
            // flag and its value in front of this message.
            return Err("the SE range is not a range within 0-20".into());
        }
        if self.max_attempts == 0 {
            return Err("at least one attempt is needed".into());
        }
        Ok(())
    }
}

/// A generated puzzle.
#[derive(Clone, PartialEq, Debug)]
pub struct Generated {
    /// The puzzle (givens only).
    pub puzzle: Board,
    /// Its one solution.
    pub solution: [u8; 81],
    /// Its rating: that of [`crate::solve_path`].
    pub rating: Rating,
    /// Number of clues.
    pub clues: u8,
    /// Attempts it took (1 = the first grid dug was kept).
    pub attempts: u32,
    /// Calls of the exact solver, all attempts counted.
    pub solver_calls: u64,
}

/// Why no puzzle came out.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum GenError {
    /// The options do not make sense (the message says why).
    BadOptions(String),
    /// No puzzle matched within the attempt budget.
    NotFound {
        /// Attempts made.
        attempts: u32,
    },
}

impl fmt::Display for GenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GenError::BadOptions(m) => write!(f, "bad options: {m}"),
            GenError::NotFound { attempts } => {
                write!(f, "not found within {attempts} attempts")
            }
        }
    }
}

impl std::error::Error for GenError {}

/// The seeded random generator (SplitMix64): small, fast, and the same on every platform.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator started from `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n` > 0), without modulo bias worth speaking of for small `n`.
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }

    /// Shuffles `v` (Fisher–Yates).
    pub fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            v.swap(i, self.below(i + 1));
        }
    }
}

/// The seed of the `k`-th puzzle of a run started from `seed`: the CLI gives puzzle `k` this
/// seed, so the output does not depend on how the work is spread over threads.
pub fn seed_for(seed: u64, k: u64) -> u64 {
    Rng::new(seed ^ k.wrapping_mul(0xd134_2543_de82_ef95)).next_u64()
}

/// A random solution grid.
pub fn random_solution(rng: &mut Rng) -> [u8; 81] {
    // Boxes 1, 5 and 9 share no house: any three permutations complete to a grid.
    let mut values = [0u8; 81];
    for b in [0, 4, 8] {
        let mut digits: [u8; 9] = std::array::from_fn(|i| i as u8 + 1);
        rng.shuffle(&mut digits);
        for (k, d) in digits.into_iter().enumerate() {
            values[(b / 3 * 3 + k / 3) * 9 + b % 3 * 3 + k % 3] = d;
        }
    }
    let grid = count_values(&values, 1).solutions[0];
    // Shuffle by the grid's symmetries, so the solver's fill order leaves no trace.
    random_isomorph(&grid, rng)
}

/// `values` (0 for an empty cell, as is any value above 9) under a random symmetry of the
/// grid: its digits relabelled, bands and the rows within each band permuted, stacks and their
/// columns permuted, and half the time transposed. The result has as many solutions as
/// `values`, and they are the solutions of `values` under the same symmetry. Benchmarks use it
/// to measure a solver on copies of a corpus that carry no trace of how the corpus was written
/// down.
pub fn random_isomorph(values: &[u8; 81], rng: &mut Rng) -> [u8; 81] {
    shuffled(values, rng, true)
}

/// As [`random_isomorph`] but never transposed: the shuffle tdoku's benchmark harness gives
/// every puzzle it loads (digits relabelled, bands and their rows, stacks and their columns
/// permuted), so that our ratios can be read beside its published ones.
pub fn random_shuffle(values: &[u8; 81], rng: &mut Rng) -> [u8; 81] {
    shuffled(values, rng, false)
}

/// The symmetry of [`random_isomorph`], transposed half the time only if `may_transpose` (the
/// coin is not drawn otherwise).
fn shuffled(values: &[u8; 81], rng: &mut Rng, may_transpose: bool) -> [u8; 81] {
    let mut relabel: [u8; 10] = std::array::from_fn(|i| i as u8);
    rng.shuffle(&mut relabel[1..]);
    let perm = |rng: &mut Rng| -> [usize; 9] {
        let mut bands = [0usize, 1, 2];
        rng.shuffle(&mut bands);
        let mut out = [0usize; 9];
        for (i, &b) in bands.iter().enumerate() {
            let mut within = [0usize, 1, 2];
            rng.shuffle(&mut within);
            for j in 0..3 {
                out[i * 3 + j] = b * 3 + within[j];
            }
        }
        out
    };
    let rows = perm(rng);
    let cols = perm(rng);
    let transpose = may_transpose && rng.below(2) == 1;
    std::array::from_fn(|i| {
        let (r, c) = (rows[i / 9], cols[i % 9]);
        let (r, c) = if transpose { (c, r) } else { (r, c) };
        let v = usize::from(values[r * 9 + c]);
        if v > 9 { 0 } else { relabel[v] }
    })
}

/// Takes clues away from `solution` one orbit at a time in random order while the puzzle keeps
/// one solution; returns the puzzle and the number of solver calls. Public so a benchmark can
/// time it apart (the library reads no clock); [`Generator`] calls it once per attempt.
pub fn dig(solution: &[u8; 81], opts: &GenOptions, rng: &mut Rng) -> ([u8; 81], u64) {
    let mut orbits = opts.symmetry.orbits();
    rng.shuffle(&mut orbits);
    let mut puzzle = *solution;
    let mut clues = 81usize;
    let stop_at = if opts.minimal {
        opts.min_clues as usize
    } else {
        let (lo, hi) = (opts.min_clues as usize, opts.max_clues as usize);
        lo + rng.below(hi - lo + 1)
    };
    let mut calls = 0;
    for orbit in orbits {
        if clues <= stop_at || clues - orbit.len() < opts.min_clues as usize {
            continue;
        }
        for &i in &orbit {
            puzzle[i] = 0;
        }
        calls += 1;
        if count_values(&puzzle, 2).count == 1 {
            clues -= orbit.len();
        } else {
            for &i in &orbit {
                puzzle[i] = solution[i];
            }
        }
    }
    (puzzle, calls)
}

/// Whether a rated path is what `target` asks for.
fn matches(target: &Target, steps: &[crate::Step], rating: &Rating) -> bool {
    match *target {
        Target::Any => true,
        Target::Level(level) => rating.level == level,
        Target::Se { min, max } => rating.se >= min - 1e-4 && rating.se <= max + 1e-4,
        Target::Technique { technique, only_tier } => {
            steps.iter().any(|s| s.technique == technique)
                && (!only_tier || steps.iter().all(|s| s.technique.tier() <= technique.tier()))
        }
    }
}

/// One attempt in progress: the dug puzzle being explained.
struct Attempt {
    values: [u8; 81],
    solution: [u8; 81],
    run: PathRun,
}

/// What [`Generator::advance`] did.
#[allow(
    clippy::large_enum_variant,
    reason = "returned once per puzzle and moved out at once, never stored in bulk"
)]
#[derive(Debug)]
pub enum GenPoll {
    /// A puzzle as asked for.
    Found(Generated),
    /// The stop check fired; call again to continue.
    Pending,
    /// The budget ran out.
    Failed(GenError),
}

/// A generation in progress, for callers that work in slices (see the module docs).
pub struct Generator {
    opts: GenOptions,
    rng: Rng,
    attempts: u32,
    solver_calls: u64,
    current: Option<Attempt>,
    done: bool,
}

impl Generator {
    /// Starts a generation.
    pub fn new(opts: &GenOptions, seed: u64) -> Generator {
        Generator {
            opts: *opts,
            rng: Rng::new(seed),
            attempts: 0,
            solver_calls: 0,
            current: None,
            done: false,
        }
    }

    /// Attempts made so far (the current one included).
    pub fn attempts(&self) -> u32 {
        self.attempts
    }

    /// Works until a puzzle is found, the budget runs out, or `stop` answers `true` (polled
    /// between attempts and inside the path runner; every call makes some progress).
    pub fn advance(&mut self, stop: Option<&dyn Fn() -> bool>) -> GenPoll {
        if self.done {
            return GenPoll::Failed(GenError::NotFound { attempts: self.attempts });
        }
        if let Err(m) = self.opts.check() {
            self.done = true;
            return GenPoll::Failed(GenError::BadOptions(m));
        }
        loop {
            if self.current.is_none() {
                if self.attempts >= self.opts.max_attempts {
                    self.done = true;
                    return GenPoll::Failed(GenError::NotFound { attempts: self.attempts });
                }
                self.attempts += 1;
                let solution = random_solution(&mut self.rng);
                self.solver_calls += 1;
                let (values, calls) = dig(&solution, &self.opts, &mut self.rng);
                self.solver_calls += calls;
                let clues = values.iter().filter(|&&v| v != 0).count();
                if clues > self.opts.max_clues as usize || clues < self.opts.min_clues as usize {
                    continue;
                }
                let board = Board::from_values(&values);
                // The path runner counts the solutions once more, up front.
                self.solver_calls += 1;
                let run = PathRun::new(&board, &Options::default());
                self.current = Some(Attempt { values, solution, run });
            }
            let attempt = self.current.as_mut().expect("an attempt");
            match attempt.run.advance(stop) {
                Advance::Pending => return GenPoll::Pending,
                Advance::Step(s) => {
                    // A step above the tier asked for ends the attempt at once.
                    if let Target::Technique { technique, only_tier: true } = self.opts.target
                        && s.technique.tier() > technique.tier()
                    {
                        self.current = None;
                    }
                }
                Advance::Done => {
                    let Attempt { values, solution, run } =
                        self.current.take().expect("an attempt");
                    let path = run.finish();
                    if path.status == PathStatus::Solved
                        && matches(&self.opts.target, &path.steps, &path.rating)
                    {
                        return GenPoll::Found(Generated {
                            puzzle: Board::from_values(&values),
                            solution,
                            rating: path.rating,
                            clues: values.iter().filter(|&&v| v != 0).count() as u8,
                            attempts: self.attempts,
                            solver_calls: self.solver_calls,
                        });
                    }
                }
            }
            if stop.is_some_and(|f| f()) {
                return GenPoll::Pending;
            }
        }
    }
}

/// Generates one puzzle (see the module docs): deterministic for `opts` and `seed`.
pub fn generate(opts: &GenOptions, seed: u64) -> Result<Generated, GenError> {
    let mut g = Generator::new(opts, seed);
    loop {
        match g.advance(None) {
            GenPoll::Found(p) => return Ok(p),
            GenPoll::Failed(e) => return Err(e),
            GenPoll::Pending => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orbits_partition_the_grid() {
        for s in Symmetry::ALL {
            let orbits = s.orbits();
            let mut seen = [false; 81];
            for o in &orbits {
                for &i in o {
                    assert!(!seen[i], "{s}: cell {i} twice");
                    seen[i] = true;
                }
            }
            assert!(seen.iter().all(|&x| x), "{s}");
            assert_eq!(Symmetry::from_name(s.name()), Some(s));
        }
        assert_eq!(Symmetry::None.orbits().len(), 81);
        assert_eq!(Symmetry::Central.orbits().len(), 41);
        assert_eq!(Symmetry::Diagonal.orbits().len(), 45);
        assert_eq!(Symmetry::Quarter.orbits().len(), 21);
        assert_eq!(Symmetry::Full.orbits().len(), 15);
    }

    #[test]
    fn random_solutions_are_grids_and_differ() {
        let mut rng = Rng::new(7);
        let a = random_solution(&mut rng);
        let b = random_solution(&mut rng);
        assert_ne!(a, b);
        for g in [a, b] {
            assert_eq!(count_values(&g, 2).count, 1);
        }
    }

    #[test]
    fn an_isomorph_keeps_the_solutions_under_the_same_symmetry() {
        // A 17-clue puzzle with one solution, and the same with two clues fewer (several).
        let line =
            "000000010400000000020000000000050407008000300001090000300400200050100000000806000";
        let puzzle: [u8; 81] = std::array::from_fn(|i| line.as_bytes()[i] - b'0');
        let solved = count_values(&puzzle, 2);
        assert_eq!(solved.count, 1);
        let mut open = puzzle;
        open[7] = 0;
        open[9] = 0;
        let mut moved = 0;
        for seed in 0..20 {
            // The same seed gives the same symmetry to the puzzle and to its solution.
            let iso = random_isomorph(&puzzle, &mut Rng::new(seed));
            let iso_solution = random_isomorph(&solved.solutions[0], &mut Rng::new(seed));
            let count = count_values(&iso, 2);
            assert_eq!(count.count, 1, "seed {seed}");
            assert_eq!(count.solutions[0], iso_solution, "seed {seed}");
            assert_eq!(iso.iter().filter(|&&v| v != 0).count(), 17);
            assert_eq!(count_values(&random_isomorph(&open, &mut Rng::new(seed)), 2).count, 2);
            moved += usize::from(iso != puzzle);
        }
        assert!(moved >= 19, "only {moved} of 20 isomorphs differ from the puzzle");
    }

    #[test]
    fn a_shuffle_keeps_rows_as_rows_and_the_solutions() {
        let line =
            "000000010400000000020000000000050407008000300001090000300400200050100000000806000";
        let puzzle: [u8; 81] = std::array::from_fn(|i| line.as_bytes()[i] - b'0');
        let solution = count_values(&puzzle, 2).solutions[0];
        // The givens of each line (row, or column if `cols`), as each band's (stack's) three
        // counts sorted, the bands sorted: kept by every symmetry but a transposition.
        let lines = |v: &[u8; 81], cols: bool| {
            let count = |i: usize| {
                (0..9).filter(|&j| v[if cols { j * 9 + i } else { i * 9 + j }] != 0).count()
            };
            let mut bands: Vec<Vec<usize>> = (0..3)
                .map(|b| {
                    let mut n: Vec<usize> = (0..3).map(|k| count(3 * b + k)).collect();
                    n.sort_unstable();
                    n
                })
                .collect();
            bands.sort();
            bands
        };
        let per_row = |v: &[u8; 81]| lines(v, false);
        let per_col = |v: &[u8; 81]| lines(v, true);
        assert_ne!(per_row(&puzzle), per_col(&puzzle));
        let mut transposed = 0;
        for seed in 0..20 {
            let shuffled = random_shuffle(&puzzle, &mut Rng::new(seed));
            assert_eq!(per_row(&shuffled), per_row(&puzzle), "seed {seed}");
            let count = count_values(&shuffled, 2);
            assert_eq!(count.count, 1, "seed {seed}");
            assert_eq!(count.solutions[0], random_shuffle(&solution, &mut Rng::new(seed)));
            // The isomorphs of the same seeds do transpose, about half of them.
            let iso = random_isomorph(&puzzle, &mut Rng::new(seed));
            transposed += usize::from(per_row(&iso) != per_row(&puzzle));
        }
        assert!((4..=16).contains(&transposed), "{transposed} of 20 isomorphs transposed");
    }

    #[test]
    fn bad_options_are_refused() {
        let opts = GenOptions { min_clues: 30, max_clues: 20, ..GenOptions::default() };
        assert!(matches!(generate(&opts, 1), Err(GenError::BadOptions(_))));
        let opts =
            GenOptions { target: Target::Se { min: 5.0, max: 2.0 }, ..GenOptions::default() };
        assert!(matches!(generate(&opts, 1), Err(GenError::BadOptions(_))));
    }
}
