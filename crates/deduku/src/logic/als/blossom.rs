//! Death blossom: a stem cell and one ALS ("petal") per stem candidate.
//!
//! For each candidate `d` of the stem, a petal is an ALS holding `d` whose `d` cells all see
//! the stem. Whatever the stem's digit, the petal of that digit loses it and locks its other
//! digits. A digit `z` in every petal is therefore true in one of them, and a cell seeing all
//! `z` of all petals cannot be `z`. When the stem itself holds `z`, the stem's `z` needs no
//! petal: the eliminated cells must then see the stem instead. Petals may overlap (HoDoKu's
//! type 2); the logic looks at one petal at a time.

use super::{Als, Alses};
use crate::board::Board;
use crate::grid::{Candidate, Cell, CellSet, Digit, DigitSet};
use crate::logic::{Detail, Link, Node, Sink, Step, Technique};
use std::ops::ControlFlow;

/// How many partial blossoms one call may try before giving up (a safety bound; real
/// positions stay far below it).
const NODE_BUDGET: usize = 200_000;

/// Finds death blossoms.
pub(crate) fn death_blossom(board: &Board, alses: &Alses, sink: &mut Sink) -> ControlFlow<()> {
    let mut budget = NODE_BUDGET;
    // Every ALS that could be a petal of a stem's digit `d`: it holds `d`, and all its `d`
    // cells see the stem (a cell with two candidates or more). Keyed by `stem * 9 + d`, in ALS
    // order; built once per position, and each `z` below keeps the ALSs that hold `z` with a
    // `z` cell to remove.
    let mut keyed: Vec<(u16, u32)> = Vec::new();
    for (i, a) in alses.list.iter().enumerate() {
        for d in a.digits.iter() {
            for s in a.seers_of(d).iter() {
                if board.candidates(s).len() >= 2 {
                    keyed.push(((s.index() * 9 + d.index()) as u16, i as u32));
                }
            }
        }
    }
    // Pushed in increasing ALS index, so a stable sort by key orders by (key, index).
    crate::sort::sort_by_small_key(&mut keyed, 81 * 9, |e| usize::from(e.0));
    let petals_of = |s: Cell, d: Digit| -> &[(u16, u32)] {
        let k = (s.index() * 9 + d.index()) as u16;
        let lo = keyed.partition_point(|e| e.0 < k);
        let hi = keyed.partition_point(|e| e.0 <= k);
        &keyed[lo..hi]
    };
    let mut eligible = vec![false; alses.list.len()];
    for z in Digit::all() {
        let zcells = board.digit_cells(z);
        let mut any = false;
        for (i, a) in alses.list.iter().enumerate() {
            eligible[i] = a.digits.contains(z) && a.seers_of(z).intersects(zcells);
            any |= eligible[i];
        }
        if !any {
            continue;
        }
        for stem in Cell::all() {
            let cands = board.candidates(stem);
            if cands.len() < 2 {
                continue;
            }
            let digits = cands.minus(DigitSet::single(z));
            if digits.len() < 2 {
                continue;
            }
            // Per stem digit, its petals' list and how many of them hold `z`.
            let mut lists: Vec<Petals> = digits
                .iter()
                .map(|d| {
                    let all = petals_of(stem, d);
                    (d, all, all.iter().filter(|e| eligible[e.1 as usize]).count())
                })
                .collect();
            if lists.iter().any(|l| l.2 == 0) {
                continue;
            }
            crate::sort::sort_by_key(&mut lists, |l| l.2);
            let mut targets = zcells.minus(CellSet::single(stem));
            if cands.contains(z) {
                targets = targets.intersection(stem.peers());
            }
            let mut chosen = Vec::with_capacity(lists.len());
            let blossom = Blossom { board, alses, stem, z, lists: &lists, eligible: &eligible };
            blossom.grow(targets, &mut chosen, &mut budget, sink)?;
            if budget == 0 {
                return ControlFlow::Continue(());
            }
        }
    }
    ControlFlow::Continue(())
}

