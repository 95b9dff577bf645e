#!/usr/bin/env bash
# The exact solver's wasm (MODE=path: the explained path's) timed in Node, which runs V8 as
# Chromium does but starts in a fraction of a second and can be pinned to one core: a quick,
# steady A/B of wasm-only changes (build flags, wasm-opt passes) before
# bench/wasm-vs-native.sh measures the ratio in the browser.
# Node's V8 is years older than Chromium's (Node 20: V8 11.3; Chromium 156: V8 15.6), and a
# verdict here can fail to hold there: confirm it in the browser before keeping a change. The
# work is the `wasm_vs_native` example's (crates/deduku-test-support/src/work.rs:
# `Exact`, the three sets, count <= 2; with MODE=path, `PathBench`, the explained path with its
# rating walk on every 20th puzzle of top1465); the crate around it is written into
# target/wasm-node/ and built as the shipped worker is (the solver at opt-level 2, the rest at
# "z", fat LTO, panic=abort; wasm-bindgen, then wasm-opt).
#
#   bench/wasm-node-bench.sh NAME [RUNS]   build into target/wasm-node/out/NAME, then print
#                                            one `bench exact …` line per set (RUNS runs of 150 ms;
#                                            MODE=path: one `bench path …` line, RUNS passes)
#   bench/wasm-node-bench.sh --run NAME [RUNS]     time a build made before, without building
#
# WASM_RUSTFLAGS sets rustflags for the build (e.g. "-C target-feature=+simd128"); WASM_OPT the
# wasm-opt flags (default: the shipped worker's, read from index.html by
# bench/worker-opt-flags.sh; empty: no wasm-opt); SET one set only (top1465,
# forum-hardest-sample or 17-clue-sample); PROFILE=1 also writes a V8 CPU profile and prints the
# share of each function (the functions' names are kept; give SET, or the sets mix). Alternate two
# builds' `--run`s under `taskset -c 1` to compare them. Needs what scripts/test.sh needs (run
# scripts/setup.sh once).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
export PATH="$root/tests/node_modules/.bin:$HOME/.cargo/bin:$PATH"
dir=$root/target/wasm-node
build=1
if [ "${1:-}" = "--run" ]; then
  build=0
  shift
fi
name="${1:?usage: $0 [--run] NAME [RUNS]}"
runs="${2:-6}"
out=$dir/out/$name
# A set name the work does not have would time nothing and print nothing.
if [ -n "${SET:-}" ]; then
  sets=$(sed -n 's/.*name: "\([^"]*\)".*/\1/p' crates/deduku-test-support/src/work.rs)
  grep -qx -- "$SET" <<<"$sets" || { echo "no set $SET; the sets are:" $sets >&2; exit 2; }
fi

if [ "$build" = 1 ]; then
  bindgen=$(sed -n 's/^wasm-bindgen = "\(=[0-9.]*\)".*/\1/p' web/Cargo.toml)
  # The web-release profile's two opt-levels, read from the workspace so the copy below follows it.
  web_opt=$(sed -n '/^\[profile.web-release\]/,/^\[/s/^opt-level = \(.*\)/\1/p' Cargo.toml)
  solver_opt=$(sed -n '/^\[profile.web-release.package.deduku\]/,/^\[/s/^opt-level = \(.*\)/\1/p' Cargo.toml)
  [ -n "$web_opt" ] && [ -n "$solver_opt" ] || { echo "no web-release opt-levels in Cargo.toml" >&2; exit 1; }
  mkdir -p "$dir/src"
  cat >"$dir/Cargo.toml" <<EOF
[package]
name = "wasm-node"
version = "0.1.0"
edition = "2024"
publish = false

[lib]
crate-type = ["cdylib"]

[dependencies]
deduku = { path = "$root/crates/deduku" }
wasm-bindgen = "$bindgen"
js-sys = "0.3"

# As the workspace's web-release profile, which Trunk builds the worker with.
[profile.release]
opt-level = $web_opt
lto = true
codegen-units = 1
panic = "abort"

[profile.release.package.deduku]
opt-level = $solver_opt

[workspace]
EOF
  cat >"$dir/src/lib.rs" <<EOF
//! Written by bench/wasm-node-bench.sh: the example's exact-solver bench, for Node.
use wasm_bindgen::prelude::*;

#[path = "$root/crates/deduku-test-support/src/work.rs"]
#[allow(dead_code)]
mod work;

