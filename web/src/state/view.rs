//! How the person looks at the grid and what a typed digit does: the pen (digits, notes or
//! highlight), entering givens, the highlighted digit, the shadings, Check's marks and the two
//! solutions shown for a puzzle with several.
//!
//! Its invariants, kept here and nowhere else:
//! - one pen at a time: notes and highlighting exclude each other ([`Pen`]);
//! - putting the highlight pen down clears the highlighted digit (taking up notes keeps it, so
//!   a person can note the digit they highlight);
//! - Check's marks last until the person's next change ([`View::person_changed`]);
//! - the two differing solutions are about the givens they were shown for
//!   ([`View::givens_changed`]).

/// What a digit typed on the grid or the pad does.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Pen {
    /// Places the digit.
    #[default]
    Digits,
    /// Toggles the digit as a note (candidate).
    Notes,
    /// Highlights the digit.
    Highlight,
}

/// The view toggles.
#[derive(Clone, PartialEq, Debug, Default)]
pub struct View {
    /// What a typed digit does.
    pen: Pen,
    /// Whether typed digits are givens (entering a puzzle) rather than the person's solving.
    pub givens: bool,
    /// The highlighted digit.
    highlight: Option<u8>,
    /// Whether cells with two candidates are shaded.
    pub bivalue: bool,
    /// Whether singles are marked.
    pub singles: bool,
    /// Whether Check was pressed since the person's last change.
    checking: bool,
    /// Whether the two differing solutions are shown.
    solutions: bool,
}

impl View {
    /// What a typed digit does.
    pub fn pen(&self) -> Pen {
        self.pen
    }

    /// Whether digits toggle notes.
    pub fn notes(&self) -> bool {
        self.pen == Pen::Notes
    }

    /// Whether digits highlight.
    pub fn highlighting(&self) -> bool {
        self.pen == Pen::Highlight
    }

    /// Takes up or puts down the notes pen.
    pub fn toggle_notes(&mut self) {
        self.pen = if self.notes() { Pen::Digits } else { Pen::Notes };
    }

    /// Takes up `pen` (a drill takes up notes): leaving the highlight pen for digits puts it
    /// down, as [`View::toggle_highlighting`] does.
    pub fn take(&mut self, pen: Pen) {
        if pen == Pen::Digits && self.highlighting() {
            self.toggle_highlighting();
        }
        self.pen = pen;
    }

    /// Takes up or puts down the highlight pen; putting it down clears the highlight.
    pub fn toggle_highlighting(&mut self) {
        if self.highlighting() {
            self.pen = Pen::Digits;
            self.highlight = None;
        } else {
            self.pen = Pen::Highlight;
        }
    }

    /// The highlighted digit.
    pub fn highlight(&self) -> Option<u8> {
        self.highlight
    }

    /// Highlights `d`, or clears the highlight when `d` is already highlighted or not 1–9.
    pub fn toggle_highlight(&mut self, d: u8) {
        self.highlight = (self.highlight != Some(d) && (1..=9).contains(&d)).then_some(d);
    }

    /// Whether Check's marks are shown.
    pub fn checking(&self) -> bool {
        self.checking
    }

    /// Check pressed: shows its marks, or hides them when shown. Returns whether they show.
    pub fn toggle_check(&mut self) -> bool {
        self.checking = !self.checking;
        self.checking
    }

    /// The person changed the position: Check's marks go.
    pub fn person_changed(&mut self) {
        self.checking = false;
    }

    /// Whether the two differing solutions are shown.
    pub fn solutions(&self) -> bool {
        self.solutions
    }

    /// Shows or hides the two differing solutions.
    pub fn toggle_solutions(&mut self) {
        self.solutions = !self.solutions;
    }

    /// The givens changed: the solutions shown were about the old ones.
    pub fn givens_changed(&mut self) {
        self.solutions = false;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_pen_at_a_time_and_the_highlight_goes_with_its_pen() {
        let mut v = View::default();
        v.toggle_highlighting();
        v.toggle_highlight(5);
        assert_eq!(v.highlight(), Some(5));
        v.toggle_notes();
        assert!(v.notes() && !v.highlighting(), "notes put the highlight pen down");
        assert_eq!(v.highlight(), Some(5), "and keep the digit highlighted");
        v.toggle_highlighting();
        assert!(v.highlighting() && !v.notes());
        v.toggle_highlighting();
        assert_eq!((v.pen(), v.highlight()), (Pen::Digits, None));
        v.toggle_highlight(10);
        assert_eq!(v.highlight(), None, "not a digit");
    }

    #[test]
    fn checks_marks_and_the_solutions_last_until_what_they_are_about_changes() {
        let mut v = View::default();
        assert!(v.toggle_check());
        v.toggle_solutions();
        v.person_changed();
        assert!(!v.checking());
        assert!(v.solutions());
        v.givens_changed();
        assert!(!v.solutions());
    }
}
