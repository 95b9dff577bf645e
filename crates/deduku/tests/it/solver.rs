//! The exact solver against known answers (copied data, see `tests/data/solver/SOURCES.md`),
//! properties of its results on generated puzzles, pencil-mark boards, and the big benchmark
//! corpora of `../shared/data` (ignored unless asked for: a fresh clone has no `../shared`).

use crate::support;
use deduku::solve::{Count, Outcome, count_solutions, count_values, solve};
use deduku::{Board, Cell, Digit, DigitSet, Origin};
use proptest::prelude::*;

fn data(name: &str) -> String {
    support::read_data(&format!("solver/{name}"))
}

/// 81 values from the first 81 characters of a line: `1`–`9` given, anything else empty.
fn line_values(line: &str) -> [u8; 81] {
    assert!(line.len() >= 81, "short puzzle line {line:?}");
    let mut v = [0u8; 81];
    for (x, b) in v.iter_mut().zip(line.bytes()) {
        *x = if (b'1'..=b'9').contains(&b) { b - b'0' } else { 0 };
    }
    v
}

/// 81 values from a text holding exactly 81 digits (0 = empty) among other characters, as in
/// the Code Dojo files (9 lines of 9 digits).
fn digit_values(text: &str) -> [u8; 81] {
    let digits: Vec<u8> = text.bytes().filter(u8::is_ascii_digit).map(|b| b - b'0').collect();
    assert_eq!(digits.len(), 81, "expected 81 digits");
    let mut v = [0u8; 81];
    v.copy_from_slice(&digits);
    v
}

/// Whether `g` is a complete valid grid.
fn is_valid_grid(g: &[u8; 81]) -> bool {
    (0..27).all(|h| {
        let mut seen = 0u16;
        for i in 0..9 {
            let cell = match h / 9 {
                0 => 9 * (h % 9) + i,
                1 => 9 * i + h % 9,
                _ => 27 * ((h % 9) / 3) + 3 * (h % 3) + 9 * (i / 3) + i % 3,
            };
            let v = g[cell];
            if !(1..=9).contains(&v) {
                return false;
            }
            seen |= 1 << v;
        }
        seen == 0x3fe
    })
}

fn agrees_with_givens(sol: &[u8; 81], givens: &[u8; 81]) -> bool {
    sol.iter().zip(givens).all(|(&s, &g)| g == 0 || s == g)
}

fn show(g: &[u8; 81]) -> String {
    g.iter().map(|&v| if v == 0 { '.' } else { char::from(b'0' + v) }).collect()
}

#[test]
fn count_cases_have_their_exact_counts() {
    let text = data("count-cases.txt");
    let mut checked = [0usize; 3];
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let mut parts = line.trim().split(':');
        let puzzle = line_values(parts.next().unwrap_or_default());
        let expected: usize = parts.next().and_then(|c| c.parse().ok()).expect("count field");
        let c = count_values(&puzzle, 1000);
        assert_eq!(c.count, expected, "count of {line}");
        assert_eq!(c.solutions.len(), expected, "solutions of {line}");
        for s in &c.solutions {
            assert!(is_valid_grid(s) && agrees_with_givens(s, &puzzle), "bad solution for {line}");
        }
        let mut distinct = c.solutions.clone();
        distinct.sort_unstable();
        distinct.dedup();
        assert_eq!(distinct.len(), expected, "repeated solutions for {line}");
        match expected {
            0 => {
                assert_eq!(solve(&Board::from_values(&puzzle)), Outcome::NoSolution);
                checked[0] += 1;
            }
            1 => {
                let want = line_values(parts.next().expect("solution field"));
                assert_eq!(c.solutions[0], want, "solution of {line}");
                assert_eq!(solve(&Board::from_values(&puzzle)), Outcome::Unique(want));
                checked[1] += 1;
            }
            _ => {
                assert!(
                    matches!(solve(&Board::from_values(&puzzle)), Outcome::Multiple(a, b) if a != b)
                );
                // A smaller limit stops there.
                assert_eq!(count_values(&puzzle, 2).count, 2);
                checked[2] += 1;
            }
        }
    }
    assert_eq!(checked, [10, 18, 15], "cases with 0, 1 and several solutions");
}

#[test]
fn lines_puzzles_solve_to_their_solutions() {
    for level in ["easy", "medium", "hard"] {
        let puzzles = data(&format!("lines-{level}.txt"));
        let solutions = data(&format!("lines-{level}-solutions.txt"));
        let puzzles: Vec<&str> = puzzles.lines().filter(|l| !l.trim().is_empty()).collect();
        let solutions: Vec<&str> = solutions.lines().filter(|l| !l.trim().is_empty()).collect();
        assert_eq!(puzzles.len(), solutions.len(), "{level}: puzzle and solution counts");
        assert!(!puzzles.is_empty());
        for (p, s) in puzzles.iter().zip(&solutions) {
            let puzzle = line_values(p);
            let want = line_values(s);
            assert_eq!(solve(&Board::from_values(&puzzle)), Outcome::Unique(want), "{level}: {p}");
            assert_eq!(count_values(&puzzle, 1).solutions, vec![want], "{level}: {p}");
        }
    }
}

