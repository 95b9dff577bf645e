//! Chains: X-chains, XY-chains, nice loops and alternating inference chains (AICs), with and
//! without grouped nodes.
//!
//! All of them are searches in one candidate link graph (`graph.rs`): a breadth-first search
//! from every node, "off" first (so the chain starts with a strong link) and, for
//! discontinuous nice loops, "on" first. What the search reaches decides the technique:
//!
//! - **AIC** (type 1): start off ⇒ end on, both the same digit: one of them is true, so the
//!   digit goes from every cell that sees both ends. Type 2: different digits in cells that see
//!   each other: each end's digit goes from the other end's cell. An AIC of one digit is an
//!   **X-Chain**; one whose strong links all lie inside bivalue cells is an **XY-Chain** (each
//!   has its own restricted graph, so the shortest chain of that shape is found).
//! - **Continuous nice loop**: start off ⇒ … ⇒ a node on that is weakly linked back to the
//!   start. Every weak link of such a loop is in effect strong: a digit weakly linked between
//!   two cells goes from every cell seeing both, two digits weakly linked in one cell leave no
//!   room for any other digit there, and two digits of an almost locked set strongly linked
//!   in the loop lock its other digits in it.
//! - **Discontinuous nice loop**: start off ⇒ start on (the start is true: HoDoKu's "set
//!   value", written as eliminating the cell's other candidates), or start on ⇒ start off (the
//!   start is false).
//! - **Grouped** variants use the graph with group nodes: a digit's 2–3 candidates in one
//!   box∩line, and the digits of almost locked sets (n cells of a house with n + 1
//!   candidates, n = 2–4: without one of its digits the set holds all the others, so any two
//!   of its digits are strongly linked). A step is reported as grouped only when its chain
//!   uses such a node.
//!
//! For each technique every instance is collected, then pushed shortest first, so the step
//! the finder takes is the shortest chain. Chains are at most [`MAX_LITERALS`] nodes long and
//! never visit a node twice: the search keeps one shortest path per literal, and when such a
//! path passes a node twice a second search that reaches every node only once looks again.
//!
//! The full and grouped searches run once per position and are kept (one position per graph
//! kind, per thread): the nice loops and the AIC of one graph ask in a row. The forcing chains
//! and kraken fish read what searches of the full graph from every candidate reach: computed
//! when they first ask for a position, and kept likewise.
//!
//! ## Notation
//!
//! Eureka notation, as HoDoKu prints it when asked: a node is `(digit)cells`, a strong link
//! `=`, a weak link `-`; two nodes in one cell are written together, `(1=3)r1c2`; a group is
//! compacted, `(5)r1c23`; two digits of one almost locked set likewise, `(4=7)r2c1,r2c5,r2c8`.
//! Loops end with their first node again.
//!
//! ```text
//! X-Chain: (5)r1c2=(5)r1c7-(5)r5c7=(5)r5c2 => r2c2<>5
//! XY-Chain: (1=3)r1c2-(3=6)r1c7-(6=1)r5c7 => r5c2<>1
//! Continuous Nice Loop: (4=7)r2c1-(7)r2c5=(7)r3c6-(7=4)r3c3-(4)r2c1 => …
//! ```

mod graph;

/// The chain graph's ALS size rule, for the ALS family's test of `als::house_sets`.
#[cfg(test)]
pub(super) use graph::als_node_sizes;

use crate::board::Board;
use crate::grid::{Candidate, CellSet, Digit, DigitSet, House};
use crate::logic::lit::{Lit, LitSet, LitSets};
use crate::logic::step::{Detail, Link, Node, Part, Step, fmt_cells_compact};
use crate::logic::{Sink, Technique, nothing};
use graph::{Bfs, Graph, GraphKind};
use std::cell::RefCell;
use std::ops::ControlFlow;
use std::rc::Rc;

/// The longest chain searched, in nodes (HoDoKu's default limit is about 20).
pub const MAX_LITERALS: u8 = 20;

