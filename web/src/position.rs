//! The position a person works on: givens, their own digits, the digits the helper filled in,
//! their pencil marks and removed candidates, and their colours. Plain Rust, no Yew, tested
//! natively; [`crate::state`] keeps one of these as the page's current position and a history
//! of them for undo.
//!
//! Three kinds of digits are kept apart everywhere ([`CellOrigin`]): givens (changed only while
//! entering givens), the person's own digits, and helper digits (from a hint, a step, "fill
//! singles"), which cannot be typed over. Placed digits remember their order, and every removed
//! candidate remembers how many digits were placed when it was removed (its *epoch*), so
//! [`Position::back_out`] can take back a guess and everything that followed it.
//!
//! Candidates: the solver's view of a cell ([`Position::candidates`]) is what the placed digits
//! allow minus the candidates the person (or an applied step) removed. With "auto candidates"
//! on, the page shows exactly that; off, it shows only the person's own marks
//! ([`Position::marks`]) minus the removed ones.

use crate::protocol::{CellOrigin, PlainBoard, PlainStep};
use deduku::{Cell, House};

/// All nine digits as a candidate mask (bit `d - 1` = digit `d`).
pub const ALL: u16 = 0x1ff;

/// Colours a person can give cells and candidates (1–[`COLORS`]; 0 = none).
pub const COLORS: u8 = 4;

/// Why an edit was refused: shown to the person as is.
pub type Refusal = &'static str;

/// The person's position.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Position {
    values: [u8; 81],
    kinds: [CellOrigin; 81],
    /// The non-given cells in the order their digits were placed.
    order: Vec<u8>,
    /// Per candidate (`cell * 9 + digit - 1`): 0 when not removed, else 1 + the number of
    /// digits placed (`order.len()`) when it was removed.
    removed: [u8; 729],
    /// The person's own pencil marks per cell.
    marks: [u16; 81],
    cell_colors: [u8; 81],
    cand_colors: [u8; 729],
}

impl Default for Position {
    fn default() -> Self {
        Position {
            values: [0; 81],
            kinds: [CellOrigin::Empty; 81],
            order: Vec::new(),
            removed: [0; 729],
            marks: [0; 81],
            cell_colors: [0; 81],
            cand_colors: [0; 729],
        }
    }
}

/// Everything wrong that can be seen on a position without knowing the solution.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Warnings {
    /// Empty cells with no candidate left (the person's removals counted).
    pub no_candidate: Vec<usize>,
    /// Houses (0–26) where a digit that is not placed has no place left, with the digit.
    pub no_place: Vec<(u8, u8)>,
    /// Cells whose digit is also in one of their peers.
    pub duplicates: Vec<usize>,
}

impl Warnings {
    /// Whether nothing is wrong.
    pub fn is_empty(&self) -> bool {
        self.no_candidate.is_empty() && self.no_place.is_empty() && self.duplicates.is_empty()
    }

    /// Every cell a warning marks: the cells with no candidate, the duplicates and the cells
    /// of houses with a digit that has no place.
    pub fn cells(&self) -> [bool; 81] {
        let mut out = [false; 81];
        for &i in self.no_candidate.iter().chain(&self.duplicates) {
            out[i] = true;
        }
        for &(h, _) in &self.no_place {
            for c in house_cells(h) {
                out[c] = true;
            }
        }
        out
    }

    /// The warnings in words, one per line: "r3c5 has no candidate left", …
    pub fn describe(&self) -> Vec<String> {
        let mut out = Vec::new();
        if !self.duplicates.is_empty() {
            let cells: Vec<String> = self.duplicates.iter().map(|&i| cell_name(i)).collect();
            out.push(format!("Same digit twice in a house: {}", cells.join(", ")));
        }
        for &i in &self.no_candidate {
            out.push(format!("{} has no candidate left", cell_name(i)));
        }
        for &(h, d) in &self.no_place {
            out.push(format!("{d} has no place left in {}", house_name(h)));
        }
        out
    }
}

/// The person's mistakes measured against the solution.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Mistakes {
    /// Cells holding a digit (the person's or the helper's) that differs from the solution.
    pub wrong_digits: Vec<usize>,
    /// Removed candidates that the solution needs: (cell, digit).
    pub wrong_removals: Vec<(usize, u8)>,
}

impl Mistakes {
    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.wrong_digits.is_empty() && self.wrong_removals.is_empty()
    }

    /// The mistakes in words: "r3c5 does not hold 4 in the solution", "your notes removed 7
    /// from r3c5".
    pub fn describe(&self, position: &Position) -> Vec<String> {
        let mut out: Vec<String> = self
            .wrong_digits
            .iter()
            .map(|&i| format!("{} is not {}", cell_name(i), position.value(i)))
            .collect();
        out.extend(
            self.wrong_removals
                .iter()
                .map(|&(i, d)| format!("your notes removed {d} from {}", cell_name(i))),
        );
        out
    }
}

