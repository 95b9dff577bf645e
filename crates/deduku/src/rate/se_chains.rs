//! Sudoku Explainer's chain stage of the rating walk ([`super::se_walk`]): bidirectional cycles
//! and forcing chains, with X links, Y links or both.
//!
//! From every candidate assumed on (and, for forcing chains, off), a breadth-first walk over X
//! links (a digit's two places in a house) and/or Y links (a bivalue cell's two digits), until it
//! returns to the start (a cycle) or reaches the start's opposite (a forcing chain).
//!
//! It runs over the library's literals ([`Lit`], [`LitSet`]) but keeps its own links and
//! search instead of the library's chain graph (`logic::chains::graph`), because SE's ratings
//! depend on two things the graph does differently (so it was not swapped in):
//! - *Which cycle is kept.* Of equally rated cycles the first found is kept, and its
//!   eliminations decide the board the walk goes on with, so its later ratings. The order of a
//!   literal's links decides which comes first. SE's ([`on_to_off`], [`off_to_on`]): a cell's
//!   other digits, then the digit's places row, column, box; a bivalue partner before the
//!   house links. The graph's: peers in cell order, strongly linked neighbours moved ahead (its
//!   `live` partition), house links before a cell's.
//! - *Which paths are searched.* The cycle search reaches an "off" literal once per "on"
//!   literal leading to it (only the node's own path is excluded, as in SE); the graph's
//!   breadth-first search (`Bfs`) keeps one predecessor per literal and misses cycles SE finds.
//!
//! Its adjacency lists are kept per kind of link for the whole stage, and the strongly connected
//! components of each mode's implication graph bound the searches ([`Components`]).

use super::length_bonus;
use super::se_walk::{Rule, placing};
use crate::board::Board;
use crate::grid::{Candidate, Cell, CellSet, Digit};
use crate::logic::few::Few;
use crate::logic::lit::{Lit, LitSet};
use crate::logic::step::Step;
use crate::logic::technique::Technique as T;

/// Which links a chain search may use.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Links {
    X,
    Y,
    Xy,
}

const MODES: [Links; 3] = [Links::X, Links::Y, Links::Xy];

impl Links {
    /// The links an "on" and an "off" literal follow in this mode's searches.
    fn kinds(self) -> (Implies, Implies) {
        match self {
            Links::X => (Implies::OnX, Implies::OffX),
            Links::Y => (Implies::OnXy, Implies::OffY),
            Links::Xy => (Implies::OnXy, Implies::OffXy),
        }
    }

    /// The links literal `l` follows in this mode's searches.
    #[inline(always)]
    fn follows(self, l: Lit) -> Implies {
        let (on, off) = self.kinds();
        if l.is_on() { on } else { off }
    }
}

/// How many literals the candidates have (the length of a table indexed by [`Lit::code`]).
const LITS: usize = Lit::count(729);

/// The best chain found so far: rating in tenths, complexity, kind, and the step.
#[derive(Clone, Debug)]
struct Best {
    tenths: u32,
    complexity: usize,
    kind: u8,
    step: Step,
    rating: f32,
}

/// The resumable chain stage: which start comes next and the best chain so far, and the
/// searches' buffers, kept between starts so that a search allocates nothing once they have
/// grown (the walk runs some thousands of searches per position).
#[derive(Debug, Default)]
pub(super) struct ChainSearch {
    next: usize,
    best: Option<Best>,
    /// The literals the current search has reached.
    seen: LitSet,
    /// The literals of the path from the start to the node a cycle search expands.
    on_path: LitSet,
    /// The search's current layer and the next one (indexes into the nodes).
    layer: Vec<u32>,
    next_layer: Vec<u32>,
    /// The nodes that close a cycle.
    found: Vec<u32>,
    /// A forcing search's current layer of literals and the next one.
    lits: Vec<Lit>,
    next_lits: Vec<Lit>,
    /// The literals each literal implies, for the board of this stage.
    adjacency: Adjacency,
    /// Per mode (in the order of [`MODES`]), the components of its implication graph (built
    /// for the X and XY modes only: see [`ChainSearch::cycles`]).
    components: [Components; 3],
}

