//! Sudoku Explainer's rating walk: the walk whose hardest step gives the SE number (ER) and
//! its EP and ED.
//!
//! The walk follows Sudoku Explainer 1.2.1's published rules (its technique list, ratings and
//! length steps; our own code): at every position it tries SE's techniques in SE's order
//! ([`STAGES`]: singles, the direct techniques, the indirect ones up to aligned pair exclusion,
//! SE's chains, the forcing chains and nets, brute force) and takes the first one that applies,
//! each rated as SE rates it: [`Rule::rating`] is the walk's one table of SE's ratings.
//!
//! A *direct* technique is the pattern that directly yields a hidden single: the step places
//! that single (SE's direct hints place a digit). Naked and locked subsets are one naked set
//! to SE. The length step ([`super::length_bonus`]) adds 0.1 each time the chain's length
//! passes 4, 6, 8, 12, 16, 24, …, the length being the chain's nodes less two. Among the
//! chains of one stage the lowest rating wins (then the shortest), as in SE.
//!
//! The chain stage is SE's own search ([`super::se_chains`]). The forcing stages at 8.0 and 8.5
//! reuse Deduku's forcing chains and nets, a stand-in for SE's multiple and dynamic forcing
//! chains (kept because it matches SE below 9 on the rated sets; SE's own dynamic chains follow
//! it at 8.5 for what it misses). From there on the stages are SE's own dynamic and nested
//! forcing chains ([`super::se_nested`]): dynamic forcing chains (+) at 9.0, then nested forcing
//! chains at 9.5 (forcing chains inside), 10.0 (multiple forcing chains inside) and 10.5 (dynamic
//! forcing chains inside, of nesting 0, 1 and 2), each with SE's length steps.
//!
//! The search is resumable: [`SeSearch::run`] polls the stop check between stages, between
//! the starting candidates of the chain search and before each chaining of the nested stages,
//! and carries on where it stopped.

use super::length_bonus;
use super::se_chains::ChainSearch;
use super::se_nested::{DynSearch, Mode, Shared};
use crate::board::Board;
use crate::grid::{Candidate, Cell, CellSet, Digit, DigitSet, House, HouseKind};
use crate::logic::combos;
use crate::logic::dispatch::find_checked;
use crate::logic::few::Few;
use crate::logic::sink::{Context, Sink};
use crate::logic::step::Step;
use crate::logic::technique::Technique;
use std::ops::ControlFlow;

/// The hints of Sudoku Explainer the walk gives, by SE's names; [`Rule::rating`] rates them.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Rule {
    LastValue,
    HiddenSingleInBox,
    /// In a row or a column.
    HiddenSingleInLine,
    DirectPointing,
    DirectClaiming,
    DirectHiddenPair,
    NakedSingle,
    DirectHiddenTriplet,
    Pointing,
    Claiming,
    /// Naked and locked pairs alike.
    NakedPair,
    XWing,
    HiddenPair,
    /// Naked and locked triplets alike.
    NakedTriplet,
    Swordfish,
    HiddenTriplet,
    XyWing,
    XyzWing,
    UniquenessTest1,
    UniquenessTest2,
    UniquenessTest3,
    UniquenessTest4,
    NakedQuad,
    Jellyfish,
    HiddenQuad,
    BugPlus1,
    AlignedPairExclusion,
    /// Bidirectional X- and Y-cycles.
    XOrYCycle,
    ForcingXChain,
    /// Cycles and forcing chains with both kinds of links.
    ForcingChain,
    /// Cell and region forcing chains.
    CellRegionForcing,
    /// Dynamic contradictions and verities.
    DynamicForcing,
    BruteForce,
}