/// Finds the instances of `technique` (one of this family's) and pushes them into `sink`.
pub fn find(board: &Board, technique: Technique, sink: &mut Sink) -> ControlFlow<()> {
    use Technique::*;
    let mut found = Vec::new();
    match technique {
        XChain => {
            // A digit's graph and chains depend on its cells alone: a digit whose search found
            // nothing before, in the same cells, is skipped.
            for d in Digit::all() {
                let key = nothing::digit_key(board, d);
                if nothing::known(technique, d.index(), key) {
                    continue;
                }
                let before = found.len();
                let g = Graph::build(board, GraphKind::Digit(d));
                search(board, &g, &[Shape::Aic], &mut found);
                nothing::note(technique, d.index(), key, found.len() == before);
            }
            push_shortest(found.iter().collect(), technique, sink)
        }
        XyChain => {
            let g = Graph::build(board, GraphKind::Bivalue);
            search(board, &g, &[Shape::Aic], &mut found);
            let found = found.iter().filter(|f| same_digit_ends(&f.nodes)).collect();
            push_shortest(found, technique, sink)
        }
        Aic | ContinuousNiceLoop | DiscontinuousNiceLoop => {
            let shape = shape_of(technique);
            cached_entry(board, GraphKind::Full, |e| {
                push_shortest(
                    e.found.iter().filter(|f| f.shape == shape).collect(),
                    technique,
                    sink,
                )
            })
        }
        GroupedAic | GroupedContinuousNiceLoop | GroupedDiscontinuousNiceLoop => {
            let shape = shape_of(technique);
            let grouped =
                |f: &&Found| f.shape == shape && f.nodes.iter().any(|n| n.cells.len() > 1);
            cached_entry(board, GraphKind::Grouped, |e| {
                push_shortest(e.found.iter().filter(grouped).collect(), technique, sink)
            })
        }
        _ => ControlFlow::Continue(()),
    }
}

/// Pushes the chains found as steps of `technique`, shortest first (in the order found among
/// chains of one length), until the sink is full. Only the steps pushed are built. (Not
/// generic over an iterator: one copy of the step building in the worker's wasm.)
fn push_shortest(mut found: Vec<&Found>, technique: Technique, sink: &mut Sink) -> ControlFlow<()> {
    crate::sort::sort_by_key(&mut found, |f| f.lits.len());
    for f in found {
        sink.push(f.to_step(technique))?;
    }
    ControlFlow::Continue(())
}

thread_local! {
    /// The last full and grouped searches: the three loop and chain techniques of one graph
    /// ask for the same position in a row.
    static CACHE: RefCell<Vec<Cached>> = const { RefCell::new(Vec::new()) };
    /// The last position's reach sets (see [`full_reach`]).
    static REACH: RefCell<Option<(Board, Rc<ReachSets>)>> = const { RefCell::new(None) };
}

/// One cached search: the position, the graph kind and the chains found.
struct Cached {
    board: Board,
    kind: GraphKind,
    found: Vec<Found>,
}

/// Per candidate literal, the candidate literals that alternating chains from it reach, when
/// the search started there. Filled for the full graph only.
pub(crate) struct ReachSets(LitSets);

impl ReachSets {
    /// No search recorded yet, with room for `starts` of them.
    fn new(starts: usize) -> ReachSets {
        ReachSets(LitSets::new(Lit::count(729), starts))
    }

    /// What chains from candidate literal `start` reach, if the search started there.
    pub(crate) fn from(&self, start: Lit) -> Option<&LitSet> {
        self.0.get(start.code())
    }
}

/// What chains of the full graph reach from every candidate literal of `board` (the forcing
/// chains and kraken fish read it), kept for the last position asked about.
///
/// Apart from the chain search, which needs only part of it: there the searches from most
/// "on" literals are skipped (see `contradiction_possible`), and the forcing techniques ask
/// for a fifth of the positions the loops search (top1465's default path: 2,900 of 14,500).
pub(crate) fn full_reach(board: &Board) -> Rc<ReachSets> {
    let kept = REACH
        .with(|r| r.borrow().as_ref().filter(|(b, _)| b == board).map(|(_, sets)| Rc::clone(sets)));
    if let Some(sets) = kept {
        return sets;
    }
    let g = Graph::build(board, GraphKind::Full);
    let mut bfs = Bfs::new(&g);
    let mut sets = ReachSets::new(2 * g.nodes.len());
    for s in 0..g.nodes.len() {
        for start in [Lit::off(s), Lit::on(s)] {
            bfs.explore(&g, start);
            record_reach(&g, &bfs, start, &mut sets);
        }
    }
    let sets = Rc::new(sets);
    REACH.with(|r| *r.borrow_mut() = Some((board.clone(), Rc::clone(&sets))));
    sets
}

/// What `get` reads from the full or grouped graph's search of `board`, which runs once per
/// position and graph kind.
fn cached_entry<T>(board: &Board, kind: GraphKind, get: impl FnOnce(&Cached) -> T) -> T {
    let hit = CACHE.with(|c| {
        let c = c.borrow();
        c.iter().position(|e| e.kind == kind && e.board == *board)
    });
    if let Some(i) = hit {
        return CACHE.with(|c| get(&c.borrow()[i]));
    }
    let g = Graph::build(board, kind);
    let mut found = Vec::new();
    search(board, &g, &[Shape::Aic, Shape::Continuous, Shape::Discontinuous], &mut found);
    let entry = Cached { board: board.clone(), kind, found };
    let v = get(&entry);
    CACHE.with(|c| {
        let mut c = c.borrow_mut();
        c.retain(|e| e.kind != kind);
        c.push(entry);
    });
    v
}

