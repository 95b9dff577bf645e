//! Subsets: naked pairs/triples/quads (n cells of a house with n candidates between them),
//! hidden pairs/triples/quads (n digits confined to n cells of a house), locked pairs and
//! triples (a naked subset inside a box∩line, eliminating in both houses), and the unit
//! permutation check (candidates that occur in no valid assignment of a house; off the
//! default path, as it subsumes every subset of a house).

use crate::board::Board;
use crate::grid::{Candidate, Cell, CellSet, Digit, DigitSet, House};
use crate::logic::few::Few;
use crate::logic::step::fmt_cells_compact;
use crate::logic::{Sink, Step, Technique, combos, nothing};
use std::ops::ControlFlow;

/// Finds subsets of `technique`.
pub fn find(board: &Board, technique: Technique, sink: &mut Sink) -> ControlFlow<()> {
    match technique {
        Technique::LockedPair => locked(board, 2, technique, sink),
        Technique::LockedTriple => locked(board, 3, technique, sink),
        Technique::NakedPair => naked(board, 2, technique, sink),
        Technique::NakedTriple => naked(board, 3, technique, sink),
        Technique::NakedQuad => naked(board, 4, technique, sink),
        Technique::HiddenPair => hidden(board, 2, technique, sink),
        Technique::HiddenTriple => hidden(board, 3, technique, sink),
        Technique::HiddenQuad => hidden(board, 4, technique, sink),
        Technique::UnitPermutation => unit_permutation(board, sink),
        _ => ControlFlow::Continue(()),
    }
}

/// A naked subset found in one house: its cells and digits.
struct Naked {
    cells: CellSet,
    digits: DigitSet,
}

/// Every naked subset of size `n` in house `h`.
fn naked_in(
    board: &Board,
    h: House,
    n: usize,
    f: &mut impl FnMut(Naked) -> ControlFlow<()>,
) -> ControlFlow<()> {
    // A house's cells, on the stack: the subset finders look at every house at every position.
    let cells: Few<(Cell, u128), 9> = Few::of(
        (Cell::from_index(0), 0),
        h.cells().into_iter().filter_map(|c| {
            let k = board.candidates(c).len() as usize;
            (k >= 2 && k <= n).then(|| (c, u128::from(board.candidates(c).bits())))
        }),
    );
    // Cut at n digits; a combination of n cells with fewer would need a cell with one.
    combos::within(&cells, n, n as u32, &mut |combo, digits| {
        if digits.count_ones() as usize != n {
            return ControlFlow::Continue(());
        }
        let digits = DigitSet::from_bits(digits as u16);
        f(Naked { cells: combo.iter().copied().collect(), digits })
    })
}

/// Eliminations of `digits` from the cells of `houses` outside `cells`.
fn eliminations(
    board: &Board,
    cells: CellSet,
    digits: DigitSet,
    houses: &[House],
) -> Vec<Candidate> {
    let mut out = Vec::new();
    let others = houses.iter().fold(CellSet::EMPTY, |a, h| a.union(h.cell_set())).minus(cells);
    for d in digits.iter() {
        for c in board.digit_cells(d).intersection(others).iter() {
            out.push(Candidate::new(c, d));
        }
    }
    out
}

fn subset_step(
    technique: Technique,
    cells: CellSet,
    digits: DigitSet,
    houses: Vec<House>,
    elims: Vec<Candidate>,
    board: &Board,
) -> Step {
    let mut s = Step::new(technique);
    s.eliminations = elims;
    s.highlight.cells = cells.iter().collect();
    s.highlight.candidates = cells
        .iter()
        .flat_map(|c| {
            board.candidates(c).intersection(digits).iter().map(move |d| Candidate::new(c, d))
        })
        .collect();
    s.highlight.houses = houses;
    let ds = digits.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(",");
    s.length = digits.len() as u16;
    s.with_text(format!("{ds} in {}", fmt_cells_compact(cells)))
}

/// A house's naked and hidden subsets depend on its cells' candidates alone: a house searched
/// in vain before, with the same candidates, is skipped (`nothing.rs`).
fn naked(board: &Board, n: usize, technique: Technique, sink: &mut Sink) -> ControlFlow<()> {
    for h in House::all() {
        nothing::per_house(board, technique, h, sink, |sink| {
            naked_in(board, h, n, &mut |found| {
                let elims = eliminations(board, found.cells, found.digits, &[h]);
                sink.push(subset_step(technique, found.cells, found.digits, vec![h], elims, board))
            })
        })?;
    }
    ControlFlow::Continue(())
}

