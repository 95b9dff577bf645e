//! The propagation engine of the forcing techniques: assume a literal, derive what follows
//! breadth first (chain or net implications, see the family's docs), remember each derived
//! literal's predecessors, and explain a result as the literals and links it needed.

use crate::board::Board;
use crate::grid::{Candidate, Cell, CellSet, Digit, DigitSet, House};
use crate::logic::few::Few;
use crate::logic::lit::{IndexSet, Lit, LitSet};
use crate::logic::proof::{Clash, Ending, Fact, Line, Proof, Reason};
use crate::logic::step::{Link, Node};

/// Which implications a propagation may use.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Mode {
    /// One predecessor per implication (strong and weak links).
    Chain,
    /// Any naked or hidden single.
    Net,
}

/// "Not derived" marker of [`Net::index`].
const NONE: u32 = u32::MAX;

/// The number of candidate literals.
const LITS: usize = Lit::count(729);

/// The literal of digit `d` in cell `c`, on or off.
pub(crate) const fn lit(c: Cell, d: Digit, on: bool) -> Lit {
    Lit::of(Candidate::new(c, d), on)
}

/// `r1c2=5` (on) or `r1c2<>5` (off).
pub(crate) fn lit_text(l: Lit) -> String {
    let k = l.candidate();
    if l.is_on() { format!("{}={}", k.cell, k.digit) } else { format!("{}<>{}", k.cell, k.digit) }
}

/// The predecessors of one derivation: the other candidates of a cell, or the other places of
/// a digit in a house, so at most nine; on the stack, as a list per derivation on the heap was
/// most of the propagation's allocations.
type Preds = Few<Lit, 9>;

/// What went wrong in a propagation.
#[derive(Clone, Debug)]
pub(crate) struct Contradiction {
    /// The literals whose derivations show it.
    pub(crate) lits: Vec<Lit>,
    /// The text: `r5c7 both 5 and not 5`.
    pub(crate) text: String,
    /// What is impossible, as data for the proof.
    pub(crate) clash: Clash,
}

/// The propagation of one assumption.
pub(crate) struct Net<'a> {
    /// The position propagated from.
    board: &'a Board,
    /// The position predecessors are named against: `board` itself, or for a propagation
    /// inside an outer assumption (nested nets) the real position, so the candidates `board`
    /// lacks show as predecessors that this net did not derive (the outer net's literals, see
    /// [`Net::premises`]).
    base: &'a Board,
    mode: Mode,
    /// The next literal of `order` to propagate.
    head: usize,
    cands: [DigitSet; 81],
    digit_cells: [CellSet; 9],
    value: [Option<Digit>; 81],
    /// Per house, the digits derived on in it.
    house_on: [DigitSet; 27],
    /// Per house, the digits placed in it on `board`: what [`Net::reset`] restores.
    placed: [DigitSet; 27],
    /// Per literal code, its position in `order` or [`NONE`].
    index: Vec<u32>,
    /// The literals in discovery order.
    pub(crate) order: Vec<Lit>,
    /// Per position in `order`, the range of its predecessors in `preds`.
    span: Vec<(u32, u32)>,
    preds: Vec<Lit>,
    /// The first contradiction met, if any.
    pub(crate) contradiction: Option<Contradiction>,
}

impl<'a> Net<'a> {
    /// A propagation on `board` with nothing assumed yet.
    pub(crate) fn new(board: &'a Board, mode: Mode) -> Net<'a> {
        Net::inside(board, board, mode)
    }

    /// A propagation on `board`, a copy of `base` with candidates removed (an outer
    /// assumption's consequences), whose predecessors are named against `base`.
    pub(crate) fn inside(board: &'a Board, base: &'a Board, mode: Mode) -> Net<'a> {
        let mut digit_cells = [CellSet::EMPTY; 9];
        for d in Digit::all() {
            digit_cells[d.index()] = board.digit_cells(d);
        }
        let mut house_on = [DigitSet::EMPTY; 27];
        for c in Cell::all() {
            if let Some(d) = board.value(c) {
                for h in c.houses() {
                    house_on[h.index()].insert(d);
                }
            }
        }
        Net {
            board,
            base,
            mode,
            head: 0,
            cands: *board.all_candidates(),
            digit_cells,
            value: [None; 81],
            house_on,
            placed: house_on,
            index: vec![NONE; LITS],
            order: Vec::with_capacity(256),
            span: Vec::with_capacity(256),
            preds: Vec::with_capacity(512),
            contradiction: None,
        }
    }

