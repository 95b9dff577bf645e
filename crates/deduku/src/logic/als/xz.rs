//! ALS-XZ (singly and doubly linked), ALS-XY-wing and ALS-XY-chain.
//!
//! All three rest on one implication: when an ALS loses one of its digits, the others are
//! locked into it, so each of its RCCs with a neighbour is true inside it and the neighbour
//! loses that digit in turn. A cell seeing every `z` of the first and of the last ALS of such a
//! chain cannot be `z`: if it were, the first ALS would lose `z`, and the chain would lock `z`
//! into the last one.

use super::{Als, Alses, digit_list, eliminate, highlight_als, rcc_link};
use crate::board::Board;
use crate::grid::{CellSet, Digit, DigitSet};
use crate::logic::{Detail, Sink, Step, Technique};
use std::ops::ControlFlow;

/// The longest ALS-XY-chain searched, in ALSs.
pub(crate) const MAX_CHAIN_ALSES: usize = 7;

/// The cells outside both ALSs that see every `z` of both and still hold `z`.
fn common_targets(board: &Board, a: &Als, b: &Als, z: Digit) -> CellSet {
    a.seers_of(z).intersection(b.seers_of(z)).intersection(board.digit_cells(z))
}

/// ALS-XZ: two ALSs `A`, `B` with an RCC `x`; every other common digit `z` is removed from the
/// cells seeing all `z` of both. With two RCCs (doubly linked) both sets become locked: each
/// RCC is removed from the cells seeing all of its cells in `A ∪ B`, and every other digit
/// from the cells seeing all of its cells in its own ALS.
pub(crate) fn als_xz(board: &Board, alses: &Alses, sink: &mut Sink) -> ControlFlow<()> {
    for (i, a) in alses.list.iter().enumerate() {
        for &(j, rcc) in alses.neighbours(i) {
            let j = j as usize;
            if j <= i {
                continue;
            }
            let b = &alses.list[j];
            let mut step = Step::new(Technique::AlsXz);
            let mut zs = DigitSet::EMPTY;
            if rcc.len() >= 2 {
                for x in rcc.iter() {
                    eliminate(&mut step, common_targets(board, a, b, x), x);
                }
                for s in [a, b] {
                    for z in s.digits.minus(rcc).iter() {
                        eliminate(&mut step, s.seers_of(z).intersection(board.digit_cells(z)), z);
                    }
                }
            } else {
                for z in a.digits.intersection(b.digits).minus(rcc).iter() {
                    let t = common_targets(board, a, b, z);
                    if !t.is_empty() {
                        zs.insert(z);
                        eliminate(&mut step, t, z);
                    }
                }
            }
            if step.eliminations.is_empty() {
                continue;
            }
            let pattern = if rcc.len() >= 2 {
                format!("A={}, B={}, X={}", a.text(), b.text(), digit_list(rcc))
            } else {
                format!(
                    "A={}, B={}, X={}, Z={}",
                    a.text(),
                    b.text(),
                    digit_list(rcc),
                    digit_list(zs)
                )
            };
            highlight_als(&mut step, board, a, true);
            highlight_als(&mut step, board, b, false);
            step.detail = Detail::Parts(vec![a.part(), b.part()]);
            for x in rcc.iter() {
                step.highlight.links.push(rcc_link(a, b, x));
            }
            step.length = 2;
            sink.push(step.with_text(pattern))?;
        }
    }
    ControlFlow::Continue(())
}

