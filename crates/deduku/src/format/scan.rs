//! Reading the text before any format is known: content lines, the elimination section,
//! border lines, tokens, the character classes every format shares, and the format detector
//! ([`detect`], the one place that decides the format; the parsers only read the format they
//! are given).
//!
//! The format modules build on this one and never the other way round: `scan` uses none of
//! them, `cells` uses `scan`, `library` uses `scan` and `cells` (its givens field is a line of
//! cells), `pencil` uses `scan`, `wiki` uses `scan` and `cells` (its 81-digit board).

use super::Format;
use super::error::{ErrorKind, ParseError};

/// A line holding grid content: comments, a trailing `\r` and any elimination list removed.
pub(super) struct Line<'a> {
    /// Byte offset of `text` in the whole input.
    pub start: usize,
    /// The content.
    pub text: &'a str,
}

impl<'a> Line<'a> {
    /// The characters with their byte offsets in the whole input.
    pub fn chars(&self) -> impl Iterator<Item = (usize, char)> + 'a {
        let start = self.start;
        self.text.char_indices().map(move |(i, ch)| (start + i, ch))
    }
}

/// A whitespace-separated group of characters (box borders `|` and `:` also separate).
#[derive(Clone, Copy)]
pub(super) struct Token<'a> {
    /// Byte offset of the token in the whole input.
    pub start: usize,
    /// The token.
    pub text: &'a str,
}

/// The input split into grid lines and the start of the elimination section.
pub(super) struct Source<'a> {
    /// The whole input.
    pub text: &'a str,
    /// Lines with grid content, in order (blank, comment-only and border lines dropped).
    pub lines: Vec<Line<'a>>,
    /// Byte offset where an elimination list (`r2c4<>25 …`) begins, if there is one.
    pub elims_start: Option<usize>,
}

/// Whether `ch` writes an empty cell.
pub(super) fn is_empty_char(ch: char) -> bool {
    matches!(ch, '0' | '.' | '-' | '*' | '_' | 'x' | 'X')
}

/// Whether `ch` separates cells or tokens: whitespace and the vertical box borders.
pub(super) fn is_separator(ch: char) -> bool {
    ch.is_whitespace() || ch == '|' || ch == ':'
}

impl<'a> Source<'a> {
    /// Splits `text` into content lines; everything from the first elimination item on is the
    /// elimination section.
    pub fn new(text: &'a str) -> Source<'a> {
        let mut lines = Vec::new();
        let mut elims_start = None;
        let mut offset = 0;
        for raw in text.split('\n') {
            let start = offset;
            offset += raw.len() + 1;
            if elims_start.is_some() {
                continue;
            }
            let mut content = raw.split('#').next().unwrap_or("").trim_end_matches('\r');
            if let Some(k) = find_eliminations(content) {
                elims_start = Some(start + k);
                content = &content[..k];
            }
            if content.trim().is_empty() || is_border_line(content) {
                continue;
            }
            lines.push(Line { start, text: content });
        }
        Source { text, lines, elims_start }
    }

    /// Every token of every content line.
    pub fn tokens(&self) -> Vec<Token<'a>> {
        self.lines.iter().flat_map(line_tokens).collect()
    }
}

/// The tokens of one line.
pub(super) fn line_tokens<'a>(line: &Line<'a>) -> impl Iterator<Item = Token<'a>> {
    let base = line.start;
    let text = line.text;
    let mut rest = 0;
    std::iter::from_fn(move || {
        let tail = &text[rest..];
        let skip = tail.find(|c: char| !is_separator(c))?;
        let begin = rest + skip;
        let len = text[begin..].find(is_separator).unwrap_or(text.len() - begin);
        rest = begin + len;
        Some(Token { start: base + begin, text: &text[begin..begin + len] })
    })
}

/// The error for a token format (numbers, pencil marks) with `found` tokens instead of 81;
/// when the text has nine rows it points at the first row without nine tokens.
pub(super) fn token_count_error(src: &Source<'_>, what: &str, found: usize) -> ParseError {
    let per_line: Vec<usize> = if src.lines.len() == 9 {
        src.lines.iter().map(|l| line_tokens(l).count()).collect()
    } else {
        Vec::new()
    };
    let message = format!("{what} needs 81 cells, found {found}");
    rows_count_error(src.text, &src.lines, &per_line, found, message)
}

