//! Puzzle formats: parse (auto-detected) and write.
//!
//! # Reading
//!
//! [`parse`] takes any of these, detected from the text itself:
//!
//! | [`Format`] | example |
//! |---|---|
//! | [`Format::Line`] | `53..7....6..195...` … (81 cells on one line) |
//! | [`Format::Grid`] | nine rows such as `53..7....` or `5 3 0 \| 0 7 0 \| 0 0 0`, box borders optional |
//! | [`Format::Numbers`] | 81 whitespace-separated integers with `0` or `-1` for an empty cell |
//! | [`Format::Bracketed`] | `[5][3] x x [7] x …`: `[d]` is a given, `x` an empty cell |
//! | [`Format::PencilMarks`] | a pencil-mark grid as HoDoKu or SimpleSudoku print it |
//! | [`Format::Candidates`] | 729 characters, nine per cell: the digit or `.`/`0` when absent |
//! | [`Format::HodokuLibrary`] | `:0100:5:+6+3+42…:132 438::…` (givens, then deleted candidates) |
//! | [`Format::SudokuWiki`] | `https://…/sudoku.htm?bd=5300700…`, `bd=…`, or its 162-character board string |
//!
//! Simple Sudoku's and SudoCue's files read as grids: `.sdk` (nine rows of nine, `#A`-style
//! information lines are comments) and `.ss` (`..5|...|...` rows, `-----------` or
//! `---+---+---` between bands, `*---*` frames).
//!
//! Common rules:
//! - Blank lines, surrounding whitespace and comments (from `#` to the end of the line) are
//!   ignored.
//! - A cell is a digit `1`–`9` (a given), `+` and a digit (a *placed* digit, HoDoKu's
//!   convention), or an empty cell written `0 . - * _ x X`.
//! - Box borders (`|`, `:`, and lines made of `- = + . * ' : |`) are skipped.
//! - In a pencil-mark grid or a candidate string a cell with a single digit is a solved cell;
//!   in a pencil-mark grid `+5` is a placed digit and `.5` an empty cell whose only candidate
//!   is 5.
//! - An elimination list (`r2c4<>25 r3c5<>1`, `r2c45<>2`, `r2c4,r3c5<>1`) may follow the grid;
//!   its candidates are removed after the grid is read. Eliminating a candidate that is already
//!   gone, or from a filled cell, changes nothing and is not an error (a list written for an
//!   earlier state of the same puzzle still applies).
//! - One line of 81 cells may be followed by other text when a colon or whitespace separates
//!   them (`puzzle:count:solution`, `puzzle reason`, `puzzle # trace`), so files with one
//!   puzzle per line can be read line by line. Text after whitespace that starts like more
//!   cells (`…5 7`) is an error, not ignored: it is probably a second puzzle or a typo.
//!
//! The board is then checked: the same digit twice in a house, or an empty cell with no
//! candidate left, is an error. A digit without a place in a house is *not* checked here (the
//! solver reports it); such a puzzle parses.
//!
//! # Writing
//!
//! [`to_line`], [`to_line_with_placed`], [`to_digits`], [`to_grid`], [`to_pencilmarks`],
//! [`to_candidate_string`], [`to_sudokuwiki`] and [`to_eliminations`]. Everything they write parses back; see each
//! function for what the format keeps.

mod cells;
mod elims;
mod error;
mod library;
mod pencil;
mod scan;
mod wiki;
mod write;

pub use elims::{apply_eliminations, parse_eliminations};
pub use error::{ErrorKind, ParseError};
pub use write::{
    to_candidate_string, to_digits, to_eliminations, to_grid, to_line, to_line_with_placed,
    to_pencilmarks, to_sudokuwiki,
};

use crate::board::{Board, Conflict, Origin};
use crate::grid::{Candidate, Cell, DigitSet, House};
use scan::Source;

/// The text formats [`parse`] recognises.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Format {
    /// 81 cells on one line.
    Line,
    /// Rows on several lines (nine rows of nine cells), with or without box borders.
    Grid,
    /// 81 whitespace-separated integers, `0` or `-1` for an empty cell.
    Numbers,
    /// `[d]` for a given and `x` for an empty cell.
    Bracketed,
    /// A pencil-mark grid: every cell's candidates as a group of digits.
    PencilMarks,
    /// 729 characters, nine per cell, a digit or `.`/`0` for an absent candidate.
    Candidates,
    /// One case of HoDoKu's regression library, `:code:candidates:givens:deleted:…`; only the
    /// givens (with `+` for placed digits) and the deleted candidates are read.
    HodokuLibrary,
    /// A SudokuWiki solver link or board string: `…?bd=<81 digits or 162 base-32 characters>`,
    /// `bd=…`, or the 162-character string alone.
    SudokuWiki,
}

