//! `deduku print [--pm] [--house r3|c5|b2] [--cell r3c5] [PUZZLE|FILE]`: a puzzle as a grid,
//! as a pencil-mark grid, or one house or cell with its allowed values.

use crate::input::{Failure, single_puzzle};
use deduku::format::{to_grid, to_pencilmarks};
use deduku::{Board, Cell, House, Origin};
use std::io::{self, Write};

/// Arguments of `print`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Print the pencil-mark grid (every empty cell's candidates; `+5` a placed digit, `.5` an
    /// empty cell with the single candidate 5) instead of the plain grid.
    #[arg(long, conflicts_with_all = ["house", "cell"])]
    pub pm: bool,
    /// Print one house instead: `r3` (row 3), `c5` (column 5) or `b2` (box 2, numbered left to
    /// right, top to bottom), its values, and each empty cell's allowed values.
    #[arg(long, value_parser = parse_house, value_name = "HOUSE")]
    pub house: Option<House>,
    /// Print one cell's value or allowed values: `r3c5`.
    #[arg(long, value_parser = parse_cell, value_name = "CELL")]
    pub cell: Option<Cell>,
    /// A puzzle (any format), or a file holding one; stdin when absent or `-`.
    pub puzzle: Option<String>,
}

/// Runs `print`.
pub fn run(args: &Args) -> Result<(), Failure> {
    let board = single_puzzle(args.puzzle.as_deref())?;
    let mut text = Vec::new();
    if let Some(house) = args.house {
        text.push(house_text(&board, house));
    }
    if let Some(cell) = args.cell {
        text.push(cell_text(&board, cell));
    }
    if text.is_empty() {
        text.push(if args.pm { to_pencilmarks(&board) } else { to_grid(&board) });
    }
    let mut out = io::stdout().lock();
    writeln!(out, "{}", text.join("\n"))?;
    out.flush()?;
    Ok(())
}

/// `row 3: 5 3 . 1 …` then one line per cell: its value or allowed values.
fn house_text(board: &Board, house: House) -> String {
    let cells = house.cells();
    let values: Vec<String> =
        cells.iter().map(|&c| board.value(c).map_or(".".to_string(), |d| d.to_string())).collect();
    let mut lines = vec![format!("{house}: {}", values.join(" "))];
    lines.extend(cells.iter().map(|&c| cell_text(board, c)));
    lines.join("\n")
}

/// `r3c5: 7 (given)`, `r3c5: 7 (placed)` or `r3c5: allowed 1 2 6`.
fn cell_text(board: &Board, cell: Cell) -> String {
    match board.value(cell) {
        Some(d) => {
            let kind = if board.origin(cell) == Origin::Placed { "placed" } else { "given" };
            format!("{cell}: {d} ({kind})")
        }
        None => {
            let allowed: Vec<String> =
                board.candidates(cell).iter().map(|d| d.to_string()).collect();
            if allowed.is_empty() {
                format!("{cell}: allowed none")
            } else {
                format!("{cell}: allowed {}", allowed.join(" "))
            }
        }
    }
}

/// Parses `r3`, `c5` or `b2` (either case).
pub fn parse_house(s: &str) -> Result<House, String> {
    let t = s.trim().to_ascii_lowercase();
    let bad = || {
        format!("`{s}` is not a house: write r1-r9 for a row, c1-c9 for a column, b1-b9 for a box")
    };
    let (kind, n) = t.split_at_checked(1).ok_or_else(bad)?;
    let n = match n.parse::<usize>() {
        Ok(n @ 1..=9) => n - 1,
        _ => return Err(bad()),
    };
    match kind {
        "r" => Ok(House::row(n)),
        "c" => Ok(House::col(n)),
        "b" => Ok(House::boxx(n)),
        _ => Err(bad()),
    }
}

/// Parses `r3c5` (either case).
pub fn parse_cell(s: &str) -> Result<Cell, String> {
    let t = s.trim().to_ascii_lowercase();
    let b = t.as_bytes();
    match b {
        [b'r', r @ b'1'..=b'9', b'c', c @ b'1'..=b'9'] => {
            Ok(Cell::at(usize::from(r - b'1'), usize::from(c - b'1')))
        }
        _ => Err(format!("`{s}` is not a cell: write r<row>c<column>, as r3c5 (1-9 each)")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn house_and_cell_names() {
        assert_eq!(parse_house("r3"), Ok(House::row(2)));
        assert_eq!(parse_house("C5"), Ok(House::col(4)));
        assert_eq!(parse_house("b9"), Ok(House::boxx(8)));
        for bad in ["r0", "r10", "x3", "", "r", "row3", "é1"] {
            assert!(parse_house(bad).is_err(), "{bad}");
        }
        assert_eq!(parse_cell("r3c5"), Ok(Cell::at(2, 4)));
        assert_eq!(parse_cell("R9C1"), Ok(Cell::at(8, 0)));
        for bad in ["r0c1", "r3", "c5r3", "r3c10", "r3c5x"] {
            assert!(parse_cell(bad).is_err(), "{bad}");
        }
    }
}
