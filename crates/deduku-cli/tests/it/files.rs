//! Files as people have them, through the binary: the seed files (one multi-line puzzle each)
//! read as one puzzle by `solve`, `rate` and `bench`, files of several grids separated by blank
//! lines, pencil-mark grids and SudokuWiki links; `print`, `solve --pretty`, `solve --time` and
//! `explain --grid`.

use crate::cli::{board, path_str, run, run_stdin, stdout, temp_file};
use crate::support;
use deduku::format::{to_digits, to_grid, to_pencilmarks};
use deduku::solve::count_solutions_keeping;
use deduku::{Board, Origin, solve_path};

/// The library's seed files: one published multi-line puzzle each (see `SOURCES.md` there).
const SEEDS: [&str; 7] = [
    "blog-2007.txt",
    "en47-style.txt",
    "codedojo-easy.txt",
    "codedojo-medium.txt",
    "codedojo-challenge.txt",
    "davdata-two-decisions.txt",
    "davdata-very-hard.txt",
];

fn seed_paths() -> Vec<std::path::PathBuf> {
    SEEDS.iter().map(|n| support::data_path(&format!("formats/{n}"))).collect()
}

/// The unique solution of `b` as 81 digits.
fn solution(b: &Board) -> String {
    let c = count_solutions_keeping(b, 2, 1);
    assert_eq!(c.count, 1, "the seed puzzles have one solution");
    to_digits(&c.solutions[0])
}

/// A position part of the way along the solve path of the first top1465 puzzle: placed
/// digits, eliminations and cells down to one candidate.
fn midway() -> Board {
    let puzzle = support::corpus("corpora/top1465.txt").remove(0);
    let path = solve_path(&puzzle);
    let mut b = puzzle;
    for step in &path.steps[..path.steps.len() * 3 / 4] {
        step.apply(&mut b);
    }
    assert!(b.origins().contains(&Origin::Placed));
    b
}

/// The puzzle lines of the library's top1465 copy.
fn top1465_lines() -> Vec<String> {
    let text = support::read_data("corpora/top1465.txt");
    text.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#')).map(String::from).collect()
}

#[test]
fn solve_rate_and_bench_read_a_seed_file_as_one_puzzle() {
    for path in seed_paths() {
        let text = std::fs::read_to_string(&path).expect("seed file");
        let want = solution(&board(&text));
        let p = path_str(&path);
        assert_eq!(stdout(&run(&["solve", p])), format!("{want}\n"), "{p}");
        let rated = stdout(&run(&["rate", p]));
        assert_eq!(rated.lines().count(), 1, "{p}: {rated}");
        // se, level, hardest, steps, ep, ed.
        assert_eq!(rated.trim_end().split('\t').count(), 6, "{p}: {rated}");
        let bench = stdout(&run(&["bench", "--seconds", "0", "--runs", "1", p]));
        assert!(bench.contains("puzzles=1 solvable=1 ") && bench.contains("skipped=0"), "{bench}");
    }
}

#[test]
fn several_grids_separated_by_blank_lines_then_puzzle_lines() {
    let texts: Vec<String> =
        seed_paths().iter().map(|p| std::fs::read_to_string(p).expect("seed")).collect();
    let mut file = texts.join("\n\n");
    let pm = to_pencilmarks(&midway());
    file.push_str(&format!("\n\n# a pencil-mark grid\n{pm}\n\n"));
    let line = top1465_lines().remove(1);
    file.push_str(&format!("{line}\n{line}\n"));
    let mut want: Vec<String> = texts.iter().map(|t| solution(&board(t))).collect();
    want.push(solution(&board(&pm)));
    want.push(solution(&board(&line)));
    want.push(solution(&board(&line)));
    let path = temp_file("several-grids", &file);
    let out = stdout(&run(&["solve", path_str(&path)]));
    assert_eq!(out.lines().collect::<Vec<_>>(), want, "{file}");
    let out = stdout(&run(&["rate", path_str(&path)]));
    assert_eq!(out.lines().filter(|l| !l.starts_with("error")).count(), want.len(), "{out}");
    let out = stdout(&run(&["bench", "--seconds", "0", "--runs", "1", path_str(&path)]));
    assert!(out.contains(&format!("puzzles={} ", want.len())), "{out}");
}

