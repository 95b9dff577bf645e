//! Writing boards as text. Every writer's output parses back with [`super::parse`].

use crate::board::{Board, Origin};
use crate::grid::{Cell, DigitSet};

/// The 81-character line, `.` for empty (a `+` marks placed digits only in
/// [`to_line_with_placed`]). Keeps the values; every digit reads back as a given.
pub fn to_line(board: &Board) -> String {
    board.values().iter().map(|&v| value_char(v)).collect()
}

/// The 81 values as digits with `0` for empty (a solution prints as 81 digits).
pub fn to_digits(values: &[u8; 81]) -> String {
    values.iter().map(|&v| (b'0' + v.min(9)) as char).collect()
}

/// The 81-character line with a `+` before every placed (not given) digit (HoDoKu's
/// convention). Keeps values and origins.
pub fn to_line_with_placed(board: &Board) -> String {
    let mut out = String::with_capacity(100);
    for c in Cell::all() {
        if board.origin(c) == Origin::Placed {
            out.push('+');
        }
        out.push(value_char(board.values()[c.index()]));
    }
    out
}

/// The eliminations that take the candidates the digits allow down to the board's candidates,
/// one item per cell (`r1c2<>45 r3c7<>1`), empty when there are none.
/// `to_line_with_placed(b) + " " + to_eliminations(b)` reads back as exactly `b`.
pub fn to_eliminations(board: &Board) -> String {
    let base = Board::from_parts(board.values(), board.origins());
    let items: Vec<String> = Cell::all()
        .filter_map(|c| {
            let gone = base.candidates(c).minus(board.candidates(c));
            (!gone.is_empty()).then(|| format!("{c}<>{gone}"))
        })
        .collect();
    items.join(" ")
}

/// A pretty 9×9 grid with box separators, `.` for empty; lines end with `\n` except the last.
///
/// ```text
/// 5 3 . | . 7 . | . . .
/// 6 . . | 1 9 5 | . . .
/// . 9 8 | . . . | . 6 .
/// ------+-------+------
/// ```
///
/// Keeps the values; every digit reads back as a given.
pub fn to_grid(board: &Board) -> String {
    let rows: Vec<String> = (0..9)
        .map(|r| {
            let cell = |c: usize| value_char(board.values()[r * 9 + c]).to_string();
            let boxes: Vec<String> = (0..3)
                .map(|b| (0..3).map(|i| cell(3 * b + i)).collect::<Vec<_>>().join(" "))
                .collect();
            boxes.join(" | ")
        })
        .collect();
    join_bands(&rows, "------+-------+------")
}

/// A pencil-mark grid as HoDoKu prints it: every cell's candidates (or its digit), columns
/// aligned, boxes bordered with `.---.`, `:---+---:` and `'---'`. A given is its digit, a
/// placed digit has a `+` before it (`+5`), and an empty cell with a single candidate is
/// written with an empty mark before it (`.5`) so that it stays empty.
///
/// Keeps values, origins and candidates: `parse(&to_pencilmarks(b))` is `b` for every board
/// whose candidates are allowed by its digits (any board read by [`super::parse`] or reached
/// by steps). An empty cell with no candidate prints as `0` and reads back as an error.
pub fn to_pencilmarks(board: &Board) -> String {
    let text: Vec<String> = Cell::all()
        .map(|c| match (board.value(c), board.candidates(c)) {
            (Some(d), _) if board.origin(c) == Origin::Placed => format!("+{d}"),
            (Some(d), _) => d.to_string(),
            (None, set) if set.is_empty() => "0".to_string(),
            (None, set) if set.len() == 1 => format!(".{set}"),
            (None, set) => set.to_string(),
        })
        .collect();
    let widths: Vec<usize> =
        (0..9).map(|c| (0..9).map(|r| text[r * 9 + c].len()).max().unwrap_or(1)).collect();
    let rows: Vec<String> = (0..9)
        .map(|r| {
            let boxes: Vec<String> = (0..3)
                .map(|b| {
                    let cells: Vec<String> = (3 * b..3 * b + 3)
                        .map(|c| format!("{:<w$}", text[r * 9 + c], w = widths[c]))
                        .collect();
                    format!(" {} ", cells.join("  "))
                })
                .collect();
            format!("|{}|", boxes.join("|"))
        })
        .collect();
    let dashes: Vec<String> =
        (0..3).map(|b| "-".repeat(widths[3 * b..3 * b + 3].iter().sum::<usize>() + 6)).collect();
    let border = |ends: char, mid: char| format!("{ends}{}{ends}", dashes.join(&mid.to_string()));
    let mut lines = vec![border('.', '.')];
    lines.push(join_bands(&rows, &border(':', '+')));
    lines.push(border('\'', '\''));
    lines.join("\n")
}

/// The 729-character candidate string: for every cell nine characters, the digit where it is
/// a candidate and `.` where not; a filled cell shows only its own digit. Keeps values and
/// candidates, except that the format cannot tell an empty cell with a single candidate from a
/// solved cell: such a cell reads back as a given (and its digit leaves its peers). Digits
/// read back as givens.
pub fn to_candidate_string(board: &Board) -> String {
    let mut out = String::with_capacity(729);
    for c in Cell::all() {
        let set = match board.value(c) {
            Some(d) => DigitSet::single(d),
            None => board.candidates(c),
        };
        for d in crate::grid::Digit::all() {
            out.push(if set.contains(d) { (b'0' + d.get()) as char } else { '.' });
        }
    }
    out
}

/// SudokuWiki's 162-character board string (the `bd=` of its solver links): per cell two
/// base-32 characters holding the digit or the candidates and a given flag. Keeps values,
/// origins and candidates, except that an empty cell with a single candidate reads back as a
/// placed digit (the format has no other way to write it).
pub fn to_sudokuwiki(board: &Board) -> String {
    super::wiki::pack(board.values(), board.origins(), board.all_candidates())
}

/// The character for a value: its digit, `.` for empty.
fn value_char(v: u8) -> char {
    if (1..=9).contains(&v) { (b'0' + v) as char } else { '.' }
}

/// Nine rows joined with `\n`, with `separator` between the bands of three.
fn join_bands(rows: &[String], separator: &str) -> String {
    let bands: Vec<String> = rows.chunks(3).map(|band| band.join("\n")).collect();
    bands.join(&format!("\n{separator}\n"))
}
