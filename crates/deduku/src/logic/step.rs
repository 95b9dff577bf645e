//! `Step`: one deduction as pure data — what it changes, what to highlight, and its text.
//!
//! A view draws any step from its generic roles without knowing the technique:
//! pattern cells and candidates, an alternate role (second color, second ALS, the "off" side),
//! fins, houses (base and cover), links between candidate nodes (strong or weak, in order),
//! and the changes: eliminated candidates and placed digits.

use crate::board::Board;
use crate::grid::{Candidate, Cell, CellSet, Digit, DigitSet, House};
use crate::logic::proof::Proof;
use crate::logic::technique::Technique;
use std::fmt::Write as _;

/// One end of a link: a digit in one cell or, for grouped chains, in a group of cells of one
/// house (the candidate is "on" when the digit is in one of the cells).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Node {
    /// The digit.
    pub digit: Digit,
    /// One cell, or several for a group node.
    pub cells: CellSet,
}

impl Node {
    /// A single-candidate node.
    pub fn cand(cell: Cell, digit: Digit) -> Node {
        Node { digit, cells: CellSet::single(cell) }
    }
}

impl std::fmt::Display for Node {
    /// `r1c2` or a group `r1c23` written as `r1c2,r1c3`... compacted as HoDoKu does: `r1c23`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&fmt_cells_compact(self.cells))
    }
}

/// A link between two nodes: strong (not both off) or weak (not both on).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Link {
    /// Where the link starts.
    pub from: Node,
    /// Where it ends.
    pub to: Node,
    /// Strong (drawn solid) or weak (drawn dashed).
    pub strong: bool,
}

/// Highlight data in generic roles.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Highlight {
    /// Cells of the pattern (shaded).
    pub cells: Vec<Cell>,
    /// Candidates of the pattern (primary color).
    pub candidates: Vec<Candidate>,
    /// Candidates in the alternate role (second color, the other ALS, the "off" parity).
    pub alternate: Vec<Candidate>,
    /// Fin candidates (finned and sashimi fish, the extra candidates of a UR).
    pub fins: Vec<Candidate>,
    /// Houses the pattern lives in (base sets for fish).
    pub houses: Vec<House>,
    /// Cover houses (fish) or secondary houses.
    pub cover_houses: Vec<House>,
    /// Links in chain order (chains, loops, nets, coloring).
    pub links: Vec<Link>,
}

/// How much of a step a text gives away: see [`Step::hint`].
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug, Hash)]
pub enum HintLevel {
    /// The technique's name only: "Naked Pair".
    Technique,
    /// The name and where to look: "Naked Pair in r1c23".
    Where,
    /// The full text: pattern and result in the catalogue's notation.
    Full,
}

/// One deduction.
#[derive(Clone, PartialEq, Debug)]
pub struct Step {
    /// What found it.
    pub technique: Technique,
    /// Digits this step places.
    pub placements: Vec<Candidate>,
    /// Candidates this step removes.
    pub eliminations: Vec<Candidate>,
    /// What to draw.
    pub highlight: Highlight,
    /// The text in the catalogue's notation: `X-Wing: 4 r2,r7 c3,c8 => r5c3<>4`.
    pub text: String,
    /// Size for the rating: nodes of a chain, links of a net, fish size; 0 when it does not
    /// matter.
    pub length: u16,
    /// What [`Step::explain`] needs beyond the highlight roles, for the few techniques whose
    /// roles do not carry it; [`Detail::None`] for the rest.
    pub detail: Detail,
}

/// Facts about a step that its highlight roles do not carry, kept small and structured so the
/// finders stay fast: [`Step::explain`] turns them into words only when asked.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub enum Detail {
    /// Nothing beyond the highlight.
    #[default]
    None,
    /// Sets of cells with their candidates, in the pattern's order: the almost locked sets of
    /// an ALS step (ALS-XZ: A, B; ALS-XY-Wing: A, B, then the pivot C; ALS-XY-Chain: in chain
    /// order; Death Blossom: the petals in stem-digit order; Aligned Pair Exclusion: the
    /// excluders), or the three parts of a Sue de Coq (the box∩line cells, the line part, the
    /// box part).
    Parts(Vec<Part>),
    /// The houses of the two strong links of a Skyscraper, 2-String Kite or Turbot Fish, in
    /// chain order.
    LinkHouses([House; 2]),
    /// Forcing chains, nets and kraken fish: the house whose places of a digit a verity
    /// branches over (`None` for a cell's candidates), what went wrong (contradictions; empty
    /// otherwise), and the chains in order as literals (candidate, assumed on), from the
    /// assumption to the result; empty for nets, whose links carry them.
    Forcing {
        /// The house a verity branches over.
        house: Option<House>,
        /// The contradiction in words: `r5c7 both 5 and not 5`.
        reason: String,
        /// The chains, one per branch or contradiction literal.
        chains: Vec<Vec<(Candidate, bool)>>,
        /// The derivation, line by line, with only what the result depends on (see
        /// [`Step::proof`]); built for the steps a finder pushes, not during its search.
        proof: Option<Box<Proof>>,
    },
    /// The corners of an avoidable rectangle that solving filled, with their digits.
    Filled(Vec<Candidate>),
    /// The almost locked sets a grouped chain or loop passes through: per set, the index (in
    /// [`Highlight::links`]) of the strong link it makes, from one of its digits to another,
    /// and the whole set (its cells, all its digits, its house). A link node holds only its
    /// digit's cells of the set, so the set itself is named here.
    LinkSets(Vec<(u16, Part)>),
}

