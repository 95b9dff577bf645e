//! Puzzle formats against real published files, round trips over random boards, and
//! arbitrary or mutated input (which must never panic).
//!
//! The data files are in `tests/data/formats/` (see `SOURCES.md` there).

use deduku::format::{
    ErrorKind, Format, parse_with_format, to_candidate_string, to_eliminations, to_grid, to_line,
    to_line_with_placed, to_pencilmarks, to_sudokuwiki,
};
use deduku::{Board, Cell, Conflict, Digit, DigitSet, HouseKind, Origin, parse, solve_path};
use proptest::prelude::*;

use crate::support;

fn data(name: &str) -> String {
    support::read_data(&format!("formats/{name}"))
}

// ---------------------------------------------------------------------------------------------
// Independent readers: the simplest possible reading of each seed file, to compare with.

/// Whitespace-separated integers, anything below 1 empty.
fn read_ints(text: &str) -> Vec<u8> {
    text.split_whitespace().map(|t| t.parse::<i32>().unwrap().clamp(0, 9) as u8).collect()
}

/// Rows of digit characters.
fn read_digit_rows(text: &str) -> Vec<u8> {
    text.chars().filter(char::is_ascii_digit).map(|c| c as u8 - b'0').collect()
}

/// `[d]` and `x`, spaces anywhere.
fn read_bracketed(text: &str) -> Vec<u8> {
    let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let mut out = Vec::new();
    let mut chars = compact.chars();
    while let Some(c) = chars.next() {
        match c {
            'x' => out.push(0),
            '[' => {
                out.push(chars.next().unwrap() as u8 - b'0');
                assert_eq!(chars.next(), Some(']'));
            }
            other => panic!("unexpected {other:?} in a bracketed file"),
        }
    }
    out
}

fn check_seed(name: &str, format: Format, read: fn(&str) -> Vec<u8>) -> Board {
    let text = data(name);
    let expected = read(&text);
    assert_eq!(expected.len(), 81, "{name}: the independent reader found {}", expected.len());
    let (board, found) = parse_with_format(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(found, format, "{name}");
    assert_eq!(board.values().as_slice(), expected.as_slice(), "{name}");
    for c in Cell::all() {
        let want = if expected[c.index()] == 0 { Origin::Empty } else { Origin::Given };
        assert_eq!(board.origin(c), want, "{name} {c}");
    }
    board
}

#[test]
fn seed_files_parse_to_the_puzzle_they_contain() {
    let blog = check_seed("blog-2007.txt", Format::Grid, read_ints);
    let en47 = check_seed("en47-style.txt", Format::Numbers, read_ints);
    assert_eq!(blog, en47, "blog-2007 and en47-style hold the same board");
    for name in ["codedojo-easy.txt", "codedojo-medium.txt", "codedojo-challenge.txt"] {
        check_seed(name, Format::Grid, read_digit_rows);
    }
    for name in ["davdata-two-decisions.txt", "davdata-very-hard.txt"] {
        check_seed(name, Format::Bracketed, read_bracketed);
    }
}

#[test]
fn specific_cells_of_the_seed_files() {
    // The cell of row r, column c is the c-th field of the r-th line of the file.
    let blog_text = data("blog-2007.txt");
    let blog = parse(&blog_text).unwrap();
    let row5: Vec<&str> = blog_text.lines().nth(4).unwrap().split_whitespace().collect();
    assert_eq!(blog.value(Cell::at(4, 3)).map(|d| d.to_string()).as_deref(), Some(row5[3]));
    assert_eq!(blog.value(Cell::at(4, 1)), None);
    assert_eq!(row5[1], "0");

    let hard_text = data("davdata-very-hard.txt");
    let hard = parse(&hard_text).unwrap();
    let row6 = hard_text.lines().nth(5).unwrap();
    assert!(row6.starts_with("x[ 1]"), "the stray-space variant is in the file");
    assert_eq!(hard.value(Cell::at(5, 1)), Digit::new(1));
    let row9 = hard_text.lines().nth(8).unwrap();
    assert!(row9.contains("x[ 7][1] x"));
    assert_eq!(hard.value(Cell::at(8, 6)), Digit::new(7));
    assert_eq!(hard.value(Cell::at(8, 7)), Digit::new(1));
}

/// Whether some empty cell sees all nine digits (computed without the library's candidates).
fn has_cell_without_candidate(values: &[u8]) -> bool {
    (0..81).any(|i| {
        let (r, c) = (i / 9, i % 9);
        values[i] == 0
            && (1..=9u8).all(|d| {
                (0..81).any(|j| {
                    let (r2, c2) = (j / 9, j % 9);
                    let peer = r2 == r || c2 == c || (r2 / 3 == r / 3 && c2 / 3 == c / 3);
                    peer && values[j] == d
                })
            })
    })
}

#[test]
fn invalid_lines_give_the_error_their_reason_names() {
    let text = data("lines-invalid.txt");
    let mut seen = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        seen += 1;
        let (puzzle, reason) = line.split_at(81);
        let reason = reason.trim();
        let result = parse(line);
        match reason.strip_suffix(" duplicate") {
            Some(house) => {
                let kind = match house {
                    "box" => HouseKind::Box,
                    "column" => HouseKind::Col,
                    "row" => HouseKind::Row,
                    other => panic!("unknown reason {other}"),
                };
                let e = result.expect_err(line);
                let ErrorKind::Conflict(Conflict::Duplicate { house, first, second, digit }) =
                    e.kind.clone()
                else {
                    panic!("{line}: {e:?}")
                };
                assert_eq!(house.kind(), kind, "{line}: {e}");
                for cell in [first, second] {
                    assert_eq!(&puzzle[cell.index()..=cell.index()], digit.to_string(), "{e}");
                }
                assert_eq!((e.line, e.column), (Some(1), Some(second.index() + 1)));
                assert!(e.message.contains(&format!("{first} and {second}")), "{e}");
            }
            None => {
                assert!(reason.starts_with("unsolvable"), "{line}");
                let values: Vec<u8> =
                    puzzle.chars().map(|c| c.to_digit(10).unwrap_or(0) as u8).collect();
                if has_cell_without_candidate(&values) {
                    let e = result.expect_err(line);
                    assert!(matches!(e.kind, ErrorKind::Conflict(Conflict::NoCandidate { .. })));
                } else {
                    let board = result.unwrap_or_else(|e| panic!("{line}: {e}"));
                    assert_eq!(board.values().as_slice(), values.as_slice());
                }
            }
        }
    }
    assert_eq!(seen, 7);
}