impl Rule {
    /// SE's rating of the rule: the base of a chain or net, raised by the length step.
    pub(super) const fn rating(self) -> f32 {
        match self {
            Rule::LastValue => 1.0,
            Rule::HiddenSingleInBox => 1.2,
            Rule::HiddenSingleInLine => 1.5,
            Rule::DirectPointing => 1.7,
            Rule::DirectClaiming => 1.9,
            Rule::DirectHiddenPair => 2.0,
            Rule::NakedSingle => 2.3,
            Rule::DirectHiddenTriplet => 2.5,
            Rule::Pointing => 2.6,
            Rule::Claiming => 2.8,
            Rule::NakedPair => 3.0,
            Rule::XWing => 3.2,
            Rule::HiddenPair => 3.4,
            Rule::NakedTriplet => 3.6,
            Rule::Swordfish => 3.8,
            Rule::HiddenTriplet => 4.0,
            Rule::XyWing => 4.2,
            Rule::XyzWing => 4.4,
            Rule::UniquenessTest1 => 4.5,
            Rule::UniquenessTest2 | Rule::UniquenessTest4 => 4.6,
            Rule::UniquenessTest3 => 4.7,
            Rule::NakedQuad => 5.0,
            Rule::Jellyfish => 5.2,
            Rule::HiddenQuad => 5.4,
            Rule::BugPlus1 => 5.6,
            Rule::AlignedPairExclusion => 6.2,
            Rule::XOrYCycle => 6.5,
            Rule::ForcingXChain => 6.6,
            Rule::ForcingChain => 7.0,
            Rule::CellRegionForcing => 8.0,
            Rule::DynamicForcing => 8.5,
            Rule::BruteForce => 10.0,
        }
    }
}

