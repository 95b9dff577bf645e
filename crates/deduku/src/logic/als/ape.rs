//! Aligned pair exclusion (Sudoku Explainer's), with almost locked sets as excluders.
//!
//! Take two empty cells `P` and `Q` (peers or not). A combination `P=a, Q=b` is impossible
//! when `a = b` and the cells see each other, or when an ALS whose cells all see both `P` and
//! `Q` holds both `a` and `b`: both digits would leave it, and its `n` cells would keep only
//! `n - 1` digits. (A bivalue cell `{ab}` seeing both cells is the one-cell case, Sudoku
//! Explainer's excluding cell.) A candidate of `P` whose every combination with `Q` is
//! impossible is eliminated, and likewise for `Q`.

use super::Alses;
use crate::board::Board;
use crate::grid::{Candidate, Cell, CellSet, DigitSet};
use crate::logic::{Detail, Sink, Step, Technique};
use std::ops::ControlFlow;

/// Finds aligned pair exclusions.
pub(crate) fn aligned_pair_exclusion(
    board: &Board,
    alses: &Alses,
    sink: &mut Sink,
) -> ControlFlow<()> {
    search(board, alses, sink, true)
}

/// [`aligned_pair_exclusion`], with (`prefilter`) or without the first pass that tells which
/// pairs eliminate anything (a test compares both ways).
///
/// The pass goes the other way round: per ALS, every pair of cells that see all its cells,
/// so each excluder is met once rather than sought among the ALSs of every pair's common
/// peers. It leaves the same exclusions per pair (unions, in any order), so the same pairs
/// eliminate; only those are then searched pair by pair, for the step's excluders in order.
fn search(board: &Board, alses: &Alses, sink: &mut Sink, prefilter: bool) -> ControlFlow<()> {
    let cells: Vec<Cell> = Cell::all().filter(|&c| board.candidates(c).len() >= 2).collect();
    let open: CellSet = cells.iter().copied().collect();
    // Per cell, its position in `cells`; per pair of positions (lower first), the exclusions.
    let mut at = [0usize; 81];
    for (k, c) in cells.iter().enumerate() {
        at[c.index()] = k;
    }
    let n = cells.len();
    let mut excluded = if prefilter { vec![[DigitSet::EMPTY; 9]; n * n] } else { Vec::new() };
    if prefilter {
        for e in &alses.list {
            let seers = e.cells.iter().fold(open, |s, c| s.intersection(c.peers()));
            for p in seers.iter() {
                let pa = e.digits.intersection(board.candidates(p));
                for q in seers.iter().filter(|q| q.index() > p.index()) {
                    let qb = e.digits.intersection(board.candidates(q));
                    let inv = &mut excluded[at[p.index()] * n + at[q.index()]];
                    for a in pa.iter() {
                        inv[a.index()] = inv[a.index()].union(qb.minus(DigitSet::single(a)));
                    }
                }
            }
        }
    }
    // The ALSs by their lowest cell, in a compressed layout: `by_first[start[c]..start[c + 1]]`
    // (built when a pair first needs it).
    let mut index: Option<([u32; 82], Vec<u32>)> = None;
    let mut used: Vec<(u32, DigitSet, DigitSet)> = Vec::new();
    for (k, &p) in cells.iter().enumerate() {
        for (l, &q) in cells.iter().enumerate().skip(k + 1) {
            let (cp, cq) = (board.candidates(p), board.candidates(q));
            if prefilter {
                let mut inv = excluded[k * n + l];
                peers_excluded(p, q, cp, cq, &mut inv);
                if eliminated(cp, cq, &inv) == (DigitSet::EMPTY, DigitSet::EMPTY) {
                    continue;
                }
            }
            let (start, by_first) = index.get_or_insert_with(|| by_first_cell(alses));
            // inv[a]: the digits b for which P=a, Q=b is impossible.
            let mut inv = [DigitSet::EMPTY; 9];
            peers_excluded(p, q, cp, cq, &mut inv);
            // The excluders lie among the cells seeing both.
            let common = p.peers().intersection(q.peers());
            used.clear();
            for c in common.iter() {
                if board.value(c).is_some() {
                    continue;
                }
                let bucket = &by_first[start[c.index()] as usize..start[c.index() + 1] as usize];
                for &i in bucket {
                    let e = &alses.list[i as usize];
                    if !e.cells.is_subset(common) {
                        continue;
                    }
                    let (pa, qb) = (e.digits.intersection(cp), e.digits.intersection(cq));
                    let mut useful = false;
                    for a in pa.iter() {
                        let add = qb.minus(DigitSet::single(a));
                        useful |= !add.minus(inv[a.index()]).is_empty();
                        inv[a.index()] = inv[a.index()].union(add);
                    }
                    if useful {
                        used.push((i, pa, qb));
                    }
                }
            }
            if used.is_empty() {
                continue;
            }
            let (elim_p, elim_q) = eliminated(cp, cq, &inv);
            if elim_p.is_empty() && elim_q.is_empty() {
                continue;
            }
            report(board, alses, (p, elim_p), (q, elim_q), &used, sink)?;
        }
    }
    ControlFlow::Continue(())
}