#[test]
fn unknown_characters_in_multi_line_input_are_placed_exactly() {
    let text = data("davdata-two-decisions.txt");
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    lines[3] = lines[3].replacen("[5]", "[5]?", 1);
    let bad = format!("# from davdata\n\n{}", lines.join("\n"));
    let e = parse(&bad).unwrap_err();
    let column = text.lines().nth(3).unwrap().find("[5]").unwrap() + 4;
    assert_eq!((e.line, e.column), (Some(6), Some(column)), "{e}");
    assert_eq!(e.kind, ErrorKind::UnknownChar { ch: '?' });

    let board = parse(&data("blog-2007.txt")).unwrap();
    let pm = to_pencilmarks(&board);
    let bad = pm
        .lines()
        .enumerate()
        .map(|(i, l)| if i == 6 { l.replacen('4', "4é", 1) } else { l.to_string() });
    let bad: Vec<String> = bad.collect();
    let e = parse(&bad.join("\n")).unwrap_err();
    let column = pm.lines().nth(6).unwrap().chars().position(|c| c == '4').unwrap() + 2;
    assert_eq!(
        (e.line, e.column, e.kind),
        (Some(7), Some(column), ErrorKind::UnknownChar { ch: 'é' })
    );
}

// ---------------------------------------------------------------------------------------------
// Random boards: a solution grid from the seed puzzle's solution pattern, relabelled and
// permuted, some cells given or placed, and eliminations that never remove the solution digit.

/// A valid solution grid: the standard pattern under a random digit relabelling and random
/// row and column permutations that keep bands and stacks.
fn solution_grid() -> impl Strategy<Value = [u8; 81]> {
    let perm3 = || Just(vec![0usize, 1, 2]).prop_shuffle();
    (
        Just((1..=9u8).collect::<Vec<_>>()).prop_shuffle(),
        perm3(),
        prop::collection::vec(perm3(), 3),
        perm3(),
        prop::collection::vec(perm3(), 3),
        any::<bool>(),
    )
        .prop_map(|(digits, bands, rows, stacks, cols, transpose)| {
            let mut g = [0u8; 81];
            for r in 0..9 {
                for c in 0..9 {
                    let rr = 3 * bands[r / 3] + rows[r / 3][r % 3];
                    let cc = 3 * stacks[c / 3] + cols[c / 3][c % 3];
                    let (rr, cc) = if transpose { (cc, rr) } else { (rr, cc) };
                    g[r * 9 + c] = digits[(rr * 3 + rr / 3 + cc) % 9];
                }
            }
            g
        })
}

