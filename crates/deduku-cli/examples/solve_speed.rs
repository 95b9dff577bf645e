//! Speed of the exact solver on a puzzle file, measured like `../shared/tools/baseline` and with
//! the same positional arguments, so the two can be run alternately.
//!
//! usage: `cargo run --release -p deduku-cli --example solve_speed -- FILE [one|count2|emit]
//! [min_seconds] [runs]`, or `… FILE isomorph|shuffle [seed]`, or `… FILE subset|topup N [seed]`
//!
//! - `one`: first solution only (limit 1);
//! - `count2`: count solutions up to 2 (the uniqueness check);
//! - `emit`: untimed, one line per puzzle: the 81-digit solution, `error: no solution` or
//!   `error: multiple solutions` (the same output as the baseline's `emit`);
//! - `isomorph`: untimed, one line per puzzle: the puzzle under a random symmetry of the grid
//!   ([`deduku::generate::random_isomorph`]; puzzle `k` from [`deduku::generate::seed_for`]`(seed,
//!   k)`, seed 1 by default), `.` for an empty cell. A corpus written down in some canonical
//!   form can favour one solver's fixed order of trying digits and cells (forum-hardest-1106
//!   favours the reference's first-solution search); its isomorphs do not
//!   (`bench/solver-ratio.sh` measures both with `ISOMORPHS=N`);
//! - `shuffle`: the same, never transposed ([`deduku::generate::random_shuffle`]): the shuffle
//!   tdoku's benchmark harness gives its puzzles (`SHUFFLE=1` in the script);
//! - `subset N`: untimed, one line per puzzle with a unique solution: `N` cells of that
//!   solution chosen at random (with `N` near 30 nearly all have several solutions);
//! - `topup N`: untimed, the same puzzles with givens from their solution added at random up
//!   to `N` (unique puzzles with many givens). These two measure the lean search of puzzles
//!   with many givens (`LEAN_FROM_GIVENS` in the solver) on other puzzles than one corpus's.
//!
//! Same answers as the reference (from the workspace root, with `../shared` present):
//!
//! ```text
//! F=../shared/data/corpora/17-clue.txt   # or top1465.txt
//! diff <(cargo run -q --release -p deduku-cli --example solve_speed -- $F emit) \
//!      <(cargo run -q --release --manifest-path ../shared/tools/baseline/Cargo.toml -- $F emit)
//! ```
//!
//! Input: the corpus reader of `deduku bench` ([`deduku_cli::input::read_puzzles`]: one puzzle
//! per line by the CLI's batch line rule; lines that do not parse are skipped and counted).
//! Timing: the harness of `deduku bench` ([`deduku_cli::bench::measure`]): one warm-up pass,
//! then `runs` (default 5) runs of whole-file passes lasting `min_seconds` (default 3) in all;
//! the speed printed is the median run; single thread. `deduku bench --mode M --seconds S
//! --runs R FILE` prints the same line.

use deduku::format::to_digits;
use deduku::generate::{Rng, random_isomorph, random_shuffle, seed_for};
use deduku::solve::{Outcome, solve};
use deduku_cli::bench::{Mode, Timing, measure};
use deduku_cli::input::read_puzzles;
use std::io::Write;
use std::path::Path;
use std::process::exit;

const USAGE: &str = "usage: solve_speed FILE [one|count2|emit] [min_seconds] [runs]  |  solve_speed FILE isomorph|shuffle [seed]  |  solve_speed FILE subset|topup N [seed]";

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let Some(path) = args.get(1) else {
        eprintln!("{USAGE}");
        exit(2);
    };
    let mode_name = args.get(2).map_or("count2", String::as_str);
    let mode = match (mode_name, Mode::from_name(mode_name)) {
        ("emit" | "isomorph" | "shuffle" | "subset" | "topup", _) => None,
        (_, Some(m)) => Some(m),
        (other, None) => {
            eprintln!(
                "unknown mode {other}: use one, count2, emit, isomorph, shuffle, subset or topup\n{USAGE}"
            );
            exit(2);
        }
    };
    let seconds = number(args.get(3), "min_seconds", 3.0);
    let runs = number(args.get(4), "runs", 5);
    let puzzles = match read_puzzles(Path::new(path)) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("skipped: {e}");
            return;
        }
    };
    if matches!(mode_name, "isomorph" | "shuffle") {
        let symmetry = if mode_name == "isomorph" { random_isomorph } else { random_shuffle };
        let seed = number(args.get(3), "seed", 1);
        let mut out = String::with_capacity(puzzles.boards.len() * 82);
        for (k, b) in puzzles.boards.iter().enumerate() {
            let iso = symmetry(b.values(), &mut Rng::new(seed_for(seed, k as u64)));
            out.extend(iso.iter().map(|&v| if v == 0 { '.' } else { char::from(b'0' + v) }));
            out.push('\n');
        }
        emit_text(&out);
        return;
    }
    if matches!(mode_name, "subset" | "topup") {
        let n: usize = number(args.get(3), "N", 32).min(81);
        let seed = number(args.get(4), "seed", 1);
        let mut out = String::with_capacity(puzzles.boards.len() * 82);
        for (k, b) in puzzles.boards.iter().enumerate() {
            let Outcome::Unique(solution) = solve(b) else { continue };
            let mut rng = Rng::new(seed_for(seed, k as u64));
            let mut cells: Vec<usize> = (0..81).collect();
            rng.shuffle(&mut cells);
            let mut values = if mode_name == "subset" { [0; 81] } else { *b.values() };
            let mut givens = values.iter().filter(|&&v| v != 0).count();
            for &i in &cells {
                if givens >= n {
                    break;
                }
                if values[i] == 0 {
                    values[i] = solution[i];
                    givens += 1;
                }
            }
            out.extend(values.iter().map(|&v| if v == 0 { '.' } else { char::from(b'0' + v) }));
            out.push('\n');
        }
        emit_text(&out);
        return;
    }
    let Some(mode) = mode else {
        let mut out = String::with_capacity(puzzles.boards.len() * 82);
        for b in &puzzles.boards {
            match solve(b) {
                Outcome::Unique(s) => out.push_str(&to_digits(&s)),
                Outcome::NoSolution => out.push_str("error: no solution"),
                Outcome::Multiple(..) => out.push_str("error: multiple solutions"),
            }
            out.push('\n');
        }
        emit_text(&out);
        return;
    };
    let report = measure(&puzzles.boards, mode, Timing { runs, seconds });
    println!("deduku {report} skipped={}", puzzles.errors.len());
}

/// Writes `text` to stdout; a reader that stops early (`| head`) ends the output quietly.
fn emit_text(text: &str) {
    let _ = std::io::stdout().lock().write_all(text.as_bytes());
}

/// The optional numeric argument `arg`, or `default`; exits with the usage when it is not one.
fn number<T: std::str::FromStr>(arg: Option<&String>, name: &str, default: T) -> T {
    match arg.map(|s| s.parse()) {
        None => default,
        Some(Ok(x)) => x,
        Some(Err(_)) => {
            eprintln!("bad {name}: {:?}\n{USAGE}", arg.map_or("", String::as_str));
            exit(2);
        }
    }
}