    /// Forgets the last propagation, keeping the allocations.
    pub(crate) fn reset(&mut self) {
        for &l in &self.order {
            self.index[l.code()] = NONE;
            let k = l.candidate();
            let c = k.cell.index();
            self.cands[c] = self.board.candidates(k.cell);
            self.digit_cells[k.digit.index()] = self.board.digit_cells(k.digit);
            if l.is_on() {
                self.value[c] = None;
                for h in k.cell.houses() {
                    self.house_on[h.index()] = self.placed[h.index()];
                }
            }
        }
        self.order.clear();
        self.head = 0;
        self.span.clear();
        self.preds.clear();
        self.contradiction = None;
    }

    /// Whether literal `l` was derived.
    pub(crate) fn has(&self, l: Lit) -> bool {
        self.index[l.code()] != NONE
    }

    /// Assumes `start` and propagates until nothing follows or a contradiction shows (then
    /// stops at once).
    pub(crate) fn run(&mut self, start: Lit) {
        self.derive(start, &[]);
        self.propagate();
    }

    /// Adds literal `l`, derived outside this net's rules from `preds`, without propagating
    /// it (see [`Net::propagate`]).
    pub(crate) fn add(&mut self, l: Lit, preds: &[Lit]) {
        self.derive(l, preds);
    }

    /// Propagates what was derived and not yet propagated, until nothing follows or a
    /// contradiction shows.
    pub(crate) fn propagate(&mut self) {
        while self.head < self.order.len() && self.contradiction.is_none() {
            let l = self.order[self.head];
            self.head += 1;
            let k = l.candidate();
            if l.is_on() {
                // Only what this net has not yet derived off (its own candidates and places, a
                // subset of the board's): deriving the rest again would do nothing.
                for e in self.cands[k.cell.index()].iter() {
                    if e != k.digit {
                        self.derive(lit(k.cell, e, false), &[l]);
                    }
                }
                let places = self.digit_cells[k.digit.index()];
                for p in k.cell.peers().intersection(places).iter() {
                    self.derive(lit(p, k.digit, false), &[l]);
                }
            } else {
                self.after_off(k);
            }
        }
    }

    /// Naked and hidden singles (and, for nets, empty cells and houses) after `k` went off.
    fn after_off(&mut self, k: Candidate) {
        let (c, d) = (k.cell, k.digit);
        let orig = self.board.candidates(c);
        if self.value[c.index()].is_none() && (self.mode == Mode::Net || orig.len() == 2) {
            let left = self.cands[c.index()];
            if left.len() <= 1 {
                let preds = Preds::of(
                    Lit::off(0),
                    self.base.candidates(c).minus(left).iter().map(|x| lit(c, x, false)),
                );
                match left.single_digit() {
                    Some(e) => self.derive(lit(c, e, true), &preds),
                    None => {
                        let text = format!("{c} has no candidate left");
                        self.contra(preds.to_vec(), text, Clash::NoCandidate(c));
                        return;
                    }
                }
            }
        }
        for h in c.houses() {
            if self.house_on[h.index()].contains(d) {
                continue;
            }
            let left = self.digit_cells[d.index()].intersection(h.cell_set());
            if left.len() > 1 {
                continue;
            }
            if self.mode == Mode::Chain && self.board.house_digit_cells(h, d).len() != 2 {
                continue;
            }
            let orig = self.base.house_digit_cells(h, d);
            let preds = Preds::of(Lit::off(0), orig.minus(left).iter().map(|x| lit(x, d, false)));
            match left.first() {
                None => {
                    let text = format!("no place left for {d} in {h}");
                    self.contra(preds.to_vec(), text, Clash::NoPlace(h, d));
                    return;
                }
                Some(x) => self.derive(lit(x, d, true), &preds),
            }
        }
        if self.mode == Mode::Net {
            self.locked(c, d);
        }
    }

