//! Wings: XY-, XYZ-, W-, WXYZ-wing and remote pairs.
//!
//! All five are small patterns of cells with few candidates whose digits are forced into one
//! another; each eliminates one digit (two for a remote pair) from the cells that see every
//! cell of the pattern holding it.

use crate::board::Board;
use crate::grid::{Candidate, Cell, CellSet, Digit, DigitSet, House};
use crate::logic::step::{Link, Node, fmt_cells};
use crate::logic::{Sink, Step, Technique};
use std::ops::ControlFlow;

/// Finds the instances of `technique` (one of this family's) and pushes them into `sink`.
pub fn find(board: &Board, technique: Technique, sink: &mut Sink) -> ControlFlow<()> {
    match technique {
        Technique::XyWing => xy_wing(board, sink),
        Technique::XyzWing => xyz_wing(board, sink),
        Technique::WWing => w_wing(board, sink),
        Technique::WxyzWing => wxyz_wing(board, sink),
        Technique::RemotePair => remote_pair(board, sink),
        _ => ControlFlow::Continue(()),
    }
}

/// The empty cells with exactly two candidates.
fn bivalue_cells(board: &Board) -> CellSet {
    Cell::all().filter(|&c| board.candidates(c).len() == 2).collect()
}

/// The cells holding `d` as a candidate that see every cell of `cells` (and are not in it).
fn eliminable(board: &Board, d: Digit, cells: CellSet) -> CellSet {
    board.digit_cells(d).intersection(cells.common_peers())
}

fn elims(d: Digit, cells: CellSet) -> impl Iterator<Item = Candidate> {
    cells.iter().map(move |c| Candidate::new(c, d))
}

fn strong(a: Node, b: Node) -> Link {
    Link { from: a, to: b, strong: true }
}

fn weak(a: Node, b: Node) -> Link {
    Link { from: a, to: b, strong: false }
}