/// Singles visible on a position: what "Show singles" marks and "Fill singles" fills.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Singles {
    /// Empty cells with exactly one candidate, with it.
    pub cells: Vec<(usize, u8)>,
    /// Digits with exactly one place in a house: (house, cell, digit).
    pub houses: Vec<(u8, usize, u8)>,
}

impl Singles {
    /// The placements, each cell once (cell singles first).
    pub fn placements(&self) -> Vec<(usize, u8)> {
        let mut out: Vec<(usize, u8)> = Vec::new();
        let houses = self.houses.iter().map(|&(_, i, d)| (i, d));
        for (i, d) in self.cells.iter().copied().chain(houses) {
            if !out.iter().any(|&(j, _)| j == i) {
                out.push((i, d));
            }
        }
        out
    }
}

/// `r3c5` for cell index 20 + …
pub fn cell_name(i: usize) -> String {
    format!("r{}c{}", i / 9 + 1, i % 9 + 1)
}

/// "row 3", "column 5", "box 2" for house 0–26.
pub fn house_name(h: u8) -> String {
    match h {
        0..=8 => format!("row {}", h + 1),
        9..=17 => format!("column {}", h - 8),
        _ => format!("box {}", h - 17),
    }
}

fn house_cells(h: u8) -> impl Iterator<Item = usize> {
    House::new(h as usize).into_iter().flat_map(|h| h.cells().into_iter().map(|c| c.index()))
}

fn peers(i: usize) -> impl Iterator<Item = usize> {
    let me = Cell::from_index(i);
    (0..81).filter(move |&j| j != i && me.sees(Cell::from_index(j)))
}

fn bit(d: u8) -> u16 {
    1 << (d - 1)
}

impl Position {
    /// A position with these givens (0 = empty) and nothing else.
    pub fn from_givens(givens: &[u8; 81]) -> Position {
        let mut p = Position::default();
        for i in 0..81 {
            if (1..=9).contains(&givens[i]) {
                p.values[i] = givens[i];
                p.kinds[i] = CellOrigin::Given;
            }
        }
        p
    }

    /// A position from a parsed board: its givens, its other digits as the person's own (in
    /// cell order), and the candidates it lacks beyond what the digits allow as removed before
    /// any digit was placed.
    pub fn from_plain(board: &PlainBoard) -> Position {
        let mut p = Position::default();
        for i in 0..81 {
            let v = board.value(i);
            if (1..=9).contains(&v) {
                p.values[i] = v;
                p.kinds[i] = match board.origin(i) {
                    CellOrigin::Given | CellOrigin::Empty => CellOrigin::Given,
                    k => k,
                };
                if p.kinds[i] != CellOrigin::Given {
                    p.order.push(i as u8);
                }
            }
        }
        for i in 0..81 {
            if p.values[i] == 0 {
                let gone = p.computed(i) & !board.cand_mask(i);
                for d in 1..=9u8 {
                    if gone & bit(d) != 0 {
                        p.removed[i * 9 + d as usize - 1] = 1;
                    }
                }
            }
        }
        p
    }

    /// The value of cell `i`, 0 when empty.
    pub fn value(&self, i: usize) -> u8 {
        self.values[i]
    }

    /// The kind of cell `i`'s digit.
    pub fn kind(&self, i: usize) -> CellOrigin {
        self.kinds[i]
    }

    /// The 81 values.
    pub fn values(&self) -> &[u8; 81] {
        &self.values
    }

    /// The givens only (0 elsewhere).
    pub fn givens(&self) -> [u8; 81] {
        std::array::from_fn(|i| if self.kinds[i] == CellOrigin::Given { self.values[i] } else { 0 })
    }

    /// The non-given cells in the order their digits were placed.
    pub fn order(&self) -> &[u8] {
        &self.order
    }

    /// Whether no cell holds a digit.
    pub fn is_empty(&self) -> bool {
        self.values.iter().all(|&v| v == 0)
    }

    /// Whether every cell holds a digit.
    pub fn is_complete(&self) -> bool {
        self.values.iter().all(|&v| v != 0)
    }

    /// The digits an empty cell can take given the placed digits of its peers (0 for a filled
    /// cell).
    pub fn computed(&self, i: usize) -> u16 {
        if self.values[i] != 0 {
            return 0;
        }
        let cell = Cell::from_index(i);
        let mut m = ALL;
        for h in [cell.row(), 9 + cell.col(), 18 + cell.boxx()] {
            for j in house_cells(h as u8) {
                if self.values[j] != 0 {
                    m &= !bit(self.values[j]);
                }
            }
        }
        m
    }

    /// [`Position::candidates`] of every cell at once (what the warnings, the singles and the
    /// worker's board need), from one pass over the houses.
    pub fn all_candidates(&self) -> [u16; 81] {
        let mut used = [0u16; 27];
        for h in 0..27u8 {
            for c in house_cells(h) {
                if self.values[c] != 0 {
                    used[h as usize] |= bit(self.values[c]);
                }
            }
        }
        std::array::from_fn(|i| {
            if self.values[i] != 0 {
                return 0;
            }
            let cell = Cell::from_index(i);
            let seen = used[cell.row()] | used[9 + cell.col()] | used[18 + cell.boxx()];
            ALL & !seen & !self.removed_mask(i)
        })
    }

