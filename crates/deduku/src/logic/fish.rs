//! Fish: basic X-Wing, Swordfish, Jellyfish; finned and sashimi variants; Franken and mutant
//! fish.
//!
//! A fish of size `n` for digit `d` takes `n` *base* houses whose candidates of `d` do not
//! overlap, so `d` is true in exactly `n` of their cells, and `n` *cover* houses that hold every
//! one of those cells. Each cover house holds `d` at most once, so the `n` truths fill the
//! covers and every other candidate of `d` in a cover house goes. Base cells outside the covers
//! are *fins*: either a fin is true or the fish works, so only candidates that also see every
//! fin go.
//!
//! - Basic fish (rows as base and columns as cover, or the reverse) are searched with 9-bit
//!   masks per line: for each line, the positions of `d` in it. A finned basic fish has all its
//!   fins in one box; it is *sashimi* (HoDoKu's distinction) when a base line keeps at most one
//!   candidate once its fins are removed.
//! - Franken fish allow boxes among base and cover sets (rows and boxes against columns and
//!   boxes, or the reverse); mutant fish mix rows and columns freely. They are searched house
//!   set by house set with a depth-first cover search, bounded by size (at most 4), the number of
//!   fins and the number of endo fins (base candidates in two base houses): see `fin_limits`.
//!   A fin is only tried when it sees a candidate outside the base, so a finned fish whose only
//!   eliminations are cannibalistic (base candidates in two covers) can be missed. On top1465
//!   positions the whole Franken search of one size costs about 0.4 / 1 / 3 ms (X-Wing /
//!   Swordfish / Jellyfish) and the mutant search 0.4 / 2 / 6 ms when it finds nothing;
//!   basic, finned and sashimi fish cost microseconds.

use crate::board::Board;
use crate::grid::{Candidate, Cell, CellSet, Digit, House};
use crate::logic::step::fmt_houses_short;
use crate::logic::{Sink, Step, Technique, combos};
use std::cell::RefCell;
use std::ops::ControlFlow;

/// Finds the instances of `technique` (one of this family's) and pushes them into `sink`.
pub fn find(board: &Board, technique: Technique, sink: &mut Sink) -> ControlFlow<()> {
    use Technique::*;
    match technique {
        XWing => basic(board, 2, Variant::Basic, technique, sink),
        Swordfish => basic(board, 3, Variant::Basic, technique, sink),
        Jellyfish => basic(board, 4, Variant::Basic, technique, sink),
        FinnedXWing => basic(board, 2, Variant::Finned, technique, sink),
        FinnedSwordfish => basic(board, 3, Variant::Finned, technique, sink),
        FinnedJellyfish => basic(board, 4, Variant::Finned, technique, sink),
        SashimiXWing => basic(board, 2, Variant::Sashimi, technique, sink),
        SashimiSwordfish => basic(board, 3, Variant::Sashimi, technique, sink),
        SashimiJellyfish => basic(board, 4, Variant::Sashimi, technique, sink),
        FrankenXWing => complex(board, 2, Shape::Franken, technique, sink),
        FrankenSwordfish => complex(board, 3, Shape::Franken, technique, sink),
        FrankenJellyfish => complex(board, 4, Shape::Franken, technique, sink),
        MutantXWing => complex(board, 2, Shape::Mutant, technique, sink),
        MutantSwordfish => complex(board, 3, Shape::Mutant, technique, sink),
        MutantJellyfish => complex(board, 4, Shape::Mutant, technique, sink),
        _ => ControlFlow::Continue(()),
    }
}

/// Which basic fish to report.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Variant {
    /// No fins.
    Basic,
    /// Fins in one box, every base line keeps two or more body candidates.
    Finned,
    /// Fins in one box, some base line keeps at most one body candidate.
    Sashimi,
}

/// Columns (or rows) of stack (or band) `s` as a 9-bit mask.
const fn stack_mask(s: usize) -> u16 {
    0b111 << (3 * s)
}

/// Iterates the set bits of a 9-bit mask.
fn bits(mut m: u16) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if m == 0 {
            return None;
        }
        let i = m.trailing_zeros() as usize;
        m &= m - 1;
        Some(i)
    })
}

