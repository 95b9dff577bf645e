//! Forcing chains and nets (contradiction and verity), kraken fish, and dynamic and nested
//! forcing nets (`nested.rs`: an assumption propagated with the basic techniques, and with
//! forcing nets, on the assumed position).
//!
//! ## Implications
//!
//! Everything here rests on one propagation (`Net`): assume a candidate true ("on") or false
//! ("off") and derive what follows, breadth first, each derived literal remembering the
//! literals it needed (its *predecessors*):
//!
//! - on ⇒ the cell's other candidates and the digit's candidates in the cell's peers are off
//!   (one predecessor: a weak link);
//! - a cell left with one candidate, a house left with one place for a digit ⇒ that candidate
//!   is on. In a *chain* only cells that had two candidates and houses that had two places
//!   count (one predecessor: a strong link); in a *net* any naked or hidden single counts, and
//!   its predecessors are all the "off" literals that made it single;
//! - nets only: a digit whose places left in a house lie in one box∩line goes from the rest of
//!   the crossing house (locked candidates; predecessors: the "off" literals that confined it).
//!   This makes the top1465 corpus's three hardest puzzles solvable without brute force.
//!
//! A contradiction is a literal derived both on and off, two digits on in one cell, a digit on
//! twice in a house, and (nets only) a cell without candidates or a digit without a place in a
//! house.
//!
//! - **Contradiction**: an assumption that leads to a contradiction is wrong: a candidate
//!   assumed on is eliminated, one assumed off is placed.
//! - **Verity**: when every candidate of a cell (2–3 of them), or every place of a digit in a
//!   house (2–3 of them), leads to the same literal, that literal holds.
//!
//! Forcing *chains* use only one-predecessor implications; forcing *nets* use all. Steps are
//! pushed smallest first (fewest implications). A step's `length` is the number of literals its
//! explanation needs; `highlight.links` are the implication edges (predecessor → literal,
//! strong when the literal is "on") in discovery order; `highlight.candidates` holds the
//! assumption(s), `highlight.alternate` the contradiction or the common consequence.
//!
//! ## Notation
//!
//! A literal is `r1c2=5` (on) or `r1c2<>5` (off); a chain is written with arrows,
//! `r1c2=5 -> r1c7<>5 -> r5c7=5`. Contradiction: `r1c2=5: <chain>; <chain> (contradiction:
//! r5c7 both 5 and not 5)`. Nets are too wide for one line: their text names the assumption,
//! the contradiction and the number of implications; the links carry the whole net, and the
//! step's [`Proof`] (built by `Net::prove` for the steps pushed) every implication with its
//! premises and its reason, which `Step::explain` renders as numbered lines.

use crate::board::Board;
use crate::grid::{Cell, Digit, House};
use crate::logic::lit::{Lit, LitSet, LitSets};
use crate::logic::proof::{Ending, Proof};
use crate::logic::step::Step;
use crate::logic::{Detail, Sink, Technique};
use net::{Mode, Net, lit, lit_text};
use std::ops::ControlFlow;

mod kraken;
mod nested;
mod net;

/// Finds the instances of `technique` (one of this family's) and pushes them into `sink`.
pub fn find(board: &Board, technique: Technique, sink: &mut Sink) -> ControlFlow<()> {
    use Technique::*;
    match technique {
        ForcingChainContradiction => contradictions(board, Mode::Chain, sink),
        ForcingNetContradiction => contradictions(board, Mode::Net, sink),
        ForcingChainVerity => verities(board, Mode::Chain, sink),
        ForcingNetVerity => verities(board, Mode::Net, sink),
        KrakenFish => kraken::find(board, sink),
        DynamicForcingNet => nested::contradictions(board, nested::Level::Dynamic, sink),
        NestedForcingNet => nested::contradictions(board, nested::Level::Nested, sink),
        _ => ControlFlow::Continue(()),
    }
}