#[test]
fn code_dojo_seeds_solve_uniquely() {
    for name in ["codedojo-easy.txt", "codedojo-medium.txt", "codedojo-challenge.txt"] {
        let puzzle = digit_values(&data(name));
        match solve(&Board::from_values(&puzzle)) {
            Outcome::Unique(s) => {
                assert!(
                    is_valid_grid(&s) && agrees_with_givens(&s, &puzzle),
                    "{name}: {}",
                    show(&s)
                );
            }
            other => panic!("{name}: {other:?}"),
        }
    }
}

#[test]
fn contradictory_inputs_have_no_solution() {
    // Two 5s in row 1, in column 1, in box 1; a cell whose row and column rule out every digit.
    let cases: [&[(usize, u8)]; 4] = [
        &[(0, 5), (8, 5)],
        &[(0, 5), (72, 5)],
        &[(0, 5), (20, 5)],
        &[(1, 1), (2, 2), (3, 3), (4, 4), (5, 5), (6, 6), (7, 7), (9, 8), (18, 9)],
    ];
    for givens in cases {
        let mut v = [0u8; 81];
        for &(i, d) in givens {
            v[i] = d;
        }
        assert_eq!(count_values(&v, 10).count, 0, "{}", show(&v));
        assert_eq!(solve(&Board::from_values(&v)), Outcome::NoSolution);
    }
    // Out-of-range values count as empty.
    let mut v = [0u8; 81];
    v[0] = 10;
    assert_eq!(count_values(&v, 2).count, 2);
    assert_eq!(count_values(&v, 0), Count::default());
}

/// The first unique puzzle of the count cases and its solution.
fn unique_case() -> ([u8; 81], [u8; 81]) {
    let text = data("count-cases.txt");
    let line = text.lines().find(|l| l.split(':').nth(1) == Some("1")).expect("a unique case");
    let mut parts = line.split(':');
    let puzzle = line_values(parts.next().unwrap_or_default());
    let solution = line_values(parts.nth(1).unwrap_or_default());
    (puzzle, solution)
}

#[test]
fn pencil_marks_are_respected() {
    let (puzzle, solution) = unique_case();
    let board = Board::from_values(&puzzle);
    assert_eq!(count_solutions(&board, 2).solutions, vec![solution]);
    let mut removed_true = 0;
    let mut removed_false = 0;
    for c in Cell::all().filter(|c| board.value(*c).is_none()) {
        let right = Digit::new(solution[c.index()]).expect("solution digit");
        // Removing the solution digit from any empty cell leaves nothing.
        let mut b = board.clone();
        assert!(b.eliminate(c, right));
        assert_eq!(count_solutions(&b, 2).count, 0, "without {right}{c}");
        removed_true += 1;
        // Removing every wrong candidate keeps the solution.
        let mut b = board.clone();
        for d in board.candidates(c).iter().filter(|&d| d != right) {
            b.eliminate(c, d);
            removed_false += 1;
        }
        assert_eq!(count_solutions(&b, 2).solutions, vec![solution], "keeping only {right}{c}");
    }
    assert!(removed_true > 40 && removed_false > 40);

    // Pencil marks can make an open puzzle unique: the empty grid restricted to one solution's
    // digits in 64 cells has exactly as many solutions as those 64 givens.
    let empty = [0u8; 81];
    let mut cands = [DigitSet::ALL; 81];
    let mut givens = [0u8; 81];
    for i in 0..64 {
        cands[i] = DigitSet::single(Digit::new(solution[i]).expect("digit"));
        givens[i] = solution[i];
    }
    let b = Board::from_candidates(&empty, &[Origin::Empty; 81], &cands);
    let by_marks = count_solutions(&b, 1000);
    let by_givens = count_values(&givens, 1000);
    assert_eq!(by_marks.count, by_givens.count);
    assert!(by_marks.solutions.contains(&solution));
}

/// A valid grid from the pattern `(3 * (r % 3) + r / 3 + c) % 9` with its digits, the rows
/// inside each band, the bands, the columns inside each stack and the stacks permuted.
fn grid_from(perms: &GridPerms) -> [u8; 81] {
    let mut g = [0u8; 81];
    for r in 0..9 {
        for c in 0..9 {
            let rr = 3 * perms.bands[r / 3] + perms.rows[r / 3][r % 3];
            let cc = 3 * perms.stacks[c / 3] + perms.cols[c / 3][c % 3];
            g[9 * r + c] = perms.digits[(3 * (rr % 3) + rr / 3 + cc) % 9];
        }
    }
    g
}

#[derive(Debug, Clone)]
struct GridPerms {
    digits: Vec<u8>,
    bands: Vec<usize>,
    rows: Vec<Vec<usize>>,
    stacks: Vec<usize>,
    cols: Vec<Vec<usize>>,
}