/// Basic, finned and sashimi fish of size `n`, rows as base then columns as base.
///
/// A digit's fish depend on that digit's candidates alone, and a step of the path changes the
/// candidates of few digits. So the fish the search finds are kept per thread, per size, kind
/// (basic, or finned and sashimi: one search, sorted at its end) and digit, with the digit's
/// cells they were found in; a digit whose cells are as they were is not searched again (on
/// the default path the nine basic, finned and sashimi finders ask at most positions).
fn basic(
    board: &Board,
    n: usize,
    variant: Variant,
    technique: Technique,
    sink: &mut Sink,
) -> ControlFlow<()> {
    let finned = variant != Variant::Basic;
    let sashimi = variant == Variant::Sashimi;
    for d in Digit::all() {
        with_fish(board, d, n, variant, |list| {
            let mut fish = list.iter().filter(|f| !finned || f.sashimi == sashimi).peekable();
            // Most digits have none: their line masks are not needed.
            if fish.peek().is_none() {
                return ControlFlow::Continue(());
            }
            let masks = line_masks_both(board, d);
            for f in fish {
                let masks = &masks[usize::from(!f.rows_base)];
                let base = &f.base[..n];
                let mut fish = BasicFish { d, rows_base: f.rows_base, base, cover: f.cover, masks };
                fish.report(technique, f.fin_pos, f.fin_box, sink)?;
            }
            ControlFlow::Continue(())
        })?;
    }
    ControlFlow::Continue(())
}

/// Digit `d`'s fish of size `n` (basic, or finned and sashimi) in `board`, in the order the
/// search finds them: read from the thread's list when the digit's cells are those it was
/// found in, else searched.
fn with_fish<R>(
    board: &Board,
    d: Digit,
    n: usize,
    variant: Variant,
    f: impl FnOnce(&[Listed]) -> R,
) -> R {
    let cells = board.digit_cells(d);
    let slot = ((n - 2) * 2 + usize::from(variant != Variant::Basic)) * 9 + d.index();
    FISH.with(|k| {
        let mut k = k.borrow_mut();
        if k.is_empty() {
            // No cells, no fish: an empty list is right for the empty set.
            k.resize_with(3 * 2 * 9, || (CellSet::EMPTY, Vec::new()));
        }
        let (kept, list) = &mut k[slot];
        if *kept != cells {
            list.clear();
            let masks = line_masks_both(board, d);
            for (i, rows_base) in [true, false].into_iter().enumerate() {
                let _ =
                    basic_oriented(&masks[i], d, n, rows_base, variant, &mut |fish, pos, bx| {
                        list.push(Listed::new(fish, pos, bx));
                        ControlFlow::Continue(())
                    });
            }
            *kept = cells;
        }
        f(list)
    })
}

/// A digit's cells and the fish of one size and kind found in them.
type Kept = (CellSet, Vec<Listed>);

thread_local! {
    /// Per size (2–4), kind (basic; finned and sashimi) and digit, the fish last found.
    static FISH: RefCell<Vec<Kept>> = const { RefCell::new(Vec::new()) };
}

/// A basic, finned or sashimi fish as the search found it (fins only in the last two).
#[derive(Clone, Copy, Debug)]
struct Listed {
    rows_base: bool,
    /// The base lines (the first `n`).
    base: [u8; 4],
    cover: u16,
    fin_pos: u16,
    /// The fins' box as (band, stack) in base-line terms.
    fin_box: Option<(usize, usize)>,
    /// Some base line keeps at most one candidate in the covers.
    sashimi: bool,
}

impl Listed {
    fn new(fish: &BasicFish, fin_pos: u16, fin_box: Option<(usize, usize)>) -> Listed {
        let mut base = [0; 4];
        base[..fish.base.len()].copy_from_slice(fish.base);
        let sashimi =
            fish.base.iter().any(|&l| (fish.masks[l as usize] & fish.cover).count_ones() <= 1);
        Listed { rows_base: fish.rows_base, base, cover: fish.cover, fin_pos, fin_box, sashimi }
    }
}

/// [`line_masks`] with rows as base, then with columns.
fn line_masks_both(board: &Board, d: Digit) -> [[u16; 9]; 2] {
    [line_masks(board, d, true), line_masks(board, d, false)]
}

/// Per base line `i` (rows, or columns when `rows_base` is false): bit `p` set when `d` is a
/// candidate at position `p` of the line.
fn line_masks(board: &Board, d: Digit, rows_base: bool) -> [u16; 9] {
    let mut masks = [0u16; 9];
    for c in board.digit_cells(d).iter() {
        let (line, pos) = if rows_base { (c.row(), c.col()) } else { (c.col(), c.row()) };
        masks[line] |= 1 << pos;
    }
    masks
}

