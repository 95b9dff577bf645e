//! SudokuWiki's board strings, [`Format::SudokuWiki`]: a solver link
//! `https://…/sudoku.htm?bd=<board>` or a bare `bd=<board>` or 162-character board.
//!
//! `<board>` is either the classic 81 digits (`0` or `.` for an empty cell, all digits givens)
//! or SudokuWiki's 162-character string (as its "Sudoku String Definitions" page describes it):
//! two base-32 characters (`0`–`9`, `a`–`v`) per cell, row by row. Their value `n` holds in
//! bit 0 the clue flag (1: a given) and in bits 1–9 the cell's digits (bit 1 for digit 1, …,
//! bit 9 for digit 9). One digit is a solved cell (a given with the flag, a placed digit
//! without); several are the candidates of an empty cell; none is an empty cell without
//! candidates, which the board check reports.

use super::cells::read_cells;
use super::error::{ErrorKind, ParseError};
use super::scan::{Line, Source, base32_value};
use super::{Format, RawCells};
use crate::board::Origin;
use crate::grid::DigitSet;

/// Where the board of a SudokuWiki line starts (a byte offset in the line) and what it is: the
/// characters after `bd=` up to `&`, whitespace or the end, or the line's first token when it
/// has no `bd=`.
fn board_span(line: &str) -> (usize, &str) {
    let start = match line.find("bd=") {
        Some(k) => k + 3,
        None => line.len() - line.trim_start().len(),
    };
    let rest = &line[start..];
    let len = rest.find(|c: char| c == '&' || c.is_whitespace()).unwrap_or(rest.len());
    (start, &rest[..len])
}

/// Reads the board of a SudokuWiki link or string on the only content line.
pub(super) fn parse_sudokuwiki(src: &Source<'_>) -> Result<RawCells, ParseError> {
    let line = &src.lines[0];
    let (offset, board) = board_span(line.text);
    let at = line.start + offset;
    match board.chars().count() {
        162 => unpack(src.text, at, board),
        81 => read_cells(src.text, &[Line { start: at, text: board }], Format::Line),
        found => {
            let kind = ErrorKind::CellCount { expected: 81, found };
            let message = format!(
                "a SudokuWiki board (bd=) needs 81 digits or 162 base-32 characters, found {found}"
            );
            Err(ParseError::at(src.text, at, kind, message))
        }
    }
}

/// Decodes the 162-character string starting at byte `at`.
fn unpack(text: &str, at: usize, board: &str) -> Result<RawCells, ParseError> {
    let mut out = RawCells::new();
    let mut candidates = [DigitSet::EMPTY; 81];
    let bytes = board.as_bytes();
    for i in 0..81 {
        let pos = at + 2 * i;
        out.at[i] = pos;
        let mut n = 0u16;
        for k in 0..2 {
            let b = bytes[2 * i + k];
            let Some(v) = base32_value(b) else {
                // `board` has 162 characters in 162 bytes, so `b` is ASCII.
                return Err(bad_char(text, pos + k, b as char));
            };
            n = n * 32 + u16::from(v);
        }
        let set = DigitSet::from_bits((n >> 1) & 0x1ff);
        match set.single_digit() {
            Some(d) => {
                out.values[i] = d.get();
                out.origins[i] = if n & 1 == 1 { Origin::Given } else { Origin::Placed };
            }
            None => candidates[i] = set,
        }
    }
    out.candidates = Some(candidates);
    Ok(out)
}

/// The error for a character that is not base 32 in a 162-character board.
fn bad_char(text: &str, at: usize, ch: char) -> ParseError {
    let message = format!(
        "unknown character {ch:?} in a 162-character SudokuWiki board (base 32: 0-9 and a-v)"
    );
    ParseError::at(text, at, ErrorKind::UnknownChar { ch }, message)
}

/// The 162-character SudokuWiki string of a board (see the module documentation); a cell
/// with a single candidate is written as that digit and reads back as placed.
pub(super) fn pack(values: &[u8; 81], origins: &[Origin; 81], cands: &[DigitSet; 81]) -> String {
    const DIGITS: &[u8; 32] = b"0123456789abcdefghijklmnopqrstuv";
    let mut out = String::with_capacity(162);
    for i in 0..81 {
        let set = match values[i] {
            1..=9 => DigitSet::from_bits(1 << (values[i] - 1)),
            _ => cands[i],
        };
        let n = (set.bits() << 1) | u16::from(origins[i] == Origin::Given);
        out.push(DIGITS[usize::from(n >> 5)] as char);
        out.push(DIGITS[usize::from(n & 31)] as char);
    }
    out
}
