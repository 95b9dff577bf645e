//! Reading puzzles: files or stdin, the batch rule of `solve`, `rate` and `bench` (and of the
//! corpus reader [`read_puzzles`]), the single-puzzle rule of `explain`, `steps` and `print`,
//! and the ordered parallel batch runner.
//!
//! The batch rule (how a file is read):
//! - lines are read as bytes (invalid UTF-8 is replaced, never fatal);
//! - blank lines separate *blocks*; a block is read one of two ways:
//!   - **line by line** (one puzzle per line, the line rule below) when one of its lines holds a
//!     puzzle alone, or it has a single line, or more than [`MAX_GRID_LINES`] lines: a
//!     corpus file, blank lines or not;
//!   - **as one puzzle** otherwise: the block's whole text, as [`deduku::parse`] reads it (nine
//!     rows, `[d] x` rows, `-1` grids, pencil-mark grids, a grid with its elimination list on
//!     a line of its own, `#` comment lines such as an `.sdk` file's `#A` lines). When that
//!     fails and every content line is at least 81 characters long, the block is a run of bad
//!     puzzle lines and each gets its own error; else the block gets one error.
//!
//!   So a file holding one multi-line grid is one puzzle, and a file of several grids needs a
//!   blank line between them (a grid right after a puzzle line, without one, reads as bad
//!   lines).
//!
//! The line rule (one line, one puzzle):
//! - lines are trimmed; lines starting with `#` are skipped;
//! - anything from a `#` on is a comment (`puzzle  # note`);
//! - the rest is parsed whole when that works (so a grid followed by an elimination list, or any
//!   other one-line format the library reads, is taken as it is);
//! - otherwise, when the rest holds several tokens separated by whitespace or `:`, the first token
//!   of at least 81 characters is the puzzle (`puzzle:count:solution`, `id puzzle rating`, HoDoKu's
//!   `+` markers make a token longer than 81); its parse error, if any, is the line's error —
//!   unless the whole line failed at a place after that token (the parser read the puzzle and
//!   rejects what follows, such as a bad elimination list): then that error stands.

use deduku::{Board, ParseError};
use rayon::prelude::*;
use std::fmt;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::path::Path;

/// Why a command could not run (exit code 2), could not write its output or did not do all of
/// its work (exit code 1).
#[derive(Debug)]
pub enum Failure {
    /// Bad usage or unreadable input: the message is printed and the exit code is 2.
    Usage(String),
    /// The command ran but some of its work failed (each failure already reported on stderr):
    /// the message sums it up and the exit code is 1 (`generate` when a puzzle was not found).
    Incomplete(String),
    /// Writing the output failed; a closed pipe (`deduku solve big.txt | head`) ends quietly.
    Output(io::Error),
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Usage(m) | Failure::Incomplete(m) => f.write_str(m),
            Failure::Output(e) => write!(f, "cannot write the output: {e}"),
        }
    }
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Failure {
        Failure::Output(e)
    }
}

/// A source of text: a named file or stdin.
pub struct Source {
    name: String,
    reader: Box<dyn BufRead>,
}

impl Source {
    /// Opens `path`, or stdin when it is `None` or `-`.
    pub fn open(path: Option<&Path>) -> Result<Source, Failure> {
        match path {
            None => Ok(Source::stdin()),
            Some(p) if p.as_os_str() == "-" => Ok(Source::stdin()),
            Some(p) => {
                let file = File::open(p).map_err(|e| read_failure(&p.display().to_string(), &e))?;
                Ok(Source { name: p.display().to_string(), reader: Box::new(BufReader::new(file)) })
            }
        }
    }

    fn stdin() -> Source {
        Source { name: "stdin".to_string(), reader: Box::new(BufReader::new(io::stdin())) }
    }

    /// The whole text (invalid UTF-8 replaced).
    pub fn read_all(mut self) -> Result<String, Failure> {
        let mut bytes = Vec::new();
        self.reader.read_to_end(&mut bytes).map_err(|e| read_failure(&self.name, &e))?;
        Ok(String::from_utf8_lossy(&bytes).into_owned())
    }

