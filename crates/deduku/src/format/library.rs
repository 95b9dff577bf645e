//! HoDoKu's library format, one test case per line:
//! `:<technique>:<candidates>:<givens>:<deleted candidates>:<eliminations>:<placements>:<extra>`.
//!
//! Only the position is read: the givens (`+` before a placed digit) and the deleted
//! candidates, written digit-row-column (`438` is `r3c8<>4`), separated by spaces. The
//! technique fields describe the expected step and are left to the caller.

use super::cells::read_cells;
use super::error::{ErrorKind, ParseError};
use super::scan::{Line, Source, line_tokens};
use super::{Format, RawCells};
use crate::grid::{Candidate, Cell, Digit};

/// Reads the givens and deleted candidates of a library line.
pub(super) fn parse_library(src: &Source<'_>) -> Result<RawCells, ParseError> {
    let line = &src.lines[0];
    let indent = line.text.len() - line.text.trim_start().len();
    let mut fields = Vec::new();
    let mut at = line.start + indent;
    for field in line.text[indent..].split(':') {
        fields.push(Line { start: at, text: field });
        at += field.len() + 1;
    }
    let (Some(givens), Some(deleted)) = (fields.get(3), fields.get(4)) else {
        let message =
            "a HoDoKu library line needs the fields :technique:candidates:givens:deleted:";
        return Err(ParseError::at(src.text, line.start, ErrorKind::BadCell, message.into()));
    };
    let mut out = read_cells(src.text, std::slice::from_ref(givens), Format::Grid)?;
    out.eliminations = parse_deleted(src.text, deleted)?;
    Ok(out)
}

/// The deleted candidates: digit-row-column triples separated by whitespace.
fn parse_deleted(text: &str, field: &Line<'_>) -> Result<Vec<Candidate>, ParseError> {
    let mut out = Vec::new();
    for token in line_tokens(field) {
        let n: Vec<usize> = token.text.bytes().map(|b| b.wrapping_sub(b'1') as usize).collect();
        match n[..] {
            [d, r, c] if d < 9 && r < 9 && c < 9 => {
                out.push(Candidate::new(Cell::at(r, c), Digit::from_index(d)));
            }
            _ => {
                let message = format!(
                    "deleted candidate {:?} is not digit-row-column, as 438 for r3c8<>4",
                    token.text
                );
                return Err(ParseError::at(text, token.start, ErrorKind::Elimination, message));
            }
        }
    }
    Ok(out)
}