    /// The candidates the person removed from cell `i`.
    pub fn removed_mask(&self, i: usize) -> u16 {
        (1..=9u8).filter(|&d| self.removed[i * 9 + d as usize - 1] != 0).fold(0, |m, d| m | bit(d))
    }

    /// The solver's candidates of cell `i`: what the digits allow, minus the removed ones.
    pub fn candidates(&self, i: usize) -> u16 {
        self.computed(i) & !self.removed_mask(i)
    }

    /// The person's own pencil marks in cell `i` (without the removed ones).
    pub fn marks(&self, i: usize) -> u16 {
        if self.values[i] != 0 { 0 } else { self.marks[i] & !self.removed_mask(i) }
    }

    /// The candidates drawn in cell `i`: the solver's candidates with auto candidates on, the
    /// person's marks otherwise.
    pub fn shown(&self, i: usize, auto: bool) -> u16 {
        if auto { self.candidates(i) } else { self.marks(i) }
    }

    /// The colour (0 = none) of cell `i`.
    pub fn cell_color(&self, i: usize) -> u8 {
        self.cell_colors[i]
    }

    /// The colour (0 = none) of candidate `d` in cell `i`.
    pub fn cand_color(&self, i: usize, d: u8) -> u8 {
        self.cand_colors[i * 9 + d as usize - 1]
    }

    /// Whether the solver sees the same position in both (digits, their kinds and the removed
    /// candidates; marks, colours and the order do not matter to it).
    pub fn solver_eq(&self, other: &Position) -> bool {
        self.values == other.values
            && self.kinds == other.kinds
            && self.removed.iter().zip(&other.removed).all(|(a, b)| (*a == 0) == (*b == 0))
    }

    /// The position as the solver and the worker see it: values, kinds, candidates.
    pub fn to_plain(&self) -> PlainBoard {
        PlainBoard {
            values: self.values.to_vec(),
            origins: self.kinds.to_vec(),
            cands: self.all_candidates().to_vec(),
        }
    }

    /// Puts digit `d` (1–9) in cell `i` as `kind` (given, the person's, the helper's). A given
    /// can be changed only as a given; a helper digit is never typed over (undo or back out
    /// remove it). The digit leaves its peers' pencil marks.
    pub fn place(&mut self, i: usize, d: u8, kind: CellOrigin) -> Result<(), Refusal> {
        if !(1..=9).contains(&d) || kind == CellOrigin::Empty {
            return Err("Not a digit.");
        }
        match (self.kinds[i], kind) {
            (CellOrigin::Given, CellOrigin::Given) | (CellOrigin::Empty, _) => {}
            (CellOrigin::Given, _) => {
                return Err("That cell is a given; switch to \"Enter givens\" to change it.");
            }
            (CellOrigin::Solver, _) => {
                return Err("The helper filled that cell; use Undo or Back out to take it back.");
            }
            (CellOrigin::User, CellOrigin::Given) => {
                return Err("That cell holds your own digit; clear it first.");
            }
            (CellOrigin::User, _) => self.clear(i)?,
        }
        if self.values[i] == d && self.kinds[i] == kind {
            return Ok(());
        }
        self.values[i] = d;
        self.kinds[i] = kind;
        if kind != CellOrigin::Given {
            self.order.push(i as u8);
        }
        for j in peers(i) {
            self.marks[j] &= !bit(d);
        }
        Ok(())
    }

    /// Empties cell `i` if it holds a given (entering givens) or the person's own digit.
    pub fn clear(&mut self, i: usize) -> Result<(), Refusal> {
        match self.kinds[i] {
            CellOrigin::Empty => Ok(()),
            CellOrigin::Solver => {
                Err("The helper filled that cell; use Undo or Back out to take it back.")
            }
            CellOrigin::Given | CellOrigin::User => {
                self.take_back(i);
                Ok(())
            }
        }
    }

    /// Empties cell `i` whatever it holds; a placed digit leaves the order, and removals made
    /// after it shift down one epoch, so their order relative to the other digits stays.
    fn take_back(&mut self, i: usize) {
        if let Some(k) = self.order.iter().position(|&c| c as usize == i) {
            self.order.remove(k);
            // Removed while `k + 1` or more digits were placed: now one fewer.
            for e in self.removed.iter_mut() {
                if *e as usize > k + 1 {
                    *e -= 1;
                }
            }
        }
        self.values[i] = 0;
        self.kinds[i] = CellOrigin::Empty;
    }

    fn remove_candidate(&mut self, i: usize, d: u8) {
        let e = &mut self.removed[i * 9 + d as usize - 1];
        if *e == 0 {
            *e = self.order.len() as u8 + 1;
        }
        self.marks[i] &= !bit(d);
    }

