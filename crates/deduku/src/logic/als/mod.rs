//! Almost locked sets: ALS-XZ, ALS-XY-wing, ALS-XY-chain, death blossom, sue de coq, aligned
//! pair exclusion.
//!
//! An *almost locked set* (ALS) is a set of `n` empty cells of one house whose candidates
//! together are exactly `n + 1` digits; a bivalue cell is the one-cell ALS. If one of its digits
//! is taken away, the other `n` are locked into its cells. Two ALSs `A` and `B` share a
//! *restricted common candidate* (RCC) `x` when both hold `x`, no `x` cell lies in both, and
//! every `x` cell of `A` sees every `x` cell of `B`: `x` can then be true in at most one of
//! them, so at least one of them is locked without `x`.
//!
//! The ALSs of a position are enumerated once per position (`Alses::collect`), house by house, by
//! extending sets of a house's empty cells one cell at a time (`house_sets`, which the chain
//! graph's ALS nodes use too, with 2–4 cells); their RCCs come from an index of the ALSs by the
//! first cell holding each digit, so the pair search only looks at ALSs whose `x` cells lie among
//! the cells that see the first one's `x` cells.
//!
//! The enumeration is kept per thread for the last board asked about (`alses_of`), so the
//! family's techniques, tried one after another on a position, share it.
//!
//! Overlapping ALSs are allowed (HoDoKu's "allow ALS overlap" option) as long as the RCC's
//! cells lie outside the overlap, which is all the logic needs.

use crate::board::Board;
use crate::grid::{Cell, CellSet, Digit, DigitSet, House, HouseKind};
use crate::logic::step::fmt_cells_compact;
use crate::logic::{Link, Node, Part, Sink, Step, Technique};
use std::cell::RefCell;
use std::ops::ControlFlow;
use std::rc::Rc;

mod ape;
mod blossom;
mod sue_de_coq;
mod xz;

/// Finds the instances of `technique` (one of this family's) and pushes them into `sink`.
pub fn find(board: &Board, technique: Technique, sink: &mut Sink) -> ControlFlow<()> {
    match technique {
        Technique::AlsXz => xz::als_xz(board, &alses_of(board), sink),
        Technique::AlsXyWing => xz::als_xy_wing(board, &alses_of(board), sink),
        Technique::AlsXyChain => xz::als_xy_chain(board, &alses_of(board), sink),
        Technique::DeathBlossom => blossom::death_blossom(board, &alses_of(board), sink),
        Technique::SueDeCoq => sue_de_coq::sue_de_coq(board, sink),
        Technique::AlignedPairExclusion => {
            ape::aligned_pair_exclusion(board, &alses_of(board), sink)
        }
        _ => ControlFlow::Continue(()),
    }
}

thread_local! {
    /// The ALSs of the last board this thread asked about. The step finder tries the family's
    /// techniques one after another on the same position, so they share one enumeration; the
    /// memo is invisible otherwise (same board, same ALSs).
    static LAST: RefCell<Option<(Board, Rc<Alses>)>> = const { RefCell::new(None) };
}

/// The ALSs of `board`, enumerated once per position and thread.
fn alses_of(board: &Board) -> Rc<Alses> {
    LAST.with(|last| {
        let mut last = last.borrow_mut();
        if let Some((b, a)) = last.as_ref() {
            if b == board {
                return Rc::clone(a);
            }
        }
        let a = Rc::new(Alses::collect(board));
        *last = Some((board.clone(), Rc::clone(&a)));
        a
    })
}

/// One almost locked set.
#[derive(Clone, Debug)]
pub(crate) struct Als {
    /// Its cells (1–8, all in `house`).
    pub cells: CellSet,
    /// Its `cells.len() + 1` digits.
    pub digits: DigitSet,
    /// A house holding every cell (the line when the set also lies in a box).
    pub house: House,
    /// Per digit index: the ALS's cells holding that digit (empty for digits not in the set).
    pub dcells: [CellSet; 9],
    /// Per digit index: the cells outside the ALS that see every cell of `dcells` (empty for
    /// digits not in the set).
    pub seers: [CellSet; 9],
}

