//! Helpers for the unit tests (`#[cfg(test)]` only): positions from HoDoKu's regression library
//! (`tests/data/techniques/hodoku-reglib-1.4.txt`), candidate lists in the library's notation,
//! and the steps a technique finds. The integration tests have their own, in `tests/it/support.rs`.

use crate::board::{Board, Origin};
use crate::grid::{Candidate, Cell, Digit, DigitSet};
use crate::logic::{Context, Sink, Step, Technique, find, find_all};

/// The position of a HoDoKu regression-library line (`:code:digits:givens:deleted:…`,
/// `+` = placed), read by the format module, which knows these lines.
pub(crate) fn reglib_board(line: &str) -> Board {
    crate::format::parse(line).expect("a regression-library line")
}

/// A position from a library line's givens field (`+` = placed) and deleted candidates
/// (`dRC` triples), read as a library line.
pub(crate) fn givens_board(givens: &str, deleted: &str) -> Board {
    reglib_board(&format!(":0000:1:{givens}:{deleted}:::"))
}

/// The position of line `n` (1-based) of HoDoKu's regression library.
pub(crate) fn reglib_line(n: usize) -> Board {
    let text = include_str!("../tests/data/techniques/hodoku-reglib-1.4.txt");
    reglib_board(text.lines().nth(n - 1).expect("line exists"))
}

/// `"436 257"` → 4 in r3c6, 2 in r5c7 (digit, row, column as in the library), sorted.
pub(crate) fn cands(s: &str) -> Vec<Candidate> {
    let mut v: Vec<Candidate> = s
        .split_whitespace()
        .map(|t| {
            let b = t.as_bytes();
            Candidate::new(
                Cell::at((b[1] - b'1') as usize, (b[2] - b'1') as usize),
                Digit::new(b[0] - b'0').expect("digit"),
            )
        })
        .collect();
    v.sort();
    v
}

/// A position from 81 tokens: a digit is a given, `.` followed by digits an empty cell with
/// those candidates.
pub(crate) fn pm_board(s: &str) -> Board {
    let mut values = [0u8; 81];
    let mut origin = [Origin::Empty; 81];
    let mut sets = [DigitSet::EMPTY; 81];
    for (i, t) in s.split_whitespace().enumerate() {
        if let Some(ds) = t.strip_prefix('.') {
            sets[i] = ds.bytes().filter_map(|b| Digit::new(b - b'0')).collect();
        } else {
            values[i] = t.as_bytes()[0] - b'0';
            origin[i] = Origin::Given;
        }
    }
    Board::from_candidates(&values, &origin, &sets)
}

/// Every step of `t` on `board`, uniqueness allowed (the library's puzzles are unique).
pub(crate) fn steps(board: &Board, t: Technique) -> Vec<Step> {
    let mut sink = Sink::unlimited();
    let _ = find(board, t, &Context { unique: Some(true) }, &mut sink);
    sink.into_steps()
}

/// The texts of the steps of `t` whose changes read exactly `want` (`r1c3<>3` style, as
/// [`Step::result_text`] writes them).
pub(crate) fn texts_with(board: &Board, t: Technique, want: &str) -> Vec<String> {
    find_all(board, t).into_iter().filter(|s| s.result_text() == want).map(|s| s.text).collect()
}

/// Asserts that some step of `t` on the line's position makes exactly the line's changes and
/// returns it.
pub(crate) fn assert_exact(line: &str, t: Technique) -> Step {
    let f: Vec<&str> = line.split(':').collect();
    let (want_e, want_p) = (cands(f[5]), cands(f[6]));
    let all = steps(&reglib_board(line), t);
    all.iter().find(|s| s.eliminations == want_e && s.placements == want_p).cloned().unwrap_or_else(
        || {
            let texts: Vec<&str> = all.iter().map(|s| s.text.as_str()).collect();
            panic!("no step of {t:?} with {want_e:?} / {want_p:?}; found {texts:#?}")
        },
    )
}

/// Asserts that no step of `t` on the line's position that uses only the line's digits changes
/// anything outside the line's expected changes (the library's cases hold no other instance of
/// their technique for those digits).
pub(crate) fn assert_nothing_else(line: &str, t: Technique) {
    let f: Vec<&str> = line.split(':').collect();
    let (want_e, want_p) = (cands(f[5]), cands(f[6]));
    let digits: Vec<u8> = f[2].bytes().map(|b| b - b'0').collect();
    let uses_line_digits = |s: &Step| {
        digits.is_empty() || s.highlight.candidates.iter().all(|k| digits.contains(&k.digit.get()))
    };
    for s in steps(&reglib_board(line), t).into_iter().filter(uses_line_digits) {
        assert!(
            s.eliminations.iter().all(|e| want_e.contains(e))
                && s.placements.iter().all(|p| want_p.contains(p)),
            "unexpected step {}",
            s.text
        );
    }
}

/// [`path_positions`], every `n`th of them only: for checks too slow for all of them in the
/// tests' build.
pub(crate) fn every_nth_path_position(n: usize, mut check: impl FnMut(&Board)) {
    let mut seen = 0;
    path_positions(|b| {
        seen += 1;
        if seen % n == 0 {
            check(b);
        }
    });
}

/// Calls `check` with the positions along the default paths of every 100th top1465 puzzle,
/// each position followed by the one as far along the path of the puzzle before: a finder that
/// keeps what it found per digit meets, in order, positions that change few digits' cells and
/// positions where most digits' cells are other sets, often of the same size.
pub(crate) fn path_positions(mut check: impl FnMut(&Board)) {
    use crate::logic::{Options, next_step};
    let corpus = include_str!("../tests/data/corpora/top1465.txt");
    let puzzles = corpus.lines().filter(|l| l.len() >= 81 && !l.starts_with('#'));
    let mut before: Vec<Board> = Vec::new();
    for line in puzzles.step_by(100) {
        let mut b = crate::format::parse(line).expect("corpus puzzle");
        let mut path = Vec::new();
        while let Some(step) = next_step(&b, &Options::default()) {
            check(&b);
            if let Some(other) = before.get(path.len()) {
                check(other);
            }
            path.push(b.clone());
            step.apply(&mut b);
        }
        before = path;
    }
}