    /// Toggles candidate `d` of empty cell `i` in the person's notes: a candidate shown (per
    /// `auto`) is removed, one not shown is put back (and marked).
    pub fn toggle_note(&mut self, i: usize, d: u8, auto: bool) -> Result<(), Refusal> {
        if !(1..=9).contains(&d) {
            return Err("Not a digit.");
        }
        if self.values[i] != 0 {
            return Err("Notes go in empty cells.");
        }
        if self.shown(i, auto) & bit(d) != 0 {
            self.remove_candidate(i, d);
        } else if auto && self.removed[i * 9 + d as usize - 1] == 0 {
            // With auto candidates, a digit that is not shown and that the person did not
            // remove is ruled out by a digit the cell sees: a mark of it would change nothing
            // on screen, only the history and the link.
            return Err("That digit cannot go in this cell: a cell it sees holds it already.");
        } else {
            self.removed[i * 9 + d as usize - 1] = 0;
            self.marks[i] |= bit(d);
        }
        Ok(())
    }

    /// Fills the person's marks with every candidate of every empty cell ("fill all
    /// candidates").
    pub fn fill_marks(&mut self) {
        for i in 0..81 {
            self.marks[i] = self.candidates(i);
        }
    }

    /// Forgets the person's notes: marks and removed candidates.
    pub fn clear_notes(&mut self) {
        self.marks = [0; 81];
        self.removed = [0; 729];
    }

    /// Back to the givens: every other digit, note and colour goes.
    pub fn restart(&mut self) {
        *self = Position::from_givens(&self.givens());
    }

    /// Applies a solver step as the helper: its placements become helper digits, its
    /// eliminations removed candidates. Returns whether anything changed.
    pub fn apply_step(&mut self, step: &PlainStep) -> bool {
        let mut changed = false;
        for p in &step.placements {
            let i = p.cell as usize;
            if i < 81 && self.values[i] == 0 && self.place(i, p.digit, CellOrigin::Solver).is_ok() {
                changed = true;
            }
        }
        for e in &step.eliminations {
            let i = e.cell as usize;
            if i < 81 && (1..=9).contains(&e.digit) && self.candidates(i) & bit(e.digit) != 0 {
                self.remove_candidate(i, e.digit);
                changed = true;
            }
        }
        changed
    }

    /// The seed helper's back-out: removes every helper digit placed after the person's last
    /// own digit, with every candidate removed since; when there is none, removes that digit
    /// itself (the guess) and what was removed after it. Returns the cells emptied.
    pub fn back_out(&mut self) -> Vec<usize> {
        let last_own = self.order.iter().rposition(|&c| self.kinds[c as usize] == CellOrigin::User);
        let keep = match last_own {
            Some(k) if k + 1 < self.order.len() => k + 1,
            Some(k) => k,
            None => 0,
        };
        let gone: Vec<usize> = self.order[keep..].iter().map(|&c| c as usize).collect();
        for &i in &gone {
            self.values[i] = 0;
            self.kinds[i] = CellOrigin::Empty;
        }
        self.order.truncate(keep);
        // Removed after the `keep`-th digit: epoch > keep, stored as > keep + 1.
        for e in self.removed.iter_mut() {
            if *e as usize > keep + 1 {
                *e = 0;
            }
        }
        gone
    }

    /// Sets cell `i`'s colour (0 removes it).
    pub fn set_cell_color(&mut self, i: usize, color: u8) {
        self.cell_colors[i] = color.min(COLORS);
    }

    /// Sets the colour of candidate `d` in cell `i` (0 removes it).
    pub fn set_cand_color(&mut self, i: usize, d: u8, color: u8) {
        if (1..=9).contains(&d) {
            self.cand_colors[i * 9 + d as usize - 1] = color.min(COLORS);
        }
    }

    /// Removes every colour.
    pub fn clear_colors(&mut self) {
        self.cell_colors = [0; 81];
        self.cand_colors = [0; 729];
    }

    /// What is visibly wrong: empty cells without candidates, digits without a place in a
    /// house, duplicates.
    pub fn warnings(&self) -> Warnings {
        let cands = self.all_candidates();
        let mut w = Warnings::default();
        let mut dup = [false; 81];
        for h in 0..27u8 {
            // Per digit, the first cell of the house that holds it.
            let mut first = [usize::MAX; 10];
            let (mut placed, mut room) = (0u16, 0u16);
            for c in house_cells(h) {
                let v = self.values[c];
                // Values are 0–9 (every constructor checks), so `get_mut` always finds one.
                if v != 0
                    && let Some(f) = first.get_mut(usize::from(v))
                {
                    if *f == usize::MAX {
                        *f = c;
                    } else {
                        dup[*f] = true;
                        dup[c] = true;
                    }
                    placed |= bit(v);
                }
                room |= cands[c];
            }
            for d in 1..=9u8 {
                if (placed | room) & bit(d) == 0 {
                    w.no_place.push((h, d));
                }
            }
        }
        w.duplicates = (0..81).filter(|&i| dup[i]).collect();
        w.no_candidate = (0..81).filter(|&i| self.values[i] == 0 && cands[i] == 0).collect();
        w
    }