/// Records what the last search from `start` reached, as candidate literals. The search may
/// have been [`Bfs::run_live`]: the "off" literals it skipped are the weak neighbours of the
/// "on" literals it expanded (those short of [`MAX_LITERALS`]), added here as a plain search
/// would have reached them.
fn record_reach(g: &Graph, bfs: &Bfs, start: Lit, reach: &mut ReachSets) {
    let cand_lit = |l: Lit| g.cand_lit(l);
    let Some(s) = cand_lit(start) else { return };
    let bits = reach.0.add(s.code());
    for &l in &bfs.order {
        if let Some(x) = cand_lit(l) {
            bits.insert(x);
        }
        if l.is_on() && bfs.depth(l) < MAX_LITERALS {
            for &m in g.weak.of(l.index()) {
                if let Some(x) = cand_lit(Lit::off(m as usize)) {
                    bits.insert(x);
                }
            }
        }
    }
}

/// What a search looks for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Shape {
    /// Open chains from an "off" start to an "on" end.
    Aic,
    /// Loops closed by a weak link into the "off" start.
    Continuous,
    /// Loops that come back to the start with the opposite value.
    Discontinuous,
}

fn shape_of(t: Technique) -> Shape {
    match t {
        Technique::ContinuousNiceLoop | Technique::GroupedContinuousNiceLoop => Shape::Continuous,
        Technique::DiscontinuousNiceLoop | Technique::GroupedDiscontinuousNiceLoop => {
            Shape::Discontinuous
        }
        _ => Shape::Aic,
    }
}

/// One chain or loop found, with what it eliminates.
#[derive(Clone)]
struct Found {
    /// What kind of chain it is.
    shape: Shape,
    /// The literals in chain order.
    lits: Vec<Lit>,
    /// The nodes of `lits`, in order.
    nodes: Vec<Node>,
    /// The eliminations.
    elims: Vec<Candidate>,
    /// The almost locked sets behind strong links: per such link, its index (link `i` joins
    /// `nodes[i]` and `nodes[i + 1]`), the set's cells and its digits.
    sets: Vec<(u16, CellSet, DigitSet)>,
}

fn same_digit_ends(nodes: &[Node]) -> bool {
    nodes.len() >= 2 && nodes.first().map(|n| n.digit) == nodes.last().map(|n| n.digit)
}

/// Runs the searches of `shapes` on `g` and appends what they find.
fn search(board: &Board, g: &Graph, shapes: &[Shape], out: &mut Vec<Found>) {
    let _ = search_starts(board, g, shapes, out, true);
}

/// [`search`], with the searches from "on" literals that cannot find anything skipped when
/// `skip` is true (a test compares both ways); returns how many searches from "on" literals
/// ran.
fn search_starts(
    board: &Board,
    g: &Graph,
    shapes: &[Shape],
    out: &mut Vec<Found>,
    skip: bool,
) -> usize {
    let mut bfs = Bfs::new(g);
    let n = g.nodes.len();
    let on_starts = shapes.contains(&Shape::Discontinuous);
    let live = g.symmetric();
    // The searches from "off" literals come first, for every node; those from "on" after,
    // and only where they can find something (see `contradiction_possible`). The chains are
    // then put back in the order of the starts.
    let mut maybe = vec![!skip || !live; n];
    let base = out.len();
    let mut ends = Vec::with_capacity(n);
    for s in 0..n {
        // The plain search finds shortest chains; when one of them passes a node twice, the
        // simple search (each node once) looks for another.
        bfs.explore(g, Lit::off(s));
        if on_starts && live && skip {
            contradiction_possible(g, &bfs, s, &mut maybe);
        }
        if collect_off(board, g, &bfs, s, shapes, out) {
            bfs.run_simple(g, Lit::off(s), MAX_LITERALS);
            collect_off(board, g, &bfs, s, shapes, out);
        }
        ends.push(out.len());
    }
    if !on_starts {
        return 0;
    }
    let mut late: Vec<(usize, Found)> = Vec::new();
    let mut ran = 0;
    for s in (0..n).filter(|&s| maybe[s] && !g.is_group(s)) {
        ran += 1;
        bfs.explore(g, Lit::on(s));
        let mut found = Vec::new();
        if collect_on(g, &bfs, s, &mut found) {
            bfs.run_simple(g, Lit::on(s), MAX_LITERALS);
            collect_on(g, &bfs, s, &mut found);
        }
        late.extend(found.into_iter().map(|f| (s, f)));
    }
    if late.is_empty() {
        return ran;
    }
    // Each start's "on" chains after its "off" chains, as if each start ran both in turn.
    let mut early = out.split_off(base).into_iter();
    let mut late = late.into_iter().peekable();
    let mut done = base;
    for (s, &end) in ends.iter().enumerate() {
        out.extend(early.by_ref().take(end - done));
        done = end;
        while let Some((_, f)) = late.next_if(|(t, _)| *t == s) {
            out.push(f);
        }
    }
    ran
}

