//! Sudoku Explainer's dynamic and nested forcing chains: the stages of the rating walk
//! ([`super::se_walk`]) from 8.5 up.
//!
//! SE's rules, in our words (our own code):
//! - **Dynamic chaining.** From an assumption (a candidate on, or off), consequences spread in
//!   waves: an "on" candidate turns off the cell's other digits and the digit's other places in
//!   its block, row and column (in that order); an "off" candidate turns on the other digit of a
//!   cell left with two, and the other place of a house left with two. The "on" candidates are
//!   always expanded before the "off" ones. In the dynamic chains every "off" candidate is taken
//!   out of the grid once it has been expanded, so later links see the reduced grid; an "on"
//!   candidate reached that way also depends on every candidate already taken out of its cell or
//!   house (its *hidden parents*). A candidate keeps the first derivation that reached it.
//! - **Levels.** When the waves stop, a chaining of level 1 and up runs other rules on the
//!   reduced grid and goes on with what they eliminate (each elimination depends on the
//!   candidates taken out of the cells or houses the rule used): locked candidates, hidden and
//!   naked pairs, X-wings (level 1, SE's "(+)" at 9.0); then also SE's forcing chains and
//!   cycles (level 2, 9.5); also multiple forcing chains (level 3, 10.0); or, at level 4 (10.5),
//!   the dynamic forcing chains of nesting level 0, 1 or 2 inside (three stages, one after the
//!   other, all based 10.5). Only the first of those rules that finds something counts; of what
//!   it finds, the first finding of each elimination.
//! - **Hints.** For each cell and digit (cells in row order; at the dynamic levels every cell
//!   with two digits or more): the assumption on leading to a contradiction (the candidate goes),
//!   the assumption off leading to one (the digit is placed), a consequence shared by both
//!   (cells of three digits or more), one shared by every place of the digit in a house (houses
//!   where the cell is the digit's first place), and one shared by every digit of the cell.
//! - **Rating.** The level's base plus SE's length step ([`super::length_bonus`]) of the
//!   complexity less two: the number of distinct candidates in the ancestry of each of the
//!   hint's conclusions, summed, plus the complexity of each distinct chain nested in them. The
//!   lowest rating wins, then the lowest complexity, then the kind (double forcing, cell,
//!   region, contradiction), then the first found.
//!
//! Sharing work without changing what is found: within one search each assumption's run is
//! computed once (the region chains reuse the cells' runs), and a level whose nested rules begin
//! with another level's continues that level's runs from where they ended (levels 1 → 2 → 3,
//! and 1 → each level 4 rule), trying only its further rules there. The forcing chains and
//! cycles nested at levels 2 and 3 (thousands of grids per stage) skip the searches that cannot
//! find anything: a cycle search from a literal whose strongly connected component has fewer
//! than four literals, and a forcing chain search from a literal whose opposite is not among
//! the literals it leads to (a set per component, made from the sets of the components it
//! leads to as Tarjan's search closes it; most are of one literal that leads nowhere else, and
//! are added as that literal), or that a failed search reached without reaching its opposite.
//! The inner loops test masks' sizes with bit tricks, not `count_ones` (a long sequence without
//! `popcnt`, x86-64's baseline), and the runs kept are boxed (an entry is moved often).
//!
//! The search can stop before any run it computes ([`DynSearch::run`]), the nested chainings'
//! runs too: the cell under way is searched again on the next call, from the runs kept, and a
//! nested chaining stopped part way ([`Engine::nested_hints`]) keeps its runs and the hints of
//! its cells done, and goes on when the run that called it goes on from the same wave. Each
//! call computes at least one run (of the search or of the nested chaining under way) before
//! the check can stop it, so a search stopped every time still ends.
//!
//! Literals and candidates are the library's ([`Lit`], [`Candidate`]); a grid is a digit mask
//! per cell, and a run's nodes are numbered (`u32`) in the order reached.

use super::length_bonus;
use crate::board::Board;
use crate::grid::{Candidate, Cell, CellSet, Digit, House};
use crate::logic::lit::{Lit, LitSet};
use crate::logic::step::Step;
use crate::logic::technique::Technique;

/// How many literals the candidates have: the length of a table indexed by [`Lit::code`].
const LITS: usize = Lit::count(729);

/// A grid of candidates: per cell (by index), its digits (bit `d`: the digit of index `d`).
type Grid = [u16; 81];

/// The candidate of digit index `d` in cell index `c`.
#[inline(always)]
fn cand(c: usize, d: usize) -> Candidate {
    Candidate::new(Cell::from_index(c), Digit::from_index(d))
}

/// Each candidate index's cell and digit indexes: a table, for [`cell_digit`] is in the
/// inner loops (a division by 9 and index checks otherwise).
static CELL_DIGIT: [(u8, u8); 729] = {
    let mut t = [(0, 0); 729];
    let mut i = 0;
    while i < 729 {
        t[i] = ((i / 9) as u8, (i % 9) as u8);
        i += 1;
    }
    t
};

/// The cell and digit indexes of `l`'s candidate.
#[inline(always)]
fn cell_digit(l: Lit) -> (usize, usize) {
    let (c, d) = CELL_DIGIT[l.index()];
    (usize::from(c), usize::from(d))
}

/// Whether mask `m` has two bits or more. The tests of a mask's size are written with these,
/// not `count_ones`: without the `popcnt` instruction (x86-64's baseline) that is a long
/// sequence, and they are in the inner loops.
#[inline(always)]
fn several(m: u16) -> bool {
    m & m.wrapping_sub(1) != 0
}

/// Whether mask `m` has exactly two bits.
#[inline(always)]
fn two(m: u16) -> bool {
    let r = m & m.wrapping_sub(1);
    r != 0 && r & (r - 1) == 0
}

/// Whether cell mask `m` has exactly two cells.
#[inline(always)]
fn two_cells(m: CellSet) -> bool {
    let m = m.bits();
    let r = m & m.wrapping_sub(1);
    r != 0 && r & (r - 1) == 0
}

/// The houses' cells (indexes as [`House`]'s: rows, columns, boxes) and each cell's houses in
/// SE's order: block, row, column.
struct Geometry {
    cells: [[u8; 9]; 27],
    of: [[u8; 3]; 81],
    /// Each cell's 20 peers, each with the first of the cell's houses (block, row, column)
    /// that holds it, in that order.
    peers: [[(u8, u8); 20]; 81],
    /// Each house's cells as a mask (bit `cell`).
    mask: [u128; 27],
}

fn geometry() -> &'static Geometry {
    static G: std::sync::OnceLock<Geometry> = std::sync::OnceLock::new();
    G.get_or_init(|| {
        let mut g = Geometry {
            cells: [[0; 9]; 27],
            of: [[0; 3]; 81],
            peers: [[(0, 0); 20]; 81],
            mask: [0; 27],
        };
        for h in House::all() {
            for (i, c) in h.cells().into_iter().enumerate() {
                g.cells[h.index()][i] = c.index() as u8;
                g.mask[h.index()] |= 1 << c.index();
            }
        }
        for c in Cell::all() {
            let [r, col, b] = c.houses();
            g.of[c.index()] = [b.index() as u8, r.index() as u8, col.index() as u8];
        }
        for c in 0..81 {
            let mut n = 0;
            for h in g.of[c] {
                for o in g.cells[usize::from(h)] {
                    if usize::from(o) != c && !g.peers[c][..n].iter().any(|p| p.0 == o) {
                        g.peers[c][n] = (o, h);
                        n += 1;
                    }
                }
            }
            assert_eq!(n, 20);
        }
        g
    })
}

/// Why a candidate was reached: the cell (one digit left, or the cell's other digits), a house
/// (one place left, or the digit's other places), another rule, or nothing (the assumption).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Cause {
    Start,
    Cell,
    House(u8),
    Rule,
}

#[derive(Clone, Copy, Debug)]
struct Node {
    lit: Lit,
    cause: Cause,
    /// Where its parents start in the run's `parents`, and how many.
    from: u32,
    count: u32,
    /// The nested chain it came from (an index into the search's `nested`), if any.
    nested: Option<u32>,
}

/// In [`Run`]'s index, a literal not reached.
const NO_NODE: u32 = u32::MAX;

/// One chaining from one assumption: the candidates reached, each once, with their parents.
#[derive(Clone, Debug)]
struct Run {
    nodes: Vec<Node>,
    parents: Vec<u32>,
    /// Per literal (by [`Lit::code`]), its node in this run, or [`NO_NODE`]: read through
    /// [`Run::get`].
    at: Vec<u32>,
    on_order: Vec<u32>,
    off_order: Vec<u32>,
    /// Whether a node came from a nested chain.
    nested: bool,
}

impl Run {
    fn new() -> Run {
        Run {
            nodes: Vec::new(),
            parents: Vec::new(),
            at: vec![NO_NODE; LITS],
            on_order: Vec::new(),
            off_order: Vec::new(),
            nested: false,
        }
    }

    fn clear(&mut self) {
        for n in &self.nodes {
            self.at[n.lit.code()] = NO_NODE;
        }
        self.nodes.clear();
        self.parents.clear();
        self.on_order.clear();
        self.off_order.clear();
        self.nested = false;
    }

    /// The node of `l` in this run, if it was reached.
    #[inline(always)]
    fn get(&self, l: Lit) -> Option<u32> {
        let i = self.at[l.code()];
        (i != NO_NODE).then_some(i)
    }

    /// A node not (yet) entered in the run's index.
    fn node(&mut self, l: Lit, cause: Cause, parents: &[u32], nested: Option<u32>) -> u32 {
        let from = self.parents.len() as u32;
        // Most nodes have one parent: pushed, not copied (a call of memcpy).
        if let [p] = parents {
            self.parents.push(*p);
        } else {
            self.parents.extend_from_slice(parents);
        }
        self.nodes.push(Node { lit: l, cause, from, count: parents.len() as u32, nested });
        self.nested |= nested.is_some();
        self.nodes.len() as u32 - 1
    }

    /// A node entered in the index (the literal is reached).
    fn enter(&mut self, l: Lit, cause: Cause, parents: &[u32], nested: Option<u32>) -> u32 {
        let i = self.node(l, cause, parents, nested);
        self.at[l.code()] = i;
        if l.is_on() {
            self.on_order.push(i)
        } else {
            self.off_order.push(i)
        }
        i
    }

