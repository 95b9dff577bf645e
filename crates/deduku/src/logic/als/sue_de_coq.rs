//! Sue de Coq, in the basic and the extended form (HoDoKu's).
//!
//! Take two or three empty cells `I` where a box meets a line, with candidates `V` and
//! `|V| ≥ |I| + 2`. Add cells `L` of the line outside the box and cells `B` of the box outside
//! the line, with candidates `VL` and `VB` that share no digit, such that the `N` cells of
//! `I ∪ L ∪ B` hold exactly `N` digits together. Every digit can then be used at most once in
//! these cells (a digit of `VL` only in the line, one of `VB` only in the box, one of `V` alone
//! only in `I`), so each is used exactly once: the digits of `VL` and those of `V` outside `VB`
//! leave the rest of the line; the digits of `VB` and those of `V` outside `VL` leave the rest
//! of the box. In the basic form `VL` and `VB` lie within `V`; the extended form lets them
//! bring extra digits.

use crate::board::Board;
use crate::grid::{Candidate, Cell, CellSet, DigitSet, House};
use crate::logic::step::fmt_cells_compact;
use crate::logic::{Detail, Part as DetailPart, Sink, Step, Technique, nothing};
use std::ops::ControlFlow;

/// A subset of cells with its candidates.
#[derive(Clone, Copy)]
struct Part {
    cells: CellSet,
    digits: DigitSet,
}

/// Every non-empty subset of `cells` (at most 6 here) whose digits are not locked by
/// themselves (more digits than cells).
fn parts(board: &Board, cells: &[Cell]) -> Vec<Part> {
    let mut out = Vec::new();
    for mask in 1usize..(1 << cells.len()) {
        let mut p = Part { cells: CellSet::EMPTY, digits: DigitSet::EMPTY };
        for (k, &c) in cells.iter().enumerate() {
            if mask & (1 << k) != 0 {
                p.cells.insert(c);
                p.digits = p.digits.union(board.candidates(c));
            }
        }
        if p.digits.len() > p.cells.len() {
            out.push(p);
        }
    }
    out
}

/// Finds Sue de Coq patterns. What a box and a line crossing it give depends on those two
/// houses' candidates alone: a pair searched in vain before, with the same candidates, is
/// skipped (`nothing.rs`).
pub(crate) fn sue_de_coq(board: &Board, sink: &mut Sink) -> ControlFlow<()> {
    for part in 0..nothing::BOX_AND_LINE_PARTS {
        nothing::per_box_and_line(board, Technique::SueDeCoq, part, sink, |sink| {
            let (boxx, line) = nothing::box_and_line(part);
            box_and_line(board, boxx, line, sink)
        })?;
    }
    ControlFlow::Continue(())
}

/// The Sue de Coq patterns of box `boxx` and `line`, which crosses it.
fn box_and_line(board: &Board, boxx: House, line: House, sink: &mut Sink) -> ControlFlow<()> {
    let empty = |c: &Cell| board.value(*c).is_none();
    let meet: Vec<Cell> =
        line.cells().into_iter().filter(|c| empty(c) && boxx.cell_set().contains(*c)).collect();
    if meet.len() < 2 {
        return ControlFlow::Continue(());
    }
    let line_rest: Vec<Cell> =
        line.cells().into_iter().filter(|c| empty(c) && !boxx.cell_set().contains(*c)).collect();
    let box_rest: Vec<Cell> =
        boxx.cells().into_iter().filter(|c| empty(c) && !line.cell_set().contains(*c)).collect();
    let lparts = parts(board, &line_rest);
    let bparts = parts(board, &box_rest);
    for mask in 1usize..(1 << meet.len()) {
        if mask.count_ones() < 2 {
            continue;
        }
        let mut inter = Part { cells: CellSet::EMPTY, digits: DigitSet::EMPTY };
        for (k, &c) in meet.iter().enumerate() {
            if mask & (1 << k) != 0 {
                inter.cells.insert(c);
                inter.digits = inter.digits.union(board.candidates(c));
            }
        }
        if inter.digits.len() < inter.cells.len() + 2 {
            continue;
        }
        // Each part must share a digit with the intersection.
        let meets = |p: &&Part| !p.digits.intersection(inter.digits).is_empty();
        for l in lparts.iter().filter(meets) {
            let il = inter.digits.union(l.digits);
            let n_il = inter.cells.len() + l.cells.len();
            // The box part adds at least as many cells as digits it brings.
            if il.len() > n_il + box_rest.len() as u32 {
                continue;
            }
            for bp in bparts.iter().filter(meets) {
                if !l.digits.intersection(bp.digits).is_empty() {
                    continue;
                }
                let all = il.union(bp.digits);
                if all.len() != n_il + bp.cells.len() {
                    continue;
                }
                report(board, line, boxx, inter, *l, *bp, sink)?;
            }
        }
    }
    ControlFlow::Continue(())
}