/// After the search from "`w` off" (in a graph whose weak links are listed at both ends),
/// marks the nodes `s` whose search from "`s` on" may reach "`s` off" (a discontinuous nice
/// loop, the start false). Such a chain goes from "`s` on" to a weak neighbour "`w` off" that
/// has a strong link (the pruned search follows no other), then within `MAX_LITERALS - 1`
/// literals to "`s` off", which the search from "`w` off" therefore reaches. When `s` has no
/// strong link, the pruned searches do not reach "`s` off"; the chain then comes to it from
/// an "on" literal weakly linked to `s`, within `MAX_LITERALS - 2` literals of "`w` off".
///
/// A search from "`s` on" that cannot close such a loop finds nothing, and the chain search
/// skips it (the reach sets of [`full_reach`] run their own). Most are skipped: in the grouped
/// graphs of the positions after the basic techniques of every third top1465 puzzle, 6,300
/// of 66,000 searches are left, and 4,800 of those find a loop. They were a quarter of the
/// grouped chains' time.
fn contradiction_possible(g: &Graph, bfs: &Bfs, w: usize, maybe: &mut [bool]) {
    if !g.has_strong(w) {
        return;
    }
    let reached = |l: Lit, within: u8| {
        let d = bfs.depth(l);
        d != 0 && d <= within
    };
    for &s in g.weak.of(w) {
        let s = s as usize;
        if maybe[s] {
            continue;
        }
        maybe[s] = if g.has_strong(s) {
            reached(Lit::off(s), MAX_LITERALS - 1)
        } else {
            g.weak.of(s).iter().any(|&x| reached(Lit::on(x as usize), MAX_LITERALS - 2))
        };
    }
}

/// Collects what a search from "`s` off" found; returns whether a chain was dropped for
/// passing a node twice.
fn collect_off(
    board: &Board,
    g: &Graph,
    bfs: &Bfs,
    s: usize,
    shapes: &[Shape],
    out: &mut Vec<Found>,
) -> bool {
    let mut dropped = false;
    let start = g.nodes[s];
    let from = AicStart::new(board, g, s);
    let (aic, continuous, discontinuous) = (
        shapes.contains(&Shape::Aic),
        shapes.contains(&Shape::Continuous),
        shapes.contains(&Shape::Discontinuous),
    );
    for &l in &bfs.order[1..] {
        if !l.is_on() {
            continue;
        }
        if l.index() == s {
            // Off ⇒ on: the start is true, the cell's other candidates go.
            if discontinuous && !g.is_group(s) {
                if let Some(cell) = start.cells.first() {
                    let elims: Vec<Candidate> = board
                        .candidates(cell)
                        .iter()
                        .filter(|&d| d != start.digit)
                        .map(|d| Candidate::new(cell, d))
                        .collect();
                    if !elims.is_empty() {
                        dropped |= !push_found(g, bfs, l, Shape::Discontinuous, elims, out);
                    }
                }
            }
            continue;
        }
        if aic {
            let elims = aic_eliminations(board, g, &from, l.index());
            if !elims.is_empty() {
                dropped |= !push_found(g, bfs, l, Shape::Aic, elims, out);
            }
        }
        if continuous
            && bfs.depth(l) >= 4
            && bfs.depth(l) < MAX_LITERALS
            && bfs.links_to_start(g, l.index())
        {
            let path = bfs.path(l);
            if !distinct(&path) {
                dropped = true;
                continue;
            }
            let nodes: Vec<Node> = path.iter().map(|&x| g.nodes[x.index()]).collect();
            let elims = loop_eliminations(board, g, &path);
            if !elims.is_empty() {
                let sets = link_sets(g, &path);
                out.push(Found { shape: Shape::Continuous, lits: path, nodes, elims, sets });
            }
        }
    }
    dropped
}

