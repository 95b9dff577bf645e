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
//!   fins and the number of endo fins (base candidates in two base houses).

use crate::board::Board;
use crate::grid::{Candidate, Cell, CellSet, Digit, House};
use crate::logic::step::fmt_houses_short;
use crate::logic::{Sink, Step, Technique};
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

/// Calls `f` with every `n`-element combination of `items` (in increasing order).
fn for_each_combo(
    items: &[u8],
    n: usize,
    f: &mut impl FnMut(&[u8]) -> ControlFlow<()>,
) -> ControlFlow<()> {
    fn rec(
        items: &[u8],
        start: usize,
        chosen: &mut [u8; 9],
        k: usize,
        n: usize,
        f: &mut impl FnMut(&[u8]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if k == n {
            return f(&chosen[..n]);
        }
        for i in start..items.len() {
            if items.len() - i < n - k {
                break;
            }
            chosen[k] = items[i];
            rec(items, i + 1, chosen, k + 1, n, f)?;
        }
        ControlFlow::Continue(())
    }
    let mut chosen = [0u8; 9];
    rec(items, 0, &mut chosen, 0, n, f)
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
fn basic(
    board: &Board,
    n: usize,
    variant: Variant,
    technique: Technique,
    sink: &mut Sink,
) -> ControlFlow<()> {
    for d in Digit::all() {
        for rows_base in [true, false] {
            basic_oriented(board, d, n, rows_base, variant, technique, sink)?;
        }
    }
    ControlFlow::Continue(())
}

/// The cell on base line `line` at cover position `pos`.
fn line_cell(rows_base: bool, line: usize, pos: usize) -> Cell {
    if rows_base { Cell::at(line, pos) } else { Cell::at(pos, line) }
}

fn line_house(rows_base: bool, i: usize) -> House {
    if rows_base { House::row(i) } else { House::col(i) }
}

fn basic_oriented(
    board: &Board,
    d: Digit,
    n: usize,
    rows_base: bool,
    variant: Variant,
    technique: Technique,
    sink: &mut Sink,
) -> ControlFlow<()> {
    // masks[i]: bit p set when d is a candidate at position p of base line i.
    let mut masks = [0u16; 9];
    for (i, m) in masks.iter_mut().enumerate() {
        for p in 0..9 {
            if board.has_candidate(line_cell(rows_base, i, p), d) {
                *m |= 1 << p;
            }
        }
    }
    // A base line needs two candidates (one is a single); a finned line may hold up to n + 3.
    let max_len = if variant == Variant::Basic { n } else { n + 3 };
    let mut lines = [0u8; 9];
    let mut count = 0;
    for (i, &m) in masks.iter().enumerate() {
        let len = m.count_ones() as usize;
        if len >= 2 && len <= max_len {
            lines[count] = i as u8;
            count += 1;
        }
    }
    for_each_combo(&lines[..count], n, &mut |base: &[u8]| {
        let union = base.iter().fold(0u16, |u, &l| u | masks[l as usize]);
        let width = union.count_ones() as usize;
        if variant == Variant::Basic {
            if width == n {
                let mut fish = BasicFish { d, rows_base, base, cover: union, masks: &masks };
                fish.report(technique, 0, None, sink)?;
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
            let mut opt = [0u8; 3];
            let mut len = 0;
            for p in bits(optional) {
                opt[len] = p as u8;
                len += 1;
            }
            for_each_combo(&opt[..len], need as usize, &mut |extra: &[u8]| {
                let cover = extra.iter().fold(required, |c, &p| c | 1 << p);
                let fin_pos = union & !cover;
                // The fins' lines must share a band so the fins share a box.
                let mut band = None;
                let mut sashimi = false;
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
                    if (m & cover).count_ones() <= 1 {
                        sashimi = true;
                    }
                }
                if sashimi != (variant == Variant::Sashimi) {
                    return ControlFlow::Continue(());
                }
                let band = band.expect("fins exist");
                let mut fish = BasicFish { d, rows_base, base, cover, masks: &masks };
                fish.report(technique, fin_pos, Some((band, s)), sink)
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
        let is_base = |l: usize| self.base.iter().any(|&b| b as usize == l);
        let mut step = Step::new(technique);
        for l in 0..9 {
            if is_base(l) {
                continue;
            }
            if let Some((band, _)) = fin_box {
                if l / 3 != band {
                    continue;
                }
            }
            let mut targets = self.masks[l] & self.cover;
            if let Some((_, stack)) = fin_box {
                targets &= stack_mask(stack);
            }
            for p in bits(targets) {
                step.eliminations.push(Candidate::new(line_cell(rb, l, p), d));
            }
        }
        if step.eliminations.is_empty() {
            return ControlFlow::Continue(());
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

/// Most exo fins of a Franken or mutant fish. HoDoKu's regression cases and exemplars need at
/// most two; a third fin multiplies the search for little gain.
const MAX_FINS: u32 = 2;
/// Most endo fins (base candidates lying in two base houses).
const MAX_ENDO_FINS: u32 = 1;

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
                max_fins: MAX_FINS,
                max_endo: MAX_ENDO_FINS,
                max_cap: 0,
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
            // The most body cells one cover house can hold, for the counting bound below.
            let mut allowed = self.cover_kinds & !base_mask;
            self.max_cap = 0;
            while allowed != 0 {
                let h = allowed.trailing_zeros() as usize;
                allowed &= allowed - 1;
                self.max_cap = self.max_cap.max(body.intersection(self.hc[h]).len());
            }
            return self.covers(
                base_mask,
                base_mask,
                cells,
                endo,
                body,
                0,
                CellSet::EMPTY,
                0,
                peers,
                sink,
            );
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
            let base_mask = self.base[..k].iter().fold(1u32 << h, |m, &b| m | 1 << b);
            let body = cells.union(hc).minus(new_endo);
            if new_endo.len() > self.max_endo
                || !self.coverable(body, base_mask, self.n, self.max_fins)
                || !new_endo.is_empty()
                    && new_endo.common_peers().intersection(self.cells_d).is_empty()
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
        base_mask: u32,
        blocked: u32,
        cells: CellSet,
        endo: CellSet,
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
            return self.leaf(base_mask, cover_mask, cells, endo, fins, peers, sink);
        }
        if uncovered.len() > (self.n - k) as u32 * self.max_cap + self.max_fins - fins.len() {
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
            self.covers(
                base_mask,
                blocked,
                cells,
                endo,
                rest,
                k + 1,
                fins,
                cover_mask | 1 << hi,
                peers,
                sink,
            )?;
        }
        if fins.len() < self.max_fins {
            let p = peers.intersection(x.peers());
            if p.intersects(self.cells_d.minus(cells)) {
                // A fin stays uncovered: its houses may no longer be covers.
                let rest = uncovered.minus(CellSet::single(x));
                let [r, c, b] = x.houses();
                let blocked = blocked | 1 << r.index() | 1 << c.index() | 1 << b.index();
                self.covers(
                    base_mask,
                    blocked,
                    cells,
                    endo,
                    rest,
                    k,
                    fins.union(CellSet::single(x)),
                    cover_mask,
                    p,
                    sink,
                )?;
            }
        }
        ControlFlow::Continue(())
    }

    /// Whether `m` more cover houses (of the allowed kinds, not base houses) and `fins` more
    /// fins could hold the cells `u`: the `m` largest intersections plus the fins reach `|u|`.
    fn coverable(&self, u: CellSet, base_mask: u32, m: usize, fins: u32) -> bool {
        let need = u.len();
        if need <= fins + m as u32 {
            return true;
        }
        // The m largest intersections, largest first (m <= 4).
        let mut top = [0u32; 4];
        let mut allowed = self.cover_kinds & !base_mask;
        while allowed != 0 {
            let h = allowed.trailing_zeros() as usize;
            allowed &= allowed - 1;
            let c = u.intersection(self.hc[h]).len();
            if c > top[m - 1] {
                let mut i = m - 1;
                while i > 0 && top[i - 1] < c {
                    top[i] = top[i - 1];
                    i -= 1;
                }
                top[i] = c;
            }
        }
        top[..m].iter().sum::<u32>() + fins >= need
    }

    #[allow(clippy::too_many_arguments)]
    fn leaf(
        &mut self,
        base_mask: u32,
        cover_mask: u32,
        cells: CellSet,
        endo: CellSet,
        exo: CellSet,
        peers: CellSet,
        sink: &mut Sink,
    ) -> ControlFlow<()> {
        if shape_of(base_mask, cover_mask) != self.shape {
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
        base.sort();
        cover.sort();
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
