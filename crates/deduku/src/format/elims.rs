//! Elimination lists: `r2c4<>25 r3c5<>1`, grouped `r2c45<>2`, `r12c4<>2`, several cell groups
//! `r2c4,r3c5<>1`. Items are separated by whitespace, `,` or `;`; `#` starts a comment.

use super::error::{ErrorKind, ParseError};
use crate::board::Board;
use crate::grid::{Candidate, Cell, Digit};

/// Parses an elimination list such as `r2c4<>25 r3c5<>1` (also `r2c45<>2`, `r12c4<>2` and
/// `r2c4,r3c5<>1`). Each item stands for every candidate of its cells × digits.
pub fn parse_eliminations(text: &str) -> Result<Vec<Candidate>, ParseError> {
    parse_eliminations_from(text, 0)
}

/// Removes the candidates from the board; a candidate already gone, or in a filled cell, is
/// skipped. Returns how many were removed. The board may be left with an empty cell without
/// candidates; [`Board::check`] finds it.
pub fn apply_eliminations(board: &mut Board, eliminations: &[Candidate]) -> usize {
    eliminations.iter().filter(|k| board.eliminate(k.cell, k.digit)).count()
}

/// Parses the elimination list that starts at byte `start` of `text` and runs to its end.
pub(super) fn parse_eliminations_from(
    text: &str,
    start: usize,
) -> Result<Vec<Candidate>, ParseError> {
    let mut s = Scanner { text, pos: start.min(text.len()) };
    let mut out = Vec::new();
    loop {
        s.skip_separators();
        match s.peek() {
            None => return Ok(out),
            Some('r' | 'R') => s.item(&mut out)?,
            Some(ch) => {
                return Err(
                    s.error(format!("expected an elimination such as r2c4<>25, found {ch:?}"))
                );
            }
        }
    }
}

/// A cursor over the text.
struct Scanner<'a> {
    text: &'a str,
    /// Byte offset of the next character.
    pos: usize,
}

impl Scanner<'_> {
    fn peek(&self) -> Option<char> {
        self.text[self.pos..].chars().next()
    }

    fn bump(&mut self) {
        if let Some(ch) = self.peek() {
            self.pos += ch.len_utf8();
        }
    }

    fn skip_whitespace(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.bump();
        }
    }

    /// Skips whitespace, `,`, `;` and comments between items.
    fn skip_separators(&mut self) {
        while let Some(ch) = self.peek() {
            match ch {
                '#' => {
                    while self.peek().is_some_and(|c| c != '\n') {
                        self.bump();
                    }
                }
                c if c.is_whitespace() || c == ',' || c == ';' => self.bump(),
                _ => return,
            }
        }
    }

    fn error(&self, message: String) -> ParseError {
        let message = format!("bad elimination list: {message}");
        ParseError::at(self.text, self.pos, ErrorKind::Elimination, message)
    }

    /// Expects the letter `lower` (either case).
    fn letter(&mut self, lower: char, what: &str) -> Result<(), ParseError> {
        match self.peek() {
            Some(c) if c.to_ascii_lowercase() == lower => {
                self.bump();
                Ok(())
            }
            _ => Err(self.error(format!("expected '{lower}' {what}"))),
        }
    }

    /// One or more digits 1–9, as 0-based numbers.
    fn numbers(&mut self, what: &str) -> Result<Vec<usize>, ParseError> {
        let mut out = Vec::new();
        while let Some(ch @ '1'..='9') = self.peek() {
            out.push(ch as usize - '1' as usize);
            self.bump();
        }
        if out.is_empty() {
            return Err(self.error(format!("expected {what} (1-9)")));
        }
        Ok(out)
    }

    /// One group of cells, `r<rows>c<cols>`.
    fn cells(&mut self, into: &mut Vec<Cell>) -> Result<(), ParseError> {
        self.letter('r', "to start a cell like r2c4")?;
        let rows = self.numbers("a row number after 'r'")?;
        self.letter('c', "after the row number, as in r2c4")?;
        let cols = self.numbers("a column number after 'c'")?;
        into.extend(rows.iter().flat_map(|&r| cols.iter().map(move |&c| Cell::at(r, c))));
        Ok(())
    }

    /// One item: cell groups, `<>`, digits.
    fn item(&mut self, out: &mut Vec<Candidate>) -> Result<(), ParseError> {
        let mut cells = Vec::new();
        loop {
            self.cells(&mut cells)?;
            self.skip_whitespace();
            if self.peek() == Some(',') {
                self.bump();
                self.skip_whitespace();
                continue;
            }
            if self.text[self.pos..].starts_with("<>") {
                self.pos += 2;
                break;
            }
            return Err(self.error("expected '<>' after the cells, as in r2c4<>25".into()));
        }
        self.skip_whitespace();
        let digits = self.numbers("the digits to eliminate after '<>'")?;
        for &cell in &cells {
            for &d in &digits {
                out.push(Candidate::new(cell, Digit::from_index(d)));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(list: &[Candidate]) -> Vec<String> {
        list.iter().map(|k| format!("{}{}", k.cell, k.digit)).collect()
    }

    #[test]
    fn plain_and_grouped_items() {
        let list = parse_eliminations("r2c4<>25 r3c5<>1").unwrap();
        assert_eq!(names(&list), ["r2c42", "r2c45", "r3c51"]);
        let list = parse_eliminations("R2C45<>2, r1c1 , r9c9 <> 9; r12c3<>7").unwrap();
        assert_eq!(names(&list), ["r2c42", "r2c52", "r1c19", "r9c99", "r1c37", "r2c37"]);
    }

    #[test]
    fn syntax_errors_say_where() {
        let e = parse_eliminations("r2c4<>25\n r3c0<>1").unwrap_err();
        assert_eq!((e.line, e.column, &e.kind), (Some(2), Some(5), &ErrorKind::Elimination));
        assert!(e.message.contains("column number"), "{}", e.message);
        let e = parse_eliminations("r2c4=5").unwrap_err();
        assert_eq!(e.column, Some(5));
        let e = parse_eliminations("r2c4<>").unwrap_err();
        assert!(e.message.contains("digits to eliminate"), "{}", e.message);
        let e = parse_eliminations("x").unwrap_err();
        assert_eq!(e.kind, ErrorKind::Elimination);
    }
}