    /// The next raw line with its 1-based number (`line_no` counts them); `None` at the end.
    fn next_raw_line(&mut self, line_no: &mut usize) -> Result<Option<String>, Failure> {
        let mut buf = Vec::new();
        let n =
            self.reader.read_until(b'\n', &mut buf).map_err(|e| read_failure(&self.name, &e))?;
        if n == 0 {
            return Ok(None);
        }
        *line_no += 1;
        let text = String::from_utf8_lossy(&buf);
        Ok(Some(text.trim_end_matches(['\n', '\r']).to_string()))
    }

    /// The next puzzle by the batch rule (see the module documentation); `None` at the end.
    fn next_puzzle(&mut self, reader: &mut BlockReader) -> Result<Option<Line>, Failure> {
        loop {
            if let Some(p) = reader.ready.pop_front() {
                return Ok(Some(p));
            }
            let Some(raw) = self.next_raw_line(&mut reader.line_no)? else {
                reader.end_block();
                return Ok(reader.ready.pop_front());
            };
            reader.push(raw);
        }
    }

    /// Every puzzle read to the end by the batch rule, and parsed.
    pub fn puzzles(mut self) -> Result<Puzzles, Failure> {
        let mut out = Puzzles { boards: Vec::new(), errors: Vec::new() };
        let mut reader = BlockReader::default();
        while let Some(l) = self.next_puzzle(&mut reader)? {
            match l.parse() {
                Ok(b) => out.boards.push(b),
                Err(e) => out.errors.push(e),
            }
        }
        Ok(out)
    }
}

/// The puzzles of a batch input, read by the batch rule.
#[derive(Debug, Default)]
pub struct Puzzles {
    /// The boards of the lines that parse, in input order.
    pub boards: Vec<Board>,
    /// The errors of the puzzles that do not (`line N[, column C]: …`), in input order.
    pub errors: Vec<String>,
}

/// Reads the puzzle file at `path` (`-`: stdin) by the batch rule: the corpus reader of
/// `deduku bench`, the criterion bench and the `solve_speed` example.
pub fn read_puzzles(path: &Path) -> Result<Puzzles, Failure> {
    Source::open(Some(path))?.puzzles()
}

fn read_failure(name: &str, e: &io::Error) -> Failure {
    Failure::Usage(format!("cannot read {name}: {e}"))
}

/// How many content lines a block may have and still be read as one multi-line puzzle: a
/// pencil-mark grid has 13, with comments and an elimination list a few more. A longer block
/// without a puzzle line is read line by line, so a huge file never sits in memory whole.
pub const MAX_GRID_LINES: usize = 40;

/// The batch rule's state between lines: the block being read and the puzzles found.
#[derive(Default)]
struct BlockReader {
    /// Raw lines read so far.
    line_no: usize,
    /// The lines of the current block (first line number, raw texts) while it may still be one
    /// multi-line puzzle.
    block: Vec<String>,
    block_start: usize,
    /// The current block holds a puzzle line: the rest of it is read line by line.
    line_mode: bool,
    /// Puzzles ready to hand out.
    ready: std::collections::VecDeque<Line>,
}

impl BlockReader {
    /// Takes the next raw line (number `self.line_no`).
    fn push(&mut self, raw: String) {
        if raw.trim().is_empty() {
            self.end_block();
            return;
        }
        if self.line_mode {
            self.ready.extend(Line::single(self.line_no, &raw));
            return;
        }
        if self.block.is_empty() {
            self.block_start = self.line_no;
        }
        let alone = Line::single(self.line_no, &raw).is_some_and(|l| parse_line(&l.text).is_ok());
        self.block.push(raw);
        let content = self.block.iter().filter(|l| is_content(l)).count();
        if alone || content > MAX_GRID_LINES {
            self.line_mode = true;
            self.flush_as_lines();
        }
    }

    /// The current block is over (a blank line or the end of the input).
    fn end_block(&mut self) {
        self.line_mode = false;
        let content: Vec<&String> = self.block.iter().filter(|l| is_content(l)).collect();
        if content.len() > 1 {
            let text = self.block.join("\n");
            let all_long = content.iter().all(|l| l.trim().chars().count() >= 81);
            if deduku::parse(&text).is_ok() || !all_long {
                self.ready.push_back(Line {
                    number: self.block_start,
                    lead: 0,
                    text,
                    multi_line: true,
                });
                self.block.clear();
                return;
            }
        }
        self.flush_as_lines();
    }

