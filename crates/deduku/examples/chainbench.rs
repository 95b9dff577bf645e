//! Scratch: time chain searches on top1465 positions after singles.
use deduku::logic::{Context, Options, next_step_in};
use deduku::{Board, Technique, TechniqueSet, find_all};
use std::time::Instant;
fn main() {
    let text = std::fs::read_to_string("tests/data/corpora/top1465.txt").unwrap();
    let singles: TechniqueSet =
        [Technique::FullHouse, Technique::HiddenSingle, Technique::NakedSingle]
            .into_iter()
            .collect();
    let mut boards = Vec::new();
    for l in text.lines().filter(|l| !l.starts_with('#')).step_by(15) {
        let mut v = [0u8; 81];
        for (i, b) in l.bytes().take(81).enumerate() {
            if b.is_ascii_digit() {
                v[i] = b - b'0';
            }
        }
        let mut b = Board::from_values(&v);
        while let Some(s) =
            next_step_in(&b, &Options::with_techniques(singles), &Context { unique: Some(true) })
        {
            if !s.makes_progress(&b) {
                break;
            }
            s.apply(&mut b);
        }
        boards.push(b);
    }
    let only: Vec<Technique> =
        std::env::args().skip(1).filter_map(|a| Technique::from_id(&a)).collect();
    for &t in &only {
        let t0 = Instant::now();
        let mut n = 0;
        for b in &boards {
            n += find_all(b, t).len();
        }
        println!(
            "{:<30} {:>8.2} ms/board  {} steps",
            t.id(),
            t0.elapsed().as_secs_f64() * 1000.0 / boards.len() as f64,
            n
        );
    }
}