/// Collects what a search from "`s` on" found (on ⇒ off: the start is false); returns whether
/// the chain was dropped for passing a node twice.
fn collect_on(g: &Graph, bfs: &Bfs, s: usize, out: &mut Vec<Found>) -> bool {
    let node = g.nodes[s];
    match node.cells.first() {
        Some(cell) if bfs.reached(Lit::off(s)) => {
            let elims = vec![Candidate::new(cell, node.digit)];
            !push_found(g, bfs, Lit::off(s), Shape::Discontinuous, elims, out)
        }
        _ => false,
    }
}

/// Records the chain from the search's start to `end` when it visits no node twice (a loop
/// back to its start node excepted).
fn push_found(
    g: &Graph,
    bfs: &Bfs,
    end: Lit,
    shape: Shape,
    elims: Vec<Candidate>,
    out: &mut Vec<Found>,
) -> bool {
    let path = bfs.path(end);
    let inner = if path.len() > 1 && path[0].index() == end.index() {
        &path[..path.len() - 1]
    } else {
        &path[..]
    };
    if !distinct(inner) {
        return false;
    }
    let nodes = path.iter().map(|&x| g.nodes[x.index()]).collect();
    let sets = link_sets(g, &path);
    out.push(Found { shape, lits: path, nodes, elims, sets });
    true
}

/// The almost locked sets behind the strong links of `path` (a link out of an "off" literal
/// is strong): a strong link between two digits that is not the two candidates of one
/// bivalue cell holds because both digits' nodes belong to one set of the graph.
fn link_sets(g: &Graph, path: &[Lit]) -> Vec<(u16, CellSet, DigitSet)> {
    let mut out = Vec::new();
    if g.als.is_empty() {
        return out;
    }
    for (i, w) in path.windows(2).enumerate() {
        let (a, b) = (w[0].index(), w[1].index());
        if w[0].is_on() || g.digit[a] == g.digit[b] {
            continue;
        }
        let (na, nb) = (g.nodes[a], g.nodes[b]);
        if na.cells == nb.cells
            && na.cells.len() == 1
            && na.cells.first().is_some_and(|c| g.bivalue(c))
        {
            continue;
        }
        let (a, b) = (a as u32, b as u32);
        if let Some((cells, nodes)) =
            g.als.iter().find(|(_, nodes)| nodes.contains(&a) && nodes.contains(&b))
        {
            let digits = nodes.iter().map(|&n| g.digit[n as usize]).collect();
            out.push((i as u16, *cells, digits));
        }
    }
    out
}

/// Whether the literals name pairwise different nodes.
fn distinct(lits: &[Lit]) -> bool {
    let mut v: Vec<usize> = lits.iter().map(|l| l.index()).collect();
    crate::sort::sort(&mut v);
    v.windows(2).all(|w| w[0] != w[1])
}

/// The candidates of `d` in `cells` (the cells seeing some nodes of `d`: the intersection of
/// their [`Graph::seen`] sets).
fn candidates_in(board: &Board, d: Digit, cells: CellSet) -> impl Iterator<Item = Candidate> {
    cells.intersection(board.digit_cells(d)).iter().map(move |c| Candidate::new(c, d))
}

/// What an AIC's start node gives every end: read once per search, not once per "on"
/// literal it reaches.
struct AicStart {
    /// The start node's digit.
    digit: Digit,
    /// Its cells.
    cells: CellSet,
    /// The candidates of its digit outside it that see all its cells: a same-digit chain can
    /// only remove some of these.
    targets: CellSet,
    /// Its cell, when it is a single candidate.
    cell: Option<crate::grid::Cell>,
}

impl AicStart {
    fn new(board: &Board, g: &Graph, s: usize) -> AicStart {
        let digit = g.digit[s];
        AicStart {
            digit,
            cells: g.nodes[s].cells,
            targets: g.seen[s].intersection(board.digit_cells(digit)),
            cell: g.cell_of(s),
        }
    }
}

/// What "node `s` or node `e`" of `g` removes (`s` as read by [`AicStart`]). Called for every
/// "on" literal every search reaches, so it decides from the nodes' digits and cells, read
/// apart, and builds no list when nothing goes.
fn aic_eliminations(board: &Board, g: &Graph, s: &AicStart, e: usize) -> Vec<Candidate> {
    let (d, ed) = (s.digit, g.digit[e]);
    if d == ed {
        // The digit's candidates seeing every cell of both nodes.
        let cells = s.targets.intersection(g.seen[e]);
        if cells.is_empty() || s.cells.intersects(g.nodes[e].cells) {
            return Vec::new();
        }
        return cells.iter().map(|c| Candidate::new(c, d)).collect();
    }
    // Type 2: different digits in two single cells that see each other.
    let (Some(sc), Some(ec)) = (s.cell, g.cell_of(e)) else { return Vec::new() };
    if sc == ec || !sc.sees(ec) {
        return Vec::new();
    }
    let mut v = Vec::new();
    if board.has_candidate(sc, ed) {
        v.push(Candidate::new(sc, ed));
    }
    if board.has_candidate(ec, d) {
        v.push(Candidate::new(ec, d));
    }
    v
}

