//! Singles: full house, hidden single, naked single.

use crate::board::Board;
use crate::grid::{Candidate, Cell, Digit, House};
use crate::logic::{Sink, Step, Technique};
use std::ops::ControlFlow;

/// Finds singles of `technique` (one of this family's).
pub fn find(board: &Board, technique: Technique, sink: &mut Sink) -> ControlFlow<()> {
    match technique {
        Technique::FullHouse => full_house(board, sink),
        Technique::HiddenSingle => hidden_single(board, sink),
        Technique::NakedSingle => naked_single(board, sink),
        _ => ControlFlow::Continue(()),
    }
}

fn single_step(
    technique: Technique,
    cell: Cell,
    digit: Digit,
    house: Option<House>,
    why: String,
) -> Step {
    let mut s = Step::new(technique);
    s.placements.push(Candidate::new(cell, digit));
    s.highlight.cells.push(cell);
    s.highlight.candidates.push(Candidate::new(cell, digit));
    s.highlight.houses.extend(house);
    // The text names the reason instead of the generic `pattern => result` form.
    s.text = format!("{}: {}={} ({})", technique.name(), cell, digit, why);
    s
}

fn full_house(board: &Board, sink: &mut Sink) -> ControlFlow<()> {
    for h in House::all() {
        let empty: Vec<Cell> =
            h.cells().into_iter().filter(|&c| board.value(c).is_none()).collect();
        if let [cell] = empty[..] {
            if let Some(d) = board.candidates(cell).single_digit() {
                sink.push(single_step(
                    Technique::FullHouse,
                    cell,
                    d,
                    Some(h),
                    format!("the last empty cell of {h}"),
                ))?;
            }
        }
    }
    ControlFlow::Continue(())
}

fn hidden_single(board: &Board, sink: &mut Sink) -> ControlFlow<()> {
    // Boxes first: they are the easier ones to spot (SE 1.2 against 1.5).
    let order = (18..27).chain(0..18).map(House::from_index);
    for h in order {
        for d in Digit::all() {
            let cells = board.house_digit_cells(h, d);
            if cells.len() == 1 {
                let cell = cells.first().expect("one cell");
                if board.candidates(cell).len() > 1 {
                    sink.push(single_step(
                        Technique::HiddenSingle,
                        cell,
                        d,
                        Some(h),
                        format!("the only {d} in {h}"),
                    ))?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

fn naked_single(board: &Board, sink: &mut Sink) -> ControlFlow<()> {
    for cell in Cell::all() {
        if let Some(d) = board.candidates(cell).single_digit() {
            sink.push(single_step(
                Technique::NakedSingle,
                cell,
                d,
                None,
                format!("the only candidate left in {cell}"),
            ))?;
        }
    }
    ControlFlow::Continue(())
}
