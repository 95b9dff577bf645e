//! End-to-end tests of the `deduku` binary. Expectations come from `tests/data/count-cases.txt`
//! (each line carries its solution count and, when unique, its solution) or from the library;
//! one hard puzzle comes from the library's top1465 copy (through `support`).

use crate::support;
use deduku::format::parse_eliminations;
use deduku::{
    Board, Cell, ParseError, Technique, find_all, find_first, solve_path, solve_path_with,
};
use serde_json::Value;
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

/// One line of count-cases.txt: `puzzle:count:solution`.
struct Case {
    line: String,
    puzzle: String,
    count: usize,
    solution: Option<String>,
}

fn cases() -> Vec<Case> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/count-cases.txt");
    let text = std::fs::read_to_string(path).expect("tests/data/count-cases.txt");
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.trim().split(':').collect();
            Case {
                line: l.trim().to_string(),
                puzzle: f[0].to_string(),
                count: f[1].parse().expect("count field"),
                solution: f.get(2).filter(|s| s.len() == 81).map(|s| s.to_string()),
            }
        })
        .collect()
}

fn unique_cases() -> Vec<Case> {
    cases().into_iter().filter(|c| c.count == 1).collect()
}

pub(crate) fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_deduku")).args(args).output().expect("run deduku")
}

pub(crate) fn run_stdin(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_deduku"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn deduku");
    let mut stdin = child.stdin.take().expect("stdin");
    let input = input.to_string();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let out = child.wait_with_output().expect("wait for deduku");
    writer.join().expect("writer thread").expect("write stdin");
    out
}

pub(crate) fn stdout(o: &Output) -> String {
    assert_eq!(o.status.code(), Some(0), "stderr: {}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout.clone()).expect("UTF-8 output")
}

/// Writes `text` to a fresh file in the test scratch directory.
pub(crate) fn temp_file(name: &str, text: &str) -> PathBuf {
    let p = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("cli-{name}.txt"));
    std::fs::write(&p, text).expect("write temp file");
    p
}

pub(crate) fn board(puzzle: &str) -> Board {
    deduku::parse(puzzle).expect("the library parses this puzzle")
}

/// The `error: …` line for a parse error of a text alone on input line `n`: the parser's own
/// `line 1, column C: ` prefix becomes `line n, column C: `, a message without a position gets
/// `line n: `.
fn cli_error(e: &ParseError, n: usize) -> String {
    if let (Some(l), Some(c)) = (e.line, e.column) {
        if let Some(rest) = e.message.strip_prefix(&format!("line {l}, column {c}: ")) {
            return format!("error: line {n}, column {c}: {rest}");
        }
    }
    format!("error: line {n}: {}", e.message)
}

/// What `solve` must print for `puzzle` found on input line `line_no`.
fn expected_solve(case: &Case, line_no: usize) -> String {
    match deduku::parse(&case.puzzle) {
        Err(e) => cli_error(&e, line_no),
        Ok(_) => match case.count {
            0 => "error: no solution".to_string(),
            1 => case.solution.clone().expect("a unique case has its solution"),
            _ => "error: multiple solutions".to_string(),
        },
    }
}

pub(crate) fn path_str(p: &std::path::Path) -> &str {
    p.to_str().expect("UTF-8 temp path")
}