    /// Reaches "off" literal `q` from node `p`: the contradiction, as the nodes of `q`'s
    /// candidate on and off, if it was reached "on".
    #[inline(always)]
    fn reach_off(&mut self, q: Lit, cause: Cause, p: u32) -> Option<(u32, u32)> {
        if let Some(conj) = self.get(q.negated()) {
            return Some((conj, self.node(q, cause, &[p], None)));
        }
        if self.get(q).is_none() {
            self.enter(q, cause, &[p], None);
        }
        None
    }

    /// The ancestors of node `i` (itself included), a set of literals, made in `set` (`todo`:
    /// scratch). Made when asked for, by a walk up the parents: far fewer nodes are a hint's
    /// conclusion than are reached. Every ancestor but `i` was entered in the index, so no two
    /// have the same literal, and a literal met again is a node met again. Returns the set's
    /// size (counted as it is made: `LitSet::len` is 23 words' `count_ones`).
    fn ancestors(&self, i: u32, set: &mut LitSet, todo: &mut Vec<u32>) -> u32 {
        *set = LitSet::EMPTY;
        todo.clear();
        todo.extend_from_slice(self.parents_of(i));
        let mut n = 0;
        while let Some(p) = todo.pop() {
            if set.insert_new(self.nodes[p as usize].lit) {
                n += 1;
                todo.extend_from_slice(self.parents_of(p));
            }
        }
        n + u32::from(set.insert_new(self.nodes[i as usize].lit))
    }

    fn parents_of(&self, i: u32) -> &[u32] {
        let n = &self.nodes[i as usize];
        &self.parents[n.from as usize..(n.from + n.count) as usize]
    }
}

/// A run kept for its assumption: the run, the contradiction it ended on, and the rule it was
/// completed for. Runs are kept for the whole search on one grid, and from one stage of the walk
/// to the next: a rule whose nested rules begin with another rule's continues that rule's runs
/// (the two chainings agree until the other's last rule finds nothing).
#[derive(Clone, Debug)]
struct Entry {
    /// Boxed: entries are moved often (a run's five lists by value were a call of memcpy).
    run: Box<Run>,
    found: Option<(u32, u32)>,
    done: Mode,
    /// A run of `done` stopped at the end of a wave, before its nested rules (how many of them
    /// were already tried there).
    partial: Option<usize>,
}

/// How many of `to`'s nested rules a run completed for `from` has tried in vain at its end
/// (`usize::MAX`: the same rule), if `from`'s rules begin `to`'s.
fn rules_done(from: Mode, to: Mode) -> Option<usize> {
    if from == to {
        return Some(usize::MAX);
    }
    if (from.multiple, from.dynamic) != (to.multiple, to.dynamic) {
        return None;
    }
    match (from.level, to.level) {
        (0, _) => Some(0),
        (f, t) if f < t && t <= 3 => Some(usize::from(f)),
        (1, 4) => Some(1),
        _ => None,
    }
}

/// The runs of one search (one grid), by assumption literal, with the nested chains their
/// nodes refer to.
#[derive(Clone, Debug)]
pub(super) struct Runs {
    at: Vec<Option<Entry>>,
    nested: Vec<(u64, u32)>,
}

impl Default for Runs {
    fn default() -> Runs {
        Runs { at: vec![None; LITS], nested: Vec::new() }
    }
}

/// A hint of one chaining rule: its rating, its conclusion and, for a hint used inside
/// another chaining, the candidates it depends on.
#[derive(Clone, Debug)]
struct Hint {
    /// Rating in tenths.
    tenths: u32,
    complexity: u32,
    sort: u8,
    /// The candidates it removes, sorted.
    removes: Vec<Candidate>,
    /// The candidate it places, if any.
    places: Option<Candidate>,
    /// Rule parents ("off" literals), for a nested hint.
    parents: Vec<Lit>,
    /// For a nested chaining hint until its rule parents are known: its conclusions (the
    /// assumption of the run, the node) and the cause given to the assumptions.
    targets: Vec<(Lit, u32)>,
    start: Cause,
}

impl Hint {
    fn key(&self) -> u64 {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        let tail = [u64::from(self.complexity), u64::from(self.sort), 1 << 20];
        for x in self.removes.iter().map(|x| x.index() as u64).chain(tail) {
            h = (h ^ x).wrapping_mul(0x100_0000_01b3);
        }
        h
    }
}

fn steps_of(complexity: u32) -> u32 {
    (length_bonus(complexity.saturating_sub(2).min(u32::from(u16::MAX)) as u16) * 10.0).round()
        as u32
}

/// Adds a hint of a rule nested in a chaining (its conclusions known, so no targets) with the
/// next sequence number: rated `base` tenths plus the length steps of `complexity`; `parents`
/// (its rule parents) sorted and without repeats.
fn push_rule_hint(
    all: &mut Vec<(Hint, u32)>,
    base: u32,
    complexity: u32,
    sort: u8,
    removes: Vec<Candidate>,
    places: Option<Candidate>,
    mut parents: Vec<Lit>,
) {
    parents.sort_unstable();
    parents.dedup();
    let seq = all.len() as u32;
    let tenths = base + steps_of(complexity);
    let start = Cause::Start;
    let hint =
        Hint { tenths, complexity, sort, removes, places, parents, targets: Vec::new(), start };
    all.push((hint, seq));
}

/// What a rule applied inside a chaining gives: per elimination, its rule parents and nested
/// chain.
struct Advanced {
    removes: Candidate,
    parents: Vec<Lit>,
    /// (key, complexity) of the nested chaining hint, if it is one.
    nested: Option<(u64, u32)>,
}

/// Which chaining rule: SE's `Chaining(multiple, dynamic, nishio = false, level, limit)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Mode {
    pub(super) multiple: bool,
    pub(super) dynamic: bool,
    pub(super) level: u8,
    pub(super) limit: u8,
}

impl Mode {
    /// SE's base rating, in tenths.
    fn base(self) -> u32 {
        match self.level {
            0 if self.dynamic => 85,
            0 => 80,
            l => 85 + 5 * u32::from(l.min(4)),
        }
    }
}

/// The engine of one chaining rule (and, inside, of the rules it nests).
#[derive(Debug)]
struct Engine {
    mode: Mode,
    #[allow(clippy::vec_box, reason = "the runs go out of the pool boxed, into entries")]
    pool: Vec<Box<Run>>,
    /// The runs of the current search, and the nested chains they met.
    runs: Runs,
    /// The chaining nested at level 4 (dynamic), or the multiple chains of level 3.
    inner: Option<Box<Engine>>,
    /// Scratch of the unary chains (levels 2 and 3).
    unary: Unary,
    /// Scratch: hidden parents, and the ancestors met (`stamp[lit] == epoch`).
    hidden: Vec<u32>,
    stamp: Vec<u32>,
    epoch: u32,
    todo: Vec<u32>,
    /// The cells of each digit on the grid `places_of` (the search's, which every run starts
    /// from): made again when a run starts from another grid.
    places: [CellSet; 9],
    places_of: Grid,
    /// Runs computed in this call of the walk's stage, and whether the stop check fired.
    fresh: u32,
    aborted: bool,
    /// Where the last run stopped for the stop check: the rules tried at the end of its wave.
    paused_at: Option<usize>,
    /// A nested call of [`Engine::nested_hints`] stopped by the stop check.
    pending: Option<Pending>,
    /// Scratch of [`Engine::cell_hints`]: the runs of a cell's digits on and off.
    on_runs: Vec<Entry>,
    off_runs: Vec<Entry>,
}

/// A call of [`Engine::nested_hints`] stopped by the stop check, to go on with: its grids, the
/// next cell to search, and the hints of the cells before it.
#[derive(Debug)]
struct Pending {
    grid: Grid,
    initial: Grid,
    next: usize,
    all: Vec<(Hint, u32)>,
}

impl Engine {
    fn new(mode: Mode) -> Engine {
        let inner = match mode.level {
            3 => Some(Mode { multiple: true, dynamic: false, level: 0, limit: 0 }),
            4.. => Some(Mode { multiple: true, dynamic: true, level: mode.limit, limit: 0 }),
            _ => None,
        };
        Engine {
            mode,
            pool: Vec::new(),
            runs: Runs::default(),
            inner: inner.map(|m| Box::new(Engine::new(m))),
            unary: Unary::default(),
            hidden: Vec::new(),
            stamp: vec![0; LITS],
            epoch: 0,
            todo: Vec::new(),
            places: [CellSet::EMPTY; 9],
            places_of: [0; 81],
            fresh: 0,
            aborted: false,
            paused_at: None,
            pending: None,
            on_runs: Vec::new(),
            off_runs: Vec::new(),
        }
    }

    fn take_run(&mut self) -> Box<Run> {
        self.pool.pop().unwrap_or_else(|| Box::new(Run::new()))
    }

    fn give_run(&mut self, mut r: Box<Run>) {
        r.clear();
        self.pool.push(r);
    }

    /// The run from assumption `seed` on `grid` (the search's grid), kept or computed; give it
    /// back with [`Engine::put`].
    fn get(&mut self, grid: &mut Grid, seed: Lit, sink: &Sink) -> Entry {
        let cached = self.runs.at[seed.code()].as_ref();
        let ready = cached.is_some_and(|e| {
            e.partial.is_none()
                && (e.found.is_some() && rules_done(e.done, self.mode).is_some()
                    || rules_done(e.done, self.mode) == Some(usize::MAX))
        });
        // Work to do: the stop check may abandon the search of the cell (the runs done are
        // kept), once this call has done one.
        let stop = sink.stop;
        if !ready && (self.aborted || self.fresh > 0 && stop.is_some_and(|f| f())) {
            self.aborted = true;
            return Entry { run: self.take_run(), found: None, done: self.mode, partial: None };
        }
        if let Some(mut e) = self.runs.at[seed.code()].take() {
            let todo = match e.partial.take() {
                Some(k) if e.done == self.mode => Some(k),
                Some(_) => None,
                None => rules_done(e.done, self.mode),
            };
            match todo {
                Some(usize::MAX) => return e,
                Some(_) if e.found.is_some() => {
                    e.done = self.mode;
                    return e;
                }
                Some(k) => {
                    e.found = self.chain(grid, &mut e.run, Some(k), stop);
                    e.done = self.mode;
                    e.partial = self.paused_at.take();
                    self.fresh += 1;
                    return e;
                }
                None => self.give_run(e.run),
            }
        }
        let mut run = self.take_run();
        run.enter(seed, Cause::Start, &[], None);
        let found = self.chain(grid, &mut run, None, stop);
        self.fresh += 1;
        Entry { run, found, done: self.mode, partial: self.paused_at.take() }
    }

