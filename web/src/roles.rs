//! What each cell and candidate of the grid shows, as CSS class names: its digit's kind, the
//! selection, warnings, mistakes, singles, the highlighted digit, colours and the roles a step
//! gives it. The grid component ([`crate::components::grid`]) turns them into classes and
//! `style.css` draws them; the picture ([`crate::picture`]) reads the same names and draws
//! them with the same colours. Plain Rust, tested natively.

use crate::position::{Mistakes, Position, Singles, Warnings};
use crate::protocol::{CellOrigin, PlainCand, PlainStep};
use deduku::House;
use std::borrow::Cow;

/// A CSS class name.
pub type Class = Cow<'static, str>;

/// The inputs the grid draws from (the grid component's props without its callbacks).
#[derive(Clone, Copy)]
pub struct GridView<'a> {
    /// The person's position.
    pub pos: &'a Position,
    /// Auto candidates (else only the person's marks are drawn).
    pub auto: bool,
    /// The step whose roles are drawn, if any.
    pub step: Option<&'a PlainStep>,
    /// The selected cell (`None` in a picture).
    pub selected: Option<usize>,
    /// What is visibly wrong.
    pub warnings: &'a Warnings,
    /// The mistakes to mark, when Check is on.
    pub mistakes: Option<&'a Mistakes>,
    /// The singles to mark, when shown.
    pub singles: Option<&'a Singles>,
    /// The highlighted digit.
    pub highlight: Option<u8>,
    /// Shade the cells with two candidates.
    pub bivalue: bool,
    /// A graded drill's wrong strikes and placements ([`DrillMark`]).
    pub drill: &'a [DrillMark],
}

/// A wrong answer of a graded drill, marked on its cell: a strike (or placement) that no
/// instance of the technique proves, or one against the solution. The cell gets
/// `drill-unproven` or `drill-against`; a struck candidate is drawn again, crossed out, with
/// `c-unproven` or `c-against`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct DrillMark {
    /// The cell (0–80).
    pub cell: usize,
    /// The digit struck or placed.
    pub digit: u8,
    /// Placed (else struck).
    pub placed: bool,
    /// Against the solution (else not proven).
    pub against: bool,
}

impl DrillMark {
    /// The cell's class.
    pub fn class(&self) -> &'static str {
        if self.against { "drill-against" } else { "drill-unproven" }
    }

    /// What a screen reader adds to the cell's label: `struck 4, not proven by the technique`.
    pub fn label(&self) -> String {
        let what = if self.placed { "placed" } else { "struck" };
        let why = match (self.against, self.placed) {
            (false, _) => "not proven by the technique",
            (true, false) => "but it is the solution's digit",
            (true, true) => "not the solution's digit",
        };
        format!("{what} {}, {why}", self.digit)
    }
}

/// One of a cell's nine candidate slots.
#[derive(Clone, PartialEq, Debug)]
pub struct CandidateView {
    /// The digit of the slot (1–9).
    pub digit: u8,
    /// Whether the digit is drawn (a candidate shown, or a wrongly removed one).
    pub on: bool,
    /// Its classes beyond `cand` (`on`, roles of the step, `c-hl`, `c-single`, `cc-N`,
    /// `c-wrong`).
    pub classes: Vec<Class>,
}

impl CandidateView {
    /// Drawn with no mark of its own (its only class is `on`): the grid draws it in the cell's
    /// one text of plain candidates, not as a box of its own.
    pub fn is_plain(&self) -> bool {
        self.on && self.classes.len() == 1
    }
}

/// One cell as drawn.
#[derive(Clone, PartialEq, Debug)]
pub struct CellView {
    /// Its digit, 0 when empty.
    pub value: u8,
    /// The candidates drawn (bit `d - 1` for digit `d`).
    pub shown: u16,
    /// Its classes: `cell`, the kind, box borders, selection, warnings, the step's roles, …
    pub classes: Vec<Class>,
    /// The nine candidate slots of an empty cell (none for a filled one).
    pub candidates: Vec<CandidateView>,
}

impl CellView {
    /// Whether the cell has `class`.
    pub fn has(&self, class: &str) -> bool {
        self.classes.iter().any(|c| c == class)
    }
}