/// Pivot `{x,y}`, pincers `{x,z}` and `{y,z}` that see the pivot: `z` goes from every cell
/// seeing both pincers (one of them is `z`).
fn xy_wing(board: &Board, sink: &mut Sink) -> ControlFlow<()> {
    let bi = bivalue_cells(board);
    for pivot in bi.iter() {
        let pc = board.candidates(pivot);
        let mut ds = pc.iter();
        let (Some(x), Some(y)) = (ds.next(), ds.next()) else { continue };
        let wings = bi.intersection(pivot.peers());
        for p1 in wings.iter() {
            let c1 = board.candidates(p1);
            if !c1.contains(x) || c1.contains(y) {
                continue;
            }
            let Some(z) = c1.minus(DigitSet::single(x)).first() else { continue };
            let want2: DigitSet = [y, z].into_iter().collect();
            for p2 in wings.iter() {
                if board.candidates(p2) != want2 {
                    continue;
                }
                let pincers: CellSet = [p1, p2].into_iter().collect();
                let targets = eliminable(board, z, pincers);
                if targets.is_empty() {
                    continue;
                }
                let mut s = Step::new(Technique::XyWing);
                s.eliminations.extend(elims(z, targets));
                s.highlight.cells = vec![pivot, p1, p2];
                for (c, ds) in [(pivot, [x, y]), (p1, [x, z]), (p2, [y, z])] {
                    for d in ds {
                        let k = Candidate::new(c, d);
                        if d == z {
                            s.highlight.alternate.push(k);
                        } else {
                            s.highlight.candidates.push(k);
                        }
                    }
                }
                let n = Node::cand;
                s.highlight.links = vec![
                    strong(n(p1, z), n(p1, x)),
                    weak(n(p1, x), n(pivot, x)),
                    strong(n(pivot, x), n(pivot, y)),
                    weak(n(pivot, y), n(p2, y)),
                    strong(n(p2, y), n(p2, z)),
                ];
                s.length = 3;
                sink.push(s.with_text(format!("{x}/{y}/{z} in {}", fmt_cells([pivot, p1, p2]))))?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// Pivot `{x,y,z}`, pincers `{x,z}` and `{y,z}` that see the pivot: `z` goes from every cell
/// seeing all three.
fn xyz_wing(board: &Board, sink: &mut Sink) -> ControlFlow<()> {
    let bi = bivalue_cells(board);
    for pivot in Cell::all() {
        let pc = board.candidates(pivot);
        if pc.len() != 3 {
            continue;
        }
        let wings = bi.intersection(pivot.peers());
        for p1 in wings.iter() {
            let c1 = board.candidates(p1);
            if !c1.is_subset(pc) {
                continue;
            }
            for p2 in wings.iter().filter(|&p2| p2 > p1) {
                let c2 = board.candidates(p2);
                if !c2.is_subset(pc) || c2 == c1 {
                    continue;
                }
                let Some(z) = c1.intersection(c2).single_digit() else { continue };
                let cells: CellSet = [pivot, p1, p2].into_iter().collect();
                let targets = eliminable(board, z, cells);
                if targets.is_empty() {
                    continue;
                }
                let mut s = Step::new(Technique::XyzWing);
                s.eliminations.extend(elims(z, targets));
                s.highlight.cells = vec![pivot, p1, p2];
                for c in [pivot, p1, p2] {
                    for d in board.candidates(c).iter() {
                        let k = Candidate::new(c, d);
                        if d == z {
                            s.highlight.alternate.push(k);
                        } else {
                            s.highlight.candidates.push(k);
                        }
                    }
                }
                s.length = 3;
                let others = pc.minus(DigitSet::single(z));
                let digits: Vec<String> = others.iter().chain([z]).map(|d| d.to_string()).collect();
                sink.push(s.with_text(format!(
                    "{} in {}",
                    digits.join("/"),
                    fmt_cells([pivot, p1, p2])
                )))?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// Two cells `{x,y}` that do not see each other, joined by a strong link on `x` (the link's
/// ends see one cell each): one of the cells is `y`, so `y` goes from cells seeing both.
fn w_wing(board: &Board, sink: &mut Sink) -> ControlFlow<()> {
    let bi = bivalue_cells(board);
    for c1 in bi.iter() {
        let pair = board.candidates(c1);
        for c2 in bi.iter().filter(|&c2| c2 > c1 && board.candidates(c2) == pair) {
            if c1.sees(c2) {
                continue;
            }
            let both: CellSet = [c1, c2].into_iter().collect();
            for (x, y) in [(0, 1), (1, 0)] {
                let ds: Vec<Digit> = pair.iter().collect();
                let (x, y) = (ds[x], ds[y]);
                let targets = eliminable(board, y, both);
                if targets.is_empty() {
                    continue;
                }
                for h in House::all() {
                    let link = board.house_digit_cells(h, x);
                    if link.len() != 2 || link.intersects(both) {
                        continue;
                    }
                    let mut it = link.iter();
                    let (Some(a), Some(b)) = (it.next(), it.next()) else { continue };
                    let (a, b) = if a.sees(c1) && b.sees(c2) {
                        (a, b)
                    } else if b.sees(c1) && a.sees(c2) {
                        (b, a)
                    } else {
                        continue;
                    };
                    let mut s = Step::new(Technique::WWing);
                    s.eliminations.extend(elims(y, targets));
                    s.highlight.cells = vec![c1, c2];
                    for c in [c1, c2] {
                        s.highlight.candidates.push(Candidate::new(c, x));
                        s.highlight.alternate.push(Candidate::new(c, y));
                    }
                    s.highlight.candidates.push(Candidate::new(a, x));
                    s.highlight.candidates.push(Candidate::new(b, x));
                    s.highlight.houses.push(h);
                    let n = Node::cand;
                    s.highlight.links = vec![
                        strong(n(c1, y), n(c1, x)),
                        weak(n(c1, x), n(a, x)),
                        strong(n(a, x), n(b, x)),
                        weak(n(b, x), n(c2, x)),
                        strong(n(c2, x), n(c2, y)),
                    ];
                    s.length = 4;
                    sink.push(
                        s.with_text(format!("{y}/{x} in {c1},{c2} connected by {x} in {a},{b}")),
                    )?;
                    break;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// Four cells holding four digits between them, of which exactly one (`z`) is not restricted
/// (its cells in the pattern do not all see each other): if `z` were in none of them, the
/// four cells would hold only three digits, each at most once. So `z` goes from every cell
/// seeing all the pattern's `z` cells. Cells are joined (every cell sees another one).
fn wxyz_wing(board: &Board, sink: &mut Sink) -> ControlFlow<()> {
    // Cells with 2–4 candidates, grouped by digit quadruple below.
    let small: Vec<Cell> =
        Cell::all().filter(|&c| (2..=4).contains(&board.candidates(c).len())).collect();
    let mut pool: Vec<Cell> = Vec::with_capacity(32);
    for quad in 0u16..0x200 {
        if quad.count_ones() != 4 {
            continue;
        }
        let qs = DigitSet::from_bits(quad);
        pool.clear();
        pool.extend(small.iter().copied().filter(|&c| board.candidates(c).is_subset(qs)));
        let n = pool.len();
        // More than `MAX_WXYZ_POOL` cells inside one quadruple happens only in contrived
        // pencil marks; the search is bounded rather than allowed to explode.
        if !(4..=MAX_WXYZ_POOL).contains(&n) {
            continue;
        }
        for i in 0..n {
            for j in i + 1..n {
                for k in j + 1..n {
                    for l in k + 1..n {
                        let cells = [pool[i], pool[j], pool[k], pool[l]];
                        wxyz_check(board, qs, cells, sink)?;
                    }
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// The most cells with candidates inside one digit quadruple that the WXYZ-Wing search
/// combines (C(32, 4) = 35,960 sets).
const MAX_WXYZ_POOL: usize = 32;

fn wxyz_check(board: &Board, qs: DigitSet, cells: [Cell; 4], sink: &mut Sink) -> ControlFlow<()> {
    let union = cells.iter().fold(DigitSet::EMPTY, |a, &c| a.union(board.candidates(c)));
    if union != qs {
        return ControlFlow::Continue(());
    }
    // Every cell must see another one, and the pattern must be connected.
    let set: CellSet = cells.iter().copied().collect();
    let mut reach = CellSet::single(cells[0]);
    for _ in 0..3 {
        for c in reach.iter() {
            reach = reach.union(c.peers().intersection(set));
        }
    }
    if reach != set {
        return ControlFlow::Continue(());
    }
    let mut z = None;
    for d in qs.iter() {
        let dc: Vec<Cell> = cells.iter().copied().filter(|&c| board.has_candidate(c, d)).collect();
        let restricted = dc.iter().enumerate().all(|(i, a)| dc[i + 1..].iter().all(|b| a.sees(*b)));
        if !restricted {
            if z.is_some() {
                return ControlFlow::Continue(());
            }
            z = Some(d);
        }
    }
    let Some(z) = z else { return ControlFlow::Continue(()) };
    let zcells: CellSet = cells.iter().copied().filter(|&c| board.has_candidate(c, z)).collect();
    let targets = eliminable(board, z, zcells);
    if targets.is_empty() {
        return ControlFlow::Continue(());
    }
    let mut s = Step::new(Technique::WxyzWing);
    s.eliminations.extend(elims(z, targets));
    s.highlight.cells = cells.to_vec();
    for &c in &cells {
        for d in board.candidates(c).iter() {
            let k = Candidate::new(c, d);
            if d == z {
                s.highlight.alternate.push(k);
            } else {
                s.highlight.candidates.push(k);
            }
        }
    }
    s.length = 4;
    let digits: Vec<String> =
        qs.minus(DigitSet::single(z)).iter().chain([z]).map(|d| d.to_string()).collect();
    sink.push(s.with_text(format!("{} in {}", digits.join("/"), fmt_cells(cells))))
}

/// Longest remote-pair chain followed (in cells); chains are short in practice because a house
/// holds at most two cells with the same pair.
const MAX_REMOTE_PAIR: usize = 24;

/// A chain of at least four cells with the same two candidates, each seeing the next: the
/// cells alternate between the two digits, so a cell seeing two chain cells an odd number of
/// links apart (three or more) holds neither digit.
fn remote_pair(board: &Board, sink: &mut Sink) -> ControlFlow<()> {
    let bi = bivalue_cells(board);
    let mut done = CellSet::EMPTY;
    for start in bi.iter() {
        if done.contains(start) {
            continue;
        }
        let pair = board.candidates(start);
        let same: CellSet = bi.iter().filter(|&c| board.candidates(c) == pair).collect();
        // The connected component of `start`.
        let mut comp = CellSet::single(start);
        loop {
            let mut next = comp;
            for c in comp.iter() {
                next = next.union(c.peers().intersection(same));
            }
            if next == comp {
                break;
            }
            comp = next;
        }
        done = done.union(comp);
        if comp.len() < 4 {
            continue;
        }
        // Three cells with the same pair in one house is a contradiction (a board `check`
        // does not catch); such a component is left alone, which also keeps every cell's
        // neighbours to at most three and the walk below small.
        if House::all().any(|h| h.cell_set().intersection(comp).len() > 2) {
            continue;
        }
        // Chains start at an end of the component (a cell with one neighbour) or, in a
        // component without ends, anywhere.
        let ends: CellSet =
            comp.iter().filter(|c| c.peers().intersection(comp).len() == 1).collect();
        let starts = if ends.is_empty() { comp } else { ends };
        let mut path: Vec<Cell> = Vec::with_capacity(MAX_REMOTE_PAIR);
        for s in starts.iter() {
            path.clear();
            path.push(s);
            remote_pair_dfs(board, pair, comp, &mut path, sink)?;
        }
    }
    ControlFlow::Continue(())
}

fn remote_pair_dfs(
    board: &Board,
    pair: DigitSet,
    comp: CellSet,
    path: &mut Vec<Cell>,
    sink: &mut Sink,
) -> ControlFlow<()> {
    let last = *path.last().unwrap_or_else(|| unreachable!());
    let used: CellSet = path.iter().copied().collect();
    let nexts = last.peers().intersection(comp).minus(used);
    if nexts.is_empty() || path.len() >= MAX_REMOTE_PAIR {
        if path.len() >= 4 {
            remote_pair_step(board, pair, path, sink)?;
        }
        return ControlFlow::Continue(());
    }
    for n in nexts.iter() {
        path.push(n);
        remote_pair_dfs(board, pair, comp, path, sink)?;
        path.pop();
    }
    ControlFlow::Continue(())
}

fn remote_pair_step(
    board: &Board,
    pair: DigitSet,
    path: &[Cell],
    sink: &mut Sink,
) -> ControlFlow<()> {
    let on_path: CellSet = path.iter().copied().collect();
    let mut targets = CellSet::EMPTY;
    for i in 0..path.len() {
        for j in (i + 3..path.len()).step_by(2) {
            let both: CellSet = [path[i], path[j]].into_iter().collect();
            targets = targets.union(both.common_peers());
        }
    }
    targets = targets.minus(on_path);
    let mut s = Step::new(Technique::RemotePair);
    for d in pair.iter() {
        s.eliminations.extend(elims(d, targets.intersection(board.digit_cells(d))));
    }
    if s.eliminations.is_empty() {
        return ControlFlow::Continue(());
    }
    let ds: Vec<Digit> = pair.iter().collect();
    let (x, y) = (ds[0], ds[1]);
    s.highlight.cells = path.to_vec();
    // In Eureka notation, as every chain: `1/8 (8=1)r1c7-(1=8)r2c7-…-(1)r9c7`.
    let mut text = format!("{x}/{y} ");
    for (i, w) in path.windows(2).enumerate() {
        // Cell i holds `on` when the first cell holds `x`; its link to the next cell is on
        // `on`, which the next cell then cannot hold.
        let (on, off) = if i % 2 == 0 { (x, y) } else { (y, x) };
        let n = Node::cand;
        s.highlight.links.push(strong(n(w[0], off), n(w[0], on)));
        s.highlight.links.push(weak(n(w[0], on), n(w[1], on)));
        text.push_str(&format!("({off}={on}){}-", w[0]));
        if i + 2 == path.len() {
            text.push_str(&format!("({on}){}", w[1]));
        }
    }
    for (i, &c) in path.iter().enumerate() {
        let (on, off) = if i % 2 == 0 { (x, y) } else { (y, x) };
        s.highlight.candidates.push(Candidate::new(c, on));
        s.highlight.alternate.push(Candidate::new(c, off));
    }
    s.length = path.len() as u16;
    sink.push(s.with_text(text))
}

/// Test helpers shared by the unit tests of this family's sibling modules.
#[cfg(test)]
mod tests {
    use crate::grid::Digit;
    use crate::logic::Technique::*;
    use crate::test_support::*;

    // Lines of HoDoKu's regression library (tests/data/techniques/hodoku-reglib-1.4.txt).
    const XY: &str = ":0800:179:3..+4.+78+6....+3.+8.54.+4+86.+5...+4+87+9+632+15...+27+14..+21.8+54..68+7+65+4+2+931+5+3218+9+6+4+7+194+7+3+6+5..::721 737 738::";
    const XYZ: &str = ":0801:467:+673.+8.+2.9514.92..+3+9+82.....+5+167+359..28.+9.1.53+6..+5+8..+7+9+1..+614.9+2+8..+1..835+4..+8...1+67::635 636::";
    const W: &str = ":0803:14:6..+9+5..7...+9.2.....58.+31...+1+64+3+8+9+7+52...1+7+59+46597+24+6..892+54+1+76+8+3...5+6+2.....68+93...::417 427 437 489 499::";
    const RP: &str = ":0703:18:.+4.2..+6+7.7.+2.6+3+459.+6.4+7.8+2.47+6+9..+23+512+8+5+37+964+5+396+4+2+71+8..4+7..+3+96.+9...+65+4+7+65+7+39+418+2::175 176 183 875 876 881::7";

    #[test]
    fn xy_wing_from_the_regression_library() {
        let s = assert_exact(XY, XyWing);
        assert!(s.text.starts_with("XY-Wing: "), "{}", s.text);
        assert!(s.text.ends_with("=> r2c1,r3c7<>7") || s.text.contains("<>7"), "{}", s.text);
        assert_eq!(s.highlight.links.len(), 5);
    }

    #[test]
    fn xyz_wing_from_the_regression_library() {
        let s = assert_exact(XYZ, XyzWing);
        assert!(s.text.ends_with("=> r3c5,r3c6<>6"), "{}", s.text);
    }

    #[test]
    fn w_wing_from_the_regression_library() {
        let s = assert_exact(W, WWing);
        assert!(s.text.contains(" connected by "), "{}", s.text);
    }

    #[test]
    fn remote_pair_from_the_regression_library() {
        let s = assert_exact(RP, RemotePair);
        assert!(s.highlight.cells.len() >= 4);
        assert!(s.text.starts_with("Remote Pair: 1/8 "), "{}", s.text);
    }

    // top1465 puzzle 7 after the basic techniques (found by this crate's tests, checked by
    // hand): r4c1 {1,8}, r4c7 {7,8}, r7c5 {1,6}, r7c7 {1,6,7}; 8, 7 and 6 are restricted, only
    // 1 is not, and r7c1 sees all three 1s.
    const WXYZ: &str = "7 1 8 .29 .25 .259 3 .46 .46 9 .235 .235 6 4 1 .25 .78 .78 4 .25 6 .78 3 .78 .259 .15 .19 .18 6 .147 .347 9 .347 .78 2 5 3 .257 9 .27 8 .2567 .167 .1467 .1467 .258 .24578 .2457 1 .256 .24567 .678 9 3 .168 9 .1347 5 .16 .3468 .167 .13678 2 .12568 .2358 .1235 .2389 7 .23689 4 .13568 .1689 .12568 .234578 .123457 .23489 .126 .234689 .59 .135678 .16789";

    #[test]
    fn wxyz_wing_with_one_unrestricted_digit() {
        let b = pm_board(WXYZ);
        let all = steps(&b, WxyzWing);
        let s = all
            .iter()
            .find(|s| s.eliminations == cands("171"))
            .unwrap_or_else(|| panic!("{:#?}", all.iter().map(|s| &s.text).collect::<Vec<_>>()));
        assert_eq!(s.text, "WXYZ-Wing: 6/7/8/1 in r4c1,r4c7,r7c5,r7c7 => r7c1<>1");
        assert_eq!(s.highlight.alternate.len(), 3, "the three 1s are the z candidates");
        // With 8 also in r7c7, 8 is not restricted either (r7c7 does not see r4c1): two
        // unrestricted digits, so these four cells are no WXYZ-Wing.
        assert_eq!(WXYZ.matches(" .3468 .167 ").count(), 1);
        let b2 = pm_board(&WXYZ.replace(" .3468 .167 ", " .3468 .1678 "));
        assert!(b2.has_candidate(crate::grid::Cell::at(6, 6), Digit::new(8).expect("digit")));
        let texts: Vec<String> = steps(&b2, WxyzWing).into_iter().map(|s| s.text).collect();
        assert!(texts.iter().all(|t| !t.contains("r4c1,r4c7,r7c5,r7c7")), "{texts:#?}");
    }

    #[test]
    fn wings_find_no_other_instance_in_the_library_cases() {
        for (line, t) in [(XY, XyWing), (XYZ, XyzWing), (W, WWing), (RP, RemotePair)] {
            assert_nothing_else(line, t);
        }
        // The XYZ-Wing case has no remote pair of four cells.
        assert!(steps(&reglib_board(XYZ), RemotePair).is_empty());
    }
}