/// What a continuous nice loop (literals `path`, closed by a weak link back to the first)
/// removes: every link of the loop holds exactly one true end. Its weak links therefore act
/// as strong ones: a digit weakly linked between two nodes goes from every cell seeing both,
/// two digits weakly linked in one cell leave no room for any other digit there. A strong
/// link between two digits of an almost locked set leaves exactly one of them in the set, so
/// its other digits are locked in it and go from every cell seeing all their cells there.
fn loop_eliminations(board: &Board, g: &Graph, path: &[Lit]) -> Vec<Candidate> {
    let k = path.len();
    let node = |i: usize| g.nodes[path[i % k].index()];
    let mut v = Vec::new();
    for i in (1..k).step_by(2) {
        let (a, b) = (node(i), node(i + 1));
        if a.digit == b.digit {
            let (ia, ib) = (path[i % k].index(), path[(i + 1) % k].index());
            v.extend(candidates_in(board, a.digit, g.seen[ia].intersection(g.seen[ib])));
        } else if a.cells == b.cells && a.cells.len() == 1 {
            if let Some(c) = a.cells.first() {
                v.extend(
                    board
                        .candidates(c)
                        .iter()
                        .filter(|&d| d != a.digit && d != b.digit)
                        .map(|d| Candidate::new(c, d)),
                );
            }
        }
    }
    for i in (0..k).step_by(2) {
        let (x, z) = (path[i].index() as u32, path[(i + 1) % k].index() as u32);
        for (cells, digits) in &g.als {
            if !digits.contains(&x) || !digits.contains(&z) {
                continue;
            }
            for &y in digits.iter().filter(|&&y| y != x && y != z) {
                let (dy, seen) = (g.digit[y as usize], g.seen[y as usize]);
                v.extend(candidates_in(board, dy, seen).filter(|e| !cells.contains(e.cell)));
            }
        }
    }
    v
}

impl Found {
    fn to_step(&self, technique: Technique) -> Step {
        let mut s = Step::new(technique);
        let mut nodes = self.nodes.clone();
        // A link out of an "off" literal is strong.
        let mut strong: Vec<bool> = self.lits.windows(2).map(|w| !w[0].is_on()).collect();
        if self.shape == Shape::Continuous {
            nodes.push(self.nodes[0]);
            strong.push(false);
        }
        for (i, &st) in strong.iter().enumerate() {
            s.highlight.links.push(Link { from: nodes[i], to: nodes[i + 1], strong: st });
        }
        for (&l, n) in self.lits.iter().zip(&self.nodes) {
            let role =
                if l.is_on() { &mut s.highlight.candidates } else { &mut s.highlight.alternate };
            role.extend(n.cells.iter().map(|c| Candidate::new(c, n.digit)));
        }
        let closed = self.lits.len() > 1
            && self.lits.first().map(|l| l.index()) == self.lits.last().map(|l| l.index());
        let distinct_nodes = if closed { self.lits.len() - 1 } else { self.lits.len() };
        s.length = distinct_nodes as u16;
        s.eliminations = self.elims.clone();
        if !self.sets.is_empty() {
            s.detail = Detail::LinkSets(
                self.sets
                    .iter()
                    .map(|&(i, cells, digits)| {
                        let house = cells.common_houses().next().unwrap_or(House::row(0));
                        (i, Part { cells, digits, house })
                    })
                    .collect(),
            );
        }
        let set_cells: Vec<(usize, CellSet)> =
            self.sets.iter().map(|&(i, cells, _)| (i as usize, cells)).collect();
        let text = eureka(&nodes, &strong, &set_cells);
        s.with_text(text)
    }
}

