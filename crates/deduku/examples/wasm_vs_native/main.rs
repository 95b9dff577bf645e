//! The native side of the wasm ÷ native comparison: times the exact solver (count up to 2) on
//! three sets and the explained path (`solve_path`) on every 20th puzzle of top1465, on one
//! core, with exactly the code the wasm benches of `web/tests/browser.rs` run (`deduku_test_support::work`,
//! shared), and prints the same `bench …` lines.
//!
//! ```text
//! cargo run -p deduku --release --example wasm_vs_native [exact|path|all|family]
//! ```
//!
//! `family` times the default path's finders family by family on the path set instead (see
//! `work::family_pass`). `passes SET N` runs the exact solver's warm-up pass and then exactly
//! `N` passes over one set (one run each): a fixed amount of work, for counting instructions
//! (`valgrind --tool=cachegrind`; the difference between two `N` is the cost of the passes).
//!
//! The wasm side, in headless Chromium:
//!
//! ```text
//! WASM_BINDGEN_TEST_TIMEOUT=600 cargo test -p deduku-web --release \
//!     --target wasm32-unknown-unknown --test browser -- --include-ignored --nocapture wasm_vs_native
//! ```
//!
//! `bench/wasm-vs-native.sh` runs both alternately and prints the ratios.

use deduku_test_support::work;

use std::time::Instant;

fn main() {
    let what = std::env::args().nth(1).unwrap_or_else(|| "all".into());
    if !matches!(what.as_str(), "exact" | "path" | "all" | "family" | "passes") {
        eprintln!("usage: wasm_vs_native [exact|path|all|family] | passes SET N");
        std::process::exit(2);
    }
    let start = Instant::now();
    let now = move || start.elapsed().as_secs_f64() * 1e3;
    if what == "passes" {
        let name = std::env::args().nth(2).unwrap_or_default();
        let Some(set) = work::EXACT_SETS.iter().find(|s| s.name == name) else {
            let names: Vec<&str> = work::EXACT_SETS.iter().map(|s| s.name).collect();
            eprintln!("passes: no set {name:?}; the sets are {}", names.join(", "));
            std::process::exit(2);
        };
        let arg = std::env::args().nth(3).unwrap_or_default();
        let Ok(n) = arg.parse::<usize>() else {
            eprintln!("passes: the number of passes must be a whole number, not {arg:?}");
            std::process::exit(2);
        };
        let mut bench = work::Exact::new(set);
        for _ in 0..n {
            bench.run(&now, 0.0);
        }
        println!("{}", bench.report());
        return;
    }
    if what == "family" {
        for _ in 0..work::PATH_PASSES {
            for line in work::family_pass(&now) {
                println!("{line}");
            }
        }
        return;
    }
    if what != "path" {
        for set in &work::EXACT_SETS {
            let mut bench = work::Exact::new(set);
            for _ in 0..work::EXACT_RUNS {
                bench.run(&now, work::EXACT_RUN_MS);
            }
            println!("{}", bench.report());
        }
    }
    if what != "exact" {
        let mut bench = work::PathBench::default();
        for _ in 0..work::PATH_PASSES {
            for i in 0..bench.boards.len() {
                bench.time(i, &now);
            }
        }
        println!("{}", bench.report());
    }
}