#[test]
fn a_broken_grid_is_one_error_line_at_its_place() {
    let grid = std::fs::read_to_string(&seed_paths()[2]).expect("seed");
    let mut lines: Vec<String> = grid.lines().map(String::from).collect();
    lines[4] = format!("{}?", &lines[4][..lines[4].len() - 1]);
    let text = format!("# header\n\n{}\n\n{grid}", lines.join("\n"));
    let out = stdout(&run_stdin(&["solve"], &text));
    let got: Vec<&str> = out.lines().collect();
    assert_eq!(got.len(), 2, "{out}");
    let column = lines[4].chars().count();
    assert!(
        got[0].starts_with(&format!("error: line 7, column {column}: unknown character '?'")),
        "{out}"
    );
    assert_eq!(got[1], solution(&board(&grid)));
}

#[test]
fn solve_pretty_prints_grids_that_read_back() {
    let paths = seed_paths();
    let text = format!(
        "{}\n\n{}\n\n{}\n",
        std::fs::read_to_string(&paths[0]).unwrap(),
        "1".repeat(81),
        std::fs::read_to_string(&paths[5]).unwrap()
    );
    let out = stdout(&run_stdin(&["solve", "--pretty"], &text));
    let blocks: Vec<&str> = out.split("\n\n").filter(|b| !b.trim().is_empty()).collect();
    assert_eq!(blocks.len(), 3, "{out}");
    for i in [0, 2] {
        let want = solution(&board(&std::fs::read_to_string(&paths[i / 2 * 5]).unwrap()));
        assert_eq!(blocks[i].lines().count(), 11, "{out}");
        assert_eq!(blocks[i].lines().nth(3), Some("------+-------+------"));
        assert_eq!(to_digits(board(blocks[i]).values()), want);
    }
    assert!(blocks[1].starts_with("error: line ") && blocks[1].lines().count() == 1, "{out}");
    let timed = stdout(&run_stdin(&["solve", "--pretty", "--time"], &text));
    for block in timed.split("\n\n").filter(|b| !b.trim().is_empty()) {
        let last = block.lines().last().unwrap();
        let ms = last.strip_prefix("time: ").and_then(|t| t.strip_suffix(" ms"));
        assert!(ms.is_some_and(|m| m.parse::<f64>().is_ok()), "{timed}");
    }
    let out = run(&["solve", "--pretty", "--count", "2", path_str(&paths[0])]);
    assert_eq!(out.status.code(), Some(2), "--pretty and --count do not go together");
}

#[test]
fn solve_time_adds_a_tab_and_milliseconds_per_puzzle() {
    let lines: Vec<String> = top1465_lines().into_iter().take(20).collect();
    let input = format!("{}\nnot a puzzle\n", lines.join("\n"));
    let plain = stdout(&run_stdin(&["solve"], &input));
    let timed = stdout(&run_stdin(&["solve", "--time"], &input));
    assert_eq!(timed.lines().count(), 21);
    for (p, t) in plain.lines().zip(timed.lines()) {
        let (result, ms) = t.rsplit_once('\t').expect("a TAB before the time");
        assert_eq!(result, p);
        assert!(ms.parse::<f64>().is_ok_and(|m| m >= 0.0), "{t}");
    }
    let counted = stdout(&run_stdin(&["solve", "--time", "--count", "5"], &lines[0]));
    assert!(counted.starts_with("1\t"), "{counted}");
}