/// A consistent board from a solution grid and random choices: cell `i` is given when
/// `fill[i]` is below `given`, placed when below `placed`, empty otherwise; then each `(cell,
/// digit)` of `elims` other than the solution's is eliminated, as long as more than
/// `min_left` candidates are left in the cell.
fn board_from(
    (solution, fill, elims): ([u8; 81], Vec<u8>, Vec<(usize, u8)>),
    given: u8,
    placed: u8,
    min_left: u32,
) -> Board {
    let mut b = Board::empty();
    for c in Cell::all() {
        let d = Digit::new(solution[c.index()]).unwrap();
        match fill[c.index()] {
            f if f < given => b.place_given(c, d),
            f if f < placed => b.place(c, d),
            _ => {}
        }
    }
    for (i, d) in elims {
        let c = Cell::from_index(i);
        if solution[i] != d && b.candidates(c).len() > min_left {
            b.eliminate(c, Digit::new(d).unwrap());
        }
    }
    b
}

/// A consistent board: random cells filled (given or placed) from a solution grid, random
/// eliminations of digits other than the solution's.
fn random_board() -> impl Strategy<Value = Board> {
    (
        solution_grid(),
        prop::collection::vec(0u8..10, 81),
        prop::collection::vec((0usize..81, 1u8..=9), 0..120),
    )
        .prop_map(|choices| board_from(choices, 2, 3, 0))
}

/// A sparse consistent board whose eliminations never leave an empty cell with one candidate,
/// so that pencil marks can keep it exactly (up to origins).
fn board_without_singles() -> impl Strategy<Value = Board> {
    (
        solution_grid(),
        prop::collection::vec(0u8..8, 81),
        prop::collection::vec((0usize..81, 1u8..=9), 0..200),
    )
        .prop_map(|choices| board_from(choices, 1, 1, 2))
}

/// What a candidate string of `b` reads back as: single-candidate cells solved, every digit a
/// given.
fn as_candidates_only(b: &Board) -> Board {
    let mut values = *b.values();
    for c in Cell::all() {
        if let Some(d) = b.candidates(c).single_digit() {
            values[c.index()] = d.get();
        }
    }
    let origins = values.map(|v| if v == 0 { Origin::Empty } else { Origin::Given });
    Board::from_candidates(&values, &origins, b.all_candidates())
}