/// Roles of one candidate in a step, as CSS classes.
pub fn candidate_step_classes(step: &PlainStep, cell: usize, digit: u8) -> Vec<Class> {
    let k = PlainCand { cell: cell as u8, digit };
    let mut c = Vec::new();
    for (list, class) in [
        (&step.placements, "c-place"),
        (&step.eliminations, "c-elim"),
        (&step.fins, "c-fin"),
        (&step.alternate, "c-alt"),
        (&step.candidates, "c-pat"),
    ] {
        if list.contains(&k) {
            c.push(class.into());
        }
    }
    if step.links.iter().any(|l| {
        (l.from.digit == digit && l.from.cells.contains(&(cell as u8)))
            || (l.to.digit == digit && l.to.cells.contains(&(cell as u8)))
    }) {
        c.push("c-link".into());
    }
    c
}

/// Roles of one cell in a step, as CSS classes.
pub fn cell_step_classes(step: &PlainStep, cell: usize) -> Vec<Class> {
    let mut c = Vec::new();
    let in_houses = |hs: &[u8]| {
        hs.iter().any(|&h| {
            House::new(h as usize).is_some_and(|h| h.cells().iter().any(|x| x.index() == cell))
        })
    };
    if step.cells.contains(&(cell as u8)) {
        c.push("hl-cell".into());
    }
    if in_houses(&step.houses) {
        c.push("hl-house".into());
    }
    if in_houses(&step.cover_houses) {
        c.push("hl-cover".into());
    }
    c
}

