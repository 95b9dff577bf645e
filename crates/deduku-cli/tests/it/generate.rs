//! `deduku generate`: the line format, unique solutions (checked with the library), output fixed
//! for a seed whatever the thread count, levels as asked, and bad options refused with exit
//! code 2 and a message naming the problem.

use deduku::solve::count_solutions;
use deduku::{Technique, solve_path};
use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_deduku")).args(args).output().expect("run deduku")
}

fn stdout(o: &Output) -> String {
    assert_eq!(o.status.code(), Some(0), "stderr: {}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout.clone()).expect("UTF-8 output")
}

/// Checks one output line against the library; returns its level field.
fn check_line(line: &str) -> String {
    let f: Vec<&str> = line.split('\t').collect();
    assert_eq!(f.len(), 4, "{line}");
    assert_eq!(f[0].len(), 81, "{line}");
    assert!(f[0].chars().all(|c| c == '.' || ('1'..='9').contains(&c)), "{line}");
    let board = deduku::parse(f[0]).expect("the puzzle parses");
    assert_eq!(count_solutions(&board, 2).count, 1, "{line}: not one solution");
    let rating = solve_path(&board).rating;
    assert_eq!(f[1], format!("{:.1}", rating.se), "{line}");
    assert_eq!(f[2], rating.level.name(), "{line}");
    assert_eq!(f[3], rating.hardest.map_or("-", Technique::id), "{line}");
    f[2].to_string()
}

#[test]
fn generate_prints_unique_puzzles_fixed_by_the_seed() {
    let out = stdout(&run(&["generate", "--count", "5", "--seed", "7"]));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 5, "{out}");
    for l in &lines {
        check_line(l);
    }
    let puzzles: std::collections::HashSet<&str> =
        lines.iter().map(|l| l.split('\t').next().unwrap()).collect();
    assert_eq!(puzzles.len(), 5, "{out}");
    assert_eq!(stdout(&run(&["generate", "--count", "5", "--seed", "7"])), out);
    assert_eq!(stdout(&run(&["generate", "--count", "5", "--seed", "7", "--threads", "1"])), out);
    assert_eq!(stdout(&run(&["generate", "--count", "5", "--seed", "7", "--threads", "3"])), out);
    // The first puzzles of a longer run are the same puzzles.
    let longer = stdout(&run(&["generate", "--count", "8", "--seed", "7"]));
    assert!(longer.starts_with(&out), "{longer}");
    assert_ne!(stdout(&run(&["generate", "--count", "5", "--seed", "8"])), out);
    // The default seed is 1.
    assert_eq!(stdout(&run(&["generate"])), stdout(&run(&["generate", "--seed", "1"])));
}

#[test]
fn generate_targets_and_symmetry() {
    let out = stdout(&run(&["generate", "--level", "hard", "--count", "3"]));
    assert_eq!(out.lines().count(), 3, "{out}");
    for l in out.lines() {
        assert_eq!(check_line(l), "hard");
    }
    let out = stdout(&run(&["generate", "--se", "3.0-4.5", "--count", "3", "--seed", "2"]));
    for l in out.lines() {
        check_line(l);
        let se: f32 = l.split('\t').nth(1).unwrap().parse().unwrap();
        assert!((3.0..=4.5).contains(&se), "{l}");
    }
    let out = stdout(&run(&[
        "generate",
        "--technique",
        "x-wing",
        "--only-tier",
        "--count",
        "2",
        "--attempts",
        "20000",
    ]));
    for l in out.lines() {
        let board = deduku::parse(l.split('\t').next().unwrap()).unwrap();
        let steps = solve_path(&board).steps;
        assert!(steps.iter().any(|s| s.technique == Technique::XWing), "{l}");
        assert!(steps.iter().all(|s| s.technique.tier() <= 2), "{l}");
    }
    let out = stdout(&run(&["generate", "--symmetry", "central", "--count", "3"]));
    for l in out.lines() {
        check_line(l);
        let p = l.as_bytes();
        assert!((0..81).all(|i| (p[i] == b'.') == (p[80 - i] == b'.')), "{l}");
    }
    let out = stdout(&run(&["generate", "--not-minimal", "--clues", "30-32", "--count", "3"]));
    for l in out.lines() {
        check_line(l);
        let clues = l.split('\t').next().unwrap().chars().filter(|&c| c != '.').count();
        assert!((30..=32).contains(&clues), "{l}");
    }
}

#[test]
fn generate_refuses_bad_options_with_exit_code_2() {
    for (args, wants) in [
        (&["--level", "nope"][..], &["nope", "--level"][..]),
        (&["--se", "5-2"], &["--se", "SE range"]),
        (&["--se", "abc"], &["abc", "--se"]),
        (&["--technique", "bogus"], &["bogus", "x-wing"]),
        (&["--only-tier"], &["--technique"]),
        (&["--technique", "franken-x-wing"], &["franken-x-wing", "default solve path"]),
        (&["--clues", "10-20"], &["--clues", "17 and 81"]),
        (&["--clues", "40-30"], &["--clues", "fewest"]),
        (&["--level", "hard", "--se", "3"], &["--level", "--se"]),
        (&["--symmetry", "spiral"], &["spiral", "central"]),
        (&["--count", "0"], &["--count"]),
        (&["--attempts", "0"], &["--attempts"]),
        (&["--threads", "0"], &["--threads"]),
    ] {
        let mut all = vec!["generate"];
        all.extend_from_slice(args);
        let o = run(&all);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(o.stdout.is_empty(), "{args:?}");
        for w in wants {
            assert!(err.contains(w), "{args:?}: {err}");
        }
    }
}

#[test]
fn generate_reports_puzzles_not_found_and_exits_1() {
    let o = run(&[
        "generate",
        "--technique",
        "jellyfish",
        "--only-tier",
        "--attempts",
        "2",
        "--count",
        "3",
    ]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    for k in 1..=3 {
        assert!(err.contains(&format!("puzzle {k} of 3: not found within 2 attempts")), "{err}");
    }
    assert!(o.stdout.is_empty());
}