    /// Hands out the lines of the current block as one puzzle each.
    fn flush_as_lines(&mut self) {
        let start = self.block_start;
        for (i, raw) in self.block.drain(..).enumerate() {
            self.ready.extend(Line::single(start + i, &raw));
        }
    }
}

/// Whether a raw line holds something (not blank, not a `#` comment line).
fn is_content(raw: &str) -> bool {
    let t = raw.trim();
    !t.is_empty() && !t.starts_with('#')
}

/// One puzzle of a batch input: a line, or a block of lines holding one multi-line puzzle.
pub struct Line {
    /// 1-based line number in the input (of the block's first line for a multi-line puzzle).
    pub number: usize,
    /// Characters of leading whitespace trimmed off (for error columns).
    pub lead: usize,
    /// The trimmed line, or the block's lines as they are.
    pub text: String,
    /// Whether this is a block of lines read as one puzzle.
    pub multi_line: bool,
}

impl Line {
    /// The puzzle line numbered `number` whose raw text is `raw`, or `None` when it is blank
    /// or a comment line.
    fn single(number: usize, raw: &str) -> Option<Line> {
        if !is_content(raw) {
            return None;
        }
        let lead = raw.chars().take_while(|c| c.is_whitespace()).count();
        Some(Line { number, lead, text: raw.trim().to_string(), multi_line: false })
    }

    /// Parses the puzzle: a line by the line rule, a block whole. The error names the input
    /// line and, when the parser gave one, the column on it: `line 12, column 40: …` (the
    /// parser's own position is relative to the text it was given, which is one line, one
    /// token of it, or the block).
    pub fn parse(&self) -> Result<Board, String> {
        if self.multi_line {
            return deduku::parse(&self.text).map_err(|error| match (error.line, error.column) {
                (Some(l), Some(c)) => {
                    let prefix = format!("line {l}, column {c}: ");
                    let rest = error.message.strip_prefix(&prefix).unwrap_or(&error.message);
                    format!("line {}, column {c}: {rest}", self.number + l - 1)
                }
                _ => format!("lines {}-{}: {}", self.number, self.last_line(), error.message),
            });
        }
        parse_line(&self.text).map_err(|LineError { error, offset }| {
            let own_prefix = match (error.line, error.column) {
                (Some(l), Some(c)) => Some((format!("line {l}, column {c}: "), c)),
                _ => None,
            };
            match own_prefix {
                Some((prefix, c)) if error.message.starts_with(&prefix) => format!(
                    "line {}, column {}: {}",
                    self.number,
                    c + offset + self.lead,
                    &error.message[prefix.len()..]
                ),
                _ => format!("line {}: {}", self.number, error.message),
            }
        })
    }

    /// The number of the puzzle's last input line.
    fn last_line(&self) -> usize {
        self.number + self.text.matches('\n').count()
    }
}

/// A line that does not parse: the parser's error and how many characters of the line precede
/// the text that was parsed (a token after an identifier, say).
#[derive(Debug, PartialEq)]
pub struct LineError {
    /// The parser's error on the text it was given.
    pub error: ParseError,
    /// Characters of the line before that text.
    pub offset: usize,
}

/// Parses one batch line by the line rule (see the module documentation).
pub fn parse_line(line: &str) -> Result<Board, LineError> {
    let text = match line.find('#') {
        Some(i) => line[..i].trim_end(),
        None => line.trim_end(),
    };
    let whole_error = match deduku::parse(text) {
        Ok(board) => return Ok(board),
        Err(error) => error,
    };
    let tokens: Vec<&str> =
        text.split(|c: char| c.is_whitespace() || c == ':').filter(|t| !t.is_empty()).collect();
    if tokens.len() > 1 {
        if let Some(token) = tokens.iter().find(|t| t.chars().count() >= 81) {
            // `token` is a subslice of `text`, so the address difference is its byte offset.
            let byte = token.as_ptr() as usize - text.as_ptr() as usize;
            let offset = text[..byte].chars().count();
            let end = offset + token.chars().count();
            // When the whole line failed at a place after the token, the parser read the
            // puzzle and objects to what follows it (a bad elimination list): that error
            // stands, the trailing text is not silently dropped.
            let after_token =
                matches!(whole_error.column, Some(c) if whole_error.line == Some(1) && c > end);
            return match deduku::parse(token) {
                Ok(board) if !after_token => Ok(board),
                Ok(_) => Err(LineError { error: whole_error, offset: 0 }),
                Err(error) => Err(LineError { error, offset }),
            };
        }
    }
    Err(LineError { error: whole_error, offset: 0 })
}