/// Makes `set` the literals of node `i`'s path from the start, `i` and its ancestors: a cycle
/// search asks, for each literal a node implies, whether the node's path holds it, and this walks
/// the path once per node, not once per literal.
fn set_path(set: &mut LitSet, nodes: &[Node], mut i: u32) {
    *set = LitSet::EMPTY;
    while i != u32::MAX {
        let n = nodes[i as usize];
        set.insert(n.lit);
        i = n.parent;
    }
}

/// Which links a literal's implications follow: an "on" literal's with X links only (the
/// digit's other places) or with Y links too (the cell's other digits), an "off" literal's with
/// X links, Y links or both.
#[derive(Clone, Copy)]
enum Implies {
    OnX,
    OnXy,
    OffX,
    OffY,
    OffXy,
}

/// The literals each literal implies ([`on_to_off`], [`off_to_on`]), per kind of links, each
/// computed when first asked for and kept for the rest of the chain stage, whose thousands of
/// searches all walk the same board.
#[derive(Debug, Default)]
struct Adjacency {
    /// Per kind × literal: where its literals start in `lits`, times 32, plus how many there
    /// are (at most 28); [`Adjacency::NOT_YET`] when not computed yet. One load per lookup.
    at: Vec<u32>,
    /// The lists, one after another.
    lits: Vec<Lit>,
}

impl Adjacency {
    /// The entry of a list not computed yet.
    const NOT_YET: u32 = u32::MAX;

    /// Forgets every list (a new board).
    fn reset(&mut self) {
        self.at.clear();
        self.at.resize(5 * LITS, Adjacency::NOT_YET);
        self.lits.clear();
    }

    /// The literals `l` implies on `board` over the links of `kind`, in the order of
    /// [`on_to_off`] and [`off_to_on`]. Inlined, with the first computation apart: the
    /// searches ask for every node they expand (as a call, 5 % of the explained path's native
    /// time, most of it the call itself).
    #[inline(always)]
    fn of(&mut self, board: &Board, kind: Implies, l: Lit) -> &[Lit] {
        let span = self.span(board, kind, l);
        &self.lits[span]
    }

    /// Where [`Adjacency::of`]'s list lies in `lits`.
    #[inline(always)]
    fn span(&mut self, board: &Board, kind: Implies, l: Lit) -> std::ops::Range<usize> {
        let k = kind as usize * LITS + l.code();
        let mut at = self.at[k];
        if at == Adjacency::NOT_YET {
            at = self.compute(board, kind, l, k);
        }
        let from = (at >> 5) as usize;
        from..from + (at & 31) as usize
    }

    /// Computes and keeps the list of [`Adjacency::of`] (entry `k`); returns its entry.
    #[inline(never)]
    fn compute(&mut self, board: &Board, kind: Implies, l: Lit, k: usize) -> u32 {
        let outs = match kind {
            Implies::OnX => on_to_off(board, l, false),
            Implies::OnXy => on_to_off(board, l, true),
            Implies::OffX => off_to_on(board, l, false, true),
            Implies::OffY => off_to_on(board, l, true, false),
            Implies::OffXy => off_to_on(board, l, true, true),
        };
        // At most 5 × LITS (1458) lists of at most 28 literals: the start fits in 27 bits.
        let at = (self.lits.len() as u32) << 5 | outs.len() as u32;
        self.at[k] = at;
        self.lits.extend_from_slice(&outs);
        at
    }
}

/// The strongly connected components of one mode's implication graph (each literal's
/// [`Adjacency`] lists are its edges) and, per component, the components it reaches. They bound
/// the searches without changing what they find: a cycle through a literal never leaves the
/// literal's component, and every literal of a path to a forcing chain's target reaches the
/// target (so do those of any shorter path to them, so the search's layers keep their depths).
/// Built for a mode when the stage first searches it (the X and XY modes).
#[derive(Debug, Default)]
struct Components {
    /// Whether they are built for the stage's board.
    ready: bool,
    /// Per literal, its component (`u32::MAX` for the literals of no candidate).
    comp: Vec<u32>,
    /// Per component, how many literals it holds.
    size: Vec<u32>,
    /// Words per component in `reach`.
    words: usize,
    /// Per component, `words` words: the components it reaches, itself included.
    reach: Vec<u64>,
}

impl Components {
    /// No component (yet), and no index: a literal not visited.
    const NONE: u32 = u32::MAX;

    /// Whether `l` lies on a cycle (its component has another literal: no literal implies
    /// itself).
    fn on_cycle(&self, l: Lit) -> bool {
        self.size[self.comp[l.code()] as usize] > 1
    }