/// The error for a grid of `found` cells instead of 81, with `message`: when `lines` are nine
/// rows it points at the first one whose count in `per_line` is not 9 (and says how many it
/// has), else it is about the whole text.
pub(super) fn rows_count_error(
    text: &str,
    lines: &[Line<'_>],
    per_line: &[usize],
    found: usize,
    message: String,
) -> ParseError {
    let kind = ErrorKind::CellCount { expected: 81, found };
    if lines.len() == 9 {
        if let Some((line, n)) = lines.iter().zip(per_line).find(|&(_, &n)| n != 9) {
            let indent = line.text.len() - line.text.trim_start().len();
            let message = format!("{message}; this row has {n} cells instead of 9");
            return ParseError::at(text, line.start + indent, kind, message);
        }
    }
    ParseError::whole(kind, message)
}

/// Where the elimination list starts in a line: the first `r` of the cells before the first
/// `<>` (`r2c4<>25`, `r2c45,r3c5 <> 1`). `None` when the line has no `<>` preceded by cells.
fn find_eliminations(line: &str) -> Option<usize> {
    let k = line.find("<>")?;
    let head = line[..k].trim_end();
    let span_start = head
        .char_indices()
        .rev()
        .find(|&(_, c)| !(c.is_ascii_digit() || matches!(c, 'r' | 'R' | 'c' | 'C' | ',')))
        .map_or(0, |(i, c)| i + c.len_utf8());
    head[span_start..].find(['r', 'R']).map(|i| span_start + i)
}

/// Whether a line is a box border such as `------+-------+------`, `.---.---.`, `*-----*` or
/// `:-----+-----:`: only border characters, at least one `-` or `=`. A line that is exactly
/// nine empty cells (`---------`, `--- --- ---`) is a row, not a border.
fn is_border_line(line: &str) -> bool {
    let compact: Vec<char> = line.chars().filter(|&c| !is_separator(c)).collect();
    if compact.len() == 9 && compact.iter().all(|&c| is_empty_char(c)) {
        return false;
    }
    line.chars().all(|c| c.is_whitespace() || "-=+.*':|".contains(c)) && line.contains(['-', '='])
}

/// Whether the only content line looks like a HoDoKu library case (starts with `:`, has at
/// least the fields up to the deleted candidates).
fn is_library_line(line: &Line<'_>) -> bool {
    line.text.trim_start().starts_with(':') && line.text.matches(':').count() >= 4
}

/// The value of a base-32 digit (`0`–`9`, `a`–`v`, either case), as SudokuWiki writes its
/// 162-character boards.
pub(super) fn base32_value(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'a'..=b'v' => Some(b - b'a' + 10),
        b'A'..=b'V' => Some(b - b'A' + 10),
        _ => None,
    }
}

/// Whether the only content line is a SudokuWiki board: it has `bd=` (a solver link or a bare
/// `bd=…`), or its only token is 162 base-32 characters with at least one letter (all digits
/// would more likely be two 81-digit puzzles run together).
fn is_sudokuwiki_line(line: &Line<'_>) -> bool {
    if line.text.contains("bd=") {
        return true;
    }
    let mut tokens = line.text.split_whitespace();
    match (tokens.next(), tokens.next()) {
        (Some(t), None) => {
            t.len() == 162
                && t.bytes().all(|b| base32_value(b).is_some())
                && t.bytes().any(|b| b.is_ascii_alphabetic())
        }
        _ => false,
    }
}

/// Whether a token is a pencil-mark cell written as one digit with empty marks (`.5`, `5.`):
/// an empty cell whose only candidate is that digit, as [`super::to_pencilmarks`] writes it.
pub(super) fn is_marked_single(token: &str) -> bool {
    let digits = token.bytes().filter(|b| (b'1'..=b'9').contains(b)).count();
    digits == 1
        && token.len() >= 2
        && token.chars().all(|c| c.is_ascii_digit() && c != '0' || is_empty_char(c))
}

/// Whether a token looks like a pencil-mark cell with several candidates (`127`).
fn is_candidate_group(token: &str) -> bool {
    token.len() >= 2 && token.bytes().all(|b| (b'1'..=b'9').contains(&b))
}

/// Decides the format from the shape of the text (see the module documentation).
pub(super) fn detect(src: &Source<'_>) -> Result<Format, ParseError> {
    let Some(first) = src.lines.first() else {
        let message = if src.elims_start.is_some() {
            "there is no grid before the eliminations".to_string()
        } else {
            "no puzzle found: the text is empty or only comments".to_string()
        };
        return Err(ParseError::whole(ErrorKind::Empty, message));
    };
    let tokens = src.tokens();
    let first_token_len = line_tokens(first).next().map_or(0, |t| t.text.chars().count());
    if src.lines.len() == 1 && is_library_line(first) {
        return Ok(Format::HodokuLibrary);
    }
    if src.lines.len() == 1 && is_sudokuwiki_line(first) {
        return Ok(Format::SudokuWiki);
    }
    if src.lines.len() == 1 && first_token_len > 200 {
        return Ok(Format::Candidates);
    }
    if src.lines.iter().any(|l| l.text.contains('[')) {
        return Ok(Format::Bracketed);
    }
    if tokens.iter().any(|t| t.text == "-1") {
        return Ok(Format::Numbers);
    }
    let groups = tokens.iter().any(|t| is_candidate_group(t.text));
    // A grid whose empty cells all have one candidate has no group; its marked singles
    // (`.5`) say it is a pencil-mark grid when it has exactly 81 tokens.
    let singles = tokens.len() == 81 && tokens.iter().any(|t| is_marked_single(t.text));
    if groups && tokens.len() >= 50 || singles {
        return Ok(Format::PencilMarks);
    }
    Ok(if src.lines.len() == 1 { Format::Line } else { Format::Grid })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eliminations_start_at_the_first_cell_reference() {
        assert_eq!(find_eliminations("r2c4<>25 r3c5<>1"), Some(0));
        assert_eq!(find_eliminations("..5.. r2c45,r3c5 <> 1"), Some(6));
        assert_eq!(find_eliminations("...12r2c4<>5"), Some(5));
        assert_eq!(find_eliminations("a <> b"), None);
        assert_eq!(find_eliminations("no list"), None);
    }

    #[test]
    fn border_lines_are_told_from_empty_rows() {
        assert!(is_border_line("------+-------+------"));
        assert!(is_border_line(".----------------.----------------."));
        assert!(is_border_line(" *-----------*"));
        assert!(is_border_line(":-------+-------:"));
        assert!(!is_border_line("---------"));
        assert!(!is_border_line("--- | --- | ---"));
        assert!(!is_border_line("........."));
        assert!(!is_border_line("5 3 . | . 7 ."));
    }

    #[test]
    fn tokens_split_on_borders() {
        let src = Source::new("| 12367| 8 :");
        let t: Vec<_> = src.tokens().iter().map(|t| (t.start, t.text)).collect();
        assert_eq!(t, vec![(2, "12367"), (9, "8")]);
    }
}
