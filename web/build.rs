//! Computes a build id from the sources of the page, the worker and the solver library, so the
//! worker's URL changes whenever its code may have (Trunk does not hash the worker's file names,
//! and a browser could otherwise pair a new page with a cached old worker).

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::path::Path;

fn hash_dir(dir: &Path, h: &mut DefaultHasher) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let mut paths: Vec<_> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for p in paths {
        if p.is_dir() {
            hash_dir(&p, h);
        } else if let Ok(bytes) = std::fs::read(&p) {
            p.file_name().hash(h);
            bytes.hash(h);
        }
    }
}

fn main() {
    let mut h = DefaultHasher::new();
    for dir in ["src", "../crates/deduku/src"] {
        println!("cargo:rerun-if-changed={dir}");
        hash_dir(Path::new(dir), &mut h);
    }
    println!("cargo:rustc-env=DEDUKU_BUILD_ID={:016x}", h.finish());
}