/// ALS-XY-wing: a pivot ALS `C` with an RCC `x` to `A` and a different RCC `y` to `B`; a
/// digit `z` (not `x`, not `y`) common to `A` and `B` is removed from the cells seeing all `z`
/// of both.
pub(crate) fn als_xy_wing(board: &Board, alses: &Alses, sink: &mut Sink) -> ControlFlow<()> {
    for (ci, c) in alses.list.iter().enumerate() {
        let nbrs = alses.neighbours(ci);
        for (k, &(ai, ma)) in nbrs.iter().enumerate() {
            let a = &alses.list[ai as usize];
            for &(bi, mb) in &nbrs[k + 1..] {
                let b = &alses.list[bi as usize];
                let common = a.digits.intersection(b.digits);
                if common.is_empty() {
                    continue;
                }
                for x in ma.iter() {
                    for y in mb.iter() {
                        if x == y {
                            continue;
                        }
                        let zs = common.minus(DigitSet::single(x)).minus(DigitSet::single(y));
                        // The targets first: most pivots and pairs remove nothing.
                        let mut targets = [CellSet::EMPTY; 9];
                        let mut used = DigitSet::EMPTY;
                        for z in zs.iter() {
                            targets[z.index()] = common_targets(board, a, b, z);
                            if !targets[z.index()].is_empty() {
                                used.insert(z);
                            }
                        }
                        if used.is_empty() {
                            continue;
                        }
                        let mut step = Step::new(Technique::AlsXyWing);
                        for z in used.iter() {
                            eliminate(&mut step, targets[z.index()], z);
                        }
                        highlight_als(&mut step, board, a, true);
                        highlight_als(&mut step, board, b, false);
                        highlight_als(&mut step, board, c, false);
                        step.detail = Detail::Parts(vec![a.part(), b.part(), c.part()]);
                        step.highlight.links.push(rcc_link(a, c, x));
                        step.highlight.links.push(rcc_link(c, b, y));
                        step.length = 3;
                        let pattern = format!(
                            "A={}, B={}, C={}, X,Y={},{}, Z={}",
                            a.text(),
                            b.text(),
                            c.text(),
                            x,
                            y,
                            digit_list(used)
                        );
                        sink.push(step.with_text(pattern))?;
                    }
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// ALS-XY-chain: ALSs `A1 -x1- A2 -x2- … An` (3 ≤ n ≤ [`MAX_CHAIN_ALSES`]), consecutive RCCs
/// different, no ALS twice; a digit `z` of `A1` and `An` other than `x1` and `x(n-1)` is removed
/// from the cells seeing all `z` of both ends. (Two-ALS chains are ALS-XZ.)
///
/// The search is a dataflow over *facts* "ALS `i` lacks digit `y`" (`i` then holds all its
/// other digits): fact `(i, y)` implies `(j, x)` for every RCC `x ≠ y` of `i` and `j`. For each
/// `z`, every ALS holding `z` is a source carrying the cells that see all its `z`; the cell sets
/// flow along the implications, layer by layer, for at most `MAX_CHAIN_ALSES - 1` links. A fact
/// `(j, x)` reached over two or more links, with `z` in `j` and `x ≠ z`, eliminates `z` from
/// the carried cells that also see all `z` of `j`. Each such elimination is then explained by
/// the shortest simple chain (breadth-first from the sources that see the cell).
pub(crate) fn als_xy_chain(board: &Board, alses: &Alses, sink: &mut Sink) -> ControlFlow<()> {
    let n = alses.list.len();
    let nf = n * 9;
    // `seen[class * nf + fact]`: the target cells that reached the fact over 0, 1, or ≥ 2 links.
    let mut seen = vec![CellSet::EMPTY; 3 * nf];
    let mut pending = vec![CellSet::EMPTY; 3 * nf];
    // The entries of `seen` set for the last digit, cleared one by one for the next: the
    // whole table is 3 × 9 × 16 bytes per ALS, and clearing it nine times per position was
    // 2 % of the default path's instructions.
    let mut dirty: Vec<usize> = Vec::new();
    for z in Digit::all() {
        for k in dirty.drain(..) {
            seen[k] = CellSet::EMPTY;
        }
        let mut frontier: Vec<(usize, usize)> = Vec::new();
        for (i, a) in alses.list.iter().enumerate() {
            if a.digits.contains(z) {
                let t = a.seers_of(z).intersection(board.digit_cells(z));
                if !t.is_empty() {
                    let f = i * 9 + z.index();
                    seen[f] = t;
                    dirty.push(f);
                    frontier.push((0, f));
                }
            }
        }
        if frontier.len() < 2 {
            continue;
        }
        for _ in 1..MAX_CHAIN_ALSES {
            let mut touched: Vec<(usize, usize)> = Vec::new();
            for &(class, f) in &frontier {
                let bits = seen[class * nf + f];
                let (i, y) = (f / 9, f % 9);
                let next_class = (class + 1).min(2);
                for &(j, m) in alses.neighbours(i) {
                    for x in m.iter() {
                        if x.index() == y {
                            continue;
                        }
                        let g = next_class * nf + j as usize * 9 + x.index();
                        let new = bits.minus(seen[g]);
                        if !new.is_empty() {
                            if pending[g].is_empty() {
                                touched.push((next_class, j as usize * 9 + x.index()));
                            }
                            pending[g] = pending[g].union(new);
                        }
                    }
                }
            }
            frontier.clear();
            for &(class, g) in &touched {
                let k = class * nf + g;
                if seen[k].is_empty() {
                    dirty.push(k);
                }
                seen[k] = seen[k].union(pending[k]);
                pending[k] = CellSet::EMPTY;
                frontier.push((class, g));
            }
            if frontier.is_empty() {
                break;
            }
        }
        let mut done = CellSet::EMPTY;
        for (j, end) in alses.list.iter().enumerate() {
            if !end.digits.contains(z) {
                continue;
            }
            for x in end.digits.iter() {
                if x == z {
                    continue;
                }
                let hits =
                    seen[2 * nf + j * 9 + x.index()].intersection(end.seers_of(z)).minus(done);
                for t in hits.iter() {
                    if done.contains(t) {
                        continue;
                    }
                    if let Some(path) = shortest_chain(alses, z, t, j * 9 + x.index()) {
                        let eliminated = report(board, alses, &path, z, sink)?;
                        done = done.union(eliminated);
                    }
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// The shortest simple chain (as facts, first to last) from an ALS holding `z` whose `z` cells
/// all see `t` to the fact `end`, over at least two links.
fn shortest_chain(alses: &Alses, z: Digit, t: crate::grid::Cell, end: usize) -> Option<Vec<usize>> {
    // States: (fact, class) with class = min(links, 2); parents index into `nodes`.
    let mut nodes: Vec<(usize, usize, u32)> = Vec::new();
    let mut visited = std::collections::HashSet::new();
    for (i, a) in alses.list.iter().enumerate() {
        if a.digits.contains(z) && a.seers_of(z).contains(t) {
            let f = i * 9 + z.index();
            nodes.push((f, 0, u32::MAX));
            visited.insert((f, 0));
        }
    }
    let mut head = 0;
    while head < nodes.len() {
        let (f, class, _) = nodes[head];
        let path = path_of(&nodes, head);
        if class == 2 && f == end {
            return Some(path);
        }
        let depth = path.len();
        if depth < MAX_CHAIN_ALSES {
            let (i, y) = (f / 9, f % 9);
            for &(j, m) in alses.neighbours(i) {
                let j = j as usize;
                if path.iter().any(|&p| p / 9 == j) {
                    continue;
                }
                for x in m.iter() {
                    if x.index() == y {
                        continue;
                    }
                    let g = j * 9 + x.index();
                    let c = (class + 1).min(2);
                    if visited.insert((g, c)) {
                        nodes.push((g, c, head as u32));
                    }
                }
            }
        }
        head += 1;
    }
    None
}

fn path_of(nodes: &[(usize, usize, u32)], mut k: usize) -> Vec<usize> {
    let mut path = Vec::new();
    loop {
        path.push(nodes[k].0);
        if nodes[k].2 == u32::MAX {
            break;
        }
        k = nodes[k].2 as usize;
    }
    path.reverse();
    path
}

/// Pushes the step of a chain given as facts (the first fact's digit is `z`); returns the
/// cells it eliminates `z` from.
fn report(
    board: &Board,
    alses: &Alses,
    path: &[usize],
    z: Digit,
    sink: &mut Sink,
) -> ControlFlow<(), CellSet> {
    let first = &alses.list[path[0] / 9];
    let last = &alses.list[path[path.len() - 1] / 9];
    let targets =
        first.seers_of(z).intersection(last.seers_of(z)).intersection(board.digit_cells(z));
    let mut step = Step::new(Technique::AlsXyChain);
    eliminate(&mut step, targets, z);
    let mut pattern = format!("{z}-");
    for (k, &f) in path.iter().enumerate() {
        let als = &alses.list[f / 9];
        highlight_als(&mut step, board, als, k == 0);
        pattern.push(' ');
        pattern.push_str(&als.text());
        if let Some(&g) = path.get(k + 1) {
            let x = Digit::from_index(g % 9);
            pattern.push_str(&format!(" -{x}-"));
            step.highlight.links.push(rcc_link(als, &alses.list[g / 9], x));
        }
    }
    pattern.push_str(&format!(" -{z}"));
    step.length = path.len() as u16;
    step.detail = Detail::Parts(path.iter().map(|&f| alses.list[f / 9].part()).collect());
    match sink.push(step.with_text(pattern)) {
        ControlFlow::Break(()) => ControlFlow::Break(()),
        ControlFlow::Continue(()) => ControlFlow::Continue(targets),
    }
}

#[cfg(test)]
mod tests {
    use crate::logic::Technique;
    use crate::test_support::{cands, reglib_board, steps};

    fn has_exact(line: &str, t: Technique, want: &str) -> bool {
        let b = reglib_board(line);
        let want = cands(want);
        steps(&b, t).iter().any(|s| s.eliminations == want)
    }

    #[test]
    fn als_xz_singly_linked() {
        // HoDoKu regression library 1.4, line 1406 (0901-1).
        let line = ":0901-1:3:.24.6.+7..5.74.9.1.....+7......+5.9+4+87+14+7.+6.85.3..8..7.6.+7......46.+46..3.+57.5.7+4+61..:314 819 225 134 237 937 238 938 239 839 269 372 972 973 274 291 891 999:327::";
        assert!(has_exact(line, Technique::AlsXz, "327"));
        let b = reglib_board(line);
        let s = steps(&b, Technique::AlsXz);
        assert!(
            s.iter().all(|s| s.length == 2 && s.text.starts_with("Almost Locked Set XZ-Rule: A="))
        );
    }

    #[test]
    fn als_xz_doubly_linked() {
        // HoDoKu regression library 1.4, line 1421 (0901-2).
        let line = ":0901-2:12357:9..17....4.1....7..7...31..14...6.98.9248173.38.5.......48...2.......6.7....6...3:793:172 244 385 571 572 796::";
        assert!(has_exact(line, Technique::AlsXz, "172 244 385 571 572 796"));
    }

    #[test]
    fn als_xy_wing() {
        // HoDoKu regression library 1.4, line 1429 (0902-1): the pivot is the 4-cell ALS
        // r1c1,r1c2,r2c3,r3c3 {35789}, linked by 7 and 9 to r6c37 {278} and a 5-cell box ALS.
        let line = ":0902-1:2:..4..7...12....7...6.1...8.+24678+1+3+59.+19.....453.69+4.1....4325...................8:626 257 258 771 773 781 881 882 783 883 585 685 791 793 595 695:237::";
        assert!(has_exact(line, Technique::AlsXyWing, "237"));
        // No ALS-XZ applies in that position.
        assert!(steps(&reglib_board(line), Technique::AlsXz).is_empty());
    }

    #[test]
    fn als_xy_chain() {
        // HoDoKu regression library 1.4, line 1445 (0903-1), a chain through overlapping ALSs.
        let line = ":0903-1:7:..7..5..4+5......16+4.....5..3..9....+58.4+5......56378+1+4.+7+4+5+8+32+961+1+8346925+7..91+5+7+4..:212 612 215 318 225 232 235 636 338 339 145 357 258 259:758::";
        let b = reglib_board(line);
        let s = steps(&b, Technique::AlsXyChain);
        let hit = s.iter().find(|s| s.eliminations == cands("758")).expect("chain found");
        assert!(hit.length >= 3 && hit.highlight.links.len() == hit.length as usize - 1);
    }
}
