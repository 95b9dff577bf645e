//! Literals: a node of the link graph, or a candidate, assumed on or off. The chain search
//! (`chains::graph::Bfs`) and the forcing propagation (`forcing::net`) both run over them.
//!
//! A literal is one number, `2 * index + 1` for on and `2 * index` for off, so the literals of
//! `n` nodes are dense in `0..Lit::count(n)` ([`Lit::code`] indexes arrays) and a node's two
//! literals differ in the lowest bit. There is no "no literal" value: where one could be
//! absent it is an `Option<Lit>`, and a search's start is its own predecessor.

use crate::grid::Candidate;

/// A node or candidate (by index) assumed on or off.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub(crate) struct Lit(u32);

impl Lit {
    /// Node or candidate `i` on.
    #[inline(always)]
    pub(crate) const fn on(i: usize) -> Lit {
        Lit(2 * i as u32 + 1)
    }
    /// Node or candidate `i` off.
    #[inline(always)]
    pub(crate) const fn off(i: usize) -> Lit {
        Lit(2 * i as u32)
    }
    /// Node or candidate `i`, on or off.
    #[inline(always)]
    pub(crate) const fn new(i: usize, on: bool) -> Lit {
        Lit(2 * i as u32 + on as u32)
    }
    /// Candidate `k` on or off.
    #[inline(always)]
    pub(crate) const fn of(k: Candidate, on: bool) -> Lit {
        Lit::new(k.index(), on)
    }
    /// The literal whose [`Lit::code`] is `code`.
    #[inline(always)]
    pub(crate) const fn from_code(code: usize) -> Lit {
        Lit(code as u32)
    }
    /// How many literals `n` nodes have: the length of an array indexed by [`Lit::code`].
    #[inline(always)]
    pub(crate) const fn count(n: usize) -> usize {
        2 * n
    }
    /// The node or candidate index.
    #[inline(always)]
    pub(crate) const fn index(self) -> usize {
        (self.0 >> 1) as usize
    }
    /// The candidate, for a literal of a candidate.
    #[inline(always)]
    pub(crate) const fn candidate(self) -> Candidate {
        Candidate::from_index(self.index())
    }
    /// Whether the literal says "on".
    #[inline(always)]
    pub(crate) const fn is_on(self) -> bool {
        self.0 & 1 == 1
    }
    /// The same node with the other value.
    #[inline(always)]
    pub(crate) const fn negated(self) -> Lit {
        Lit(self.0 ^ 1)
    }
    /// A dense number for the literal, below [`Lit::count`] of the number of nodes.
    #[inline(always)]
    pub(crate) const fn code(self) -> usize {
        self.0 as usize
    }
}

/// Words of an [`IndexSet`]: one bit for each of the 1458 candidate literals.
const WORDS: usize = Lit::count(729).div_ceil(64);

/// A set of dense indices below the number of candidate literals (one bit each): a literal's
/// code in a [`LitSet`], or a literal's place in a forcing net's discovery order.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub(crate) struct IndexSet([u64; WORDS]);

impl IndexSet {
    /// No index.
    pub(crate) const EMPTY: IndexSet = IndexSet([0; WORDS]);

    /// Adds `i`.
    #[inline(always)]
    pub(crate) fn insert(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }
    /// Whether `i` is in the set.
    #[inline(always)]
    pub(crate) fn contains(&self, i: usize) -> bool {
        self.0[i / 64] & (1 << (i % 64)) != 0
    }
    /// The indices, in increasing order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.iter_known_below(WORDS * 64)
    }
    /// The indices, in increasing order, of a set known to hold none at `n` or above (`n` at
    /// most the number of candidate literals): only the words that can hold them are read.
    pub(crate) fn iter_known_below(&self, n: usize) -> impl Iterator<Item = usize> + '_ {
        debug_assert!((n..WORDS * 64).all(|i| !self.contains(i)), "an index at {n} or above");
        // Word by word, lowest bit first: a set is mostly empty words and sparse ones.
        self.0[..n.div_ceil(64)].iter().enumerate().flat_map(|(i, &w)| {
            let mut rest = w;
            std::iter::from_fn(move || {
                let b = rest.trailing_zeros() as usize;
                (rest != 0).then(|| {
                    rest &= rest - 1;
                    i * 64 + b
                })
            })
        })
    }
}

