//! `deduku solve` must print exactly what the reference solver prints on the big corpora
//! (`../shared/tools/baseline ... emit`, the `sudoku` crate). Needs `../shared` beside the
//! workspace, which a fresh clone has not: ignored unless asked for (`scripts/test.sh` asks when
//! `../shared/data` exists).

use crate::support;
use std::path::{Path, PathBuf};
use std::process::Command;

fn workspace() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn output(cmd: &mut Command) -> String {
    let out = cmd.output().expect("run command");
    assert!(out.status.success(), "{cmd:?} failed: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).expect("UTF-8 output")
}

/// The reference solver's `emit` output on `file`.
fn baseline(shared: &Path, file: &Path) -> String {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
    output(
        Command::new(cargo)
            .args(["run", "--quiet", "--release", "--manifest-path"])
            .arg(shared.join("tools/baseline/Cargo.toml"))
            .arg("--target-dir")
            .arg(workspace().join("target/baseline"))
            .arg("--")
            .arg(file)
            .arg("emit"),
    )
}

#[test]
#[ignore = "needs ../shared/data; scripts/test.sh runs it when present"]
fn solve_matches_the_reference_solver_on_big_corpora() {
    let shared = support::shared_path("");
    let corpora = shared.join("data/corpora");
    for needed in [corpora.clone(), shared.join("tools/baseline/Cargo.toml")] {
        assert!(needed.exists(), "{} not found (this test needs ../shared)", needed.display());
    }
    for name in ["top1465.txt", "17-clue.txt"] {
        let file = corpora.join(name);
        let want = baseline(&shared, &file);
        let got = output(Command::new(env!("CARGO_BIN_EXE_deduku")).arg("solve").arg(&file));
        assert!(want.lines().count() > 1000, "{name}: the reference printed too little");
        assert_eq!(got.lines().count(), want.lines().count(), "{name}: line count");
        for (i, (g, w)) in got.lines().zip(want.lines()).enumerate() {
            assert_eq!(g, w, "{name}: output line {}", i + 1);
        }
    }
}