impl Als {
    /// `r1c4,r2c5 {279}`.
    pub fn text(&self) -> String {
        format!("{} {{{}}}", fmt_cells_compact(self.cells), self.digits)
    }
    /// The cells holding `d`.
    pub fn cells_with(&self, d: Digit) -> CellSet {
        self.dcells[d.index()]
    }
    /// The cells outside the ALS seeing every cell holding `d`.
    pub fn seers_of(&self, d: Digit) -> CellSet {
        self.seers[d.index()]
    }
    /// The set as a part of a step's [`Detail`](crate::logic::Detail).
    pub fn part(&self) -> Part {
        Part { cells: self.cells, digits: self.digits, house: self.house }
    }
}

/// The ALSs of a position and their restricted commons.
pub(crate) struct Alses {
    /// Every ALS once (deduplicated by cell set).
    pub list: Vec<Als>,
    /// `adj[adj_start[i]..adj_start[i + 1]]`: the ALSs sharing an RCC with ALS `i`, with the
    /// RCC digits as a mask (bit `k` = digit `k + 1`).
    adj: Vec<(u32, DigitSet)>,
    adj_start: Vec<u32>,
}

impl Alses {
    /// Enumerates the ALSs of `board` and their RCCs.
    pub fn collect(board: &Board) -> Alses {
        let list = collect_alses(board);
        let (adj, adj_start) = restricted_commons(board, &list);
        Alses { list, adj, adj_start }
    }

    /// The ALSs sharing an RCC with ALS `i`, with the RCC digits.
    pub fn neighbours(&self, i: usize) -> &[(u32, DigitSet)] {
        &self.adj[self.adj_start[i] as usize..self.adj_start[i + 1] as usize]
    }
}

/// Every ALS of every house, each cell set once. A set lying in a box and a line is kept
/// from the line; a single cell from its row.
fn collect_alses(board: &Board) -> Vec<Als> {
    let mut out = Vec::new();
    let mut sets = Vec::new();
    for h in House::all() {
        house_sets(board, h, family_sizes, &mut sets);
        for &(_, cells, digits) in &sets {
            if owns(h, cells) {
                out.push(make_als(board, cells, digits, h));
            }
        }
    }
    out
}

/// The sizes of the family's ALSs in a house with `k` empty cells (as [`house_sets`] takes
/// them): any size, in a house with two empty cells or more.
fn family_sizes(k: usize) -> (usize, usize) {
    if k < 2 { (1, 0) } else { (1, k) }
}

/// One house's almost locked sets as [`house_sets`] gives them.
type HouseSets = Vec<(u32, CellSet, DigitSet)>;

/// A search kept: the house's candidates, the sizes asked and the sets.
type KeptSets = (u128, (usize, usize), HouseSets);

thread_local! {
    /// Per house, its last two [`house_sets`] searches (the family's and the chain graph's
    /// sizes ask in turn): the house's candidates (`nothing::house_key`), the sizes and the
    /// sets. A step of the path changes few houses, so most houses are not searched again.
    static HOUSE_SETS: RefCell<Vec<Vec<KeptSets>>> = const { RefCell::new(Vec::new()) };
}

/// The almost locked sets among the empty cells of house `h`, in `out` (cleared first): every
/// set of `min` to `max` cells whose candidates are one digit more than its cells, where
/// `(min, max) = sizes(k)` for the house's `k` empty cells. Each is given as its mask over the
/// house's empty cells (bit `i`: the `i`-th in house order), its cells and its digits, in the
/// order of the masks. Used here (any size) and by the chain graph's ALS nodes (2–4 cells).
/// They depend on the house's candidates alone, and are kept per house for them.
pub(crate) fn house_sets(
    board: &Board,
    h: House,
    sizes: impl FnOnce(usize) -> (usize, usize),
    out: &mut HouseSets,
) {
    out.clear();
    let empty = h.cells().into_iter().filter(|&c| board.value(c).is_none());
    let (min, max) = sizes(empty.clone().count());
    let key = crate::logic::nothing::house_key(board, h);
    let kept = HOUSE_SETS.with(|k| {
        let k = k.borrow();
        let e = k.get(h.index())?.iter().find(|e| e.0 == key && e.1 == (min, max))?;
        out.extend_from_slice(&e.2);
        Some(())
    });
    if kept.is_some() {
        return;
    }
    search_house_sets(board, empty, (min, max), out);
    HOUSE_SETS.with(|k| {
        let mut k = k.borrow_mut();
        if k.is_empty() {
            k.resize_with(27, Vec::new);
        }
        let slot = &mut k[h.index()];
        if slot.len() == 2 {
            slot.remove(0);
        }
        slot.push((key, (min, max), out.clone()));
    });
}