    /// Nets only: when the digit's places left in one of `c`'s houses lie in one box∩line,
    /// the digit goes from the rest of the crossing house (locked candidates).
    fn locked(&mut self, c: Cell, d: Digit) {
        for h in c.houses() {
            if self.house_on[h.index()].contains(d) || self.contradiction.is_some() {
                continue;
            }
            let left = self.digit_cells[d.index()].intersection(h.cell_set());
            if left.len() < 2 {
                continue;
            }
            let Some(first) = left.first() else { continue };
            for other in first.houses() {
                if other == h || !left.is_subset(other.cell_set()) {
                    continue;
                }
                let victims =
                    self.digit_cells[d.index()].intersection(other.cell_set()).minus(h.cell_set());
                if victims.is_empty() {
                    continue;
                }
                let orig = self.base.house_digit_cells(h, d);
                let preds =
                    Preds::of(Lit::off(0), orig.minus(left).iter().map(|x| lit(x, d, false)));
                for v in victims.iter() {
                    self.derive(lit(v, d, false), &preds);
                }
            }
        }
    }

    fn contra(&mut self, lits: Vec<Lit>, text: String, clash: Clash) {
        if self.contradiction.is_none() {
            self.contradiction = Some(Contradiction { lits, text, clash });
        }
    }

    fn derive(&mut self, l: Lit, preds: &[Lit]) {
        if self.has(l) || self.contradiction.is_some() {
            return;
        }
        self.index[l.code()] = self.order.len() as u32;
        self.order.push(l);
        let from = self.preds.len() as u32;
        push_all(&mut self.preds, preds);
        self.span.push((from, self.preds.len() as u32));
        let k = l.candidate();
        if self.has(l.negated()) {
            self.contra(
                vec![l, l.negated()],
                format!("{} both {} and not {}", k.cell, k.digit, k.digit),
                Clash::TrueAndFalse(k),
            );
            return;
        }
        if l.is_on() {
            if let Some(v) = self.value[k.cell.index()] {
                let other = lit(k.cell, v, true);
                let text = format!("{} both {} and {}", k.cell, v, k.digit);
                self.contra(vec![other, l], text, Clash::TwoDigits(k.cell));
                return;
            }
            for h in k.cell.houses() {
                if self.house_on[h.index()].contains(k.digit) {
                    let other = h
                        .cells()
                        .into_iter()
                        .map(|x| lit(x, k.digit, true))
                        .find(|&x| x != l && self.has(x));
                    if let Some(o) = other {
                        let text = format!("two {}s in {h}", k.digit);
                        self.contra(vec![o, l], text, Clash::Twice(h, k.digit));
                        return;
                    }
                }
            }
            self.value[k.cell.index()] = Some(k.digit);
            for h in k.cell.houses() {
                self.house_on[h.index()].insert(k.digit);
            }
        } else {
            self.cands[k.cell.index()].remove(k.digit);
            self.digit_cells[k.digit.index()].remove(k.cell);
        }
    }

    /// The predecessors of derived literal `l`.
    fn preds_of(&self, l: Lit) -> &[Lit] {
        let i = self.index[l.code()];
        if i == NONE {
            return &[];
        }
        let (a, b) = self.span[i as usize];
        &self.preds[a as usize..b as usize]
    }

    /// The literals needed to derive all of `targets`, in discovery order.
    pub(crate) fn explain(&self, targets: &[Lit]) -> Vec<Lit> {
        // The needed literals marked by their place in `order`, in a set on the stack (not a
        // cleared list of LITS flags: explained once per contradiction found, which is most
        // assumptions in a hard position), then read out in that order. Sorting them instead
        // was an insertion sort of a list the backward walk leaves mostly in reverse order.
        let mut needed = IndexSet::EMPTY;
        let mut count = 0;
        let mut stack: Vec<Lit> = targets.to_vec();
        while let Some(l) = stack.pop() {
            let i = self.index[l.code()];
            if i == NONE || needed.contains(i as usize) {
                continue;
            }
            needed.insert(i as usize);
            count += 1;
            push_all(&mut stack, self.preds_of(l));
        }
        let mut out = Vec::with_capacity(count);
        out.extend(needed.iter_known_below(self.order.len()).map(|i| self.order[i]));
        out
    }

