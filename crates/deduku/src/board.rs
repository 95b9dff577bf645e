//! `Board`: a position — the digits in the cells, where each came from, and the candidates
//! left in every empty cell.
//!
//! Invariants kept by every method:
//! - a filled cell has no candidates; an empty cell's candidates never include a digit already
//!   placed in one of its peers (placing a digit removes it from the peers);
//! - `digit_cells(d)` is exactly the set of empty cells whose candidates contain `d`.
//!
//! A board may still be *contradictory* (an empty cell with no candidate, two equal digits in a
//! house when built with [`Board::from_parts`]): [`Board::check`] says where.

use crate::grid::{Candidate, Cell, CellSet, Digit, DigitSet, House};
use std::fmt;

/// Where a cell's digit came from.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, Default)]
pub enum Origin {
    /// The cell is empty.
    #[default]
    Empty,
    /// A clue of the puzzle.
    Given,
    /// Filled in later, by a person or a deduction.
    Placed,
}

/// A position: values with their origin, and candidates per empty cell.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    values: [u8; 81],
    origin: [Origin; 81],
    cands: [DigitSet; 81],
    digit_cells: [CellSet; 9],
}

/// What is wrong with a board, when something is.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Conflict {
    /// The same digit twice in a house.
    Duplicate {
        /// The digit.
        digit: Digit,
        /// The first cell holding it.
        first: Cell,
        /// The second cell holding it.
        second: Cell,
        /// The house both lie in.
        house: House,
    },
    /// An empty cell with no candidate left.
    NoCandidate {
        /// The cell.
        cell: Cell,
    },
    /// A house where a digit has no place left.
    NoPlace {
        /// The digit.
        digit: Digit,
        /// The house.
        house: House,
    },
}

impl fmt::Display for Conflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Conflict::Duplicate { digit, first, second, house } => {
                write!(f, "digit {digit} appears twice in {house}: {first} and {second}")
            }
            Conflict::NoCandidate { cell } => {
                write!(f, "{cell} is empty and has no candidate left")
            }
            Conflict::NoPlace { digit, house } => {
                write!(f, "digit {digit} has no place left in {house}")
            }
        }
    }
}

impl Default for Board {
    fn default() -> Self {
        Board::empty()
    }
}

impl Board {
    /// The empty board: every cell empty with all nine candidates.
    pub fn empty() -> Board {
        Board {
            values: [0; 81],
            origin: [Origin::Empty; 81],
            cands: [DigitSet::ALL; 81],
            digit_cells: [CellSet::ALL; 9],
        }
    }

    /// A board from 81 values (0 = empty) that are all givens; candidates computed from them.
    /// Duplicates are allowed here (see [`Board::check`]).
    pub fn from_values(values: &[u8; 81]) -> Board {
        let mut origin = [Origin::Empty; 81];
        for (o, &v) in origin.iter_mut().zip(values) {
            if (1..=9).contains(&v) {
                *o = Origin::Given;
            }
        }
        Board::from_parts(values, &origin)
    }

    /// A board from values and origins; candidates are everything the filled peers allow.
    /// Values outside 1–9 count as empty.
    pub fn from_parts(values: &[u8; 81], origin: &[Origin; 81]) -> Board {
        let mut b = Board::empty();
        for c in Cell::all() {
            if let Some(d) = Digit::new(values[c.index()]) {
                let o = if origin[c.index()] == Origin::Placed {
                    Origin::Placed
                } else {
                    Origin::Given
                };
                b.set_value(c, d, o);
            }
        }
        b
    }

    /// Builds a board from explicit candidates for empty cells (pencil marks). Filled cells are
    /// given by `values`; `cands` of filled cells are ignored. Candidates that a filled peer
    /// rules out are removed.
    pub fn from_candidates(
        values: &[u8; 81],
        origin: &[Origin; 81],
        cands: &[DigitSet; 81],
    ) -> Board {
        let mut b = Board::from_parts(values, origin);
        for c in Cell::all() {
            if b.values[c.index()] == 0 {
                for d in b.cands[c.index()].minus(cands[c.index()]).iter() {
                    b.eliminate(c, d);
                }
            }
        }
        b
    }

    fn set_value(&mut self, c: Cell, d: Digit, origin: Origin) {
        let i = c.index();
        for x in self.cands[i].iter() {
            self.digit_cells[x.index()].remove(c);
        }
        self.cands[i] = DigitSet::EMPTY;
        self.values[i] = d.get();
        self.origin[i] = origin;
        let peers = c.peers();
        for p in peers.intersection(self.digit_cells[d.index()]).iter() {
            self.cands[p.index()].remove(d);
        }
        self.digit_cells[d.index()] = self.digit_cells[d.index()].minus(peers);
    }

    /// Places `d` in `c` as a solving step (origin `Placed`) and removes `d` from the peers.
    #[inline(always)]
    pub fn place(&mut self, c: Cell, d: Digit) {
        self.set_value(c, d, Origin::Placed);
    }