/// A set of cells of one house with the candidates they hold together.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Part {
    /// The cells.
    pub cells: CellSet,
    /// Their candidates together.
    pub digits: DigitSet,
    /// A house holding every cell.
    pub house: House,
}

impl Step {
    /// An empty step of `technique`; fill its fields, then call [`Step::with_text`].
    pub fn new(technique: Technique) -> Step {
        Step {
            technique,
            placements: Vec::new(),
            eliminations: Vec::new(),
            highlight: Highlight::default(),
            text: String::new(),
            length: 0,
            detail: Detail::None,
        }
    }

    /// Sets the text to `"<Name>: <pattern> => <result>"`, the result derived from the
    /// placements and eliminations.
    pub fn with_text(mut self, pattern: impl AsRef<str>) -> Step {
        let pattern = pattern.as_ref();
        let result = self.result_text();
        self.text = if pattern.is_empty() {
            format!("{}: {}", self.technique.name(), result)
        } else if result.is_empty() {
            format!("{}: {}", self.technique.name(), pattern)
        } else {
            format!("{}: {} => {}", self.technique.name(), pattern, result)
        };
        self
    }

    /// The result part of the text: placements then eliminations, `r3c5=7, r2c4,r2c5<>2,5`.
    pub fn result_text(&self) -> String {
        let mut parts = Vec::new();
        let p = fmt_placements(&self.placements);
        if !p.is_empty() {
            parts.push(p);
        }
        let e = fmt_eliminations(&self.eliminations);
        if !e.is_empty() {
            parts.push(e);
        }
        parts.join(", ")
    }

    /// Whether the step changes anything on `board` (places into an empty cell or removes a
    /// present candidate).
    pub fn makes_progress(&self, board: &Board) -> bool {
        self.placements.iter().any(|p| board.value(p.cell).is_none())
            || self.eliminations.iter().any(|&e| board.has(e))
    }

    /// Applies the step to `board`.
    pub fn apply(&self, board: &mut Board) {
        for p in &self.placements {
            if board.value(p.cell).is_none() {
                board.place(p.cell, p.digit);
            }
        }
        for e in &self.eliminations {
            board.eliminate(e.cell, e.digit);
        }
    }

    /// The text of a step at one of three levels of detail, the way a hint unfolds (HoDoKu's
    /// hints do the same): the technique's name, then the name with where to look, then the
    /// full text with the pattern and what it changes.
    pub fn hint(&self, level: HintLevel) -> String {
        match level {
            HintLevel::Technique => self.technique.name().to_string(),
            HintLevel::Where => format!("{} in {}", self.technique.name(), self.location()),
            HintLevel::Full => self.text.clone(),
        }
    }

    /// Where the step is, in short: the pattern's cells (or, for a pattern given by
    /// candidates only, the changed cells) compacted in the notation, e.g. `r1c23`.
    pub fn location(&self) -> String {
        let h = &self.highlight;
        let cells: CellSet = if !h.cells.is_empty() {
            h.cells.iter().copied().collect()
        } else {
            self.placements.iter().chain(&self.eliminations).map(|c| c.cell).collect()
        };
        fmt_cells_compact(cells)
    }

    /// The derivation of a forcing step (forcing chains and nets, dynamic and nested nets,
    /// kraken fish), as numbered implications with their reasons: what [`Step::explain`]
    /// renders, and what a view can draw line by line. `None` for the other techniques.
    pub fn proof(&self) -> Option<&Proof> {
        match &self.detail {
            Detail::Forcing { proof, .. } => proof.as_deref(),
            _ => None,
        }
    }