#[test]
fn solve_prints_one_line_per_puzzle_with_errors_in_place() {
    let cases = cases();
    // A header, a blank line, every case as `puzzle:count:solution`, bad lines in between, and
    // one puzzle with a trailing comment.
    let mut text = String::from("# count cases\n\n");
    let mut expected = Vec::new();
    let mut line_no = 2;
    for (i, c) in cases.iter().enumerate() {
        line_no += 1;
        text.push_str(&c.line);
        text.push('\n');
        expected.push(expected_solve(c, line_no));
        if i % 10 == 3 {
            line_no += 1;
            let bad = &c.puzzle[..80];
            text.push_str(bad);
            text.push('\n');
            let e = deduku::parse(bad).expect_err("80 cells are not a puzzle");
            expected.push(cli_error(&e, line_no));
        }
    }
    line_no += 1;
    text.push_str("not a puzzle at all\n");
    let e = deduku::parse("not a puzzle at all").expect_err("prose is not a puzzle");
    expected.push(cli_error(&e, line_no));
    line_no += 1;
    let first = &cases[0];
    text.push_str(&format!("{}   # with a comment\n", first.puzzle));
    expected.push(expected_solve(first, line_no));

    let file = temp_file("solve-small", &text);
    let got = stdout(&run(&["solve", path_str(&file)]));
    let got: Vec<&str> = got.lines().collect();
    assert_eq!(got, expected);
    assert!(got.contains(&"error: no solution"));
    assert!(got.contains(&"error: multiple solutions"));
    assert!(got.iter().filter(|l| l.len() == 81).count() >= 10);

    let piped = stdout(&run_stdin(&["solve"], &text));
    assert_eq!(piped.lines().collect::<Vec<_>>(), got);
}

#[test]
fn solve_keeps_input_order_across_chunks() {
    // More lines than one parallel chunk (256 in debug builds), in a scrambled order of the cases.
    let cases = cases();
    let n = 2000;
    let mut text = String::new();
    let mut expected = Vec::with_capacity(n);
    for i in 0..n {
        let c = &cases[(i * 17 + i / 43) % cases.len()];
        text.push_str(&c.puzzle);
        text.push('\n');
        expected.push(expected_solve(c, i + 1));
    }
    let got = stdout(&run_stdin(&["solve"], &text));
    assert_eq!(got.lines().count(), n);
    for (i, (g, e)) in got.lines().zip(&expected).enumerate() {
        assert_eq!(g, e, "output line {}", i + 1);
    }
}

#[test]
fn count_prints_solution_counts_up_to_the_limit() {
    let cases = cases();
    let file =
        temp_file("count", &cases.iter().map(|c| c.puzzle.clone() + "\n").collect::<String>());
    for limit in [1usize, 5, 1000] {
        let got = stdout(&run(&["solve", "--count", &limit.to_string(), path_str(&file)]));
        let expected: Vec<String> = cases
            .iter()
            .enumerate()
            .map(|(i, c)| match deduku::parse(&c.puzzle) {
                Err(e) => cli_error(&e, i + 1),
                Ok(_) => c.count.min(limit).to_string(),
            })
            .collect();
        assert_eq!(got.lines().collect::<Vec<_>>(), expected, "--count {limit}");
    }
}

#[test]
fn explain_text_numbers_the_steps_and_ends_with_solution_and_rating() {
    let case = &unique_cases()[0];
    let path = solve_path(&board(&case.puzzle));
    let file = temp_file("explain", &format!("# one puzzle\n{}\n", case.line));
    for out in [
        run(&["explain", &case.puzzle]),
        run(&["explain", path_str(&file)]),
        run_stdin(&["explain"], &case.puzzle),
    ] {
        let text = stdout(&out);
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines[0].starts_with("Puzzle:"), "{text}");
        let steps: Vec<&str> = lines[1..lines.len() - 2].to_vec();
        assert_eq!(steps.len(), path.steps.len(), "{text}");
        for (i, (line, step)) in steps.iter().zip(&path.steps).enumerate() {
            assert_eq!(line.trim_start(), format!("{}. {}", i + 1, step.text));
        }
        let solution = case.solution.as_deref().expect("solution");
        assert_eq!(lines[lines.len() - 2], format!("Solution: {solution}"));
        let rating = lines[lines.len() - 1];
        assert!(
            rating
                .starts_with(&format!("Rating:   SE {:.1}, {}", path.rating.se, path.rating.level))
        );
    }
}

