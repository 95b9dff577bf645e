//! The candidate link graph shared by the chain and forcing techniques, and the breadth-first
//! search over its implications.
//!
//! A *node* is a digit in one cell or, for grouped chains, a digit in a group of 2–3 cells of
//! one box∩line (all of that digit's candidates there). Links:
//! - *strong* (not both off): the only two places of a digit in a house (either may be a group),
//!   the only two candidates of a cell;
//! - *weak* (not both on): two disjoint nodes of one digit inside one house, two candidates of
//!   one cell. A strong link between such nodes is listed as weak too.
//!
//! The search runs over *literals* ([`Lit`]): a node on or off. "Off" follows strong links to
//! "on"; "on" follows weak links to "off". Every path is therefore
//! an alternating inference chain, and every literal reached is implied by the start literal.

use crate::board::Board;
use crate::grid::{Cell, CellSet, Digit, DigitSet, House, HouseKind};
use crate::logic::lit::Lit;
use crate::logic::step::Node;

/// "No node" marker.
const NONE: u32 = u32::MAX;

/// Which nodes and links a graph holds.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum GraphKind {
    /// One digit, no in-cell links (X-chains).
    Digit(Digit),
    /// Candidates of bivalue cells only; strong links only inside cells, weak links only
    /// between cells (XY-chains).
    Bivalue,
    /// Every candidate, every link (AICs, nice loops, forcing chains).
    Full,
    /// [`GraphKind::Full`] plus group nodes.
    Grouped,
}

/// The link graph of one position.
pub(crate) struct Graph {
    /// Node index → node.
    pub(crate) nodes: Vec<Node>,
    /// Strong neighbours of every node.
    strong: Adj,
    /// Weak neighbours of every node, those with a strong link first (see [`Graph::live`]).
    pub(crate) weak: Adj,
    /// Per node, how many of its weak neighbours (the first ones) have a strong link. Only
    /// those lead on: "off" literals follow strong links, so an "off" reached at a node without
    /// one is a dead end.
    live: Vec<u8>,
    /// Candidate index (`cell * 9 + digit`) → single-candidate node, or [`NONE`].
    cand_node: Vec<u32>,
    /// Single-candidate node → its candidate index (`cell * 9 + digit`).
    cand_of: Vec<u16>,
    /// Where each digit's box∩line group nodes begin (they come digit by digit after the
    /// single candidates, so `groups[0]` is the number of those): digit index `d`'s are
    /// `groups[d]..groups[d + 1]`; the almost locked sets' nodes begin at `groups[9]`.
    groups: [u32; 10],
    /// The almost locked sets used: their cells and, per digit, its node.
    pub(crate) als: Vec<(CellSet, Vec<u32>)>,
    /// Node index → the cells outside the node that see all its cells.
    pub(crate) seen: Vec<CellSet>,
    /// Node index → its digit, read by the AIC test for every "on" literal a search reaches
    /// without loading the 32-byte node (the chain finders 0.8 % faster than reading
    /// `nodes`, consistently over 6 alternating runs).
    pub(crate) digit: Vec<Digit>,
}