    /// Places a given (a clue), as when a person types the puzzle.
    #[inline(always)]
    pub fn place_given(&mut self, c: Cell, d: Digit) {
        self.set_value(c, d, Origin::Given);
    }

    /// Empties a cell and recomputes every candidate from the remaining digits
    /// (eliminations made earlier by hand or by deductions are lost).
    #[inline(always)]
    pub fn clear(&mut self, c: Cell) {
        let mut values = self.values;
        values[c.index()] = 0;
        let mut origin = self.origin;
        origin[c.index()] = Origin::Empty;
        *self = Board::from_parts(&values, &origin);
    }

    /// Removes candidate `d` from `c`; returns whether it was there.
    #[inline(always)]
    pub fn eliminate(&mut self, c: Cell, d: Digit) -> bool {
        self.digit_cells[d.index()].remove(c);
        self.cands[c.index()].remove(d)
    }

    /// The digit in `c`, if filled.
    #[inline(always)]
    pub fn value(&self, c: Cell) -> Option<Digit> {
        Digit::new(self.values[c.index()])
    }

    /// The 81 values, 0 for empty.
    #[inline(always)]
    pub fn values(&self) -> &[u8; 81] {
        &self.values
    }

    /// Where the cell's digit came from.
    #[inline(always)]
    pub fn origin(&self, c: Cell) -> Origin {
        self.origin[c.index()]
    }

    /// All 81 origins.
    #[inline(always)]
    pub fn origins(&self) -> &[Origin; 81] {
        &self.origin
    }

    /// The candidates of `c` (empty for a filled cell).
    #[inline(always)]
    pub fn candidates(&self, c: Cell) -> DigitSet {
        self.cands[c.index()]
    }

    /// All 81 candidate sets.
    #[inline(always)]
    pub fn all_candidates(&self) -> &[DigitSet; 81] {
        &self.cands
    }

    /// Whether `d` is a candidate of `c`.
    #[inline(always)]
    pub fn has_candidate(&self, c: Cell, d: Digit) -> bool {
        self.cands[c.index()].contains(d)
    }

    /// Whether candidate `k` is present.
    #[inline(always)]
    pub fn has(&self, k: Candidate) -> bool {
        self.has_candidate(k.cell, k.digit)
    }

    /// The empty cells where `d` is still a candidate.
    #[inline(always)]
    pub fn digit_cells(&self, d: Digit) -> CellSet {
        self.digit_cells[d.index()]
    }

    /// The empty cells.
    #[inline(always)]
    pub fn empty_cells(&self) -> CellSet {
        Cell::all().filter(|&c| self.values[c.index()] == 0).collect()
    }

    /// Number of filled cells.
    #[inline(always)]
    pub fn filled_count(&self) -> usize {
        self.values.iter().filter(|&&v| v != 0).count()
    }

    /// Whether every cell is filled.
    #[inline(always)]
    pub fn is_complete(&self) -> bool {
        self.values.iter().all(|&v| v != 0)
    }

    /// The cells of `h` where `d` is a candidate.
    #[inline(always)]
    pub fn house_digit_cells(&self, h: House, d: Digit) -> CellSet {
        self.digit_cells[d.index()].intersection(h.cell_set())
    }

    /// Whether digit `d` is already placed in house `h`.
    #[inline(always)]
    pub fn house_has_value(&self, h: House, d: Digit) -> bool {
        h.cells().iter().any(|c| self.values[c.index()] == d.get())
    }

    /// The first thing that makes this board impossible, if any: a digit twice in a house,
    /// an empty cell without candidates, or a digit with no place in a house.
    pub fn check(&self) -> Result<(), Conflict> {
        // Every technique finder starts with this check, so a consistent board (nearly every
        // one) is told cheaply; the search below, in the order the conflicts are named, runs
        // only for a board with a conflict.
        if self.consistent() {
            return Ok(());
        }
        self.first_conflict()
    }

    /// Whether [`Board::check`] finds nothing: in one pass over the cells, row by row, each
    /// house gathers the digits placed in it (and whether one came twice) and the digits
    /// placed or possible in it, which must be all nine. An empty cell without candidates has
    /// nothing to add and fails at once. (Every finder asks first; testing house by house
    /// through the cell lists took four times the instructions, 2–3 % of the default path.)
    fn consistent(&self) -> bool {
        const ALL: u16 = 0x1ff;
        let (mut col_placed, mut col_open) = ([0u16; 9], [0u16; 9]);
        let (mut twice, mut no_candidate) = (0u16, false);
        for band in 0..3 {
            let (mut box_placed, mut box_open) = ([0u16; 3], [0u16; 3]);
            for r in 3 * band..3 * band + 3 {
                let (mut row_placed, mut row_open) = (0u16, 0u16);
                for c in 0..9 {
                    let i = r * 9 + c;
                    let v = self.values[i];
                    // The placed digit's bit (values are 0–9: no shift overflows).
                    let p = u16::from(v != 0) << (v.wrapping_sub(1) & 15);
                    let o = p | self.cands[i].bits();
                    no_candidate |= o == 0;
                    let s = c / 3;
                    twice |= p & (row_placed | col_placed[c] | box_placed[s]);
                    row_placed |= p;
                    col_placed[c] |= p;
                    box_placed[s] |= p;
                    row_open |= o;
                    col_open[c] |= o;
                    box_open[s] |= o;
                }
                if row_open != ALL {
                    return false;
                }
            }
            if box_open != [ALL; 3] {
                return false;
            }
        }
        !no_candidate && twice == 0 && col_open == [ALL; 9]
    }