    fn put(&mut self, seed: Lit, e: Entry) {
        if e.run.nodes.is_empty() {
            // A stand-in of an abandoned search.
            self.give_run(e.run);
            return;
        }
        self.runs.at[seed.code()] = Some(e);
    }

    /// Forgets every run (a new grid).
    fn forget(&mut self) {
        for k in 0..LITS {
            if let Some(e) = self.runs.at[k].take() {
                self.give_run(e.run);
            }
        }
        self.runs.nested.clear();
    }

    /// Completes `run` from its seeds on `grid` (restored on return); the contradiction found,
    /// as the two nodes of one candidate on and off, if any. `resume`: the run is complete for
    /// a rule whose nested rules are the first `k` of this one's; it goes on from its end.
    fn chain(
        &mut self,
        grid: &mut Grid,
        run: &mut Run,
        resume: Option<usize>,
        stop: Option<&dyn Fn() -> bool>,
    ) -> Option<(u32, u32)> {
        let geo = geometry();
        let source = *grid;
        // Per digit, its cells on `grid` (reduced with it), and on `source`.
        if self.places_of != source {
            self.places = [CellSet::EMPTY; 9];
            for c in Cell::all() {
                for d in bits(source[c.index()]) {
                    self.places[d].insert(c);
                }
            }
            self.places_of = source;
        }
        let source_places = self.places;
        let mut places = source_places;
        // The candidates not yet expanded: the tails of the run's lists, from these cursors.
        let (mut on_at, mut off_at) = (0, 0);
        let mut skip = 0;
        if let Some(k) = resume {
            (on_at, off_at, skip) = (run.on_order.len(), run.off_order.len(), k);
            if self.mode.dynamic {
                for &i in &run.off_order {
                    let k = run.nodes[i as usize].lit.candidate();
                    grid[k.cell.index()] &= !(1 << k.digit.index());
                    places[k.digit.index()].remove(k.cell);
                }
            }
        }
        let dynamic = self.mode.dynamic;
        let mut hidden = std::mem::take(&mut self.hidden);
        let mut found = None;
        loop {
            if let Some(&p) = run.on_order.get(on_at) {
                on_at += 1;
                let (c, d) = cell_digit(run.nodes[p as usize].lit);
                // The grid does not change here: each "off" literal is met as it is made.
                let others = grid[c] & !(1 << d);
                found = bits(others)
                    .find_map(|e| run.reach_off(Lit::of(cand(c, e), false), Cause::Cell, p));
                // Each peer once, for its first house: a peer met again in a later house would
                // find the same and change nothing.
                if found.is_none() {
                    found = geo.peers[c].iter().find_map(|&(o, h)| {
                        let o = usize::from(o);
                        if grid[o] & 1 << d == 0 {
                            return None;
                        }
                        run.reach_off(Lit::of(cand(o, d), false), Cause::House(h), p)
                    });
                }
                if found.is_some() {
                    break;
                }
            } else if let Some(&p) = run.off_order.get(off_at) {
                off_at += 1;
                let (c, d) = cell_digit(run.nodes[p as usize].lit);
                let mut outs: [(Lit, Cause); 4] = [(Lit::off(0), Cause::Start); 4];
                let mut n = 0;
                if two(grid[c]) {
                    let e = (grid[c] & !(1 << d)).trailing_zeros() as usize;
                    outs[n] = (Lit::of(cand(c, e), true), Cause::Cell);
                    n += 1;
                }
                for &h in &geo.of[c] {
                    let here = places[d].intersection(House::from_index(usize::from(h)).cell_set());
                    if two_cells(here) {
                        // The other place (the first if `c` is not one).
                        let other = here.minus(CellSet::single(Cell::from_index(c))).first();
                        let other = other.expect("two places");
                        let q = Lit::of(Candidate::new(other, Digit::from_index(d)), true);
                        if !outs[..n].iter().any(|x| x.0 == q) {
                            outs[n] = (q, Cause::House(h));
                            n += 1;
                        }
                    }
                }
                if dynamic {
                    grid[c] &= !(1 << d);
                    places[d].remove(Cell::from_index(c));
                }
                for &(q, cause) in &outs[..n] {
                    // The parents: the candidate turned off, then those taken out before.
                    hidden.clear();
                    hidden.push(p);
                    let qc = cell_digit(q).0;
                    match cause {
                        Cause::Cell => {
                            for e in bits(source[qc] & !grid[qc]) {
                                match run.get(Lit::of(cand(qc, e), false)) {
                                    Some(x) if x != p => hidden.push(x),
                                    _ => {}
                                }
                            }
                        }
                        Cause::House(h) => {
                            // A house's cells in increasing order, as in the house.
                            let house = House::from_index(usize::from(h)).cell_set();
                            let gone = source_places[d].minus(places[d]).intersection(house);
                            for o in gone.iter() {
                                let k = Candidate::new(o, Digit::from_index(d));
                                match run.get(Lit::of(k, false)) {
                                    Some(x) if x != p => hidden.push(x),
                                    _ => {}
                                }
                            }
                        }
                        _ => {}
                    }
                    if let Some(conj) = run.get(q.negated()) {
                        let on = run.node(q, cause, &hidden, None);
                        found = Some((on, conj));
                        break;
                    }
                    if run.get(q).is_none() {
                        run.enter(q, cause, &hidden, None);
                    }
                }
                if found.is_some() {
                    break;
                }
            }
            if on_at == run.on_order.len() && off_at == run.off_order.len() {
                if self.mode.level == 0 {
                    break;
                }
                // The stop check, before the nested rules (once this call has done some work):
                // the run is kept as it is, to go on from here.
                if self.fresh > 0 && stop.is_some_and(|f| f()) {
                    self.paused_at = Some(skip);
                    self.aborted = true;
                    break;
                }
                self.fresh += 1;
                let Some(adv) = self.advanced(grid, &source, std::mem::take(&mut skip), stop)
                else {
                    // The nested chaining stopped (it keeps what it did): its rule is tried
                    // again from here on the next call, the ones before it known to find
                    // nothing.
                    self.paused_at = Some(self.inner_rule());
                    self.aborted = true;
                    break;
                };
                for a in adv {
                    let q = Lit::of(a.removes, false);
                    if run.get(q).is_some() {
                        continue;
                    }
                    let parents: Vec<u32> = a.parents.iter().filter_map(|&x| run.get(x)).collect();
                    let nested =
                        a.nested.map(|k| match self.runs.nested.iter().position(|x| *x == k) {
                            Some(i) => i as u32,
                            None => {
                                self.runs.nested.push(k);
                                self.runs.nested.len() as u32 - 1
                            }
                        });
                    run.enter(q, Cause::Rule, &parents, nested);
                }
                if off_at == run.off_order.len() {
                    break;
                }
            }
        }
        *grid = source;
        self.hidden = hidden;
        found
    }

    /// The position of the nested chaining ([`Engine::inner`]) among this level's nested
    /// rules: after the basic rules, and after the forcing chains and cycles at level 3.
    fn inner_rule(&self) -> usize {
        if self.mode.level == 3 { 2 } else { 1 }
    }

    /// The eliminations of the first rule nested at this level that finds any depending on
    /// the chain (`grid` is the reduced grid, `source` the grid the chaining started from).
    /// The first `skip` rules are known to find nothing. `None`: the nested chaining stopped
    /// for `stop` (after some work, which it keeps: call again with the same grids).
    fn advanced(
        &mut self,
        grid: &Grid,
        source: &Grid,
        skip: usize,
        stop: Option<&dyn Fn() -> bool>,
    ) -> Option<Vec<Advanced>> {
        let mut out = Vec::new();
        if skip < 1 {
            basic_rules(grid, source, &mut out);
            if !out.is_empty() {
                return Some(out);
            }
        }
        let level = self.mode.level;
        if level == 2 || level == 3 {
            if skip < 2 {
                let hints = self.unary.hints(grid, source);
                push_hints(&hints, &mut out);
            }
            if !out.is_empty() || level == 2 {
                return Some(out);
            }
        }
        if let Some(inner) = self.inner.as_mut() {
            let hints = inner.nested_hints(grid, source, stop)?;
            push_hints(&hints, &mut out);
        }
        Some(out)
    }

    /// Every hint of this rule (a rule nested in a chaining) on `grid`: sorted, one per set of
    /// eliminations, each with its rule parents against `initial`. `None`: the stop check
    /// fired, after at least one run computed in this call; the runs and the hints of the
    /// cells done are kept, and the next call with the same grids goes on from there (a call
    /// with other grids starts over).
    fn nested_hints(
        &mut self,
        grid: &Grid,
        initial: &Grid,
        stop: Option<&dyn Fn() -> bool>,
    ) -> Option<Vec<Hint>> {
        let mut p = match self.pending.take() {
            Some(p) if p.grid == *grid && p.initial == *initial => p,
            other => {
                if other.is_some() {
                    self.forget();
                }
                Pending { grid: *grid, initial: *initial, next: 0, all: Vec::new() }
            }
        };
        self.fresh = 0;
        let mut g = *grid;
        while p.next < 81 {
            let done = p.all.len();
            let mut sink = Sink {
                all: &mut p.all,
                best: None,
                initial: Some(initial),
                seq: done as u32,
                stop,
            };
            self.cell_hints(&mut g, p.next, &mut sink);
            if std::mem::take(&mut self.aborted) {
                // The cell is searched again from its start (its runs kept).
                p.all.truncate(done);
                self.pending = Some(p);
                return None;
            }
            p.next += 1;
        }
        let mut out = finish(p.all);
        for h in &mut out {
            h.parents = self.parents_of(h, initial, grid);
        }
        self.forget();
        Some(out)
    }

