//! # deduku-web — the Deduku page
//!
//! A Yew app built by Trunk into two WebAssembly modules: the page (`bin/app.rs`) and the
//! solver worker (`bin/worker.rs`). Every solver call runs in the worker; the page only keeps
//! the model and draws it.
//!
//! - [`protocol`]: the plain message types between page and worker; library types are
//!   converted there.
//! - [`agent`]: the worker, a yew-agent reactor, and the jobs it runs.
//! - [`client`]: the page's end of the worker (spawn once, send).
//! - [`codec`]: the bytes of the messages between page and worker (postcard).
//! - [`position`]: the person's grid (three kinds of digits, notes, colours, back out).
//! - [`history`]: undo and redo.
//! - [`state`]: the model, changed only by actions; no Yew, tested natively.
//! - [`persist`]: the URL hash and local storage.
//! - [`roles`] and [`picture`]: what each cell shows, for the screen and Save picture alike;
//!   [`fixed`] prints their numbers.
//! - [`offline`]: the service worker's registration and the update notice.
//! - [`samples`]: the puzzles of the Samples menu, compiled in.
//! - [`hooks`]: the Yew hooks that connect the model to the worker, the keyboard, the player
//!   and the URL/storage ([`hooks::use_worker`] is the only user of [`client`]).
//! - [`components`]: one Yew component per file; [`components::app::App`] is the root.
//!
//! Invariants: the page never calls the solver (it only counts candidates for warnings and
//! singles); a reply is applied only if its id is the one the model waits for; the path always
//! starts from the person's position, and every change of that position is one history entry.

pub mod agent;
pub mod client;
pub mod codec;
pub mod components;
pub mod daily;
pub mod fixed;
pub mod history;
pub mod hooks;
pub mod offline;
pub mod persist;
pub mod picture;
pub mod position;
pub mod protocol;
pub mod roles;
pub mod samples;
pub mod state;
