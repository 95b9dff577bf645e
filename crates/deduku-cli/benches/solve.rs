//! Criterion benchmark of the exact solver on the big corpora of `../shared/data` (skipped with a
//! message when absent): whole-file passes of the shared harness ([`deduku_cli::bench::pass`])
//! in its two modes, `one` (solve) and `count2` (uniqueness), over the boards the corpus reader
//! ([`deduku_cli::input::read_puzzles`]) parsed. Throughput is reported in puzzles per second.
//!
//! `cargo bench -p deduku-cli --bench solve`; for the plain puzzles/s figure compared with the
//! reference solver use `deduku bench FILE` or
//! `cargo run --release -p deduku-cli --example solve_speed -- FILE count2`.

use criterion::{Criterion, Throughput, criterion_main};
use deduku_cli::bench::{Mode, pass};
use deduku_cli::input::read_puzzles;
use std::path::PathBuf;

fn bench(c: &mut Criterion) {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/corpora");
    for name in ["17-clue.txt", "top1465.txt"] {
        let path = dir.join(name);
        let boards = match read_puzzles(&path) {
            Ok(puzzles) => puzzles.boards,
            Err(e) => {
                println!("skipped {name}: {e} (no ../shared/data)");
                continue;
            }
        };
        let mut group = c.benchmark_group(name.trim_end_matches(".txt"));
        group.throughput(Throughput::Elements(boards.len() as u64));
        group.sample_size(10);
        for mode in [Mode::One, Mode::Count2] {
            group.bench_function(mode.name(), |b| b.iter(|| pass(&boards, mode)));
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