/// Parses a whole text as one puzzle (multi-line grids included). When that fails and the text
/// holds a single puzzle line (comments and blank lines aside), the line rule is tried on it, so
/// a line copied from a corpus file works too; the first error is reported otherwise.
pub fn parse_single(text: &str) -> Result<Board, ParseError> {
    let whole = deduku::parse(text);
    if whole.is_ok() {
        return whole;
    }
    let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#'));
    if let (Some(line), None) = (lines.next(), lines.next()) {
        if let Ok(b) = parse_line(line) {
            return Ok(b);
        }
    }
    whole
}

/// Resolves the puzzle argument of `explain` and `steps`: a puzzle string when it parses as one,
/// else a file path (`-` or none: stdin) whose whole text is one puzzle.
pub fn single_puzzle(arg: Option<&str>) -> Result<Board, Failure> {
    let (name, text) = match arg {
        None | Some("-") => ("stdin".to_string(), Source::open(None)?.read_all()?),
        Some(a) => {
            let as_puzzle = parse_single(a);
            if let Ok(b) = as_puzzle {
                return Ok(b);
            }
            let path = Path::new(a);
            if !path.exists() {
                let why = as_puzzle.err().map(|e| e.message).unwrap_or_default();
                return Err(Failure::Usage(format!(
                    "`{}` is neither a puzzle ({why}) nor an existing file",
                    shorten(a)
                )));
            }
            (path.display().to_string(), Source::open(Some(path))?.read_all()?)
        }
    };
    parse_single(&text).map_err(|e| Failure::Usage(format!("{name} is not a puzzle: {e}")))
}

/// A long argument cut for an error message.
fn shorten(s: &str) -> String {
    if s.chars().count() > 100 {
        format!("{}…", s.chars().take(100).collect::<String>())
    } else {
        s.to_string()
    }
}

/// How many puzzles a batch works on at a time: enough to keep every core busy, few enough
/// that a huge file never sits in memory whole. Debug builds use small chunks so that the tests
/// cross chunk boundaries without solving thousands of puzzles unoptimized.
const CHUNK: usize = if cfg!(debug_assertions) { 256 } else { 8192 };