/// [`house_sets`]' search, over the house's `empty` cells.
fn search_house_sets(
    board: &Board,
    empty: impl Iterator<Item = Cell>,
    (min, max): (usize, usize),
    out: &mut HouseSets,
) {
    // The empty cells with few enough candidates to be in a set of at most `max` cells.
    let mut cells = [(0, Cell::from_index(0), DigitSet::EMPTY); 9];
    let mut m = 0;
    for (k, c) in empty.enumerate() {
        let ds = board.candidates(c);
        if ds.len() as usize <= max + 1 {
            cells[m] = (1 << k, c, ds);
            m += 1;
        }
    }
    extend_sets(&cells[..m], (min, max), 0, (0, CellSet::EMPTY, DigitSet::EMPTY), out);
    crate::sort::sort_by_key(out, |&(mask, ..)| mask);
}

/// Appends to `out` the sets that add to `set` (the mask, cells and digits so far) cells of
/// `cells` from `from` on (each with its bit in the mask, and its candidates) and have `min` to
/// `max` cells and one digit more than cells.
fn extend_sets(
    cells: &[(u32, Cell, DigitSet)],
    (min, max): (usize, usize),
    from: usize,
    set: (u32, CellSet, DigitSet),
    out: &mut Vec<(u32, CellSet, DigitSet)>,
) {
    let n = set.0.count_ones() as usize + 1;
    for (i, &(bit, c, ds)) in cells.iter().enumerate().skip(from) {
        let next = (set.0 | bit, set.1.union(CellSet::single(c)), set.2.union(ds));
        // A further cell brings no digit fewer: more than `max + 1` digits stay too many.
        let digits = next.2.len() as usize;
        if digits > max + 1 {
            continue;
        }
        if n >= min && digits == n + 1 {
            out.push(next);
        }
        if n < max {
            extend_sets(cells, (min, max), i + 1, next, out);
        }
    }
}

/// Whether `h` is the house an ALS with these cells is recorded under: rows take everything,
/// columns what is not within one row, boxes what is not within one row or column.
fn owns(h: House, cells: CellSet) -> bool {
    let first = cells.first().expect("non-empty");
    let one_row = cells.iter().all(|c| c.row() == first.row());
    let one_col = cells.iter().all(|c| c.col() == first.col());
    match h.kind() {
        HouseKind::Row => true,
        HouseKind::Col => !one_row,
        HouseKind::Box => !one_row && !one_col,
    }
}

fn make_als(board: &Board, cells: CellSet, digits: DigitSet, house: House) -> Als {
    let mut dcells = [CellSet::EMPTY; 9];
    let mut seers = [CellSet::EMPTY; 9];
    for d in digits.iter() {
        let dc = cells.intersection(board.digit_cells(d));
        dcells[d.index()] = dc;
        let mut s = CellSet::ALL;
        for c in dc.iter() {
            s = s.intersection(c.peers());
        }
        seers[d.index()] = s.minus(cells);
    }
    Als { cells, digits, house, dcells, seers }
}