/// A set of candidate literals (one bit each, by [`Lit::code`]).
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub(crate) struct LitSet(IndexSet);

impl LitSet {
    /// No literal.
    pub(crate) const EMPTY: LitSet = LitSet(IndexSet::EMPTY);

    /// Adds every literal of `lits`.
    pub(crate) fn extend(&mut self, lits: &[Lit]) {
        lits.iter().for_each(|&l| self.insert(l));
    }
    /// Adds `l`.
    #[inline(always)]
    pub(crate) fn insert(&mut self, l: Lit) {
        self.0.insert(l.code());
    }
    /// Whether `l` is in the set.
    #[inline(always)]
    pub(crate) fn contains(&self, l: Lit) -> bool {
        self.0.contains(l.code())
    }
    /// Adds `l`; whether it was not in the set yet.
    #[inline(always)]
    pub(crate) fn insert_new(&mut self, l: Lit) -> bool {
        let new = !self.contains(l);
        self.insert(l);
        new
    }
    /// Keeps only the literals also in `o`.
    pub(crate) fn intersect_with(&mut self, o: &LitSet) {
        for (a, b) in self.0.0.iter_mut().zip(&o.0.0) {
            *a &= b;
        }
    }
    /// Adds every literal of `o`.
    #[inline]
    pub(crate) fn union_with(&mut self, o: &LitSet) {
        for (a, b) in self.0.0.iter_mut().zip(&o.0.0) {
            *a |= b;
        }
    }
    /// How many literals the set holds (the tests' only: the SE walk counts as it inserts).
    #[cfg(test)]
    pub(crate) fn len(&self) -> u32 {
        self.0.0.iter().map(|w| w.count_ones()).sum()
    }
    /// Makes the set `a ∩ b` (word by word, so no copy is made).
    pub(crate) fn set_intersection(&mut self, a: &LitSet, b: &LitSet) {
        for ((s, x), y) in self.0.0.iter_mut().zip(&a.0.0).zip(&b.0.0) {
            *s = x & y;
        }
    }
    /// Whether the set holds some candidate both on and off.
    pub(crate) fn has_both_values(&self) -> bool {
        // Off literals are the even codes, on literals the odd ones, and a word holds whole
        // pairs.
        self.0.0.iter().any(|&w| w & (w >> 1) & 0x5555_5555_5555_5555 != 0)
    }
    /// The literals, in code order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = Lit> + '_ {
        self.0.iter().map(Lit::from_code)
    }
}

/// Literal sets by key (a literal's code, or a candidate's index), for some of the keys: a slot
/// per key and the sets side by side, each built where it stays. A set per key would be up to
/// 270 kB to clear per search, a box per set an allocation, and a set moved into place is a
/// `memory.copy` call in wasm.
#[derive(Debug)]
pub(crate) struct LitSets {
    /// Per key, the position of its set in `sets`, or [`LitSets::NONE`].
    slot: Vec<u32>,
    sets: Vec<LitSet>,
}

impl LitSets {
    /// The slot of a key without a set.
    const NONE: u32 = u32::MAX;

    /// No set yet for keys `0..keys`, with room for `capacity` sets.
    pub(crate) fn new(keys: usize, capacity: usize) -> LitSets {
        LitSets { slot: vec![LitSets::NONE; keys], sets: Vec::with_capacity(capacity) }
    }

    /// The set of `key`, if it has one.
    #[inline]
    pub(crate) fn get(&self, key: usize) -> Option<&LitSet> {
        self.sets.get(self.slot[key] as usize)
    }