    /// The predecessors reached from `lits` (backwards) that this net did not derive: for a
    /// net [`Net::inside`] an outer assumption, the outer literals its result rests on.
    pub(crate) fn premises(&self, lits: &[Lit]) -> Vec<Lit> {
        let mut seen = LitSet::EMPTY;
        let mut stack: Vec<Lit> = lits.to_vec();
        let mut out = Vec::new();
        while let Some(l) = stack.pop() {
            if seen.contains(l) {
                continue;
            }
            seen.insert(l);
            if self.has(l) {
                push_all(&mut stack, self.preds_of(l));
            } else {
                out.push(l);
            }
        }
        crate::sort::sort_by_key(&mut out, |l| l.code());
        out
    }

    /// Whether every literal of `lits` has at most one predecessor.
    pub(crate) fn is_chain(&self, lits: &[Lit]) -> bool {
        lits.iter().all(|&l| self.preds_of(l).len() <= 1)
    }

    /// The implication edges among `lits` (predecessor → literal), in discovery order.
    pub(crate) fn links(&self, lits: &[Lit]) -> Vec<Link> {
        let node = |l: Lit| Node::cand(l.candidate().cell, l.candidate().digit);
        let mut out = Vec::new();
        for &l in lits {
            for &p in self.preds_of(l) {
                out.push(Link { from: node(p), to: node(l), strong: l.is_on() });
            }
        }
        out
    }

    /// Appends to `lines`, as branch `branch`, the lines that derive `targets`: the literals
    /// they need (walking predecessors back as [`Net::explain`] does), in discovery order, each
    /// with its premises and its reason. For a net [`Net::inside`] an outer assumption,
    /// `outer` gives the predecessors this net did not derive with their lines in the enclosing
    /// proof: they come first, as [`Reason::Outer`] lines. `inner` gives, for a literal added
    /// from outside the net's rules ([`Net::add`]), its reason and the literals it needs
    /// exactly (which replace its recorded predecessors, a superset, in the walk); in a
    /// sub-proof it returns, its [`Reason::Outer`] lines name literal codes, which are
    /// turned into this proof's lines here. Returns the lines of `targets`, in their order.
    pub(crate) fn prove(
        &self,
        lines: &mut Vec<Line>,
        targets: &[Lit],
        branch: usize,
        outer: &[(Lit, usize)],
        inner: &mut InnerReason<'_>,
    ) -> Vec<usize> {
        // Backwards: the literals needed, and the inner rules' reasons and exact premises.
        let mut needed = IndexSet::EMPTY;
        let mut special: Vec<(Lit, Reason, Vec<Lit>)> = Vec::new();
        let mut stack: Vec<Lit> = targets.to_vec();
        while let Some(l) = stack.pop() {
            let i = self.index[l.code()];
            if i == NONE || needed.contains(i as usize) {
                continue;
            }
            needed.insert(i as usize);
            match inner(l) {
                Some((reason, premises)) => {
                    stack.extend_from_slice(&premises);
                    special.push((l, reason, premises));
                }
                None => push_all(&mut stack, self.preds_of(l)),
            }
        }
        // Forwards: the lines.
        let mut at = vec![NONE; LITS];
        for &(l, j) in outer {
            at[l.code()] = lines.len() as u32;
            let line =
                Line { fact: fact(l), premises: Vec::new(), reason: Reason::Outer(j), branch };
            lines.push(line);
        }
        let line_of = |at: &[u32], x: &Lit| (at[x.code()] != NONE).then(|| at[x.code()] as usize);
        for i in needed.iter_known_below(self.order.len()) {
            let l = self.order[i];
            let (reason, premises) = match special.iter().position(|(x, _, _)| *x == l) {
                Some(j) => {
                    let (_, mut reason, premises) = special.swap_remove(j);
                    if let Reason::Forcing(sub) = &mut reason {
                        for line in &mut sub.lines {
                            if let Reason::Outer(code) = &mut line.reason {
                                *code = at[*code] as usize;
                            }
                        }
                    }
                    (reason, premises.iter().filter_map(|x| line_of(&at, x)).collect())
                }
                None => {
                    let preds = self.preds_of(l);
                    (
                        self.reason_of(l, preds),
                        preds.iter().filter_map(|x| line_of(&at, x)).collect(),
                    )
                }
            };
            at[l.code()] = lines.len() as u32;
            lines.push(Line { fact: fact(l), premises, reason, branch });
        }
        targets.iter().filter_map(|t| line_of(&at, t)).collect()
    }

