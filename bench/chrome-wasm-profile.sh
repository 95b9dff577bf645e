#!/usr/bin/env bash
# Where headless Chromium's own V8 spends the wasm benches' time, function by function and
# instruction by instruction: runs the ignored benches of web/tests/browser.rs whose names match
# FILTER (as bench/wasm-vs-native.sh builds them: the worker's profile and wasm-opt flags, plus
# -g so the functions keep their names) under `perf record`, with V8 writing its JIT code to
# jitdump files (`--js-flags=--perf-prof`, which needs `--no-sandbox` to write them), then
# `perf inject --jit` so the samples land on named wasm functions. Node's V8 is years older than
# Chromium's (bench/wasm-node-bench.sh), and its compiled code differs.
#
#   bench/chrome-wasm-profile.sh FILTER [OUT]
#       FILTER: wasm_vs_native_exact, wasm_vs_native_explained or wasm_vs_native_family
#       OUT: the directory left with perf.jit.data (default target/chrome-wasm-profile)
#
# Prints the bench lines and the functions with the most samples of their own in the renderer
# (the Chromium process with the most samples). Then, for one function's machine code with
# each instruction's share:
#   perf annotate -i OUT/perf.jit.data --stdio -s 'JS:deduku::solve::engine::Search::run::…-turbofan'
# (the full names are in the printed list). The Chromium options go into webdriver.json for the
# run and are put back afterwards, also when the run fails. Needs perf and what scripts/test.sh
# needs (run scripts/setup.sh once).
set -euo pipefail
cd "$(dirname "$0")/.."
filter="${1:?usage: $0 FILTER [OUT]}"
out="$(realpath -m "${2:-target/chrome-wasm-profile}")"
# OUT is emptied first: never the workspace, its parents or the home directory.
top="${out%/}"
case "$PWD/" in "$top"/*) echo "OUT must not be $out: it is emptied first" >&2; exit 2 ;; esac
[ "$out" != "$HOME" ] || { echo "OUT must not be the home directory: it is emptied first" >&2; exit 2; }
command -v perf >/dev/null || { echo "chrome-wasm-profile.sh needs perf (Debian: apt install linux-perf)" >&2; exit 1; }
export PATH="$PWD/tests/node_modules/.bin:$HOME/.cargo/bin:$PATH"
export CHROMEDRIVER="${CHROMEDRIVER:-/usr/bin/chromedriver}"
export WASM_BINDGEN_TEST_TIMEOUT="${WASM_BINDGEN_TEST_TIMEOUT:-900}"
WASM_TEST_OPT="$(bench/worker-opt-flags.sh) -g"
export WASM_TEST_OPT
rm -rf "$out"
mkdir -p "$out/jit"
saved=$(mktemp)
cp webdriver.json "$saved"
# The renderer writes its jitdump files into its working directory, the workspace root; perf
# inject writes one small file per compiled function beside them. All of them move to OUT.
tidy() {
  cp "$saved" webdriver.json
  rm -f "$saved"
  find . -maxdepth 1 \( -name 'jit-*.dump' -o -name 'jitted-*.so' -o -name 'isolate-*-v8.log' \) \
    -exec mv -t "$out/jit/" {} +
}
trap tidy EXIT
python3 - <<'PY'
import json
with open("webdriver.json") as f:
    j = json.load(f)
j["goog:chromeOptions"]["args"] += ["--no-sandbox", "--js-flags=--perf-prof"]
with open("webdriver.json", "w") as f:
    json.dump(j, f, indent=2)
PY
cargo test -q -p deduku-web --profile web-release --target wasm32-unknown-unknown --test browser --no-run
perf record -q -F 1000 -e cpu-clock -k 1 -o "$out/perf.data" -- \
  cargo test -p deduku-web --profile web-release --target wasm32-unknown-unknown --test browser \
  -- --include-ignored --nocapture "$filter" >"$out/log.txt" 2>&1 || { cat "$out/log.txt" >&2; exit 1; }
perf inject --jit -i "$out/perf.data" -o "$out/perf.jit.data"
grep '^bench ' "$out/log.txt" || true
# The renderer: the Chromium process with the most samples (wasm-opt, which runs in Node, and
# the browser's other processes are in the recording too).
# (sed, not head, ends these pipes: head would stop reading early, and pipefail would end the
# script.)
renderer=$(perf report -i "$out/perf.jit.data" --no-children --stdio --sort pid -g none 2>/dev/null |
  sed -n 's/^ *[0-9.]*% *\([0-9]*\):chromium.*/\1/p' | sed -n 1p)
[ -n "$renderer" ] || { echo "no Chromium samples in $out/perf.jit.data" >&2; exit 1; }
echo
echo "self samples of the renderer (pid $renderer), by function, as shares of its samples"
perf report -i "$out/perf.jit.data" --no-children --stdio --sort sym -g none --pid "$renderer" \
  --percentage relative 2>/dev/null |
  grep -v '^#' | grep '%' | sed -n 1,25p
