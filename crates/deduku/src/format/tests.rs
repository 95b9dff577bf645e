//! Unit tests of the detector, the parsers and the writers on small hand-made texts.

use super::*;
use crate::grid::{Digit, House};

/// The classic example board (Wikipedia's), as a line.
const CLASSIC: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

fn cell(r: usize, c: usize) -> Cell {
    Cell::at(r, c)
}

fn digit(d: u8) -> Digit {
    Digit::new(d).unwrap()
}

#[test]
fn one_line_with_every_empty_mark_and_placed_digits() {
    let text = CLASSIC.replacen('.', "0", 1).replacen('.', "-", 1).replacen('.', "*", 1);
    let text = text.replacen('.', "_", 1).replacen('.', "x", 1).replacen('5', "+5", 1);
    let (b, f) = parse_with_format(&format!("  \n# a comment\n{text}\n\n")).unwrap();
    assert_eq!(f, Format::Line);
    assert_eq!(to_line(&b), CLASSIC);
    assert_eq!(b.origin(cell(0, 0)), Origin::Placed);
    assert_eq!(b.origin(cell(0, 1)), Origin::Given);
    assert_eq!(b.origin(cell(0, 2)), Origin::Empty);
}

#[test]
fn one_line_may_carry_trailing_fields() {
    for tail in [" box duplicate", ":1:solution", " # trace", "\t  text"] {
        let b = parse(&format!("{CLASSIC}{tail}")).unwrap();
        assert_eq!(to_line(&b), CLASSIC, "{tail}");
    }
    let e = parse(&format!("{CLASSIC} {CLASSIC}")).unwrap_err();
    assert_eq!(e.kind, ErrorKind::CellCount { expected: 81, found: 162 });
    let e = parse(&format!("{CLASSIC}z")).unwrap_err();
    assert_eq!((e.line, e.column, e.kind), (Some(1), Some(82), ErrorKind::UnknownChar { ch: 'z' }));
}

#[test]
fn grids_with_and_without_borders() {
    let compact: String = CLASSIC
        .as_bytes()
        .chunks(9)
        .map(|r| format!("{}\n", std::str::from_utf8(r).unwrap()))
        .collect();
    let b = Board::from_values(&parse(CLASSIC).unwrap().values().clone());
    for text in [compact.clone(), to_grid(&b)] {
        assert_eq!(parse(&text).unwrap(), b, "{text}");
    }
    let simple = "*-----------*\n|53.|.7.|...|\n|6..|195|...|\n|.98|...|.6.|\n|---+---+---|\n\
                  |8..|.6.|..3|\n|4..|8.3|..1|\n|7..|.2.|..6|\n|---+---+---|\n|.6.|...|28.|\n\
                  |...|419|..5|\n|...|.8.|.79|\n*-----------*";
    assert_eq!(parse_with_format(simple).unwrap(), (b, Format::Grid));
}

#[test]
fn a_row_of_dashes_is_a_row_not_a_border() {
    let mut rows: Vec<String> =
        CLASSIC.as_bytes().chunks(9).map(|r| String::from_utf8(r.to_vec()).unwrap()).collect();
    rows.insert(3, "---------".into());
    rows.remove(4);
    let b = parse(&rows.join("\n")).unwrap();
    assert!((27..36).all(|i| b.values()[i] == 0));
}

#[test]
fn numbers_and_brackets() {
    let mut nums = String::new();
    for (i, ch) in CLASSIC.char_indices() {
        nums.push_str(if ch == '.' { "-1" } else { &CLASSIC[i..i + 1] });
        nums.push(if i % 9 == 8 { '\n' } else { ' ' });
    }
    let (b, f) = parse_with_format(&nums).unwrap();
    assert_eq!((to_line(&b).as_str(), f), (CLASSIC, Format::Numbers));
    let bracketed: String = CLASSIC
        .chars()
        .map(|c| if c == '.' { " x ".to_string() } else { format!("[ {c}]") })
        .collect();
    let (b, f) = parse_with_format(&bracketed).unwrap();
    assert_eq!((to_line(&b).as_str(), f), (CLASSIC, Format::Bracketed));
    let e = parse(&nums.replacen("-1", "12", 1)).unwrap_err();
    assert_eq!((e.line, e.column, e.kind), (Some(1), Some(5), ErrorKind::BadCell));
    let e = parse(&bracketed.replacen("[ 5]", "[5", 1)).unwrap_err();
    assert_eq!(e.kind, ErrorKind::BadCell);
}

/// A sparse board with givens, a placed digit and eliminations, and no empty cell with a single
/// candidate (so pencil marks keep everything but the origins).
fn sparse_board() -> Board {
    let mut b = Board::empty();
    b.place_given(cell(0, 0), digit(1));
    b.place_given(cell(4, 4), digit(2));
    b.place(cell(8, 8), digit(3));
    b.eliminate(cell(0, 1), digit(4));
    b.eliminate(cell(1, 2), digit(5));
    b.eliminate(cell(1, 2), digit(6));
    b
}