impl Graph {
    /// Builds the graph of `kind` for `board`.
    pub(crate) fn build(board: &Board, kind: GraphKind) -> Graph {
        // The single-candidate nodes, to size the lists once (groups and sets grow them).
        let singles = match kind {
            GraphKind::Digit(x) => board.digit_cells(x).len() as usize,
            _ => board.all_candidates().iter().map(|c| c.len() as usize).sum(),
        };
        let mut g = Graph {
            nodes: Vec::with_capacity(singles),
            strong: Adj::new(0, 0),
            weak: Adj::new(0, 0),
            live: Vec::new(),
            cand_of: Vec::with_capacity(singles),
            cand_node: vec![NONE; 729],
            groups: [0; 10],
            als: Vec::new(),
            seen: Vec::new(),
            digit: Vec::new(),
        };
        let mut add = |c: Cell, d: Digit| {
            g.cand_node[c.index() * 9 + d.index()] = g.nodes.len() as u32;
            g.cand_of.push((c.index() * 9 + d.index()) as u16);
            g.nodes.push(Node::cand(c, d));
        };
        match kind {
            GraphKind::Digit(x) => board.digit_cells(x).iter().for_each(|c| add(c, x)),
            _ => {
                for c in Cell::all() {
                    let cands = board.candidates(c);
                    if kind != GraphKind::Bivalue || cands.len() == 2 {
                        cands.iter().for_each(|d| add(c, d));
                    }
                }
            }
        }
        for d in Digit::all() {
            g.groups[d.index()] = g.nodes.len() as u32;
            if kind == GraphKind::Grouped {
                let dc = board.digit_cells(d);
                for b in 0..9 {
                    let in_box = dc.intersection(House::boxx(b).cell_set());
                    if in_box.len() < 2 {
                        continue;
                    }
                    for line in House::all().take(18) {
                        let cells = in_box.intersection(line.cell_set());
                        if cells.len() >= 2 {
                            g.nodes.push(Node { digit: d, cells });
                        }
                    }
                }
            }
        }
        g.groups[9] = g.nodes.len() as u32;
        let als = if kind == GraphKind::Grouped { g.als_nodes(board) } else { Vec::new() };
        let n = g.nodes.len();
        let (strong_room, weak_room) = if als.is_empty() { (16, 48) } else { (32, 96) };
        g.strong = Adj::new(n, strong_room);
        g.weak = Adj::new(n, weak_room);
        // Inside an almost locked set, "no x" leaves its cells to the other digits: every two
        // of its digits are strongly linked (each node holds the digit's cells of the set).
        for (_, digits) in &als {
            for (i, &a) in digits.iter().enumerate() {
                for &b in &digits[i + 1..] {
                    g.add_strong(a, b);
                }
            }
        }
        g.als = als;

        // Strong links between the only two places of a digit in a house.
        let digits = match kind {
            GraphKind::Digit(x) => DigitSet::single(x),
            GraphKind::Bivalue => DigitSet::EMPTY,
            GraphKind::Full | GraphKind::Grouped => DigitSet::ALL,
        };
        for h in House::all() {
            for d in digits.iter() {
                let cells = board.house_digit_cells(h, d);
                if cells.len() == 2 {
                    let mut it = cells.iter();
                    let (a, b) = (it.next().unwrap_or(Cell::from_index(0)), it.next());
                    if let Some(b) = b {
                        g.add_strong(g.single(a, d), g.single(b, d));
                    }
                } else if kind == GraphKind::Grouped && cells.len() >= 3 {
                    g.grouped_strong(h, d, cells);
                }
            }
        }
        // Strong links inside bivalue cells; weak links inside cells.
        if !matches!(kind, GraphKind::Digit(_)) {
            for c in Cell::all() {
                let cands = board.candidates(c);
                if cands.len() == 2 {
                    let mut it = cands.iter();
                    if let (Some(a), Some(b)) = (it.next(), it.next()) {
                        g.add_strong(g.single(c, a), g.single(c, b));
                    }
                }
                if matches!(kind, GraphKind::Full | GraphKind::Grouped) {
                    for a in cands.iter() {
                        for b in cands.iter() {
                            if a != b {
                                let (x, y) = (g.single(c, a), g.single(c, b));
                                if x != NONE && y != NONE {
                                    g.weak.push(x as usize, y);
                                }
                            }
                        }
                    }
                }
            }
        }
        // Weak links between single candidates of one digit in one house.
        for i in 0..g.singles() {
            let node = g.nodes[i];
            let Some(c) = node.cells.first() else { continue };
            let d = node.digit;
            for p in c.peers().intersection(board.digit_cells(d)).iter() {
                let j = g.single(p, d);
                if j != NONE {
                    g.weak.push(i, j);
                }
            }
        }
        g.seen = g.nodes.iter().map(|nd| nd.cells.common_peers()).collect();
        g.digit = g.nodes.iter().map(|nd| nd.digit).collect();
        // Weak links of group nodes: to the digit's candidates that see every cell of the
        // group, and between disjoint box∩line groups of one box or line.
        for i in g.singles()..n {
            let gi = g.nodes[i];
            let seen = g.seen[i];
            for c in seen.intersection(board.digit_cells(gi.digit)).iter() {
                let j = g.single(c, gi.digit);
                if j != NONE {
                    g.weak.push(i, j);
                    g.weak.push(j as usize, i as u32);
                }
            }
            if i >= g.groups[9] as usize {
                continue;
            }
            for j in g.group_range(gi.digit) {
                let nj = g.nodes[j];
                if j != i && !nj.cells.intersects(gi.cells) && nj.cells.is_subset(seen) {
                    g.weak.push(i, j as u32);
                }
            }
        }
        let strong: Vec<bool> = (0..n).map(|j| g.has_strong(j)).collect();
        let mut rest = [0; SCRATCH];
        g.live = (0..n).map(|i| g.weak.partition(i, |j| strong[j as usize], &mut rest)).collect();
        g
    }

