//! The parse error: what went wrong, where, and a sentence saying so.

use crate::board::Conflict;
use std::fmt;

/// What kind of problem a [`ParseError`] reports.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The text holds no puzzle at all (only blanks or comments).
    Empty,
    /// The grid has the wrong number of cells (or a candidate string the wrong number of
    /// characters): `expected` 81 (729 for a candidate string), `found` that many.
    CellCount {
        /// How many were expected.
        expected: usize,
        /// How many were found.
        found: usize,
    },
    /// A character that has no meaning where it stands.
    UnknownChar {
        /// The character.
        ch: char,
    },
    /// A token that is not a cell value, such as `12` among 81 numbers or `+0`.
    BadCell,
    /// The board read is impossible: a digit twice in a house, or an empty cell without
    /// candidates (never [`Conflict::NoPlace`], which parsing does not check).
    Conflict(Conflict),
    /// An elimination list that does not follow `r<rows>c<cols><><digits>`.
    Elimination,
}

/// Why a text is not a puzzle, with where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// 1-based line of the input where the problem is, when it is about one place.
    pub line: Option<usize>,
    /// 1-based column (in characters) on that line.
    pub column: Option<usize>,
    /// A message a person understands (it already mentions the line/column or cells).
    pub message: String,
    /// What kind of problem it is, for programs.
    pub kind: ErrorKind,
}

impl ParseError {
    /// An error about the whole text (no single position).
    pub(crate) fn whole(kind: ErrorKind, message: String) -> ParseError {
        ParseError { line: None, column: None, message, kind }
    }

    /// An error at byte offset `at` of `text`; the message gets a `line L, column C: ` prefix.
    pub(crate) fn at(text: &str, at: usize, kind: ErrorKind, message: String) -> ParseError {
        let (line, column) = position(text, at);
        ParseError {
            line: Some(line),
            column: Some(column),
            message: format!("line {line}, column {column}: {message}"),
            kind,
        }
    }

    /// The error for the character `ch` at byte offset `at` of `text`, which is not a cell.
    pub(crate) fn unknown_char(text: &str, at: usize, ch: char) -> ParseError {
        ParseError::at(
            text,
            at,
            ErrorKind::UnknownChar { ch },
            format!(
                "unknown character {ch:?} (a cell is a digit 1-9, or one of 0 . - * _ x \
                 for an empty cell)"
            ),
        )
    }
}

/// The 1-based line and column (in characters) of byte offset `at` of `text`. An offset past
/// the end, or inside a character, is clamped to the nearest character boundary before it.
pub(crate) fn position(text: &str, at: usize) -> (usize, usize) {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    let before = &text[..at];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = before[line_start..].chars().count() + 1;
    (line, column)
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ParseError {}