#[test]
fn pencil_marks_keep_candidates_and_read_placed_digits() {
    let b = sparse_board();
    let pm = to_pencilmarks(&b);
    let (back, f) = parse_with_format(&pm).unwrap();
    assert_eq!(f, Format::PencilMarks);
    assert_eq!(back.all_candidates(), b.all_candidates(), "{pm}");
    assert_eq!(back.values(), b.values());
    assert_eq!(back.origin(cell(8, 8)), Origin::Given);
    let marked = pm.replacen(" 3 ", "+3 ", 1);
    assert_eq!(parse(&marked).unwrap().origin(cell(8, 8)), Origin::Placed, "{marked}");
    let (back, f) = parse_with_format(&to_candidate_string(&b)).unwrap();
    assert_eq!((back.all_candidates(), f), (b.all_candidates(), Format::Candidates));
}

#[test]
fn a_single_candidate_reads_back_as_a_solved_cell() {
    let mut b = parse(CLASSIC).unwrap();
    b.eliminate(cell(0, 2), digit(1));
    b.eliminate(cell(0, 2), digit(2));
    assert_eq!(b.candidates(cell(0, 2)).to_string(), "4");
    for text in [to_pencilmarks(&b), to_candidate_string(&b)] {
        let back = parse(&text).unwrap();
        assert_eq!(back.value(cell(0, 2)), Some(digit(4)));
        assert!(!back.has_candidate(cell(1, 1), digit(4)), "peers lose the digit");
    }
}

#[test]
fn sudopedia_pencil_mark_grid_with_tight_borders() {
    let text = ".------------------.------------------.------------------.
| 19    7     169  | 2     156   3    | 459   8     49   |
| 3     4     5    | 7     9     8    | 1     2     6    |
| 2     169   8    | 16    4     156  | 3579  35    379  |
:------------------+------------------+------------------:
| 4     136   1367 | 5     1367  9    | 8     36    2    |
| 17    5     12367| 8     12367 4    | 367   9     37   |
| 8     369   23679| 36    2367  26   | 34567 3456  1    |
:------------------+------------------+------------------:
| 1579  139   13479| 13469 12356 1256 | 23469 346   8    |
| 159   8     1349 | 13469 12356 1256 | 23469 7     349  |
| 6     2     349  | 349   8     7    | 349   1     5    |
'------------------'------------------'------------------'";
    let b = parse(text).unwrap();
    assert_eq!(b.candidates(cell(4, 2)).to_string(), "12367");
    assert_eq!(b.value(cell(8, 0)), Some(digit(6)));
    assert_eq!(b.candidates(cell(0, 0)).to_string(), "19");
}

#[test]
fn unknown_characters_are_placed_exactly() {
    let text = "# header\n53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2.?.6\n\
                .6....28.\n...419..5\n....8..79\n";
    let e = parse(text).unwrap_err();
    assert_eq!(
        (e.line, e.column, e.kind.clone()),
        (Some(7), Some(7), ErrorKind::UnknownChar { ch: '?' })
    );
    assert!(e.message.starts_with("line 7, column 7: unknown character '?'"), "{}", e.message);
    let e = parse("53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n...419..5\n....8..7\n").unwrap_err();
    assert_eq!((e.line, e.kind), (Some(9), ErrorKind::CellCount { expected: 81, found: 80 }));
    assert!(e.message.contains("found 80"), "{}", e.message);
}

#[test]
fn duplicates_name_both_cells_and_the_house() {
    let text = CLASSIC.replacen("53..7....", "53..7.5..", 1);
    let e = parse(&text).unwrap_err();
    assert_eq!(e.message, "line 1, column 7: digit 5 appears twice in row 1: r1c1 and r1c7");
    let ErrorKind::Conflict(Conflict::Duplicate { house, .. }) = e.kind else { panic!("{e:?}") };
    assert_eq!(house, House::row(0));
}

#[test]
fn eliminations_apply_after_the_grid() {
    let b = parse(&format!("{CLASSIC}\nr1c3<>12 r1c4,r1c6<>2\n# done")).unwrap();
    assert_eq!(b.candidates(cell(0, 2)).to_string(), "4");
    assert!(!b.has_candidate(cell(0, 3), digit(2)) && !b.has_candidate(cell(0, 5), digit(2)));
    let same_line = parse(&format!("{CLASSIC} r1c3<>12 r1c4,r1c6<>2")).unwrap();
    assert_eq!(same_line, b);
    // Filled cells and candidates already gone are skipped.
    assert_eq!(parse(&format!("{CLASSIC} r1c1<>5 r1c3<>5")).unwrap(), parse(CLASSIC).unwrap());
    let e = parse(&format!("{CLASSIC} r1c3<>124")).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Conflict(Conflict::NoCandidate { cell: cell(0, 2) }));
    let e = parse(&format!("{CLASSIC}\nr1c3<>1 r1c<>2")).unwrap_err();
    assert_eq!((e.line, e.column, e.kind), (Some(2), Some(12), ErrorKind::Elimination));
    let e = parse("r1c1<>1").unwrap_err();
    assert_eq!(e.kind, ErrorKind::Empty);
}