    /// Whether every weak link is listed at both its nodes (no list overflowed: see [`Adj`]).
    /// Then "`a` is a weak neighbour of `b`" can be read from `b`'s list.
    pub(crate) fn symmetric(&self) -> bool {
        !self.weak.overflowed
    }

    /// The single-candidate node of `d` in `c`, or [`NONE`].
    fn single(&self, c: Cell, d: Digit) -> u32 {
        self.cand_node[c.index() * 9 + d.index()]
    }

    /// Whether `c` has exactly two candidates (every candidate is a node of a full or grouped
    /// graph).
    pub(crate) fn bivalue(&self, c: Cell) -> bool {
        self.cand_node[c.index() * 9..c.index() * 9 + 9].iter().filter(|&&n| n != NONE).count() == 2
    }

    fn add_strong(&mut self, a: u32, b: u32) {
        if a == NONE || b == NONE || a == b {
            return;
        }
        if !self.strong.of(a as usize).contains(&b) {
            self.strong.push(a as usize, b);
            self.strong.push(b as usize, a);
        }
    }

    /// The node (single or group) of `d` whose cells are exactly `cells`, or [`NONE`].
    fn node_of(&self, d: Digit, cells: CellSet) -> u32 {
        if cells.len() == 1 {
            return cells.first().map_or(NONE, |c| self.single(c, d));
        }
        // The digit's box∩line groups, then the almost locked sets' nodes (which never repeat
        // a group): the first node with those cells, as a scan of all would find.
        self.group_range(d)
            .chain(self.groups[9] as usize..self.nodes.len())
            .find(|&i| self.nodes[i].digit == d && self.nodes[i].cells == cells)
            .map_or(NONE, |i| i as u32)
    }

    /// The number of single-candidate nodes: nodes `0..singles()`, in candidate index order.
    fn singles(&self) -> usize {
        self.groups[0] as usize
    }

    /// The box∩line group nodes of `d`.
    fn group_range(&self, d: Digit) -> std::ops::Range<usize> {
        self.groups[d.index()] as usize..self.groups[d.index() + 1] as usize
    }

    /// Adds the nodes of the almost locked sets of 2–[`MAX_ALS`] cells (n cells of one house
    /// with n + 1 candidates between them): per set, one node per digit holding the digit's
    /// cells of the set (an existing node when one has exactly those cells). Returns, per set,
    /// its cells and its digits' nodes.
    fn als_nodes(&mut self, board: &Board) -> Vec<(CellSet, Vec<u32>)> {
        let mut out = Vec::new();
        // A set inside one box∩line is met in the line and again in the box: the first kept.
        // No other set lies in two houses.
        let mut twice: Vec<CellSet> = Vec::new();
        // Per digit, the nodes of two or more cells so far: the box∩line groups, then the sets'.
        let mut lookup: [Vec<(CellSet, u32)>; 9] = Default::default();
        for i in self.singles()..self.nodes.len() {
            let nd = self.nodes[i];
            lookup[nd.digit.index()].push((nd.cells, i as u32));
        }
        let mut hits: Vec<(u32, CellSet, DigitSet)> = Vec::new();
        for h in House::all() {
            // In the order of their masks, as the sets are numbered elsewhere.
            crate::logic::als::house_sets(board, h, als_node_sizes, &mut hits);
            for &(_, cells, digits) in &hits {
                if cells.common_houses().nth(1).is_some() {
                    if twice.contains(&cells) {
                        continue;
                    }
                    twice.push(cells);
                }
                let mut nodes = Vec::new();
                for d in digits.iter() {
                    let dcells = cells.intersection(board.digit_cells(d));
                    let id = if dcells.len() == 1 {
                        dcells.first().map_or(NONE, |c| self.single(c, d))
                    } else {
                        let known = &mut lookup[d.index()];
                        match known.iter().find(|&&(c, _)| c == dcells) {
                            Some(&(_, id)) => id,
                            None => {
                                let id = self.nodes.len() as u32;
                                self.nodes.push(Node { digit: d, cells: dcells });
                                known.push((dcells, id));
                                id
                            }
                        }
                    };
                    nodes.push(id);
                }
                out.push((cells, nodes));
            }
        }
        out
    }