/// The RCC adjacency of the ALSs, as a compressed list (`adj`, `start`).
fn restricted_commons(board: &Board, list: &[Als]) -> (Vec<(u32, DigitSet)>, Vec<u32>) {
    // Index: for each (digit, cell), the ALSs whose lowest cell holding the digit is that
    // cell, in a compressed layout (`by_first[first_start[k]..first_start[k + 1]]` with
    // `k = digit * 81 + cell`).
    let mut counts = vec![0u32; 9 * 81 + 1];
    for a in list {
        for d in a.digits.iter() {
            let c = a.dcells[d.index()].first().expect("digit has a cell");
            counts[d.index() * 81 + c.index() + 1] += 1;
        }
    }
    for k in 1..counts.len() {
        counts[k] += counts[k - 1];
    }
    let first_start = counts.clone();
    let mut by_first = vec![0u32; *counts.last().expect("non-empty") as usize];
    let mut fill = counts;
    for (i, a) in list.iter().enumerate() {
        for d in a.digits.iter() {
            let c = a.dcells[d.index()].first().expect("digit has a cell");
            let k = d.index() * 81 + c.index();
            by_first[fill[k] as usize] = i as u32;
            fill[k] += 1;
        }
    }

    // RCCs are symmetric: find each pair once (from the lower index; the buckets are in
    // index order), then list it under both ALSs.
    let mut edges: Vec<(u32, u32, DigitSet)> = Vec::new();
    let mut masks = vec![0u16; list.len()];
    // The ALSs linked to `i` (all of higher indexes), as bits, read back in index order.
    let mut touched = vec![0u64; list.len().div_ceil(64)];
    let (mut lo, mut hi) = (usize::MAX, 0);
    for (i, a) in list.iter().enumerate() {
        for x in a.digits.iter() {
            let seers = a.seers[x.index()];
            for c in seers.intersection(board.digit_cells(x)).iter() {
                let k = x.index() * 81 + c.index();
                let bucket = &by_first[first_start[k] as usize..first_start[k + 1] as usize];
                let from = bucket.partition_point(|&j| j as usize <= i);
                for &j in &bucket[from..] {
                    if list[j as usize].dcells[x.index()].is_subset(seers) {
                        if masks[j as usize] == 0 {
                            let w = j as usize / 64;
                            touched[w] |= 1 << (j % 64);
                            lo = lo.min(w);
                            hi = hi.max(w);
                        }
                        masks[j as usize] |= 1 << x.index();
                    }
                }
            }
        }
        for w in lo..=hi {
            let mut bits = std::mem::take(&mut touched[w]);
            while bits != 0 {
                let j = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                edges.push((i as u32, j as u32, DigitSet::from_bits(masks[j])));
                masks[j] = 0;
            }
        }
        (lo, hi) = (usize::MAX, 0);
    }
    let mut start = vec![0u32; list.len() + 1];
    for &(i, j, _) in &edges {
        start[i as usize + 1] += 1;
        start[j as usize + 1] += 1;
    }
    for k in 1..start.len() {
        start[k] += start[k - 1];
    }
    let mut fill = start.clone();
    let mut adj = vec![(0u32, DigitSet::EMPTY); edges.len() * 2];
    // Lower neighbours first (edges are sorted by their lower end), then higher ones, so each
    // list comes out in index order.
    for &(i, j, m) in &edges {
        adj[fill[j as usize] as usize] = (i, m);
        fill[j as usize] += 1;
    }
    for &(i, j, m) in &edges {
        adj[fill[i as usize] as usize] = (j, m);
        fill[i as usize] += 1;
    }
    (adj, start)
}

/// Adds an ALS to a step's highlight: its cells, its candidates (as the pattern's primary
/// candidates for the first ALS, as alternate candidates for the others) and its house.
fn highlight_als(step: &mut Step, board: &Board, als: &Als, primary: bool) {
    for c in als.cells.iter() {
        if !step.highlight.cells.contains(&c) {
            step.highlight.cells.push(c);
        }
        for d in board.candidates(c).iter() {
            let k = crate::grid::Candidate::new(c, d);
            if primary {
                step.highlight.candidates.push(k);
            } else {
                step.highlight.alternate.push(k);
            }
        }
    }
    if !step.highlight.houses.contains(&als.house) {
        step.highlight.houses.push(als.house);
    }
}

/// The RCC `x` between two ALSs as a weak link (the digit cannot be true in both).
fn rcc_link(a: &Als, b: &Als, x: Digit) -> Link {
    Link {
        from: Node { digit: x, cells: a.cells_with(x) },
        to: Node { digit: x, cells: b.cells_with(x) },
        strong: false,
    }
}

/// The eliminations of `z` from `targets`.
fn eliminate(step: &mut Step, targets: CellSet, z: Digit) {
    for c in targets.iter() {
        step.eliminations.push(crate::grid::Candidate::new(c, z));
    }
}

