//! The `deduku` binary's integration tests, one test binary (`cargo test -p deduku-cli --test
//! it [FILTER]`). `support` is the workspace's test support crate (`deduku-test-support`: HoDoKu's
//! regression library, exemplars, corpora, soundness checks), shared with the library's tests.

mod baseline;
mod cli;
mod count;
mod drill;
mod files;
mod generate;
mod reglib;
use deduku_test_support as support;