/// Adds to `inv` the combinations of P (candidates `cp`) and Q (`cq`) that put one digit
/// twice into a house: P = Q = a, when they are peers.
fn peers_excluded(p: Cell, q: Cell, cp: DigitSet, cq: DigitSet, inv: &mut [DigitSet; 9]) {
    if p.sees(q) {
        for a in cp.intersection(cq).iter() {
            inv[a.index()].insert(a);
        }
    }
}

/// The candidates of P (`cp`) and Q (`cq`) that no combination allows, given `inv[a]`, the
/// digits of Q impossible with P = a.
fn eliminated(cp: DigitSet, cq: DigitSet, inv: &[DigitSet; 9]) -> (DigitSet, DigitSet) {
    // P loses a when every digit of Q is impossible with it; Q loses b when b is impossible
    // with every digit of P.
    let (mut elim_p, mut elim_q) = (DigitSet::EMPTY, cq);
    for a in cp.iter() {
        let inv = inv[a.index()];
        elim_q = elim_q.intersection(inv);
        if cq.is_subset(inv) {
            elim_p.insert(a);
        }
    }
    (elim_p, elim_q)
}

/// The ALSs by their lowest cell, in a compressed layout: `by_first[start[c]..start[c + 1]]`.
fn by_first_cell(alses: &Alses) -> ([u32; 82], Vec<u32>) {
    let mut start = [0u32; 82];
    for a in &alses.list {
        start[a.cells.first().expect("non-empty").index() + 1] += 1;
    }
    for k in 1..82 {
        start[k] += start[k - 1];
    }
    let mut fill = start;
    let mut by_first = vec![0u32; alses.list.len()];
    for (i, a) in alses.list.iter().enumerate() {
        let c = a.cells.first().expect("non-empty").index();
        by_first[fill[c] as usize] = i as u32;
        fill[c] += 1;
    }
    (start, by_first)
}