    /// The hints from cell `c`.
    fn cell_hints(&mut self, grid: &mut Grid, c: usize, sink: &mut Sink) {
        let card = grid[c].count_ones();
        let Mode { multiple, dynamic, .. } = self.mode;
        if !(card > 2 || card > 1 && dynamic) {
            return;
        }
        let base = self.mode.base();
        // The lists of the cell's runs: this engine's, kept empty between calls.
        let mut on_runs = std::mem::take(&mut self.on_runs);
        let mut off_runs = std::mem::take(&mut self.off_runs);
        for d in bits(grid[c]) {
            let k = cand(c, d);
            let on_e = self.get(grid, Lit::of(k, true), sink);
            let (on_run, absurd) = (on_e.run, on_e.found);
            if dynamic && let Some((a, b)) = absurd {
                let t = [(&*on_run, a), (&*on_run, b)];
                self.offer(sink, base, 7, &t, vec![k], None, Cause::Start);
            }
            // The static chains use the assumption "off" for nothing (SE runs it all the same).
            let off_e = if dynamic {
                self.get(grid, Lit::of(k, false), sink)
            } else {
                Entry { run: self.take_run(), found: None, done: self.mode, partial: None }
            };
            let (off_run, absurd) = (off_e.run, off_e.found);
            if dynamic && let Some((a, b)) = absurd {
                let t = [(&*off_run, a), (&*off_run, b)];
                let removes = others(grid, c, d);
                if !removes.is_empty() {
                    self.offer(sink, base, 7, &t, removes, Some(k), Cause::Start);
                }
            }
            if card >= 3 && dynamic {
                for &i in &on_run.on_order {
                    let l = on_run.nodes[i as usize].lit;
                    if let Some(j) = off_run.get(l) {
                        let (x, e) = cell_digit(l);
                        let removes = others(grid, x, e);
                        if !removes.is_empty() {
                            let t = [(&*on_run, i), (&*off_run, j)];
                            let k = l.candidate();
                            self.offer(sink, base, 1, &t, removes, Some(k), Cause::Start);
                        }
                    }
                }
                for &i in &on_run.off_order {
                    let l = on_run.nodes[i as usize].lit;
                    if let Some(j) = off_run.get(l) {
                        let t = [(&*on_run, i), (&*off_run, j)];
                        let k = l.candidate();
                        self.offer(sink, base, 1, &t, vec![k], None, Cause::Start);
                    }
                }
            }
            self.region_hints(grid, c, d, &on_run, sink);
            let (done, partial) = (on_e.done, on_e.partial);
            on_runs.push(Entry { run: on_run, found: on_e.found, done, partial });
            let (done, partial) = (off_e.done, off_e.partial);
            off_runs.push(Entry { run: off_run, found: off_e.found, done, partial });
        }
        if card == 2 || multiple && card > 2 {
            for on in [true, false] {
                let first = &on_runs[0].run;
                let order = if on { &first.on_order } else { &first.off_order };
                for &i in order {
                    let l = first.nodes[i as usize].lit;
                    if on_runs.iter().any(|e| e.run.get(l).is_none()) {
                        continue;
                    }
                    let t: Vec<(&Run, u32)> =
                        on_runs.iter().filter_map(|e| Some((&*e.run, e.run.get(l)?))).collect();
                    let (removes, places) = conclusion(grid, l);
                    if !removes.is_empty() {
                        self.offer(sink, base, 5, &t, removes, places, Cause::Cell);
                    }
                }
            }
        }
        for (d, (on_e, off_e)) in bits(grid[c]).zip(on_runs.drain(..).zip(off_runs.drain(..))) {
            self.put(Lit::of(cand(c, d), true), on_e);
            self.put(Lit::of(cand(c, d), false), off_e);
        }
        (self.on_runs, self.off_runs) = (on_runs, off_runs);
    }

    /// Region forcing chains from `c`=`d` (when `c` is the digit's first place in the house).
    fn region_hints(&mut self, grid: &mut Grid, c: usize, d: usize, on_run: &Run, sink: &mut Sink) {
        let geo = geometry();
        let base = self.mode.base();
        for &h in &geo.of[c] {
            let cells = geo.cells[h as usize];
            // The digit's places (on the stack: this runs for every digit of every cell).
            let mut at = [0usize; 9];
            let mut n = 0;
            for &o in &cells {
                if grid[usize::from(o)] & 1 << d != 0 {
                    at[n] = usize::from(o);
                    n += 1;
                }
            }
            let places = &at[..n];
            if !(n == 2 || self.mode.multiple && n > 2) || places[0] != c {
                continue;
            }
            let mut entries: Vec<Entry> = Vec::new();
            for &o in &places[1..] {
                entries.push(self.get(grid, Lit::of(cand(o, d), true), sink));
            }
            let runs: Vec<&Run> = entries.iter().map(|e| &*e.run).collect();
            for on in [true, false] {
                let order = if on { &on_run.on_order } else { &on_run.off_order };
                for &i in order {
                    let l = on_run.nodes[i as usize].lit;
                    if runs.iter().any(|r| r.get(l).is_none()) {
                        continue;
                    }
                    let mut t: Vec<(&Run, u32)> = vec![(on_run, i)];
                    t.extend(runs.iter().filter_map(|&r| Some((r, r.get(l)?))));
                    let (removes, places) = conclusion(grid, l);
                    if !removes.is_empty() {
                        self.offer(sink, base, 6, &t, removes, places, Cause::House(h));
                    }
                }
            }
            drop(runs);
            for (&o, e) in places[1..].iter().zip(entries) {
                self.put(Lit::of(cand(o, d), true), e);
            }
        }
    }

    /// Rates a hint with conclusions `targets` and hands it to the sink. `start` is the cause
    /// given to the assumptions (cell and region chains depend on their cell or house).
    #[allow(clippy::too_many_arguments)]
    fn offer(
        &mut self,
        sink: &mut Sink,
        base: u32,
        sort: u8,
        targets: &[(&Run, u32)],
        mut removes: Vec<Candidate>,
        places: Option<Candidate>,
        start: Cause,
    ) {
        if self.aborted {
            // The cell's search is abandoned and done again on the next call.
            return;
        }
        let mut complexity = 0u32;
        let mut nested: Vec<u32> = Vec::new();
        let parents: Vec<Lit> = Vec::new();
        let mut todo = std::mem::take(&mut self.todo);
        let mut kept = Vec::new();
        let mut anc = LitSet::EMPTY;
        for &(run, t) in targets {
            complexity += run.ancestors(t, &mut anc, &mut todo);
            if sink.initial.is_some() {
                kept.push((run.nodes[0].lit, t));
            }
            if !run.nested {
                continue;
            }
            self.epoch = self.epoch.wrapping_add(1);
            if self.epoch == 0 {
                self.stamp.iter_mut().for_each(|s| *s = 0);
                self.epoch = 1;
            }
            let epoch = self.epoch;
            todo.clear();
            todo.push(t);
            let mut k = 0;
            while k < todo.len() {
                let i = todo[k];
                k += 1;
                let n = run.nodes[i as usize];
                if std::mem::replace(&mut self.stamp[n.lit.code()], epoch) == epoch {
                    continue;
                }
                if let Some(x) = n.nested
                    && !nested.contains(&x)
                {
                    nested.push(x);
                }
                todo.extend_from_slice(run.parents_of(i));
            }
        }
        self.todo = todo;
        complexity += nested.iter().map(|&i| self.runs.nested[i as usize].1).sum::<u32>();
        removes.sort_unstable();
        let tenths = base + steps_of(complexity);
        sink.add(Hint { tenths, complexity, sort, removes, places, parents, targets: kept, start });
    }

    /// The rule parents of `h`, a hint of this search (its runs still kept), against `initial`.
    fn parents_of(&self, h: &Hint, initial: &Grid, grid: &Grid) -> Vec<Lit> {
        let geo = geometry();
        let mut parents = Vec::new();
        let (mut anc, mut todo) = (LitSet::EMPTY, Vec::new());
        for &(seed, t) in &h.targets {
            let Some(e) = self.runs.at[seed.code()].as_ref() else { continue };
            let run = &e.run;
            let target = run.nodes[t as usize];
            run.ancestors(t, &mut anc, &mut todo);
            for l in anc.iter().filter(|l| l.is_on()) {
                // The target may be a second node of its literal (a contradiction's), not in the
                // run's index; every other ancestor is there.
                let n = match run.get(l) {
                    _ if l == target.lit => target,
                    Some(i) => run.nodes[i as usize],
                    None => unreachable!("an ancestor not reached"),
                };
                let cause = if n.cause == Cause::Start { h.start } else { n.cause };
                rule_parents(geo, initial, grid, l, cause, &mut parents);
            }
        }
        parents.sort_unstable();
        parents.dedup();
        parents
    }
}

/// The rule parents of an "on" candidate reached for `cause`: the candidates taken out
/// (present in `initial`, gone from `current`) of its cell, or of its digit's places in the
/// house.
fn rule_parents(
    geo: &Geometry,
    initial: &Grid,
    current: &Grid,
    l: Lit,
    cause: Cause,
    out: &mut Vec<Lit>,
) {
    let (c, d) = cell_digit(l);
    // Duplicates are removed by the caller.
    match cause {
        Cause::Cell => {
            for e in bits(initial[c] & !current[c]) {
                out.push(Lit::of(cand(c, e), false));
            }
        }
        Cause::House(h) => {
            for &o in &geo.cells[h as usize] {
                let o = usize::from(o);
                if initial[o] & !current[o] & 1 << d != 0 {
                    out.push(Lit::of(cand(o, d), false));
                }
            }
        }
        _ => {}
    }
}

/// Where hints go: kept all (nested rules) or only the best (the walk's stage).
struct Sink<'a> {
    all: &'a mut Vec<(Hint, u32)>,
    best: Option<&'a mut Best>,
    initial: Option<&'a Grid>,
    seq: u32,
    stop: Option<&'a dyn Fn() -> bool>,
}