fn assumptions(board: &Board) -> impl Iterator<Item = Lit> + '_ {
    Cell::all().flat_map(move |c| {
        board.candidates(c).iter().flat_map(move |d| [lit(c, d, true), lit(c, d, false)])
    })
}

/// A step of `technique` that makes literal `l` true: places its candidate when on, removes it
/// when off.
fn step_proving(technique: Technique, l: Lit) -> Step {
    let mut s = Step::new(technique);
    if l.is_on() {
        s.placements.push(l.candidate());
    } else {
        s.eliminations.push(l.candidate());
    }
    s
}

fn technique_of(mode: Mode, contradiction: bool) -> Technique {
    match (mode, contradiction) {
        (Mode::Chain, true) => Technique::ForcingChainContradiction,
        (Mode::Chain, false) => Technique::ForcingChainVerity,
        (Mode::Net, true) => Technique::ForcingNetContradiction,
        (Mode::Net, false) => Technique::ForcingNetVerity,
    }
}

/// What a search stopped by the sink's check has done so far, kept for the board it worked on
/// (one per thread, like the chain graph's memo) so the next call on the same board resumes
/// instead of starting over: the step search retries a stopped technique, and this makes the
/// retry cheap and its result the same as an uninterrupted search's.
struct Progress {
    board: Board,
    mode: Mode,
    /// Assumptions (contradictions) or candidates (verities) already propagated.
    next: usize,
    work: Work,
}

/// The results gathered before the stop.
enum Work {
    /// Contradictions found: (size, assumption).
    Contradictions(Vec<(usize, Lit)>),
    /// The "on" literals propagated so far and what they imply (the net verities' first
    /// phase; boxed: the contradictions' variant is small).
    Implications(Box<OnNets>),
}

thread_local! {
    static PROGRESS: std::cell::RefCell<Option<Progress>> = const { std::cell::RefCell::new(None) };
}

/// The progress saved for `board` and `mode` of the kind `contradictions` asks for, if any
/// (taken out of the memo).
fn resume(board: &Board, mode: Mode, contradictions: bool) -> Option<(usize, Work)> {
    PROGRESS.with(|p| {
        let mut p = p.borrow_mut();
        let fits = p.as_ref().is_some_and(|g| {
            g.mode == mode
                && matches!(g.work, Work::Contradictions(_)) == contradictions
                && g.board == *board
        });
        if fits { p.take().map(|g| (g.next, g.work)) } else { None }
    })
}

/// Saves the progress of a stopped search.
fn save(board: &Board, mode: Mode, next: usize, work: Work) {
    PROGRESS.with(|p| *p.borrow_mut() = Some(Progress { board: board.clone(), mode, next, work }));
}

/// Nets propagated from "on" literals: which ones, and what those without a contradiction
/// derived. The net verities' first phase builds them, and a net contradiction search records
/// its own "on" assumptions' for the verities on the same board (kept per thread, like the
/// searches' progress): Sudoku Explainer's 8.5 stage asks for both techniques in a row, and
/// the same literal's net is the same in both.
struct OnNets {
    /// The "on" literals propagated.
    ran: LitSet,
    /// By candidate index, what each net without a contradiction derived.
    sets: LitSets,
}

impl OnNets {
    /// The nets kept for `board`, taken out of the memo, or none yet.
    fn take(board: &Board) -> OnNets {
        ON_NETS.with(|m| m.borrow_mut().take_if(|(b, _)| b == board)).map_or_else(
            || OnNets {
                ran: LitSet::EMPTY,
                sets: LitSets::new(729, board.candidate_count() as usize),
            },
            |(_, nets)| nets,
        )
    }

    /// Records the net of `net`'s assumption `a` unless it is recorded already.
    fn note(&mut self, a: Lit, net: &Net) {
        if a.is_on() && !self.ran.contains(a) {
            self.ran.insert(a);
            if net.contradiction.is_none() {
                self.sets.add(a.index()).extend(&net.order);
            }
        }
    }

