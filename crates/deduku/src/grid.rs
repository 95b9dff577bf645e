//! The grid's vocabulary: digits, cells, houses, candidates and the bitsets over them.
//!
//! Every type here is a small `Copy` newtype whose constructor checks its range, so a `Cell`
//! is always one of the 81 cells and a `Digit` always 1–9. Indexes are 0-based internally and
//! 1-based in every text a person reads (`r1c1`, `row 1`, digit `1`).
//!
//! ```text
//!   cell index = 9 * row + col          house index: 0..9   rows
//!   box index  = 3 * (row / 3) + col/3                  9..18  columns
//!                                                      18..27 boxes
//! ```
//!
//! The small methods here (and `Board`'s accessors, `Lit`'s) are `#[inline(always)]`: the web
//! worker builds this crate at opt-level 2 (see the workspace's `Cargo.toml`), where without the
//! hint many of them stay calls inside the finders' loops and the solver is three times slower.

use std::fmt;
use std::num::NonZeroU8;

/// A digit 1–9.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Digit(NonZeroU8);

impl Digit {
    /// The digit `d` if it is 1–9.
    #[inline(always)]
    pub const fn new(d: u8) -> Option<Digit> {
        if d >= 1 && d <= 9 {
            // SAFETY-free: `d` is checked non-zero above.
            match NonZeroU8::new(d) {
                Some(n) => Some(Digit(n)),
                None => None,
            }
        } else {
            None
        }
    }
    /// The digit with 0-based index `i` (0 → 1, 8 → 9). Panics if `i > 8` (a programming error).
    #[inline(always)]
    pub const fn from_index(i: usize) -> Digit {
        assert!(i < 9, "digit index out of range");
        match NonZeroU8::new(i as u8 + 1) {
            Some(n) => Digit(n),
            None => unreachable!(),
        }
    }
    /// The digit's value, 1–9.
    #[inline(always)]
    pub const fn get(self) -> u8 {
        self.0.get()
    }
    /// The 0-based index, 0–8.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0.get() as usize - 1
    }
    /// The nine digits in order.
    pub fn all() -> impl Iterator<Item = Digit> {
        (0..9).map(Digit::from_index)
    }
}

impl fmt::Display for Digit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.get())
    }
}

/// One of the 81 cells, row-major.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Cell(u8);

impl Cell {
    /// The cell with index `i` (0–80).
    #[inline(always)]
    pub const fn new(i: usize) -> Option<Cell> {
        if i < 81 { Some(Cell(i as u8)) } else { None }
    }
    /// The cell with 0-based index `i`. Panics if `i > 80` (a programming error).
    #[inline(always)]
    pub const fn from_index(i: usize) -> Cell {
        assert!(i < 81, "cell index out of range");
        Cell(i as u8)
    }
    /// The cell at 0-based `row` and `col`. Panics when out of range (a programming error).
    #[inline(always)]
    pub const fn at(row: usize, col: usize) -> Cell {
        assert!(row < 9 && col < 9, "row/col out of range");
        Cell((row * 9 + col) as u8)
    }
    /// 0-based index 0–80.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    /// 0-based row.
    #[inline(always)]
    pub const fn row(self) -> usize {
        self.0 as usize / 9
    }
    /// 0-based column.
    #[inline(always)]
    pub const fn col(self) -> usize {
        self.0 as usize % 9
    }
    /// 0-based box (left→right, top→bottom).
    #[inline(always)]
    pub const fn boxx(self) -> usize {
        (self.row() / 3) * 3 + self.col() / 3
    }
    /// The row, column and box this cell lies in.
    #[inline(always)]
    pub const fn houses(self) -> [House; 3] {
        [House(self.row() as u8), House(9 + self.col() as u8), House(18 + self.boxx() as u8)]
    }
    /// The 20 cells sharing a house with this one.
    #[inline(always)]
    pub fn peers(self) -> CellSet {
        PEERS[self.index()]
    }
    /// Whether two different cells share a house.
    #[inline(always)]
    pub fn sees(self, other: Cell) -> bool {
        PEERS[self.index()].contains(other)
    }
    /// All 81 cells in order.
    pub fn all() -> impl Iterator<Item = Cell> {
        (0..81).map(Cell::from_index)
    }
}

impl fmt::Display for Cell {
    /// `r3c5`, 1-based.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row() + 1, self.col() + 1)
    }
}

/// What kind of house a [`House`] is.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum HouseKind {
    /// A row.
    Row,
    /// A column.
    Col,
    /// A 3×3 box.
    Box,
}

/// One of the 27 houses (units): rows 0–8, columns 9–17, boxes 18–26.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct House(u8);