fn parse_ok(text: &str) -> Board {
    parse(text).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn values_round_trip_through_line_and_grid(b in random_board()) {
        let givens = Board::from_values(b.values());
        prop_assert_eq!(parse_ok(&to_line(&b)), givens.clone());
        prop_assert_eq!(parse_ok(&to_grid(&b)), givens);
        let with_origins = Board::from_parts(b.values(), b.origins());
        prop_assert_eq!(parse_ok(&to_line_with_placed(&b)), with_origins);
    }

    #[test]
    fn everything_round_trips_through_line_with_placed_and_eliminations(b in random_board()) {
        let same_line = format!("{} {}", to_line_with_placed(&b), to_eliminations(&b));
        prop_assert_eq!(parse_ok(&same_line), b.clone());
        let grid_then_list = format!("{}\n{}\n", to_grid(&b), to_eliminations(&b));
        let back = parse_ok(&grid_then_list);
        prop_assert_eq!(back.all_candidates(), b.all_candidates());
        prop_assert_eq!(back.values(), b.values());
    }

    #[test]
    fn pencil_marks_keep_values_origins_and_candidates(b in random_board()) {
        let pm = to_pencilmarks(&b);
        let (back, format) = parse_with_format(&pm).unwrap_or_else(|e| panic!("{e}\n{pm}"));
        prop_assert_eq!(&back, &b, "{}", pm);
        prop_assert!(b.is_complete() || format == Format::PencilMarks);
    }

    #[test]
    fn candidates_round_trip_through_the_729_string(b in random_board()) {
        let text = to_candidate_string(&b);
        prop_assert_eq!(parse_ok(&text), as_candidates_only(&b), "{}", text);
    }

    #[test]
    fn sudokuwiki_strings_keep_origins_and_candidates(b in random_board()) {
        // Single-candidate cells come back placed, as in the 729 string.
        let mut want = b.clone();
        for c in Cell::all() {
            if let Some(d) = b.candidates(c).single_digit() {
                want.place(c, d);
            }
        }
        let text = to_sudokuwiki(&b);
        let (back, format) = parse_with_format(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        prop_assert_eq!((back, format), (want, Format::SudokuWiki), "{}", text);
    }

    #[test]
    fn pencil_marks_keep_boards_without_single_candidates_exactly(b in board_without_singles()) {
        prop_assume!(b.all_candidates().iter().all(|s| s.len() != 1));
        for text in [to_pencilmarks(&b), to_candidate_string(&b)] {
            let (back, format) = parse_with_format(&text).unwrap();
            prop_assert!(matches!(format, Format::PencilMarks | Format::Candidates));
            prop_assert_eq!(&back, &b, "{}", text);
        }
    }

    #[test]
    fn arbitrary_text_never_panics(text in "\\PC{0,400}") {
        check_no_panic(&text);
    }

    #[test]
    fn sudoku_like_text_never_panics(
        text in "[0-9.+\\-|:#\\[\\] x\\n\\r\\t<>rRcC,*_='é]{0,900}"
    ) {
        check_no_panic(&text);
    }

    #[test]
    fn mutated_valid_texts_never_panic(
        b in random_board(),
        which in 0usize..7,
        edits in prop::collection::vec((any::<prop::sample::Index>(), 0u8..3, edit_char()), 1..6),
    ) {
        let mut chars: Vec<char> = match which {
            0 => to_line_with_placed(&b),
            1 => to_grid(&b),
            2 => to_pencilmarks(&b),
            3 => to_candidate_string(&b),
            4 => format!("{} {}", to_line(&b), to_eliminations(&b)),
            5 => format!("https://www.sudokuwiki.org/sudoku.htm?bd={}", to_sudokuwiki(&b)),
            _ => data("davdata-very-hard.txt"),
        }
        .chars()
        .collect();
        for (at, op, ch) in edits {
            let i = at.index(chars.len() + 1);
            match op {
                0 if i < chars.len() => { chars.remove(i); }
                1 if i < chars.len() => chars[i] = ch,
                _ => chars.insert(i, ch),
            }
        }
        check_no_panic(&chars.into_iter().collect::<String>());
    }
}

/// A character for a mutation: mostly ones that mean something in a puzzle text.
fn edit_char() -> impl Strategy<Value = char> {
    let meaningful: Vec<char> = "0123456789.+-|:#[]x \n<>rc,*_='".chars().collect();
    prop_oneof![3 => prop::sample::select(meaningful), 1 => any::<char>()]
}

/// Parses `text`; an error must point inside the text, a board must be consistent and must
/// read back from its own line.
fn check_no_panic(text: &str) {
    match parse(text) {
        Ok(board) => {
            match board.check() {
                Ok(()) | Err(Conflict::NoPlace { .. }) => {}
                Err(c) => panic!("parse accepted a contradictory board ({c}): {text:?}"),
            }
            for c in Cell::all() {
                assert!(board.value(c).is_none() || board.candidates(c) == DigitSet::EMPTY);
            }
            for out in [to_line_with_placed(&board), to_grid(&board)] {
                let back = parse(&out).expect("own line and grid read back");
                assert_eq!(back.values(), board.values());
            }
            let pm = to_pencilmarks(&board);
            assert_eq!(parse(&pm).as_ref(), Ok(&board), "pencil marks keep everything:\n{pm}");
            // The 729 string and SudokuWiki's solve single-candidate cells, which may then
            // clash in a house.
            for out in [to_candidate_string(&board), to_sudokuwiki(&board)] {
                match parse(&out) {
                    Ok(back) => {
                        let kept = board.values().iter().zip(back.values());
                        assert!(kept.into_iter().all(|(&a, &b)| a == 0 || a == b), "{out}");
                    }
                    Err(e) => assert!(matches!(e.kind, ErrorKind::Conflict(_)), "{e}\n{out}"),
                }
            }
        }
        Err(e) => {
            assert!(!e.message.is_empty());
            if let (Some(line), Some(column)) = (e.line, e.column) {
                let lines: Vec<&str> = text.split('\n').collect();
                assert!(line >= 1 && line <= lines.len(), "line {line} of {text:?}");
                assert!(column >= 1 && column <= lines[line - 1].chars().count() + 1, "{e}");
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Positions people reach: top1465 puzzles stopped part of the way along their solve path.

/// The puzzle at `index` (mod the corpus size) after `fraction` (0–1) of its path's steps.
fn midway(index: usize, fraction: f64) -> Board {
    let puzzles = support::corpus("corpora/top1465.txt");
    let puzzle = &puzzles[index % puzzles.len()];
    let path = solve_path(puzzle);
    let stop = (path.steps.len() as f64 * fraction) as usize;
    let mut board = puzzle.clone();
    for step in &path.steps[..stop] {
        step.apply(&mut board);
    }
    board
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn pencil_marks_round_trip_positions_along_solve_paths(
        index in 0usize..1465,
        fraction in 0.0f64..1.0,
    ) {
        let board = midway(index, fraction);
        let pm = to_pencilmarks(&board);
        let (back, format) = parse_with_format(&pm).unwrap_or_else(|e| panic!("{e}\n{pm}"));
        prop_assert_eq!(format, Format::PencilMarks);
        prop_assert_eq!(back.values(), board.values());
        prop_assert_eq!(back.origins(), board.origins());
        prop_assert_eq!(back.all_candidates(), board.all_candidates(), "{}", pm);
    }
}

#[test]
fn a_late_position_keeps_its_single_candidates_and_placed_digits() {
    // Late in a path many empty cells are down to one candidate and many digits are placed.
    let board = (0..40)
        .map(|i| midway(i * 37, 0.8))
        .find(|b| b.all_candidates().iter().any(|s| s.len() == 1))
        .expect("a position with a single-candidate cell");
    assert!(board.origins().contains(&Origin::Placed));
    let pm = to_pencilmarks(&board);
    assert!(pm.contains('+') && pm.contains(" ."), "{pm}");
    assert_eq!(parse(&pm), Ok(board), "{pm}");
}

// ---------------------------------------------------------------------------------------------
// The big shared corpora of `../shared/data`, one puzzle per line (a fresh clone has no
// `../shared`: the test is ignored unless asked for).

#[test]
#[ignore = "needs ../shared/data; scripts/test.sh runs it when present"]
fn shared_corpora_parse_line_by_line() {
    let files = [
        "top1465.txt",
        "17-clue.txt",
        "count-cases.txt",
        "lines-easy.txt",
        "lines-medium.txt",
        "lines-hard.txt",
        "lines-easy-solutions.txt",
        "forum-hardest-1106.txt",
        "serg-multi-2000.txt",
        "q2-taxonomy.txt",
        "technique-exemplars.txt",
        "hodoku-reglib-1.4.txt",
    ];
    for name in files {
        let text = support::read_shared(&format!("data/corpora/{name}"));
        let mut count = 0;
        // Every line in release builds (about a second); a sample in debug builds.
        let stride = if cfg!(debug_assertions) { 40 } else { 1 };
        let lines = text.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#'));
        for line in lines.step_by(stride) {
            if line.starts_with(':') {
                check_library_line(line);
                count += 1;
                continue;
            }
            let puzzle: String = line.trim().chars().take(81).collect();
            let expected: String =
                puzzle.chars().map(|c| if ('1'..='9').contains(&c) { c } else { '.' }).collect();
            match parse(line) {
                Ok(board) => assert_eq!(to_line(&board), expected, "{name}: {line}"),
                // A puzzle without solution may show its contradiction already.
                Err(e) if name == "count-cases.txt" && line.split(':').nth(1) == Some("0") => {
                    assert!(matches!(e.kind, ErrorKind::Conflict(_)), "{name}: {line}: {e}");
                }
                Err(e) => panic!("{name}: {line}: {e}"),
            }
            count += 1;
        }
        assert!(count > 0, "{name}");
        println!("{name}: {count} lines parsed");
    }
}

/// A HoDoKu library line: the givens field without its `+` signs is the board's line, placed
/// digits are `Placed`, and every deleted candidate (digit, row, column) is gone.
fn check_library_line(line: &str) {
    let fields: Vec<&str> = line.split(':').collect();
    let (board, format) = parse_with_format(line).unwrap_or_else(|e| panic!("{line}: {e}"));
    assert_eq!(format, Format::HodokuLibrary);
    let givens = fields[3];
    let plain: String =
        givens.chars().filter(|&c| c != '+').map(|c| if c == '0' { '.' } else { c }).collect();
    assert_eq!(to_line(&board), plain, "{line}");
    assert_eq!(to_line_with_placed(&board), givens.replace('0', "."), "{line}");
    for t in fields[4].split_whitespace() {
        let n: Vec<usize> = t.chars().map(|c| c.to_digit(10).unwrap() as usize).collect();
        let (cell, digit) = (Cell::at(n[1] - 1, n[2] - 1), Digit::new(n[0] as u8).unwrap());
        assert!(!board.has_candidate(cell, digit), "{line}: {t}");
    }
}