#[test]
fn print_writes_grids_and_pencil_marks_that_read_back() {
    let b = midway();
    let pm_file = temp_file("print-pm", &to_pencilmarks(&b));
    let out = stdout(&run(&["print", "--pm", path_str(&pm_file)]));
    assert_eq!(out, format!("{}\n", to_pencilmarks(&b)), "the pencil-mark grid round trips");
    assert_eq!(board(&out), b);
    let grid = stdout(&run(&["print", path_str(&pm_file)]));
    assert_eq!(grid, format!("{}\n", to_grid(&b)));
    assert_eq!(board(&grid).values(), b.values());
    for path in seed_paths() {
        let out = stdout(&run(&["print", path_str(&path)]));
        let want = board(&std::fs::read_to_string(&path).unwrap());
        assert_eq!(board(&out), want, "{out}");
    }
    let link = "https://www.sudokuwiki.org/sudoku.htm?bd=530070000600195000098000060800060003400803001700020006060000280000419005000080079";
    let out = stdout(&run(&["print", link]));
    assert_eq!(out.lines().next(), Some("5 3 . | . 7 . | . . ."), "{out}");
}

#[test]
fn print_one_house_or_cell_with_allowed_values() {
    let path = &seed_paths()[2];
    let b = board(&std::fs::read_to_string(path).unwrap());
    let out = stdout(&run(&["print", "--house", "r1", path_str(path)]));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 10, "{out}");
    let values: Vec<String> = (0..9)
        .map(|c| b.value(deduku::Cell::at(0, c)).map_or(".".into(), |d| d.to_string()))
        .collect();
    assert_eq!(lines[0], format!("row 1: {}", values.join(" ")));
    for (c, line) in lines[1..].iter().enumerate() {
        let cell = deduku::Cell::at(0, c);
        let want = match b.value(cell) {
            Some(d) => format!("r1c{}: {d} (given)", c + 1),
            None => {
                let ds: Vec<String> = b.candidates(cell).iter().map(|d| d.to_string()).collect();
                format!("r1c{}: allowed {}", c + 1, ds.join(" "))
            }
        };
        assert_eq!(*line, want);
    }
    let out = stdout(&run(&["print", "--house", "B5", "--cell", "r5c5", path_str(path)]));
    assert!(out.starts_with("box 5: "), "{out}");
    assert_eq!(out.lines().count(), 11, "{out}");
    let mut with_placed = b.clone();
    let c = deduku::Cell::at(0, 0);
    let d = deduku::Digit::new(solution(&b).as_bytes()[0] - b'0').unwrap();
    with_placed.place(c, d);
    let out = stdout(&run(&[
        "print",
        "--cell",
        "r1c1",
        &deduku::format::to_line_with_placed(&with_placed),
    ]));
    assert_eq!(out, format!("r1c1: {d} (placed)\n"));
    for (flag, bad, what) in [
        ("--house", "r10", "is not a house"),
        ("--house", "d3", "is not a house"),
        ("--cell", "r3", "is not a cell"),
        ("--cell", "r0c1", "is not a cell"),
    ] {
        let o = run(&["print", flag, bad, path_str(path)]);
        assert_eq!(o.status.code(), Some(2), "{flag} {bad}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(&format!("`{bad}` {what}")), "{err}");
        assert!(o.stdout.is_empty());
    }
    let o = run(&["print", "--pm", "--cell", "r1c1", path_str(path)]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn explain_grid_prints_the_grid_after_each_step() {
    let path = &seed_paths()[3];
    let b = board(&std::fs::read_to_string(path).unwrap());
    let steps = solve_path(&b).steps;
    let out = stdout(&run(&["explain", "--grid", path_str(path)]));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 1 + steps.len() * 12 + 2, "{out}");
    let mut after = b.clone();
    for (i, step) in steps.iter().enumerate() {
        let at = 1 + i * 12;
        assert_eq!(lines[at].trim_start(), format!("{}. {}", i + 1, step.text));
        step.apply(&mut after);
        let grid: Vec<&str> = lines[at + 1..at + 12].iter().map(|l| l.trim_start()).collect();
        assert_eq!(grid.join("\n"), to_grid(&after), "step {}", i + 1);
    }
    assert!(after.is_solved());
    let o = run(&["explain", "--grid", "--json", path_str(path)]);
    assert_eq!(o.status.code(), Some(2));
}
