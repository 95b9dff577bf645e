#!/usr/bin/env bash
# Cargo's runner for wasm32 tests: runs wasm-bindgen-test-runner from the workspace root so it
# finds webdriver.json and serves dist/ (the browser tests spawn the built worker from there).
set -euo pipefail
cd "$(dirname "$0")/.."
export CHROMEDRIVER="${CHROMEDRIVER:-/usr/bin/chromedriver}"
# WASM_TEST_OPT="FLAGS" first runs wasm-opt with those flags on the test module, as Trunk does on
# the shipped worker (bench/wasm-vs-native.sh passes bench/worker-opt-flags.sh's, to time
# what the page ships).
if [ -n "${WASM_TEST_OPT:-}" ]; then
  set -f # the flags are split into words but never globbed
  opt="${1%.wasm}.opt$(printf '%s' "$WASM_TEST_OPT" | tr -c 'A-Za-z0-9' _).wasm"
  if [ ! "$opt" -nt "$1" ]; then
    # shellcheck disable=SC2086 # the flags are words
    wasm-opt $WASM_TEST_OPT "$1" -o "$opt"
  fi
  shift
  set -- "$opt" "$@"
fi
exec wasm-bindgen-test-runner "$@"