    /// Strong links where a digit's places in a house fall into two box∩line parts.
    fn grouped_strong(&mut self, h: House, d: Digit, cells: CellSet) {
        let parts: Vec<CellSet> = match h.kind() {
            HouseKind::Row | HouseKind::Col => (0..9)
                .map(|b| cells.intersection(House::boxx(b).cell_set()))
                .filter(|s| !s.is_empty())
                .collect(),
            HouseKind::Box => {
                let rows: Vec<CellSet> = (0..9)
                    .map(|r| cells.intersection(House::row(r).cell_set()))
                    .filter(|s| !s.is_empty())
                    .collect();
                if rows.len() == 2 {
                    let (a, b) = (self.node_of(d, rows[0]), self.node_of(d, rows[1]));
                    self.add_strong(a, b);
                }
                // One row's part against a rest that lies in one column, and the reverse.
                for i in 0..9 {
                    for (line, other) in [(House::row(i), 9), (House::col(i), 0)] {
                        let a = cells.intersection(line.cell_set());
                        let b = cells.minus(a);
                        if a.is_empty() || b.is_empty() {
                            continue;
                        }
                        let cross = (other..other + 9)
                            .any(|j| b.is_subset(House::from_index(j).cell_set()));
                        if cross && (a.len() > 1 || b.len() > 1) {
                            let (x, y) = (self.node_of(d, a), self.node_of(d, b));
                            self.add_strong(x, y);
                        }
                    }
                }
                (0..9)
                    .map(|c| cells.intersection(House::col(c).cell_set()))
                    .filter(|s| !s.is_empty())
                    .collect()
            }
        };
        if parts.len() == 2 {
            let (a, b) = (self.node_of(d, parts[0]), self.node_of(d, parts[1]));
            self.add_strong(a, b);
        }
    }

    /// The candidate literal of node literal `l`, when its node is a single candidate.
    #[inline(always)]
    pub(crate) fn cand_lit(&self, l: Lit) -> Option<Lit> {
        let k = *self.cand_of.get(l.index())?;
        Some(Lit::new(usize::from(k), l.is_on()))
    }

    /// The cell of node `i` when it is a single candidate.
    #[inline(always)]
    pub(crate) fn cell_of(&self, i: usize) -> Option<Cell> {
        self.cand_of.get(i).map(|&k| Cell::from_index(usize::from(k) / 9))
    }

    /// Whether node `i` has a strong link.
    #[inline(always)]
    pub(crate) fn has_strong(&self, i: usize) -> bool {
        !self.strong.of(i).is_empty()
    }

    /// Whether node `i` is a group node.
    pub(crate) fn is_group(&self, i: usize) -> bool {
        i >= self.singles()
    }
}

/// Adjacency lists with a fixed capacity per node, in one allocation. A node has at most 20
/// peers, 8 other candidates in its cell and 12 group neighbours, so 48 weak and 16 strong
/// places are never exceeded without almost locked sets (with them, the room doubles); a link
/// beyond them would be dropped (losing deductions, never soundness) and the lists marked as
/// overflowed, so the searches stop relying on weak links being listed at both ends.
pub(crate) struct Adj {
    stride: usize,
    len: Vec<u8>,
    items: Vec<u32>,
    /// Whether a link was dropped for lack of room.
    overflowed: bool,
}

thread_local! {
    /// The item buffers of dropped [`Adj`] lists, for the next ones: a list reads only the
    /// first `len` items of each node, so a buffer is reused as it is, never cleared. (Zeroing
    /// new ones, 11 to 13 graphs per position on the default path, was 2–3 % of its
    /// instructions.)
    static SPARE_ITEMS: std::cell::RefCell<Vec<Vec<u32>>> = const { std::cell::RefCell::new(Vec::new()) };
}

impl Adj {
    fn new(n: usize, stride: usize) -> Adj {
        let stride = stride.min(MAX_STRIDE);
        // (An empty list, the placeholder `Graph::build` starts with, takes no buffer.)
        let mut items = match n * stride {
            0 => Vec::new(),
            _ => SPARE_ITEMS.with(|s| s.borrow_mut().pop()).unwrap_or_default(),
        };
        if items.len() < n * stride {
            items.resize(n * stride, 0);
        }
        Adj { stride, len: vec![0; n], items, overflowed: false }
    }