    /// [`Board::check`]'s answer for a board with a conflict: the first one, houses and cells
    /// in order.
    fn first_conflict(&self) -> Result<(), Conflict> {
        for h in House::all() {
            let mut seen: [Option<Cell>; 9] = [None; 9];
            for c in h.cells() {
                if let Some(d) = self.value(c) {
                    if let Some(first) = seen[d.index()] {
                        return Err(Conflict::Duplicate { digit: d, first, second: c, house: h });
                    }
                    seen[d.index()] = Some(c);
                }
            }
        }
        for c in Cell::all() {
            if self.values[c.index()] == 0 && self.cands[c.index()].is_empty() {
                return Err(Conflict::NoCandidate { cell: c });
            }
        }
        for h in House::all() {
            for d in Digit::all() {
                if !self.house_has_value(h, d) && self.house_digit_cells(h, d).is_empty() {
                    return Err(Conflict::NoPlace { digit: d, house: h });
                }
            }
        }
        Ok(())
    }

    /// Whether the board is complete and valid.
    pub fn is_solved(&self) -> bool {
        self.is_complete() && self.check().is_ok()
    }

    /// The puzzle behind this position: its givens only, every other cell empty with all the
    /// candidates the givens allow. Uniqueness arguments are about this board's solutions.
    pub fn givens_only(&self) -> Board {
        let mut values = [0u8; 81];
        for c in Cell::all() {
            if self.origin[c.index()] == Origin::Given {
                values[c.index()] = self.values[c.index()];
            }
        }
        Board::from_values(&values)
    }

    /// Total number of candidates left.
    pub fn candidate_count(&self) -> u32 {
        self.cands.iter().map(|s| s.len()).sum()
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board(")?;
        for &v in &self.values {
            write!(f, "{}", if v == 0 { '.' } else { (b'0' + v) as char })?;
        }
        write!(f, ")")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placing_updates_peers_and_digit_cells() {
        let mut b = Board::empty();
        let d = Digit::new(5).unwrap();
        b.place(Cell::at(0, 0), d);
        assert!(!b.has_candidate(Cell::at(0, 8), d));
        assert!(!b.has_candidate(Cell::at(8, 0), d));
        assert!(!b.has_candidate(Cell::at(2, 2), d));
        assert!(b.has_candidate(Cell::at(4, 4), d));
        assert_eq!(b.digit_cells(d).len(), 81 - 21);
        assert_eq!(b.candidates(Cell::at(0, 0)), DigitSet::EMPTY);
        assert_eq!(b.origin(Cell::at(0, 0)), Origin::Placed);
        b.clear(Cell::at(0, 0));
        assert_eq!(b, Board::empty());
    }

    /// The quick test of `check` agrees with its full search, on corpus puzzles losing
    /// candidates at random until they break, and on random grids with duplicates.
    #[test]
    fn consistent_agrees_with_the_conflict_search() {
        let text = include_str!("../tests/data/corpora/top1465.txt");
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        let (mut ok, mut broken) = (0, 0);
        let mut tally = |b: &Board| {
            let agree = b.consistent() == b.first_conflict().is_ok();
            assert!(agree, "{b:?}: {:?}", b.first_conflict());
            if b.consistent() { ok += 1 } else { broken += 1 }
        };
        let lines = text.lines().filter(|l| !l.is_empty() && !l.starts_with('#'));
        for line in lines.step_by(5) {
            let mut b = crate::format::parse(line).expect("a puzzle");
            tally(&b);
            for _ in 0..120 {
                b.eliminate(Cell::from_index(next(81)), Digit::from_index(next(9)));
                tally(&b);
            }
        }
        for _ in 0..2000 {
            let mut v = [0u8; 81];
            for _ in 0..next(30) {
                v[next(81)] = next(10) as u8;
            }
            tally(&Board::from_values(&v));
        }
        assert!(ok > 5000 && broken > 5000, "{ok} consistent, {broken} not");
    }

    #[test]
    fn check_finds_duplicates() {
        let mut v = [0u8; 81];
        v[0] = 3;
        v[10] = 3;
        let b = Board::from_values(&v);
        assert!(matches!(b.check(), Err(Conflict::Duplicate { .. })));
    }
}