    /// The digits and removals that disagree with `solution` (81 values).
    pub fn mistakes(&self, solution: &[u8]) -> Mistakes {
        let mut m = Mistakes::default();
        if solution.len() != 81 {
            return m;
        }
        for i in 0..81 {
            let s = solution[i];
            if self.values[i] != 0 && self.values[i] != s {
                m.wrong_digits.push(i);
            } else if self.values[i] == 0
                && (1..=9).contains(&s)
                && self.removed[i * 9 + s as usize - 1] != 0
            {
                m.wrong_removals.push((i, s));
            }
        }
        m
    }

    /// The singles on the position: cells with one candidate, digits with one place in a
    /// house.
    pub fn singles(&self) -> Singles {
        let cands = self.all_candidates();
        let mut s = Singles::default();
        for i in 0..81 {
            let c = cands[i];
            if self.values[i] == 0 && c.count_ones() == 1 {
                s.cells.push((i, c.trailing_zeros() as u8 + 1));
            }
        }
        for h in 0..27u8 {
            for d in 1..=9u8 {
                if house_cells(h).any(|c| self.values[c] == d) {
                    continue;
                }
                let mut places = house_cells(h).filter(|&c| cands[c] & bit(d) != 0);
                if let (Some(c), None) = (places.next(), places.next()) {
                    s.houses.push((h, c, d));
                }
            }
        }
        s
    }

    /// Encodes the position for the URL and storage: `g=` givens (81 characters), `p=` placed
    /// digits in order (`u`/`h` for the person's or the helper's, then row, column, digit),
    /// `x=` removed candidates (row, column, digit; `~NN` starts the candidates removed after
    /// NN placed digits), `m=` pencil marks (row, column, mask in two base-32 characters),
    /// `k=` cell colours (row, column, colour) and `q=` candidate colours (row, column, digit,
    /// colour). Parts with nothing to say are left out; the empty grid is the empty text.
    pub fn encode(&self) -> String {
        if self.is_empty() && self.removed.iter().all(|&e| e == 0) {
            return String::new();
        }
        let rc = |i: usize| format!("{}{}", i / 9 + 1, i % 9 + 1);
        let mut parts = vec![format!(
            "g={}",
            (0..81)
                .map(|i| match self.kinds[i] {
                    CellOrigin::Given => (b'0' + self.values[i]) as char,
                    _ => '.',
                })
                .collect::<String>()
        )];
        if !self.order.is_empty() {
            let p: String = self
                .order
                .iter()
                .map(|&c| {
                    let i = c as usize;
                    let k = if self.kinds[i] == CellOrigin::User { 'u' } else { 'h' };
                    format!("{k}{}{}", rc(i), self.values[i])
                })
                .collect();
            parts.push(format!("p={p}"));
        }
        // By stamp, then candidate: one pass per stamp (at most 82) instead of a sort, whose
        // code would be the page's only copy of std's sort.
        let top = self.removed.iter().copied().max().unwrap_or(0);
        let removed: Vec<(u8, usize)> = (1..=top)
            .flat_map(|e| (0..729).filter(move |&k| self.removed[k] == e).map(move |k| (e, k)))
            .collect();
        if !removed.is_empty() {
            let mut x = String::new();
            let mut epoch = 1u8;
            for (e, k) in removed {
                if e != epoch {
                    x.push_str(&format!("~{:02}", e - 1));
                    epoch = e;
                }
                x.push_str(&format!("{}{}", rc(k / 9), k % 9 + 1));
            }
            parts.push(format!("x={x}"));
        }
        let marks: String = (0..81)
            // Also under a digit: the marks come back when the person clears it, after a
            // reload as before it (the fuzz target `page_inputs` found them dropped here).
            .filter(|&i| self.marks[i] != 0)
            .map(|i| {
                let m = self.marks[i] & ALL;
                format!(
                    "{}{}{}",
                    rc(i),
                    B32[(m >> 5) as usize] as char,
                    B32[(m & 31) as usize] as char
                )
            })
            .collect();
        if !marks.is_empty() {
            parts.push(format!("m={marks}"));
        }
        let k: String = (0..81)
            .filter(|&i| self.cell_colors[i] != 0)
            .map(|i| format!("{}{}", rc(i), self.cell_colors[i]))
            .collect();
        if !k.is_empty() {
            parts.push(format!("k={k}"));
        }
        let q: String = (0..729)
            .filter(|&k| self.cand_colors[k] != 0)
            .map(|k| format!("{}{}{}", rc(k / 9), k % 9 + 1, self.cand_colors[k]))
            .collect();
        if !q.is_empty() {
            parts.push(format!("q={q}"));
        }
        parts.join("&")
    }