/// A stem digit, the ALSs that could be its petal (any `z`), and how many of them hold the
/// `z` searched.
type Petals<'a> = (Digit, &'a [(u16, u32)], usize);

/// One stem and digit `z` under search, with the petal candidates per stem digit.
struct Blossom<'a> {
    board: &'a Board,
    alses: &'a Alses,
    stem: Cell,
    z: Digit,
    lists: &'a [Petals<'a>],
    /// Per ALS, whether it holds `z` with a `z` cell to remove: only those are petals here.
    eligible: &'a [bool],
}

impl Blossom<'_> {
    fn grow(
        &self,
        targets: CellSet,
        chosen: &mut Vec<usize>,
        budget: &mut usize,
        sink: &mut Sink,
    ) -> ControlFlow<()> {
        if *budget == 0 {
            return ControlFlow::Continue(());
        }
        *budget -= 1;
        let level = chosen.len();
        if level == self.lists.len() {
            return self.report(targets, chosen, sink);
        }
        for &(_, p) in self.lists[level].1 {
            if !self.eligible[p as usize] {
                continue;
            }
            let t = targets.intersection(self.alses.list[p as usize].seers_of(self.z));
            if t.is_empty() {
                continue;
            }
            chosen.push(p as usize);
            self.grow(t, chosen, budget, sink)?;
            chosen.pop();
        }
        ControlFlow::Continue(())
    }

    fn report(&self, targets: CellSet, chosen: &[usize], sink: &mut Sink) -> ControlFlow<()> {
        let (board, stem, z) = (self.board, self.stem, self.z);
        let mut step = Step::new(Technique::DeathBlossom);
        for c in targets.iter() {
            step.eliminations.push(Candidate::new(c, z));
        }
        step.highlight.cells.push(stem);
        for d in board.candidates(stem).iter() {
            step.highlight.candidates.push(Candidate::new(stem, d));
        }
        let mut pattern = format!("stem {stem} {{{}}}", board.candidates(stem));
        // Petals in stem-digit order.
        let mut petals: Vec<(Digit, &Als)> =
            self.lists.iter().zip(chosen).map(|(l, &p)| (l.0, &self.alses.list[p])).collect();
        crate::sort::sort_by_key(&mut petals, |p| p.0);
        for (d, als) in &petals {
            super::highlight_als(&mut step, board, als, false);
            step.highlight.links.push(Link {
                from: Node::cand(stem, *d),
                to: Node { digit: *d, cells: als.cells_with(*d) },
                strong: false,
            });
            pattern.push_str(&format!(", {d}: {}", als.text()));
        }
        pattern.push_str(&format!(", Z={z}"));
        step.length = petals.len() as u16;
        step.detail = Detail::Parts(petals.iter().map(|(_, als)| als.part()).collect());
        sink.push(step.with_text(pattern))
    }
}

#[cfg(test)]
mod tests {
    use crate::logic::Technique;
    use crate::test_support::{cands, reglib_board, reglib_line, steps};

    #[test]
    fn death_blossom_without_overlap() {
        // HoDoKu regression library 1.4, the first 0904-1 case.
        let text = include_str!("../../../tests/data/techniques/hodoku-reglib-1.4.txt");
        let line = text.lines().find(|l| l.starts_with(":0904-1:")).expect("case");
        let want = cands(line.split(':').nth(5).expect("eliminations"));
        let s = steps(&reglib_board(line), Technique::DeathBlossom);
        let all: Vec<_> = s.iter().flat_map(|s| s.eliminations.clone()).collect();
        assert!(want.iter().all(|k| all.contains(k)));
        assert!(s.iter().all(|s| s.text.starts_with("Death Blossom: stem r") && s.length >= 2));
    }

    #[test]
    fn no_death_blossom_where_none_exists() {
        // HoDoKu regression library 1.4, line 1429 (an ALS-XY-wing case): no death blossom.
        assert!(steps(&reglib_line(1429), Technique::DeathBlossom).is_empty());
    }
}