impl Sink<'_> {
    fn add(&mut self, h: Hint) {
        if let Some(b) = self.best.as_deref_mut() {
            let better = b.hint.as_ref().is_none_or(|x| {
                (h.tenths, h.complexity, h.sort) < (x.tenths, x.complexity, x.sort)
            });
            if better {
                b.hint = Some(h);
            }
        } else {
            self.all.push((h, self.seq));
            self.seq += 1;
        }
    }
}

/// The best hint so far of a walk's stage.
#[derive(Debug, Default)]
pub(super) struct Best {
    hint: Option<Hint>,
}

/// Sorts hints as SE does (rating, complexity, kind, then the order found) and keeps the first
/// of each set of eliminations.
fn finish(mut all: Vec<(Hint, u32)>) -> Vec<Hint> {
    all.sort_by_key(|(h, seq)| (h.tenths, h.complexity, h.sort, *seq));
    let mut seen = std::collections::HashSet::new();
    let mut out: Vec<Hint> = Vec::with_capacity(all.len());
    for (h, _) in all {
        if seen.insert(h.removes.clone()) {
            out.push(h);
        }
    }
    out
}

/// The eliminations of nested chaining hints with rule parents, first come first kept.
fn push_hints(hints: &[Hint], out: &mut Vec<Advanced>) {
    for h in hints {
        if h.parents.is_empty() {
            continue;
        }
        let key = (h.key(), h.complexity);
        for &r in &h.removes {
            out.push(Advanced { removes: r, parents: h.parents.clone(), nested: Some(key) });
        }
    }
}

/// The bits of `m` below 9 (digits, or positions in a house), in increasing order: only the
/// bits set are visited.
fn bits(m: u16) -> impl Iterator<Item = usize> {
    let mut rest = m & 0x1ff;
    std::iter::from_fn(move || {
        (rest != 0).then(|| {
            let d = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            d
        })
    })
}

/// What a forcing chain concluding `l` (on: its cell holds its digit; off: it does not) does on
/// `grid`: the candidates it removes, and the candidate it places.
fn conclusion(grid: &Grid, l: Lit) -> (Vec<Candidate>, Option<Candidate>) {
    let (x, e) = cell_digit(l);
    if l.is_on() { (others(grid, x, e), Some(l.candidate())) } else { (vec![l.candidate()], None) }
}

/// The candidates of `c` other than `d`.
fn others(grid: &Grid, c: usize, d: usize) -> Vec<Candidate> {
    bits(grid[c] & !(1 << d)).map(|e| cand(c, e)).collect()
}

/// The basic rules nested from level 1: locked candidates, hidden pairs, naked pairs, X-wings,
/// the first of them that finds eliminations depending on the chain (rule parents).
#[inline(never)]
fn basic_rules(grid: &Grid, source: &Grid, out: &mut Vec<Advanced>) {
    let geo = geometry();
    let removed = |o: usize, d: usize| source[o] & !grid[o] & 1 << d != 0;
    let house_parents = |h: usize, d: usize, ps: &mut Vec<Lit>| {
        for &o in &geo.cells[h] {
            if removed(usize::from(o), d) {
                ps.push(Lit::of(cand(usize::from(o), d), false));
            }
        }
    };
    // Per house and digit, its places (bits: positions in the house), made once.
    let mut place_table = [[0u16; 9]; 27];
    for (h, row) in place_table.iter_mut().enumerate() {
        for (i, &o) in geo.cells[h].iter().enumerate() {
            for d in bits(grid[usize::from(o)]) {
                row[d] |= 1 << i;
            }
        }
    }
    let places = |h: usize, d: usize| -> u16 { place_table[h][d] };
    let emit = |removes: Vec<Candidate>, parents: Vec<Lit>, out: &mut Vec<Advanced>| {
        if parents.is_empty() {
            return;
        }
        for r in removes {
            out.push(Advanced { removes: r, parents: parents.clone(), nested: None });
        }
    };
    // Locked candidates: a box's digit in one line, then a line's digit in one box. Cell sets
    // are masks of the 81 cells: per digit, its places on the grid.
    let mut digit_cells = [0u128; 9];
    for (c, &m) in grid.iter().enumerate() {
        for d in bits(m) {
            digit_cells[d] |= 1 << c;
        }
    }
    for bases in [18..27, 0..18] {
        for b in bases {
            for (d, &dc) in digit_cells.iter().enumerate() {
                let p = dc & geo.mask[b];
                if p & p.wrapping_sub(1) == 0 {
                    continue;
                }
                // A house of the other kind holding every place holds the first: for a box,
                // its row, then its column (rows are numbered first); for a line, its box.
                let [block, row, column] = geo.of[p.trailing_zeros() as usize];
                let crosses = if b >= 18 { &[row, column][..] } else { &[block][..] };
                for x in crosses.iter().map(|&x| usize::from(x)) {
                    if p & !geo.mask[x] != 0 {
                        continue;
                    }
                    let r = dc & geo.mask[x] & !geo.mask[b];
                    let removes: Vec<Candidate> = geo.cells[x]
                        .iter()
                        .map(|&o| usize::from(o))
                        .filter(|&o| r & 1 << o != 0)
                        .map(|o| cand(o, d))
                        .collect();
                    if !removes.is_empty() {
                        let mut ps = Vec::new();
                        house_parents(b, d, &mut ps);
                        emit(removes, ps, out);
                    }
                }
            }
        }
    }
    if !out.is_empty() {
        return;
    }
    // Hidden pairs: boxes, columns, rows.
    for h in (18..27).chain(9..18).chain(0..9) {
        let ps = place_table[h];
        // Only digits of one or two places can make a pair: the pairs of the others are not
        // visited.
        let mut few = 0u16;
        for (d, &m) in ps.iter().enumerate() {
            if m != 0 && !several(m & (m - 1)) {
                few |= 1 << d;
            }
        }
        for a in bits(few) {
            for b in bits(few & !((2 << a) - 1)) {
                let u = ps[a] | ps[b];
                if !two(u) {
                    continue;
                }
                let removes: Vec<Candidate> = bits(u)
                    .map(|i| usize::from(geo.cells[h][i]))
                    .flat_map(|o| bits(grid[o] & !(1 << a | 1 << b)).map(move |e| cand(o, e)))
                    .collect();
                if !removes.is_empty() {
                    let mut parents = Vec::new();
                    house_parents(h, a, &mut parents);
                    house_parents(h, b, &mut parents);
                    emit(removes, parents, out);
                }
            }
        }
    }
    if !out.is_empty() {
        return;
    }
    // Naked pairs: boxes, rows, columns.
    for h in (18..27).chain(0..18) {
        let cells = geo.cells[h];
        // Only cells of one or two digits can make a pair.
        let mut few = 0u16;
        for (i, &o) in cells.iter().enumerate() {
            let m = grid[usize::from(o)];
            if m != 0 && !several(m & (m - 1)) {
                few |= 1 << i;
            }
        }
        for i in bits(few) {
            for j in bits(few & !((2 << i) - 1)) {
                let (a, b) = (usize::from(cells[i]), usize::from(cells[j]));
                let u = grid[a] | grid[b];
                if !two(u) {
                    continue;
                }
                let removes: Vec<Candidate> = cells
                    .iter()
                    .map(|&o| usize::from(o))
                    .filter(|&o| o != a && o != b)
                    .flat_map(|o| bits(grid[o] & u).map(move |e| cand(o, e)))
                    .collect();
                if !removes.is_empty() {
                    let mut parents = Vec::new();
                    for x in [a, b] {
                        for e in bits(source[x] & !grid[x]) {
                            parents.push(Lit::of(cand(x, e), false));
                        }
                    }
                    emit(removes, parents, out);
                }
            }
        }
    }
    if !out.is_empty() {
        return;
    }
    // X-wings: rows as bases, then columns.
    for (bases, covers) in [(0..9, 9..18), (9..18, 0..9)] {
        for d in 0..9 {
            // The lines where the digit has two places (bit: the line's number among them).
            let mut lines = 0u16;
            for (i, r) in bases.clone().enumerate() {
                if two(places(r, d)) {
                    lines |= 1 << i;
                }
            }
            for i1 in bits(lines) {
                for i2 in bits(lines & !((2 << i1) - 1)) {
                    let (r1, r2) = (bases.start + i1, bases.start + i2);
                    let (p1, p2) = (places(r1, d), places(r2, d));
                    if p1 != p2 {
                        continue;
                    }
                    let covered: Vec<usize> = bits(p1).map(|i| covers.start + i).collect();
                    let mut removes = Vec::new();
                    for &x in &covered {
                        for (k, &o) in geo.cells[x].iter().enumerate() {
                            let o = usize::from(o);
                            let line = bases.start + k;
                            if line != r1 && line != r2 && grid[o] & 1 << d != 0 {
                                removes.push(cand(o, d));
                            }
                        }
                    }
                    if !removes.is_empty() {
                        let mut parents = Vec::new();
                        house_parents(r1, d, &mut parents);
                        house_parents(r2, d, &mut parents);
                        emit(removes, parents, out);
                    }
                }
            }
        }
    }
}

/// SE's forcing chains and cycles (X, Y, and both), nested at levels 2 and 3: every hint of the
/// grid, with its rule parents.
#[derive(Debug, Default)]
struct Unary {
    /// The current search's nodes: the literal, its parent node (the start is its own) and
    /// why it was reached.
    nodes: Vec<(Lit, u32, Cause)>,
    on_seen: Vec<bool>,
    adj: Adj,
    /// Scratch: the searches' layers, the cycles found, and the literals of the path of the
    /// node a cycle search expands (`mark[lit] == epoch`).
    layer: Vec<u32>,
    next: Vec<u32>,
    found: Vec<u32>,
    mark: Vec<u32>,
    epoch: u32,
    /// The literals whose forcing chain search is known to find nothing on this grid and kind
    /// of links (`fails[lit] == fail_epoch`): by their components' reach, or by a search.
    fails: Vec<u32>,
    fail_epoch: u32,
    /// Per literal, the size of its strongly connected component in the links of one kind
    /// ([`Unary::components`]), and that search's scratch.
    scc: Vec<u16>,
    tarjan: Tarjan,
    /// The literals of the components, each component after those it leads to.
    order: Vec<Lit>,
    /// With X links: per literal of `order`, its component's number, and per component, the
    /// literals its literals lead to (its own included).
    comp: Vec<u32>,
    reach: Vec<LitSet>,
    /// Per component, its one literal if its set holds no other (most components: a literal
    /// that leads nowhere else), else `None`.
    alone: Vec<Option<Lit>>,
    /// Make every search, those known to find nothing too (the tests' reference).
    every_search: bool,
}

