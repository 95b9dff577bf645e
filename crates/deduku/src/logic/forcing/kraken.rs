//! Kraken fish (HoDoKu's type 1): a finned X-Wing, Swordfish or Jellyfish (rows or columns)
//! and a candidate of the fish digit in a cover line outside the base lines. Without its fins
//! the fish removes that candidate; when every fin, assumed true, removes it too through a
//! forcing chain, it goes either way.
//!
//! Text: `Kraken Fish: Finned Swordfish 4 r1,r5,r9 c2,c5,c8 (fins r1c1,r3c4): r1c1=4 -> …
//! -> r7c2<>4; r3c4=4 -> … -> r7c2<>4 => r7c2<>4`. The chains come from the chain search of
//! the full link graph (one predecessor per implication).

use super::net::{Mode, Net, lit};
use crate::board::Board;
use crate::grid::{Candidate, Cell, CellSet, Digit, House};
use crate::logic::proof::{Clash, Ending, Proof};
use crate::logic::step::fmt_houses_short;
use crate::logic::{Detail, Sink, Step, Technique};
use std::ops::ControlFlow;

/// At most this many cover lines beyond the fish size hold base candidates (fins).
const MAX_EXTRA_LINES: u32 = 2;

/// Finds kraken fish.
pub(crate) fn find(board: &Board, sink: &mut Sink) -> ControlFlow<()> {
    let reach = crate::logic::chains::full_reach(board);
    // Per target candidate, the smallest fish (fewest base lines, then fewest fins) found.
    let mut best: Vec<Option<Fish>> = vec![None; 729];
    for d in Digit::all() {
        let dc = board.digit_cells(d);
        // Per candidate cell of the digit, the cells whose candidate it removes when on.
        let mut kills = [CellSet::EMPTY; 81];
        for f in dc.iter() {
            if let Some(bits) = reach.from(lit(f, d, true)) {
                for x in dc.iter() {
                    if bits.contains(lit(x, d, false)) {
                        kills[f.index()].insert(x);
                    }
                }
            }
        }
        for rows in [true, false] {
            let line = |i: usize| if rows { House::row(i) } else { House::col(i) };
            let cover_line = |i: usize| if rows { House::col(i) } else { House::row(i) };
            // Per line, the positions of the digit (bit = column for rows, row for columns).
            let mut masks = [0u16; 9];
            for (i, m) in masks.iter_mut().enumerate() {
                for c in board.house_digit_cells(line(i), d).iter() {
                    *m |= 1 << if rows { c.col() } else { c.row() };
                }
            }
            let lines: u16 = (0..9).filter(|&i| masks[i] != 0).fold(0, |a, i| a | 1 << i);
            let line_sets: Vec<CellSet> = (0..9).map(|i| line(i).cell_set()).collect();
            let cover_sets: Vec<CellSet> =
                (0..9).map(|i| cover_line(i).cell_set().intersection(dc)).collect();
            for base in subsets(lines) {
                let n = base.count_ones();
                if !(2..=4).contains(&n) {
                    continue;
                }
                let union = (0..9).filter(|&i| base & 1 << i != 0).fold(0, |a, i| a | masks[i]);
                let k = union.count_ones();
                if k <= n || k > n + MAX_EXTRA_LINES {
                    continue;
                }
                let base_lines = (0..9)
                    .filter(|&i| base & 1 << i != 0)
                    .fold(CellSet::EMPTY, |a, i| a.union(line_sets[i]));
                let base_cells = base_lines.intersection(dc);
                for cover in subsets(union).filter(|c| c.count_ones() == n) {
                    let cover_cells = (0..9)
                        .filter(|&c| cover & 1 << c != 0)
                        .fold(CellSet::EMPTY, |a, c| a.union(cover_sets[c]));
                    let fins = base_cells.minus(cover_cells);
                    let targets = cover_cells.minus(base_lines);
                    if targets.is_empty() {
                        continue;
                    }
                    // What every fin, assumed true, removes.
                    let kill = fins.iter().fold(targets, |a, f| a.intersection(kills[f.index()]));
                    for x in kill.iter() {
                        // A plain finned fish: every fin sees the target.
                        if fins.iter().all(|f| f.sees(x)) {
                            continue;
                        }
                        let slot = &mut best[x.index() * 9 + d.index()];
                        let size = (n, fins.len());
                        if slot.is_none_or(|b| size < (b.0, b.1)) {
                            *slot = Some((n, fins.len(), base, cover, rows, fins));
                        }
                    }
                }
            }
        }
    }
    // Smallest fish first; steps are built (their chains traced) only as the sink takes them.
    let mut found: Vec<_> = best
        .into_iter()
        .enumerate()
        .filter_map(|(i, b)| b.map(|b| (Candidate::from_index(i), b)))
        .collect();
    crate::sort::sort_by_key(&mut found, |(k, b)| (b.0, b.1, *k));
    for (k, (_, _, base, cover, rows, fins)) in found {
        let houses = |m: u16, row: bool| {
            (0..9)
                .filter(|&i| m & 1 << i != 0)
                .map(|i| if row { House::row(i) } else { House::col(i) })
                .collect::<Vec<_>>()
        };
        let (bases, covers) = (houses(base, rows), houses(cover, !rows));
        if let Some(s) = step(board, k.digit, &bases, &covers, fins, k.cell) {
            sink.push(s)?;
        }
    }
    ControlFlow::Continue(())
}

