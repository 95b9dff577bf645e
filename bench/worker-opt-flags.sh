#!/usr/bin/env bash
# Prints the wasm-opt flags Trunk runs on the shipped worker, read from index.html's worker line
# (`-O` + data-wasm-opt, then data-wasm-opt-params, in Trunk's order; nothing for
# data-wasm-opt="0", with which Trunk runs no wasm-opt), so that the benchmarks
# (bench/wasm-vs-native.sh, bench/wasm-node-bench.sh) optimise their wasm as the page's is.
set -euo pipefail
cd "$(dirname "$0")/.."
line=$(tr '\n' ' ' <index.html | grep -o '<link [^>]*data-bin="worker"[^>]*>') ||
  { echo "index.html has no worker line (data-bin=\"worker\")" >&2; exit 1; }
level=$(sed -n 's/.*data-wasm-opt="\([^"]*\)".*/\1/p' <<<"$line")
params=$(sed -n 's/.*data-wasm-opt-params="\([^"]*\)".*/\1/p' <<<"$line")
[ -n "$level" ] || { echo "index.html's worker line has no data-wasm-opt" >&2; exit 1; }
[ "$level" = 0 ] || echo "-O$level${params:+ $params}"
