//! Criterion benchmark of the exact solver on the big corpora of `../shared/data` (skipped with a
//! message when absent): whole-file passes in the two everyday modes, limit 1 (solve) and
//! limit 2 (uniqueness). Throughput is reported in puzzles per second.
//!
//! `cargo bench -p deduku --bench solve`; for the plain puzzles/s figure compared with the
//! reference solver use `cargo run --release -p deduku --example solve_speed -- FILE count2`.

use criterion::{Criterion, Throughput, criterion_main};
use deduku::solve::count_values;
use std::hint::black_box;
use std::path::PathBuf;

fn read_puzzles(text: &str) -> Vec<[u8; 81]> {
    text.lines()
        .map(|l| l.trim_end_matches('\r'))
        .filter(|l| !l.is_empty() && !l.starts_with('#') && l.len() >= 81)
        .map(|l| {
            let mut g = [0u8; 81];
            for (cell, b) in g.iter_mut().zip(l.bytes()) {
                *cell = if (b'1'..=b'9').contains(&b) { b - b'0' } else { 0 };
            }
            g
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/corpora");
    for name in ["17-clue.txt", "top1465.txt"] {
        let path = dir.join(name);
        let Ok(text) = std::fs::read_to_string(&path) else {
            println!("skipped {name}: {} not found (no ../shared/data)", path.display());
            continue;
        };
        let puzzles = read_puzzles(&text);
        let mut group = c.benchmark_group(name.trim_end_matches(".txt"));
        group.throughput(Throughput::Elements(puzzles.len() as u64));
        group.sample_size(10);
        for (mode, limit) in [("one", 1), ("count2", 2)] {
            group.bench_function(mode, |b| {
                b.iter(|| {
                    let mut solved = 0usize;
                    for p in &puzzles {
                        solved += usize::from(count_values(black_box(p), limit).count > 0);
                    }
                    solved
                })
            });
        }
        group.finish();
    }
}

// The macro defines an undocumented `benches` function.
#[allow(missing_docs)]
mod group {
    criterion::criterion_group!(benches, super::bench);
}
use group::benches;
criterion_main!(benches);
