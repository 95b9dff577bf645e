//! Dynamic and nested forcing nets: an assumption propagated by stronger rules than singles.
//!
//! Both assume a candidate true and propagate it like a forcing net (naked and hidden singles,
//! locked candidates), and whenever that stops they look at the *assumed position* (the
//! position with every consequence so far applied) with stronger rules, add what those find
//! as new consequences and propagate again, until a contradiction shows (the assumption is
//! wrong: the candidate goes) or nothing more follows:
//!
//! - **Dynamic Forcing Net** (Sudoku Explainer's "dynamic forcing chains (+)", level 1): the
//!   basic techniques inside: naked and hidden pairs, triples and quads, X-Wing and Swordfish.
//! - **Nested Forcing Net** (level 2): the same, and then forcing nets inside: a candidate of
//!   the assumed position whose own forcing net (singles and locked candidates, on the assumed
//!   position) ends in a contradiction is removed there ("a guess within the guess"). Brute
//!   force's trial and error at depth two is exactly this, with a proof for each step; it
//!   solves every puzzle of the forum's hardest lists.
//!
//! Every rule used inside is sound on the assumed position, so a contradiction proves the
//! assumption false. A consequence found by an inner rule takes as predecessors the outer
//! literals it rests on (for an inner net, the outer eliminations its contradiction used; for
//! a basic technique, the outer eliminations among its pattern's cells and houses), so the
//! step's links draw the whole net.
//!
//! The search is the expensive part of the catalogue. Assumptions are tried in a fixed order
//! (largest plain forcing net first: the likeliest to reach a contradiction), the first ones
//! that contradict are pushed as found, and the sink's stop check is polled between
//! assumptions. The progress (where the scan is, what it found) is kept per thread for the
//! last few positions, so a stopped search resumes and a second search of the same position
//! (the rating walk after the path) replays what was found.

use super::net::{Mode, Net, lit, lit_text};
use super::step_proving;
use crate::board::Board;
use crate::grid::{Candidate, Cell, CellSet, DigitSet, House};
use crate::logic::lit::{Lit, LitSet};
use crate::logic::proof::{Fact, Pattern, Reason};
use crate::logic::step::Step;
use crate::logic::{Detail, Sink, Technique};
use std::ops::ControlFlow;

/// Which rules propagate inside an assumption.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Level {
    /// Singles, locked candidates, and the basic techniques on the assumed position.
    Dynamic,
    /// All of that, and forcing nets on the assumed position.
    Nested,
}

impl Level {
    fn technique(self) -> Technique {
        match self {
            Level::Dynamic => Technique::DynamicForcingNet,
            Level::Nested => Technique::NestedForcingNet,
        }
    }
}

/// The basic techniques used inside an assumption, cheapest first.
const BASIC: &[Technique] = &[
    Technique::NakedPair,
    Technique::HiddenPair,
    Technique::XWing,
    Technique::NakedTriple,
    Technique::HiddenTriple,
    Technique::Swordfish,
    Technique::NakedQuad,
    Technique::HiddenQuad,
];

/// Why an inner consequence holds.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Rule {
    Basic(Technique),
    Net,
}

/// An assumption propagated at a level.
struct Outer<'a> {
    net: Net<'a>,
    /// The consequences found by inner rules, in order, with their rule and the length of the
    /// net's `order` when the assumed position they were found on was taken.
    inner: Vec<(Lit, Rule, usize)>,
}

/// The assumed position: `board` with every "off" literal derived by `net` removed.
fn assumed(board: &Board, net: &Net) -> Board {
    assumed_until(board, net, net.order.len())
}

/// The assumed position as it was when `net` had derived its first `at` literals.
fn assumed_until(board: &Board, net: &Net, at: usize) -> Board {
    let mut w = board.clone();
    for &l in &net.order[..at] {
        if !l.is_on() {
            let k = l.candidate();
            w.eliminate(k.cell, k.digit);
        }
    }
    w
}

