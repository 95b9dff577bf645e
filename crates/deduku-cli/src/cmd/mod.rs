//! One module per subcommand.

pub mod about;
pub mod bench;
pub mod drill;
pub mod explain;
pub mod generate;
pub mod print;
pub mod rate;
pub mod solve;
pub mod steps;