fn report(
    board: &Board,
    line: House,
    boxx: House,
    inter: Part,
    l: Part,
    b: Part,
    sink: &mut Sink,
) -> ControlFlow<()> {
    let line_digits = l.digits.union(inter.digits.minus(b.digits));
    let box_digits = b.digits.union(inter.digits.minus(l.digits));
    let line_others = line.cell_set().minus(inter.cells).minus(l.cells);
    let box_others = boxx.cell_set().minus(inter.cells).minus(b.cells);
    let mut step = Step::new(Technique::SueDeCoq);
    for (cells, digits) in [(line_others, line_digits), (box_others, box_digits)] {
        for d in digits.iter() {
            for c in cells.intersection(board.digit_cells(d)).iter() {
                step.eliminations.push(Candidate::new(c, d));
            }
        }
    }
    if step.eliminations.is_empty() {
        return ControlFlow::Continue(());
    }
    for (part, primary) in [(inter, true), (l, false), (b, false)] {
        for c in part.cells.iter() {
            step.highlight.cells.push(c);
            for d in board.candidates(c).iter() {
                let k = Candidate::new(c, d);
                if primary {
                    step.highlight.candidates.push(k);
                } else {
                    step.highlight.alternate.push(k);
                }
            }
        }
    }
    step.highlight.houses = vec![line, boxx];
    step.detail = Detail::Parts(vec![
        DetailPart { cells: inter.cells, digits: inter.digits, house: line },
        DetailPart { cells: l.cells, digits: l.digits, house: line },
        DetailPart { cells: b.cells, digits: b.digits, house: boxx },
    ]);
    step.length = (inter.cells.len() + l.cells.len() + b.cells.len()) as u16;
    let pattern = format!(
        "{} - {{{}}} ({} - {{{}}}, {} - {{{}}})",
        fmt_cells_compact(inter.cells),
        inter.digits,
        fmt_cells_compact(l.cells),
        l.digits,
        fmt_cells_compact(b.cells),
        b.digits
    );
    sink.push(step.with_text(pattern))
}

#[cfg(test)]
mod tests {
    use crate::logic::Technique;
    use crate::test_support::{cands, reglib_board, reglib_line, steps};

    #[test]
    fn basic_sue_de_coq() {
        // HoDoKu regression library 1.4, line 1491 (1101).
        let line = ":1101:234589:+3+24+8+6+1+59765+7+9+4+3+82191+8+5+273+642.1+43....5.32.6...+4..+7.....+1..6.....+8..1746..7..+39..1.::277 378 477 478 578 849 869 949 969::";
        let b = reglib_board(line);
        let s = steps(&b, Technique::SueDeCoq);
        let want = cands("277 378 477 478 578 849 869 949 969");
        let all: Vec<_> = s.iter().flat_map(|s| s.eliminations.clone()).collect();
        assert!(
            want.iter().all(|k| all.contains(k)),
            "{:?}",
            s.iter().map(|s| &s.text).collect::<Vec<_>>()
        );
        assert!(s.iter().all(|s| s.text.starts_with("Sue de Coq: r")));
    }

    #[test]
    fn no_sue_de_coq_where_none_exists() {
        // HoDoKu regression library 1.4, line 1406 (an ALS-XZ case): no Sue de Coq there.
        assert!(steps(&reglib_line(1406), Technique::SueDeCoq).is_empty());
    }
}
