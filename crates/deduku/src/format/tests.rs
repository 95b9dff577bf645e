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
    assert!(pm.contains("+3"), "a placed digit is written with its +: {pm}");
    let (back, f) = parse_with_format(&pm).unwrap();
    assert_eq!(f, Format::PencilMarks);
    assert_eq!(back, b, "{pm}");
    assert_eq!(back.origin(cell(8, 8)), Origin::Placed);
    assert_eq!(back.origin(cell(0, 0)), Origin::Given);
    let unmarked = pm.replacen("+3", " 3", 1);
    assert_eq!(parse(&unmarked).unwrap().origin(cell(8, 8)), Origin::Given, "{unmarked}");
    let (back, f) = parse_with_format(&to_candidate_string(&b)).unwrap();
    assert_eq!((back.all_candidates(), f), (b.all_candidates(), Format::Candidates));
}

#[test]
fn a_single_candidate_stays_empty_in_pencil_marks_only() {
    let mut b = parse(CLASSIC).unwrap();
    b.eliminate(cell(0, 2), digit(1));
    b.eliminate(cell(0, 2), digit(2));
    assert_eq!(b.candidates(cell(0, 2)).to_string(), "4");
    let pm = to_pencilmarks(&b);
    assert!(pm.contains(".4 "), "{pm}");
    assert_eq!(parse(&pm).unwrap(), b, "{pm}");
    // A hand-written pencil-mark grid's lone digit is a solved cell, as HoDoKu prints it.
    let solved = parse(&pm.replacen(".4 ", " 4 ", 1)).unwrap();
    assert_eq!(solved.value(cell(0, 2)), Some(digit(4)));
    // The 729-character string cannot tell them apart: the cell reads back solved.
    let back = parse(&to_candidate_string(&b)).unwrap();
    assert_eq!(back.value(cell(0, 2)), Some(digit(4)));
    assert!(!back.has_candidate(cell(1, 1), digit(4)), "peers lose the digit");
}

