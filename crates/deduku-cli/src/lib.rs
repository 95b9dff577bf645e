//! The library half of the `deduku` command-line tool: what the binary shares with its benchmark
//! and example targets (`benches/solve.rs`, `examples/solve_speed.rs`), which cannot reach into
//! a binary.
//!
//! - [`input`]: reading puzzles: files or stdin, the batch line rule, the corpus reader
//!   [`input::read_puzzles`], the single-puzzle rule and the ordered parallel batch runner;
//! - [`bench`](mod@bench): the exact solver's benchmark harness (modes, passes, runs, medians).
//!
//! The subcommands themselves live in the binary (`src/main.rs`, `src/cmd/`).

pub mod bench;
pub mod input;
