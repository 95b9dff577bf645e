//! `deduku solve --count N` counts in flat memory: the built binary counts a few million
//! solutions of the empty grid, prints exactly N, and (on Linux, where `/proc` shows it) its
//! resident memory stays small while it runs. Storing every solution counted (81 bytes each)
//! reached hundreds of megabytes here.

use std::io::Read;
use std::path::PathBuf;
use std::process::{Command, Stdio};

/// Solutions to count: far more than any kept list could hold in the memory bound below, few
/// enough to count in a few seconds with optimisations (the `test-release` profile). Debug
/// builds count fewer.
const N: usize = if cfg!(debug_assertions) { 200_000 } else { 10_000_000 };

/// The bound on the peak resident memory, in kB: the binary and its thread pool take a few
/// megabytes; keeping the solutions would take N × 81 bytes (810 MB for 10,000,000).
#[cfg(target_os = "linux")]
const MAX_RSS_KB: u64 = 48 * 1024;

#[test]
fn count_of_the_empty_grid_prints_n_in_flat_memory() {
    let file = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("count-empty-grid.txt");
    std::fs::write(&file, format!("{}\n", ".".repeat(81))).expect("write the empty grid");
    let mut child = Command::new(env!("CARGO_BIN_EXE_deduku"))
        .args(["solve", "--count", &N.to_string()])
        .arg(&file)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn deduku");
    // The output is one short line, so the pipe never fills while the child runs.
    let mut peak_kb = 0u64;
    let mut samples = 0usize;
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait for deduku") {
            break status;
        }
        if let Some(kb) = peak_rss_kb(child.id()) {
            peak_kb = peak_kb.max(kb);
            samples += 1;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    let mut out = String::new();
    child.stdout.take().expect("stdout").read_to_string(&mut out).expect("read stdout");
    let mut err = String::new();
    child.stderr.take().expect("stderr").read_to_string(&mut err).expect("read stderr");
    assert!(status.success(), "deduku solve --count {N} failed: {err}");
    assert_eq!(out, format!("{N}\n"));
    check_memory(peak_kb, samples);
}

/// The peak resident memory of process `pid` so far (VmHWM, or VmRSS when absent), in kB.
#[cfg(target_os = "linux")]
fn peak_rss_kb(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let field = |name: &str| {
        status
            .lines()
            .find_map(|l| l.strip_prefix(name)?.trim().strip_suffix("kB")?.trim().parse().ok())
    };
    field("VmHWM:").or_else(|| field("VmRSS:"))
}

#[cfg(not(target_os = "linux"))]
fn peak_rss_kb(_pid: u32) -> Option<u64> {
    None
}

#[cfg(target_os = "linux")]
fn check_memory(peak_kb: u64, samples: usize) {
    if samples == 0 {
        println!("skipped the memory check: the count ended before /proc could be read");
        return;
    }
    println!("peak resident memory {peak_kb} kB over {samples} samples");
    assert!(peak_kb < MAX_RSS_KB, "peak resident memory {peak_kb} kB, over {MAX_RSS_KB} kB");
}

#[cfg(not(target_os = "linux"))]
fn check_memory(_peak_kb: u64, _samples: usize) {
    println!("skipped the memory check: resident memory is read from /proc on Linux only");
}