impl GridView<'_> {
    /// The candidates drawn in cell `i`: the shown ones (auto or the person's marks), and with
    /// a step drawn, the step's own candidates in that cell too (they must show). With auto
    /// candidates off, a step so changes only the cells it is about, not every cell to the
    /// solver's candidates.
    pub fn shown(&self, i: usize) -> u16 {
        match self.step {
            Some(step) if !self.auto => {
                let own = step
                    .placements
                    .iter()
                    .chain(&step.eliminations)
                    .chain(&step.candidates)
                    .chain(&step.alternate)
                    .chain(&step.fins)
                    .filter(|k| usize::from(k.cell) == i && (1..=9).contains(&k.digit))
                    .fold(0u16, |m, k| m | 1 << (k.digit - 1));
                let linked = step
                    .links
                    .iter()
                    .flat_map(|l| [&l.from, &l.to])
                    .filter(|n| n.cells.iter().any(|&c| usize::from(c) == i))
                    .filter(|n| (1..=9).contains(&n.digit))
                    .fold(0u16, |m, n| m | 1 << (n.digit - 1));
                self.pos.shown(i, false) | ((own | linked) & self.pos.candidates(i))
            }
            Some(_) => self.pos.candidates(i),
            None => self.pos.shown(i, self.auto),
        }
    }

    /// Cell `i` as drawn.
    pub fn cell(&self, i: usize) -> CellView {
        let p = self.pos;
        let (r, c) = (i / 9, i % 9);
        let v = p.value(i);
        let shown = self.shown(i);
        let mut class: Vec<Class> = vec!["cell".into()];
        class.push(
            match p.kind(i) {
                CellOrigin::Given => "given",
                CellOrigin::User => "user",
                CellOrigin::Solver => "solver",
                CellOrigin::Empty => "empty",
            }
            .into(),
        );
        if c % 3 == 2 && c < 8 {
            class.push("box-right".into());
        }
        if r % 3 == 2 && r < 8 {
            class.push("box-bottom".into());
        }
        let sel_value = self.selected.map_or(0, |s| p.value(s));
        match self.selected {
            Some(s) if s == i => class.push("selected".into()),
            Some(s) if deduku::Cell::from_index(s.min(80)).sees(deduku::Cell::from_index(i)) => {
                class.push("peer".into())
            }
            _ => {}
        }
        if v != 0 && ((sel_value != 0 && v == sel_value) || Some(v) == self.highlight) {
            class.push("same-digit".into());
        }
        if self.warnings.duplicates.contains(&i) {
            class.push("conflict".into());
        }
        if self.warnings.cells()[i] {
            class.push("warning".into());
        }
        if self.warnings.no_candidate.contains(&i) {
            class.push("no-cand".into());
        }
        if self.mistakes.is_some_and(|m| m.wrong_digits.contains(&i)) {
            class.push("mistake".into());
        }
        if v == 0 && self.bivalue && shown.count_ones() == 2 {
            class.push("bivalue".into());
        }
        if v == 0 && self.highlight.is_some_and(|d| shown & (1 << (d - 1)) != 0) {
            class.push("has-digit".into());
        }
        if p.cell_color(i) != 0 {
            class.push(format!("color-{}", p.cell_color(i)).into());
        }
        if let Some(s) = self.step {
            class.extend(cell_step_classes(s, i));
        }
        for m in self.drill.iter().filter(|m| m.cell == i) {
            if !class.iter().any(|c| c == m.class()) {
                class.push(m.class().into());
            }
        }
        let candidates = if v != 0 {
            Vec::new()
        } else {
            (1..=9u8).map(|d| self.candidate(i, d, shown)).collect()
        };
        CellView { value: v, shown, classes: class, candidates }
    }

    fn candidate(&self, i: usize, d: u8, shown: u16) -> CandidateView {
        if let Some(m) = self.drill.iter().find(|m| m.cell == i && m.digit == d && !m.placed) {
            let class = if m.against { "c-against" } else { "c-unproven" };
            return CandidateView { digit: d, on: true, classes: vec!["on".into(), class.into()] };
        }
        if self.mistakes.is_some_and(|m| m.wrong_removals.contains(&(i, d))) {
            return CandidateView {
                digit: d,
                on: true,
                classes: vec!["on".into(), "c-wrong".into()],
            };
        }
        if shown & (1 << (d - 1)) == 0 {
            return CandidateView { digit: d, on: false, classes: Vec::new() };
        }
        let mut c: Vec<Class> = vec!["on".into()];
        if let Some(s) = self.step {
            c.extend(candidate_step_classes(s, i, d));
        }
        if self.highlight == Some(d) {
            c.push("c-hl".into());
        }
        if self.singles.is_some_and(|s| {
            s.cells.contains(&(i, d)) || s.houses.iter().any(|&(_, c, x)| c == i && x == d)
        }) {
            c.push("c-single".into());
        }
        if self.pos.cand_color(i, d) != 0 {
            c.push(format!("cc-{}", self.pos.cand_color(i, d)).into());
        }
        CandidateView { digit: d, on: true, classes: c }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::{PlainLink, PlainNode};

    const EASY: &str =
        "530070000600195000098000060800060003400803001700020006060000280000419005000080079";

    fn pos() -> Position {
        let givens: [u8; 81] = std::array::from_fn(|i| EASY.as_bytes()[i] - b'0');
        Position::from_givens(&givens)
    }

    #[test]
    fn cells_carry_kind_selection_and_step_roles() {
        let p = pos();
        let w = p.warnings();
        let step = PlainStep {
            cells: vec![2],
            houses: vec![0],
            eliminations: vec![PlainCand { cell: 2, digit: 1 }],
            links: vec![PlainLink {
                from: PlainNode { digit: 2, cells: vec![2] },
                to: PlainNode { digit: 2, cells: vec![3] },
                strong: true,
            }],
            technique: String::new(),
            text: String::new(),
            explanation: String::new(),
            about: String::new(),
            place: String::new(),
            placements: vec![],
            candidates: vec![],
            alternate: vec![],
            fins: vec![],
            cover_houses: vec![],
            proof: vec![],
        };
        let view = GridView {
            pos: &p,
            auto: true,
            step: Some(&step),
            selected: Some(0),
            warnings: &w,
            mistakes: None,
            singles: None,
            highlight: None,
            bivalue: false,
            drill: &[],
        };
        // With auto candidates off, the step shows its own candidates and changes no other
        // cell: the rest keep the person's marks (none here).
        let marks_only = GridView { auto: false, ..view };
        assert_eq!(marks_only.shown(2), 0b11, "r1c3 shows the eliminated 1 and the linked 2");
        assert_eq!(marks_only.shown(3) & 0b10, 0b10, "r1c4 shows the linked 2");
        assert_eq!(marks_only.shown(20), 0, "a cell the step is not about stays as it was");
        let c0 = view.cell(0);
        assert!(
            c0.has("given") && c0.has("selected") && c0.has("hl-house") && c0.candidates.is_empty()
        );
        let c2 = view.cell(2);
        assert!(c2.has("empty") && c2.has("box-right") && c2.has("hl-cell") && c2.has("peer"));
        assert_eq!(c2.candidates.len(), 9);
        let one = &c2.candidates[0];
        assert!(one.on && one.classes.iter().any(|c| c == "c-elim"));
        assert!(c2.candidates[1].classes.iter().any(|c| c == "c-link"));
        // Marked candidates get boxes; the unmarked ones shown are plain; hidden ones neither.
        assert!(!one.is_plain() && !c2.candidates[1].is_plain());
        assert!(c2.candidates.iter().any(CandidateView::is_plain));
        assert!(c2.candidates.iter().filter(|k| !k.on).all(|k| !k.is_plain()));
        assert!(c2.candidates.iter().any(|k| !k.on));
        assert!(!view.cell(80).has("peer"));
    }
}