/// Checks one JSON step against the solution; returns its placements and eliminations.
fn check_step(step: &Value, solution: &[u8]) -> (Vec<[usize; 3]>, Vec<[usize; 3]>) {
    let id = step["technique"].as_str().expect("technique id");
    assert!(Technique::from_id(id).is_some(), "unknown id {id}");
    assert!(!step["text"].as_str().expect("text").is_empty());
    let triples = |key: &str| -> Vec<[usize; 3]> {
        step[key]
            .as_array()
            .expect("array")
            .iter()
            .map(|t| {
                let v: Vec<usize> = t
                    .as_array()
                    .expect("triple")
                    .iter()
                    .map(|x| x.as_u64().unwrap() as usize)
                    .collect();
                assert_eq!(v.len(), 3);
                assert!(v.iter().all(|&x| (1..=9).contains(&x)), "{t}");
                [v[0], v[1], v[2]]
            })
            .collect()
    };
    let placements = triples("placements");
    let eliminations = triples("eliminations");
    assert!(!placements.is_empty() || !eliminations.is_empty(), "empty step {step}");
    for [r, c, d] in &placements {
        let want = (solution[(r - 1) * 9 + c - 1] - b'0') as usize;
        assert_eq!(*d, want, "placement r{r}c{c}={d} is not the solution's digit in {step}");
    }
    for [r, c, d] in &eliminations {
        let sol = (solution[(r - 1) * 9 + c - 1] - b'0') as usize;
        assert_ne!(*d, sol, "elimination r{r}c{c}<>{d} removes the solution in {step}");
    }
    (placements, eliminations)
}

#[test]
fn explain_json_steps_replay_to_the_solution() {
    for case in unique_cases().iter().take(4) {
        let text = stdout(&run(&["explain", "--json", &case.puzzle]));
        assert_eq!(text.lines().count(), 1, "one JSON object on one line");
        let v: Value = serde_json::from_str(&text).expect("valid JSON");
        let solution = v["solution"].as_str().expect("solution string");
        assert_eq!(Some(solution), case.solution.as_deref());
        assert_eq!(v["status"], "solved");
        assert_eq!(v["puzzle"].as_str().map(board), Some(board(&case.puzzle)));
        let lib = solve_path(&board(&case.puzzle));
        assert_eq!(v["rating"]["level"], lib.rating.level.name());
        assert_eq!(v["rating"]["se"].as_f64().map(|x| x as f32), Some(lib.rating.se));
        assert_eq!(v["rating"]["ep"].as_f64().map(|x| x as f32), Some(lib.rating.ep));
        assert_eq!(v["rating"]["ed"].as_f64().map(|x| x as f32), Some(lib.rating.ed));

        // Replay: values from the puzzle, then every placement; candidates as the peers allow,
        // minus every elimination.
        let mut values: Vec<u8> = board(&case.puzzle).values().to_vec();
        let mut removed = vec![[false; 10]; 81];
        let steps = v["steps"].as_array().expect("steps");
        assert_eq!(steps.len(), lib.steps.len());
        for step in steps {
            let (placements, eliminations) = check_step(step, solution.as_bytes());
            for [r, c, d] in eliminations {
                removed[(r - 1) * 9 + c - 1][d] = true;
            }
            for [r, c, d] in placements {
                let i = (r - 1) * 9 + c - 1;
                assert!(!removed[i][d], "r{r}c{c}={d} placed after its elimination");
                values[i] = d as u8;
            }
        }
        let replayed: String = values.iter().map(|&d| (b'0' + d) as char).collect();
        assert_eq!(replayed, solution);
    }
}