    /// Whether `a` and `b` lie in one component.
    #[inline(always)]
    fn same(&self, a: Lit, b: Lit) -> bool {
        self.comp[a.code()] == self.comp[b.code()]
    }

    /// Whether a path leads from `from` to `to`.
    #[inline(always)]
    fn reaches(&self, from: Lit, to: Lit) -> bool {
        let a = self.comp[from.code()] as usize;
        let b = self.comp[to.code()] as usize;
        self.reach[a * self.words + b / 64] >> (b % 64) & 1 != 0
    }

    /// Builds them for `board`, whose literals follow the links of `mode`: Tarjan's algorithm,
    /// without recursion, from every literal of a candidate. Its components come out sinks
    /// first, so each one's reach is its own and that of components already done.
    fn build(&mut self, board: &Board, adjacency: &mut Adjacency, mode: Links) {
        const NONE: u32 = Components::NONE;
        let kind = |l: Lit| mode.follows(l);
        self.comp.clear();
        self.comp.resize(LITS, NONE);
        self.size.clear();
        let (mut index, mut low) = (vec![NONE; LITS], vec![0u32; LITS]);
        // The literals not yet in a component, and the depth-first search's path: each
        // literal with the part of its list in `adjacency.lits` not yet followed.
        let mut stack: Vec<Lit> = Vec::new();
        let mut frames: Vec<(Lit, std::ops::Range<usize>)> = Vec::new();
        // The literals by component, in component order.
        let mut members: Vec<Lit> = Vec::with_capacity(LITS);
        let mut visited = 0;
        let roots = (0..729).filter(|&k| board.has(Candidate::from_index(k)));
        for root in roots.flat_map(|k| [Lit::off(k), Lit::on(k)]) {
            if index[root.code()] != NONE {
                continue;
            }
            // The literal to enter next, if any.
            let mut enter = Some(root);
            loop {
                if let Some(l) = enter.take() {
                    index[l.code()] = visited;
                    low[l.code()] = visited;
                    visited += 1;
                    stack.push(l);
                    frames.push((l, adjacency.span(board, kind(l), l)));
                }
                let Some((v, left)) = frames.last_mut() else { break };
                let v = v.code();
                if let Some(at) = left.next() {
                    let w = adjacency.lits[at];
                    let wi = w.code();
                    if index[wi] == NONE {
                        enter = Some(w);
                    } else if self.comp[wi] == NONE {
                        // On the stack: in the component being built.
                        low[v] = low[v].min(index[wi]);
                    }
                    continue;
                }
                frames.pop();
                if let Some(&(u, _)) = frames.last() {
                    low[u.code()] = low[u.code()].min(low[v]);
                }
                if low[v] == index[v] {
                    let c = self.size.len() as u32;
                    let before = members.len();
                    while let Some(x) = stack.pop() {
                        self.comp[x.code()] = c;
                        members.push(x);
                        if x.code() == v {
                            break;
                        }
                    }
                    self.size.push((members.len() - before) as u32);
                }
            }
        }
        let n = self.size.len();
        let words = n.div_ceil(64).max(1);
        self.words = words;
        self.reach.clear();
        self.reach.resize(n * words, 0);
        let mut first = 0;
        for c in 0..n {
            let (done, rest) = self.reach.split_at_mut(c * words);
            let row = &mut rest[..words];
            row[c / 64] |= 1 << (c % 64);
            let last = first + self.size[c] as usize;
            for &v in &members[first..last] {
                for &w in adjacency.of(board, kind(v), v) {
                    // Nothing to add when `d` is in already: what it reaches is too.
                    let d = self.comp[w.code()] as usize;
                    if row[d / 64] >> (d % 64) & 1 == 0 {
                        debug_assert!(d < c, "components come out sinks first");
                        for (x, y) in row.iter_mut().zip(&done[d * words..(d + 1) * words]) {
                            *x |= y;
                        }
                    }
                }
            }
            first = last;
        }
        self.ready = true;
    }
}

/// One node of a breadth-first chain search.
#[derive(Clone, Copy)]
struct Node {
    lit: Lit,
    parent: u32,
    depth: u16,
}

