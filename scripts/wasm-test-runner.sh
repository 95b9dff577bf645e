#!/usr/bin/env bash
# Cargo's runner for wasm32 tests: runs wasm-bindgen-test-runner from the workspace root so it
# finds webdriver.json and serves dist/ (the browser tests spawn the built worker from there).
set -euo pipefail
cd "$(dirname "$0")/.."
export CHROMEDRIVER="${CHROMEDRIVER:-/usr/bin/chromedriver}"
exec wasm-bindgen-test-runner "$@"