#[test]
fn explain_json_says_why_there_is_no_solution() {
    let cases = cases();
    // A puzzle without solution whose givens do not clash: the parser accepts it, the solver
    // finds nothing.
    let none = cases
        .iter()
        .find(|c| c.count == 0 && deduku::parse(&c.puzzle).is_ok())
        .expect("a no-solution case the parser accepts");
    let many = cases.iter().find(|c| c.count >= 2).expect("a multi-solution case");
    for (case, status) in [(many, "multiple-solutions"), (none, "no-solution")] {
        let v: Value = serde_json::from_str(&stdout(&run(&["explain", "--json", &case.puzzle])))
            .expect("valid JSON");
        assert_eq!(v["status"], status);
        assert!(v["solution"].is_null());
    }
}

#[test]
fn steps_lists_the_first_or_every_instance_unapplied() {
    // A position along a case's path where each single has instances (no starting position
    // has a full house), given to the command with its placed digits.
    let singles = [Technique::HiddenSingle, Technique::NakedSingle, Technique::FullHouse];
    let case = &unique_cases()[1];
    let mut b = board(&case.puzzle);
    for s in solve_path(&b).steps {
        if singles.iter().all(|&t| find_first(&b, t).is_some()) {
            break;
        }
        s.apply(&mut b);
    }
    let position = deduku::format::to_line_with_placed(&b);
    assert_eq!(board(&position), b);
    let solution = case.solution.as_deref().expect("solution").as_bytes();
    for t in singles {
        let all = find_all(&b, t);
        assert!(!all.is_empty(), "{}: no instance at {position}", t.id());
        let got = stdout(&run(&["steps", "--technique", t.id(), "--all", &position]));
        let lines: Vec<Value> =
            got.lines().map(|l| serde_json::from_str(l).expect("JSON line")).collect();
        assert_eq!(lines.len(), all.len(), "{}", t.id());
        for (v, s) in lines.iter().zip(&all) {
            assert_eq!(v["technique"], t.id());
            assert_eq!(v["text"], s.text.as_str());
            check_step(v, solution);
        }
        // Without --all: the first instance only.
        let first = stdout(&run(&["steps", "--technique", t.id(), &position]));
        let v: Value = serde_json::from_str(first.trim()).expect("one JSON line");
        assert_eq!(first.lines().count(), 1, "{first}");
        assert_eq!(v["text"], find_first(&b, t).expect("an instance").text.as_str());
    }
}

#[test]
fn steps_applies_the_eliminations_first() {
    // Leave one empty cell with only its solution digit: a naked single appears there.
    let case = &unique_cases()[2];
    let b = board(&case.puzzle);
    let solution = case.solution.as_deref().expect("solution").as_bytes();
    let cell =
        Cell::all().find(|&c| b.candidates(c).len() >= 3).expect("a cell with three candidates");
    let sol = solution[cell.index()] - b'0';
    let others: String =
        b.candidates(cell).iter().filter(|d| d.get() != sol).map(|d| d.to_string()).collect();
    let list = format!("r{}c{}<>{others}", cell.row() + 1, cell.col() + 1);

    let mut expected_board = b.clone();
    let parsed = parse_eliminations(&list).expect("the library reads the list");
    assert_eq!(parsed.len(), others.len(), "`{list}`: one candidate per digit");
    for k in &parsed {
        assert_eq!(k.cell, cell, "`{list}`");
        assert!(expected_board.eliminate(k.cell, k.digit), "`{list}`: {k} is a candidate");
    }
    let expected = find_all(&expected_board, Technique::NakedSingle);
    let got = stdout(&run(&[
        "steps",
        "--technique",
        "naked-single",
        "--all",
        "--eliminated",
        &list,
        &case.puzzle,
    ]));
    let texts: Vec<String> = got
        .lines()
        .map(|l| {
            serde_json::from_str::<Value>(l).expect("JSON")["text"].as_str().unwrap().to_string()
        })
        .collect();
    assert_eq!(texts, expected.iter().map(|s| s.text.clone()).collect::<Vec<_>>());
    let want = serde_json::json!([cell.row() + 1, cell.col() + 1, sol]);
    assert!(
        got.lines().any(|l| {
            let v: Value = serde_json::from_str(l).unwrap();
            v["placements"].as_array().unwrap().contains(&want)
        }),
        "no naked single at {cell} after `{list}`: {got}"
    );

    // A list without digits is bad usage: exit code 2, the parser's message, no output.
    let e = parse_eliminations("r1c1<>").expect_err("no digits after <>");
    let bad =
        run(&["steps", "--technique", "naked-single", "--eliminated", "r1c1<>", &case.puzzle]);
    assert_eq!(bad.status.code(), Some(2));
    let err = String::from_utf8_lossy(&bad.stderr);
    assert!(err.contains("--eliminated") && err.contains(&e.message), "{err}");
    assert!(bad.stdout.is_empty());
}

