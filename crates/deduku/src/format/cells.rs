//! Formats with one character (or bracket, or number) per cell: [`Format::Line`],
//! [`Format::Grid`], [`Format::Bracketed`] and [`Format::Numbers`].

use super::error::{ErrorKind, ParseError};
use super::scan::{Line, Source, is_empty_char, is_separator, rows_count_error, token_count_error};
use super::{Format, RawCells};
use crate::board::Origin;

/// Reads cells character by character over every content line, skipping whitespace and box
/// borders. For [`Format::Line`], text after the 81st cell is ignored when a colon or
/// whitespace separates it and it does not start like more cells.
pub(super) fn parse_cells(src: &Source<'_>, format: Format) -> Result<RawCells, ParseError> {
    read_cells(src.text, &src.lines, format)
}

/// [`parse_cells`] over some lines of `text`.
pub(super) fn read_cells(
    text: &str,
    lines: &[Line<'_>],
    format: Format,
) -> Result<RawCells, ParseError> {
    let mut out = RawCells::new();
    let mut count = 0;
    let mut per_line = Vec::with_capacity(lines.len());
    'lines: for line in lines {
        let before = count;
        let mut chars = line.chars();
        while let Some((at, ch)) = chars.next() {
            if is_separator(ch) {
                if format == Format::Line && count == 81 && ends_line_puzzle(line, at, ch) {
                    break 'lines;
                }
                continue;
            }
            let (value, origin) = read_cell(text, at, ch, &mut chars)?;
            if count < 81 {
                out.values[count] = value;
                out.origins[count] = origin;
                out.at[count] = at;
            }
            count += 1;
        }
        per_line.push(count - before);
    }
    if count != 81 {
        return Err(count_error(text, lines, &per_line, count));
    }
    Ok(out)
}

/// The common case without the general machinery: exactly 81 characters `1`–`9`, `.` or `0`,
/// possibly followed by whitespace. `None` for anything else.
pub(super) fn plain_line(text: &str) -> Option<RawCells> {
    let bytes = text.trim_end().as_bytes();
    if bytes.len() != 81 {
        return None;
    }
    let mut out = RawCells::new();
    for (i, &b) in bytes.iter().enumerate() {
        match b {
            b'1'..=b'9' => {
                out.values[i] = b - b'0';
                out.origins[i] = Origin::Given;
            }
            b'.' | b'0' => {}
            _ => return None,
        }
        out.at[i] = i;
    }
    Some(out)
}

/// Whether the separator `ch` at byte `at` of a one-line puzzle ends it: a colon always does,
/// whitespace when what follows is not more cells.
fn ends_line_puzzle(line: &Line<'_>, at: usize, ch: char) -> bool {
    if ch == ':' {
        return true;
    }
    let rest = &line.text[at - line.start + ch.len_utf8()..];
    match rest.trim_start().chars().next() {
        None => true,
        Some(next) => !(next.is_ascii_digit() || is_empty_char(next) || "+[".contains(next)),
    }
}

/// Reads one cell starting with `ch` at byte `at`: a digit, an empty mark, `+d` or `[d]`.
fn read_cell(
    text: &str,
    at: usize,
    ch: char,
    rest: &mut impl Iterator<Item = (usize, char)>,
) -> Result<(u8, Origin), ParseError> {
    match ch {
        '1'..='9' => Ok((digit_value(ch), Origin::Given)),
        c if is_empty_char(c) => Ok((0, Origin::Empty)),
        '+' => match rest.next() {
            Some((_, d @ '1'..='9')) => Ok((digit_value(d), Origin::Placed)),
            _ => Err(ParseError::at(
                text,
                at,
                ErrorKind::BadCell,
                "'+' must be followed by a digit 1-9 (it marks a placed digit)".into(),
            )),
        },
        '[' => read_bracket(text, at, rest),
        _ => Err(ParseError::unknown_char(text, at, ch)),
    }
}

/// Reads the rest of `[d]`, `[ d]` or `[ ]` after the `[` at byte `at`.
fn read_bracket(
    text: &str,
    at: usize,
    rest: &mut impl Iterator<Item = (usize, char)>,
) -> Result<(u8, Origin), ParseError> {
    let mut cell = None;
    for (_, ch) in rest.by_ref() {
        match ch {
            ']' => {
                return Ok(match cell {
                    Some(v) => (v, Origin::Given),
                    None => (0, Origin::Empty),
                });
            }
            c if c.is_whitespace() => {}
            '1'..='9' if cell.is_none() => cell = Some(digit_value(ch)),
            _ => break,
        }
    }
    Err(ParseError::at(
        text,
        at,
        ErrorKind::BadCell,
        "a '[' must hold one digit 1-9 and be closed by ']', as in [5]".into(),
    ))
}

/// The value of an ASCII digit character.
fn digit_value(ch: char) -> u8 {
    ch as u8 - b'0'
}

/// The error for a grid with `count` cells; points at the first row that does not have nine
/// cells when the text has nine rows.
fn count_error(text: &str, lines: &[Line<'_>], per_line: &[usize], count: usize) -> ParseError {
    let message = format!("expected 81 cells, found {count}");
    if lines.len() == 1 && count > 81 {
        let kind = ErrorKind::CellCount { expected: 81, found: count };
        let message = format!("{message} (more than one puzzle on the line?)");
        return ParseError::at(text, lines[0].start, kind, message);
    }
    rows_count_error(text, lines, per_line, count, message)
}

/// Reads 81 whitespace-separated integers, `0` or `-1` for an empty cell.
pub(super) fn parse_numbers(src: &Source<'_>) -> Result<RawCells, ParseError> {
    let tokens = src.tokens();
    if tokens.len() != 81 {
        return Err(token_count_error(src, "a grid of numbers", tokens.len()));
    }
    let mut out = RawCells::new();
    for (i, token) in tokens.iter().enumerate() {
        let value = match token.text.parse::<i8>() {
            Ok(-1 | 0) => 0,
            Ok(v @ 1..=9) => v as u8,
            _ => {
                let message = format!(
                    "{:?} is not a cell value: use 1-9, or 0 or -1 for an empty cell",
                    token.text
                );
                return Err(ParseError::at(src.text, token.start, ErrorKind::BadCell, message));
            }
        };
        out.values[i] = value;
        out.origins[i] = if value == 0 { Origin::Empty } else { Origin::Given };
        out.at[i] = token.start;
    }
    Ok(out)
}