/// The chain in Eureka notation: `(1=3)r1c2-(3)r1c7=(3)r5c7`; the strong link `i` of an
/// almost locked set (`sets`: link index and the set's cells) is written as one node, the set
/// whole: `(6=2)r3c1269`.
pub(crate) fn eureka(nodes: &[Node], strong: &[bool], sets: &[(usize, CellSet)]) -> String {
    let sym = |st: bool| if st { '=' } else { '-' };
    let mut out = String::new();
    let mut i = 0;
    while i < nodes.len() {
        let n = nodes[i];
        if i > 0 {
            out.push(sym(strong[i - 1]));
        }
        if let Some(&(_, cells)) =
            sets.iter().find(|(j, _)| *j == i).filter(|_| i + 1 < nodes.len())
        {
            let set = fmt_cells_compact(cells);
            out.push_str(&format!("({}{}{}){set}", n.digit, sym(strong[i]), nodes[i + 1].digit));
            i += 2;
        } else if i + 1 < nodes.len() && nodes[i + 1].cells == n.cells {
            out.push_str(&format!("({}{}{}){}", n.digit, sym(strong[i]), nodes[i + 1].digit, n));
            i += 2;
        } else {
            out.push_str(&format!("({}){}", n.digit, n));
            i += 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Cell;
    use crate::logic::find_all;
    use crate::test_support::{cands, givens_board as reglib_board};

    /// Regression-library positions (givens, deleted candidates), a technique, and the
    /// eliminations one of its steps must make.
    const LIBRARY: &[(&str, &str, Technique, &str)] = &[
        // Line 1077 (0701).
        (
            "3.4+52..8...6.+9.....5..7.3.....68+9.2+3...+734....6+315+27...1.+9+6......9.+4..6.+6.8217..5",
            "",
            Technique::XChain,
            "742",
        ),
        // Line 1093 (0702).
        (
            "76+2+8+1+3+59+4...+7+6+9+1+2+8.+9.42536+7.+765+9+82.+39..1+32......+67+4+8.9..+7+9+5643+1.49+38+1..2.1.+2+47+9+8.",
            "",
            Technique::XyChain,
            "758 787",
        ),
        // Line 1144 (0706).
        (
            "548..+3...+63....8..1+2.+8....3+972.+386..+4.....3..+3...47..9+71+43+8+5+92+62569+7..+3+8+8+9+3.6.7..",
            "",
            Technique::ContinuousNiceLoop,
            "114 118 124 214 224 496 524 538 718 925 926 936 955",
        ),
        // Line 1165 (0707-1, "set value": the other candidates go).
        (
            ".+4..6.1.+2.275..+4+96.....43.84+1...798+5....5.2.1......+6.+7..4....+1+3.619...24.3...1.+6+9",
            "",
            Technique::DiscontinuousNiceLoop,
            "264 364 464 864",
        ),
        // Line 1188 (0707-2, "delete candidate").
        (
            "....2+96..2.9....+71+64+53+178+2+9.741+6+2.85.+6+2+7..+1...+5.4..+7625+9...+1.+3..+2.97..1..16......",
            "311 811 313 813 427 479 489 498 499",
            Technique::DiscontinuousNiceLoop,
            "997",
        ),
        // Lines 1206 (0708-1) and 1225 (0708-2).
        (
            "+2......69+98..2.13+7+71.....+24..+9....+5..4...9.7.+5671+329+4+8+6.1....8+33......+9+6+4+9867+32+15",
            "",
            Technique::Aic,
            "513 523 533 572 582",
        ),
        (
            "..+2....5...+4+52.1..+5.38..+2..+3+9+86+5+7+4+122+5+74+18+6934+61.+9.+7851+3+9...+5..+8+26+1359+47745.....+1",
            "",
            Technique::Aic,
            "397 817",
        ),
        // Line 1308 (0711-1).
        (
            "3.2....1.+1..97........+1....5..+18.6....15...7..8.+74.+1..9....1.27.1.4.......5..79.+1",
            "",
            Technique::GroupedAic,
            "612 616 619 626 634 636",
        ),
    ];

    /// Every library case has a step with exactly its eliminations, written in Eureka notation
    /// and drawn with the links its technique allows.
    #[test]
    fn library_cases() {
        for &(givens, deleted, t, elims) in LIBRARY {
            let want = cands(elims);
            let steps = find_all(&reglib_board(givens, deleted), t);
            let Some(s) = steps.iter().find(|s| s.eliminations == want) else {
                panic!("{t:?}: no step eliminating {elims}; found {steps:#?}")
            };
            assert!(s.text.starts_with(&format!("{}: (", t.name())), "{}", s.text);
            let links = &s.highlight.links;
            let ok = match t {
                Technique::XChain => links.iter().all(|l| l.from.digit.get() == 7),
                // Strong links only inside cells, weak links only between cells.
                Technique::XyChain => {
                    links.iter().all(|l| l.strong == (l.from.cells == l.to.cells))
                }
                Technique::ContinuousNiceLoop => {
                    links.first().map(|l| l.from) == links.last().map(|l| l.to)
                }
                Technique::GroupedAic => {
                    links.iter().any(|l| l.from.cells.len() > 1 || l.to.cells.len() > 1)
                }
                _ => true,
            };
            assert!(ok, "{t:?}: {}", s.text);
        }
    }

    /// The reach sets the forcing chains read are the same whether the search skipped dead
    /// ends (and `record_reach` added them back) or not.
    #[test]
    fn reach_sets_do_not_depend_on_pruning() {
        for line in [1144, 1165, 1206] {
            let board = crate::test_support::reglib_line(line);
            let g = Graph::build(&board, GraphKind::Full);
            let mut bfs = Bfs::new(&g);
            let (mut plain, mut live) = (ReachSets::new(0), ReachSets::new(0));
            for s in 0..g.nodes.len() {
                for start in [Lit::off(s), Lit::on(s)] {
                    bfs.run(&g, start, MAX_LITERALS);
                    record_reach(&g, &bfs, start, &mut plain);
                    bfs.run_live(&g, start, MAX_LITERALS);
                    record_reach(&g, &bfs, start, &mut live);
                }
            }
            let sets = |r: &ReachSets| -> Vec<Option<Vec<Lit>>> {
                (0..Lit::count(729))
                    .map(|c| r.from(Lit::from_code(c)).map(|b| b.iter().collect()))
                    .collect()
            };
            assert_eq!(sets(&plain), sets(&live), "reglib line {line}");
        }
    }

    /// Skipping the searches from "on" literals that cannot close a loop loses nothing: on
    /// regression-library positions and on positions along easy-first paths of top1465
    /// puzzles, the full and grouped graphs' searches find the same chains, in the same order,
    /// both ways; and the skipped searches are most of them.
    #[test]
    fn skipped_searches_from_on_literals_find_nothing() {
        use crate::logic::{Context, Options, TechniqueSet, next_step_in};
        let library = include_str!("../../../tests/data/techniques/hodoku-reglib-1.4.txt");
        let mut positions: Vec<Board> = library
            .lines()
            .filter(|l| l.starts_with(':'))
            .step_by(3)
            .filter_map(|l| crate::format::parse(l).ok())
            .collect();
        let easy: TechniqueSet =
            TechniqueSet::default_path().iter().filter(|t| t.tier() <= 3).collect();
        let (options, ctx) = (Options::with_techniques(easy), Context { unique: Some(true) });
        let top = include_str!("../../../tests/data/corpora/top1465.txt");
        for line in top.lines().filter(|l| !l.starts_with('#')).step_by(40) {
            let mut b = crate::format::parse(line).expect("a corpus puzzle");
            while let Some(step) = next_step_in(&b, &options, &ctx) {
                positions.push(b.clone());
                step.apply(&mut b);
            }
        }
        let (mut loops_from_on, mut runs, mut ran) = (0, 0, 0);
        let key = |f: &Found| (f.shape, f.lits.clone(), f.elims.clone());
        for b in &positions {
            for kind in [GraphKind::Full, GraphKind::Grouped] {
                let g = Graph::build(b, kind);
                let all = [Shape::Aic, Shape::Continuous, Shape::Discontinuous];
                let (mut plain, mut pruned) = (Vec::new(), Vec::new());
                runs += search_starts(b, &g, &all, &mut plain, false);
                ran += search_starts(b, &g, &all, &mut pruned, true);
                let (p, q): (Vec<_>, Vec<_>) =
                    (plain.iter().map(key).collect(), pruned.iter().map(key).collect());
                assert_eq!(p, q, "{kind:?} graph of {}", crate::format::to_line(b));
                loops_from_on += plain
                    .iter()
                    .filter(|f| f.shape == Shape::Discontinuous && f.lits[0].is_on())
                    .count();
            }
        }
        assert!(positions.len() > 1000, "{} positions", positions.len());
        assert!(loops_from_on > 100, "{loops_from_on} loops from 'on' literals");
        assert!(ran * 2 < runs, "{ran} of {runs} searches from 'on' literals ran");
    }

    #[test]
    fn nothing_fires_without_strong_links() {
        let all: [Technique; 8] = [
            Technique::XChain,
            Technique::XyChain,
            Technique::ContinuousNiceLoop,
            Technique::DiscontinuousNiceLoop,
            Technique::Aic,
            Technique::GroupedContinuousNiceLoop,
            Technique::GroupedDiscontinuousNiceLoop,
            Technique::GroupedAic,
        ];
        for t in all {
            assert!(find_all(&Board::empty(), t).is_empty(), "{t:?}");
        }
    }

    #[test]
    fn eureka_text_merges_cells() {
        let c = |r, k| Cell::at(r, k);
        let d = Digit::from_index;
        let nodes = [
            Node::cand(c(0, 1), d(0)),
            Node::cand(c(0, 1), d(2)),
            Node::cand(c(0, 6), d(2)),
            Node::cand(c(0, 6), d(5)),
        ];
        assert_eq!(eureka(&nodes, &[true, false, true], &[]), "(1=3)r1c2-(3=6)r1c7");
    }
}
