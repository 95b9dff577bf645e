#!/usr/bin/env bash
# A diagnostic build of the page into DIR whose app wasm keeps its function names (wasm-bindgen
# --keep-debug, no wasm-opt), so a CPU profile names Rust functions instead of
# `wasm-function[N]`: for bench/page/paste-profile.mjs. Not what ships (the app is larger and
# unoptimised by wasm-opt); the tree and dist/ are left as they were.
#
#   bench/names-build.sh DIR
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:?usage: bench/names-build.sh DIR}
# Trunk reads the page from an HTML file beside the project's own (paths in it are relative).
page=.names-build.html
trap 'rm -f "$page"' EXIT
sed 's/data-bin="app" data-type="main"/data-bin="app" data-type="main" data-keep-debug/; s/data-wasm-opt="z"/data-wasm-opt="0"/' \
  index.html >"$page"
grep -q 'data-keep-debug' "$page" || { echo "index.html no longer has the app line this edits" >&2; exit 1; }
scripts/trunk.sh build --release --offline --dist "$out" "$page"
