//! The `deduku` binary's integration tests, one test binary (`cargo test -p deduku-cli --test
//! it [FILTER]`). `support` is the library's test support module (HoDoKu's regression library,
//! exemplars, corpora, soundness checks), included by path so both crates share one copy.

mod baseline;
mod cli;
mod count;
mod files;
mod generate;
mod reglib;
#[path = "../../../deduku/tests/it/support.rs"]
mod support;