impl House {
    /// The house with index `i` (0–26).
    #[inline(always)]
    pub const fn new(i: usize) -> Option<House> {
        if i < 27 { Some(House(i as u8)) } else { None }
    }
    /// The house with index `i`. Panics if `i > 26` (a programming error).
    #[inline(always)]
    pub const fn from_index(i: usize) -> House {
        assert!(i < 27, "house index out of range");
        House(i as u8)
    }
    /// Row `r` (0-based).
    #[inline(always)]
    pub const fn row(r: usize) -> House {
        assert!(r < 9);
        House(r as u8)
    }
    /// Column `c` (0-based).
    #[inline(always)]
    pub const fn col(c: usize) -> House {
        assert!(c < 9);
        House(9 + c as u8)
    }
    /// Box `b` (0-based).
    #[inline(always)]
    pub const fn boxx(b: usize) -> House {
        assert!(b < 9);
        House(18 + b as u8)
    }
    /// 0-based index 0–26.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    /// Row, column or box.
    #[inline(always)]
    pub const fn kind(self) -> HouseKind {
        match self.0 / 9 {
            0 => HouseKind::Row,
            1 => HouseKind::Col,
            _ => HouseKind::Box,
        }
    }
    /// 0-based number within its kind (row 3 → 2).
    #[inline(always)]
    pub const fn number(self) -> usize {
        self.0 as usize % 9
    }
    /// The nine cells, in reading order.
    #[inline(always)]
    pub fn cells(self) -> [Cell; 9] {
        HOUSE_CELLS[self.index()]
    }
    /// The nine cells as a set.
    #[inline(always)]
    pub fn cell_set(self) -> CellSet {
        HOUSE_SETS[self.index()]
    }
    /// All 27 houses: rows, columns, boxes.
    pub fn all() -> impl Iterator<Item = House> {
        (0..27).map(House::from_index)
    }
    /// Short name as in the notation: `r3`, `c5`, `b2`.
    pub fn short(self) -> String {
        let p = match self.kind() {
            HouseKind::Row => 'r',
            HouseKind::Col => 'c',
            HouseKind::Box => 'b',
        };
        format!("{p}{}", self.number() + 1)
    }
}

impl fmt::Display for House {
    /// `row 3`, `column 5`, `box 2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let k = match self.kind() {
            HouseKind::Row => "row",
            HouseKind::Col => "column",
            HouseKind::Box => "box",
        };
        write!(f, "{k} {}", self.number() + 1)
    }
}

/// A digit that may go in a cell.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Candidate {
    /// The cell.
    pub cell: Cell,
    /// The digit.
    pub digit: Digit,
}

impl Candidate {
    /// The candidate `digit` in `cell`.
    #[inline(always)]
    pub const fn new(cell: Cell, digit: Digit) -> Candidate {
        Candidate { cell, digit }
    }
    /// Dense index 0–728 (`cell * 9 + digit index`).
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.cell.index() * 9 + self.digit.index()
    }
    /// The candidate with dense index `i` (0–728). Panics when out of range.
    #[inline(always)]
    pub const fn from_index(i: usize) -> Candidate {
        Candidate { cell: Cell::from_index(i / 9), digit: Digit::from_index(i % 9) }
    }
}

impl fmt::Display for Candidate {
    /// `r3c5=7`-style without the operator: `7r3c5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.digit, self.cell)
    }
}

/// A set of digits, bit `i` = digit `i + 1`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct DigitSet(u16);

impl DigitSet {
    /// No digit.
    pub const EMPTY: DigitSet = DigitSet(0);
    /// All nine digits.
    pub const ALL: DigitSet = DigitSet(0x1ff);
    /// From raw bits (only the low 9 are kept).
    #[inline(always)]
    pub const fn from_bits(bits: u16) -> DigitSet {
        DigitSet(bits & 0x1ff)
    }
    /// The raw bits.
    #[inline(always)]
    pub const fn bits(self) -> u16 {
        self.0
    }
    /// The set holding only `d`.
    #[inline(always)]
    pub const fn single(d: Digit) -> DigitSet {
        DigitSet(1 << d.index())
    }
    /// Whether `d` is in the set.
    #[inline(always)]
    pub const fn contains(self, d: Digit) -> bool {
        self.0 & (1 << d.index()) != 0
    }
    /// Adds `d`.
    #[inline(always)]
    pub fn insert(&mut self, d: Digit) {
        self.0 |= 1 << d.index();
    }
    /// Removes `d`; returns whether it was there.
    #[inline(always)]
    pub fn remove(&mut self, d: Digit) -> bool {
        let had = self.contains(d);
        self.0 &= !(1 << d.index());
        had
    }
    /// Number of digits.
    #[inline(always)]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }
    /// Whether the set is empty.
    #[inline(always)]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// The smallest digit, if any.
    #[inline(always)]
    pub fn first(self) -> Option<Digit> {
        if self.0 == 0 { None } else { Some(Digit::from_index(self.0.trailing_zeros() as usize)) }
    }
    /// The only digit when the set has exactly one.
    #[inline(always)]
    pub fn single_digit(self) -> Option<Digit> {
        if self.len() == 1 { self.first() } else { None }
    }
    /// Union.
    #[inline(always)]
    pub const fn union(self, o: DigitSet) -> DigitSet {
        DigitSet(self.0 | o.0)
    }
    /// Intersection.
    #[inline(always)]
    pub const fn intersection(self, o: DigitSet) -> DigitSet {
        DigitSet(self.0 & o.0)
    }
    /// Difference.
    #[inline(always)]
    pub const fn minus(self, o: DigitSet) -> DigitSet {
        DigitSet(self.0 & !o.0)
    }
    /// Whether every digit of `self` is in `o`.
    #[inline(always)]
    pub const fn is_subset(self, o: DigitSet) -> bool {
        self.0 & !o.0 == 0
    }
    /// The digits in increasing order.
    #[inline(always)]
    pub fn iter(self) -> impl Iterator<Item = Digit> {
        let mut b = self.0;
        std::iter::from_fn(move || {
            if b == 0 {
                return None;
            }
            let i = b.trailing_zeros() as usize;
            b &= b - 1;
            Some(Digit::from_index(i))
        })
    }
}