/// Parses a puzzle in any supported format, auto-detected; an elimination list (`r2c4<>25`)
/// after the grid is applied on top. See the [module documentation](self) for the rules.
pub fn parse(text: &str) -> Result<Board, ParseError> {
    parse_with_format(text).map(|(board, _)| board)
}

/// Like [`parse`], and also says which format the text was in.
pub fn parse_with_format(text: &str) -> Result<(Board, Format), ParseError> {
    // A byte-order mark is invisible to a person, so columns do not count it.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if let Some(cells) = cells::plain_line(text) {
        return Ok((cells.into_board(text, &[])?, Format::Line));
    }
    let src = Source::new(text);
    let format = scan::detect(&src)?;
    let cells = match format {
        Format::Line | Format::Grid | Format::Bracketed => cells::parse_cells(&src, format)?,
        Format::Numbers => cells::parse_numbers(&src)?,
        Format::PencilMarks => pencil::parse_pencilmarks(&src)?,
        Format::Candidates => pencil::parse_candidate_string(&src)?,
        Format::HodokuLibrary => library::parse_library(&src)?,
        Format::SudokuWiki => wiki::parse_sudokuwiki(&src)?,
    };
    let elims = match src.elims_start {
        Some(start) => elims::parse_eliminations_from(text, start)?,
        None => Vec::new(),
    };
    let board = cells.into_board(text, &elims)?;
    Ok((board, format))
}

/// What a format parser read: the 81 values with origins, optional explicit candidates, and
/// where in the text each cell was (a byte offset, for error positions).
struct RawCells {
    values: [u8; 81],
    origins: [Origin; 81],
    /// Candidates of empty cells when the format lists them (pencil marks); `None` means
    /// "everything the filled peers allow".
    candidates: Option<[DigitSet; 81]>,
    /// Candidates the format itself says are gone (HoDoKu's deleted candidates).
    eliminations: Vec<Candidate>,
    at: [usize; 81],
}

impl RawCells {
    fn new() -> RawCells {
        RawCells {
            values: [0; 81],
            origins: [Origin::Empty; 81],
            candidates: None,
            eliminations: Vec::new(),
            at: [0; 81],
        }
    }

    /// Builds the board, applies the eliminations and checks it: a digit twice in a house or
    /// an empty cell without candidates is an error placed at that cell in the text.
    fn into_board(self, text: &str, elims: &[Candidate]) -> Result<Board, ParseError> {
        let mut board = match &self.candidates {
            Some(c) => Board::from_candidates(&self.values, &self.origins, c),
            None => Board::from_parts(&self.values, &self.origins),
        };
        apply_eliminations(&mut board, &self.eliminations);
        apply_eliminations(&mut board, elims);
        match first_conflict(&board) {
            None => Ok(board),
            Some(conflict) => {
                let cell = match &conflict {
                    Conflict::Duplicate { second, .. } => *second,
                    Conflict::NoCandidate { cell } => *cell,
                    Conflict::NoPlace { .. } => Cell::from_index(0),
                };
                let message = conflict.to_string();
                let kind = ErrorKind::Conflict(conflict);
                Err(ParseError::at(text, self.at[cell.index()], kind, message))
            }
        }
    }
}

/// The first conflict parsing reports, in the order of [`Board::check`]: a digit twice in a
/// house (rows, then columns, then boxes), then an empty cell without candidates. Unlike
/// `check` it does not look for digits without a place, which is the solver's business (and
/// the costly part of `check`).
fn first_conflict(board: &Board) -> Option<Conflict> {
    for house in House::all() {
        let mut seen: [Option<Cell>; 9] = [None; 9];
        for cell in house.cells() {
            if let Some(digit) = board.value(cell) {
                if let Some(first) = seen[digit.index()] {
                    return Some(Conflict::Duplicate { digit, first, second: cell, house });
                }
                seen[digit.index()] = Some(cell);
            }
        }
    }
    Cell::all()
        .find(|&c| board.value(c).is_none() && board.candidates(c).is_empty())
        .map(|cell| Conflict::NoCandidate { cell })
}

#[cfg(test)]
mod tests;