/// Scratch of Tarjan's search for strongly connected components.
#[derive(Debug, Default)]
struct Tarjan {
    /// Per literal, its number in the order visited, or [`Tarjan::UNVISITED`].
    index: Vec<u32>,
    low: Vec<u32>,
    on_stack: Vec<bool>,
    stack: Vec<Lit>,
    call: Vec<(Lit, usize, usize)>,
}

impl Tarjan {
    /// The index of a literal not visited yet.
    const UNVISITED: u32 = u32::MAX;
}

/// The links of each literal on one grid, per kind of links, computed when first asked for.
#[derive(Debug)]
struct Adj {
    /// Per kind × literal: the epoch its span was computed in, and the span.
    epoch: Vec<u32>,
    span: Vec<(u32, u32)>,
    list: Vec<(Lit, Cause)>,
    now: u32,
    /// Per house × digit, its places on the grid (bits: positions in the house).
    places: [u16; 27 * 9],
}

impl Default for Adj {
    fn default() -> Adj {
        Adj { epoch: Vec::new(), span: Vec::new(), list: Vec::new(), now: 0, places: [0; 27 * 9] }
    }
}

impl Adj {
    /// Forgets every list (a new grid, `grid`).
    fn reset(&mut self, grid: &Grid) {
        let geo = geometry();
        for (h, cells) in geo.cells.iter().enumerate() {
            let row = &mut self.places[h * 9..h * 9 + 9];
            row.fill(0);
            for (i, &o) in cells.iter().enumerate() {
                for d in bits(grid[usize::from(o)]) {
                    row[d] |= 1 << i;
                }
            }
        }
        if self.epoch.is_empty() {
            self.epoch = vec![0; 3 * LITS];
            self.span = vec![(0, 0); 3 * LITS];
        }
        self.now = self.now.wrapping_add(1);
        if self.now == 0 {
            self.epoch.iter_mut().for_each(|e| *e = 0);
            self.now = 1;
        }
        self.list.clear();
    }

    /// The links of `l` (of kind `y`, `x`): a range of `list`.
    #[inline(always)]
    fn span(&mut self, grid: &Grid, l: Lit, y: bool, x: bool) -> std::ops::Range<usize> {
        // An "on" literal's links do not depend on X links: with Y links, one list serves both
        // kinds.
        let x = x || y && l.is_on();
        let k = (usize::from(y) * 2 + usize::from(x) - 1) * LITS + l.code();
        if self.epoch[k] != self.now {
            self.make(grid, l, y, x, k);
        }
        let (from, n) = self.span[k];
        from as usize..(from + n) as usize
    }

    /// Makes the list of `l` (entry `k`) for [`Adj::span`].
    #[inline(never)]
    fn make(&mut self, grid: &Grid, l: Lit, y: bool, x: bool, k: usize) {
        let from = if y && l.is_on() {
            // The cell's other digits, then the list without Y links (made first if it is
            // not yet): its peers are the same.
            let peers = self.span(grid, l, false, true);
            let from = self.list.len();
            let (c, d) = cell_digit(l);
            for e in bits(grid[c] & !(1 << d)) {
                self.list.push((Lit::of(cand(c, e), false), Cause::Cell));
            }
            self.list.extend_from_within(peers);
            from
        } else {
            let from = self.list.len();
            Unary::implies(grid, &self.places, l, y, x, &mut self.list);
            from
        };
        self.span[k] = (from as u32, (self.list.len() - from) as u32);
        self.epoch[k] = self.now;
    }
}

impl Unary {
    #[inline(never)]
    fn hints(&mut self, grid: &Grid, initial: &Grid) -> Vec<Hint> {
        let mut all: Vec<(Hint, u32)> = Vec::new();
        self.adj.reset(grid);
        if self.on_seen.len() != LITS {
            self.on_seen = vec![false; LITS];
            self.fails = vec![0; LITS];
        }
        for (y, x) in [(false, true), (true, false), (true, true)] {
            self.fail_epoch = self.fail_epoch.wrapping_add(1);
            if self.fail_epoch == 0 {
                self.fails.iter_mut().for_each(|f| *f = 0);
                self.fail_epoch = 1;
            }
            self.components(grid, y, x);
            let prune = !self.every_search;
            if x && prune {
                // The forcing chain searches that fail, without searching: those whose
                // opposite is not among what their literal leads to.
                for &l in &self.order {
                    let reach = &self.reach[self.comp[l.code()] as usize];
                    if !reach.contains(l.negated()) {
                        self.fails[l.code()] = self.fail_epoch;
                    }
                }
            }
            for c in 0..81 {
                if !several(grid[c]) {
                    continue;
                }
                for d in bits(grid[c]) {
                    if several(grid[c] & (grid[c] - 1)) && !x {
                        continue;
                    }
                    // A cycle found has four links or more, through as many literals (the
                    // search never goes back to a literal of the path): all in the source's
                    // component.
                    if !prune || self.scc[Lit::of(cand(c, d), true).code()] >= 4 {
                        self.cycles(grid, initial, c, d, y, x, &mut all);
                    }
                    if x {
                        for on in [true, false] {
                            if !prune
                                || self.fails[Lit::of(cand(c, d), on).code()] != self.fail_epoch
                            {
                                self.forcing(grid, initial, c, d, on, y, &mut all);
                            }
                        }
                    }
                }
            }
        }
        finish(all)
    }

    /// The size of each literal's strongly connected component in the links of kind `y`, `x`
    /// on `grid` (`scc`), for every literal reachable from a candidate "on" of a cell with two
    /// digits or more (only two without X links: the cycles searched then), by Tarjan's
    /// search without recursion.
    #[inline(never)]
    fn components(&mut self, grid: &Grid, y: bool, x: bool) {
        let mut t = std::mem::take(&mut self.tarjan);
        if t.index.len() != LITS {
            t.index = vec![Tarjan::UNVISITED; LITS];
            t.low = vec![0; LITS];
            t.on_stack = vec![false; LITS];
            self.scc = vec![0; LITS];
            self.comp = vec![0; LITS];
        } else {
            // Only the literals the last search visited (each in a component, so in `order`)
            // have entries to reset: `low` is set on a visit, `on_stack` is reset on leaving
            // the stack, `comp` is read for the components' literals only.
            for &z in &self.order {
                t.index[z.code()] = Tarjan::UNVISITED;
                self.scc[z.code()] = 0;
            }
        }
        self.order.clear();
        let with_reach = x && !self.every_search;
        self.reach.clear();
        self.alone.clear();
        let mut counter = 0u32;
        for c in 0..81 {
            if !several(grid[c]) {
                continue;
            }
            if !x && several(grid[c] & (grid[c] - 1)) {
                continue;
            }
            for d in bits(grid[c]) {
                let root = Lit::of(cand(c, d), true);
                if t.index[root.code()] != Tarjan::UNVISITED {
                    continue;
                }
                let mut visit = |t: &mut Tarjan, adj: &mut Adj, v: Lit| {
                    t.index[v.code()] = counter;
                    t.low[v.code()] = counter;
                    counter += 1;
                    t.stack.push(v);
                    t.on_stack[v.code()] = true;
                    adj.span(grid, v, y, x)
                };
                // The literal under way and the rest of its links (`k..end`); `call` holds the
                // literals it was reached from, each with the rest of its links.
                let r = visit(&mut t, &mut self.adj, root);
                let (mut v, mut k, mut end) = (root, r.start, r.end);
                loop {
                    let vi = v.code();
                    if k < end {
                        let w = self.adj.list[k].0;
                        k += 1;
                        let wi = w.code();
                        if t.index[wi] == Tarjan::UNVISITED {
                            t.call.push((v, k, end));
                            let r = visit(&mut t, &mut self.adj, w);
                            (v, k, end) = (w, r.start, r.end);
                        } else if t.on_stack[wi] {
                            t.low[vi] = t.low[vi].min(t.index[wi]);
                        }
                        continue;
                    }
                    let caller = t.call.pop();
                    if let Some((u, _, _)) = caller {
                        let ui = u.code();
                        t.low[ui] = t.low[ui].min(t.low[vi]);
                    }
                    if t.low[vi] == t.index[vi] {
                        let from = t.stack.iter().rposition(|&z| z == v).unwrap_or(0);
                        let size = (t.stack.len() - from) as u16;
                        let id = self.reach.len() as u32;
                        for &z in &t.stack[from..] {
                            t.on_stack[z.code()] = false;
                            self.scc[z.code()] = size;
                            self.comp[z.code()] = id;
                            self.order.push(z);
                        }
                        if with_reach {
                            // Every component its literals lead to is done (numbered) already.
                            // The set is made in place.
                            // The set is made in place; a set of one literal is added as
                            // that literal.
                            self.reach.push(LitSet::EMPTY);
                            let (done, set) = self.reach.split_at_mut(id as usize);
                            let mut more = t.stack.len() - from > 1;
                            for &z in &t.stack[from..] {
                                set[0].insert(z);
                                for e in self.adj.span(grid, z, y, x) {
                                    let cw = self.comp[self.adj.list[e].0.code()];
                                    if cw != id {
                                        more = true;
                                        match self.alone[cw as usize] {
                                            Some(w) => set[0].insert(w),
                                            None => set[0].union_with(&done[cw as usize]),
                                        }
                                    }
                                }
                            }
                            self.alone.push(if more { None } else { Some(v) });
                        }
                        t.stack.truncate(from);
                    }
                    match caller {
                        Some(f) => (v, k, end) = f,
                        None => break,
                    }
                }
            }
        }
        self.tarjan = t;
    }