/// A fish found for a target: its size, its number of fins, the base and cover lines (bit
/// masks), whether the base lines are rows, and the fin cells.
type Fish = (u32, u32, u16, u16, bool, CellSet);

/// The subsets of a 9-bit mask.
fn subsets(mask: u16) -> impl Iterator<Item = u16> {
    let mut s = mask;
    let mut done = false;
    std::iter::from_fn(move || {
        if done {
            return None;
        }
        let out = s;
        if s == 0 {
            done = true;
        } else {
            s = (s - 1) & mask;
        }
        Some(out)
    })
}

fn step(
    board: &Board,
    d: Digit,
    bases: &[House],
    covers: &[House],
    fins: CellSet,
    x: Cell,
) -> Option<Step> {
    let mut s = Step::new(Technique::KrakenFish);
    let target = lit(x, d, false);
    let mut chains = Vec::new();
    let mut chain_lits = Vec::new();
    let mut length = bases.len();
    for f in fins.iter() {
        let mut net = Net::new(board, Mode::Chain);
        net.run(lit(f, d, true));
        if !net.has(target) {
            return None;
        }
        let lits = net.explain(&[target]);
        length += lits.len();
        s.highlight.links.extend(net.links(&lits));
        chains.push(net.chain_text(target));
        chain_lits.push(net.chain_lits(target));
    }
    s.eliminations.push(Candidate::new(x, d));
    let proof = proof(board, d, bases, covers, x).map(|mut p| {
        p.minimize(board);
        Box::new(p)
    });
    s.highlight.houses = bases.to_vec();
    s.highlight.cover_houses = covers.to_vec();
    for h in bases {
        for c in board.house_digit_cells(*h, d).minus(fins).iter() {
            s.highlight.candidates.push(Candidate::new(c, d));
        }
    }
    s.highlight.fins = fins.iter().map(|c| Candidate::new(c, d)).collect();
    s.length = length as u16;
    s.detail = Detail::Forcing { house: None, reason: String::new(), chains: chain_lits, proof };
    let name = match bases.len() {
        2 => "X-Wing",
        3 => "Swordfish",
        _ => "Jellyfish",
    };
    let fin_text = fins.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(",");
    Some(s.with_text(format!(
        "Finned {name} {d} {} {} (fins {fin_text}): {}",
        fmt_houses_short(bases),
        fmt_houses_short(covers),
        chains.join("; ")
    )))
}

/// The proof of a kraken fish removing `d` from `x`, as a contradiction: assume `x` is `d`; a
/// forcing net from there rules out every fin and the base cells in `x`'s cover line, and
/// the base lines' `d`s then fit only in the other cover lines, one fewer than the bases
/// ([`Clash::Fish`]); or the net meets a contradiction on its own. `None` when the net
/// reaches neither (the chains from the fins, reversed, are net implications, so it should).
fn proof(board: &Board, d: Digit, bases: &[House], covers: &[House], x: Cell) -> Option<Proof> {
    let mut net = Net::new(board, Mode::Net);
    net.run(lit(x, d, true));
    if net.contradiction.is_some() {
        return net.prove_contradiction(&[], &mut |_| None);
    }
    let cover: Vec<House> = covers.iter().copied().filter(|h| !h.cell_set().contains(x)).collect();
    let lines = |hs: &[House]| hs.iter().fold(CellSet::EMPTY, |a, h| a.union(h.cell_set()));
    let outside = board.digit_cells(d).intersection(lines(bases)).minus(lines(&cover));
    let targets: Vec<_> = outside.iter().map(|c| lit(c, d, false)).collect();
    if !targets.iter().all(|&t| net.has(t)) {
        return None;
    }
    let mut out = Vec::new();
    let ends = net.prove(&mut out, &targets, 0, &[], &mut |_| None);
    let clash = Clash::Fish { digit: d, base: bases.to_vec(), cover };
    Some(Proof { lines: out, ending: Ending::Contradiction { clash, lines: ends } })
}