impl ChainSearch {
    /// Runs the chain stage; `None` when the stop check fired (call again), else the best
    /// chain step with its rating, if any.
    pub(super) fn run(
        &mut self,
        board: &Board,
        stop: Option<&dyn Fn() -> bool>,
    ) -> Option<Option<(Step, f32)>> {
        let starts: Vec<(Cell, Digit)> = Cell::all()
            .filter(|&c| board.value(c).is_none() && board.candidates(c).len() > 1)
            .flat_map(|c| board.candidates(c).iter().map(move |d| (c, d)))
            .collect();
        if self.next == 0 {
            self.adjacency.reset();
            self.components.iter_mut().for_each(|c| c.ready = false);
        }
        let total = starts.len() * MODES.len();
        let mut nodes = Vec::new();
        let mut done_here = 0;
        while self.next < total {
            if done_here > 0 && done_here % 64 == 0 && stop.is_some_and(|f| f()) {
                return None;
            }
            done_here += 1;
            let mode = MODES[self.next / starts.len()];
            let (c, d) = starts[self.next % starts.len()];
            self.next += 1;
            self.cycles(board, mode, c, d, &mut nodes);
            if mode != Links::Y {
                self.forcing(board, mode, c, d, true);
                self.forcing(board, mode, c, d, false);
            }
        }
        let best = self.best.take();
        self.next = 0;
        Some(best.map(|b| (b.step, b.rating)))
    }

    /// The deepest complexity still worth searching with base rating `base`.
    fn max_complexity(&self, base: f32) -> usize {
        let Some(b) = &self.best else { return 64 };
        let mut n = 2usize;
        while n < 64 && tenths(base + length_bonus(n.saturating_sub(2) as u16)) <= b.tenths {
            n += 1;
        }
        n
    }

    /// The components of `mode`'s implication graph on `board`, the stage's board.
    fn components(&mut self, board: &Board, mode: Links) -> &Components {
        let comps = &mut self.components[mode as usize];
        if !comps.ready {
            comps.build(board, &mut self.adjacency, mode);
        }
        comps
    }

    fn offer(&mut self, base: f32, complexity: usize, kind: u8, step: impl FnOnce() -> Step) {
        let rating = base + length_bonus(complexity.saturating_sub(2) as u16);
        let t = tenths(rating);
        let better = self
            .best
            .as_ref()
            .is_none_or(|b| (t, complexity, kind) < (b.tenths, b.complexity, b.kind));
        if better {
            self.best = Some(Best { tenths: t, complexity, kind, step: step(), rating });
        }
    }

    /// Bidirectional cycles from `c`=`d` on (SE's X-, Y- and XY-cycles).
    fn cycles(&mut self, board: &Board, mode: Links, c: Cell, d: Digit, nodes: &mut Vec<Node>) {
        if mode == Links::Y && board.candidates(c).len() != 2 {
            return;
        }
        let base = if mode == Links::Xy { Rule::ForcingChain } else { Rule::XOrYCycle }.rating();
        let limit = self.max_complexity(base);
        // A cycle has at least four literals, and the nodes at depth `limit` are not expanded.
        if limit <= 3 {
            return;
        }
        let source = Lit::of(Candidate::new(c, d), true);
        let (on_kind, off_kind) = mode.kinds();
        // The Y mode's graph (the strong links of bivalue cells alone) is small: its
        // components cost more than they spare, so its searches are not bounded.
        let bounded = mode != Links::Y;
        if bounded && !self.components(board, mode).on_cycle(source) {
            return;
        }
        let comps = &self.components[mode as usize];
        let inside = |l: Lit| !bounded || comps.same(l, source);
        nodes.clear();
        nodes.push(Node { lit: source, parent: u32::MAX, depth: 1 });
        self.seen = LitSet::EMPTY;
        self.seen.insert(source);
        // `layer` holds the "on" layer, `next_layer` the "off" one.
        self.layer.clear();
        self.layer.push(0);
        self.found.clear();
        let mut length = 0;
        while !self.layer.is_empty() {
            length += 1;
            self.next_layer.clear();
            for &i in &self.layer {
                let n = nodes[i as usize];
                if usize::from(n.depth) >= limit {
                    continue;
                }
                set_path(&mut self.on_path, nodes, i);
                for &off in self.adjacency.of(board, on_kind, n.lit) {
                    if inside(off) && !self.on_path.contains(off) {
                        nodes.push(Node { lit: off, parent: i, depth: n.depth + 1 });
                        self.next_layer.push(nodes.len() as u32 - 1);
                    }
                }
            }
            length += 1;
            self.layer.clear();
            for &i in &self.next_layer {
                let n = nodes[i as usize];
                for &on in self.adjacency.of(board, off_kind, n.lit) {
                    if length >= 4 && on == source {
                        self.found.push(i);
                    }
                    if inside(on) && self.seen.insert_new(on) {
                        nodes.push(Node { lit: on, parent: i, depth: n.depth + 1 });
                        self.layer.push(nodes.len() as u32 - 1);
                    }
                }
            }
        }
        let kind = match mode {
            Links::X => 2,
            Links::Y => 3,
            Links::Xy => 4,
        };
        for k in 0..self.found.len() {
            let path = path_of(nodes, self.found[k]);
            let complexity = path.len();
            let elims = cycle_eliminations(board, &path);
            if elims.is_empty() {
                continue;
            }
            let t = match mode {
                Links::X => T::XChain,
                Links::Y => T::XyChain,
                Links::Xy => T::ContinuousNiceLoop,
            };
            self.offer(base, complexity, kind, || {
                let mut s = Step::new(t);
                s.eliminations = elims;
                s.length = (complexity - 2) as u16;
                s
            });
        }
    }