    /// The literals `l` implies on the static grid: (on) the cell's other digits (with Y
    /// links) and the digit's other places; (off) the other digit of a bivalue cell (Y), the
    /// other place of a house with two (X); added at the end of `out`.
    fn implies(
        grid: &Grid,
        places: &[u16; 27 * 9],
        l: Lit,
        y: bool,
        x: bool,
        out: &mut Vec<(Lit, Cause)>,
    ) {
        let geo = geometry();
        let start = out.len();
        let (c, d) = cell_digit(l);
        if l.is_on() {
            if y {
                for e in bits(grid[c] & !(1 << d)) {
                    out.push((Lit::of(cand(c, e), false), Cause::Cell));
                }
            }
            // Each peer once, for the first house that holds it (the cell's own links are
            // literals of another cell).
            for &(o, h) in &geo.peers[c] {
                let o = usize::from(o);
                if grid[o] & 1 << d != 0 {
                    out.push((Lit::of(cand(o, d), false), Cause::House(h)));
                }
            }
        } else {
            if y && two(grid[c]) {
                let e = (grid[c] & !(1 << d)).trailing_zeros() as usize;
                out.push((Lit::of(cand(c, e), true), Cause::Cell));
            }
            if x {
                for &h in &geo.of[c] {
                    let m = places[usize::from(h) * 9 + d];
                    if two(m) {
                        let cells = &geo.cells[usize::from(h)];
                        let a = cells[m.trailing_zeros() as usize];
                        let b = cells[15 - m.leading_zeros() as usize];
                        let o = if usize::from(a) == c { b } else { a };
                        let q = Lit::of(cand(usize::from(o), d), true);
                        if !out[start..].iter().any(|z| z.0 == q) {
                            out.push((q, Cause::House(h)));
                        }
                    }
                }
            }
        }
    }

    /// The rule parents of node `i`'s path (to `out`), and its number of nodes.
    fn path_parents(
        &self,
        mut i: u32,
        initial: &Grid,
        grid: &Grid,
        cycle: bool,
        out: &mut Vec<Lit>,
    ) -> u32 {
        let geo = geometry();
        let mut n = 0;
        loop {
            let (l, p, cause) = self.nodes[i as usize];
            n += 1;
            if cycle {
                // Both colourings: every node's cause counts, as an "on" candidate.
                rule_parents(geo, initial, grid, Lit::of(l.candidate(), true), cause, out);
            } else if l.is_on() {
                rule_parents(geo, initial, grid, l, cause, out);
            }
            if p == i {
                return n;
            }
            i = p;
        }
    }

    #[allow(clippy::too_many_arguments)]
    #[inline(never)]
    fn cycles(
        &mut self,
        grid: &Grid,
        initial: &Grid,
        c: usize,
        d: usize,
        y: bool,
        x: bool,
        all: &mut Vec<(Hint, u32)>,
    ) {
        let source = Lit::of(cand(c, d), true);
        self.nodes.clear();
        self.nodes.push((source, 0, Cause::Start));
        self.on_seen[source.code()] = true;
        if self.mark.is_empty() {
            self.mark = vec![0; LITS];
        }
        let (mut layer, mut next) =
            (std::mem::take(&mut self.layer), std::mem::take(&mut self.next));
        let mut found = std::mem::take(&mut self.found);
        layer.clear();
        layer.push(0);
        found.clear();
        let mut length = 0;
        while !layer.is_empty() {
            length += 1;
            next.clear();
            for &p in &layer {
                // The node's path: its ancestors (it is "on", its successors "off").
                self.epoch = self.epoch.wrapping_add(1);
                if self.epoch == 0 {
                    self.mark.iter_mut().for_each(|m| *m = 0);
                    self.epoch = 1;
                }
                let mut a = p;
                while self.nodes[a as usize].1 != a {
                    a = self.nodes[a as usize].1;
                    self.mark[self.nodes[a as usize].0.code()] = self.epoch;
                }
                let span = self.adj.span(grid, self.nodes[p as usize].0, y, x);
                for k in span {
                    let (q, cause) = self.adj.list[k];
                    if self.mark[q.code()] != self.epoch {
                        self.nodes.push((q, p, cause));
                        next.push(self.nodes.len() as u32 - 1);
                    }
                }
            }
            length += 1;
            layer.clear();
            for &p in &next {
                let span = self.adj.span(grid, self.nodes[p as usize].0, y, x);
                for k in span {
                    let (q, cause) = self.adj.list[k];
                    if length >= 4 && q == source {
                        self.nodes.push((q, p, cause));
                        found.push(self.nodes.len() as u32 - 1);
                    }
                    if !std::mem::replace(&mut self.on_seen[q.code()], true) {
                        self.nodes.push((q, p, cause));
                        layer.push(self.nodes.len() as u32 - 1);
                    }
                }
            }
        }
        (self.layer, self.next) = (layer, next);
        for &(l, _, _) in &self.nodes {
            self.on_seen[l.code()] = false;
        }
        let geo = geometry();
        let base = if x && y { 70 } else { 65 };
        let sort = if x && y {
            4
        } else if y {
            3
        } else {
            2
        };
        for &f in &found {
            // The cycle: from the closing node back to the start.
            let mut path = Vec::new();
            let mut i = self.nodes[f as usize].1;
            loop {
                let (l, p, _) = self.nodes[i as usize];
                path.push(l);
                if p == i {
                    break;
                }
                i = p;
            }
            let cells: Vec<usize> = path.iter().map(|&l| cell_digit(l).0).collect();
            let (mut forw, mut back) = (Vec::new(), Vec::new());
            for &l in &path {
                let (pc, pd) = cell_digit(l);
                for &h in &geo.of[pc] {
                    for &o in &geo.cells[h as usize] {
                        let o = usize::from(o);
                        if !cells.contains(&o) && grid[o] & 1 << pd != 0 {
                            let k = cand(o, pd);
                            let v = if l.is_on() { &mut forw } else { &mut back };
                            if !v.contains(&k) {
                                v.push(k);
                            }
                        }
                    }
                }
            }
            forw.retain(|k| back.contains(k));
            if forw.is_empty() {
                continue;
            }
            forw.sort_unstable();
            let mut parents = Vec::new();
            let n = self.path_parents(f, initial, grid, true, &mut parents);
            push_rule_hint(all, base, n - 1, sort, forw, None, parents);
        }
        self.found = found;
    }

    /// The forcing chain search from `source` (X links, and Y links if `y`): a breadth-first
    /// search for its opposite; the node that reached it (in `nodes`), if any. A search that
    /// fails enters in `fails` the literals it shows to fail.
    fn search(&mut self, grid: &Grid, source: Lit, y: bool) -> Option<u32> {
        let target = source.negated();
        self.nodes.clear();
        self.nodes.push((source, 0, Cause::Start));
        self.on_seen[source.code()] = true;
        let (mut layer, mut next) =
            (std::mem::take(&mut self.layer), std::mem::take(&mut self.next));
        layer.clear();
        layer.push(0);
        let mut hit = None;
        'search: while !layer.is_empty() {
            next.clear();
            for &p in &layer {
                let span = self.adj.span(grid, self.nodes[p as usize].0, y, true);
                for k in span {
                    let (q, cause) = self.adj.list[k];
                    if q == target {
                        self.nodes.push((q, p, cause));
                        hit = Some(self.nodes.len() as u32 - 1);
                        break 'search;
                    }
                    if !std::mem::replace(&mut self.on_seen[q.code()], true) {
                        self.nodes.push((q, p, cause));
                        next.push(self.nodes.len() as u32 - 1);
                    }
                }
            }
            std::mem::swap(&mut layer, &mut next);
        }
        (self.layer, self.next) = (layer, next);
        if hit.is_none() {
            // The search saw all that the source implies, and not its opposite: a literal it
            // saw implies a part of that, so its own search fails too unless its opposite was
            // seen (the links are those of one grid and kind, as long as `fail_epoch` holds).
            for &(l, _, _) in &self.nodes {
                if !self.on_seen[l.negated().code()] {
                    self.fails[l.code()] = self.fail_epoch;
                }
            }
        }
        for &(l, _, _) in &self.nodes {
            self.on_seen[l.code()] = false;
        }
        hit
    }

    #[allow(clippy::too_many_arguments)]
    fn forcing(
        &mut self,
        grid: &Grid,
        initial: &Grid,
        c: usize,
        d: usize,
        on: bool,
        y: bool,
        all: &mut Vec<(Hint, u32)>,
    ) {
        let Some(hit) = self.search(grid, Lit::of(cand(c, d), on), y) else { return };
        let mut parents = Vec::new();
        let complexity = self.path_parents(hit, initial, grid, false, &mut parents);
        let (removes, places) =
            if on { (vec![cand(c, d)], None) } else { (others(grid, c, d), Some(cand(c, d))) };
        if removes.is_empty() {
            return;
        }
        let (base, sort) = if y { (70, 4) } else { (66, 2) };
        push_rule_hint(all, base, complexity, sort, removes, places, parents);
    }
}

/// The runs one stage of the walk leaves to the next on the same board: the last stage's,
/// and those of SE's "(+)" rule (level 1), which every level 4 rule continues.
#[derive(Debug, Default)]
pub(super) struct Shared {
    runs: Option<Runs>,
    after_plus: Option<Runs>,
}

/// One stage of the walk: SE's chaining rule `mode`, cell by cell (resumable).
#[derive(Debug)]
pub(super) struct DynSearch {
    engine: Engine,
    next: usize,
    best: Best,
    started: bool,
}

impl DynSearch {
    pub(super) fn new(mode: Mode) -> DynSearch {
        DynSearch { engine: Engine::new(mode), next: 0, best: Best::default(), started: false }
    }