/// The cell on base line `line` at cover position `pos`.
#[inline(always)]
fn line_cell(rows_base: bool, line: usize, pos: usize) -> Cell {
    if rows_base { Cell::at(line, pos) } else { Cell::at(pos, line) }
}

#[inline(always)]
fn line_house(rows_base: bool, i: usize) -> House {
    if rows_base { House::row(i) } else { House::col(i) }
}

/// The basic fish (`variant` basic) or the finned and sashimi fish (otherwise) of digit `d`
/// with rows (or columns) as base, whose line masks are `masks`, each handed to `found` with
/// its fins' positions and box (none for a basic fish).
fn basic_oriented(
    masks: &[u16; 9],
    d: Digit,
    n: usize,
    rows_base: bool,
    variant: Variant,
    found: &mut impl FnMut(&mut BasicFish, u16, Option<(usize, usize)>) -> ControlFlow<()>,
) -> ControlFlow<()> {
    // A base line needs two candidates (one is a single); a finned line may hold up to n + 3.
    let max_len = if variant == Variant::Basic { n } else { n + 3 };
    // The base line candidates, each with its positions.
    let mut lines = [(0u8, 0u128); 9];
    let mut count = 0;
    for (i, &m) in masks.iter().enumerate() {
        let len = m.count_ones() as usize;
        if len >= 2 && len <= max_len {
            lines[count] = (i as u8, u128::from(m));
            count += 1;
        }
    }
    // A finned fish covers at most n + 3 positions (n covers, fins in one box), a basic one n.
    combos::within(&lines[..count], n, max_len as u32, &mut |base: &[u8], union| {
        let union = union as u16;
        let width = union.count_ones() as usize;
        if variant == Variant::Basic {
            if width == n {
                let mut fish = BasicFish { d, rows_base, base, cover: union, masks };
                found(&mut fish, 0, None)?;
            }
            return ControlFlow::Continue(());
        }
        if width <= n || width > n + 3 {
            return ControlFlow::Continue(());
        }
        // The fins lie in one stack s: every position of the union outside s is a cover, and
        // the rest of the covers come from the union's positions inside s.
        for s in 0..3 {
            let required = union & !stack_mask(s);
            let optional = union & stack_mask(s);
            let need = n as i32 - required.count_ones() as i32;
            if need < 0 || optional.count_ones() as i32 <= need {
                continue;
            }
            let mut opt = [(0u8, 0u128); 3];
            let mut len = 0;
            for p in bits(optional) {
                opt[len] = (p as u8, 1 << p);
                len += 1;
            }
            combos::within(&opt[..len], need as usize, 128, &mut |extra: &[u8], _| {
                let cover = extra.iter().fold(required, |c, &p| c | 1 << p);
                let fin_pos = union & !cover;
                // The fins' lines must share a band so the fins share a box.
                let mut band = None;
                for &l in base {
                    let m = masks[l as usize];
                    if m & cover == 0 {
                        return ControlFlow::Continue(());
                    }
                    if m & fin_pos != 0 {
                        let b = l as usize / 3;
                        if band.is_some_and(|x| x != b) {
                            return ControlFlow::Continue(());
                        }
                        band = Some(b);
                    }
                }
                let band = band.expect("fins exist");
                let mut fish = BasicFish { d, rows_base, base, cover, masks };
                found(&mut fish, fin_pos, Some((band, s)))
            })?;
        }
        ControlFlow::Continue(())
    })
}

/// A basic fish found by the mask search.
struct BasicFish<'a> {
    d: Digit,
    rows_base: bool,
    base: &'a [u8],
    cover: u16,
    masks: &'a [u16; 9],
}