    /// Forcing chains from `c`=`d` assumed on (reaching "off": the candidate goes) or off
    /// (reaching "on": the digit is placed). Only the length of the shortest chain counts, so
    /// the breadth-first search keeps its layers' literals and not a tree: every literal of a
    /// layer is as far from the source.
    fn forcing(&mut self, board: &Board, mode: Links, c: Cell, d: Digit, on: bool) {
        let base =
            if mode == Links::Xy { Rule::ForcingChain } else { Rule::ForcingXChain }.rating();
        let limit = self.max_complexity(base);
        // No literal implies its own negation directly: a chain has at least three.
        if limit <= 2 {
            return;
        }
        let y = mode == Links::Xy;
        let source = Lit::of(Candidate::new(c, d), on);
        let target = source.negated();
        if !self.components(board, mode).reaches(source, target) {
            return;
        }
        let comps = &self.components[mode as usize];
        self.seen = LitSet::EMPTY;
        self.seen.insert(source);
        self.lits.clear();
        self.lits.push(source);
        // The number of literals from the source to those of `lits`, the source included.
        let mut depth = 1;
        let mut reached: Option<usize> = None;
        'layers: while !self.lits.is_empty() && depth < limit {
            self.next_lits.clear();
            for &l in &self.lits {
                for &m in self.adjacency.of(board, mode.follows(l), l) {
                    if m == target {
                        reached = Some(depth + 1);
                        break 'layers;
                    }
                    if comps.reaches(m, target) && self.seen.insert_new(m) {
                        self.next_lits.push(m);
                    }
                }
            }
            std::mem::swap(&mut self.lits, &mut self.next_lits);
            depth += 1;
        }
        let Some(complexity) = reached else { return };
        let kind = if y { 4 } else { 2 };
        let t = if y { T::Aic } else { T::XChain };
        self.offer(base, complexity, kind, || {
            let mut s = if on {
                let mut s = Step::new(t);
                s.eliminations.push(Candidate::new(c, d));
                s
            } else {
                placing(t, c, d)
            };
            s.length = (complexity - 2) as u16;
            s
        });
    }
}

fn tenths(r: f32) -> u32 {
    (r * 10.0).round() as u32
}

fn path_of(nodes: &[Node], mut i: u32) -> Vec<Lit> {
    let mut out = Vec::new();
    while i != u32::MAX {
        out.push(nodes[i as usize].lit);
        i = nodes[i as usize].parent;
    }
    out
}

/// The literals one literal implies: at most a cell's 8 other digits and its 20 peers.
type Outs = Few<Lit, 28>;

/// "On" implies "off": the digit's other places in the cell's houses, and (with Y links) the
/// cell's other digits.
fn on_to_off(board: &Board, l: Lit, y: bool) -> Outs {
    let Candidate { cell: c, digit: d } = l.candidate();
    let mut out = Outs::of(Lit::off(0), []);
    if y {
        for e in board.candidates(c).iter().filter(|&e| e != d) {
            out.push(Lit::of(Candidate::new(c, e), false));
        }
    }
    // Each place once, in the first of the cell's houses that holds it.
    let mut listed = CellSet::single(c);
    for h in c.houses() {
        let places = board.house_digit_cells(h, d);
        for o in places.minus(listed).iter() {
            out.push(Lit::of(Candidate::new(o, d), false));
        }
        listed = listed.union(places);
    }
    out
}