#[test]
fn writers_have_the_documented_shape() {
    let mut b = parse(CLASSIC).unwrap();
    b.place(cell(0, 2), digit(4));
    assert_eq!(&to_line_with_placed(&b)[..6], "53+4.7");
    assert_eq!(to_line_with_placed(&b).len(), 82);
    let grid = to_grid(&b);
    assert_eq!(grid.lines().next(), Some("5 3 4 | . 7 . | . . ."));
    assert_eq!(grid.lines().nth(3), Some("------+-------+------"));
    assert_eq!(grid.lines().count(), 11);
    let pm = to_pencilmarks(&b);
    assert_eq!(pm.lines().count(), 13);
    let width = pm.lines().next().unwrap().len();
    assert!(pm.lines().all(|l| l.len() == width), "{pm}");
    assert_eq!(to_candidate_string(&b).len(), 729);
    assert_eq!(to_eliminations(&parse(CLASSIC).unwrap()), "");
}

#[test]
fn empty_texts_say_so() {
    for text in ["", "   \n\n", "# only a comment\n"] {
        assert_eq!(parse(text).unwrap_err().kind, ErrorKind::Empty);
    }
}

#[test]
fn hodoku_library_lines_give_givens_placed_digits_and_deleted_candidates() {
    let givens = CLASSIC.replacen("53", "5+3", 1);
    let line = format!(":0100:4:{givens}:413 423:436::x");
    let (b, f) = parse_with_format(&line).unwrap();
    assert_eq!(f, Format::HodokuLibrary);
    assert_eq!(to_line(&b), CLASSIC);
    assert_eq!(b.origin(cell(0, 1)), Origin::Placed);
    assert!(!b.has_candidate(cell(0, 2), digit(4)) && !b.has_candidate(cell(1, 2), digit(4)));
    assert!(b.has_candidate(cell(2, 5), digit(4)), "the technique's eliminations are not applied");
    let e = parse(&format!(":0100:4:{givens}:41x:::")).unwrap_err();
    assert_eq!((e.column, e.kind), (Some(92), ErrorKind::Elimination));
}

#[test]
fn the_plain_line_shortcut_agrees_with_the_general_reader() {
    let direct = parse_with_format(CLASSIC).unwrap();
    let general = parse_with_format(&format!("# same\n {CLASSIC}")).unwrap();
    assert_eq!(direct, general);
    let dup = CLASSIC.replacen("53..7....", "53..7.5..", 1);
    let (a, b) = (parse(&dup).unwrap_err(), parse(&format!(" {dup}")).unwrap_err());
    assert_eq!((a.kind, a.line, a.column.map(|c| c + 1)), (b.kind, b.line, b.column));
}

#[test]
fn simple_sudoku_borders_and_a_byte_order_mark() {
    let b = sparse_board();
    let pm = to_pencilmarks(&b);
    let width = pm.lines().next().unwrap().len();
    let star = format!(" *{}*", "-".repeat(width - 2));
    let simple: Vec<String> = pm
        .lines()
        .map(|l| match l.chars().next() {
            Some('.' | '\'') => star.clone(),
            Some(':') => format!(" |{}|", &l[1..width - 1]),
            _ => format!(" {l}"),
        })
        .collect();
    let text = format!("\u{feff}{}", simple.join("\r\n"));
    let (back, f) = parse_with_format(&text).unwrap();
    assert_eq!((back.all_candidates(), f), (b.all_candidates(), Format::PencilMarks), "{text}");
    let e = parse(&format!("\u{feff}{}", &CLASSIC.replacen('.', "?", 1))).unwrap_err();
    assert_eq!((e.line, e.column), (Some(1), Some(3)));
}

#[test]
fn token_formats_point_at_the_row_with_a_missing_cell() {
    let pm = to_pencilmarks(&sparse_board());
    let broken: Vec<String> = pm
        .lines()
        .enumerate()
        .map(|(i, l)| {
            if i != 6 {
                return l.to_string();
            }
            // Drop the row's first cell.
            let start = l.find(|c: char| c.is_ascii_digit()).unwrap();
            let len = l[start..].find(' ').unwrap();
            format!("{}{}", &l[..start], &l[start + len..])
        })
        .collect();
    let e = parse(&broken.join("\n")).unwrap_err();
    assert_eq!((e.line, e.column), (Some(7), Some(1)), "{}", broken.join("\n"));
    assert_eq!(e.kind, ErrorKind::CellCount { expected: 81, found: 80 });
    assert!(e.message.contains("this row has 8 cells"), "{}", e.message);
}
