//! The page's components, one per file. Each takes the data it draws and one
//! `Callback<Action>`; none holds state of its own beyond what the browser needs (focus, the
//! import box's text).

pub mod app;
pub mod controls;
pub mod grid;
pub mod import;
pub mod overlay;
pub mod pad;
pub mod status;
pub mod steps;