    /// The proof of this net's contradiction (see [`Net::prove`]), if it met one.
    pub(crate) fn prove_contradiction(
        &self,
        outer: &[(Lit, usize)],
        inner: &mut InnerReason<'_>,
    ) -> Option<Proof> {
        let con = self.contradiction.as_ref()?;
        let mut lines = Vec::new();
        let ends = self.prove(&mut lines, &con.lits, 0, outer, inner);
        Some(Proof {
            lines,
            ending: Ending::Contradiction { clash: con.clash.clone(), lines: ends },
        })
    }

    /// Why derived literal `l` follows from its predecessors `preds` under the net's rules:
    /// read back from the literals (the propagation records no reasons, to stay fast).
    fn reason_of(&self, l: Lit, preds: &[Lit]) -> Reason {
        let k = l.candidate();
        let (c, d) = (k.cell, k.digit);
        if preds.is_empty() {
            return Reason::Assumption;
        }
        let cells: CellSet = preds.iter().map(|p| p.candidate().cell).collect();
        if l.is_on() {
            if preds.iter().all(|p| p.candidate().cell == c) {
                return Reason::NakedSingle(c);
            }
            let others = |h: House| self.base.house_digit_cells(h, d).minus(CellSet::single(c));
            let h = c.houses().into_iter().find(|&h| others(h) == cells);
            return Reason::HiddenSingle(h.unwrap_or(c.houses()[0]));
        }
        if let [p] = preds {
            if p.is_on() {
                let pc = p.candidate().cell;
                if pc == c {
                    return Reason::SameCell;
                }
                let h = c.houses().into_iter().find(|h| h.cell_set().contains(pc));
                return Reason::SameHouse(h.unwrap_or(c.houses()[0]));
            }
        }
        for crossing in c.houses() {
            for house in House::all() {
                if house == crossing
                    || house.cell_set().contains(c)
                    || !cells.is_subset(house.cell_set())
                {
                    continue;
                }
                let left = self.base.house_digit_cells(house, d).minus(cells);
                if !left.is_empty() && left.is_subset(crossing.cell_set()) {
                    return Reason::LockedCandidates { house, crossing };
                }
            }
        }
        Reason::LockedCandidates { house: c.houses()[0], crossing: c.houses()[0] }
    }

    /// The chain from the assumption to `l` as (candidate, on) pairs, following the first
    /// predecessor of each literal.
    pub(crate) fn chain_lits(&self, l: Lit) -> Vec<(Candidate, bool)> {
        self.chain(l).into_iter().map(|x| (x.candidate(), x.is_on())).collect()
    }

    /// The chain from the assumption to `l`, written with arrows (one predecessor each).
    pub(crate) fn chain_text(&self, l: Lit) -> String {
        self.chain(l).iter().map(|&x| lit_text(x)).collect::<Vec<_>>().join(" -> ")
    }

    /// The literals from the assumption to `l`, following the first predecessor of each.
    fn chain(&self, l: Lit) -> Vec<Lit> {
        let mut v = vec![l];
        let mut x = l;
        while let Some(&p) = self.preds_of(x).first() {
            v.push(p);
            x = p;
            if v.len() > 200 {
                break;
            }
        }
        v.reverse();
        v
    }
}

/// For a literal added from outside a net's rules ([`Net::add`]), its reason and the literals
/// it needs (see [`Net::prove`]); `None` for the others.
pub(crate) type InnerReason<'f> = dyn FnMut(Lit) -> Option<(Reason, Vec<Lit>)> + 'f;

/// The fact of literal `l`.
pub(crate) fn fact(l: Lit) -> Fact {
    Fact::new(l.candidate(), l.is_on())
}

/// Appends `lits` to `v`. Most derived literals have one predecessor, and copying a slice is a
/// `memory.copy` in wasm, which V8 runs as a call out of the compiled code (about 7 ns even for
/// 4 bytes, against 0.4 for a load and a store): one literal is pushed instead, which keeps the
/// nets' loops near native speed.
#[inline(always)]
fn push_all(v: &mut Vec<Lit>, lits: &[Lit]) {
    match lits {
        [l] => v.push(*l),
        _ => v.extend_from_slice(lits),
    }
}
