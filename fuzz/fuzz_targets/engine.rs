//! Fuzzes the deduction engine on arbitrary candidate states, as the page's worker receives
//! them (a person's position with their own placements and removals): a real puzzle, then
//! placements and removals chosen by the input, then one technique. No state may panic, and
//! whenever the state still holds the puzzle's solution every step must be sound: no
//! elimination of the solution's digit, no placement of another digit.
//!
//! Input: byte 0 picks the puzzle, byte 1 the technique, then pairs (cell, action): action
//! 0–191 removes a candidate other than the solution's (`action % 9`), 192–223 places the
//! solution's digit, 224–239 removes any candidate (the state may lose its solution), 240–255
//! places any candidate digit.
#![no_main]

use deduku::logic::{Context, Sink, find};
use deduku::solve::count_solutions_keeping;
use deduku::{Cell, Digit, Technique, parse};
use libfuzzer_sys::fuzz_target;
use std::ops::ControlFlow;

/// Unique puzzles from easy to the forum's hardest (tests/data/corpora of the library).
const PUZZLES: [&str; 8] = [
    "...2..3..9.....8....1486.7..25.....73...4...91.....64..1.3574....3.....2..4..9...",
    "8.941....7....5..2..2..7.9.9..7......8.....1......6..5.6.2..4..5..9....1....482.3",
    "....5..1...1...4.3.....8..79..7.13.2....9....5.72.6..43..6.....1.8...9...7..8....",
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
    "4.3.....2...7.1...9...........5..18.2...3.....8..........94.....7....6...6.....5.",
    "....1.78.5....9..........4..2..........6....3.74.8.........3..2.8..4..1.6..5.....",
    ".....1.....7.2.....9.6.8..5..1..7....6.9....42.9.........8...59.8....4....6.3...8",
    "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3",
];

fuzz_target!(|data: &[u8]| {
    let [p, t, ops @ ..] = data else { return };
    let givens = parse(PUZZLES[usize::from(*p) % PUZZLES.len()]).expect("a puzzle");
    let solution = count_solutions_keeping(&givens, 2, 1).solutions[0];
    let sol = |c: Cell| solution[c.index()];
    let technique = Technique::ALL[usize::from(*t) % Technique::ALL.len()];
    let mut board = givens.clone();
    let mut holds = true;
    for op in ops.chunks_exact(2) {
        let c = Cell::from_index(usize::from(op[0]) % 81);
        if board.value(c).is_some() {
            continue;
        }
        let a = op[1];
        let any = Digit::from_index(usize::from(a) % 9);
        match a {
            0..=191 if any.get() != sol(c) => {
                board.eliminate(c, any);
            }
            192..=223 => board.place(c, Digit::new(sol(c)).expect("a digit")),
            224..=239 => {
                let removed = board.eliminate(c, any);
                holds &= !(removed && any.get() == sol(c));
            }
            240.. if board.has_candidate(c, any) => {
                holds &= any.get() == sol(c);
                board.place(c, any);
            }
            _ => {}
        }
    }
    let mut sink = Sink::unlimited();
    let ctx = Context { unique: Some(true) };
    let _: ControlFlow<()> = find(&board, technique, &ctx, &mut sink);
    if !holds {
        return;
    }
    for s in sink.into_steps() {
        for k in &s.placements {
            assert_eq!(k.digit.get(), sol(k.cell), "{technique:?} places a wrong digit: {}", s.text);
        }
        for k in &s.eliminations {
            assert_ne!(k.digit.get(), sol(k.cell), "{technique:?} removes the solution: {}", s.text);
        }
    }
});