fn report(
    board: &Board,
    alses: &Alses,
    (p, elim_p): (Cell, DigitSet),
    (q, elim_q): (Cell, DigitSet),
    used: &[(u32, DigitSet, DigitSet)],
    sink: &mut Sink,
) -> ControlFlow<()> {
    let mut step = Step::new(Technique::AlignedPairExclusion);
    for (c, ds) in [(p, elim_p), (q, elim_q)] {
        for d in ds.iter() {
            step.eliminations.push(Candidate::new(c, d));
        }
        step.highlight.cells.push(c);
        for d in board.candidates(c).iter() {
            step.highlight.candidates.push(Candidate::new(c, d));
        }
    }
    let mut excluders = Vec::new();
    let mut parts = Vec::new();
    for &(i, pa, qb) in used {
        // Keep the excluders that rule out a combination with an eliminated digit.
        let relevant = !pa.intersection(elim_p).is_empty() || !qb.intersection(elim_q).is_empty();
        if relevant {
            let als = &alses.list[i as usize];
            super::highlight_als(&mut step, board, als, false);
            excluders.push(als.text());
            parts.push(als.part());
        }
    }
    step.length = excluders.len() as u16;
    step.detail = Detail::Parts(parts);
    let mut pattern = format!("{p} {{{}}}, {q} {{{}}}", board.candidates(p), board.candidates(q));
    if p.sees(q) {
        pattern.push_str(" (peers)");
    }
    if !excluders.is_empty() {
        pattern.push_str(" excluded by ");
        pattern.push_str(&excluders.join(", "));
    }
    sink.push(step.with_text(pattern))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Origin;
    use crate::grid::Digit;
    use crate::test_support::{reglib_line, steps};

    /// An empty board with the given candidates in some cells (all nine elsewhere).
    fn board_with(cands: &[(usize, usize, &str)]) -> Board {
        let values = [0u8; 81];
        let origin = [Origin::Empty; 81];
        let mut sets = [DigitSet::ALL; 81];
        for &(r, c, s) in cands {
            sets[r * 9 + c] = s.bytes().map(|b| Digit::new(b - b'0').expect("digit")).collect();
        }
        Board::from_candidates(&values, &origin, &sets)
    }

    #[test]
    fn bivalue_excluders_eliminate() {
        // A hand-made position: P=r1c1 {123} and Q=r2c5 {12} do not see each other; the
        // bivalue cells r1c4 {13} and r2c2 {23} see both. P=3 leaves Q=1 (excluded by {13}) or
        // Q=2 (excluded by {23}), so r1c1<>3.
        let b = board_with(&[(0, 0, "123"), (1, 4, "12"), (0, 3, "13"), (1, 1, "23")]);
        let alses = Alses::collect(&b);
        let mut sink = Sink::unlimited();
        let _ = aligned_pair_exclusion(&b, &alses, &mut sink);
        let steps = sink.into_steps();
        let hit = steps
            .iter()
            .find(|s| {
                s.eliminations == vec![Candidate::new(Cell::at(0, 0), Digit::new(3).unwrap())]
            })
            .expect("r1c1<>3");
        // The first pair found may be r1c1 with r1c4 (excluded by the ALS r2c25 {123}); the
        // step for r1c1 with r2c5 makes the same elimination and is dropped as a duplicate.
        assert!(hit.text.starts_with("Aligned Pair Exclusion: r1c1 {123}, "), "{}", hit.text);
        assert!(hit.text.contains(" excluded by "), "{}", hit.text);
        assert!(hit.highlight.cells.len() >= 3 && !hit.highlight.alternate.is_empty());
    }

    #[test]
    fn no_exclusion_without_excluders() {
        // The same pair without the {23} cell: P=3, Q=2 stays possible.
        let b = board_with(&[(0, 0, "123"), (1, 4, "12"), (0, 3, "13")]);
        let alses = Alses::collect(&b);
        let mut sink = Sink::unlimited();
        let _ = aligned_pair_exclusion(&b, &alses, &mut sink);
        let p = Cell::at(0, 0);
        assert!(sink.into_steps().iter().all(|s| {
            s.eliminations
                .iter()
                .all(|e| !(e.cell == p && e.digit.get() == 3) && e.cell != Cell::at(1, 1))
        }));
    }

    /// The first pass, each ALS's pairs of seeing cells, finds the same steps, in the same
    /// order, as the search pair by pair alone, along real solve paths.
    #[test]
    fn the_pass_over_alses_finds_what_the_pairs_find() {
        let (mut positions, mut with_steps) = (0, 0);
        crate::test_support::path_positions(|b| {
            positions += 1;
            let alses = Alses::collect(b);
            let run = |prefilter| {
                let mut sink = Sink::unlimited();
                let _ = search(b, &alses, &mut sink, prefilter);
                sink.into_steps()
            };
            let all = run(false);
            assert_eq!(run(true), all, "{}", crate::format::to_line(b));
            with_steps += usize::from(!all.is_empty());
        });
        assert!(with_steps > 500, "{with_steps} of {positions} positions with steps");
    }

    #[test]
    fn no_exclusion_in_a_real_position_without_one() {
        // HoDoKu regression library 1.4, line 1406 (an ALS-XZ case): no aligned pair exclusion.
        let b = reglib_line(1406);
        assert!(steps(&b, Technique::AlignedPairExclusion).is_empty());
    }
}