    /// Keeps these nets of `board` for the next search.
    fn keep(self, board: &Board) {
        ON_NETS.with(|m| *m.borrow_mut() = Some((board.clone(), self)));
    }
}

thread_local! {
    static ON_NETS: std::cell::RefCell<Option<(Board, OnNets)>> =
        const { std::cell::RefCell::new(None) };
}

fn contradictions(board: &Board, mode: Mode, sink: &mut Sink) -> ControlFlow<()> {
    // First the size of every contradiction, then the steps, smallest first, built only as
    // the sink takes them. The first phase polls the sink's stop check between assumptions
    // (after at least one, so every call advances) and saves its progress when stopped.
    let (start, mut found) = match resume(board, mode, true) {
        Some((next, Work::Contradictions(found))) => (next, found),
        _ => (0, Vec::new()),
    };
    let mut net = Net::new(board, mode);
    let mut on_nets = (mode == Mode::Net).then(|| OnNets::take(board));
    let (stopped, _) =
        contradiction_sizes(board, mode, &mut net, start, &mut found, sink, true, on_nets.as_mut());
    if let Some(kept) = on_nets {
        kept.keep(board);
    }
    if let Some(next) = stopped {
        save(board, mode, next, Work::Contradictions(found));
        return ControlFlow::Break(());
    }
    crate::sort::sort(&mut found);
    for (_, a) in found {
        net.reset();
        net.run(a);
        let Some(con) = net.contradiction.clone() else { continue };
        let lits = net.explain(&con.lits);
        // The assumption is wrong: its negation holds.
        let mut s = step_proving(technique_of(mode, true), a.negated());
        s.highlight.candidates.push(a.candidate());
        s.highlight.alternate.extend(con.lits.iter().map(|&l| l.candidate()));
        s.highlight.links = net.links(&lits);
        s.length = lits.len() as u16;
        let chains = match mode {
            Mode::Chain => con.lits.iter().map(|&l| net.chain_lits(l)).collect(),
            Mode::Net => Vec::new(),
        };
        let proof = net.prove_contradiction(&[], &mut |_| None).map(|mut p| {
            p.minimize(board);
            Box::new(p)
        });
        s.detail = Detail::Forcing { house: None, reason: con.text.clone(), chains, proof };
        let pattern = match mode {
            Mode::Chain => format!(
                "{}: {} (contradiction: {})",
                lit_text(a),
                con.lits.iter().map(|&l| net.chain_text(l)).collect::<Vec<_>>().join("; "),
                con.text
            ),
            Mode::Net => format!(
                "{} leads to a contradiction: {} ({} implications)",
                lit_text(a),
                con.text,
                lits.len().saturating_sub(1)
            ),
        };
        sink.push(s.with_text(pattern))?;
    }
    ControlFlow::Continue(())
}

/// The first phase of [`contradictions`]: appends (explanation size, assumption) for every
/// assumption from the `start`-th on whose net meets a contradiction. Returns the index of the
/// next assumption when the sink's stop check said stop (asked after at least one), and how
/// many nets ran.
///
/// With `skip_consistent`, the assumptions that a net without contradiction derived are
/// skipped: the rules only ever derive more from more literals, so such an assumption's net
/// is a subset of that net's literals and meets no contradiction either. (On the slowest
/// top1465 puzzle's default path, a third of this phase's work; a test compares both ways.)
/// A search resumed after a stop starts with nothing marked: it skips less, finds the same.
/// The nets of "on" assumptions go into `on_nets` when given.
#[allow(clippy::too_many_arguments, reason = "one caller, and the test that compares the skip")]
fn contradiction_sizes(
    board: &Board,
    mode: Mode,
    net: &mut Net,
    start: usize,
    found: &mut Vec<(usize, Lit)>,
    sink: &mut Sink,
    skip_consistent: bool,
    mut on_nets: Option<&mut OnNets>,
) -> (Option<usize>, usize) {
    let reach = (mode == Mode::Chain).then(|| crate::logic::chains::full_reach(board));
    let mut consistent = LitSet::EMPTY;
    let mut nets = 0;
    for (i, a) in assumptions(board).enumerate().skip(start) {
        if i > start && sink.should_stop() {
            return (Some(i), nets);
        }
        if consistent.contains(a) {
            continue;
        }
        // Chains: what the link graph's search reached tells which assumptions contradict.
        if let Some(r) = &reach {
            if !r.from(a).is_some_and(LitSet::has_both_values) {
                continue;
            }
        }
        net.reset();
        net.run(a);
        nets += 1;
        if let Some(m) = on_nets.as_deref_mut() {
            m.note(a, net);
        }
        let Some(con) = &net.contradiction else {
            if skip_consistent {
                net.order.iter().for_each(|&l| consistent.insert(l));
            }
            continue;
        };
        let lits = net.explain(&con.lits);
        // A net that happens to need no branching is a chain, found by the chain search.
        if mode == Mode::Net && net.is_chain(&lits) {
            continue;
        }
        found.push((lits.len(), a));
    }
    (None, nets)
}