/// The outer eliminations (`base` has the candidate, `w` not) a basic step found on `w` rests
/// on, over-approximated: those in its pattern's cells, and those of its digits in its houses.
fn basic_premises(base: &Board, w: &Board, s: &Step) -> Vec<Lit> {
    let mut digits = crate::grid::DigitSet::EMPTY;
    for k in s.highlight.candidates.iter().chain(&s.eliminations) {
        digits.insert(k.digit);
    }
    let mut out = Vec::new();
    let mut push = |c: Cell, d| {
        let l = lit(c, d, false);
        if base.has_candidate(c, d) && !w.has_candidate(c, d) && !out.contains(&l) {
            out.push(l);
        }
    };
    for &c in &s.highlight.cells {
        for d in base.candidates(c).iter() {
            push(c, d);
        }
    }
    let houses: Vec<House> = s.highlight.houses.clone();
    for h in houses {
        for c in h.cells() {
            for d in digits.iter() {
                push(c, d);
            }
        }
    }
    out
}

/// Propagates assumption `a` on `board` at `level` until a contradiction or nothing follows.
fn propagate(board: &Board, a: Lit, level: Level) -> Outer<'_> {
    let mut net = Net::new(board, Mode::Net);
    net.run(a);
    let mut inner: Vec<(Lit, Rule, usize)> = Vec::new();
    // One scan position for the inner nets, kept across rounds: the scan goes on where the
    // last find was and ends after a whole pass that finds nothing.
    let mut probe = 0usize;
    'rounds: while net.contradiction.is_none() {
        let w = assumed(board, &net);
        let known = net.order.len();
        // The basic techniques first: cheap, and often enough.
        for &t in BASIC {
            let mut sink = Sink::unlimited();
            let _ = match t.family() {
                crate::logic::Family::Fish => crate::logic::fish::find(&w, t, &mut sink),
                _ => crate::logic::subsets::find(&w, t, &mut sink),
            };
            let mut added = false;
            for s in sink.into_steps() {
                let mut premises = basic_premises(board, &w, &s);
                if premises.is_empty() {
                    premises.push(a);
                }
                for &e in &s.eliminations {
                    let l = lit(e.cell, e.digit, false);
                    if w.has(e) && !net.has(l) {
                        net.add(l, &premises);
                        inner.push((l, Rule::Basic(t), known));
                        added = true;
                    }
                }
            }
            if added {
                net.propagate();
                continue 'rounds;
            }
        }
        if level == Level::Dynamic {
            break;
        }
        // Forcing nets inside: one pass over the assumed position's open candidates, from
        // where the last pass found something; a find is added and propagated at once.
        let open: Vec<Lit> = Cell::all()
            .filter(|&c| w.candidates(c).len() >= 2)
            .flat_map(|c| w.candidates(c).iter().map(move |d| lit(c, d, true)))
            .collect();
        if open.is_empty() {
            break;
        }
        let mut probe_net = Net::inside(&w, board, Mode::Net);
        let n = open.len();
        let mut found = None;
        for j in 0..n {
            let p = open[(probe + j) % n];
            probe_net.reset();
            probe_net.run(p);
            let Some(con) = &probe_net.contradiction else { continue };
            let mut premises = probe_net.premises(&con.lits);
            if premises.is_empty() {
                premises.push(a);
            }
            found = Some((p.negated(), premises, (probe + j) % n));
            break;
        }
        let Some((l, premises, at)) = found else { break };
        drop(probe_net);
        net.add(l, &premises);
        inner.push((l, Rule::Net, known));
        net.propagate();
        probe = at;
    }
    Outer { net, inner }
}