    /// Sorts and deduplicates placements and eliminations, so equal deductions compare equal.
    pub fn normalize(&mut self) {
        crate::sort::sort(&mut self.placements);
        self.placements.dedup();
        crate::sort::sort(&mut self.eliminations);
        self.eliminations.dedup();
    }
}

/// `r3c5=7, r4c1=2`.
pub fn fmt_placements(ps: &[Candidate]) -> String {
    ps.iter().map(|p| format!("{}={}", p.cell, p.digit)).collect::<Vec<_>>().join(", ")
}

/// Eliminations grouped for a text: per cell the set of digits removed, then the cells with
/// the same set together, in cell order.
pub(crate) fn group_eliminations(es: &[Candidate]) -> Vec<(DigitSet, Vec<Cell>)> {
    let mut per_cell: Vec<(Cell, DigitSet)> = Vec::new();
    for e in es {
        match per_cell.iter_mut().find(|(c, _)| *c == e.cell) {
            Some((_, s)) => s.insert(e.digit),
            None => per_cell.push((e.cell, DigitSet::single(e.digit))),
        }
    }
    crate::sort::sort(&mut per_cell);
    let mut groups: Vec<(DigitSet, Vec<Cell>)> = Vec::new();
    for (c, s) in per_cell {
        match groups.iter_mut().find(|(g, _)| *g == s) {
            Some((_, cells)) => cells.push(c),
            None => groups.push((s, vec![c])),
        }
    }
    groups
}

/// Eliminations in the notation: cells sharing the same digit set grouped,
/// `r2c4,r2c5<>2,5, r7c1<>3`.
pub fn fmt_eliminations(es: &[Candidate]) -> String {
    group_eliminations(es)
        .iter()
        .map(|(s, cells)| {
            let cs = cells.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(",");
            let ds = s.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(",");
            format!("{cs}<>{ds}")
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Cells as a comma list: `r1c2,r5c6`.
pub fn fmt_cells(cells: impl IntoIterator<Item = Cell>) -> String {
    cells.into_iter().map(|c| c.to_string()).collect::<Vec<_>>().join(",")
}

/// Cells compacted HoDoKu-style when they share a row or column: `r1c23`, `r45c7`; otherwise
/// a comma list.
pub fn fmt_cells_compact(cells: CellSet) -> String {
    let v: Vec<Cell> = cells.iter().collect();
    match v.as_slice() {
        [] => String::new(),
        [c] => c.to_string(),
        [first, rest @ ..] if rest.iter().all(|c| c.row() == first.row()) => {
            let mut s = format!("r{}c", first.row() + 1);
            for c in &v {
                let _ = write!(s, "{}", c.col() + 1);
            }
            s
        }
        [first, rest @ ..] if rest.iter().all(|c| c.col() == first.col()) => {
            let mut s = String::from("r");
            for c in &v {
                let _ = write!(s, "{}", c.row() + 1);
            }
            let _ = write!(s, "c{}", first.col() + 1);
            s
        }
        _ => fmt_cells(v),
    }
}

/// Houses in short form: `r2,r7` or `c3,c8`.
pub fn fmt_houses_short(hs: &[House]) -> String {
    hs.iter().map(|h| h.short()).collect::<Vec<_>>().join(",")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cand(r: usize, c: usize, d: u8) -> Candidate {
        Candidate::new(Cell::at(r, c), Digit::new(d).unwrap())
    }

    #[test]
    fn elimination_text_groups_cells_with_equal_digits() {
        let es = [cand(1, 3, 2), cand(1, 3, 5), cand(1, 4, 2), cand(1, 4, 5), cand(6, 0, 3)];
        assert_eq!(fmt_eliminations(&es), "r2c4,r2c5<>2,5, r7c1<>3");
    }

    #[test]
    fn text_has_name_pattern_and_result() {
        let mut s = Step::new(Technique::XWing);
        s.eliminations.push(cand(4, 2, 4));
        let s = s.with_text("4 r2,r7 c3,c8");
        assert_eq!(s.text, "X-Wing: 4 r2,r7 c3,c8 => r5c3<>4");
        assert_eq!(s.hint(HintLevel::Technique), "X-Wing");
        assert_eq!(s.hint(HintLevel::Where), "X-Wing in r5c3");
        assert_eq!(s.hint(HintLevel::Full), s.text);
        assert_eq!(
            fmt_cells_compact([Cell::at(0, 1), Cell::at(0, 2)].into_iter().collect()),
            "r1c23"
        );
    }
}
