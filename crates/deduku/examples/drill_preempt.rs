//! Which techniques pre-empt a technique on the default path: on every position of the
//! default path (up to the technique's tier) where `--technique ID` applies, the techniques
//! before it in default order that apply too. A technique a person is never shown first
//! (AIC, WXYZ-wing) has a drill only when those are ranked after it.
//!
//! `cargo run -p deduku --release --example drill_preempt -- --technique aic [--max N] FILE...`
use deduku::logic::{Advance, Options, PathRun, find_all};
use deduku::solve::{Outcome, solve};
use deduku::{Board, Technique};
use std::collections::BTreeMap;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value = |name: &str| args.iter().position(|a| a == name).and_then(|i| args.get(i + 1));
    let t = Technique::from_id(value("--technique").expect("--technique ID")).expect("an ID");
    let max: usize = value("--max").and_then(|v| v.parse().ok()).unwrap_or(usize::MAX);
    let files: Vec<&String> = args
        .iter()
        .enumerate()
        .filter(|&(i, a)| !a.starts_with("--") && (i == 0 || !args[i - 1].starts_with("--")))
        .map(|(_, a)| a)
        .collect();
    let before: Vec<Technique> =
        Technique::ALL.iter().copied().filter(|&u| u < t && u.default_enabled()).collect();
    let mut sets: BTreeMap<Vec<&str>, usize> = BTreeMap::new();
    let mut each: BTreeMap<&str, usize> = BTreeMap::new();
    let mut positions = 0;
    for file in files {
        let text = std::fs::read_to_string(file).expect("a file");
        for line in text.lines().filter(|l| !l.starts_with('#') && l.len() >= 81) {
            let b = line.as_bytes();
            let Some(values) = (0..81)
                .map(|i| match b[i] {
                    c @ b'1'..=b'9' => Some(c - b'0'),
                    b'0' | b'.' => Some(0),
                    _ => None,
                })
                .collect::<Option<Vec<u8>>>()
            else {
                continue;
            };
            let values: [u8; 81] = values.try_into().expect("81");
            let board = Board::from_values(&values);
            if !matches!(solve(&board), Outcome::Unique(_)) {
                continue;
            }
            let mut run = PathRun::new(&board, &Options::default());
            loop {
                let pos = run.board().clone();
                let Advance::Step(s) = run.advance(None) else { break };
                if s.technique.tier() > t.tier() || run.board().is_complete() {
                    break;
                }
                if s.technique.tier() < 3 || find_all(&pos, t).is_empty() {
                    continue;
                }
                positions += 1;
                let applying: Vec<&str> = before
                    .iter()
                    .filter(|&&u| u.tier() == t.tier() && !find_all(&pos, u).is_empty())
                    .map(|u| u.id())
                    .collect();
                for a in &applying {
                    *each.entry(a).or_default() += 1;
                }
                *sets.entry(applying).or_default() += 1;
            }
            if positions >= max {
                break;
            }
        }
    }
    println!("{positions} positions where {} applies (path steps of tier 3)", t.id());
    for (a, n) in &each {
        println!("  {a}: applies on {n}");
    }
    for (s, n) in &sets {
        println!("  {n} × [{}]", s.join(", "));
    }
}