/// The reason of a consequence `l` an inner rule found (none for the others) and the outer
/// literals it needs, for the proof: the basic pattern, found again on the assumed position
/// it was found on, with the eliminations that make it (not the superset the propagation
/// recorded), or the inner net's own proof, propagated again there, starting from the outer
/// literals it rests on (its [`Reason::Outer`] lines name their literal codes, see
/// `Net::prove`).
fn inner_reason(
    board: &Board,
    net: &Net,
    inner: &[(Lit, Rule, usize)],
    l: Lit,
) -> Option<(Reason, Vec<Lit>)> {
    let &(_, rule, at) = inner.iter().find(|(x, _, _)| *x == l)?;
    let w = assumed_until(board, net, at);
    let k = l.candidate();
    match rule {
        Rule::Basic(t) => {
            let mut sink = Sink::unlimited();
            let _ = match t.family() {
                crate::logic::Family::Fish => crate::logic::fish::find(&w, t, &mut sink),
                _ => crate::logic::subsets::find(&w, t, &mut sink),
            };
            let steps = sink.into_steps();
            let s = steps.iter().find(|s| s.eliminations.contains(&k))?;
            let pattern = pattern_of(t, s, k)?;
            let needs = pattern_needs(board, &pattern);
            Some((Reason::Pattern(pattern), needs))
        }
        Rule::Net => {
            let mut probe = Net::inside(&w, board, Mode::Net);
            probe.run(l.negated());
            let con = probe.contradiction.as_ref()?;
            let premises = probe.premises(&con.lits);
            let outer: Vec<(Lit, usize)> = premises.iter().map(|&x| (x, x.code())).collect();
            let sub = probe.prove_contradiction(&outer, &mut |_| None)?;
            Some((Reason::Forcing(Box::new(sub)), premises))
        }
    }
}

/// The eliminations from `board` that make `pattern` (found on an assumed position): a naked
/// subset's cells' other digits, a hidden subset's digits elsewhere in its house, a fish
/// digit's places in the base houses outside the covers.
fn pattern_needs(board: &Board, pattern: &Pattern) -> Vec<Lit> {
    let mut out = Vec::new();
    match pattern {
        Pattern::NakedSubset { cells, digits, .. } => {
            for c in cells.iter() {
                out.extend(board.candidates(c).minus(*digits).iter().map(|e| lit(c, e, false)));
            }
        }
        Pattern::HiddenSubset { house, cells, digits } => {
            for e in digits.iter() {
                let others = board.house_digit_cells(*house, e).minus(*cells);
                out.extend(others.iter().map(|x| lit(x, e, false)));
            }
        }
        Pattern::Fish { digit, base, cover } => {
            let lines = |hs: &[House]| hs.iter().fold(CellSet::EMPTY, |a, h| a.union(h.cell_set()));
            let others = board.digit_cells(*digit).intersection(lines(base)).minus(lines(cover));
            out.extend(others.iter().map(|x| lit(x, *digit, false)));
        }
    }
    out
}

/// The pattern of basic step `s` (of technique `t`) that removes `k`.
fn pattern_of(t: Technique, s: &Step, k: Candidate) -> Option<Pattern> {
    let h = &s.highlight;
    let digits: DigitSet = h.candidates.iter().map(|c| c.digit).collect();
    let cells: CellSet = h.cells.iter().copied().collect();
    Some(match t {
        Technique::XWing | Technique::Swordfish => {
            Pattern::Fish { digit: k.digit, base: h.houses.clone(), cover: h.cover_houses.clone() }
        }
        Technique::HiddenPair | Technique::HiddenTriple | Technique::HiddenQuad => {
            Pattern::HiddenSubset { house: *h.houses.first()?, cells, digits }
        }
        _ => {
            let house = *h.houses.iter().find(|x| x.cell_set().contains(k.cell))?;
            Pattern::NakedSubset { house, cells, digits }
        }
    })
}

/// An inner rule's conclusion in the notation: `r1c4<>3 by forcing net`.
fn inner_text(l: Lit, rule: Rule) -> String {
    match rule {
        Rule::Net => format!("{} by forcing net", lit_text(l)),
        Rule::Basic(t) => format!("{} by {}", lit_text(l), t.name()),
    }
}