fn perm(n: usize) -> impl Strategy<Value = Vec<usize>> {
    Just((0..n).collect::<Vec<usize>>()).prop_shuffle()
}

fn grid_perms() -> impl Strategy<Value = GridPerms> {
    (
        Just((1..=9).collect::<Vec<u8>>()).prop_shuffle(),
        perm(3),
        prop::collection::vec(perm(3), 3),
        perm(3),
        prop::collection::vec(perm(3), 3),
    )
        .prop_map(|(digits, bands, rows, stacks, cols)| GridPerms {
            digits,
            bands,
            rows,
            stacks,
            cols,
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// A grid's own cells as givens: the grid is among the solutions, every solution is
    /// complete, valid, distinct and agrees with the givens, and the count respects the limit.
    #[test]
    fn solutions_of_a_grid_subset(
        perms in grid_perms(),
        keep in prop::collection::vec(any::<bool>(), 81),
        extra in 30usize..60,
        limit in 1usize..50,
    ) {
        let grid = grid_from(&perms);
        prop_assert!(is_valid_grid(&grid));
        let mut givens = [0u8; 81];
        let mut n = 0;
        for (i, &k) in keep.iter().enumerate() {
            if k && n < extra {
                givens[i] = grid[i];
                n += 1;
            }
        }
        for i in 0..81 {
            if n >= 30 {
                break;
            }
            if givens[i] == 0 {
                givens[i] = grid[i];
                n += 1;
            }
        }
        let all = count_values(&givens, 1000);
        prop_assert!(all.count <= 1000);
        prop_assert_eq!(all.count, all.solutions.len());
        if all.count < 1000 {
            prop_assert!(all.solutions.contains(&grid), "grid missing for {}", show(&givens));
        }
        let mut distinct = all.solutions.clone();
        distinct.sort_unstable();
        distinct.dedup();
        prop_assert_eq!(distinct.len(), all.count);
        for s in &all.solutions {
            prop_assert!(is_valid_grid(s) && agrees_with_givens(s, &givens));
        }
        let some = count_values(&givens, limit);
        prop_assert_eq!(some.count, all.count.min(limit));
        prop_assert_eq!(some.solutions.len(), some.count);
        prop_assert_eq!(count_solutions(&Board::from_values(&givens), limit).count, some.count);
    }

    /// Random eliminations on a board: every solution found keeps to the candidates left.
    #[test]
    fn solutions_keep_to_the_candidates(
        perms in grid_perms(),
        keep in prop::collection::vec(0u8..3, 81),
        cuts in prop::collection::vec((0usize..81, 1u8..=9), 0..60),
    ) {
        let grid = grid_from(&perms);
        let mut givens = [0u8; 81];
        for i in 0..81 {
            if keep[i] == 0 {
                givens[i] = grid[i];
            }
        }
        let mut board = Board::from_values(&givens);
        for &(i, d) in &cuts {
            board.eliminate(Cell::from_index(i), Digit::new(d).expect("digit"));
        }
        let c = count_solutions(&board, 20);
        prop_assert!(c.count <= 20);
        prop_assert_eq!(c.count, c.solutions.len());
        for s in &c.solutions {
            prop_assert!(is_valid_grid(s) && agrees_with_givens(s, &givens));
            for cell in Cell::all().filter(|&x| board.value(x).is_none()) {
                let d = Digit::new(s[cell.index()]).expect("digit");
                prop_assert!(board.has_candidate(cell, d), "{} uses removed {}{}", show(s), d, cell);
            }
        }
        // The uncut grid survives exactly when no cut hit it.
        let hit = cuts.iter().any(|&(i, d)| givens[i] == 0 && grid[i] == d);
        if !hit && c.count < 20 {
            prop_assert!(c.solutions.contains(&grid));
        }
        if hit {
            prop_assert!(!c.solutions.contains(&grid));
        }
    }
}

/// Every puzzle of the big corpora of `../shared/data` has exactly one solution and the solver
/// returns it: valid and agreeing with the givens. This is the check behind the `emit`
/// comparison with the reference solver (both print the unique solution of each line).
/// Run it with `--release`.
#[test]
#[ignore = "needs ../shared/data; scripts/test.sh runs it when present"]
fn shared_corpora_solve_uniquely() {
    for name in ["17-clue.txt", "top1465.txt"] {
        let text = support::read_shared(&format!("data/corpora/{name}"));
        let mut n = 0;
        for line in text.lines().filter(|l| !l.starts_with('#') && l.trim().len() >= 81) {
            let puzzle = line_values(line.trim());
            let c = count_values(&puzzle, 2);
            assert_eq!(c.count, 1, "{name}: {line}");
            let s = &c.solutions[0];
            assert!(is_valid_grid(s) && agrees_with_givens(s, &puzzle), "{name}: {line}");
            n += 1;
        }
        assert!(n >= 1465, "{name}: only {n} puzzles");
        println!("{name}: {n} puzzles solved uniquely");
    }
}