impl FromIterator<Digit> for DigitSet {
    fn from_iter<I: IntoIterator<Item = Digit>>(iter: I) -> Self {
        let mut s = DigitSet::EMPTY;
        for d in iter {
            s.insert(d);
        }
        s
    }
}

impl fmt::Debug for DigitSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{{{self}}}")
    }
}

impl fmt::Display for DigitSet {
    /// The digits run together: `257`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for d in self.iter() {
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

/// A set of cells, bit `i` = cell `i`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct CellSet(u128);

const ALL_CELLS_BITS: u128 = (1u128 << 81) - 1;

/// Bit `i` (below 128) of a 128-bit word (a cell set's, a technique set's), made of two 64-bit
/// halves: WebAssembly has no 128-bit shift, and LLVM calls a library function (`__ashlti3`)
/// for each variable one, also for `if i < 64 { b } else { b << 64 }`, which it folds back into
/// one. Natively this is about as many instructions as the shift.
#[inline(always)]
pub(crate) const fn bit128(i: usize) -> u128 {
    let b = 1u64 << (i & 63);
    // All ones in the half that holds bit `i`, zero in the other.
    let high = ((i >> 6) as u64 & 1).wrapping_neg();
    ((b & high) as u128) << 64 | (b & !high) as u128
}

impl CellSet {
    /// No cell.
    pub const EMPTY: CellSet = CellSet(0);
    /// All 81 cells.
    pub const ALL: CellSet = CellSet(ALL_CELLS_BITS);
    /// From raw bits (bits above 80 are dropped).
    #[inline(always)]
    pub const fn from_bits(bits: u128) -> CellSet {
        CellSet(bits & ALL_CELLS_BITS)
    }
    /// The raw bits.
    #[inline(always)]
    pub const fn bits(self) -> u128 {
        self.0
    }
    /// The set holding only `c`.
    #[inline(always)]
    pub const fn single(c: Cell) -> CellSet {
        CellSet(bit128(c.index()))
    }
    /// Whether `c` is in the set.
    #[inline(always)]
    pub const fn contains(self, c: Cell) -> bool {
        self.0 & bit128(c.index()) != 0
    }
    /// Adds `c`.
    #[inline(always)]
    pub fn insert(&mut self, c: Cell) {
        self.0 |= bit128(c.index());
    }
    /// Removes `c`; returns whether it was there.
    #[inline(always)]
    pub fn remove(&mut self, c: Cell) -> bool {
        let had = self.contains(c);
        self.0 &= !bit128(c.index());
        had
    }
    /// Number of cells.
    #[inline(always)]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }
    /// Whether the set is empty.
    #[inline(always)]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// The lowest-index cell, if any.
    #[inline(always)]
    pub fn first(self) -> Option<Cell> {
        if self.0 == 0 { None } else { Some(Cell(self.0.trailing_zeros() as u8)) }
    }
    /// Union.
    #[inline(always)]
    pub const fn union(self, o: CellSet) -> CellSet {
        CellSet(self.0 | o.0)
    }
    /// Intersection.
    #[inline(always)]
    pub const fn intersection(self, o: CellSet) -> CellSet {
        CellSet(self.0 & o.0)
    }
    /// Difference.
    #[inline(always)]
    pub const fn minus(self, o: CellSet) -> CellSet {
        CellSet(self.0 & !o.0)
    }
    /// Whether every cell of `self` is in `o`.
    #[inline(always)]
    pub const fn is_subset(self, o: CellSet) -> bool {
        self.0 & !o.0 == 0
    }
    /// Whether the two sets share a cell.
    #[inline(always)]
    pub const fn intersects(self, o: CellSet) -> bool {
        self.0 & o.0 != 0
    }
    /// The cells that see every cell of this set (excluding the set's own cells).
    #[inline(always)]
    pub fn common_peers(self) -> CellSet {
        let mut acc = CellSet::ALL;
        for c in self.iter() {
            acc = acc.intersection(c.peers());
        }
        if self.is_empty() { CellSet::EMPTY } else { acc.minus(self) }
    }
    /// Houses that contain every cell of this (non-empty) set.
    pub fn common_houses(self) -> impl Iterator<Item = House> {
        let s = self;
        House::all().filter(move |h| !s.is_empty() && s.is_subset(h.cell_set()))
    }
    /// The cells in increasing index order.
    #[inline(always)]
    pub fn iter(self) -> impl Iterator<Item = Cell> {
        let mut b = self.0;
        std::iter::from_fn(move || {
            if b == 0 {
                return None;
            }
            let i = b.trailing_zeros() as u8;
            b &= b - 1;
            Some(Cell(i))
        })
    }
}

impl FromIterator<Cell> for CellSet {
    fn from_iter<I: IntoIterator<Item = Cell>>(iter: I) -> Self {
        let mut s = CellSet::EMPTY;
        for c in iter {
            s.insert(c);
        }
        s
    }
}

impl fmt::Debug for CellSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter().map(|c| c.to_string())).finish()
    }
}

