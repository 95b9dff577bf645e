//! HoDoKu's regression library through `deduku steps`: every case of a technique Deduku has is
//! set up with the case's givens (`+` = placed) and `--eliminated` (its deleted candidates),
//! and the JSON steps printed are compared with the expected eliminations or placements.
//! Prints the pass rate per technique; asserts the command reports exactly what the library
//! finds (the library's own tests, `crates/deduku/tests/it/techniques/`, hold the minimum pass
//! rates per technique).

use crate::support;

use deduku::{Candidate, Cell, Digit, Technique};
use std::collections::HashMap;
use std::process::Command;

fn eliminated_arg(cands: &[Candidate]) -> String {
    cands.iter().map(|k| format!("{}<>{}", k.cell, k.digit)).collect::<Vec<_>>().join(" ")
}

fn cands(v: &serde_json::Value) -> Vec<Candidate> {
    v.as_array()
        .expect("array of [row, col, digit]")
        .iter()
        .map(|t| {
            let n = |i: usize| t[i].as_u64().expect("number") as usize;
            Candidate::new(Cell::at(n(0) - 1, n(1) - 1), Digit::new(n(2) as u8).expect("digit"))
        })
        .collect()
}

/// What `deduku steps --all` prints for one case, as (eliminations, placements) per step.
fn cli_steps(case: &support::RegCase, t: Technique) -> support::Found {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_deduku"));
    cmd.args(["steps", "--all", "--technique", t.id()]);
    if !case.deleted.is_empty() {
        cmd.args(["--eliminated", &eliminated_arg(&case.deleted)]);
    }
    let out = cmd.arg(&case.givens).output().expect("run deduku");
    assert!(
        out.status.success(),
        "line {}: deduku steps failed: {}",
        case.line_no,
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .expect("utf-8")
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).expect("one JSON step per line");
            assert_eq!(v["technique"], t.id(), "line {}", case.line_no);
            (cands(&v["eliminations"]), cands(&v["placements"]))
        })
        .collect()
}

#[test]
fn regression_library_through_deduku_steps() {
    let cases = support::reglib_cases();
    let techniques: Vec<Technique> = Technique::ALL.to_vec();
    // Run the commands on two threads, then score them in file order.
    let jobs: Vec<&support::RegCase> =
        cases.iter().filter(|c| support::reglib_technique(&c.code).is_some()).collect();
    let results: HashMap<usize, support::Found> = std::thread::scope(|s| {
        let handles: Vec<_> = jobs
            .chunks(jobs.len().div_ceil(2))
            .map(|chunk| {
                s.spawn(move || {
                    chunk
                        .iter()
                        .map(|c| {
                            let t = support::reglib_technique(&c.code).expect("mapped");
                            (c.line_no, cli_steps(c, t))
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles.into_iter().flat_map(|h| h.join().expect("worker thread")).collect()
    });
    println!("through `deduku steps`:");
    let via_cli = support::run_reglib_with(&techniques, |case, _| results[&case.line_no].clone());
    println!("through the library:");
    let via_lib = support::run_reglib(&techniques);
    let (mut cases_n, mut covered) = (0, 0);
    for (id, (s, _)) in &via_cli {
        cases_n += s.cases + s.neg_cases;
        covered += s.covered + s.neg_ok;
        let lib = &via_lib[id].0;
        assert_eq!(
            (s.cases, s.exact, s.covered, s.neg_ok),
            (lib.cases, lib.exact, lib.covered, lib.neg_ok),
            "{id}: the command and the library disagree"
        );
    }
    println!("overall: {covered}/{cases_n} cases pass");
    assert!(cases_n > 1000, "only {cases_n} cases ran");
}
