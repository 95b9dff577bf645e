//! Fuzzes the puzzle parser: no input may panic, errors must point inside the text, and a
//! board that parses must read back from the writers.
#![no_main]

use deduku::format::{
    ErrorKind, parse, parse_eliminations, to_candidate_string, to_grid, to_line_with_placed,
    to_pencilmarks, to_sudokuwiki,
};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let _ = parse_eliminations(text);
    match parse(text) {
        Ok(board) => {
            for out in [to_line_with_placed(&board), to_grid(&board)] {
                let back = parse(&out).expect("a line or grid parses back");
                assert_eq!(back.values(), board.values(), "{out}");
            }
            let pm = to_pencilmarks(&board);
            assert_eq!(parse(&pm).as_ref(), Ok(&board), "pencil marks keep everything:\n{pm}");
            // The 729 string and SudokuWiki's solve single-candidate cells, which may clash.
            for out in [to_candidate_string(&board), to_sudokuwiki(&board)] {
                match parse(&out) {
                    Ok(back) => assert!(
                        board.values().iter().zip(back.values()).all(|(&a, &b)| a == 0 || a == b)
                    ),
                    Err(e) => assert!(matches!(e.kind, ErrorKind::Conflict(_)), "{e}\n{out}"),
                }
            }
        }
        Err(e) => {
            if let Some(line) = e.line {
                assert!(line <= text.split('\n').count(), "{e}");
            }
        }
    }
});