    /// The neighbours of node `i`.
    #[inline(always)]
    pub(crate) fn of(&self, i: usize) -> &[u32] {
        let start = i * self.stride;
        &self.items[start..start + self.len[i] as usize]
    }

    fn push(&mut self, i: usize, j: u32) {
        let k = self.len[i] as usize;
        if k < self.stride {
            self.items[i * self.stride + k] = j;
            self.len[i] += 1;
        } else {
            self.overflowed = true;
        }
    }

    /// Reorders node `i`'s neighbours so those that satisfy `keep` come first, each part in
    /// its old order; returns how many satisfy it. `rest` is scratch room for the others,
    /// handed in so that no array is cleared per node.
    fn partition(&mut self, i: usize, keep: impl Fn(u32) -> bool, rest: &mut [u32; SCRATCH]) -> u8 {
        let start = i * self.stride;
        let list = &mut self.items[start..start + self.len[i] as usize];
        let (mut n, mut r) = (0, 0);
        for k in 0..list.len() {
            // Both written, one kept: no branch on `keep`, which follows no pattern.
            let j = list[k];
            let y = usize::from(keep(j));
            list[n] = j;
            rest[r % SCRATCH] = j;
            n += y;
            r += 1 - y;
        }
        list[n..].copy_from_slice(&rest[..r]);
        n as u8
    }
}

impl Drop for Adj {
    fn drop(&mut self) {
        let items = std::mem::take(&mut self.items);
        if items.capacity() > 0 {
            // A few spare buffers cover the graphs alive at once (a position's full and
            // grouped graphs, their searches' reach sets); more would only hold memory.
            // (`try_with`: nothing to keep once the thread's locals are gone.)
            let _ = SPARE_ITEMS.try_with(|s| {
                let mut s = s.borrow_mut();
                if s.len() < 8 {
                    s.push(items);
                }
            });
        }
    }
}

/// The most neighbours an [`Adj`] list holds.
const MAX_STRIDE: usize = 96;

/// The scratch room of [`Adj::partition`]: at least [`MAX_STRIDE`], and a power of two, so that
/// its index needs no bounds check and no division.
const SCRATCH: usize = MAX_STRIDE.next_power_of_two();

/// The largest almost locked set used as chain nodes, in cells.
const MAX_ALS: usize = 4;

/// The sizes of the chain graph's ALS nodes in a house with `k` empty cells: 2 to [`MAX_ALS`]
/// cells, leaving at least two of the house's empty cells out (as `als::house_sets` takes them).
pub(crate) fn als_node_sizes(k: usize) -> (usize, usize) {
    (2, k.saturating_sub(2).min(MAX_ALS))
}

/// Breadth-first search state over literals, reused between starts.
pub(crate) struct Bfs {
    /// Per literal code, the predecessor of a reached literal; the start is its own. Entries
    /// of literals not reached are left over from earlier searches.
    pred: Vec<Lit>,
    /// Per literal code, the number of literals from the start (the start has depth 1); 0 =
    /// not reached.
    depth: Vec<u8>,
    /// Literals in the order they were reached.
    pub(crate) order: Vec<Lit>,
    /// Per node, whether it is a weak neighbour of the last search's start node (marked only
    /// in a [`Graph::symmetric`] graph; see [`Bfs::links_to_start`]).
    near: Vec<bool>,
    /// The node whose weak neighbours `near` marks.
    near_of: Option<usize>,
}

impl Bfs {
    /// A search state for `g`.
    pub(crate) fn new(g: &Graph) -> Bfs {
        let n = Lit::count(g.nodes.len());
        Bfs {
            pred: vec![Lit::off(0); n],
            depth: vec![0; n],
            order: Vec::with_capacity(n),
            near: vec![false; g.nodes.len()],
            near_of: None,
        }
    }

    /// Marks the weak neighbours of node `s` (the start), unless they are marked already.
    fn mark_start(&mut self, g: &Graph, s: usize) {
        if self.near_of == Some(s) {
            return;
        }
        if let Some(old) = self.near_of.take() {
            for &m in g.weak.of(old) {
                self.near[m as usize] = false;
            }
        }
        if g.symmetric() {
            for &m in g.weak.of(s) {
                self.near[m as usize] = true;
            }
        }
        self.near_of = Some(s);
    }