impl BasicFish<'_> {
    /// Pushes the step when it eliminates something. `fin_box` is (band, stack) in base-line
    /// terms when there are fins at positions `fin_pos`.
    fn report(
        &mut self,
        technique: Technique,
        fin_pos: u16,
        fin_box: Option<(usize, usize)>,
        sink: &mut Sink,
    ) -> ControlFlow<()> {
        let (d, rb) = (self.d, self.rows_base);
        // Per line, the positions that lose the digit: the covers' candidates outside the base
        // (with fins, only those in the fins' box). Read first: most fish found remove nothing.
        let mut targets = [0u16; 9];
        let base = self.base.iter().fold(0u16, |m, &b| m | 1 << b);
        let (lines, positions) = match fin_box {
            Some((band, stack)) => (stack_mask(band), self.cover & stack_mask(stack)),
            None => (0x1ff, self.cover),
        };
        let mut any = 0;
        for l in bits(lines & !base) {
            targets[l] = self.masks[l] & positions;
            any |= targets[l];
        }
        if any == 0 {
            return ControlFlow::Continue(());
        }
        let mut step = Step::new(technique);
        for (l, &t) in targets.iter().enumerate() {
            for p in bits(t) {
                step.eliminations.push(Candidate::new(line_cell(rb, l, p), d));
            }
        }
        let base: Vec<House> = self.base.iter().map(|&l| line_house(rb, l as usize)).collect();
        let cover: Vec<House> = bits(self.cover).map(|p| line_house(!rb, p)).collect();
        let mut fins = Vec::new();
        for &l in self.base {
            let m = self.masks[l as usize];
            for p in bits(m & self.cover) {
                let c = line_cell(rb, l as usize, p);
                step.highlight.cells.push(c);
                step.highlight.candidates.push(Candidate::new(c, d));
            }
            for p in bits(m & fin_pos) {
                fins.push(Candidate::new(line_cell(rb, l as usize, p), d));
            }
        }
        let pattern = fish_pattern(d, &base, &cover, &fins, &[]);
        step.highlight.fins = fins;
        step.highlight.houses = base;
        step.highlight.cover_houses = cover;
        step.length = self.base.len() as u16;
        sink.push(step.with_text(pattern))
    }
}

/// `5 r1,r4,r9 c2,c5,c8 fr1c7 efr3c3`.
fn fish_pattern(
    d: Digit,
    base: &[House],
    cover: &[House],
    fins: &[Candidate],
    endo: &[Candidate],
) -> String {
    let mut s = format!("{d} {} {}", fmt_houses_short(base), fmt_houses_short(cover));
    for f in fins {
        if !endo.contains(f) {
            s.push_str(&format!(" f{}", f.cell));
        }
    }
    for f in endo {
        s.push_str(&format!(" ef{}", f.cell));
    }
    s
}

/// Franken or mutant.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Shape {
    Basic,
    Franken,
    Mutant,
}

/// Most exo fins and endo fins (base candidates lying in two base houses) of a Franken or
/// mutant fish. HoDoKu's regression cases and exemplars need at most two exo fins for Franken
/// and one for mutant fish, and one endo fin; every extra fin multiplies the search.
const fn fin_limits(shape: Shape) -> (u32, u32) {
    match shape {
        Shape::Mutant => (1, 1),
        _ => (2, 1),
    }
}

const ROWS: u32 = 0x1ff;
const COLS: u32 = 0x1ff << 9;
const BOXES: u32 = 0x1ff << 18;

/// The shape of a fish from the kinds of its base and cover houses (bit masks over houses).
fn shape_of(base: u32, cover: u32) -> Shape {
    let only = |m: u32, allowed: u32| m & !allowed == 0;
    if only(base, ROWS) && only(cover, COLS) || only(base, COLS) && only(cover, ROWS) {
        Shape::Basic
    } else if only(base, ROWS | BOXES) && only(cover, COLS | BOXES)
        || only(base, COLS | BOXES) && only(cover, ROWS | BOXES)
    {
        Shape::Franken
    } else {
        Shape::Mutant
    }
}

/// The kinds of houses in a house mask: bit 0 rows, bit 1 columns, bit 2 boxes.
fn kinds_of(mask: u32) -> u8 {
    u8::from(mask & ROWS != 0) | u8::from(mask & COLS != 0) << 1 | u8::from(mask & BOXES != 0) << 2
}

/// The house kinds a cover set must include so that a fish with base houses `base` has
/// `shape` (the search only builds Franken fish from compatible kinds; see [`shape_of`]).
fn needed_cover_kinds(shape: Shape, base: u32) -> u8 {
    let b = kinds_of(base);
    match shape {
        // Without a box among the base houses, a box cover makes the fish Franken.
        Shape::Franken if b & 0b100 == 0 => 0b100,
        Shape::Mutant if b & 0b011 == 0b011 => 0,
        // Rows and boxes as base: a row among the covers; columns likewise.
        Shape::Mutant if b & 0b011 != 0 => b & 0b011,
        // Boxes only: both a row and a column among the covers.
        Shape::Mutant => 0b011,
        _ => 0,
    }
}