/// The most branches of a verity (candidates of a cell, places of a digit in a house).
const MAX_BRANCHES: u32 = 3;

/// A verity source: the branches (candidates assumed on) and the house whose places of a
/// digit it branches over (`None` for a cell's candidates).
struct Source {
    branches: Vec<Lit>,
    house: Option<House>,
}

impl Source {
    /// Its name in the notation: `r1c2`, or `5 in row 3`. Written only for the steps built (a
    /// name per source was a string per cell and house at every position searched).
    fn name(&self) -> String {
        let Some(k) = self.branches.first().map(|b| b.candidate()) else { return String::new() };
        match self.house {
            None => format!("{}", k.cell),
            Some(h) => format!("{} in {h}", k.digit),
        }
    }
}

/// The verity sources: cells with 2–3 candidates, and houses where a digit has 2–3 places.
fn verity_sources(board: &Board) -> Vec<Source> {
    let mut out = Vec::new();
    for c in Cell::all() {
        let cs = board.candidates(c);
        if (2..=MAX_BRANCHES).contains(&cs.len()) {
            let branches = cs.iter().map(|d| lit(c, d, true)).collect();
            out.push(Source { branches, house: None });
        }
    }
    for h in House::all() {
        for d in Digit::all() {
            let cells = board.house_digit_cells(h, d);
            if (2..=MAX_BRANCHES).contains(&cells.len()) {
                let branches = cells.iter().map(|c| lit(c, d, true)).collect();
                out.push(Source { branches, house: Some(h) });
            }
        }
    }
    out
}

/// The net verities' first phase: by candidate index, what each branch of `sources` implies
/// when on, for the branches whose net meets no contradiction (what the other candidates imply
/// is never read). One propagation per branch not propagated yet, starting from the nets a net
/// contradiction search on this board kept ([`OnNets`]); the sink's stop check is polled
/// between them, and a stopped search saves its progress and resumes like `contradictions`.
/// `None`: stopped.
fn net_implications(board: &Board, sources: &[Source], sink: &mut Sink) -> Option<LitSets> {
    let (start, mut nets) = match resume(board, Mode::Net, false) {
        Some((next, Work::Implications(nets))) => (next, *nets),
        _ => (0, OnNets::take(board)),
    };
    let mut branch = [false; 729];
    sources.iter().flat_map(|s| &s.branches).for_each(|b| branch[b.index()] = true);
    let mut net = Net::new(board, Mode::Net);
    let candidates =
        Cell::all().flat_map(|c| board.candidates(c).iter().map(move |d| (c, d))).enumerate();
    for (i, (c, d)) in candidates.skip(start) {
        let on = lit(c, d, true);
        if !branch[on.index()] || nets.ran.contains(on) {
            continue;
        }
        if i > start && sink.should_stop() {
            save(board, Mode::Net, i, Work::Implications(Box::new(nets)));
            return None;
        }
        net.reset();
        net.run(on);
        nets.note(on, &net);
    }
    Some(nets.sets)
}