/// Runs `work` on every puzzle of `source` (by the batch rule) on all cores and writes its
/// results to stdout in input order, each followed by a newline, chunk by chunk (buffered).
pub fn run_batch<F>(mut source: Source, work: F) -> Result<(), Failure>
where
    F: Fn(&Line) -> String + Sync,
{
    let stdout = io::stdout();
    let mut out = io::BufWriter::with_capacity(1 << 16, stdout.lock());
    let mut reader = BlockReader::default();
    let mut chunk = Vec::with_capacity(CHUNK);
    loop {
        chunk.clear();
        while chunk.len() < CHUNK {
            match source.next_puzzle(&mut reader)? {
                Some(l) => chunk.push(l),
                None => break,
            }
        }
        if chunk.is_empty() {
            break;
        }
        let results: Vec<String> = chunk.par_iter().map(&work).collect();
        for r in &results {
            out.write_all(r.as_bytes())?;
            out.write_all(b"\n")?;
        }
        if chunk.len() < CHUNK {
            break;
        }
    }
    out.flush()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const PUZZLE: &str =
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

    #[test]
    fn line_rule_takes_the_puzzle_token() {
        let want = deduku::parse(PUZZLE).unwrap();
        for line in [
            PUZZLE.to_string(),
            format!("{PUZZLE}  # a comment"),
            format!("{PUZZLE}:1:{}", "1".repeat(81)),
            format!("abc123 {PUZZLE} 7.2"),
        ] {
            assert_eq!(parse_line(&line).ok().as_ref(), Some(&want), "{line}");
        }
        assert!(parse_line("abc def").is_err());
        // Trailing text the parser itself rejects after the puzzle is not dropped silently.
        let bad_tail = format!("{PUZZLE} r2c4<>2x");
        if let Err(e) = deduku::parse(&bad_tail) {
            if e.column.is_some_and(|c| c > 81) {
                assert!(parse_line(&bad_tail).is_err(), "{e}");
            }
        }
        assert!(parse_line(&PUZZLE[1..]).is_err());
    }

    #[test]
    fn errors_name_the_input_line_and_column() {
        // The second cell repeats the first digit: a duplicate in row 1.
        let bad = format!("id {}{}", &PUZZLE[..1], &PUZZLE[..80]);
        let line = Line {
            number: 7,
            lead: 2,
            text: format!("{bad}:1:{}", "1".repeat(81)),
            multi_line: false,
        };
        let err = line.parse().unwrap_err();
        assert!(err.starts_with("line 7"), "{err}");
        let direct = parse_line(&line.text).unwrap_err();
        if let Some(c) = direct.error.column {
            assert!(
                err.starts_with(&format!("line 7, column {}: ", c + direct.offset + 2)),
                "{err}"
            );
        }
    }

    #[test]
    fn single_puzzle_text_accepts_one_corpus_line() {
        let want = deduku::parse(PUZZLE).unwrap();
        let text = format!("# header\n\n{PUZZLE}:1:x\n");
        assert_eq!(parse_single(&text), Ok(want));
        assert!(parse_single(&format!("{PUZZLE}\n{PUZZLE}x\n")).is_err());
    }

    /// The puzzles the batch rule finds in `text`: (line number, multi-line, parse result).
    fn batch(text: &str) -> Vec<(usize, bool, Result<Board, String>)> {
        let mut source = Source {
            name: "test".to_string(),
            reader: Box::new(io::Cursor::new(text.as_bytes().to_vec())),
        };
        let mut reader = BlockReader::default();
        let mut out = Vec::new();
        while let Some(l) = source.next_puzzle(&mut reader).unwrap() {
            out.push((l.number, l.multi_line, l.parse()));
        }
        out
    }

    fn rows(puzzle: &str) -> String {
        puzzle
            .as_bytes()
            .chunks(9)
            .map(|r| format!("{}\n", std::str::from_utf8(r).unwrap()))
            .collect()
    }

    #[test]
    fn a_multi_line_grid_is_one_puzzle_and_blank_lines_separate_grids() {
        let want = deduku::parse(PUZZLE).unwrap();
        let grid = rows(PUZZLE);
        let found = batch(&format!("#A author\n{grid}"));
        assert_eq!(found, vec![(1, true, Ok(want.clone()))]);
        let found = batch(&format!("\n{grid}\n\n{grid}\n{PUZZLE}\n{PUZZLE}\n"));
        let lines: Vec<(usize, bool)> = found.iter().map(|(n, m, _)| (*n, *m)).collect();
        assert_eq!(lines, vec![(2, true), (13, true), (23, false), (24, false)]);
        assert!(found.iter().all(|(_, _, r)| r.as_ref() == Ok(&want)));
    }

    #[test]
    fn line_files_stay_one_puzzle_per_line() {
        let bad = format!("{}x", &PUZZLE[..80]).replace('.', "z");
        let found = batch(&format!("{bad}\n{PUZZLE}\n\n{PUZZLE}:1:x\n{bad}\n"));
        let lines: Vec<(usize, bool, bool)> =
            found.iter().map(|(n, m, r)| (*n, *m, r.is_ok())).collect();
        assert_eq!(
            lines,
            vec![(1, false, false), (2, false, true), (4, false, true), (5, false, false)]
        );
        // A block of bad long lines gives one error per line.
        let found = batch(&format!("{bad}\n{bad}\n"));
        assert_eq!(found.len(), 2);
        assert!(found[1].2.as_ref().unwrap_err().starts_with("line 2, column 2: "), "{found:?}");
    }

    #[test]
    fn a_broken_grid_gives_one_error_at_its_place_in_the_file() {
        let grid = rows(PUZZLE).replacen("6..8", "6?.8", 1);
        let found = batch(&format!("# header\n\n{grid}"));
        assert_eq!(found.len(), 1);
        let (number, multi, result) = &found[0];
        assert_eq!((*number, *multi), (3, true));
        let e = result.as_ref().unwrap_err();
        assert!(e.starts_with("line 4, column 5: unknown character '?'"), "{e}");
        let short: String = rows(PUZZLE).lines().take(8).map(|l| format!("{l}\n")).collect();
        let e = batch(&short).remove(0).2.unwrap_err();
        assert!(e.starts_with("lines 1-8: expected 81 cells, found 72"), "{e}");
    }
}