/// Naked pairs/triples whose cells share a box and a line: eliminations in both.
fn locked(board: &Board, n: usize, technique: Technique, sink: &mut Sink) -> ControlFlow<()> {
    for b in 0..9 {
        let bx = House::boxx(b);
        naked_in(board, bx, n, &mut |found| {
            let houses: Vec<House> = found.cells.common_houses().collect();
            if houses.len() < 2 {
                return ControlFlow::Continue(());
            }
            let elims = eliminations(board, found.cells, found.digits, &houses);
            sink.push(subset_step(technique, found.cells, found.digits, houses, elims, board))
        })?;
    }
    ControlFlow::Continue(())
}

fn hidden(board: &Board, n: usize, technique: Technique, sink: &mut Sink) -> ControlFlow<()> {
    for h in House::all() {
        nothing::per_house(board, technique, h, sink, |sink| {
            hidden_in(board, h, n, technique, sink)
        })?;
    }
    ControlFlow::Continue(())
}

/// The hidden subsets of size `n` in house `h`.
fn hidden_in(
    board: &Board,
    h: House,
    n: usize,
    technique: Technique,
    sink: &mut Sink,
) -> ControlFlow<()> {
    let digits: Few<(Digit, u128), 9> = Few::of(
        (Digit::from_index(0), 0),
        Digit::all().filter_map(|d| {
            let cells = board.house_digit_cells(h, d);
            let k = cells.len() as usize;
            (k >= 2 && k <= n).then(|| (d, cells.bits()))
        }),
    );
    let empties = h.cells().into_iter().filter(|&c| board.value(c).is_none()).count();
    if empties <= n {
        return ControlFlow::Continue(());
    }
    combos::within(&digits, n, n as u32, &mut |combo, cells| {
        if cells.count_ones() as usize != n {
            return ControlFlow::Continue(());
        }
        let cells = CellSet::from_bits(cells);
        let set: DigitSet = combo.iter().copied().collect();
        let elims: Vec<Candidate> = cells
            .iter()
            .flat_map(|c| board.candidates(c).minus(set).iter().map(move |d| Candidate::new(c, d)))
            .collect();
        sink.push(subset_step(technique, cells, set, vec![h], elims, board))
    })
}

/// For each house, the candidates that take part in at least one assignment of the house's
/// missing digits to its empty cells (one digit per cell, each digit once); the rest go.
///
/// Dynamic programming over (cell position, set of digits used so far): `forward[i]` holds the
/// digit sets reachable after assigning the first `i` empty cells, `backward[i]` the sets from
/// which the remaining cells can be completed. 9 × 512 states, so it is cheap for any house.
fn unit_permutation(board: &Board, sink: &mut Sink) -> ControlFlow<()> {
    for h in House::all() {
        let cells: Vec<Cell> =
            h.cells().into_iter().filter(|&c| board.value(c).is_none()).collect();
        if cells.len() < 2 {
            continue;
        }
        let placed: u16 = h
            .cells()
            .iter()
            .filter_map(|&c| board.value(c))
            .fold(0, |a, d| a | DigitSet::single(d).bits());
        let k = cells.len();
        let mut forward = vec![[false; 512]; k + 1];
        forward[0][placed as usize] = true;
        for (i, &c) in cells.iter().enumerate() {
            let cand = board.candidates(c).bits();
            for m in 0..512usize {
                if forward[i][m] {
                    let mut free = cand & !(m as u16);
                    while free != 0 {
                        let bit = free & free.wrapping_neg();
                        free &= free - 1;
                        forward[i + 1][m | bit as usize] = true;
                    }
                }
            }
        }
        let mut backward = vec![[false; 512]; k + 1];
        backward[k][0x1ff] = true;
        for i in (0..k).rev() {
            let cand = board.candidates(cells[i]).bits();
            for m in 0..512usize {
                let mut free = cand & !(m as u16);
                while free != 0 {
                    let bit = free & free.wrapping_neg();
                    free &= free - 1;
                    if backward[i + 1][m | bit as usize] {
                        backward[i][m] = true;
                        break;
                    }
                }
            }
        }
        let mut elims = Vec::new();
        for (i, &c) in cells.iter().enumerate() {
            let mut supported = 0u16;
            for m in 0..512usize {
                if forward[i][m] {
                    let mut free = board.candidates(c).bits() & !(m as u16);
                    while free != 0 {
                        let bit = free & free.wrapping_neg();
                        free &= free - 1;
                        if backward[i + 1][m | bit as usize] {
                            supported |= bit;
                        }
                    }
                }
            }
            for d in board.candidates(c).minus(DigitSet::from_bits(supported)).iter() {
                elims.push(Candidate::new(c, d));
            }
        }
        if elims.is_empty() || !backward[0][placed as usize] {
            continue;
        }
        let mut s = Step::new(Technique::UnitPermutation);
        s.eliminations = elims;
        s.highlight.cells = cells.clone();
        s.highlight.houses = vec![h];
        sink.push(s.with_text(format!("{h} (no valid assignment of {h} uses them)")))?;
    }
    ControlFlow::Continue(())
}