/// Franken (`shape == Franken`) or mutant fish of size `n`.
fn complex(
    board: &Board,
    n: usize,
    shape: Shape,
    technique: Technique,
    sink: &mut Sink,
) -> ControlFlow<()> {
    // The (base kinds, cover kinds) to search.
    let kinds: &[(u32, u32)] = match shape {
        Shape::Franken => &[(ROWS | BOXES, COLS | BOXES), (COLS | BOXES, ROWS | BOXES)],
        _ => &[(ROWS | COLS | BOXES, ROWS | COLS | BOXES)],
    };
    for d in Digit::all() {
        let mut hc = [CellSet::EMPTY; 27];
        for h in House::all() {
            hc[h.index()] = board.house_digit_cells(h, d);
        }
        for &(base_kinds, cover_kinds) in kinds {
            let mut search = Complex {
                d,
                n,
                shape,
                technique,
                hc,
                cells_d: board.digit_cells(d),
                cover_kinds,
                max_fins: fin_limits(shape).0,
                max_endo: fin_limits(shape).1,
                max_cap: 0,
                need: 0,
                base_mask: 0,
                cells: CellSet::EMPTY,
                endo: CellSet::EMPTY,
                outside: CellSet::EMPTY,
                base: [0; 4],
                cover: [0; 4],
            };
            search.bases(base_kinds, 0, 0, CellSet::EMPTY, CellSet::EMPTY, sink)?;
        }
    }
    ControlFlow::Continue(())
}

/// The state of one Franken/mutant search for one digit.
struct Complex {
    d: Digit,
    n: usize,
    shape: Shape,
    technique: Technique,
    /// Candidates of the digit per house.
    hc: [CellSet; 27],
    cells_d: CellSet,
    cover_kinds: u32,
    max_fins: u32,
    max_endo: u32,
    max_cap: u32,
    /// House kinds (see [`kinds_of`]) the covers must still include for the fish to have the
    /// shape searched for.
    need: u8,
    /// The current base: its houses as a mask, its candidates, its endo fins, and the
    /// candidates of the digit outside it.
    base_mask: u32,
    cells: CellSet,
    endo: CellSet,
    outside: CellSet,
    base: [u8; 4],
    cover: [u8; 4],
}

impl Complex {
    /// Chooses base houses (increasing index) from `kinds`; `cells` is their union and `endo`
    /// the cells in two of them.
    fn bases(
        &mut self,
        kinds: u32,
        start: usize,
        k: usize,
        cells: CellSet,
        endo: CellSet,
        sink: &mut Sink,
    ) -> ControlFlow<()> {
        if k == self.n {
            let base_mask = self.base[..k].iter().fold(0u32, |m, &h| m | 1 << h);
            let body = cells.minus(endo);
            let peers = if endo.is_empty() { CellSet::ALL } else { endo.common_peers() };
            // Counting bound: the n largest intersections of a cover house with the body,
            // plus the fins, must reach the body's size. `max_cap` (the largest) bounds the
            // cover search below the same way.
            let mut top = [0u32; 4];
            let mut allowed = self.cover_kinds & !base_mask;
            while allowed != 0 {
                let h = allowed.trailing_zeros() as usize;
                allowed &= allowed - 1;
                let c = body.intersection(self.hc[h]).len();
                if c > top[self.n - 1] {
                    let mut i = self.n - 1;
                    while i > 0 && top[i - 1] < c {
                        top[i] = top[i - 1];
                        i -= 1;
                    }
                    top[i] = c;
                }
            }
            if top.iter().sum::<u32>() + self.max_fins < body.len() {
                return ControlFlow::Continue(());
            }
            self.max_cap = top[0];
            self.need = needed_cover_kinds(self.shape, base_mask);
            (self.base_mask, self.cells, self.endo) = (base_mask, cells, endo);
            self.outside = self.cells_d.minus(cells);
            return self.covers(base_mask, body, 0, CellSet::EMPTY, 0, peers, sink);
        }
        for h in start..27 {
            if kinds & (1 << h) == 0 {
                continue;
            }
            let hc = self.hc[h];
            if hc.len() < 2 {
                continue;
            }
            let new_endo = endo.union(cells.intersection(hc));
            // Endo fins must see a candidate outside the base to eliminate.
            if new_endo.len() > self.max_endo
                || new_endo != endo
                    && !new_endo.common_peers().intersects(self.cells_d.minus(cells.union(hc)))
            {
                continue;
            }
            self.base[k] = h as u8;
            self.bases(kinds, h + 1, k + 1, cells.union(hc), new_endo, sink)?;
        }
        ControlFlow::Continue(())
    }

