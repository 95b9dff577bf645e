//! `deduku drill`: N headed pencil-mark grids that read back as the library's drill positions,
//! then an answer key that is the library's key of each; output fixed by the seed; unknown and
//! undrillable techniques refused with exit code 2 and a message saying where to find IDs.

use deduku::Technique;
use deduku::drill::{Key, drill_position};
use deduku::generate::seed_for;
use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_deduku")).args(args).output().expect("run deduku")
}

fn stdout(o: &Output) -> String {
    assert_eq!(o.status.code(), Some(0), "stderr: {}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout.clone()).expect("UTF-8 output")
}

#[test]
fn drill_prints_positions_then_their_answer_key() {
    let out = stdout(&run(&["drill", "--technique", "x-wing", "--count", "2", "--seed", "3"]));
    let blocks: Vec<&str> = out.split("\n\n").collect();
    assert_eq!(blocks.len(), 3, "{out}");
    let mut keys = Vec::new();
    for (k, block) in blocks[..2].iter().enumerate() {
        let (heading, grid) = block.split_once('\n').expect("a heading and a grid");
        assert_eq!(heading, format!("Drill {} of 2: X-Wing (x-wing)", k + 1));
        let board = deduku::parse(grid).expect("the grid parses");
        let d = drill_position(Technique::XWing, seed_for(3, k as u64)).expect("a drill");
        assert_eq!(board, d.position, "drill {}", k + 1);
        keys.push(Key::of(&board, Technique::XWing));
    }
    let key: Vec<&str> = blocks[2].lines().collect();
    assert_eq!(key[0], "Answer key: X-Wing", "{out}");
    let numbered: Vec<&&str> = key.iter().filter(|l| !l.starts_with(' ')).skip(1).collect();
    assert_eq!(numbered.len(), 2, "{out}");
    for (k, line) in numbered.iter().enumerate() {
        assert_eq!(**line, format!("{}. {}", k + 1, keys[k].text()));
        assert!(!keys[k].text().is_empty());
    }
    // Every instance's text is listed under its drill.
    for s in keys.iter().flat_map(|k| &k.instances) {
        assert!(key.contains(&format!("   {}", s.text).as_str()), "{}: {out}", s.text);
    }
    // The same seed prints the same worksheet; another seed another one.
    let again = run(&["drill", "--technique", "x-wing", "--count", "2", "--seed", "3"]);
    assert_eq!(stdout(&again), out);
    let other = run(&["drill", "--technique", "X-Wing", "--count", "2", "--seed", "4"]);
    assert_ne!(stdout(&other), out);
}

#[test]
fn drill_of_a_single_keys_the_placement() {
    let out = stdout(&run(&["drill", "--technique", "hidden-single"]));
    assert!(out.starts_with("Drill 1 of 1: Hidden Single (hidden-single)\n"), "{out}");
    let key = out.split("Answer key: Hidden Single\n").nth(1).expect("a key");
    let first = key.lines().next().expect("a key line");
    assert!(first.starts_with("1. r") && first.contains('='), "{first}");
}

#[test]
fn drill_refuses_unknown_and_undrillable_techniques() {
    let o = run(&["drill", "--technique", "x-wingz"]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("unknown technique `x-wingz`"), "{err}");
    assert!(err.contains("did you mean: x-wing"), "{err}");
    assert!(err.contains("deduku about"), "{err}");
    assert!(err.contains("techniques with drills: full-house, hidden-single"), "{err}");
    assert!(o.stdout.is_empty());

    let o = run(&["drill", "--technique", "unit-permutation"]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    let why = "(unit-permutation): it is not a step of the default solve path";
    assert!(err.contains(&format!("no drills for Unit Permutation Check {why}")), "{err}");
    assert!(err.contains("techniques with drills:"), "{err}");

    let o = run(&["drill", "--technique", "forcing-chain-contradiction"]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("an easier technique always comes first"), "{err}");

    // AIC, which the default path never takes first, has drills (its walk ranks it before
    // the discontinuous nice loop: deduku::drill::walk_order).
    let o = run(&["drill", "--technique", "aic", "--seed", "3"]);
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(String::from_utf8_lossy(&o.stdout).contains("Answer key: AIC"));

    let o = run(&["drill", "--technique", "x-wing", "--count", "0"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn drill_not_found_within_the_budget_exits_1() {
    let o = run(&["drill", "--technique", "jellyfish", "--attempts", "1", "--seed", "2"]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("drill: position 1 of 1: not found within 1 attempts"), "{err}");
    assert!(err.contains("drill: 1 of 1 positions not found within 1 attempts"), "{err}");
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(out, "Answer key: Jellyfish\n");
}