    /// Whether node `i` is weakly linked to the last search's start node (a chain ending "on"
    /// at `i` closes a loop there).
    pub(crate) fn links_to_start(&self, g: &Graph, i: usize) -> bool {
        let Some(s) = self.near_of else { return false };
        if g.symmetric() { self.near[i] } else { g.weak.of(i).contains(&(s as u32)) }
    }

    /// The search the chain finders run from `start`, up to [`super::MAX_LITERALS`] literals:
    /// [`Bfs::run_live`] when every weak link is listed at both its nodes, else [`Bfs::run`].
    pub(crate) fn explore(&mut self, g: &Graph, start: Lit) {
        if g.symmetric() {
            self.run_live(g, start, super::MAX_LITERALS);
        } else {
            self.run(g, start, super::MAX_LITERALS);
        }
    }

    /// Runs the search from literal `start`, reaching literals up to `max_depth` literals long.
    /// Every literal is reached once, by a shortest path; a path may pass a node both on and
    /// off.
    pub(crate) fn run(&mut self, g: &Graph, start: Lit, max_depth: u8) {
        self.search(g, start, max_depth, false, false);
    }

    /// Like [`Bfs::run`], but "off" literals of nodes without a strong link (dead ends) are
    /// reached only at the start's node: the chains from the start and their paths are the
    /// same, and the start's node is reached in both values whenever [`Bfs::run`] reaches it,
    /// but [`Bfs::reached`] says nothing of the other dead ends. For a graph whose weak links
    /// are [`Graph::symmetric`] only.
    pub(crate) fn run_live(&mut self, g: &Graph, start: Lit, max_depth: u8) {
        debug_assert!(g.symmetric());
        self.search(g, start, max_depth, false, true);
    }

    /// Like [`Bfs::run`], but every node is reached once (by whichever literal comes first), so
    /// every path is simple; the start node's other literal may still be reached, closing a
    /// loop.
    pub(crate) fn run_simple(&mut self, g: &Graph, start: Lit, max_depth: u8) {
        self.search(g, start, max_depth, true, false);
    }

    /// The search behind [`Bfs::run`] (`simple` and `live` false), [`Bfs::run_simple`] and
    /// [`Bfs::run_live`]: plain flags, not const parameters, so the worker's wasm holds one
    /// copy (the flags cost nothing measurable).
    fn search(&mut self, g: &Graph, start: Lit, max_depth: u8, simple: bool, live: bool) {
        self.mark_start(g, start.index());
        // The tables as local slices: the queue's pushes could otherwise alias their headers,
        // and the compiled loop reloaded them for every neighbour.
        let (depth, pred, order, near) =
            (&mut self.depth[..], &mut self.pred[..], &mut self.order, &self.near[..]);
        for &l in order.iter() {
            depth[l.code()] = 0;
        }
        order.clear();
        depth[start.code()] = 1;
        pred[start.code()] = start;
        order.push(start);
        let start_node = start.index() as u32;
        // Pruned: "start off" is reached from an "on" literal weakly linked to the start, which
        // the pruned lists leave out when the start's node has no strong link; by symmetry
        // those literals are the start's weak neighbours, which `near` marks.
        let back = live && start.is_on() && g.strong.of(start.index()).is_empty();
        // Reaches `ml` from `l` (at depth `dep`) unless it is reached already.
        let reach = |depth: &mut [u8], pred: &mut [Lit], order: &mut Vec<Lit>, ml: Lit, l, dep| {
            if depth[ml.code()] == 0 {
                depth[ml.code()] = dep + 1;
                pred[ml.code()] = l;
                order.push(ml);
            }
        };
        let mut head = 0;
        while let Some(&l) = order.get(head) {
            head += 1;
            let dep = depth[l.code()];
            if dep >= max_depth || (simple && head > 1 && l.index() == start.index()) {
                continue;
            }
            // On follows weak links to off, off follows strong links to on.
            let (next, on) = if l.is_on() {
                let all = g.weak.of(l.index());
                (if live { &all[..g.live[l.index()] as usize] } else { all }, false)
            } else {
                (g.strong.of(l.index()), true)
            };
            for &m in next {
                let ml = Lit::new(m as usize, on);
                if !(simple && m != start_node && depth[ml.negated().code()] != 0) {
                    reach(depth, pred, order, ml, l, dep);
                }
            }
            if back && l.is_on() && near[l.index()] {
                reach(depth, pred, order, start.negated(), l, dep);
            }
        }
    }