    /// Runs the stage on `board`; `None` when the stop check fired (call again with the same
    /// board), else the best hint as a step with its rating.
    pub(super) fn run(
        &mut self,
        board: &Board,
        shared: &mut Shared,
        stop: Option<&dyn Fn() -> bool>,
    ) -> Option<Option<(Step, f32)>> {
        let mode = self.engine.mode;
        if !self.started {
            self.started = true;
            let kept = if mode.level == 4 { shared.after_plus.clone() } else { shared.runs.take() };
            if let Some(runs) = kept {
                self.engine.runs = runs;
            }
        }
        let mut grid: Grid = [0; 81];
        for c in Cell::all() {
            if board.value(c).is_none() {
                for d in board.candidates(c).iter() {
                    grid[c.index()] |= 1 << d.index();
                }
            }
        }
        let mut done_here = 0;
        self.engine.fresh = 0;
        while self.next < 81 {
            if done_here > 0 && stop.is_some_and(|f| f()) {
                return None;
            }
            let mut all = Vec::new();
            let best = Some(&mut self.best);
            let mut sink = Sink { all: &mut all, best, initial: None, seq: 0, stop };
            self.engine.cell_hints(&mut grid, self.next, &mut sink);
            if std::mem::take(&mut self.engine.aborted) {
                return None;
            }
            self.next += 1;
            done_here += 1;
        }
        if mode.level == 1 {
            shared.after_plus = Some(self.engine.runs.clone());
        }
        shared.runs = Some(std::mem::take(&mut self.engine.runs));
        let Some(h) = self.best.hint.take() else { return Some(None) };
        let t = if mode.level >= 2 {
            Technique::NestedForcingNet
        } else {
            Technique::DynamicForcingNet
        };
        let mut s = Step::new(t);
        match h.places {
            Some(k) => s.placements.push(k),
            None => s.eliminations.extend(h.removes.iter().copied()),
        }
        s.length = h.complexity.saturating_sub(2).min(u32::from(u16::MAX)) as u16;
        Some(Some((s, h.tenths as f32 / 10.0)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::parse;

    /// The rated forum-hardest puzzles (`puzzle ER EP ED time`).
    fn rated() -> Vec<(Board, [f32; 3])> {
        include_str!("../../tests/data/corpora/se-rated-top-sample.txt")
            .lines()
            .filter(|l| !l.starts_with('#'))
            .map(|l| {
                let f: Vec<&str> = l.split_whitespace().collect();
                let n = |i: usize| f[i].parse::<f32>().expect("a rating");
                (parse(f[0]).expect("a puzzle"), [n(1), n(2), n(3)])
            })
            .collect()
    }

    /// The walk's own stages from 8.5 up, in its order (`se_walk::STAGES`), so the tests run
    /// what the walk runs.
    fn stages() -> Vec<Mode> {
        super::super::se_walk::dynamic_modes().collect()
    }

    /// The first of SE's chaining stages that finds a step on `board`: its index in
    /// [`stages`], the step and its rating, run as the walk runs them (runs handed on), or each
    /// on its own (`alone`).
    fn first_stage(board: &Board, alone: bool) -> Option<(usize, Step, f32)> {
        let mut shared = Shared::default();
        for (i, &mode) in stages().iter().enumerate() {
            if alone {
                shared = Shared::default();
            }
            let found = DynSearch::new(mode).run(board, &mut shared, None).expect("no stop check");
            if let Some((s, r)) = found {
                return Some((i, s, r));
            }
        }
        None
    }

    /// SE's first step (its ED) on forum-hardest puzzles whose walks start with no easier
    /// technique, one at each nesting level SE needs first there: 9.0 (the "(+)" rules inside),
    /// 9.5 (forcing chains inside) and 10.0 (multiple forcing chains inside). The ratings are
    /// Sukaku Explainer's own (the data file's ED; the length steps take each past its base),
    /// the level is the first that finds a step (the levels before find none), and the step is
    /// sound.
    #[test]
    fn each_nesting_level_rates_the_first_step_as_sukaku_explainer() {
        let set = rated();
        // (line of the data file, the stage expected: its level)
        for (line, stage) in [(13, 1), (11, 2), (4, 3)] {
            let (board, [_, _, ed]) = &set[line];
            let (i, step, r) = first_stage(board, false).expect("a step");
            assert_eq!(i, stage, "line {line}: the first stage that finds a step");
            assert!((r - ed).abs() < 0.05, "line {line}: rated {r}, SE's ED {ed}");
            let solution = crate::solve::count_solutions(board, 2).solutions[0];
            for k in &step.eliminations {
                assert_ne!(solution[k.cell.index()], k.digit.get(), "line {line}: unsound");
            }
            for k in &step.placements {
                assert_eq!(solution[k.cell.index()], k.digit.get(), "line {line}: unsound");
            }
            assert!(step.makes_progress(board));
        }
    }

    /// The nested forcing chains and cycles skip only searches that find nothing: on the
    /// puzzles' grids and on grids reduced around their solution (many more strong links), the
    /// hints, their ratings and rule parents are those of every search made.
    #[test]
    fn nested_chains_skip_only_searches_that_find_nothing() {
        let grid_of = |b: &Board| -> Grid {
            let mut g: Grid = [0; 81];
            for c in Cell::all() {
                if b.value(c).is_none() {
                    for d in b.candidates(c).iter() {
                        g[c.index()] |= 1 << d.index();
                    }
                }
            }
            g
        };
        let (mut pruned, mut every) = (Unary::default(), Unary::default());
        every.every_search = true;
        let mut hints = 0;
        for (board, _) in rated().iter().take(6) {
            let initial = grid_of(board);
            let solution = crate::solve::count_solutions(board, 2).solutions[0];
            for k in 0..6usize {
                let mut grid = initial;
                for (c, m) in grid.iter_mut().enumerate() {
                    for d in bits(*m) {
                        let keep = usize::from(solution[c]) == d + 1;
                        if k > 0 && !keep && (c * 9 + d + k * 7) % (k + 2) == 0 {
                            *m &= !(1 << d);
                        }
                    }
                }
                let a = pruned.hints(&grid, &initial);
                let b = every.hints(&grid, &initial);
                hints += b.len();
                assert_eq!(format!("{a:?}"), format!("{b:?}"), "grid {k}");
            }
        }
        assert!(hints > 100, "{hints} hints: the grids need chains");
    }

    /// Handing runs from one stage to the next changes nothing: each stage run on its own finds
    /// the same first step with the same rating.
    #[test]
    fn runs_handed_between_levels_find_what_each_level_finds_alone() {
        let set = rated();
        for line in [13, 4] {
            let board = &set[line].0;
            let (a, b) = (first_stage(board, false), first_stage(board, true));
            let (a, b) = (a.expect("a step"), b.expect("a step"));
            assert_eq!((a.0, &a.1, a.2), (b.0, &b.1, b.2), "line {line}");
        }
    }

    /// A stage stopped before every run it computes (the stop check always firing) finds the
    /// same step as one never stopped, each call doing some work.
    #[test]
    fn a_stage_stopped_everywhere_finds_the_same_step() {
        let set = rated();
        let board = &set[13].0;
        let whole = first_stage(board, false).expect("a step");
        let mut shared = Shared::default();
        let mut calls = 0;
        for (i, &mode) in stages().iter().enumerate().take(whole.0 + 1) {
            let mut search = DynSearch::new(mode);
            let found = loop {
                calls += 1;
                if let Some(found) = search.run(board, &mut shared, Some(&|| true)) {
                    break found;
                }
            };
            if let Some((s, r)) = found {
                assert_eq!((i, &s, r), (whole.0, &whole.1, whole.2));
            }
        }
        assert!(calls > 500, "{calls} calls");
    }

    /// A stop check firing at about one poll in four (pseudo-random from `seed`).
    fn random_stop(seed: u64) -> impl Fn() -> bool {
        let state = std::cell::Cell::new(seed);
        move || {
            let x = state.get().wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            state.set(x);
            x >> 62 == 0
        }
    }

    /// The chainings nested at 10.0 and 10.5 (levels 0, 1 and 2 inside), stopped at random
    /// polls and called again, give the hints they give when never stopped, on the puzzles'
    /// grids reduced around their solutions.
    #[test]
    fn nested_chainings_stopped_at_random_give_the_same_hints() {
        let mut stops = 0;
        for (i, (board, _)) in rated().iter().enumerate().take(3) {
            let mut initial: Grid = [0; 81];
            for c in Cell::all() {
                if board.value(c).is_none() {
                    for d in board.candidates(c).iter() {
                        initial[c.index()] |= 1 << d.index();
                    }
                }
            }
            let solution = crate::solve::count_solutions(board, 2).solutions[0];
            let mut grid = initial;
            for (c, m) in grid.iter_mut().enumerate() {
                for d in bits(*m) {
                    if usize::from(solution[c]) != d + 1 && (c * 9 + d) % 3 == 0 {
                        *m &= !(1 << d);
                    }
                }
            }
            for level in 0..3 {
                let mode = Mode { multiple: true, dynamic: true, level, limit: 0 };
                let whole = Engine::new(mode).nested_hints(&grid, &initial, None);
                let whole = format!("{:?}", whole.expect("no stop check"));
                let (mut engine, stop) = (Engine::new(mode), random_stop(i as u64 + 7));
                let hints = loop {
                    if let Some(h) = engine.nested_hints(&grid, &initial, Some(&stop)) {
                        break h;
                    }
                    stops += 1;
                };
                assert_eq!(format!("{hints:?}"), whole, "line {i}, level {level}");
            }
        }
        assert!(stops > 100, "{stops} stops");
    }

    /// A 10.5 stage stopped at random polls, inside its nested chainings too, finds what it
    /// finds when never stopped (each stage on its own, on a puzzle's solution with 30 cells
    /// open).
    #[test]
    fn the_deepest_stages_stopped_at_random_find_the_same_step() {
        let solution = crate::solve::count_solutions(&rated()[0].0, 2).solutions[0];
        let text: String = (0..81)
            .map(|c| if c * 37 % 81 < 30 { '.' } else { char::from(b'0' + solution[c]) })
            .collect();
        let board = parse(&text).expect("a position");
        let (mut calls, mut inner_stops) = (0, 0);
        for mode in stages().into_iter().filter(|m| m.level == 4) {
            let whole = DynSearch::new(mode).run(&board, &mut Shared::default(), None);
            let whole = whole.expect("no stop check");
            let stop = random_stop(u64::from(mode.limit));
            let (mut search, mut shared) = (DynSearch::new(mode), Shared::default());
            let found = loop {
                calls += 1;
                if let Some(found) = search.run(&board, &mut shared, Some(&stop)) {
                    break found;
                }
                let inner = search.engine.inner.as_ref();
                inner_stops += usize::from(inner.is_some_and(|e| e.pending.is_some()));
            };
            assert_eq!(found, whole, "{mode:?}");
        }
        assert!(inner_stops > 20, "{inner_stops} stops inside a nested chaining, {calls} calls");
    }
}