#[test]
fn steps_prints_nothing_when_the_technique_has_no_instance() {
    let case = cases()
        .into_iter()
        .find(|c| {
            deduku::parse(&c.puzzle).is_ok_and(|b| find_first(&b, Technique::FullHouse).is_none())
        })
        .expect("a case without a full house");
    let out = run(&["steps", "--technique", "full-house", "--all", &case.puzzle]);
    assert_eq!(stdout(&out), "");
}

#[test]
fn bad_usage_exits_with_code_2_and_a_clear_message() {
    let puzzle = &cases()[0].puzzle;
    let missing = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("no-such-file.txt");
    let missing = path_str(&missing);
    let checks: Vec<(Vec<&str>, &str)> = vec![
        (vec!["solve", missing], "no-such-file.txt"),
        (vec!["rate", missing], "no-such-file.txt"),
        (vec!["bench", missing], "no-such-file.txt"),
        (vec!["explain", missing], "neither a puzzle"),
        (vec!["steps", "--technique", "hidden-single", missing], "neither a puzzle"),
        (vec!["steps", "--technique", "no-such-technique", puzzle], "hidden-single"),
        (vec!["explain", "--techniques", "x-wing,bogus", puzzle], "valid IDs"),
        (
            vec!["steps", "--technique", "unique-rectangle-1", "--no-uniqueness", puzzle],
            "uniqueness",
        ),
        (vec!["frobnicate"], "frobnicate"),
        (vec!["solve", "--count", "many"], "many"),
    ];
    for (args, needle) in checks {
        let out = run(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(needle), "{args:?}: stderr lacks `{needle}`: {err}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn rate_prints_se_level_hardest_and_steps() {
    let cases = cases();
    let text: String = cases.iter().map(|c| c.puzzle.clone() + "\n").collect();
    let got = stdout(&run_stdin(&["rate"], &text));
    let lines: Vec<&str> = got.lines().collect();
    assert_eq!(lines.len(), cases.len());
    for (i, (line, case)) in lines.iter().zip(&cases).enumerate() {
        match (deduku::parse(&case.puzzle), case.count) {
            (Err(e), _) => assert_eq!(*line, cli_error(&e, i + 1)),
            (Ok(_), 0) => assert_eq!(*line, "error: no solution"),
            (Ok(_), 1) => {
                let p = solve_path(&board(&case.puzzle));
                let f: Vec<&str> = line.split('\t').collect();
                assert_eq!(f.len(), 6, "{line}");
                assert_eq!(f[0], format!("{:.1}", p.rating.se));
                assert_eq!(f[1], p.rating.level.name());
                assert_eq!(f[2], p.rating.hardest.map_or("-", |t| t.id()));
                assert_eq!(f[3], p.steps.len().to_string());
                assert_eq!(f[4], format!("{:.1}", p.rating.ep));
                assert_eq!(f[5], format!("{:.1}", p.rating.ed));
                assert!(p.rating.ed <= p.rating.ep && p.rating.ep <= p.rating.se, "{line}");
            }
            (Ok(_), _) => assert_eq!(*line, "error: multiple solutions"),
        }
    }
}

/// With singles only, an easy puzzle (the first unique count case) is rated easy with the
/// singles' path, and a hard one (the first of top1465) is reported stuck.
#[test]
fn rate_honours_the_technique_options() {
    let ids = "full-house,hidden-single,naked-single";
    let options = deduku::Options::with_techniques(
        ids.split(',').map(|id| Technique::from_id(id).unwrap()).collect(),
    );
    let easy = unique_cases()[0].puzzle.clone();
    let hard = deduku::format::to_line(&support::corpus("corpora/top1465.txt")[0]);
    let got = stdout(&run_stdin(&["rate", "--techniques", ids], &format!("{easy}\n{hard}\n")));
    let lines: Vec<&str> = got.lines().collect();
    assert_eq!(lines.len(), 2, "{got}");

    let p = solve_path_with(&board(&easy), &options);
    assert_eq!(p.status, deduku::PathStatus::Solved);
    let f: Vec<&str> = lines[0].split('\t').collect();
    assert_eq!(
        f,
        [
            format!("{:.1}", p.rating.se),
            "easy".into(),
            p.rating.hardest.map_or("-", |t| t.id()).into(),
            p.steps.len().to_string(),
            format!("{:.1}", p.rating.ep),
            format!("{:.1}", p.rating.ed)
        ]
    );

    let p = solve_path_with(&board(&hard), &options);
    assert_eq!(p.status, deduku::PathStatus::Stuck);
    assert_eq!(
        lines[1],
        format!("error: stuck after {} steps (no enabled technique applies)", p.steps.len())
    );
}

#[test]
fn bench_reports_speed_and_guesses() {
    let cases = cases();
    let file = temp_file("bench", &cases.iter().map(|c| c.line.clone() + "\n").collect::<String>());
    let parsed = cases.iter().filter(|c| deduku::parse(&c.puzzle).is_ok());
    let solvable = parsed.clone().filter(|c| c.count > 0).count();
    let out = stdout(&run(&["bench", "--seconds", "0", "--mode", "one", path_str(&file)]));
    assert!(out.contains(&format!("puzzles={} solvable={solvable} ", parsed.count())), "{out}");
    for key in ["puzzles_per_sec=", "usec_per_puzzle=", "guesses_per_puzzle="] {
        assert!(out.contains(key), "{out}");
    }
}

#[test]
fn explain_reads_a_multi_line_grid_as_one_puzzle() {
    let case = &unique_cases()[3];
    let grid: String = case
        .puzzle
        .as_bytes()
        .chunks(9)
        .map(|row| format!("{}\n", String::from_utf8_lossy(row)))
        .collect();
    assert_eq!(board(&grid), board(&case.puzzle), "the library reads the grid as the line");
    let out = run_stdin(&["explain", "--json"], &grid);
    let v: Value = serde_json::from_str(&stdout(&out)).expect("JSON");
    assert_eq!(v["solution"].as_str(), case.solution.as_deref());
    assert_eq!(v["steps"].as_array().map(Vec::len), Some(solve_path(&board(&grid)).steps.len()));
}

#[test]
fn explain_honours_the_technique_options() {
    let ids = "full-house,hidden-single,naked-single";
    let options = deduku::Options::with_techniques(
        ids.split(',').map(|id| Technique::from_id(id).unwrap()).collect(),
    );
    for case in unique_cases().iter().take(3) {
        let p = solve_path_with(&board(&case.puzzle), &options);
        let out = run(&["explain", "--json", "--techniques", ids, &case.puzzle]);
        let v: Value = serde_json::from_str(&stdout(&out)).expect("JSON");
        let status = match p.status {
            deduku::PathStatus::Solved => "solved",
            _ => "stuck",
        };
        assert_eq!(v["status"], status);
        let steps = v["steps"].as_array().expect("steps");
        assert_eq!(steps.len(), p.steps.len());
        for s in steps {
            assert!(ids.split(',').any(|id| s["technique"] == id), "{s}");
        }
    }
}

/// `--timeout-ms`: a puzzle that needs longer prints `error: timeout` in its place, the lines
/// around it are unchanged, and without the flag it is rated. `explain` gives up with exit code
/// 1 and a message. (The hardest puzzles take far more than 1 ms, so this is no timed test.)
#[test]
fn timeout_gives_up_on_one_puzzle_and_keeps_the_order() {
    let hardest = deduku::format::to_line(&support::corpus("corpora/forum-hardest-sample.txt")[0]);
    let empty = ".".repeat(81);
    let input = format!("not a puzzle\n{hardest}\n{empty}\n");
    let plain = stdout(&run_stdin(&["rate"], &input));
    let timed = stdout(&run_stdin(&["rate", "--timeout-ms", "1"], &input));
    let (plain, timed): (Vec<&str>, Vec<&str>) = (plain.lines().collect(), timed.lines().collect());
    assert_eq!(timed.len(), 3, "{timed:?}");
    assert_eq!(timed[1], "error: timeout");
    assert!(plain[1].starts_with(|c: char| c.is_ascii_digit()), "rated without it: {}", plain[1]);
    assert_eq!((timed[0], timed[2]), (plain[0], plain[2]));
    assert_eq!(timed[2], "error: multiple solutions");

    let out = run(&["explain", "--timeout-ms", "1", &hardest]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("timeout"), "{out:?}");
    assert!(out.stdout.is_empty());
}

/// `solve --count N --timeout-ms MS`: a count that would take far longer (the empty grid's
/// first 10^12 solutions) prints `error: timeout` in its place; the lines around it, a count
/// that ends (a unique puzzle) and a solve, are the same as without the flag. Without the
/// flag the empty grid's count would run for days, so it is not run here; the library's
/// stop check is tested on its own in `solve`'s unit tests.
#[test]
fn solve_count_with_a_timeout_gives_up_on_a_huge_count_and_keeps_the_order() {
    let easy = deduku::format::to_line(&support::corpus("corpora/top1465.txt")[0]);
    let empty = ".".repeat(81);
    let input = format!("{easy}\n{empty}\n{easy}\n");
    let timed =
        stdout(&run_stdin(&["solve", "--count", "1000000000000", "--timeout-ms", "300"], &input));
    let timed: Vec<&str> = timed.lines().collect();
    assert_eq!(timed, ["1", "error: timeout", "1"]);
    let solved = stdout(&run_stdin(&["solve", "--timeout-ms", "300"], &input));
    let plain = stdout(&run_stdin(&["solve"], &input));
    assert_eq!(solved, plain);
    assert_eq!(plain.lines().nth(1), Some("error: multiple solutions"));
}

/// `explain --words`: under each numbered step, indented and wrapped, the step's explanation
/// in words, exactly the library's `Step::explain` once the lines are joined.
#[test]
fn explain_words_prints_each_steps_explanation_under_it() {
    let hard = deduku::format::to_line(&support::corpus("corpora/top1465.txt")[0]);
    let path = solve_path(&board(&hard));
    let text = stdout(&run(&["explain", "--words", &hard]));
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("Puzzle:"), "{text}");
    let mut i = 1;
    for (n, step) in path.steps.iter().enumerate() {
        assert_eq!(lines[i].trim_start(), format!("{}. {}", n + 1, step.text), "{text}");
        i += 1;
        let mut words = Vec::new();
        while i < lines.len()
            && lines[i].starts_with("    ")
            && !lines[i].trim_start().starts_with(&format!("{}. ", n + 2))
        {
            assert!(lines[i].trim().chars().count() <= 88, "line too long: {}", lines[i]);
            words.push(lines[i].trim());
            i += 1;
        }
        let want = step.explain().split_whitespace().collect::<Vec<_>>().join(" ");
        assert_eq!(words.join(" "), want, "step {}", n + 1);
        assert!(!words.is_empty());
    }
    assert!(lines[i].starts_with("Solution:"), "{}", lines[i]);
    // Without --words the explanations are not printed.
    let plain = stdout(&run(&["explain", &hard]));
    assert_eq!(plain.lines().count(), path.steps.len() + 3, "{plain}");
}

/// `explain --json`: every step carries its explanation and its technique's description, a
/// forcing step its proof as a list; `steps` does not.
#[test]
fn explain_json_steps_carry_explanation_and_about() {
    let hard = deduku::format::to_line(&support::corpus("corpora/top1465.txt")[0]);
    let path = solve_path(&board(&hard));
    let v: Value = serde_json::from_str(&stdout(&run(&["explain", "--json", &hard]))).unwrap();
    let steps = v["steps"].as_array().expect("steps");
    assert_eq!(steps.len(), path.steps.len());
    let mut proofs = 0;
    for (j, s) in steps.iter().zip(&path.steps) {
        assert_eq!(j["explanation"].as_str(), Some(s.explain().as_str()), "{j}");
        assert_eq!(j["about"].as_str(), Some(s.technique.description()), "{j}");
        assert_eq!(j["text"].as_str(), Some(s.text.as_str()));
        // A forcing step's proof as data: the same entries `Proof::render` prints, each
        // numbered line with its fact, premises that point back to earlier numbered lines.
        let Some(proof) = s.proof() else {
            assert!(j.get("proof").is_none(), "{j}");
            continue;
        };
        proofs += 1;
        let list = j["proof"].as_array().expect("a proof");
        let rendered = proof.render();
        assert_eq!(list.len(), rendered.len());
        for (k, (e, r)) in list.iter().zip(&rendered).enumerate() {
            let (label, text) = (e["label"].as_str().unwrap(), e["text"].as_str().unwrap());
            if label.is_empty() {
                assert_eq!(text, r);
                assert!(e.get("fact").is_none(), "{e}");
                continue;
            }
            assert_eq!(&format!("{label}. {text}"), r);
            let fact = &e["fact"]["candidate"];
            let cell = format!("r{}c{}", fact[0], fact[1]);
            let is = if e["fact"]["is"] == true { " is " } else { " is not " };
            assert!(text.contains(&format!("{cell}{is}{}", fact[2])), "{e}");
            for p in e["premises"].as_array().unwrap() {
                let p = p.as_u64().unwrap() as usize;
                assert!(p < k && list[p].get("fact").is_some(), "{e}");
            }
        }
        assert!(list.last().unwrap()["label"] == "", "the ending comes last");
    }
    assert!(proofs > 0, "the path of top1465 #1 has a forcing net");
    let line = stdout(&run(&["steps", "--technique", "hidden-single", &hard]));
    let first: Value = serde_json::from_str(line.lines().next().expect("a step")).unwrap();
    assert!(first.get("explanation").is_none() && first.get("about").is_none(), "{first}");
}

/// `about`: the description by ID or name in any case; an unknown name is a usage error that
/// lists near names.
#[test]
fn about_describes_a_technique_by_id_or_name() {
    let want = format!("X-Wing (x-wing)\n{}\n", Technique::XWing.description());
    for arg in ["x-wing", "X-Wing", "X-WING", "x wing"] {
        let out = run(&["about", arg]);
        assert_eq!(out.status.code(), Some(0), "{arg}");
        assert_eq!(stdout(&out), want, "{arg}");
    }
    let sdc = stdout(&run(&["about", "sue de coq"]));
    assert!(sdc.starts_with("Sue de Coq (sue-de-coq)\n"), "{sdc}");
    assert!(sdc.contains(Technique::SueDeCoq.description()));

    let out = run(&["about", "x-wnig"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("unknown technique `x-wnig`") && err.contains("x-wing"), "{err}");
    assert!(out.stdout.is_empty());
    let out = run(&["about", "swordfsh"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("swordfish"), "{err}");
    let out = run(&["about", "zzzzzzzzzzzzzz"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("valid IDs"));
}