const fn build_house_cells() -> [[Cell; 9]; 27] {
    let mut out = [[Cell(0); 9]; 27];
    let mut i = 0;
    while i < 9 {
        let mut j = 0;
        while j < 9 {
            out[i][j] = Cell((i * 9 + j) as u8);
            out[9 + i][j] = Cell((j * 9 + i) as u8);
            let r = (i / 3) * 3 + j / 3;
            let c = (i % 3) * 3 + j % 3;
            out[18 + i][j] = Cell((r * 9 + c) as u8);
            j += 1;
        }
        i += 1;
    }
    out
}

const fn build_house_sets() -> [CellSet; 27] {
    let mut out = [CellSet(0); 27];
    let mut h = 0;
    while h < 27 {
        let mut j = 0;
        while j < 9 {
            out[h].0 |= bit128(HOUSE_CELLS[h][j].0 as usize);
            j += 1;
        }
        h += 1;
    }
    out
}

const fn build_peers() -> [CellSet; 81] {
    let mut out = [CellSet(0); 81];
    let mut i = 0;
    while i < 81 {
        let c = Cell(i as u8);
        let hs = c.houses();
        out[i].0 = (HOUSE_SETS[hs[0].0 as usize].0
            | HOUSE_SETS[hs[1].0 as usize].0
            | HOUSE_SETS[hs[2].0 as usize].0)
            & !bit128(i);
        i += 1;
    }
    out
}

/// The nine cells of every house.
pub static HOUSE_CELLS: [[Cell; 9]; 27] = build_house_cells();
/// Every house as a cell set.
pub static HOUSE_SETS: [CellSet; 27] = build_house_sets();
/// The 20 peers of every cell.
pub static PEERS: [CellSet; 81] = build_peers();

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn houses_and_peers_are_consistent() {
        for c in Cell::all() {
            assert_eq!(c.peers().len(), 20);
            for h in c.houses() {
                assert!(h.cell_set().contains(c));
            }
        }
        for h in House::all() {
            assert_eq!(h.cell_set().len(), 9);
        }
        assert_eq!(House::boxx(4).cells()[0], Cell::at(3, 3));
        assert_eq!(Cell::at(2, 4).to_string(), "r3c5");
        assert_eq!(Cell::at(2, 4).boxx(), 1);
        assert_eq!(House::col(4).to_string(), "column 5");
    }

    #[test]
    fn bit128_is_the_shifted_bit() {
        for i in 0..128 {
            assert_eq!(bit128(i), 1u128 << i, "bit {i}");
        }
    }

    #[test]
    fn sets_iterate_in_order() {
        let s: DigitSet = [Digit::from_index(4), Digit::from_index(1)].into_iter().collect();
        assert_eq!(s.to_string(), "25");
        assert_eq!(s.len(), 2);
        let cs: CellSet = [Cell::from_index(80), Cell::from_index(3)].into_iter().collect();
        assert_eq!(cs.iter().map(Cell::index).collect::<Vec<_>>(), vec![3, 80]);
        assert_eq!(
            CellSet::single(Cell::from_index(0)).common_peers(),
            Cell::from_index(0).peers()
        );
    }
}
