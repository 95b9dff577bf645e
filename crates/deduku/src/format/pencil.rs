//! Formats that list candidates: [`Format::PencilMarks`] and [`Format::Candidates`].
//!
//! In both, a cell with exactly one digit is a solved cell (a given, or a placed digit when a
//! pencil-mark cell is written `+5`), and a cell written only with empty marks (`0`, `.`, `-`)
//! has no candidate, which the final board check reports. In a pencil-mark grid, one digit
//! with an empty mark (`.5`, as [`super::to_pencilmarks`] writes it) is an empty cell whose
//! only candidate is that digit.

use super::RawCells;
use super::error::{ErrorKind, ParseError};
use super::scan::{
    Source, Token, is_empty_char, is_marked_single, is_separator, line_tokens, token_count_error,
};
use crate::board::Origin;
use crate::grid::{Digit, DigitSet};

/// Reads a pencil-mark grid: 81 groups of digits, box borders skipped.
pub(super) fn parse_pencilmarks(src: &Source<'_>) -> Result<RawCells, ParseError> {
    let tokens = src.tokens();
    if tokens.len() != 81 {
        return Err(token_count_error(src, "a pencil-mark grid", tokens.len()));
    }
    let mut out = RawCells::new();
    let mut candidates = [DigitSet::EMPTY; 81];
    for (i, token) in tokens.iter().enumerate() {
        out.at[i] = token.start;
        let (placed, digits_at, digits) = match token.text.strip_prefix('+') {
            Some(rest) => (true, token.start + 1, rest),
            None => (false, token.start, token.text),
        };
        let set = digit_set(src.text, digits_at, digits)?;
        if placed && set.len() != 1 {
            let message = "'+' marks a placed digit and must be followed by one digit 1-9".into();
            return Err(ParseError::at(src.text, token.start, ErrorKind::BadCell, message));
        }
        match set.single_digit() {
            Some(d) if placed || !is_marked_single(digits) => {
                set_value(&mut out, i, d, if placed { Origin::Placed } else { Origin::Given })
            }
            _ => candidates[i] = set,
        }
    }
    out.candidates = Some(candidates);
    Ok(out)
}

/// Reads the 729-character candidate string on the only content line.
pub(super) fn parse_candidate_string(src: &Source<'_>) -> Result<RawCells, ParseError> {
    let line = &src.lines[0];
    let mut tokens = line_tokens(line);
    let Some(token) = tokens.next() else {
        return Err(ParseError::whole(ErrorKind::Empty, "no puzzle found".into()));
    };
    check_trailing(src, tokens)?;
    let chars: Vec<(usize, char)> =
        token.text.char_indices().map(|(i, ch)| (token.start + i, ch)).collect();
    if chars.len() != 729 {
        let kind = ErrorKind::CellCount { expected: 729, found: chars.len() };
        let message =
            format!("a candidate string needs 729 characters (9 per cell), found {}", chars.len());
        return Err(ParseError::at(src.text, token.start, kind, message));
    }
    let mut out = RawCells::new();
    let mut candidates = [DigitSet::EMPTY; 81];
    for (i, chunk) in chars.chunks(9).enumerate() {
        out.at[i] = chunk[0].0;
        let mut set = DigitSet::EMPTY;
        for &(at, ch) in chunk {
            match Digit::new(ch.to_digit(10).unwrap_or(0) as u8) {
                Some(d) => set.insert(d),
                None if is_empty_char(ch) => {}
                None => return Err(ParseError::unknown_char(src.text, at, ch)),
            }
        }
        match set.single_digit() {
            Some(d) => set_value(&mut out, i, d, Origin::Given),
            None => candidates[i] = set,
        }
    }
    out.candidates = Some(candidates);
    Ok(out)
}

/// Text after a candidate string is ignored unless it starts like more candidates.
fn check_trailing<'a>(
    src: &Source<'a>,
    mut rest: impl Iterator<Item = Token<'a>>,
) -> Result<(), ParseError> {
    match rest.next() {
        Some(t) if t.text.starts_with(|c: char| c.is_ascii_digit() || is_empty_char(c)) => {
            let found = 729 + t.text.chars().count();
            let kind = ErrorKind::CellCount { expected: 729, found };
            let message = "unexpected text after the 729-character candidate string".into();
            Err(ParseError::at(src.text, t.start, kind, message))
        }
        _ => Ok(()),
    }
}

/// The digits of a pencil-mark group starting at byte `at`; empty marks add nothing.
fn digit_set(text: &str, at: usize, group: &str) -> Result<DigitSet, ParseError> {
    let mut set = DigitSet::EMPTY;
    for (i, ch) in group.char_indices() {
        match Digit::new(ch.to_digit(10).unwrap_or(0) as u8) {
            Some(d) => set.insert(d),
            None if is_empty_char(ch) && !is_separator(ch) => {}
            None => return Err(ParseError::unknown_char(text, at + i, ch)),
        }
    }
    Ok(set)
}

/// Records a solved cell.
fn set_value(out: &mut RawCells, i: usize, d: Digit, origin: Origin) {
    out.values[i] = d.get();
    out.origins[i] = origin;
}