/// The step of a contradiction from assumption `a` (`None` if there is none). When there is
/// none, the literals the propagation derived go into `consistent` (see [`contradictions`]).
fn step_of(board: &Board, a: Lit, level: Level, consistent: Option<&mut LitSet>) -> Option<Step> {
    let Outer { net, inner } = propagate(board, a, level);
    if let (None, Some(set)) = (&net.contradiction, consistent) {
        net.order.iter().for_each(|&l| set.insert(l));
    }
    let con = net.contradiction.as_ref()?;
    let lits = net.explain(&con.lits);
    let mut s = step_proving(level.technique(), a.negated());
    s.highlight.candidates.push(a.candidate());
    s.highlight.alternate.extend(con.lits.iter().map(|&l| l.candidate()));
    s.highlight.links = net.links(&lits);
    s.length = lits.len() as u16;
    let used: Vec<String> = inner
        .iter()
        .filter(|(l, _, _)| lits.contains(l))
        .map(|&(l, rule, _)| inner_text(l, rule))
        .collect();
    // Without an inner rule it is a plain forcing net; a nested net uses an inner net.
    let nested_used = inner.iter().any(|(l, r, _)| *r == Rule::Net && lits.contains(l));
    if used.is_empty() || (level == Level::Nested && !nested_used) {
        return None;
    }
    let proof =
        net.prove_contradiction(&[], &mut |l| inner_reason(board, &net, &inner, l)).map(|mut p| {
            p.minimize(board);
            Box::new(p)
        });
    // The notation counts and names what the proof shown uses (its top-level lines), which
    // may be fewer than the propagation recorded; the rating's length stays the propagation's.
    let (count, used) = match proof.as_deref() {
        Some(p) => {
            let shown: Vec<String> = inner
                .iter()
                .filter(|(l, _, _)| {
                    p.lines.iter().any(|x| {
                        matches!(x.reason, Reason::Pattern(_) | Reason::Forcing(_))
                            && x.fact == Fact::new(l.candidate(), l.is_on())
                    })
                })
                .map(|&(l, rule, _)| inner_text(l, rule))
                .collect();
            let n = p.lines.iter().filter(|x| x.reason != Reason::Assumption).count();
            if shown.is_empty() { (lits.len().saturating_sub(1), used) } else { (n, shown) }
        }
        None => (lits.len().saturating_sub(1), used),
    };
    s.detail = Detail::Forcing { house: None, reason: con.text.clone(), chains: Vec::new(), proof };
    let inside = format!("; inside: {}", used.join(", "));
    let pattern = format!(
        "{} leads to a contradiction: {} ({count} implications{inside})",
        lit_text(a),
        con.text,
    );
    Some(s.with_text(pattern))
}

/// The assumptions in search order: every candidate assumed true, the ones with the largest
/// plain forcing net first (ties: candidate order).
fn order(board: &Board) -> Vec<Lit> {
    let mut net = Net::new(board, Mode::Net);
    let mut scored: Vec<(usize, Lit)> = Vec::new();
    for c in Cell::all() {
        if board.candidates(c).len() < 2 {
            continue;
        }
        for d in board.candidates(c).iter() {
            let a = lit(c, d, true);
            net.reset();
            net.run(a);
            scored.push((usize::MAX - net.order.len(), a));
        }
    }
    crate::sort::sort_by_key(&mut scored, |&(s, a)| (s, a.code()));
    scored.into_iter().map(|(_, a)| a).collect()
}

/// What the search has done on one position: how far the scan got and which assumptions
/// contradicted before that point.
#[derive(Clone)]
struct Memo {
    board: Board,
    level: Level,
    next: usize,
    found: Vec<Lit>,
}

/// Memos kept per thread (most recent last).
const MEMOS: usize = 8;

thread_local! {
    static MEMO: std::cell::RefCell<Vec<Memo>> = const { std::cell::RefCell::new(Vec::new()) };
}

fn recall(board: &Board, level: Level) -> Option<Memo> {
    MEMO.with(|m| {
        let mut m = m.borrow_mut();
        let i = m.iter().position(|x| x.level == level && x.board == *board)?;
        Some(m.remove(i))
    })
}

