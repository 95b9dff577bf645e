//! Time per position of the chain and forcing finders (every instance, texts included) on
//! every 15th top1465 puzzle after singles.
//!
//! ```text
//! cargo run -p deduku --release --example chainbench -- x-chain forcing-net-contradiction
//! ```

use deduku::logic::{Context, Options, next_step_in};
use deduku::{Board, Technique, TechniqueSet, find_all};
use std::time::Instant;

fn main() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/corpora/top1465.txt");
    let Ok(text) = std::fs::read_to_string(path) else {
        println!("{path} not found");
        return;
    };
    let singles: TechniqueSet =
        [Technique::FullHouse, Technique::HiddenSingle, Technique::NakedSingle]
            .into_iter()
            .collect();
    let opts = Options::with_techniques(singles);
    let ctx = Context { unique: Some(true) };
    let mut boards = Vec::new();
    for l in text.lines().filter(|l| l.len() >= 81 && !l.starts_with('#')).step_by(15) {
        let mut v = [0u8; 81];
        for (i, b) in l.bytes().take(81).enumerate() {
            if b.is_ascii_digit() {
                v[i] = b - b'0';
            }
        }
        let mut b = Board::from_values(&v);
        while let Some(s) = next_step_in(&b, &opts, &ctx) {
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
        let per = t0.elapsed().as_secs_f64() * 1000.0 / boards.len().max(1) as f64;
        println!("{:<34} {per:>8.2} ms/position  {n} steps", t.id());
    }
}