/// One \`bench exact …\` line per set (\`only\` that set, if not empty): \`runs\` runs of
/// \`ms\` milliseconds each.
#[wasm_bindgen]
pub fn bench(only: &str, runs: usize, ms: f64) -> String {
    let now = js_sys::Date::now;
    let mut lines = Vec::new();
    for set in work::EXACT_SETS.iter().filter(|s| only.is_empty() || s.name == only) {
        let mut exact = work::Exact::new(set);
        for _ in 0..runs {
            exact.run(&now, ms);
        }
        lines.push(exact.report());
    }
    lines.join("\n")
}

#[wasm_bindgen]
extern "C" {
    /// Node's \`performance.now()\`: Date.now() counts whole milliseconds, too coarse for a
    /// puzzle's path.
    #[wasm_bindgen(js_namespace = performance)]
    fn now() -> f64;
}

thread_local! {
    static PATH: std::cell::RefCell<work::PathBench> = std::cell::RefCell::default();
}

/// Times the path of puzzle \`i\` of the path set once. Node calls this once per puzzle, as
/// the browser's bench resumes once per puzzle: V8 moves a function to its optimising tier on
/// a later call only, so one call running every pass would keep what is inlined into it in the
/// baseline tier throughout (9 % of the samples when \`bench\` ran all passes itself).
#[wasm_bindgen]
pub fn path_time(i: usize) {
    PATH.with(|p| p.borrow_mut().time(i, &now));
}

/// The number of puzzles in the path set.
#[wasm_bindgen]
pub fn path_puzzles() -> usize {
    PATH.with(|p| p.borrow().boards.len())
}

/// The \`bench path …\` line of the passes timed so far.
#[wasm_bindgen]
pub fn path_report() -> String {
    PATH.with(|p| p.borrow().report())
}
EOF
  cp Cargo.lock "$dir/Cargo.lock"
  flags=()
  if [ -n "${WASM_RUSTFLAGS:-}" ]; then
    flags=("RUSTFLAGS=$WASM_RUSTFLAGS")
  fi
  env "${flags[@]}" cargo build -q --release \
    --target wasm32-unknown-unknown --manifest-path "$dir/Cargo.toml" --target-dir "$dir/target"
  rm -rf "$out"
  wasm-bindgen --target nodejs --no-typescript --keep-debug --out-dir "$out" \
    "$dir/target/wasm32-unknown-unknown/release/wasm_node.wasm"
  opt="${WASM_OPT-$(bench/worker-opt-flags.sh)}"
  if [ -n "$opt" ]; then
    set -f # the flags are split into words but never globbed
    # shellcheck disable=SC2086 # the flags are words
    wasm-opt $opt -g "$out/wasm_node_bg.wasm" -o "$out/wasm_node_bg.wasm"
    set +f
  fi
fi

[ -f "$out/wasm_node.js" ] || { echo "no build $out (run without --run first)" >&2; exit 1; }
prof=()
if [ "${PROFILE:-}" = 1 ]; then
  rm -rf "$out/prof"
  prof=(--cpu-prof --cpu-prof-interval 200 --cpu-prof-dir "$out/prof")
fi
only="${SET:-}"
case "${MODE:-exact}" in
  exact) ;;
  path) only=path ;;
  *) echo "MODE is exact or path" >&2; exit 2 ;;
esac
if [ "$only" = path ]; then
  # One call per puzzle (see path_time in the crate above).
  node "${prof[@]}" -e "const w = require('$out/wasm_node.js'), n = w.path_puzzles();
    for (let p = 0; p < $runs; p++) for (let i = 0; i < n; i++) w.path_time(i);
    console.log(w.path_report())"
else
  node "${prof[@]}" -e "console.log(require('$out/wasm_node.js').bench('$only', $runs, 150))"
fi
if [ "${PROFILE:-}" = 1 ]; then
  node -e '
    const fs = require("fs"), dir = process.argv[1];
    const p = JSON.parse(fs.readFileSync(dir + "/" + fs.readdirSync(dir)[0]));
    const byId = new Map(p.nodes.map((n) => [n.id, n.callFrame.functionName]));
    const self = new Map();
    for (const s of p.samples) {
      // "deduku::solve::engine::State::triads::h0123…" -> "triads"
      const parts = byId.get(s).split("::");
      const f = parts.length > 1 ? parts[parts.length - 2] : parts[0] || "(anonymous)";
      self.set(f, (self.get(f) || 0) + 1);
    }
    const all = p.samples.length;
    [...self].sort((a, b) => b[1] - a[1]).slice(0, 10)
      .forEach(([f, n]) => console.log(`${(100 * n / all).toFixed(1).padStart(5)} % ${f}`));
  ' "$out/prof"
fi
