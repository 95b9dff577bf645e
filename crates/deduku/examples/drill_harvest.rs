//! Writes `crates/deduku/src/drill_known.txt`: for every technique the default path can reach,
//! up to `--keep N` puzzles (givens) from real corpora whose default path uses the technique
//! with nothing of a higher tier before its first use — the puzzles [`DrillGenerator`] turns
//! into fresh drills by a random symmetry when its own dug grids rarely reach the technique.
//!
//! `cargo run -p deduku --release --example drill_harvest -- [--keep N] [--only ID,ID]
//! FILE... > OUT`
//!
//! A technique the default path never takes first (AIC, WXYZ-wing, forcing net verity: see
//! [`walk_order`]) is harvested by its drill's own walk, which ranks it before its
//! pre-emptors: a puzzle qualifies when that walk reaches it with nothing of a higher tier
//! before. `--only` harvests just the techniques named (and prints no header).
//!
//! Each input line's first 81 characters of digits and `.` are its givens (other lines are
//! skipped); a puzzle without one solution is skipped. The files are read in the order given,
//! and a technique takes the first puzzles that qualify, at most one per puzzle per technique.
//! The output names the file each line came from.
//!
//! [`DrillGenerator`]: deduku::drill::DrillGenerator
//! [`walk_order`]: deduku::drill::walk_order

use deduku::drill::{is_reachable, ranked_before, walk_order};
use deduku::logic::{Advance, Options, PathRun};
use deduku::solve::{Outcome, solve};
use deduku::{Board, Technique};
use std::collections::BTreeMap;

fn givens(line: &str) -> Option<[u8; 81]> {
    let b = line.as_bytes();
    if b.len() < 81 || line.starts_with('#') {
        return None;
    }
    let mut v = [0u8; 81];
    for (i, &c) in b[..81].iter().enumerate() {
        v[i] = match c {
            b'1'..=b'9' => c - b'0',
            b'0' | b'.' => 0,
            _ => return None,
        };
    }
    Some(v)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let keep: usize = args
        .iter()
        .position(|a| a == "--keep")
        .and_then(|i| args.get(i + 1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(4);
    let only: Option<Vec<Technique>> =
        args.iter().position(|a| a == "--only").and_then(|i| args.get(i + 1)).map(|l| {
            l.split(',').map(|id| Technique::from_id(id).expect("a technique ID")).collect()
        });
    let flag = |a: &str| a == "--keep" || a == "--only";
    let files: Vec<&String> = args
        .iter()
        .enumerate()
        .filter(|&(i, a)| !flag(a) && (i == 0 || !flag(&args[i - 1])))
        .map(|(_, a)| a)
        .collect();
    let wanted: Vec<Technique> = Technique::ALL
        .iter()
        .copied()
        .filter(|&t| is_reachable(t) && only.as_ref().is_none_or(|o| o.contains(&t)))
        .collect();
    // Those the default path never takes first: each walked with its drill's own order.
    let moved: Vec<Technique> =
        wanted.iter().copied().filter(|&t| ranked_before(t).is_some()).collect();
    let mut found: BTreeMap<Technique, Vec<(String, String)>> = BTreeMap::new();
    let options = Options::default();
    'files: for file in files {
        let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{file}: {e}"));
        let name = file.rsplit('/').next().unwrap_or(file);
        let mut read = 0;
        for line in text.lines() {
            if wanted.iter().all(|t| found.get(t).is_some_and(|v| v.len() >= keep)) {
                break 'files;
            }
            let Some(values) = givens(line) else { continue };
            let board = Board::from_values(&values);
            if !matches!(solve(&board), Outcome::Unique(_)) {
                continue;
            }
            read += 1;
            let line81: String =
                values.iter().map(|&v| if v == 0 { '.' } else { (b'0' + v) as char }).collect();
            for &t in &moved {
                let list = found.entry(t).or_default();
                if list.len() >= keep {
                    continue;
                }
                let mut run = PathRun::with_order(&board, &walk_order(t));
                while let Advance::Step(s) = run.advance(None) {
                    if s.technique == t {
                        list.push((line81.clone(), name.to_string()));
                        break;
                    }
                    if run.board().is_complete() {
                        break;
                    }
                }
            }
            if moved.len() == wanted.len() {
                continue;
            }
            let mut run = PathRun::new(&board, &options);
            let mut highest = 0u8;
            let mut used: Vec<Technique> = Vec::new();
            while let Advance::Step(s) = run.advance(None) {
                let t = s.technique;
                if !used.contains(&t) {
                    used.push(t);
                    let list = found.entry(t).or_default();
                    if highest <= t.tier() && is_reachable(t) && list.len() < keep {
                        list.push((line81.clone(), name.to_string()));
                    }
                }
                highest = highest.max(t.tier());
                // Nothing more can qualify once the path is past every tier still wanted.
                let open = wanted
                    .iter()
                    .filter(|t| found.get(t).is_none_or(|v| v.len() < keep))
                    .map(|t| t.tier())
                    .max()
                    .unwrap_or(0);
                if highest > open || run.board().is_complete() {
                    break;
                }
            }
        }
        eprintln!("{name}: {read} puzzles read");
    }
    if only.is_none() {
        println!("# Drill seeds: per technique, puzzles (givens) whose default path uses it with");
        println!("# nothing of a higher tier before its first use. Written by the drill_harvest");
        println!("# example from public corpora; the last field names the file: se-rated-dev.txt");
        println!("# (random puzzles that need more than singles, rated with Sukaku Explainer),");
        println!("# top1465.txt (magictour's top1465, as in tdoku's benchmark data),");
        println!("# technique-exemplars.txt (HoDoKu's exemplars-1.0). A drill is made from one of");
        println!("# them by a random symmetry (digits relabelled, rows, columns, bands, stacks");
        println!("# permuted, transposed), then walked as a dug grid would be. AIC,");
        println!("# WXYZ-wing and forcing net verity, never the default path's first choice, by");
        println!("# their drill's walk (ranked before their pre-emptors: drill::walk_order).");
    }
    for t in &wanted {
        match found.get(t) {
            Some(list) if !list.is_empty() => {
                for (line, file) in list {
                    println!("{} {} {}", t.id(), line, file);
                }
            }
            _ => eprintln!("none for {}", t.id()),
        }
    }
}
