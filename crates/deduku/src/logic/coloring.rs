//! Coloring: simple colors (trap and wrap) and multi colors.
//!
//! For one digit, the conjugate pairs (houses where the digit has exactly two places) join the
//! digit's cells into clusters. Each cluster takes two colors, alternating along the links:
//! one color is all true, the other all false.
//!
//! - *Trap*: a cell outside the cluster that sees both colors cannot hold the digit.
//! - *Wrap*: a color with two cells in one house is false; its candidates go.
//! - *Multi colors*, between two clusters: type 1, a color of one cluster sees a color of the
//!   other, so one of the two opposite colors is true and cells seeing both lose the digit;
//!   type 2, a color sees both colors of the other cluster, so it is false.

use crate::board::Board;
use crate::grid::{Candidate, CellSet, Digit};
use crate::logic::step::{Link, Node};
use crate::logic::{Sink, Step, Technique, nothing};
use std::ops::ControlFlow;

/// Finds the instances of `technique` (one of this family's) and pushes them into `sink`.
pub fn find(board: &Board, technique: Technique, sink: &mut Sink) -> ControlFlow<()> {
    match technique {
        Technique::SimpleColorsTrap => simple_colors(board, sink, Kind::Trap),
        Technique::SimpleColorsWrap => simple_colors(board, sink, Kind::Wrap),
        Technique::MultiColors => multi_colors(board, sink),
        _ => ControlFlow::Continue(()),
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Trap,
    Wrap,
}

/// One cluster of a digit: its two colors and the conjugate links that join them, in the
/// order a breadth-first walk met them (each link goes from a colored cell to a new one).
struct Cluster {
    colors: [CellSet; 2],
    links: Vec<Link>,
}

impl Cluster {
    fn cells(&self) -> CellSet {
        self.colors[0].union(self.colors[1])
    }
}

/// The cells that see at least one cell of `cells`.
fn seen_by(cells: CellSet) -> CellSet {
    cells.iter().fold(CellSet::EMPTY, |acc, c| acc.union(c.peers()))
}

/// Whether two cells of `cells` share a house.
fn has_inner_peers(cells: CellSet) -> bool {
    cells.iter().any(|c| c.peers().intersects(cells))
}

/// The clusters of digit `d` with at least one conjugate link. Clusters whose coloring
/// contradicts itself (an odd loop of conjugate links, impossible in a valid position) are
/// left out.
fn clusters(board: &Board, d: Digit) -> Vec<Cluster> {
    let cells = board.digit_cells(d);
    // `partners[i]`: the conjugate partners of cell `i` for `d`.
    let mut partners = [CellSet::EMPTY; 81];
    for h in crate::grid::House::all() {
        let hc = board.house_digit_cells(h, d);
        if hc.len() == 2 {
            let mut it = hc.iter();
            if let (Some(a), Some(b)) = (it.next(), it.next()) {
                partners[a.index()].insert(b);
                partners[b.index()].insert(a);
            }
        }
    }
    let mut out = Vec::new();
    let mut seen = CellSet::EMPTY;
    for start in cells.iter() {
        if seen.contains(start) || partners[start.index()].is_empty() {
            continue;
        }
        let mut colors = [CellSet::single(start), CellSet::EMPTY];
        let mut links = Vec::new();
        // The cells to visit, each once: at most the digit's cells, on the stack.
        let mut queue = [(start, 0usize); 81];
        let (mut head, mut tail) = (0, 1);
        let mut ok = true;
        while head < tail {
            let (c, col) = queue[head];
            head += 1;
            for p in partners[c.index()].iter() {
                if colors[col].contains(p) {
                    ok = false;
                } else if !colors[1 - col].contains(p) {
                    colors[1 - col].insert(p);
                    links.push(Link { from: Node::cand(c, d), to: Node::cand(p, d), strong: true });
                    queue[tail] = (p, 1 - col);
                    tail += 1;
                }
            }
        }
        let cl = Cluster { colors, links };
        seen = seen.union(cl.cells());
        if ok {
            out.push(cl);
        }
    }
    out
}

fn fmt_set(cells: CellSet) -> String {
    format!("({})", crate::logic::step::fmt_cells(cells.iter()))
}

fn base_step(technique: Technique, d: Digit, clusters: &[&Cluster]) -> Step {
    let mut s = Step::new(technique);
    for cl in clusters {
        s.highlight.cells.extend(cl.cells().iter());
        s.highlight.candidates.extend(cl.colors[0].iter().map(|c| Candidate::new(c, d)));
        s.highlight.alternate.extend(cl.colors[1].iter().map(|c| Candidate::new(c, d)));
        s.highlight.links.extend(cl.links.iter().copied());
    }
    s.length = clusters.iter().map(|cl| cl.cells().len() as u16).sum();
    s
}

/// Each digit's colours depend on its cells alone: a digit searched in vain before, in the same
/// cells, is skipped (`nothing.rs`), for simple and multi colours alike.
fn simple_colors(board: &Board, sink: &mut Sink, kind: Kind) -> ControlFlow<()> {
    let t = match kind {
        Kind::Trap => Technique::SimpleColorsTrap,
        Kind::Wrap => Technique::SimpleColorsWrap,
    };
    for d in Digit::all() {
        nothing::per_digit(board, t, d, sink, |sink| simple_colors_of(board, d, sink, kind))?;
    }
    ControlFlow::Continue(())
}

/// Digit `d`'s simple colours trap or wrap.
fn simple_colors_of(board: &Board, d: Digit, sink: &mut Sink, kind: Kind) -> ControlFlow<()> {
    for cl in clusters(board, d) {
        let mut s = match kind {
            Kind::Trap => {
                let targets = board
                    .digit_cells(d)
                    .intersection(seen_by(cl.colors[0]))
                    .intersection(seen_by(cl.colors[1]))
                    .minus(cl.cells());
                let mut s = base_step(Technique::SimpleColorsTrap, d, &[&cl]);
                s.eliminations.extend(targets.iter().map(|c| Candidate::new(c, d)));
                s
            }
            Kind::Wrap => {
                let wrap0 = has_inner_peers(cl.colors[0]);
                let wrap1 = has_inner_peers(cl.colors[1]);
                let false_color = match (wrap0, wrap1) {
                    (true, false) => cl.colors[0],
                    (false, true) => cl.colors[1],
                    _ => continue,
                };
                let mut s = base_step(Technique::SimpleColorsWrap, d, &[&cl]);
                s.eliminations.extend(false_color.iter().map(|c| Candidate::new(c, d)));
                s
            }
        };
        if s.eliminations.is_empty() {
            continue;
        }
        let pattern = format!("{d} {} / {}", fmt_set(cl.colors[0]), fmt_set(cl.colors[1]));
        s = s.with_text(pattern);
        sink.push(s)?;
    }
    ControlFlow::Continue(())
}

fn multi_colors(board: &Board, sink: &mut Sink) -> ControlFlow<()> {
    for d in Digit::all() {
        nothing::per_digit(board, Technique::MultiColors, d, sink, |sink| {
            multi_colors_of(board, d, sink)
        })?;
    }
    ControlFlow::Continue(())
}

/// Digit `d`'s multi colours: every pair of its clusters.
fn multi_colors_of(board: &Board, d: Digit, sink: &mut Sink) -> ControlFlow<()> {
    let cls = clusters(board, d);
    for (i, a) in cls.iter().enumerate() {
        for b in &cls[i + 1..] {
            // Written only for a step: most pairs give none.
            let pattern = || {
                format!(
                    "{d} {} / {}, {} / {}",
                    fmt_set(a.colors[0]),
                    fmt_set(a.colors[1]),
                    fmt_set(b.colors[0]),
                    fmt_set(b.colors[1])
                )
            };
            // Type 1: color x of `a` sees color y of `b`; both cannot be true, so one of
            // the opposite colors is, and cells seeing both opposite colors lose `d`.
            let mut targets = CellSet::EMPTY;
            for x in 0..2 {
                let see_x = seen_by(a.colors[x]);
                for y in 0..2 {
                    if see_x.intersects(b.colors[y]) {
                        let (ox, oy) = (a.colors[1 - x], b.colors[1 - y]);
                        targets = targets.union(
                            board
                                .digit_cells(d)
                                .intersection(seen_by(ox))
                                .intersection(seen_by(oy))
                                .minus(ox.union(oy)),
                        );
                    }
                }
            }
            if !targets.is_empty() {
                let mut s = base_step(Technique::MultiColors, d, &[a, b]);
                s.eliminations.extend(targets.iter().map(|c| Candidate::new(c, d)));
                sink.push(s.with_text(format!("{} (type 1)", pattern())))?;
            }
            // Type 2: a color of one cluster sees both colors of the other, so it is false.
            for (p, q) in [(a, b), (b, a)] {
                for x in 0..2 {
                    let see_x = seen_by(p.colors[x]);
                    if see_x.intersects(q.colors[0]) && see_x.intersects(q.colors[1]) {
                        let mut s = base_step(Technique::MultiColors, d, &[a, b]);
                        s.eliminations.extend(p.colors[x].iter().map(|c| Candidate::new(c, d)));
                        sink.push(s.with_text(format!("{} (type 2)", pattern())))?;
                    }
                }
            }
        }
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests {
    use crate::logic::Technique::*;
    use crate::test_support::*;

    // Lines of HoDoKu's regression library (tests/data/techniques/hodoku-reglib-1.4.txt).
    const TRAP: &str = ":0500:2:+6+745+93+12+8..+1.87.+45+5+8.14..+7.1+534.9.+8.8.+7........6+8......+6+8+7.+4+5917+15+9682+3+4....5+18+67:327 657 659:294::";
    const WRAP: &str = ":0501:1:+548..+3....+674.+9+8359..8+5+7+6...+9..+382+5+73..57.4..+8+7+52+9+4163689+7+4+5+31+2...+9..+5...+513.2...::114 119 125 132 141 156 185::";
    const MULTI1: &str = ":0502:3:.9..4187678.3..15441.8..329..91...6.1...6.9..674..851.967485231.4..12.95521......::341 353::";
    const MULTI2: &str = ":0503:8:......58779..52..15.41..932.......2.2.6.3.1.5.5.......947.182.....76..1961.......::824 832::";

    #[test]
    fn simple_colors_trap_from_the_regression_library() {
        let s = assert_exact(TRAP, SimpleColorsTrap);
        assert!(s.text.starts_with("Simple Colors Trap: 2 ("), "{}", s.text);
        assert!(!s.highlight.candidates.is_empty() && !s.highlight.alternate.is_empty());
        assert!(s.highlight.links.iter().all(|l| l.strong));
    }

    #[test]
    fn simple_colors_wrap_from_the_regression_library() {
        let s = assert_exact(WRAP, SimpleColorsWrap);
        assert!(s.text.ends_with("<>1"), "{}", s.text);
        // The trap finder does not report the wrap's eliminations as one step.
        let b = reglib_board(WRAP);
        assert!(steps(&b, SimpleColorsTrap).iter().all(|t| t.eliminations != s.eliminations));
    }

    #[test]
    fn multi_colors_from_the_regression_library() {
        let s = assert_exact(MULTI1, MultiColors);
        assert!(s.text.ends_with("(type 1) => r4c1,r5c3<>3"), "{}", s.text);
        assert_exact(MULTI2, MultiColors);
    }

    #[test]
    fn coloring_finds_no_other_instance_in_the_library_cases() {
        for (line, t) in [(TRAP, SimpleColorsTrap), (WRAP, SimpleColorsWrap), (MULTI1, MultiColors)]
        {
            assert_nothing_else(line, t);
        }
    }

    #[test]
    fn coloring_does_not_fire_without_its_pattern() {
        // The wrap case's digit-1 clusters have no trap: HoDoKu lists only the wrap there.
        let b = reglib_board(WRAP);
        assert!(
            steps(&b, SimpleColorsTrap)
                .iter()
                .all(|s| s.eliminations.iter().all(|e| e.digit.get() != 1))
        );
    }
}
