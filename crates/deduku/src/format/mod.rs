//! Puzzle formats: parse (auto-detected) and write.
//!
//! PLACEHOLDER: the real implementation (every format of the solver-core issue) replaces this
//! file; the public signatures below are the contract the CLI and the web app use.

use crate::board::Board;
use crate::grid::Candidate;
use std::fmt;

/// Why a text is not a puzzle, with where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// 1-based line of the input where the problem is, when it is about one place.
    pub line: Option<usize>,
    /// 1-based column (in characters) on that line.
    pub column: Option<usize>,
    /// A message a person understands (it already mentions the line/column or cells).
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ParseError {}

/// Parses a puzzle in any supported format, auto-detected; an elimination list (`r2c4<>25`)
/// after the grid is applied on top.
pub fn parse(text: &str) -> Result<Board, ParseError> {
    let t = text.trim();
    if t.chars().count() != 81 {
        return Err(ParseError {
            line: None,
            column: None,
            message: format!("expected 81 cells, found {}", t.chars().count()),
        });
    }
    let mut v = [0u8; 81];
    for (i, ch) in t.chars().enumerate() {
        v[i] = ch.to_digit(10).map_or(0, |d| d as u8);
    }
    let b = Board::from_values(&v);
    b.check().map_err(|e| ParseError { line: None, column: None, message: e.to_string() })?;
    Ok(b)
}

/// Parses an elimination list such as `r2c4<>25 r3c5<>1`.
pub fn parse_eliminations(text: &str) -> Result<Vec<Candidate>, ParseError> {
    let _ = text;
    Ok(Vec::new())
}

/// The 81-character line, `.` for empty (a `+` marks placed digits only in
/// [`to_line_with_placed`]).
pub fn to_line(board: &Board) -> String {
    board.values().iter().map(|&v| if v == 0 { '.' } else { (b'0' + v) as char }).collect()
}

/// The 81 values as digits with `0` for empty (a solution prints as 81 digits).
pub fn to_digits(values: &[u8; 81]) -> String {
    values.iter().map(|&v| (b'0' + v.min(9)) as char).collect()
}

/// The 81-character line with a `+` before every placed (not given) digit (HoDoKu's convention).
pub fn to_line_with_placed(board: &Board) -> String {
    to_line(board)
}

/// A pretty 9×9 grid with box separators.
pub fn to_grid(board: &Board) -> String {
    to_line(board)
}

/// A pencil-mark grid: every cell's candidates (or its digit), boxes separated.
pub fn to_pencilmarks(board: &Board) -> String {
    to_line(board)
}