    /// [`Position::decode`], or what is wrong with the text, in words for the person ("its
    /// puzzle has 80 cells, not 81").
    pub fn decode_why(text: &str) -> Result<Position, String> {
        if let Some(p) = Position::decode(text) {
            return Ok(p);
        }
        let text = text.trim_start_matches('#');
        let givens = text.split('&').find_map(|part| part.strip_prefix("g="));
        Err(match givens {
            None => "it holds no puzzle (no g= part)".to_string(),
            Some(g) if g.chars().count() != 81 => {
                format!("its puzzle has {} cells, not 81", g.chars().count())
            }
            Some(g) => match g.chars().position(|c| !matches!(c, '0'..='9' | '.')) {
                Some(i) => format!("cell {} of its puzzle is not a digit", i + 1),
                None => "its digits, notes or colours do not fit its puzzle".to_string(),
            },
        })
    }

    /// Decodes [`Position::encode`]'s text (a leading `#` is allowed; unknown parts are
    /// skipped). `None` when it is not a position of ours or does not hold together (a digit
    /// placed twice, a placement on a given, a bad character).
    pub fn decode(text: &str) -> Option<Position> {
        let text = text.trim_start_matches('#');
        let mut p = Position::default();
        let mut givens = None;
        for part in text.split('&') {
            let (k, v) = part.split_once('=')?;
            if k == "g" {
                givens = Some(v);
            }
        }
        let g = givens?.as_bytes();
        if g.len() != 81 {
            return None;
        }
        for (i, &ch) in g.iter().enumerate() {
            match ch {
                b'1'..=b'9' => {
                    p.values[i] = ch - b'0';
                    p.kinds[i] = CellOrigin::Given;
                }
                b'.' | b'0' => {}
                _ => return None,
            }
        }
        let digit = |ch: u8| (b'1'..=b'9').contains(&ch).then(|| ch - b'0');
        let cell = |r: u8, c: u8| Some((digit(r)? as usize - 1) * 9 + digit(c)? as usize - 1);
        for part in text.split('&') {
            let (k, v) = part.split_once('=')?;
            let b = v.as_bytes();
            match k {
                // The first version's links: `u=` the non-given digits in cell order.
                "u" if b.len() == 81 && !text.contains("p=") => {
                    for (i, &ch) in b.iter().enumerate() {
                        if let Some(d) = digit(ch)
                            && p.values[i] == 0
                        {
                            p.values[i] = d;
                            p.kinds[i] = CellOrigin::User;
                            p.order.push(i as u8);
                        }
                    }
                }
                "p" => {
                    if b.len() % 4 != 0 {
                        return None;
                    }
                    for t in b.chunks(4) {
                        let kind = match t[0] {
                            b'u' => CellOrigin::User,
                            b'h' => CellOrigin::Solver,
                            _ => return None,
                        };
                        let i = cell(t[1], t[2])?;
                        if p.values[i] != 0 {
                            return None;
                        }
                        p.values[i] = digit(t[3])?;
                        p.kinds[i] = kind;
                        p.order.push(i as u8);
                    }
                }
                "x" => {
                    let mut epoch = 1u8;
                    let mut t = b;
                    while !t.is_empty() {
                        if t[0] == b'~' {
                            let n: u8 = std::str::from_utf8(t.get(1..3)?).ok()?.parse().ok()?;
                            if n as usize > p.order.len() {
                                return None;
                            }
                            epoch = n + 1;
                            t = &t[3..];
                        } else {
                            let i = cell(t[0], *t.get(1)?)?;
                            let d = digit(*t.get(2)?)?;
                            p.removed[i * 9 + d as usize - 1] = epoch;
                            t = &t[3..];
                        }
                    }
                }
                "m" => {
                    if b.len() % 4 != 0 {
                        return None;
                    }
                    let val = |ch: u8| B32.iter().position(|&x| x == ch).map(|p| p as u16);
                    for t in b.chunks(4) {
                        let i = cell(t[0], t[1])?;
                        p.marks[i] = ((val(t[2])? << 5) | val(t[3])?) & ALL;
                    }
                }
                "k" => {
                    if b.len() % 3 != 0 {
                        return None;
                    }
                    for t in b.chunks(3) {
                        let i = cell(t[0], t[1])?;
                        p.cell_colors[i] = digit(t[2])?.min(COLORS);
                    }
                }
                "q" => {
                    if b.len() % 4 != 0 {
                        return None;
                    }
                    for t in b.chunks(4) {
                        let i = cell(t[0], t[1])?;
                        let d = digit(t[2])?;
                        p.cand_colors[i * 9 + d as usize - 1] = digit(t[3])?.min(COLORS);
                    }
                }
                _ => {}
            }
        }
        Some(p)
    }
}

