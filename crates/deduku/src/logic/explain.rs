//! Plain-English explanations of steps: [`Step::explain`].
//!
//! The finders store what a step needs to be drawn (its highlight roles) and, where that is
//! not enough, a small [`Detail`]; the words are built here, only when asked, so the step
//! search pays nothing for them. One builder per family (fish of every size share one, chains
//! of every kind share one walk); each names the step's actual houses, cells and digits and
//! says why the pattern places or removes what it does.

use crate::grid::{Candidate, Cell, CellSet, Digit, DigitSet, House, HouseKind};
use crate::logic::step::{Detail, Link, Node, Part, Step, group_eliminations};
use crate::logic::technique::{Family, Technique};

impl Step {
    /// The step in plain English, for people learning the technique: what the pattern is,
    /// which cells, digits and houses it uses, and why it places or removes what it does.
    /// Unlike [`Step::text`] (the compact notation), it is built on demand.
    ///
    /// ```
    /// use deduku::{Candidate, Cell, Digit, Step, Technique};
    /// let mut s = Step::new(Technique::NakedSingle);
    /// s.placements.push(Candidate::new(Cell::at(3, 4), Digit::new(7).unwrap()));
    /// assert_eq!(s.explain(), "r4c5 has only one candidate left, 7, so r4c5 is 7.");
    /// ```
    pub fn explain(&self) -> String {
        match self.technique.family() {
            Family::Singles => singles(self),
            Family::Intersections => intersection(self),
            Family::Subsets => subset(self),
            Family::Fish => fish(self),
            Family::SingleDigit => single_digit(self),
            Family::Wings => wing(self),
            Family::Coloring => coloring(self),
            Family::Uniqueness => uniqueness(self),
            Family::Chains => chain(self),
            Family::Als => als(self),
            Family::Forcing => forcing(self),
            Family::Templates => template(self),
            Family::LastResort => brute_force(self),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Words.

/// `a`, `a and b`, `a, b and c` (`or` likewise).
fn join(items: &[String], word: &str) -> String {
    match items {
        [] => String::new(),
        [a] => a.clone(),
        [rest @ .., last] => format!("{} {word} {last}", rest.join(", ")),
    }
}

fn and(items: &[String]) -> String {
    join(items, "and")
}

fn or(items: &[String]) -> String {
    join(items, "or")
}

fn cells_and(cells: impl IntoIterator<Item = Cell>) -> String {
    and(&cells.into_iter().map(|c| c.to_string()).collect::<Vec<_>>())
}

/// `r5c7`, `r5c7 or r5c8`: each cell named.
fn cells_or(cells: CellSet) -> String {
    or(&cells.iter().map(|c| c.to_string()).collect::<Vec<_>>())
}

fn digits_and(ds: DigitSet) -> String {
    and(&ds.iter().map(|d| d.to_string()).collect::<Vec<_>>())
}

fn digits_or(ds: DigitSet) -> String {
    or(&ds.iter().map(|d| d.to_string()).collect::<Vec<_>>())
}

fn number(n: usize) -> String {
    match n {
        1 => "one".into(),
        2 => "two".into(),
        3 => "three".into(),
        4 => "four".into(),
        5 => "five".into(),
        6 => "six".into(),
        7 => "seven".into(),
        8 => "eight".into(),
        9 => "nine".into(),
        _ => n.to_string(),
    }
}

fn kind_word(k: HouseKind) -> &'static str {
    match k {
        HouseKind::Row => "row",
        HouseKind::Col => "column",
        HouseKind::Box => "box",
    }
}

/// `rows 2 and 7` when the houses are of one kind, else `row 2, box 5 and column 3`.
fn houses(hs: &[House]) -> String {
    match hs {
        [] => String::new(),
        [h] => h.to_string(),
        [first, ..] if hs.iter().all(|h| h.kind() == first.kind()) => {
            let ns: Vec<String> = hs.iter().map(|h| (h.number() + 1).to_string()).collect();
            let plural = if first.kind() == HouseKind::Box { "boxes" } else { "" };
            if plural.is_empty() {
                format!("{}s {}", kind_word(first.kind()), and(&ns))
            } else {
                format!("{plural} {}", and(&ns))
            }
        }
        _ => and(&hs.iter().map(|h| h.to_string()).collect::<Vec<_>>()),
    }
}

/// The digits of `cands` in `cell`.
fn digits_at(cands: &[Candidate], cell: Cell) -> DigitSet {
    cands.iter().filter(|k| k.cell == cell).map(|k| k.digit).collect()
}

/// The digits of `cands`.
fn digits_of(cands: &[Candidate]) -> DigitSet {
    cands.iter().map(|k| k.digit).collect()
}

/// The cells of `cands`, in order, once each.
fn cells_of(cands: &[Candidate]) -> Vec<Cell> {
    let mut out: Vec<Cell> = Vec::new();
    for k in cands {
        if !out.contains(&k.cell) {
            out.push(k.cell);
        }
    }
    out
}

/// `r1c7 and r3c7 lose 2; r5c3 loses 4 and 6` (cells with equal digits grouped).
fn losses(es: &[Candidate]) -> String {
    group_eliminations(es)
        .iter()
        .map(|(s, cells)| {
            let verb = if cells.len() == 1 { "loses" } else { "lose" };
            format!("{} {verb} {}", cells_and(cells.iter().copied()), digits_and(*s))
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// What the step changes: `r3c8 is 5` and/or `r1c7 and r3c7 lose 2`.
fn result(s: &Step) -> String {
    let mut parts: Vec<String> =
        s.placements.iter().map(|p| format!("{} is {}", p.cell, p.digit)).collect();
    if !s.eliminations.is_empty() {
        parts.push(losses(&s.eliminations));
    }
    parts.join("; ")
}

/// The digit every elimination (or else placement) is about; the first one's otherwise.
fn main_digit(s: &Step) -> Digit {
    s.eliminations
        .first()
        .or(s.placements.first())
        .or(s.highlight.candidates.first())
        .map_or(Digit::from_index(0), |k| k.digit)
}

fn lit(k: Candidate, on: bool) -> String {
    if on { format!("{} is {}", k.cell, k.digit) } else { format!("{} is not {}", k.cell, k.digit) }
}

/// A node true or false in words: `r1c2 is 5`, `5 is in r1c2 or r1c3`, `5 is in neither r1c2
/// nor r1c3`. Every cell is named; a group is never written compactly in prose.
fn node(n: Node, on: bool) -> String {
    let cs: Vec<String> = n.cells.iter().map(|c| c.to_string()).collect();
    match &cs[..] {
        [_] => lit(Candidate::new(n.cells.first().unwrap_or(Cell::at(0, 0)), n.digit), on),
        _ if on => format!("{} is in {}", n.digit, or(&cs)),
        [a, b] => format!("{} is in neither {a} nor {b}", n.digit),
        _ => format!("{} is in none of {}", n.digit, and(&cs)),
    }
}

/// The almost locked set of strong link `i`, if the link holds because of one.
fn link_set(sets: &[(u16, Part)], i: usize) -> Option<&Part> {
    sets.iter().find(|(j, _)| *j as usize == i).map(|(_, p)| p)
}

/// The almost locked sets a chain passes through ([`Detail::LinkSets`]).
fn chain_sets(s: &Step) -> &[(u16, Part)] {
    match &s.detail {
        Detail::LinkSets(v) => v,
        _ => &[],
    }
}

/// An almost locked set in words: `r3c1, r3c2, r3c6 and r3c9 form an almost locked set in row
/// 3, four cells holding 1, 2, 3, 5 and 6`.
fn set_words(p: &Part) -> String {
    format!(
        "{} form an almost locked set in {}, {} cells holding {}",
        cells_and(p.cells.iter()),
        p.house,
        number(p.cells.len() as usize),
        digits_and(p.digits)
    )
}

/// Why a link holds, when it can be told from the link (and the almost locked set behind it,
/// `set`): ` (the only other place for 5 in row 1)`, ` (both in column 3)`, ` (the cell's
/// only other candidate)`, ` (the same cell)`, or the set named whole.
fn link_reason(l: &Link, set: Option<&Part>) -> String {
    let (a, b) = (l.from, l.to);
    if let Some(p) = set.filter(|_| l.strong) {
        return format!(" ({}: without {} they must hold {})", set_words(p), a.digit, b.digit);
    }
    if a.digit == b.digit {
        let shared: Vec<House> = a.cells.union(b.cells).common_houses().collect();
        let both = if a.cells.len() + b.cells.len() == 2 { "both" } else { "all" };
        match (l.strong, &shared[..]) {
            (true, [h, ..]) => format!(" (the only other place for {} in {h})", a.digit),
            (false, [h, ..]) => format!(" ({both} in {h})"),
            _ => String::new(),
        }
    } else if a.cells == b.cells && a.cells.len() == 1 {
        if l.strong {
            " (the cell's only other candidate)".into()
        } else {
            " (the same cell)".into()
        }
    } else {
        String::new()
    }
}

/// Chains of up to this many links are told in one sentence; longer ones link by link, one
/// line each.
const SENTENCE_LINKS: usize = 4;

/// Walks links in order from the first node, true after a strong link and false after a weak
/// one. Up to [`SENTENCE_LINKS`] links, one sentence: `if r1c2 is not 5, then r1c7 is 5 (…),
/// so r5c7 is not 5 (…), so r5c2 is 5 (…)`. Longer chains: `suppose r1c2 is not 5; link by
/// link:` then one line per link, `strong: r1c7 is 5 (…)` or `weak: r5c7 is not 5 (…)`.
fn walk(links: &[Link], sets: &[(u16, Part)]) -> String {
    let Some(first) = links.first() else { return String::new() };
    if links.len() > SENTENCE_LINKS {
        let mut out = format!("suppose {}; link by link:", node(first.from, !first.strong));
        for (i, l) in links.iter().enumerate() {
            let kind = if l.strong { "strong" } else { "weak" };
            let end = if i + 1 == links.len() { "" } else { ";" };
            out.push_str(&format!(
                "\n  {kind}: {}{}{end}",
                node(l.to, l.strong),
                link_reason(l, link_set(sets, i))
            ));
        }
        return out;
    }
    let mut out = format!("if {}, then ", node(first.from, !first.strong));
    for (i, l) in links.iter().enumerate() {
        if i > 0 {
            out.push_str(", so ");
        }
        out.push_str(&node(l.to, l.strong));
        out.push_str(&link_reason(l, link_set(sets, i)));
    }
    out
}

/// A forcing chain in words: `if r3c4 is 6, then r3c7 is not 6, so r5c7 is 6`.
fn lit_walk(chain: &[(Candidate, bool)]) -> String {
    match chain {
        [] => String::new(),
        [(k, on)] => format!("if {}, so be it", lit(*k, *on)),
        [(k, on), rest @ ..] => format!("if {}, then {}", lit(*k, *on), consequences(rest)),
    }
}

/// Literals in words, joined by "so": `r3c7 is not 6, so r5c7 is 6`.
fn consequences(chain: &[(Candidate, bool)]) -> String {
    chain.iter().map(|&(k, on)| lit(k, on)).collect::<Vec<_>>().join(", so ")
}

fn part_words(p: &Part) -> String {
    let n = p.cells.len() as usize;
    let cells = if n == 1 { "cell" } else { "cells" };
    format!(
        "{} ({} {cells} of {} holding {})",
        cells_and(p.cells.iter()),
        number(n),
        p.house,
        digits_and(p.digits)
    )
}

const ALS_INTRO: &str = "An almost locked set (ALS) is a group of n cells in one house holding \
     n + 1 digits between them: take one digit away and the others fill its cells.";

// ---------------------------------------------------------------------------------------------
// Families.

fn singles(s: &Step) -> String {
    let Some(p) = s.placements.first() else { return s.text.clone() };
    let (c, d) = (p.cell, p.digit);
    let house = s.highlight.houses.first();
    match (s.technique, house) {
        (Technique::FullHouse, Some(h)) => format!(
            "{c} is the last empty cell of {h}, and {d} is the only digit {h} is missing, so {c} is {d}."
        ),
        (Technique::HiddenSingle, Some(h)) => format!(
            "In {h}, {d} fits only in {c} (every other cell of {h} is filled or sees {} {d}), so {c} is {d}.",
            if d.get() == 8 { "an" } else { "a" }
        ),
        _ => format!("{c} has only one candidate left, {d}, so {c} is {d}."),
    }
}

fn intersection(s: &Step) -> String {
    let h = &s.highlight;
    let (Some(&src), Some(&target)) = (h.houses.first(), h.cover_houses.first()) else {
        return s.text.clone();
    };
    let d = main_digit(s);
    format!(
        "In {src} the {d} can only be in {target} ({}). Whichever of those cells holds it, the \
         {d} of {target} is inside {src}, so no other cell of {target} can hold {d}: {}.",
        cells_and(h.cells.iter().copied()),
        losses(&s.eliminations)
    )
}

fn subset(s: &Step) -> String {
    let h = &s.highlight;
    let cells = h.cells.iter().copied();
    let n = h.cells.len();
    let digits = digits_of(&h.candidates);
    let hs = houses(&h.houses);
    match s.technique {
        Technique::UnitPermutation => format!(
            "Try every way of putting the digits {} is missing into its empty cells, each cell \
             taking one of its candidates and each digit used once: some candidates appear in \
             none of those ways, so they go: {}.",
            hs,
            losses(&s.eliminations)
        ),
        Technique::HiddenPair | Technique::HiddenTriple | Technique::HiddenQuad => format!(
            "In {hs}, the digits {} fit only in the {} cells {}. Those {} cells must take {} \
             between them, so they have no room for anything else: {}.",
            digits_and(digits),
            number(n),
            cells_and(cells),
            number(n),
            digits_and(digits),
            losses(&s.eliminations)
        ),
        _ => {
            let both = if h.houses.len() > 1 {
                format!(
                    " (they lie in both {})",
                    and(&h.houses.iter().map(|h| h.to_string()).collect::<Vec<_>>())
                )
            } else {
                String::new()
            };
            format!(
                "{} can only hold {} between them, so these {} cells take {}, one digit each{both}. \
                 No other cell of {} can hold {}: {}.",
                cells_and(cells),
                digits_and(digits),
                number(n),
                digits_and(digits),
                or(&h.houses.iter().map(|h| h.to_string()).collect::<Vec<_>>()),
                digits_or(digits),
                losses(&s.eliminations)
            )
        }
    }
}

fn capitalize(t: &str) -> String {
    let mut c = t.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// The fish's body: base houses, cover houses and what the n truths do: `The base houses are
/// columns 3 and 8: in them, 7 fits only in rows 1 and 7, the cover houses. …`.
fn fish_body(d: Digit, base: &[House], cover: &[House], fins: &[Candidate]) -> String {
    let n = number(base.len());
    let mut out = format!(
        "The base houses are {}: in them, {d} fits only in {}, the cover houses",
        houses(base),
        houses(cover)
    );
    if !fins.is_empty() {
        let f = cells_of(fins);
        let word = if f.len() == 1 { "fin" } else { "fins" };
        out.push_str(&format!(", apart from the {word} {}", cells_and(f)));
    }
    out.push_str(&format!(
        ". Each of the {n} base houses needs its own {d}, in {n} different cells, and each cover \
         house takes at most one, so the {} {d}s fill {}, one each",
        n,
        houses(cover)
    ));
    out
}

fn fish(s: &Step) -> String {
    let h = &s.highlight;
    let d = main_digit(s);
    let mut out = fish_body(d, &h.houses, &h.cover_houses, &h.fins);
    if h.fins.is_empty() {
        out.push_str(&format!(
            ", whichever way they go. So no other cell of {} can hold {d}: {}.",
            houses(&h.cover_houses),
            losses(&s.eliminations)
        ));
    } else {
        let fins = cells_of(&h.fins);
        // An endo fin lies in two base houses (inside the pattern); the others are exo fins.
        let (endo, exo): (Vec<Cell>, Vec<Cell>) = fins
            .iter()
            .partition(|&&c| h.houses.iter().filter(|b| b.cell_set().contains(c)).count() > 1);
        let (one, them) = if fins.len() == 1 { ("the fin", "it") } else { ("a fin", "the fins") };
        out.push_str(&format!(" — unless {one} holds the {d}."));
        if !exo.is_empty() {
            out.push_str(&format!(
                " A fin is a place for {d} in a base house outside the cover houses: when it \
                 holds the {d}, its base house needs no {d} in the cover houses and the count \
                 above fails."
            ));
        }
        if !endo.is_empty() {
            out.push_str(&format!(
                " An endo fin ({}) lies in two base houses at once: one {d} there would serve \
                 both, so the base houses would need one {d} fewer in the cover houses and the \
                 count above fails.",
                cells_and(endo.iter().copied())
            ));
        }
        out.push_str(&format!(
            " So either the fish holds or {one} is {d}; a cell in the cover houses that also \
             sees {them} loses {d} either way: {}.",
            losses(&s.eliminations)
        ));
        if matches!(
            s.technique,
            Technique::SashimiXWing | Technique::SashimiSwordfish | Technique::SashimiJellyfish
        ) {
            out.push_str(&format!(
                " The fish is sashimi: without its {}, a base house keeps at most one {d} in \
                 the cover houses, so the fish has a missing corner. The argument is the same: \
                 if no fin is {d}, that base house's {d} is still in the cover houses.",
                if fins.len() == 1 { "fin" } else { "fins" }
            ));
        }
    }
    if s.technique.name().starts_with("Franken") || s.technique.name().starts_with("Mutant") {
        out.push_str(
            " Base and cover houses may mix rows, columns and boxes; the counting is the same.",
        );
    }
    out
}

fn single_digit(s: &Step) -> String {
    let h = &s.highlight;
    let d = main_digit(s);
    if s.technique == Technique::EmptyRectangle {
        let (Some(&bx), Some(&line), [l0, l1, l2]) =
            (h.houses.first(), h.houses.get(1), &h.links[..])
        else {
            return s.text.clone();
        };
        let (q, p) = (l0.from, l0.to);
        let (near, far) = (l1.to, l2.to);
        let tc = s.eliminations.first().map(|e| e.cell);
        let t = tc.map_or(String::new(), |c| c.to_string());
        let shared = |a: CellSet| {
            tc.and_then(|c| a.union(CellSet::single(c)).common_houses().next())
                .map_or(String::new(), |h| format!(" (both in {h})"))
        };
        return format!(
            "In {bx} every {d} lies in one row or one column of the box (an \"empty rectangle\" \
             around the cross). In {line}, {d} fits only in {} and {}. Suppose {t} were {d}: then \
             {}{}, so {}, which rules out {} in the box; the box's {d} must then be in {}, which \
             sees {t}: impossible. So {}.",
            cells_or(q.cells),
            cells_or(p.cells),
            node(q, false),
            shared(q.cells),
            node(p, true),
            cells_and(near.cells.iter()),
            cells_or(far.cells),
            losses(&s.eliminations)
        );
    }
    let [l0, l1, l2] = &h.links[..] else { return s.text.clone() };
    let (y1, x1, x2, y2) = (l0.from, l0.to, l1.to, l2.to);
    let pair_house = |i: usize, a: Node, b: Node| match s.detail {
        Detail::LinkHouses(hs) => hs[i].to_string(),
        _ => a.cells.union(b.cells).common_houses().next().map_or(String::new(), |h| h.to_string()),
    };
    let shared = x1.cells.union(x2.cells).common_houses().next();
    format!(
        "In {}, {d} fits only in {} and {}; in {}, only in {} and {}. {} and {} see each other{}, \
         so at most one of them is {d}: if {}, {}, and if {}, {}. So {} or {} is {d}, and a cell \
         that sees both cannot be {d}: {}.",
        pair_house(0, y1, x1),
        cells_or(y1.cells),
        cells_or(x1.cells),
        pair_house(1, x2, y2),
        cells_or(x2.cells),
        cells_or(y2.cells),
        cells_or(x1.cells),
        cells_or(x2.cells),
        shared.map_or(String::new(), |h| format!(" (both in {h})")),
        node(Node { digit: d, ..x1 }, false),
        node(Node { digit: d, ..y1 }, true),
        node(Node { digit: d, ..x2 }, false),
        node(Node { digit: d, ..y2 }, true),
        cells_or(y1.cells),
        cells_or(y2.cells),
        losses(&s.eliminations)
    )
}

fn wing(s: &Step) -> String {
    let h = &s.highlight;
    let z = main_digit(s);
    let all: Vec<Candidate> = h.candidates.iter().chain(&h.alternate).copied().collect();
    let cands = |c: Cell| digits_at(&all, c);
    match (s.technique, &h.cells[..]) {
        (Technique::XyWing, &[pivot, p1, p2]) => {
            let x = digits_at(&h.candidates, p1).first().unwrap_or(z);
            let y = digits_at(&h.candidates, p2).first().unwrap_or(z);
            format!(
                "The pivot {pivot} holds only {x} and {y}. The pincer {p1} ({x} or {z}) and the \
                 pincer {p2} ({y} or {z}) both see the pivot. If the pivot is {x}, {p1} must be \
                 {z}; if it is {y}, {p2} must be {z}. Either way one pincer is {z}, so a cell \
                 that sees both pincers cannot be {z}: {}.",
                losses(&s.eliminations)
            )
        }
        (Technique::XyzWing, &[pivot, p1, p2]) => {
            let x = cands(p1).minus(DigitSet::single(z)).first().unwrap_or(z);
            let y = cands(p2).minus(DigitSet::single(z)).first().unwrap_or(z);
            format!(
                "The pivot {pivot} holds {x}, {y} or {z}; the pincers {p1} ({x} or {z}) and {p2} \
                 ({y} or {z}) see it. If the pivot is {x}, {p1} is {z}; if it is {y}, {p2} is \
                 {z}; otherwise the pivot itself is {z}. So one of the three cells is {z}, and a \
                 cell that sees all three cannot be {z}: {}.",
                losses(&s.eliminations)
            )
        }
        (Technique::WWing, &[c1, c2]) => {
            let (Some(house), [_, l1, l2, ..]) = (h.houses.first(), &h.links[..]) else {
                return s.text.clone();
            };
            let x = l1.from.digit;
            let (a, b) = (cells_or(l1.to.cells), cells_or(l2.to.cells));
            format!(
                "{c1} and {c2} both hold only {x} and {z}. In {house}, {x} fits only in {a} and \
                 {b}; {a} sees {c1} and {b} sees {c2}. If both cells were {x}, {house} would have \
                 no place left for {x}. So at least one of them is {z}, and a cell that sees \
                 both cannot be {z}: {}.",
                losses(&s.eliminations)
            )
        }
        (Technique::WxyzWing, cells) => {
            let digits = digits_of(&all);
            let zcells = cells_of(&h.alternate);
            format!(
                "The four cells {} hold only {} between them. Every digit but {z} sits only in \
                 cells that see each other, so each can fill at most one of them; without {z} \
                 they would have three digits for four cells. So {z} is in one of {}, and a cell \
                 that sees all of those cannot be {z}: {}.",
                cells_and(cells.iter().copied()),
                digits_and(digits),
                cells_and(zcells),
                losses(&s.eliminations)
            )
        }
        (Technique::RemotePair, path) => {
            let ds = digits_of(&all);
            let odd: Vec<Cell> = path.iter().copied().step_by(2).collect();
            let even: Vec<Cell> = path.iter().copied().skip(1).step_by(2).collect();
            format!(
                "The cells {} each hold only {}, and each sees the next, so they alternate: {} \
                 hold one of the digits and {} the other. A cell that sees a cell of each group \
                 sees both digits, so it holds neither: {}.",
                cells_and(path.iter().copied()),
                digits_and(ds),
                cells_and(odd),
                cells_and(even),
                losses(&s.eliminations)
            )
        }
        _ => s.text.clone(),
    }
}

/// The clusters of a coloring step: its cells joined by its links, each with its two colors.
fn clusters(s: &Step) -> Vec<[CellSet; 2]> {
    let h = &s.highlight;
    let a: CellSet = h.candidates.iter().map(|k| k.cell).collect();
    let b: CellSet = h.alternate.iter().map(|k| k.cell).collect();
    let mut comps: Vec<CellSet> = Vec::new();
    for l in &h.links {
        let pair = l.from.cells.union(l.to.cells);
        let (touch, rest): (Vec<CellSet>, Vec<CellSet>) =
            comps.into_iter().partition(|c| c.intersects(pair));
        comps = rest;
        comps.push(touch.into_iter().fold(pair, |u, c| u.union(c)));
    }
    comps.into_iter().map(|c| [c.intersection(a), c.intersection(b)]).collect()
}

fn sees_any(x: CellSet, y: CellSet) -> Option<(Cell, Cell)> {
    x.iter().find_map(|c| y.iter().find(|&o| o != c && c.sees(o)).map(|o| (c, o)))
}

fn coloring(s: &Step) -> String {
    let d = main_digit(s);
    let cls = clusters(s);
    let set = |c: CellSet| {
        format!("({})", c.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", "))
    };
    let intro = format!(
        "Follow the conjugate pairs of {d} (houses where {d} has exactly two places): in each, \
         exactly one end is {d}, so linked cells take alternating colors, and either every cell \
         of one color is {d} or every cell of the other."
    );
    let elim_cells: CellSet = s.eliminations.iter().map(|e| e.cell).collect();
    match (s.technique, &cls[..]) {
        (Technique::SimpleColorsTrap, [c]) => format!(
            "{intro} Here one color is {} and the other {}. A cell that sees a cell of each color cannot \
             be {d} either way: {}.",
            set(c[0]),
            set(c[1]),
            losses(&s.eliminations)
        ),
        (Technique::SimpleColorsWrap, [c]) => {
            let bad = if elim_cells.is_subset(c[0]) { c[0] } else { c[1] };
            let good = if bad == c[0] { c[1] } else { c[0] };
            let why = sees_any(bad, bad)
                .map(|(x, y)| {
                    let both: CellSet = [x, y].into_iter().collect();
                    let h = both.common_houses().next().map_or(String::new(), |h| h.to_string());
                    format!(
                        "{x} and {y} have the same color and share {h}, which cannot hold two {d}s"
                    )
                })
                .unwrap_or_else(|| "Two cells of the first color share a house".into());
            format!(
                "{intro} Here one color is {} and the other {}. {why}, so that color is false and the \
                 other is true: {}.",
                set(bad),
                set(good),
                losses(&s.eliminations)
            )
        }
        (_, [p, q]) => {
            // Type 2: one color of a cluster is eliminated, for seeing both colors of the other.
            for (p, q) in [(p, q), (q, p)] {
                for x in 0..2 {
                    if !elim_cells.is_empty() && elim_cells.is_subset(p[x]) {
                        let (a, b) = (sees_any(p[x], q[0]), sees_any(p[x], q[1]));
                        if let (Some((a1, a2)), Some((b1, b2))) = (a, b) {
                            return format!(
                                "{intro} Two separate clusters of {d}: {} against {}, and {} against {}. The \
                                 color {} sees both colors of the other cluster ({a1} sees {a2}, \
                                 {b1} sees {b2}); one of those is true, so this color is false: \
                                 {}.",
                                set(p[0]),
                                set(p[1]),
                                set(q[0]),
                                set(q[1]),
                                set(p[x]),
                                losses(&s.eliminations)
                            );
                        }
                    }
                }
            }
            // Type 1: a color of each cluster see each other; the opposite colors hold a truth.
            let mut why = String::new();
            'outer: for x in 0..2 {
                for y in 0..2 {
                    if let Some((a, b)) = sees_any(p[x], q[y]) {
                        why = format!(
                            " {a} sees {b}, so their colors are not both true: one of the \
                             opposite colors, {} or {}, is.",
                            set(p[1 - x]),
                            set(q[1 - y])
                        );
                        break 'outer;
                    }
                }
            }
            format!(
                "{intro} Two separate clusters of {d}: {} against {}, and {} against {}.{why} A cell that sees \
                 a cell of each of those two colors cannot be {d}: {}.",
                set(p[0]),
                set(p[1]),
                set(q[0]),
                set(q[1]),
                losses(&s.eliminations)
            )
        }
        _ => format!("{intro} So: {}.", result(s)),
    }
}

const DEADLY: &str = "If all four held only the same two digits, those digits could be swapped \
     to give a second solution (a \"deadly pattern\"); the puzzle has only one solution, so that \
     cannot happen.";

fn uniqueness(s: &Step) -> String {
    let h = &s.highlight;
    let rect = &h.cells;
    let ab = digits_of(&h.candidates);
    let abs = digits_and(ab);
    let roof: Vec<Cell> = cells_of(&h.fins);
    let floor: Vec<Cell> = rect.iter().copied().filter(|c| !roof.contains(c)).collect();
    let intro = |ds: &str| {
        format!(
            "{} form a rectangle over two rows, two columns and two boxes, with {ds}. {DEADLY}",
            cells_and(rect.iter().copied())
        )
    };
    let x = main_digit(s);
    let other = |d: Digit| ab.minus(DigitSet::single(d)).first().unwrap_or(d);
    let l = losses(&s.eliminations);
    match s.technique {
        Technique::UniqueRectangle1 => format!(
            "{} Three corners hold only {abs}, so the fourth must hold something else: {l}.",
            intro(&format!("candidates {abs}"))
        ),
        Technique::UniqueRectangle2 | Technique::UniqueRectangle5 => format!(
            "{} The corners {} hold {abs} and one extra digit, {x}. If none of them were {x}, \
             the rectangle would be deadly, so one of them is {x}, and a cell that sees all of \
             them cannot be {x}: {l}.",
            intro(&format!("candidates {abs}")),
            cells_and(roof.iter().copied())
        ),
        Technique::UniqueRectangle3 => {
            let extra = digits_of(&h.fins).minus(ab);
            // One subset per house: the roof (as one cell holding the extra digits) with the
            // other cells of the house the step marks.
            let subsets: Vec<String> = h
                .houses
                .iter()
                .map(|&house| {
                    let others: Vec<Cell> = cells_of(&h.alternate)
                        .into_iter()
                        .filter(|&c| house.cell_set().contains(c))
                        .collect();
                    let digits =
                        others.iter().fold(extra, |ds, &c| ds.union(digits_at(&h.alternate, c)));
                    format!(
                        "in {house}, the roof and {} hold only {} between them, {} digits for {} \
                         cells, so they take {} and the rest of {house} cannot hold {}",
                        cells_and(others.iter().copied()),
                        digits_and(digits),
                        number(digits.len() as usize),
                        number(others.len() + 1),
                        digits_and(digits),
                        digits_or(digits)
                    )
                })
                .collect();
            format!(
                "{} The corners {} (the roof) must hold one of their extra digits ({}), so \
                 together they act like one cell with those candidates and form a naked subset \
                 with other cells: {}: {l}.",
                intro(&format!("candidates {abs}")),
                cells_and(roof.iter().copied()),
                digits_or(extra),
                subsets.join("; ")
            )
        }
        Technique::UniqueRectangle4 => {
            let d = other(x);
            let house = h.houses.first().map_or(String::new(), |h| h.to_string());
            format!(
                "{} In {house}, {d} fits only in {}, so one of them is {d}. If the other were \
                 {x}, the rectangle would be deadly, so neither can be {x}: {l}.",
                intro(&format!("candidates {abs}")),
                cells_and(roof.iter().copied())
            )
        }
        Technique::UniqueRectangle6 => format!(
            "{} In {}, {x} fits only in the rectangle's corners, so the {x}s sit on one of its \
             diagonals. If they were on {}, the other two corners, which hold only {abs}, would \
             both be {}, and the rectangle would be deadly. So the {x}s are on {}: {l}.",
            intro(&format!("candidates {abs}")),
            houses(&h.houses),
            cells_and(roof.iter().copied()),
            other(x),
            cells_and(floor.iter().copied())
        ),
        Technique::HiddenRectangle => {
            let keep = other(x);
            let c = s.eliminations.first().map_or(String::new(), |e| e.cell.to_string());
            format!(
                "{} In {}, {keep} fits only in the rectangle's corners. If {c} were {x}, {keep} \
                 would have to fill both corners next to it, and the corner opposite (which \
                 holds only {abs}) would be {x}: deadly. So {c} is not {x}: {l}.",
                intro(&format!("candidates {abs}")),
                and(&h.houses.iter().map(|h| h.to_string()).collect::<Vec<_>>())
            )
        }
        Technique::AvoidableRectangle1 | Technique::AvoidableRectangle2 => {
            let filled = match &s.detail {
                Detail::Filled(v) => v.clone(),
                _ => Vec::new(),
            };
            let fw = and(&filled
                .iter()
                .map(|k| format!("{} with {}", k.cell, k.digit))
                .collect::<Vec<_>>());
            let base = format!(
                "{} form a rectangle over two rows, two columns and two boxes, and none of them \
                 is a given. Solving filled {fw}. If the rectangle ended up with two digits \
                 crosswise, nothing in the givens would tell them apart, and swapping them would \
                 give a second solution.",
                cells_and(rect.iter().copied())
            );
            if s.technique == Technique::AvoidableRectangle1 {
                format!("{base} So the last corner cannot take the digit that completes it: {l}.")
            } else {
                let empty: Vec<Cell> =
                    rect.iter().copied().filter(|c| !filled.iter().any(|k| k.cell == *c)).collect();
                format!(
                    "{base} The empty corners {} can each take only the completing digit or {x}, \
                     so one of them is {x}, and a cell that sees both cannot be {x}: {l}.",
                    cells_and(empty)
                )
            }
        }
        Technique::BugPlus1 => {
            let (Some(&t), Some(k)) = (rect.first(), h.candidates.first()) else {
                return s.text.clone();
            };
            let d = k.digit;
            format!(
                "Every empty cell but {t} has exactly two candidates, and every digit has exactly \
                 two places in each house where it is missing, except {d} in the houses of {t}. \
                 If {t} were not {d}, the whole grid would be a \"bivalue universal grave\", which \
                 never has exactly one solution. So {t} is {d}: {}.",
                if s.placements.is_empty() { l } else { result(s) }
            )
        }
        _ => s.text.clone(),
    }
}

const CHAIN_INTRO: &str = "A chain alternates strong links (if one end is false, the other is \
     true) and weak links (if one end is true, the other is false).";

fn chain(s: &Step) -> String {
    let links = &s.highlight.links;
    let (Some(first), Some(last)) = (links.first(), links.last()) else { return s.text.clone() };
    let sets = chain_sets(s);
    let start = first.from;
    let end = last.to;
    let walked = capitalize(&walk(links, sets));
    // A chain told link by link ends on a line of its own; the conclusion starts a new one.
    let stop = if links.len() > SENTENCE_LINKS { ".\n" } else { ". " };
    let l = result(s);
    let closed = start == end;
    let continuous =
        matches!(s.technique, Technique::ContinuousNiceLoop | Technique::GroupedContinuousNiceLoop);
    if continuous {
        return format!(
            "{CHAIN_INTRO} This one closes into a loop, its last link leading back to its start. \
             {walked}{stop}A loop that agrees with itself works in both directions, so every \
             link has exactly one true end and each weak link acts as a strong one. So, \
             elimination by elimination:{}.",
            loop_reasons(s, sets)
        );
    }
    if closed && first.strong {
        return format!(
            "{CHAIN_INTRO} {walked}{stop}Assuming {} is false forces it to be true, so it is \
             true: {l}.",
            node(start, true)
        );
    }
    if closed {
        return format!(
            "{CHAIN_INTRO} {walked}{stop}Assuming {} forces the opposite, so it is false: {l}.",
            node(start, true)
        );
    }
    let ends = format!("either {} or {}", node(start, true), node(end, true));
    let why = if start.digit == end.digit {
        format!("A cell that sees both ends cannot be {}", start.digit)
    } else {
        "The two end cells see each other, so each loses the other end's digit (taking it \
         would make both ends false)"
            .to_string()
    };
    format!("{CHAIN_INTRO} {walked}{stop}So {ends}. {why}: {l}.")
}

/// Each elimination of a continuous loop with the link that makes it: a weak link between
/// two places of a digit (now strong, so a cell seeing all of both loses the digit), a weak
/// link between two digits of one cell (now strong, so the cell's other digits go), or an
/// almost locked set whose strong link keeps exactly one of its two digits (so its other
/// digits are locked in it). Eliminations with the same reason are told together.
fn loop_reasons(s: &Step, sets: &[(u16, Part)]) -> String {
    let links = &s.highlight.links;
    // Each reason is told without the eliminated cell, so the cells it serves share it.
    let reason = |e: Candidate| -> Option<String> {
        let weak = links.iter().filter(|l| !l.strong).find_map(|l| {
            let (a, b) = (l.from, l.to);
            let both = a.cells.union(b.cells);
            if a.digit == b.digit && e.digit == a.digit && !both.contains(e.cell) {
                both.iter().all(|c| c.sees(e.cell)).then(|| {
                    format!(
                        "the weak link between {d} in {} and {d} in {} acts as a strong one, so \
                         one of those places holds {d}, and each of these cells sees all of them",
                        cells_or(a.cells),
                        cells_or(b.cells),
                        d = a.digit
                    )
                })
            } else if a.cells == b.cells
                && a.cells.len() == 1
                && a.cells.contains(e.cell)
                && e.digit != a.digit
                && e.digit != b.digit
            {
                Some(format!(
                    "the weak link between {} and {} in {} acts as a strong one, so the cell is \
                     {} or {}",
                    a.digit, b.digit, e.cell, a.digit, b.digit
                ))
            } else {
                None
            }
        });
        weak.or_else(|| {
            sets.iter().find_map(|(i, p)| {
                let l = links.get(*i as usize)?;
                let kept = DigitSet::single(l.from.digit).union(DigitSet::single(l.to.digit));
                (p.digits.contains(e.digit) && !kept.contains(e.digit) && !p.cells.contains(e.cell))
                    .then(|| {
                        format!(
                            "{}; the loop leaves exactly one of {} and {} in it, so its other \
                             {} ({}) {} locked in it, and each of these cells sees every {} of \
                             the set",
                            set_words(p),
                            l.from.digit,
                            l.to.digit,
                            if p.digits.minus(kept).len() == 1 { "digit" } else { "digits" },
                            digits_and(p.digits.minus(kept)),
                            if p.digits.minus(kept).len() == 1 { "is" } else { "are" },
                            e.digit
                        )
                    })
            })
        })
    };
    let mut told: Vec<(String, Vec<Candidate>)> = Vec::new();
    for &e in &s.eliminations {
        let r = reason(e).unwrap_or_else(|| "every link of the loop holds".into());
        match told.iter_mut().find(|(t, _)| *t == r) {
            Some((_, es)) => es.push(e),
            None => told.push((r, vec![e])),
        }
    }
    told.iter().map(|(r, es)| format!("\n  {}: {r}", losses(es))).collect::<Vec<_>>().join(";")
}

fn parts(s: &Step) -> &[Part] {
    match &s.detail {
        Detail::Parts(p) => p,
        _ => &[],
    }
}

/// A note on sets of an ALS step that share cells (an overlap is allowed as long as the
/// digits passed between the sets do not lie in the shared cells): empty when none do.
fn overlap_note(ps: &[Part], names: &[String], petals: bool) -> String {
    let mut notes = Vec::new();
    for i in 0..ps.len() {
        for j in i + 1..ps.len() {
            let shared = ps[i].cells.intersection(ps[j].cells);
            if !shared.is_empty() {
                notes.push(format!(
                    "{} and {} overlap in {}",
                    names.get(i).map_or("one set", |n| n.as_str()),
                    names.get(j).map_or("another", |n| n.as_str()),
                    cells_and(shared.iter())
                ));
            }
        }
    }
    if notes.is_empty() {
        return String::new();
    }
    let why = if petals {
        "Petals may share cells: the argument uses one petal at a time, the one whose digit \
         the stem takes, so the overlap changes nothing"
    } else {
        "Sets may share cells as long as the digit passed from one set to the next lies in no \
         shared cell (the finder checks it): each set still holds all but one of its digits, \
         so the argument is the same"
    };
    format!(" Note: {}. {why}.", and(&notes))
}

fn als(s: &Step) -> String {
    let text = als_words(s);
    let ps = parts(s);
    let names: Vec<String> = match s.technique {
        Technique::AlsXz => vec!["A".into(), "B".into()],
        Technique::AlsXyWing => vec!["A".into(), "B".into(), "C".into()],
        Technique::AlsXyChain => (1..=ps.len()).map(|i| format!("A{i}")).collect(),
        Technique::DeathBlossom => {
            s.highlight.links.iter().map(|l| format!("the petal for {}", l.from.digit)).collect()
        }
        _ => return text,
    };
    format!("{text}{}", overlap_note(ps, &names, s.technique == Technique::DeathBlossom))
}

fn als_words(s: &Step) -> String {
    let h = &s.highlight;
    let ps = parts(s);
    let l = result(s);
    let zs = digits_of(&s.eliminations);
    let z = digits_and(zs);
    let rcc = |i: usize| h.links.get(i).map_or(String::new(), |l| l.from.digit.to_string());
    match (s.technique, ps) {
        (Technique::AlsXz, [a, b]) => {
            let xs: DigitSet = h.links.iter().map(|l| l.from.digit).collect();
            if xs.len() >= 2 {
                format!(
                    "{ALS_INTRO} A = {} and B = {} share {}, and every cell of A holding one of \
                     them sees every cell of B holding it: each of those digits is in at most one \
                     set. Each set can spare only one digit, so both are locked: every digit of A \
                     and B is placed within them, and cells that see all its cells there lose it: \
                     {l}.",
                    part_words(a),
                    part_words(b),
                    digits_and(xs)
                )
            } else {
                format!(
                    "{ALS_INTRO} A = {} and B = {}. Every {x} of A sees every {x} of B, so {x} is \
                     in at most one of them. If A has no {z}, it holds all its other digits, \
                     {x} among them; then B loses {x} and holds all its other digits, {z} among \
                     them. So {z} is in A or in B, and a cell that sees every {z} of both cannot \
                     be {z}: {l}.",
                    part_words(a),
                    part_words(b),
                    x = digits_and(xs)
                )
            }
        }
        (Technique::AlsXyWing, [a, b, c]) => {
            let (x, y) = (rcc(0), rcc(1));
            format!(
                "{ALS_INTRO} A = {}, B = {} and the pivot C = {}. A and C share {x}, C and B share \
                 {y}, each time with every cell of one seeing every cell of the other. If A has \
                 no {z}, it holds {x}; then C loses {x} and holds {y}; then B loses {y} and holds \
                 {z}. So {z} is in A or in B, and a cell that sees every {z} of both cannot be \
                 {z}: {l}.",
                part_words(a),
                part_words(b),
                part_words(c)
            )
        }
        (Technique::AlsXyChain, [first, .., _]) => {
            let names: Vec<String> = ps
                .iter()
                .enumerate()
                .map(|(i, p)| format!("A{} = {}", i + 1, part_words(p)))
                .collect();
            let mut walk = format!("If A1 has no {z}, it holds all its other digits");
            for i in 0..ps.len() - 1 {
                walk.push_str(&format!(
                    ", {x} among them; then A{} loses {x} and holds its other digits",
                    i + 2,
                    x = rcc(i)
                ));
            }
            let _ = first;
            format!(
                "{ALS_INTRO} The chain: {}; neighbours share a digit whose cells all see each \
                 other. {walk}, {z} among them. So {z} is in A1 or in A{}, and a cell that sees \
                 every {z} of both cannot be {z}: {l}.",
                names.join("; "),
                ps.len()
            )
        }
        (Technique::DeathBlossom, petals) => {
            let stem = h.cells.first().copied();
            let stem_digits = stem.map_or(DigitSet::EMPTY, |c| digits_at(&h.candidates, c));
            let stem_w = stem.map_or(String::new(), |c| c.to_string());
            let ps: Vec<String> = petals
                .iter()
                .zip(&h.links)
                .map(|(p, l)| format!("for {}: {}", l.from.digit, part_words(p)))
                .collect();
            let (each, own) = if stem_digits.intersection(zs).is_empty() {
                ("each of its digits", String::new())
            } else {
                (
                    "each of its digits other than the stem's own {z}",
                    format!(" (or the stem itself is {z}, and the eliminated cells see it too)"),
                )
            };
            format!(
                "{ALS_INTRO} The stem {stem_w} holds {}. For {} there is a petal, an ALS whose \
                 cells with that digit all see the stem: {}. Whatever the stem holds, that \
                 digit's petal loses it and holds all its other digits, {z} among them. So {z} \
                 is in one of the petals{own}, and a cell that sees every {z} of every petal \
                 cannot be {z}: {l}.",
                digits_or(stem_digits),
                each.replace("{z}", &z),
                ps.join("; ")
            )
        }
        (Technique::AlignedPairExclusion, excl) => {
            let (Some(&p), Some(&q)) = (h.cells.first(), h.cells.get(1)) else {
                return s.text.clone();
            };
            let cp = digits_at(&h.candidates, p);
            let cq = digits_at(&h.candidates, q);
            let ex: Vec<String> = excl.iter().map(part_words).collect();
            format!(
                "Try every pair of values for {p} ({}) and {q} ({}). A pair is impossible when \
                 the cells see each other and take the same digit, or when an almost locked set \
                 whose cells all see both would lose both digits, leaving its n cells only n - 1 \
                 digits. The excluding sets here: {}. For each candidate below, every pair \
                 that uses it is impossible, so it goes: {l}.",
                digits_or(cp),
                digits_or(cq),
                and(&ex)
            )
        }
        (Technique::SueDeCoq, [inter, line, bx]) => {
            let (n, k) = (inter.cells.len() as usize, inter.digits.len() as usize);
            let more = k.saturating_sub(n);
            format!(
                "Where {} meets {}, the {} cells {} hold {}: {} more {} than cells. {} ({}) in {} \
                 and {} ({}) in {} share no digit, and all these cells together hold exactly as \
                 many digits as there are cells. Each digit can be used at most once among them \
                 (a digit of the line part only in the line, one of the box part only in the \
                 box), so every one is used exactly once: the line's digits leave the rest of {}, \
                 the box's leave the rest of {}: {l}.",
                bx.house,
                line.house,
                number(n),
                cells_and(inter.cells.iter()),
                digits_and(inter.digits),
                number(more),
                if more == 1 { "digit" } else { "digits" },
                cells_and(line.cells.iter()),
                digits_and(line.digits),
                line.house,
                cells_and(bx.cells.iter()),
                digits_and(bx.digits),
                bx.house,
                line.house,
                bx.house
            )
        }
        _ => s.text.clone(),
    }
}

fn forcing(s: &Step) -> String {
    let h = &s.highlight;
    let (house, reason, chains) = match &s.detail {
        Detail::Forcing { house, reason, chains, .. } => (*house, reason.as_str(), &chains[..]),
        _ => (None, "", &[][..]),
    };
    let l = result(s);
    // A step with a proof: a short intro, the numbered lines (see `Proof::render`), the result.
    if let Some(proof) = s.proof() {
        let lines = proof.render().join("\n");
        let how = "each line gives its reason and the earlier lines it rests on";
        let assumed = proof.lines.first().map(|x| x.fact);
        return match (s.technique, assumed) {
            (Technique::ForcingChainVerity | Technique::ForcingNetVerity, _) => {
                let branches = &h.candidates;
                let source = match (house, branches.first()) {
                    (Some(hs), Some(k)) => format!(
                        "In {hs}, {} fits only in {}",
                        k.digit,
                        or(&branches.iter().map(|b| b.cell.to_string()).collect::<Vec<_>>())
                    ),
                    (None, Some(k)) => {
                        format!("{} holds {}", k.cell, digits_or(digits_of(branches)))
                    }
                    _ => String::new(),
                };
                format!(
                    "{source}. Follow each choice ({how}):\n{lines}\nOne of the choices is \
                     true, so: {l}."
                )
            }
            (t, Some(a)) => {
                let rules = match t {
                    Technique::DynamicForcingNet => {
                        " (singles and locked candidates, and on the grid the assumption leaves \
                         also subsets, X-Wing and Swordfish)"
                    }
                    Technique::NestedForcingNet => {
                        " (singles and locked candidates, and on the grid the assumption leaves \
                         also subsets, X-Wing, Swordfish and forcing nets of its own)"
                    }
                    _ => "",
                };
                // A kraken fish: the fish first, then the proof that its target goes anyway.
                let fish = if t == Technique::KrakenFish {
                    let d = main_digit(s);
                    let body = fish_body(d, &h.houses, &h.cover_houses, &h.fins);
                    format!(
                        "{body} — unless a fin holds the {d}. Either way the {d} goes from the \
                         target. "
                    )
                } else {
                    String::new()
                };
                format!(
                    "{fish}Assume {a} and follow what it forces{rules}; {how}:\n{lines}\nSo \
                     the assumption is wrong, and {}: {l}.",
                    a.negated()
                )
            }
            _ => s.text.clone(),
        };
    }
    let net =
        matches!(s.technique, Technique::ForcingNetContradiction | Technique::ForcingNetVerity);
    let net_words = "naked and hidden singles, locked candidates; drawn as links";
    match s.technique {
        Technique::ForcingChainContradiction | Technique::ForcingNetContradiction => {
            let Some(&a) = h.candidates.first() else { return s.text.clone() };
            // A placement proves an assumption "off" wrong; an elimination, an assumption "on".
            let on = s.placements.is_empty();
            let assumed = lit(a, on);
            let how = if net || chains.is_empty() {
                format!(
                    "Following every consequence ({net_words}) leads, in {} implications, to a \
                     contradiction",
                    s.length.saturating_sub(1)
                )
            } else {
                let ws: Vec<String> = chains
                    .iter()
                    .map(|c| consequences(c.get(1..).unwrap_or_default()))
                    .filter(|w| !w.is_empty())
                    .collect();
                format!("Then {}. That is a contradiction", ws.join("; and also "))
            };
            format!(
                "Assume {assumed}. {how}: {reason}. So the assumption is wrong, and {}: {l}.",
                lit(a, !on)
            )
        }
        Technique::ForcingChainVerity | Technique::ForcingNetVerity => {
            let branches = &h.candidates;
            let source = match (house, branches.first()) {
                (Some(hs), Some(k)) => format!(
                    "In {hs}, {} fits only in {}",
                    k.digit,
                    or(&branches.iter().map(|b| b.cell.to_string()).collect::<Vec<_>>())
                ),
                (None, Some(k)) => {
                    format!("{} holds {}", k.cell, digits_or(digits_of(branches)))
                }
                _ => return s.text.clone(),
            };
            let target = s
                .placements
                .first()
                .map(|&p| lit(p, true))
                .or_else(|| s.eliminations.first().map(|&e| lit(e, false)))
                .unwrap_or_default();
            let how = if net || chains.is_empty() {
                format!(
                    "Following every consequence of each choice ({net_words}), all of them lead \
                     to the same result: {target}"
                )
            } else {
                let ws: Vec<String> = chains.iter().map(|c| lit_walk(c)).collect();
                format!("Each choice leads to the same result: {}", ws.join("; "))
            };
            format!("{source}. {how}. One of the choices is true, so: {l}.")
        }
        Technique::DynamicForcingNet | Technique::NestedForcingNet => {
            let Some(&a) = h.candidates.first() else { return s.text.clone() };
            let inside = if s.technique == Technique::NestedForcingNet {
                "naked and hidden singles, locked candidates, the basic techniques (subsets, \
                 X-Wing, Swordfish) on the grid the assumption gives, and forcing nets inside it: \
                 a candidate whose own net leads to a contradiction in that grid goes from it"
            } else {
                "naked and hidden singles, locked candidates, and the basic techniques (subsets, \
                 X-Wing, Swordfish) on the grid the assumption gives"
            };
            // The inner consequences, as the text lists them after "inside:".
            let used = s
                .text
                .split_once("; inside: ")
                .and_then(|(_, rest)| rest.split_once(')'))
                .map(|(list, _)| format!(" Inside the assumption: {list}."))
                .unwrap_or_default();
            format!(
                "Assume {}. Following every consequence ({inside}; drawn as links) leads, in {} \
                 implications, to a contradiction: {reason}.{used} So the assumption is wrong, \
                 and {}: {l}.",
                lit(a, true),
                s.length.saturating_sub(1),
                lit(a, false)
            )
        }
        Technique::KrakenFish => {
            let d = main_digit(s);
            let mut out = fish_body(d, &h.houses, &h.cover_houses, &h.fins);
            let t = s.eliminations.first().map_or(String::new(), |e| e.cell.to_string());
            out.push_str(&format!(
                " — unless a fin holds the {d}. Without the fins the fish would remove {d} from \
                 {t}. Each fin leads there as well: "
            ));
            let ws: Vec<String> = chains.iter().map(|c| lit_walk(c)).collect();
            out.push_str(&ws.join("; "));
            out.push_str(&format!(". Either the fish or a fin holds, so: {l}."));
            out
        }
        _ => s.text.clone(),
    }
}

fn template(s: &Step) -> String {
    let d = main_digit(s);
    let intro = format!(
        "A template for {d} is one way to place all nine {d}s, one in each row, column and box. \
         Keep only the templates that fit the current candidates of {d} and leave room for a \
         template of every other digit."
    );
    if s.technique == Technique::TemplateSet {
        format!(
            "{intro} Every one of them uses {}, so {d} goes there: {}.",
            cells_and(s.placements.iter().map(|p| p.cell)),
            result(s)
        )
    } else {
        format!(
            "{intro} None of them uses {}, so {d} cannot go there: {}.",
            or(&s.eliminations.iter().map(|e| e.cell.to_string()).collect::<Vec<_>>()),
            result(s)
        )
    }
}

fn brute_force(s: &Step) -> String {
    let Some(p) = s.placements.first() else { return s.text.clone() };
    format!(
        "No logical step in the chosen technique set applies here. The digit is taken from the \
         solution (found by trial and error), in the empty cell with the fewest candidates: {} is \
         {}.",
        p.cell, p.digit
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words() {
        let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        assert_eq!(and(&s(&["a"])), "a");
        assert_eq!(and(&s(&["a", "b", "c"])), "a, b and c");
        assert_eq!(houses(&[House::row(1), House::row(6)]), "rows 2 and 7");
        assert_eq!(houses(&[House::boxx(0), House::boxx(4)]), "boxes 1 and 5");
        assert_eq!(houses(&[House::row(1), House::col(6)]), "row 2 and column 7");
        let k = |r, c, d| Candidate::new(Cell::at(r, c), Digit::new(d).unwrap());
        assert_eq!(
            losses(&[k(0, 6, 2), k(2, 6, 2), k(4, 2, 4), k(4, 2, 6)]),
            "r1c7 and r3c7 lose 2; r5c3 loses 4 and 6"
        );
    }
}