/// "Off" implies "on": (Y) a bivalue cell's other digit, (X) the digit's other place in a
/// house where it has two.
fn off_to_on(board: &Board, l: Lit, y: bool, x: bool) -> Outs {
    let Candidate { cell: c, digit: d } = l.candidate();
    let mut out = Outs::of(Lit::off(0), []);
    if y && board.candidates(c).len() == 2
        && let Some(e) = board.candidates(c).iter().find(|&e| e != d)
    {
        out.push(Lit::of(Candidate::new(c, e), true));
    }
    if x {
        for h in c.houses() {
            let places = board.house_digit_cells(h, d);
            if places.len() == 2
                && let Some(o) = places.iter().find(|&o| o != c)
            {
                let on = Lit::of(Candidate::new(o, d), true);
                if !out.contains(&on) {
                    out.push(on);
                }
            }
        }
    }
    out
}

/// SE's cycle eliminations: a candidate outside the cycle's cells that sees a node of its
/// digit that is on and one that is off (in the cycle's two colorings one of them is true).
fn cycle_eliminations(board: &Board, path: &[Lit]) -> Vec<Candidate> {
    let cells: CellSet = path.iter().map(|&l| l.candidate().cell).collect();
    let mut forw = Vec::new();
    let mut back = Vec::new();
    for &l in path {
        let (Candidate { cell: c, digit: d }, on) = (l.candidate(), l.is_on());
        for o in board.digit_cells(d).intersection(c.peers()).minus(cells).iter() {
            let k = Candidate::new(o, d);
            let v = if on { &mut forw } else { &mut back };
            if !v.contains(&k) {
                v.push(k);
            }
        }
    }
    forw.retain(|k| back.contains(k));
    forw
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The components and what each reaches agree with plain searches of the implication
    /// graphs, on positions along real solve paths.
    #[test]
    fn components_match_the_searches() {
        let (mut cycles, mut reached) = (0, 0);
        crate::test_support::every_nth_path_position(25, |b| {
            let lits: Vec<Lit> = (0..729)
                .filter(|&k| b.has(Candidate::from_index(k)))
                .flat_map(|k| [Lit::off(k), Lit::on(k)])
                .collect();
            for mode in MODES {
                let (mut adjacency, mut comps) = (Adjacency::default(), Components::default());
                adjacency.reset();
                comps.build(b, &mut adjacency, mode);
                // What each literal reaches (itself included).
                let reach: Vec<Vec<bool>> = lits
                    .iter()
                    .map(|&l| {
                        let mut seen = vec![false; LITS];
                        let mut todo = vec![l];
                        seen[l.code()] = true;
                        while let Some(x) = todo.pop() {
                            for &y in adjacency.of(b, mode.follows(x), x) {
                                if !std::mem::replace(&mut seen[y.code()], true) {
                                    todo.push(y);
                                }
                            }
                        }
                        seen
                    })
                    .collect();
                for (i, &l) in lits.iter().enumerate() {
                    let mut on_cycle = false;
                    for (j, &m) in lits.iter().enumerate() {
                        let (there, back) = (reach[i][m.code()], reach[j][l.code()]);
                        assert_eq!(comps.same(l, m), there && back, "{mode:?} {l:?} {m:?}");
                        on_cycle |= there && back && l != m;
                        assert_eq!(comps.reaches(l, m), there, "{mode:?} {l:?} {m:?}");
                        reached += usize::from(there && l != m);
                    }
                    assert_eq!(comps.on_cycle(l), on_cycle, "{mode:?} {l:?}");
                    cycles += usize::from(on_cycle);
                }
            }
        });
        assert!(cycles > 1000 && reached > 10_000, "{cycles} on cycles, {reached} reached");
    }

    #[test]
    fn length_steps_follow_se() {
        let base = Rule::ForcingXChain.rating();
        assert_eq!(tenths(base + length_bonus(4)), 66);
        assert_eq!(tenths(base + length_bonus(5)), 67);
        assert_eq!(tenths(base + length_bonus(7)), 68);
        assert_eq!(tenths(base + length_bonus(9)), 69);
    }
}