const B32: &[u8; 32] = b"0123456789abcdefghijklmnopqrstuv";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::PlainCand;

    const EASY: &str =
        "530070000600195000098000060800060003400803001700020006060000280000419005000080079";
    const EASY_SOLUTION: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

    fn digits(s: &str) -> [u8; 81] {
        std::array::from_fn(|i| s.as_bytes()[i] - b'0')
    }

    #[test]
    fn a_bad_link_says_what_is_wrong() {
        let good = Position::from_givens(&digits(EASY)).encode();
        assert!(Position::decode_why(&good).is_ok());
        let why = |t: &str| Position::decode_why(t).err().unwrap_or_default();
        assert_eq!(why("p=u115"), "it holds no puzzle (no g= part)");
        assert_eq!(why("#g=12345"), "its puzzle has 5 cells, not 81");
        assert_eq!(why(&format!("g=x{}", &EASY[1..])), "cell 1 of its puzzle is not a digit");
        assert_eq!(
            why(&format!("{good}&p=u11")),
            "its digits, notes or colours do not fit its puzzle"
        );
    }

    fn easy() -> Position {
        Position::from_givens(&digits(EASY))
    }

    #[test]
    fn three_kinds_of_digits_and_the_seed_rule() {
        let mut p = easy();
        assert!(p.place(0, 1, CellOrigin::User).is_err(), "a given is not typed over");
        p.place(2, 4, CellOrigin::User).unwrap();
        p.place(2, 2, CellOrigin::User).unwrap();
        assert_eq!((p.value(2), p.kind(2)), (2, CellOrigin::User));
        p.place(3, 6, CellOrigin::Solver).unwrap();
        assert!(p.place(3, 7, CellOrigin::User).is_err(), "a helper digit is not typed over");
        assert!(p.clear(3).is_err());
        assert_eq!(p.order(), &[2, 3]);
        p.clear(2).unwrap();
        assert_eq!(p.order(), &[3]);
    }

    #[test]
    fn notes_with_and_without_auto_candidates() {
        let mut p = easy();
        // r1c3 allows 1 2 4.
        assert_eq!(p.candidates(2), 0b1011);
        p.toggle_note(2, 1, true).unwrap();
        assert_eq!(p.candidates(2), 0b1010, "a removal stays removed");
        assert_eq!(p.shown(2, true), 0b1010);
        p.toggle_note(2, 1, true).unwrap();
        assert_eq!(p.candidates(2), 0b1011, "and comes back on a second toggle");
        assert_eq!(p.shown(2, false), 0b0001, "without auto only the person's marks show");
        p.toggle_note(2, 4, false).unwrap();
        assert_eq!(p.marks(2), 0b1001);
        // Placing 4 in r1c4 (same row) takes 4 out of r1c3's marks.
        p.place(3, 4, CellOrigin::User).unwrap();
        assert_eq!(p.marks(2), 0b0001);
        p.fill_marks();
        assert_eq!(p.marks(2), p.candidates(2));
        p.clear_notes();
        assert_eq!(p.marks(2), 0);
    }

    #[test]
    fn back_out_takes_back_the_helper_then_the_guess() {
        let mut p = easy();
        p.place(2, 4, CellOrigin::User).unwrap();
        p.toggle_note(18, 1, true).unwrap(); // before the guess
        p.place(3, 6, CellOrigin::User).unwrap(); // the guess
        let step = PlainStep {
            technique: "Naked Single".into(),
            text: String::new(),
            explanation: String::new(),
            about: String::new(),
            place: String::new(),
            placements: vec![PlainCand { cell: 5, digit: 8 }, PlainCand { cell: 6, digit: 9 }],
            eliminations: vec![PlainCand { cell: 7, digit: 1 }],
            cells: vec![],
            candidates: vec![],
            alternate: vec![],
            fins: vec![],
            houses: vec![],
            cover_houses: vec![],
            links: vec![],
            proof: vec![],
        };
        assert!(p.apply_step(&step));
        assert_eq!((p.kind(5), p.kind(6)), (CellOrigin::Solver, CellOrigin::Solver));
        let before_guess = {
            let mut q = easy();
            q.place(2, 4, CellOrigin::User).unwrap();
            q.toggle_note(18, 1, true).unwrap();
            q
        };
        let gone = p.back_out();
        assert_eq!(gone, vec![5, 6]);
        assert_eq!(p.removed_mask(7), 0, "the step's removal goes with its digits");
        assert_eq!(p.value(3), 6, "the guess stays on the first press");
        assert_eq!(p.back_out(), vec![3]);
        assert_eq!(p, before_guess);
    }

    #[test]
    fn restart_keeps_only_the_givens() {
        let mut p = easy();
        p.place(2, 4, CellOrigin::User).unwrap();
        p.toggle_note(3, 2, true).unwrap();
        p.set_cell_color(10, 2);
        p.restart();
        assert_eq!(p, easy());
    }

    #[test]
    fn warnings_of_each_kind() {
        let mut p = easy();
        assert!(p.warnings().is_empty());
        // r1c3 allows 1 2 4: remove all three.
        for d in [1, 2, 4] {
            p.toggle_note(2, d, true).unwrap();
        }
        let w = p.warnings();
        assert_eq!(w.no_candidate, vec![2]);
        p.clear_notes();
        // 5 twice in row 1.
        p.place(2, 5, CellOrigin::User).unwrap();
        assert_eq!(p.warnings().duplicates, vec![0, 2]);
        // A third 5 in row 1, which also repeats the 5 of r2c6 in box 2.
        p.place(3, 5, CellOrigin::User).unwrap();
        assert_eq!(p.warnings().duplicates, vec![0, 2, 3, 14]);
        p.clear(3).unwrap();
        p.clear(2).unwrap();
        // Row 1 needs 1 in c3, c7, c8 or c9 (c4, c6 see the 1 of r2c4): remove them all.
        let places: Vec<usize> = (0..9).filter(|&c| p.candidates(c) & 1 != 0).collect();
        for &c in &places {
            p.toggle_note(c, 1, true).unwrap();
        }
        assert!(p.warnings().no_place.contains(&(0, 1)), "{:?}", p.warnings());
        assert!(p.warnings().describe().iter().any(|s| s == "1 has no place left in row 1"));
    }

    #[test]
    fn mistakes_against_the_solution() {
        let sol = digits(EASY_SOLUTION);
        let mut p = easy();
        p.place(2, 1, CellOrigin::User).unwrap(); // solution has 4
        p.toggle_note(3, 6, true).unwrap(); // r1c4 is 6 in the solution
        let m = p.mistakes(&sol);
        assert_eq!(m.wrong_digits, vec![2]);
        assert_eq!(m.wrong_removals, vec![(3, 6)]);
        assert!(m.describe(&p).contains(&"your notes removed 6 from r1c4".to_string()));
    }

    #[test]
    fn singles_of_cells_and_houses() {
        let p = easy();
        let s = p.singles();
        for &(i, d) in &s.cells {
            assert_eq!(p.candidates(i), bit(d));
        }
        assert!(!s.houses.is_empty());
        let sol = digits(EASY_SOLUTION);
        for (i, d) in s.placements() {
            assert_eq!(sol[i], d, "a single on a sound position is the solution's digit");
        }
    }

    #[test]
    fn marks_under_a_digit_survive_the_link_and_come_back_when_it_is_cleared() {
        let mut p = easy();
        p.toggle_note(2, 1, false).unwrap();
        p.toggle_note(2, 2, false).unwrap();
        p.place(2, 4, CellOrigin::User).unwrap();
        let mut q = Position::decode(&p.encode()).expect("reads back");
        assert_eq!(q, p);
        p.clear(2).unwrap();
        q.clear(2).unwrap();
        assert_eq!(q.marks[2], p.marks[2]);
        assert_ne!(q.marks[2], 0);
    }

    #[test]
    fn encode_round_trips_everything() {
        let mut p = easy();
        p.toggle_note(18, 1, true).unwrap();
        p.place(2, 4, CellOrigin::User).unwrap();
        p.place(3, 6, CellOrigin::Solver).unwrap();
        p.toggle_note(7, 1, true).unwrap();
        p.toggle_note(8, 2, false).unwrap();
        p.set_cell_color(40, 3);
        p.set_cand_color(41, 2, 4);
        let text = p.encode();
        assert!(text.starts_with("g=53..7....") && text.contains("p=u134h146"), "{text}");
        assert_eq!(Position::decode(&format!("#{text}")), Some(p.clone()));
        // Back out still works after the round trip.
        let mut q = Position::decode(&text).unwrap();
        q.back_out();
        p.back_out();
        assert_eq!(p, q);
        assert_eq!(Position::default().encode(), "");
        assert!(Position::decode("g=123").is_none());
        assert!(Position::decode(&format!("{text}&p=u11")).is_none());
        assert!(Position::decode("hello").is_none());
        // A link of the first version (`u=` digits, `s=` step) opens with its digits.
        let old = format!("g={}&u=..4{}&s=3", &EASY.replace('0', "."), ".".repeat(78));
        let q = Position::decode(&old).unwrap();
        assert_eq!((q.value(2), q.kind(2)), (4, CellOrigin::User));
    }

    #[test]
    fn all_candidates_agree_with_one_by_one() {
        let mut p = easy();
        p.place(2, 4, CellOrigin::User).unwrap();
        p.toggle_note(3, 2, true).unwrap();
        let all = p.all_candidates();
        for i in 0..81 {
            assert_eq!(all[i], p.candidates(i), "cell {i}");
        }
    }

    #[test]
    fn plain_board_round_trip_keeps_removals() {
        let mut p = easy();
        p.place(2, 4, CellOrigin::User).unwrap();
        p.toggle_note(3, 2, true).unwrap();
        let q = Position::from_plain(&p.to_plain());
        assert_eq!(q.candidates(3), p.candidates(3));
        assert_eq!(q.kind(2), CellOrigin::User);
        assert_eq!(q.to_plain(), p.to_plain());
    }
}