    /// A new, empty set for `key`, which has none yet, to be filled in place.
    pub(crate) fn add(&mut self, key: usize) -> &mut LitSet {
        debug_assert_eq!(self.slot[key], LitSets::NONE, "key {key} has a set already");
        self.slot[key] = self.sets.len() as u32;
        self.sets.push(LitSet::EMPTY);
        let last = self.sets.len() - 1;
        &mut self.sets[last]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encoding() {
        let (on, off) = (Lit::on(7), Lit::off(7));
        assert!(on.is_on() && !off.is_on());
        assert_eq!((on.index(), off.index()), (7, 7));
        assert_eq!((on.negated(), off.negated()), (off, on));
        assert_eq!(Lit::new(7, true), on);
        assert_eq!(Lit::from_code(on.code()), on);
        assert!(on.code() < Lit::count(8) && off.code() < Lit::count(8));
        let k = Candidate::from_index(728);
        assert_eq!(Lit::of(k, false).candidate(), k);
    }

    #[test]
    fn sets() {
        let mut s = LitSet::EMPTY;
        s.extend(&[Lit::on(3), Lit::off(700)]);
        assert!(s.contains(Lit::on(3)) && !s.contains(Lit::off(3)));
        assert!(!s.has_both_values());
        s.insert(Lit::on(700));
        assert!(s.has_both_values());
        let mut t = LitSet::EMPTY;
        t.extend(&[Lit::on(700), Lit::on(1), Lit::off(3)]);
        let mut both = LitSet::EMPTY;
        both.extend(&[Lit::on(5)]);
        both.set_intersection(&s, &t);
        assert_eq!(both.iter().collect::<Vec<_>>(), vec![Lit::on(700)]);
        s.intersect_with(&t);
        assert_eq!(s, both);
        let mut u = LitSet::EMPTY;
        u.extend(&[Lit::on(3), Lit::on(700)]);
        u.union_with(&t);
        let want = [Lit::on(1), Lit::off(3), Lit::on(3), Lit::on(700)];
        assert_eq!(u.iter().collect::<Vec<_>>(), want);
        assert_eq!((u.len(), LitSet::EMPTY.len()), (4, 0));
    }

    #[test]
    fn iter_lists_every_literal_in_code_order() {
        // Word edges, the last code, and a scatter of others.
        let n = Lit::count(729);
        let mut codes = vec![0, 1, 62, 63, 64, 65, 127, 128, n - 2, n - 1];
        codes.extend((0..n).filter(|c| c * 7 % 13 == 3));
        let lits: Vec<Lit> = codes.iter().map(|&c| Lit::from_code(c)).collect();
        let mut s = LitSet::EMPTY;
        s.extend(&lits);
        let want: Vec<Lit> = (0..n).map(Lit::from_code).filter(|&l| s.contains(l)).collect();
        assert_eq!(s.iter().collect::<Vec<_>>(), want);
        assert_eq!(want.len(), {
            let mut c = codes.clone();
            c.sort();
            c.dedup();
            c.len()
        });
        assert_eq!(LitSet::EMPTY.iter().count(), 0);
    }

    #[test]
    fn index_sets_list_their_indices_in_order() {
        let mut s = IndexSet::EMPTY;
        for i in [200, 0, 63, 64, 65, 127] {
            s.insert(i);
        }
        assert!(s.contains(64) && !s.contains(66));
        let all = vec![0, 63, 64, 65, 127, 200];
        assert_eq!(s.iter().collect::<Vec<_>>(), all);
        // Bounds at, inside and past a word's end read the same indices.
        for n in [201, 256, 300, Lit::count(729)] {
            assert_eq!(s.iter_known_below(n).collect::<Vec<_>>(), all, "below {n}");
        }
        assert_eq!(IndexSet::EMPTY.iter_known_below(0).count(), 0);
        s.insert(Lit::count(729) - 1);
        assert_eq!(s.iter().last(), Some(Lit::count(729) - 1));
    }

    #[test]
    fn lit_sets_keep_a_set_per_key_given_one() {
        let mut sets = LitSets::new(10, 1);
        assert!((0..10).all(|k| sets.get(k).is_none()));
        sets.add(7).extend(&[Lit::on(1), Lit::off(2)]);
        sets.add(3).insert(Lit::on(9));
        // Beyond the room reserved: the sets already filled stay.
        sets.add(0);
        assert_eq!(sets.get(7).unwrap().iter().collect::<Vec<_>>(), vec![Lit::on(1), Lit::off(2)]);
        assert_eq!(sets.get(3).unwrap().iter().collect::<Vec<_>>(), vec![Lit::on(9)]);
        assert_eq!(sets.get(0), Some(&LitSet::EMPTY));
        assert!([1, 2, 4, 5, 6, 8, 9].iter().all(|&k| sets.get(k).is_none()));
    }
}