/// Digits as a comma list: `1,7`.
fn digit_list(ds: DigitSet) -> String {
    ds.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(",")
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::test_support::reglib_board;

    #[test]
    fn alses_are_almost_locked_and_unique() {
        // HoDoKu regression library, 0901-1 (first case).
        let b = reglib_board(
            ":0901-1:3:.24.6.+7..5.74.9.1.....+7......+5.9+4+87+14+7.+6.85.3..8..7.6.+7......46.+46..3.+57.5.7+4+61..:314 819 225 134 237 937 238 938 239 839 269 372 972 973 274 291 891 999:327::",
        );
        let alses = Alses::collect(&b);
        assert!(!alses.list.is_empty());
        let mut seen = std::collections::HashSet::new();
        for a in &alses.list {
            let u = a.cells.iter().fold(DigitSet::EMPTY, |u, c| u.union(b.candidates(c)));
            assert_eq!(u, a.digits);
            assert_eq!(a.digits.len(), a.cells.len() + 1);
            assert!(a.cells.is_subset(a.house.cell_set()));
            assert!(seen.insert(a.cells), "duplicate ALS {}", a.text());
        }
        // RCCs are symmetric.
        for i in 0..alses.list.len() {
            for &(j, m) in alses.neighbours(i) {
                let back = alses.neighbours(j as usize).iter().find(|e| e.0 as usize == i);
                assert_eq!(back.map(|e| e.1), Some(m));
            }
        }
    }

    /// The sets kept per house are what a search finds: at the positions of `path_positions`,
    /// every house's sets for both size rules, read with what the positions before left, equal
    /// a search with nothing kept.
    #[test]
    fn house_sets_kept_per_house_are_what_a_search_finds() {
        let rules: [fn(usize) -> (usize, usize); 2] =
            [family_sizes, crate::logic::chains::als_node_sizes];
        let (mut reused, mut sets) = (0, 0);
        let (mut kept, mut fresh) = (Vec::new(), Vec::new());
        crate::test_support::path_positions(|b| {
            for h in House::all() {
                for rule in rules {
                    let key = crate::logic::nothing::house_key(b, h);
                    reused += HOUSE_SETS.with(|k| {
                        k.borrow()
                            .get(h.index())
                            .map_or(0, |e| e.iter().filter(|e| e.0 == key).count())
                    });
                    let saved = HOUSE_SETS.with(|k| k.take());
                    house_sets(b, h, rule, &mut fresh);
                    HOUSE_SETS.with(|k| *k.borrow_mut() = saved);
                    house_sets(b, h, rule, &mut kept);
                    assert_eq!(kept, fresh, "house {h:?} of {}", crate::format::to_line(b));
                    sets += fresh.len();
                }
            }
        });
        assert!(reused > 10_000 && sets > 10_000, "{reused} searches reused, {sets} sets");
    }

    /// `house_sets` prunes its search (cells with too many candidates, sets whose digits are
    /// already too many). On every position of the regression library, in every house, with
    /// both callers' size rules (the family's and the chain graph's) and with every size, it
    /// must find exactly the sets that a walk over every subset of the house's empty cells
    /// finds, in the order of their masks.
    #[test]
    fn house_sets_finds_every_almost_locked_set_of_a_house() {
        let text = include_str!("../../../tests/data/techniques/hodoku-reglib-1.4.txt");
        let mut positions = 0;
        let mut got = Vec::new();
        for line in text.lines().filter(|l| l.starts_with(':')) {
            let Ok(b) = crate::format::parse(line) else { continue };
            positions += 1;
            for h in House::all() {
                let empty: Vec<Cell> =
                    h.cells().into_iter().filter(|&c| b.value(c).is_none()).collect();
                let k = empty.len();
                let rules: [fn(usize) -> (usize, usize); 3] =
                    [|k| (1, k), family_sizes, crate::logic::chains::als_node_sizes];
                for (min, max) in rules.map(|rule| rule(k)) {
                    let mut want = Vec::new();
                    for mask in 1u32..(1 << k) {
                        let n = mask.count_ones() as usize;
                        if n < min || n > max {
                            continue;
                        }
                        let mut cells = CellSet::EMPTY;
                        let mut digits = DigitSet::EMPTY;
                        for (i, &c) in empty.iter().enumerate() {
                            if mask & (1 << i) != 0 {
                                cells.insert(c);
                                digits = digits.union(b.candidates(c));
                            }
                        }
                        if digits.len() as usize == n + 1 {
                            want.push((mask, cells, digits));
                        }
                    }
                    house_sets(&b, h, |_| (min, max), &mut got);
                    assert_eq!(got, want, "{line}: house {h:?}, {min}–{max} cells");
                }
            }
        }
        assert!(positions > 1000, "only {positions} positions read");
    }
}