    /// Covers the body cells: takes the lowest uncovered body cell and either covers it with
    /// one of its houses or makes it a fin. `peers` are the cells seeing every fin so far.
    #[allow(clippy::too_many_arguments)]
    fn covers(
        &mut self,
        blocked: u32,
        uncovered: CellSet,
        k: usize,
        fins: CellSet,
        cover_mask: u32,
        peers: CellSet,
        sink: &mut Sink,
    ) -> ControlFlow<()> {
        if k == self.n {
            let fins = fins.union(uncovered);
            if fins.len() > self.max_fins {
                return ControlFlow::Continue(());
            }
            let peers = uncovered.iter().fold(peers, |p, c| p.intersection(c.peers()));
            return self.leaf(cover_mask, fins, peers, sink);
        }
        if uncovered.len() > (self.n - k) as u32 * self.max_cap + self.max_fins - fins.len()
            || (self.need & !kinds_of(cover_mask)).count_ones() as usize > self.n - k
        {
            return ControlFlow::Continue(());
        }
        let Some(x) = uncovered.first() else {
            // Every body cell is covered with fewer covers than base houses: the base sets
            // then hold a locked set, not a fish.
            return ControlFlow::Continue(());
        };
        for h in x.houses() {
            let hi = h.index();
            if self.cover_kinds & (1 << hi) == 0 || blocked & (1 << hi) != 0 {
                continue;
            }
            self.cover[k] = hi as u8;
            let rest = uncovered.minus(h.cell_set());
            self.covers(blocked, rest, k + 1, fins, cover_mask | 1 << hi, peers, sink)?;
        }
        if fins.len() < self.max_fins {
            let p = peers.intersection(x.peers());
            if p.intersects(self.outside) {
                // A fin stays uncovered: its houses may no longer be covers.
                let rest = uncovered.minus(CellSet::single(x));
                let [r, c, b] = x.houses();
                let blocked = blocked | 1 << r.index() | 1 << c.index() | 1 << b.index();
                let fins = fins.union(CellSet::single(x));
                self.covers(blocked, rest, k, fins, cover_mask, p, sink)?;
            }
        }
        ControlFlow::Continue(())
    }

