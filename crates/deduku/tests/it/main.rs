//! The library's integration tests, one binary (`cargo test -p deduku --test it [FILTER]`):
//! one module per subject, all on the helpers in `support`. Test data is in `tests/data/`
//! (see the `SOURCES.md` files there); proptest's regression seeds are in
//! `tests/proptest-regressions/` (where proptest looks for the modules of this binary).

mod drill;
mod formats;
mod generate;
mod path;
mod proofs;
mod rating;
mod solver;
mod soundness;
use deduku_test_support as support;
mod techniques;