/// No net (yet) for this candidate.
const NO_NET: u32 = u32::MAX;

/// The nets of `branches`: `net_of` gives each candidate's place in `pool` (see [`verities`]).
fn nets_of<'p, 'b>(pool: &'p [Net<'b>], net_of: &[u32; 729], branches: &[Lit]) -> Vec<&'p Net<'b>> {
    branches.iter().map(|b| &pool[net_of[b.index()] as usize]).collect()
}

fn verities(board: &Board, mode: Mode, sink: &mut Sink) -> ControlFlow<()> {
    // (size, source, literal) of every verity, and the useful sources.
    let mut found: Vec<(usize, usize, Lit)> = Vec::new();
    let mut kept: Vec<Source> = Vec::new();
    // The nets of the useful sources' branches, and per candidate its net's place in `pool`.
    let mut pool: Vec<Net> = Vec::new();
    let mut net_of = [NO_NET; 729];
    // What every branch implies when on (none: it leads to a contradiction): chains read the
    // link graph's reach sets, searched at once; nets propagate each branch.
    let sources = verity_sources(board);
    let reach = (mode == Mode::Chain).then(|| crate::logic::chains::full_reach(board));
    let implications = match reach {
        Some(_) => LitSets::new(729, 0),
        None => match net_implications(board, &sources, sink) {
            Some(sets) => sets,
            None => return ControlFlow::Break(()),
        },
    };
    let implied = |on: Lit| match &reach {
        Some(r) => r.from(on).filter(|bits| !bits.has_both_values()),
        None => implications.get(on.index()),
    };
    // Every branch's set intersected, in a set kept across sources: built by the intersection
    // itself, never copied.
    let mut common = LitSet::EMPTY;
    // Only changes: a placement into an empty cell or the removal of a candidate.
    let changes = |l: &Lit| {
        let k = l.candidate();
        board.has(k) && !(l.is_on() && board.candidates(k.cell).len() == 1)
    };
    for source in sources {
        let branches = &source.branches;
        let [first, second, rest @ ..] = branches.as_slice() else { continue };
        let (Some(a), Some(b)) = (implied(*first), implied(*second)) else { continue };
        common.set_intersection(a, b);
        if !rest.iter().all(|&b| implied(b).map(|s| common.intersect_with(s)).is_some()) {
            continue;
        }
        if !common.iter().any(|l| changes(&l)) {
            continue;
        }
        // A branch is often in more than one useful source (its cell's, its houses'): its net
        // runs once.
        for &b in branches {
            if net_of[b.index()] == NO_NET {
                let mut n = Net::new(board, mode);
                n.run(b);
                net_of[b.index()] = pool.len() as u32;
                pool.push(n);
            }
        }
        let nets = nets_of(&pool, &net_of, branches);
        for l in common.iter().filter(changes) {
            let explained: Vec<Vec<Lit>> = nets.iter().map(|n| n.explain(&[l])).collect();
            let chain = nets.iter().zip(&explained).all(|(n, e)| n.is_chain(e));
            if mode == Mode::Net && chain {
                continue;
            }
            found.push((explained.iter().map(|e| e.len()).sum(), kept.len(), l));
        }
        kept.push(source);
    }
    crate::sort::sort(&mut found);
    for (size, src, l) in found {
        let source = &kept[src];
        let nets = nets_of(&pool, &net_of, &source.branches);
        let (Source { branches, house }, name) = (source, source.name());
        let mut s = step_proving(technique_of(mode, false), l);
        s.highlight.candidates.extend(branches.iter().map(|&b| b.candidate()));
        s.highlight.alternate.push(l.candidate());
        for n in &nets {
            s.highlight.links.extend(n.links(&n.explain(&[l])));
        }
        s.length = size as u16;
        let chains = match mode {
            Mode::Chain => nets.iter().map(|n| n.chain_lits(l)).collect(),
            Mode::Net => Vec::new(),
        };
        let mut lines = Vec::new();
        let mut ends = Vec::new();
        for (b, n) in nets.iter().enumerate() {
            ends.extend(n.prove(&mut lines, &[l], b, &[], &mut |_| None));
        }
        let ending = Ending::Verity { fact: net::fact(l), lines: ends };
        let mut proof = Proof { lines, ending };
        proof.minimize(board);
        let proof = Some(Box::new(proof));
        s.detail = Detail::Forcing { house: *house, reason: String::new(), chains, proof };
        let pattern = match mode {
            Mode::Chain => format!(
                "every choice of {name} gives {}: {}",
                lit_text(l),
                nets.iter().map(|n| n.chain_text(l)).collect::<Vec<_>>().join("; ")
            ),
            Mode::Net => format!(
                "every choice of {name} gives {} ({} implications)",
                lit_text(l),
                size - branches.len()
            ),
        };
        sink.push(s.with_text(pattern))?;
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::find_all;
    use crate::test_support::{cands, givens_board as reglib_board};

    /// Forcing chains in regression-library positions (givens, deleted candidates): the
    /// technique, the elimination, the start of the text and the assumptions highlighted.
    /// Line 1188 (0707-2): the discontinuous nice loop that removes 9 from r9c7 is also a
    /// forcing chain, r9c7=9 leads to a contradiction. Line 1093 (0702): the XY-chain
    /// (7=6)r5c7-…-(5=7)r8c8 removes 7 from r5c8, and so do cell verities; the shortest comes
    /// from both candidates of r3c1.
    const LIBRARY: &[(&str, &str, Technique, &str, &str, &str)] = &[
        (
            "....2+96..2.9....+71+64+53+178+2+9.741+6+2.85.+6+2+7..+1...+5.4..+7625+9...+1.+3..+2.97..1..16......",
            "311 811 313 813 427 479 489 498 499",
            Technique::ForcingChainContradiction,
            "997",
            "Forcing Chain Contradiction: r9c7=9: ",
            "997",
        ),
        (
            "76+2+8+1+3+59+4...+7+6+9+1+2+8.+9.42536+7.+765+9+82.+39..1+32......+67+4+8.9..+7+9+5643+1.49+38+1..2.1.+2+47+9+8.",
            "",
            Technique::ForcingChainVerity,
            "758",
            "Forcing Chain Verity: every choice of r3c1 gives r5c8<>7: ",
            "131 831",
        ),
    ];

    #[test]
    fn library_chains() {
        for &(givens, deleted, t, elims, text, assumed) in LIBRARY {
            let want = cands(elims);
            let steps = find_all(&reglib_board(givens, deleted), t);
            let Some(s) = steps.iter().find(|s| s.eliminations == want) else {
                panic!("{t:?}: no step eliminating {elims}; found {steps:#?}")
            };
            assert!(s.text.starts_with(text), "{}", s.text);
            assert_eq!(s.highlight.candidates, cands(assumed), "{}", s.text);
            assert!(!s.highlight.links.is_empty());
        }
    }

    // The first puzzle of top1465 after singles needs nets: some step's explanation has a
    // literal with two or more predecessors.
    #[test]
    fn nets_branch() {
        let mut b = reglib_board(
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
            "",
        );
        // Singles and forcing chains first, until a net is needed.
        let easier = [
            Technique::FullHouse,
            Technique::HiddenSingle,
            Technique::NakedSingle,
            Technique::ForcingChainContradiction,
            Technique::ForcingChainVerity,
        ];
        let mut steps = Vec::new();
        for _ in 0..200 {
            if let Some(s) = easier.iter().find_map(|&t| crate::logic::find_first(&b, t)) {
                s.apply(&mut b);
                continue;
            }
            steps = find_all(&b, Technique::ForcingNetContradiction);
            break;
        }
        assert!(!steps.is_empty());
        for s in &steps {
            let branching = s.highlight.links.iter().any(|l| {
                s.highlight.links.iter().filter(|m| m.to == l.to && m.strong == l.strong).count()
                    > 1
            });
            assert!(branching, "not a net: {}", s.text);
        }
    }

    // reglib line 93 (a full-house case, used for its position): 7 in rows 6 and 8 sits in
    // columns 7 and 9 plus a fin r8c5; r8c5=7 -> r8c7<>7 -> r7c7=7 -> r7c9<>7, and without the
    // fin the X-Wing removes 7 from r7c9 as well.
    #[test]
    fn kraken_fish() {
        let b = reglib_board(
            "+5+7+63+8+9+4+21+3+9+2+6+1487+5+4+1+8+7+52639+8+619+47+253+7+39+2..1..25+41.89..6435.....+9854.....1.+7+8.3...",
            "",
        );
        let steps = find_all(&b, Technique::KrakenFish);
        let s = steps
            .iter()
            .find(|s| s.eliminations == cands("779"))
            .unwrap_or_else(|| panic!("no kraken removing 7 from r7c9: {steps:#?}"));
        assert!(s.text.starts_with("Kraken Fish: Finned X-Wing 7 r6,r8 c7,c9 (fins r8c5)"));
        assert_eq!(s.highlight.fins, cands("785"));
    }

    /// Skipping the assumptions that a net without contradiction derived finds the same
    /// contradictions, of the same sizes, along real solve paths (and does skip some).
    #[test]
    fn assumptions_a_consistent_net_derived_are_skipped_soundly() {
        let (mut contradicting, mut skipped) = (0, 0);
        // Every fourth position: the nets of every candidate are slow in the tests' build.
        crate::test_support::every_nth_path_position(4, |b| {
            for mode in [Mode::Net, Mode::Chain] {
                let run = |skip| {
                    let (mut net, mut found) = (Net::new(b, mode), Vec::new());
                    let mut sink = Sink::unlimited();
                    let (stopped, nets) = contradiction_sizes(
                        b, mode, &mut net, 0, &mut found, &mut sink, skip, None,
                    );
                    assert_eq!(stopped, None);
                    (found, nets)
                };
                let ((all, nets_all), (fast, nets_fast)) = (run(false), run(true));
                assert_eq!(fast, all, "{mode:?} {}", crate::format::to_line(b));
                contradicting += all.len();
                skipped += nets_all - nets_fast;
            }
        });
        assert!(contradicting > 1000 && skipped > 1000, "{contradicting} found, {skipped} skipped");
    }

    /// The net verities read the nets that a net contradiction search on the same board kept
    /// ([`OnNets`]) and find the steps a search that propagates every branch itself finds.
    #[test]
    fn net_verities_find_the_same_with_the_contradictions_nets() {
        let mut kept = 0;
        // Every eighth position: the nets are slow in the tests' build.
        crate::test_support::every_nth_path_position(8, |b| {
            ON_NETS.with(|m| *m.borrow_mut() = None);
            let alone = find_all(b, Technique::ForcingNetVerity);
            let _ = find_all(b, Technique::ForcingNetContradiction);
            kept += ON_NETS.with(|m| m.borrow().as_ref().map_or(0, |(_, n)| n.ran.iter().count()));
            let after = find_all(b, Technique::ForcingNetVerity);
            assert_eq!(after, alone, "{}", crate::format::to_line(b));
        });
        assert!(kept > 1000, "{kept} nets kept");
    }

    #[test]
    fn nothing_fires_on_an_empty_board() {
        for t in [
            Technique::ForcingChainContradiction,
            Technique::ForcingChainVerity,
            Technique::ForcingNetContradiction,
            Technique::ForcingNetVerity,
            Technique::KrakenFish,
            Technique::DynamicForcingNet,
            Technique::NestedForcingNet,
        ] {
            assert!(find_all(&Board::empty(), t).is_empty(), "{t:?}");
        }
    }
}