    fn leaf(
        &mut self,
        cover_mask: u32,
        exo: CellSet,
        peers: CellSet,
        sink: &mut Sink,
    ) -> ControlFlow<()> {
        let (cells, endo) = (self.cells, self.endo);
        if shape_of(self.base_mask, cover_mask) != self.shape {
            return ControlFlow::Continue(());
        }
        let fins = exo.union(endo);
        let body = cells.minus(fins);
        // Cover cells outside the base, and body cells in two covers (cannibalism).
        let mut union = CellSet::EMPTY;
        let mut twice = CellSet::EMPTY;
        for &h in &self.cover[..self.n] {
            let hc = self.hc[h as usize];
            twice = twice.union(union.intersection(hc));
            union = union.union(hc);
        }
        let mut targets = union.minus(cells).union(twice.intersection(body));
        if !fins.is_empty() {
            targets = targets.intersection(peers);
        }
        targets = targets.intersection(self.cells_d);
        if targets.is_empty() {
            return ControlFlow::Continue(());
        }
        let d = self.d;
        let mut step = Step::new(self.technique);
        step.eliminations.extend(targets.iter().map(|c| Candidate::new(c, d)));
        let mut base: Vec<House> =
            self.base[..self.n].iter().map(|&h| House::from_index(h as usize)).collect();
        let mut cover: Vec<House> =
            self.cover[..self.n].iter().map(|&h| House::from_index(h as usize)).collect();
        crate::sort::sort(&mut base);
        crate::sort::sort(&mut cover);
        step.highlight.cells.extend(body.iter());
        step.highlight.candidates.extend(body.iter().map(|c| Candidate::new(c, d)));
        let fin_cands: Vec<Candidate> = fins.iter().map(|c| Candidate::new(c, d)).collect();
        let endo_cands: Vec<Candidate> = endo.iter().map(|c| Candidate::new(c, d)).collect();
        let pattern = fish_pattern(d, &base, &cover, &fin_cands, &endo_cands);
        step.highlight.fins = fin_cands;
        step.highlight.houses = base;
        step.highlight.cover_houses = cover;
        step.length = self.n as u16;
        sink.push(step.with_text(pattern))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::find_all;

    use crate::test_support::{reglib_board, texts_with};

    /// The fish kept per digit are what a fresh search finds: at the positions of
    /// `path_positions`, every basic, finned and sashimi finder asked with the lists the
    /// positions before left equals the same finder asked with none kept.
    #[test]
    fn fish_kept_per_digit_are_what_a_fresh_search_finds() {
        let techniques = [
            (Technique::XWing, 2, 0),
            (Technique::Swordfish, 3, 0),
            (Technique::Jellyfish, 4, 0),
            (Technique::FinnedXWing, 2, 1),
            (Technique::FinnedSwordfish, 3, 1),
            (Technique::FinnedJellyfish, 4, 1),
            (Technique::SashimiXWing, 2, 1),
            (Technique::SashimiSwordfish, 3, 1),
            (Technique::SashimiJellyfish, 4, 1),
        ];
        let (mut reused, mut found) = (0, 0);
        crate::test_support::path_positions(|b| {
            for (t, n, finned) in techniques {
                reused += FISH.with(|k| {
                    let k = k.borrow();
                    Digit::all()
                        .filter(|&d| {
                            let cells = b.digit_cells(d);
                            let slot = ((n - 2) * 2 + finned) * 9 + d.index();
                            !cells.is_empty() && k.get(slot).is_some_and(|e| e.0 == cells)
                        })
                        .count()
                });
                // A search with nothing kept, the lists kept left as they were.
                let saved = FISH.with(|k| k.take());
                let fresh = find_all(b, t);
                FISH.with(|k| *k.borrow_mut() = saved);
                let kept = find_all(b, t);
                assert_eq!(kept, fresh, "{} in {}", t.id(), crate::format::to_line(b));
                found += fresh.len();
            }
        });
        assert!(reused > 1000 && found > 10, "{reused} digits' fish reused, {found} found");
    }

    #[test]
    fn x_wing() {
        // Reglib line 519 (0300).
        let b = reglib_board(
            ":0300:3:9.....+5+6+1..+6.+1.7+937+1..962486...2+147+9........5....4...642..+586+1+75.71.+2..+4..1....+52::313 314 343 344 353 354 363 364 394::",
        );
        let steps = find_all(&b, Technique::XWing);
        assert_eq!(steps.len(), 1);
        let s = &steps[0];
        assert_eq!(
            s.text,
            "X-Wing: 3 r3,r7 c3,c4 => r1c3,r1c4,r4c3,r4c4,r5c3,r5c4,r6c3,r6c4,r9c4<>3"
        );
        assert_eq!(s.highlight.houses, vec![House::row(2), House::row(6)]);
        assert_eq!(s.highlight.cover_houses, vec![House::col(2), House::col(3)]);
        assert_eq!(s.highlight.candidates.len(), 4);
        assert!(s.highlight.fins.is_empty());
        assert_eq!(s.length, 2);
        // The same position has no finned or sashimi X-Wing that makes these eliminations.
        assert!(
            find_all(&b, Technique::FinnedXWing).iter().all(|f| f.eliminations != s.eliminations)
        );
    }

    #[test]
    fn jellyfish() {
        // Reglib line 546 (0302).
        let b = reglib_board(
            ":0302:9:.............1.....123.456.+1.........23...78..47.6.12...........318.764..58...23.:444 544 944 445 545 945 546 946 459 566 966:911 914 915 916 919 921 924 926 929 949 971 974 975 976 979::",
        );
        let want = "r1c1,r1c4,r1c5,r1c6,r1c9,r2c1,r2c4,r2c6,r2c9,r4c9,r7c1,r7c4,r7c5,r7c6,r7c9<>9";
        assert_eq!(texts_with(&b, Technique::Jellyfish, want).len(), 1);
    }

    #[test]
    fn finned_x_wing() {
        // Reglib line 565 (0310).
        let b = reglib_board(
            ":0310:3:1.........5.....61..8+1..2...7...9.......1.3..4...5...6.+6.+398+14+2+9+42+5+71+6..+8+136+4279+5:962:315 335::",
        );
        let t = texts_with(&b, Technique::FinnedXWing, "r1c5,r3c5<>3");
        assert_eq!(t, vec!["Finned X-Wing: 3 r2,r4 c1,c5 fr2c6 => r1c5,r3c5<>3"]);
        assert!(find_all(&b, Technique::XWing).is_empty());
    }

    #[test]
    fn finned_swordfish() {
        // Reglib line 577 (0311).
        let b = reglib_board(
            ":0311:5:.+6.4+1+7.+83+3+1+4+98..+7.8+7..+6+39147+43.29..+8..+8+3+4+6.2+7..6.+7.34+96..+75+4+8+314+3+1.+9.7..58+7631+4+9+2::557::",
        );
        let steps: Vec<Step> = find_all(&b, Technique::FinnedSwordfish)
            .into_iter()
            .filter(|s| s.result_text() == "r5c7<>5")
            .collect();
        assert!(!steps.is_empty());
        assert!(steps.iter().all(|s| !s.highlight.fins.is_empty() && s.length == 3));
    }

    #[test]
    fn sashimi_x_wing_is_not_a_finned_x_wing() {
        // Reglib line 619 (0320).
        let b = reglib_board(
            ":0320:8:4..5.769....+3....2.68+1...3.65.2.4..9...+73.4.....9.......+68........+6.3..73894+7....::859 869::",
        );
        let want = "r5c9,r6c9<>8";
        assert_eq!(texts_with(&b, Technique::SashimiXWing, want).len(), 1);
        assert!(texts_with(&b, Technique::FinnedXWing, want).is_empty());
    }

    #[test]
    fn franken_fish() {
        // Reglib line 689 (0340): a finned Franken X-Wing.
        let b = reglib_board(
            ":0340:1:4.392..5659...6...6..85..4.1.5.9846.9.426.5...6.5.4...25...9683849632715..6.85294:328 829 759 367 867 269 769:129::",
        );
        assert!(!texts_with(&b, Technique::FrankenXWing, "r2c9<>1").is_empty());
        // Reglib line 695 (0341): a finned Franken Swordfish.
        let b = reglib_board(
            ":0341:5:.64.+2............2+293.8..4.......7.9..6...+23..1+9..2.86..7..89.5+9.82.1...+6...49...:518 718 724 725 128 728 541 342 542 544 154 371 372 678 482 385 685 789 394 799:525 545::",
        );
        let s = find_all(&b, Technique::FrankenSwordfish);
        let made: Vec<String> = s.iter().map(Step::result_text).collect();
        assert!(made.iter().any(|t| t.contains("r2c5")), "{made:?}");
        assert!(s.iter().all(|s| s.highlight.houses.len() == 3
            && s.highlight.cover_houses.len() == 3
            && shape_of(
                s.highlight.houses.iter().fold(0, |m, h| m | 1 << h.index()),
                s.highlight.cover_houses.iter().fold(0, |m, h| m | 1 << h.index())
            ) == Shape::Franken));
    }

    #[test]
    fn mutant_jellyfish() {
        // Reglib line 749 (0362).
        let b = reglib_board(
            ":0362:4:.7+6+1.95..1..+6.5...+98+5+72.16.+7...1+6.......97.3.6+9.2+5.+7188.7.6..5...9+5..3.....+9...4.:211 319 425 227 228 229 443 449 172 272 376 476 885 286 486 289 895 396:419::",
        );
        assert!(!texts_with(&b, Technique::MutantJellyfish, "r1c9<>4").is_empty());
    }

    #[test]
    fn nothing_on_an_empty_or_solved_board() {
        let empty = Board::empty();
        let solved = Board::from_values(&std::array::from_fn(|i| {
            let (r, c) = (i / 9, i % 9);
            ((r * 3 + r / 3 + c) % 9 + 1) as u8
        }));
        assert!(solved.is_solved());
        for &t in Technique::ALL.iter().filter(|t| t.family() == crate::logic::Family::Fish) {
            if t == Technique::KrakenFish {
                continue;
            }
            assert!(find_all(&solved, t).is_empty(), "{t:?}");
            if matches!(
                t,
                Technique::XWing
                    | Technique::Swordfish
                    | Technique::FinnedXWing
                    | Technique::SashimiXWing
                    | Technique::FrankenXWing
                    | Technique::MutantXWing
            ) {
                assert!(find_all(&empty, t).is_empty(), "{t:?}");
            }
        }
    }

    #[test]
    fn shapes() {
        let m = |hs: &[House]| hs.iter().fold(0u32, |m, h| m | 1 << h.index());
        let (r, c, b) = (House::row, House::col, House::boxx);
        assert_eq!(shape_of(m(&[r(0), r(4)]), m(&[c(1), c(2)])), Shape::Basic);
        assert_eq!(shape_of(m(&[r(0), b(4)]), m(&[c(1), c(2)])), Shape::Franken);
        assert_eq!(shape_of(m(&[c(0), b(4)]), m(&[r(1), b(2)])), Shape::Franken);
        assert_eq!(shape_of(m(&[r(0), c(4)]), m(&[c(1), b(2)])), Shape::Mutant);
        assert_eq!(shape_of(m(&[r(0), b(4)]), m(&[r(1), c(2)])), Shape::Mutant);
        assert_eq!(shape_of(m(&[b(0), b(4)]), m(&[r(1), c(2)])), Shape::Mutant);
    }
}