fn keep(memo: Memo) {
    MEMO.with(|m| {
        let mut m = m.borrow_mut();
        if m.len() >= MEMOS {
            m.remove(0);
        }
        m.push(memo);
    });
}

/// Pushes the contradictions of `level` on `board`: first those found by an earlier search
/// of the same position, then the scan goes on.
///
/// The scan skips an assumption that a propagation without contradiction derived, as the
/// plain nets' search does: every rule inside derives at least as much from more literals (a
/// basic pattern that a position with fewer candidates breaks leaves singles that make its
/// eliminations), and a propagation runs to the point where no rule adds anything, so the
/// skipped assumption's propagation lies inside that one and meets no contradiction either.
/// A scan resumed after a stop starts with nothing marked. A test compares both ways.
pub(super) fn contradictions(board: &Board, level: Level, sink: &mut Sink) -> ControlFlow<()> {
    scan(board, level, sink, true).0
}

/// [`contradictions`], with or without (`skip_consistent`) the skip; also returns how many
/// assumptions the scan propagated.
fn scan(
    board: &Board,
    level: Level,
    sink: &mut Sink,
    skip_consistent: bool,
) -> (ControlFlow<()>, usize) {
    let mut memo = recall(board, level).unwrap_or_else(|| Memo {
        board: board.clone(),
        level,
        next: 0,
        found: Vec::new(),
    });
    for &a in &memo.found {
        if let Some(s) = step_of(board, a, level, None) {
            if sink.push(s).is_break() {
                keep(memo);
                return (ControlFlow::Break(()), 0);
            }
        }
    }
    let order = order(board);
    let start = memo.next;
    let mut consistent = LitSet::EMPTY;
    let mut runs = 0;
    for (i, &a) in order.iter().enumerate().skip(start) {
        if i > start && sink.should_stop() {
            memo.next = i;
            keep(memo);
            return (ControlFlow::Break(()), runs);
        }
        memo.next = i + 1;
        if consistent.contains(a) {
            continue;
        }
        let marks = skip_consistent.then_some(&mut consistent);
        runs += 1;
        let Some(s) = step_of(board, a, level, marks) else { continue };
        memo.found.push(a);
        if sink.push(s).is_break() {
            keep(memo);
            return (ControlFlow::Break(()), runs);
        }
    }
    keep(memo);
    (ControlFlow::Continue(()), runs)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::{Options, next_step};

    /// The scan that skips what a propagation without contradiction derived finds the same
    /// steps, in the same order, as the scan without the skip (and skips some), at both levels,
    /// on the first position that needs such a net in each of the forum-hardest sample's first
    /// two paths.
    #[test]
    fn assumptions_a_consistent_propagation_derived_are_skipped_soundly() {
        let corpus = include_str!("../../../tests/data/corpora/forum-hardest-sample.txt");
        let (mut compared, mut skipped) = (0, 0);
        for line in corpus.lines().filter(|l| l.len() >= 81 && !l.starts_with('#')).take(2) {
            let mut b = crate::format::parse(line).expect("sample puzzle");
            while let Some(step) = next_step(&b, &Options::default()) {
                if matches!(
                    step.technique,
                    Technique::DynamicForcingNet | Technique::NestedForcingNet
                ) {
                    break;
                }
                step.apply(&mut b);
            }
            for level in [Level::Dynamic, Level::Nested] {
                let run = |skip| {
                    // No memo of an earlier scan: each scan starts from the first assumption.
                    MEMO.with(|m| m.borrow_mut().clear());
                    let mut sink = Sink::unlimited();
                    let (_, runs) = scan(&b, level, &mut sink, skip);
                    (sink.into_steps(), runs)
                };
                let ((all, runs_all), (fast, runs_fast)) = (run(false), run(true));
                assert_eq!(fast, all, "{level:?} {}", crate::format::to_line(&b));
                compared += all.len();
                skipped += runs_all - runs_fast;
            }
        }
        assert!(compared > 100 && skipped > 100, "{compared} steps compared, {skipped} skipped");
    }
}