#[test]
fn pencil_marks_of_a_grid_with_only_single_candidates() {
    // Every empty cell has one candidate, so the grid has no group of digits: the marked
    // singles still make it a pencil-mark grid.
    let solution =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
    let mut b = Board::from_values(&std::array::from_fn(|i| solution.as_bytes()[i] - b'0'));
    for i in [0, 10, 40, 80] {
        b.clear(Cell::from_index(i));
    }
    b.place(cell(4, 5), digit(3));
    let pm = to_pencilmarks(&b);
    let (back, f) = parse_with_format(&pm).unwrap();
    assert_eq!((&back, f), (&b, Format::PencilMarks), "{pm}");
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
fn sudokuwiki_links_and_board_strings() {
    let digits = CLASSIC.replace('.', "0");
    let want = parse(CLASSIC).unwrap();
    for text in [
        format!("https://www.sudokuwiki.org/sudoku.htm?bd={digits}"),
        format!("https://www.sudokuwiki.org/sudoku.htm?bd={digits}&x=1"),
        format!("  bd={digits}\n"),
        format!("# from the wiki\nbd={CLASSIC}"),
    ] {
        let (b, f) = parse_with_format(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!((&b, f), (&want, Format::SudokuWiki), "{text}");
    }
    let e = parse(&format!("sudoku.htm?bd={}", &digits[..80])).unwrap_err();
    assert_eq!((e.line, e.column), (Some(1), Some(15)), "{e}");
    assert_eq!(e.kind, ErrorKind::CellCount { expected: 81, found: 80 });
    let e = parse(&format!("bd={}z", &digits[..80])).unwrap_err();
    assert_eq!((e.column, e.kind.clone()), (Some(84), ErrorKind::UnknownChar { ch: 'z' }), "{e}");
}

/// The example link of SudokuWiki's "Sudoku String Definitions" page.
const WIKI_EXAMPLE: &str = "vu4804032o1508g080030k10o888882647046888g06828060k10029k260b90478go003g0g95090b0b6a2c00g0bcg038ga8g9ao1506601oh847063a2ag288gg8g0626c082c2k20b159818920k9ag9462044";

#[test]
fn sudokuwiki_162_character_boards() {
    assert_eq!(WIKI_EXAMPLE.len(), 162);
    for text in [
        WIKI_EXAMPLE.to_string(),
        format!("https://www.sudokuwiki.org/sudoku.htm?bd={WIKI_EXAMPLE}"),
    ] {
        let (b, f) = parse_with_format(&text).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(f, Format::SudokuWiki);
        // "vu" = 1022: every candidate, no clue flag (the digits of its houses then take
        // theirs); "48" = 136: candidates 3 and 7 (3 is solved in the row); "04": a placed 2;
        // "03": a given 1.
        assert_eq!(b.value(cell(0, 0)), None);
        assert_eq!(b.candidates(cell(0, 1)).to_string(), "7");
        assert_eq!((b.value(cell(0, 2)), b.origin(cell(0, 2))), (Some(digit(2)), Origin::Placed));
        assert_eq!((b.value(cell(0, 3)), b.origin(cell(0, 3))), (Some(digit(1)), Origin::Given));
        // Its single-candidate cells would come back placed from the 162 string; pencil
        // marks keep them.
        assert_eq!(parse(&to_pencilmarks(&b)), Ok(b));
    }
    // Written: per cell (digits as bits << 1) + given flag, in two base-32 characters.
    let mut b = parse(CLASSIC).unwrap();
    b.place(cell(0, 2), digit(4));
    let packed = to_sudokuwiki(&b);
    // r1c1 given 5: 16 << 1 | 1 = 33 = "11"; given 3: 9 = "09"; placed 4: 16 = "0g";
    // r1c4 candidates 2 and 6: 34 << 1 = 68 = "24".
    assert_eq!(&packed[..8], "11090g24");
    // Everything comes back but the single-candidate cells, which come back placed.
    let singles: Vec<(Cell, Digit)> =
        Cell::all().filter_map(|c| b.candidates(c).single_digit().map(|d| (c, d))).collect();
    assert!(!singles.is_empty());
    for (c, d) in singles {
        b.place(c, d);
    }
    assert_eq!(parse(&packed), Ok(b));
    let e = parse(&format!("bd={}w{}", &WIKI_EXAMPLE[..10], &WIKI_EXAMPLE[11..])).unwrap_err();
    assert_eq!((e.column, e.kind.clone()), (Some(14), ErrorKind::UnknownChar { ch: 'w' }), "{e}");
    // 162 digits without a letter are two puzzles run together, not a board string.
    let two = CLASSIC.replace('.', "0").repeat(2);
    assert_ne!(parse_with_format(&two).map(|(_, f)| f), Ok(Format::SudokuWiki));
}

#[test]
fn simple_sudoku_and_sudocue_files() {
    // SudoCue's `.sdk`: information lines `#A…`, then nine rows.
    let sdk = "#ARuud\n#DA random puzzle\n#B03-08-2006\n#LEasy\n#Uhttp://example.net/\n\
               2..1.5..3\n.54...71.\n.1.2.3.8.\n6.28.73.4\n.........\n1.53.98.6\n.2.7.1.6.\n\
               .81...24.\n7..4.2..1\n";
    let (b, f) = parse_with_format(sdk).unwrap();
    assert_eq!(f, Format::Grid);
    assert_eq!(
        to_line(&b),
        "2..1.5..3.54...71..1.2.3.8.6.28.73.4.........1.53.98.6.2.7.1.6..81...24.7..4.2..1"
    );
    // Simple Sudoku's `.ss`: `|` between boxes, dashes between bands.
    let want = parse(CLASSIC).unwrap();
    let rows: Vec<String> = CLASSIC
        .as_bytes()
        .chunks(9)
        .map(|r| {
            let r = std::str::from_utf8(r).unwrap();
            format!("{}|{}|{}", &r[..3], &r[3..6], &r[6..])
        })
        .collect();
    for sep in ["-----------", "---+---+---"] {
        let text = format!(
            "{}\r\n{sep}\r\n{}\r\n{sep}\r\n{}\r\n",
            rows[..3].join("\r\n"),
            rows[3..6].join("\r\n"),
            rows[6..].join("\r\n")
        );
        assert_eq!(parse_with_format(&text).unwrap(), (want.clone(), Format::Grid), "{text}");
        let bad = text.replacen("|.7.|", "|.7!|", 1);
        let e = parse(&bad).unwrap_err();
        assert_eq!(
            (e.line, e.column, e.kind),
            (Some(1), Some(7), ErrorKind::UnknownChar { ch: '!' })
        );
        let short = text.replacen("6..|195|...", "6..|195|..", 1);
        let e = parse(&short).unwrap_err();
        assert_eq!((e.line, e.column), (Some(2), Some(1)), "{e}");
        assert!(e.message.contains("this row has 8 cells"), "{e}");
    }
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