/// One stage of the walk, in SE's order.
#[derive(Clone, Copy, Debug)]
enum Stage {
    Singles,
    DirectLocking,
    DirectHidden(usize),
    NakedSingle,
    Catalogue(Technique, Rule),
    AlignedPairs,
    Chains,
    Forcing(&'static [Technique], Rule),
    /// SE's own dynamic and nested forcing chains ([`super::se_nested`]).
    Dynamic(Mode),
    BruteForce,
}

/// SE's chaining rule of nesting `level` (dynamic), with nesting `limit` inside at level 4.
const fn dynamic(level: u8, limit: u8) -> Stage {
    Stage::Dynamic(Mode { multiple: true, dynamic: true, level, limit })
}

use Technique as T;

/// The modes of the walk's dynamic stages, in order (for the tests of `se_nested`).
#[cfg(test)]
pub(super) fn dynamic_modes() -> impl Iterator<Item = Mode> {
    STAGES.iter().filter_map(|s| match s {
        Stage::Dynamic(m) => Some(*m),
        _ => None,
    })
}

const STAGES: &[Stage] = &[
    Stage::Singles,
    Stage::DirectLocking,
    Stage::DirectHidden(2),
    Stage::NakedSingle,
    Stage::DirectHidden(3),
    Stage::Catalogue(T::LockedCandidatesPointing, Rule::Pointing),
    Stage::Catalogue(T::LockedCandidatesClaiming, Rule::Claiming),
    Stage::Catalogue(T::LockedPair, Rule::NakedPair),
    Stage::Catalogue(T::NakedPair, Rule::NakedPair),
    Stage::Catalogue(T::XWing, Rule::XWing),
    Stage::Catalogue(T::HiddenPair, Rule::HiddenPair),
    Stage::Catalogue(T::LockedTriple, Rule::NakedTriplet),
    Stage::Catalogue(T::NakedTriple, Rule::NakedTriplet),
    Stage::Catalogue(T::Swordfish, Rule::Swordfish),
    Stage::Catalogue(T::HiddenTriple, Rule::HiddenTriplet),
    Stage::Catalogue(T::XyWing, Rule::XyWing),
    Stage::Catalogue(T::XyzWing, Rule::XyzWing),
    Stage::Catalogue(T::UniqueRectangle1, Rule::UniquenessTest1),
    Stage::Catalogue(T::UniqueRectangle2, Rule::UniquenessTest2),
    Stage::Catalogue(T::UniqueRectangle4, Rule::UniquenessTest4),
    Stage::Catalogue(T::UniqueRectangle3, Rule::UniquenessTest3),
    Stage::Catalogue(T::NakedQuad, Rule::NakedQuad),
    Stage::Catalogue(T::Jellyfish, Rule::Jellyfish),
    Stage::Catalogue(T::HiddenQuad, Rule::HiddenQuad),
    Stage::Catalogue(T::BugPlus1, Rule::BugPlus1),
    Stage::AlignedPairs,
    Stage::Chains,
    Stage::Forcing(&[T::ForcingChainVerity], Rule::CellRegionForcing),
    Stage::Forcing(
        &[T::ForcingChainContradiction, T::ForcingNetContradiction, T::ForcingNetVerity],
        Rule::DynamicForcing,
    ),
    dynamic(0, 0),
    dynamic(1, 0),
    dynamic(2, 0),
    dynamic(3, 0),
    dynamic(4, 0),
    dynamic(4, 1),
    dynamic(4, 2),
    Stage::BruteForce,
];

/// The outcome of [`SeSearch::run`].
#[allow(clippy::large_enum_variant, reason = "returned once per step and moved out at once")]
#[derive(Debug)]
pub(crate) enum SeFound {
    /// The step SE takes, with its rating.
    Step(Step, f32),
    /// Nothing applies (solved, contradictory, or beyond the walk).
    None,
    /// The stop check fired; run again with the same board.
    Stopped,
}

/// The search for the next step of the SE walk on one board (resumable).
#[derive(Debug, Default)]
pub(crate) struct SeSearch {
    stage: usize,
    chains: ChainSearch,
    dynamic: Option<DynSearch>,
    /// The runs of SE's chaining stages, handed from one to the next.
    shared: Shared,
}

impl SeSearch {
    /// Searches `board` (always the same board for one search) for the step SE takes.
    pub(crate) fn run(
        &mut self,
        board: &Board,
        ctx: &Context,
        stop: Option<&dyn Fn() -> bool>,
    ) -> SeFound {
        if board.is_complete() || board.check().is_err() {
            return SeFound::None;
        }
        let mut tried = false;
        while let Some(&stage) = STAGES.get(self.stage) {
            if tried && stop.is_some_and(|f| f()) {
                return SeFound::Stopped;
            }
            tried = true;
            let found = match stage {
                Stage::Singles => singles(board),
                Stage::DirectLocking => direct_locking(board),
                Stage::DirectHidden(n) => direct_hidden(board, n),
                Stage::NakedSingle => naked_single(board),
                Stage::Catalogue(t, rule) => first_of(board, t, ctx).map(|s| (s, rule.rating())),
                Stage::AlignedPairs => aligned_pairs(board),
                Stage::Chains => match self.chains.run(board, stop) {
                    None => return SeFound::Stopped,
                    Some(found) => found,
                },
                Stage::Forcing(ts, rule) => ts
                    .iter()
                    .filter_map(|&t| first_of(board, t, ctx))
                    .map(|s| {
                        let r = rule.rating() + length_bonus(s.length.saturating_sub(2));
                        (s, r)
                    })
                    .min_by(|a, b| a.1.total_cmp(&b.1)),
                Stage::Dynamic(mode) => {
                    match self.dynamic.get_or_insert_with(|| DynSearch::new(mode)).run(
                        board,
                        &mut self.shared,
                        stop,
                    ) {
                        None => return SeFound::Stopped,
                        Some(found) => {
                            self.dynamic = None;
                            found
                        }
                    }
                }
                Stage::BruteForce => {
                    first_of(board, T::BruteForce, ctx).map(|s| (s, Rule::BruteForce.rating()))
                }
            };
            self.stage += 1;
            if let Some((s, r)) = found {
                return SeFound::Step(s, r);
            }
        }
        SeFound::None
    }
}

/// Sudoku Explainer's walk from `puzzle` to its end, each step with its SE rating (the walk
/// [`crate::logic::PathRun`] rates every solved path with). Uniqueness tests are used only when
/// the givens have exactly one solution.
pub fn se_steps(puzzle: &Board) -> Vec<(Step, f32)> {
    let ctx = Context {
        unique: Some(crate::solve::count_solutions(&puzzle.givens_only(), 2).count == 1),
    };
    let mut board = puzzle.clone();
    let mut out = Vec::new();
    while let SeFound::Step(s, r) = SeSearch::default().run(&board, &ctx, None) {
        if !s.makes_progress(&board) {
            break;
        }
        s.apply(&mut board);
        out.push((s, r));
    }
    out
}

/// The first step of `t` in `board`, which [`SeSearch::run`] has checked.
fn first_of(board: &Board, t: Technique, ctx: &Context) -> Option<Step> {
    let mut sink = Sink::new(1);
    let _ = find_checked(board, t, ctx, &mut sink);
    sink.into_steps().into_iter().next().filter(|s| s.makes_progress(board))
}

/// A step that places `digit` in `cell`, for technique `t`.
pub(super) fn placing(t: Technique, cell: Cell, digit: Digit) -> Step {
    let mut s = Step::new(t);
    s.placements.push(Candidate::new(cell, digit));
    s
}

/// SE's house order: boxes, then rows, then columns (hidden singles), or boxes, columns,
/// rows (hidden sets).
fn houses_of(kind: HouseKind) -> impl Iterator<Item = House> {
    House::all().filter(move |h| h.kind() == kind)
}

/// Last value in a house (1.0), then hidden singles in boxes (1.2), then in rows and columns
/// (1.5).
fn singles(board: &Board) -> Option<(Step, f32)> {
    let order = [HouseKind::Box, HouseKind::Row, HouseKind::Col];
    for kind in order {
        for h in houses_of(kind) {
            let mut empty = h.cells().into_iter().filter(|&c| board.value(c).is_none());
            if let (Some(c), None) = (empty.next(), empty.next())
                && let Some(d) = board.candidates(c).single_digit()
            {
                return Some((placing(T::FullHouse, c, d), Rule::LastValue.rating()));
            }
        }
    }
    for kind in order {
        for h in houses_of(kind) {
            for d in Digit::all() {
                let cells = board.house_digit_cells(h, d);
                if cells.len() == 1
                    && let Some(c) = cells.first()
                {
                    // The house, as the catalogue's hidden singles record it.
                    let mut s = placing(T::HiddenSingle, c, d);
                    s.highlight.houses.push(h);
                    let rule = if kind == HouseKind::Box {
                        Rule::HiddenSingleInBox
                    } else {
                        Rule::HiddenSingleInLine
                    };
                    return Some((s, rule.rating()));
                }
            }
        }
    }
    None
}

fn naked_single(board: &Board) -> Option<(Step, f32)> {
    Cell::all().find_map(|c| {
        let d = board.value(c).is_none().then(|| board.candidates(c).single_digit())??;
        Some((placing(T::NakedSingle, c, d), Rule::NakedSingle.rating()))
    })
}

/// Direct pointing (1.7) and direct claiming (1.9): a digit confined to a box∩line in one
/// house; in another house of the same kind crossing the second one, the digit is left with
/// one place outside the crossing. The step places that hidden single.
fn direct_locking(board: &Board) -> Option<(Step, f32)> {
    let pairs = [
        (HouseKind::Box, HouseKind::Col, T::LockedCandidatesPointing, Rule::DirectPointing),
        (HouseKind::Box, HouseKind::Row, T::LockedCandidatesPointing, Rule::DirectPointing),
        (HouseKind::Col, HouseKind::Box, T::LockedCandidatesClaiming, Rule::DirectClaiming),
        (HouseKind::Row, HouseKind::Box, T::LockedCandidatesClaiming, Rule::DirectClaiming),
    ];
    for (k1, k2, t, rule) in pairs {
        for h1 in houses_of(k1) {
            for h2 in houses_of(k2) {
                if !h1.cell_set().intersects(h2.cell_set()) {
                    continue;
                }
                for d in Digit::all() {
                    let places = board.house_digit_cells(h1, d);
                    if places.len() < 2 || !places.is_subset(h2.cell_set()) {
                        continue;
                    }
                    for h3 in houses_of(k1) {
                        if h3 == h1 || !h3.cell_set().intersects(h2.cell_set()) {
                            continue;
                        }
                        let p3 = board.house_digit_cells(h3, d);
                        let left = p3.minus(h2.cell_set());
                        if p3.len() > 1
                            && left.len() == 1
                            && let Some(c) = left.first()
                        {
                            return Some((placing(t, c, d), rule.rating()));
                        }
                    }
                }
            }
        }
    }
    None
}

/// Direct hidden pair (2.0) and triplet (2.5): `n` digits confined to `n` cells of a house;
/// another digit of the house is left with one place outside those cells. The step places it.
fn direct_hidden(board: &Board, n: usize) -> Option<(Step, f32)> {
    let (t, rule) = if n == 2 {
        (T::HiddenPair, Rule::DirectHiddenPair)
    } else {
        (T::HiddenTriple, Rule::DirectHiddenTriplet)
    };
    for kind in [HouseKind::Box, HouseKind::Col, HouseKind::Row] {
        for h in houses_of(kind) {
            let empties = h.cells().into_iter().filter(|&c| board.value(c).is_none()).count();
            if empties <= n {
                continue;
            }
            // Only digits with at most `n` places can be in such a set, and a combination
            // whose places are more than `n` cells never fits: `within` cuts both, and gives the
            // rest in the order of trying every combination.
            let digits: Few<(Digit, u128), 9> = Few::of(
                (Digit::from_index(0), 0),
                Digit::all().filter_map(|d| {
                    let places = board.house_digit_cells(h, d);
                    (1..=n).contains(&(places.len() as usize)).then(|| (d, places.bits()))
                }),
            );
            let mut found = None;
            let _ = combos::within(&digits, n, n as u32, &mut |combo, union| {
                let cells = CellSet::from_bits(union);
                if cells.len() as usize != n {
                    return ControlFlow::Continue(());
                }
                let set: DigitSet = combo.iter().copied().collect();
                found = Digit::all().filter(|d| !set.contains(*d)).find_map(|d| {
                    let places = board.house_digit_cells(h, d);
                    let left = places.minus(cells);
                    if places.len() > 1 && left.len() == 1 {
                        left.first().map(|c| (c, d))
                    } else {
                        None
                    }
                });
                if found.is_some() { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
            });
            if let Some((c, d)) = found {
                return Some((placing(t, c, d), rule.rating()));
            }
        }
    }
    None
}

/// SE's aligned pair exclusion (6.2): two cells of one house; a pair of their digits is
/// impossible when the digits are equal or when a cell seeing both has no candidate but those
/// two. A digit of either cell that takes part in no possible pair goes.
fn aligned_pairs(board: &Board) -> Option<(Step, f32)> {
    let empty: Vec<Cell> = Cell::all().filter(|&c| board.value(c).is_none()).collect();
    for (i, &a) in empty.iter().enumerate() {
        for &b in &empty[i + 1..] {
            if !a.sees(b) {
                continue;
            }
            // The common peers' candidates, at most two each (two cells share at most 13
            // peers).
            let excluders: Few<DigitSet, 13> = Few::of(
                DigitSet::EMPTY,
                a.peers()
                    .intersection(b.peers())
                    .iter()
                    .filter(|&c| board.value(c).is_none() && board.candidates(c).len() <= 2)
                    .map(|c| board.candidates(c)),
            );
            if excluders.is_empty() {
                continue;
            }
            let (mut keep_a, mut keep_b) = (DigitSet::EMPTY, DigitSet::EMPTY);
            for da in board.candidates(a).iter() {
                for db in board.candidates(b).iter() {
                    let pair: DigitSet = [da, db].into_iter().collect();
                    if da != db && !excluders.iter().any(|e| e.is_subset(pair)) {
                        keep_a.insert(da);
                        keep_b.insert(db);
                    }
                }
            }
            let mut s = Step::new(T::AlignedPairExclusion);
            s.eliminations
                .extend(board.candidates(a).minus(keep_a).iter().map(|d| Candidate::new(a, d)));
            s.eliminations
                .extend(board.candidates(b).minus(keep_b).iter().map(|d| Candidate::new(b, d)));
            if !s.eliminations.is_empty() {
                return Some((s, Rule::AlignedPairExclusion.rating()));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::parse;

    fn board(s: &str) -> Board {
        parse(s).expect("puzzle")
    }

    #[test]
    fn singles_come_first_and_are_rated_by_house() {
        // A full row but one cell: last value (1.0).
        let b = board(
            "12345678.........................................................................",
        );
        let (s, r) = singles(&b).expect("single");
        assert_eq!(r, 1.0);
        assert_eq!(s.placements, vec![Candidate::new(Cell::at(0, 8), Digit::from_index(8))]);
    }

    #[test]
    fn direct_techniques_place_the_single_they_make() {
        // From se-rated-dev (SE: 1.7): the walk needs a direct pointing.
        let b = board(
            ".....9...3.7...81.41.7.....8..9.35...2.6.7.9...65.1..8.....5.24.65...7.1...1.....",
        );
        let mut b2 = b.clone();
        while let Some((s, _)) = singles(&b2) {
            s.apply(&mut b2);
        }
        let (s, r) = direct_locking(&b2).expect("direct pointing");
        assert_eq!(r, 1.7);
        assert_eq!(s.placements.len(), 1);
        let solution = crate::solve::count_solutions(&b, 2).solutions[0];
        let p = s.placements[0];
        assert_eq!(solution[p.cell.index()], p.digit.get(), "the single is the solution's digit");
        // A solved board has none.
        let solved = Board::from_values(&solution);
        assert!(direct_locking(&solved).is_none());
        assert!(direct_hidden(&solved, 2).is_none());
    }
}