    /// Whether literal `l` was reached.
    pub(crate) fn reached(&self, l: Lit) -> bool {
        self.depth[l.code()] != 0
    }

    /// How many literals the path from the start to `l` has (0: not reached).
    pub(crate) fn depth(&self, l: Lit) -> u8 {
        self.depth[l.code()]
    }

    /// The literals from the start to `l` (reached), in order.
    pub(crate) fn path(&self, l: Lit) -> Vec<Lit> {
        debug_assert!(self.reached(l));
        let mut p = Vec::with_capacity(usize::from(self.depth(l)));
        p.push(l);
        let mut x = l;
        while self.pred[x.code()] != x {
            x = self.pred[x.code()];
            p.push(x);
        }
        p.reverse();
        p
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d1() -> Digit {
        Digit::from_index(0)
    }

    /// Box 1 where 1 may only go in r1c1, r1c2, r2c3 and r3c3.
    fn board() -> Board {
        let mut b = Board::empty();
        for c in House::boxx(0).cells() {
            if ![Cell::at(0, 0), Cell::at(0, 1), Cell::at(1, 2), Cell::at(2, 2)].contains(&c) {
                b.eliminate(c, d1());
            }
        }
        b
    }

    fn node(g: &Graph, cells: &[Cell]) -> u32 {
        let set: CellSet = cells.iter().copied().collect();
        g.node_of(d1(), set)
    }

    #[test]
    fn grouped_strong_link_between_a_row_part_and_a_column_part() {
        let g = Graph::build(&board(), GraphKind::Grouped);
        let row = node(&g, &[Cell::at(0, 0), Cell::at(0, 1)]);
        let col = node(&g, &[Cell::at(1, 2), Cell::at(2, 2)]);
        assert!(row != NONE && col != NONE);
        assert!(g.strong.of(row as usize).contains(&col));
        assert!(g.weak.of(row as usize).contains(&col));
        // The group r1c12 is weakly linked to 1 elsewhere in row 1, not to its own cells.
        let r1c5 = g.single(Cell::at(0, 4), d1());
        assert!(g.weak.of(row as usize).contains(&r1c5));
        assert!(!g.weak.of(row as usize).contains(&g.single(Cell::at(0, 0), d1())));
        // Without groups there is no strong link in box 1 (four places).
        let f = Graph::build(&board(), GraphKind::Full);
        let a = f.single(Cell::at(0, 0), d1());
        assert!(f.strong.of(a as usize).is_empty());
    }

    #[test]
    fn almost_locked_set_links_its_digits() {
        // r1c1 {1,2} and r1c2 {2,3}: two cells of row 1 with three digits.
        let mut b = Board::empty();
        for d in Digit::all() {
            if d.get() > 2 {
                b.eliminate(Cell::at(0, 0), d);
            }
            if d.get() != 2 && d.get() != 3 {
                b.eliminate(Cell::at(0, 1), d);
            }
        }
        let d = Digit::from_index;
        let g = Graph::build(&b, GraphKind::Grouped);
        let (one, three) = (g.single(Cell::at(0, 0), d(0)), g.single(Cell::at(0, 1), d(2)));
        // Without 1 in r1c1 the pair holds 2 and 3, so 3 is in r1c2.
        assert!(g.strong.of(one as usize).contains(&three));
        let two: CellSet = [Cell::at(0, 0), Cell::at(0, 1)].into_iter().collect();
        let two = g.node_of(d(1), two);
        assert!(two != NONE && g.strong.of(two as usize).contains(&one));
        // The full graph has no such link.
        let f = Graph::build(&b, GraphKind::Full);
        let (one, three) = (f.single(Cell::at(0, 0), d(0)), f.single(Cell::at(0, 1), d(2)));
        assert!(!f.strong.of(one as usize).contains(&three));
    }

    /// The grouped graph's almost locked sets are, on regression-library positions, exactly
    /// those of their definition, in the order of a plain walk (house by house, subsets of its
    /// empty cells by mask, each set once), and each digit's node holds the set's cells of
    /// that digit, with no two nodes of one digit on the same cells.
    #[test]
    fn almost_locked_sets_are_every_set_once_in_order() {
        let library = include_str!("../../../tests/data/techniques/hodoku-reglib-1.4.txt");
        let mut sets = 0;
        for line in library.lines().filter(|l| l.starts_with(':')).step_by(2) {
            let Ok(b) = crate::format::parse(line) else { continue };
            let mut plain: Vec<CellSet> = Vec::new();
            for h in House::all() {
                let empty: Vec<Cell> =
                    h.cells().into_iter().filter(|&c| b.value(c).is_none()).collect();
                for mask in 1u32..1 << empty.len() {
                    let n = mask.count_ones() as usize;
                    let cells: CellSet = (0..empty.len())
                        .filter(|&i| mask & 1 << i != 0)
                        .map(|i| empty[i])
                        .collect();
                    let digits =
                        cells.iter().fold(DigitSet::EMPTY, |u, c| u.union(b.candidates(c)));
                    if (2..=MAX_ALS).contains(&n)
                        && n + 2 <= empty.len()
                        && digits.len() as usize == n + 1
                        && !plain.contains(&cells)
                    {
                        plain.push(cells);
                    }
                }
            }
            let g = Graph::build(&b, GraphKind::Grouped);
            let found: Vec<CellSet> = g.als.iter().map(|(cells, _)| *cells).collect();
            assert_eq!(found, plain, "{line}");
            for (cells, nodes) in &g.als {
                for &i in nodes {
                    let nd = g.nodes[i as usize];
                    assert_eq!(nd.cells, cells.intersection(b.digit_cells(nd.digit)), "{line}");
                }
            }
            for i in g.singles()..g.nodes.len() {
                let twin = (i + 1..g.nodes.len()).find(|&j| g.nodes[j] == g.nodes[i]);
                assert!(twin.is_none(), "two nodes {:?}: {line}", g.nodes[i]);
            }
            sets += found.len();
        }
        assert!(sets > 10_000, "{sets} sets");
    }

    #[test]
    fn search_alternates_links() {
        let g = Graph::build(&board(), GraphKind::Grouped);
        let row = node(&g, &[Cell::at(0, 0), Cell::at(0, 1)]);
        let col = node(&g, &[Cell::at(1, 2), Cell::at(2, 2)]);
        let mut bfs = Bfs::new(&g);
        // Row group off ⇒ column group on ⇒ 1 off in the rest of column 3.
        let lit = |node: u32, on| Lit::new(node as usize, on);
        bfs.run(&g, lit(row, false), 4);
        assert!(bfs.reached(lit(col, true)));
        let r9c3 = g.single(Cell::at(8, 2), d1());
        assert!(bfs.reached(lit(r9c3, false)));
        assert_eq!(
            bfs.path(lit(r9c3, false)),
            vec![lit(row, false), lit(col, true), lit(r9c3, false)]
        );
    }

    /// The pruned search reaches the same "on" literals by the same paths as the plain one,
    /// and the start's node off exactly when the plain search does, from every start of the
    /// grouped and full graphs of regression-library positions; after each search, the nodes
    /// it says link back to the start are the start's weak neighbours.
    #[test]
    fn live_search_keeps_the_chains() {
        for line in [1144, 1188, 1308] {
            let board = crate::test_support::reglib_line(line);
            for kind in [GraphKind::Full, GraphKind::Grouped] {
                let g = Graph::build(&board, kind);
                assert!(g.symmetric());
                let (mut a, mut b) = (Bfs::new(&g), Bfs::new(&g));
                let mut dead_ends = 0;
                for s in 0..g.nodes.len() {
                    for start in [Lit::off(s), Lit::on(s)] {
                        a.run(&g, start, 20);
                        b.run_live(&g, start, 20);
                        let on = |bfs: &Bfs| -> Vec<Vec<Lit>> {
                            let ends = bfs.order.iter().filter(|l| l.is_on() || l.index() == s);
                            ends.map(|&l| bfs.path(l)).collect()
                        };
                        assert_eq!(on(&a), on(&b), "{kind:?} from {start:?}");
                        for i in 0..g.nodes.len() {
                            let linked = g.weak.of(i).contains(&(s as u32));
                            assert_eq!(b.links_to_start(&g, i), linked, "{kind:?} {s}-{i}");
                        }
                        dead_ends += a.order.len() - b.order.len();
                    }
                }
                assert!(dead_ends > 0, "{kind:?}: nothing pruned");
            }
        }
    }
}
