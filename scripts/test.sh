#!/usr/bin/env bash
# The one test command (CI runs it through .ci/run): installs what is missing, then checks
# formatting, lints, native tests, docs, the release build of the page (with its size), the
# browser tests (wasm-bindgen-test in headless Chromium) and the end-to-end tests (playwright
# against the release build served on loopback).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$PWD"

# Each step's header says how long the one before it took (and the total so far), so every run's
# log shows where the time goes.
last_step=""
last_start=$SECONDS
step() {
  if [ -n "$last_step" ]; then
    printf '   (%s: %d s; %d s so far)\n' "$last_step" $((SECONDS - last_start)) "$SECONDS" >&2
  fi
  last_step="$*"
  last_start=$SECONDS
  printf '\n== %s\n' "$*" >&2
}

step "setup"
scripts/setup.sh
export PATH="$ROOT/tests/node_modules/.bin:$HOME/.cargo/bin:$PATH"
export CHROMEDRIVER=/usr/bin/chromedriver
export TRUNK_SKIP_VERSION_CHECK=true

step "cargo fmt --check"
cargo fmt --all --check

step "cargo clippy"
cargo clippy --workspace --all-targets -- -D warnings
# The page, its worker and the browser tests as the browser gets them (wasm32): the native pass
# above does not compile the browser tests, so a changed signature would only show much later.
cargo clippy -p deduku-web --target wasm32-unknown-unknown --lib --bins --test browser -- -D warnings

step "cargo test (profile test-release: optimised, no LTO)"
# The tests that read ../shared (big corpora, the reference solver) are #[ignore]d, so a fresh
# clone counts them as ignored; they run when ../shared/data exists beside the project.
# The examples (timing tools for bench/run) are not built here: clippy above has checked them,
# and building them optimised took about 45 s of CPU. The doc tests run on their own.
targets=(--workspace --profile test-release --lib --bins --tests)
if [ -d ../shared/data ]; then
  cargo test "${targets[@]}" -- --include-ignored
else
  cargo test "${targets[@]}"
fi
cargo test --workspace --profile test-release --doc

step "fuzz targets (20 s each, when nightly and cargo-fuzz are installed)"
# The fuzz crate is a workspace of its own (fuzz/): libFuzzer needs the nightly toolchain. A
# machine without it skips this step and says so; the property tests above cover the same
# ground with a fixed budget.
if rustup toolchain list 2>/dev/null | grep -q '^nightly' && cargo +nightly fuzz --version >/dev/null 2>&1; then
  # parse: pastes and files; engine: every technique on arbitrary candidate states;
  # page_inputs: the link's hash and what local storage holds (fuzz/seeds/ gives it real ones).
  for target in parse engine page_inputs; do
    log="$(mktemp)"
    # libFuzzer exits non-zero on a panic (the input is left in fuzz/artifacts/TARGET/), and
    # so does a build that fails; its progress lines go to the log, the summary here.
    if ! fuzz/run.sh "$target" 20 >"$log"; then
      tail -n 40 "$log" >&2
      echo "fuzz target $target failed (a crash is kept in fuzz/artifacts/$target/)" >&2
      exit 1
    fi
    grep -E '^Done' "$log" | sed "s/^/  $target: /" >&2
    rm -f "$log"
  done
else
  echo "skipped: the fuzz targets need the nightly toolchain and cargo-fuzz" \
    "(rustup toolchain install nightly; cargo install cargo-fuzz)" >&2
fi

step "cargo doc"
RUSTDOCFLAGS=-Dwarnings cargo doc --workspace --no-deps

step "trunk build --release"
scripts/trunk.sh build --release --offline
scripts/dist-size.sh 600000 >&2
# The app's wasm is what a first visit waits for before the grid (issue 52: 1.5 s over slow 4G),
# so it keeps no copy of the standard library's sorts (several kB each, per element type): the
# library's small sort (`deduku::sort`) does the page's sorting. The unbound module Cargo wrote
# still has its function names (mangled: _ZN4core5slice4sort… or, from the nightly that builds
# the page, _RNvNtNtCs…_4core5slice4sort… is core::slice::sort).
app_wasm="${CARGO_TARGET_DIR:-target}/wasm32-unknown-unknown/web-release/app.wasm"
if [ ! -f "$app_wasm" ]; then
  echo "cannot check the app's wasm for std's sort: $app_wasm is not there after the build" >&2
  exit 1
fi
if grep -aq '4core5slice4sort' "$app_wasm"; then
  echo "the app's wasm has a copy of the standard library's sort:" \
    "$(grep -ao '4core5slice4sort[0-9a-z_]*' "$app_wasm" | sort -u | head -3 | tr '\n' ' ')" \
    "— use deduku::sort in web/ (see crates/deduku/src/sort.rs)" >&2
  exit 1
fi

step "wasm-bindgen-test in headless Chromium"
# The runner gives the whole file 20 s by default; the eight tests take about 15 s on a quiet
# two-core host (the cancel test runs the hardest sample's path in the worker), and a busy one
# went past it. A hung test still fails, after two minutes.
WASM_BINDGEN_TEST_TIMEOUT=${WASM_BINDGEN_TEST_TIMEOUT:-120} \
  cargo test -p deduku-web --target wasm32-unknown-unknown --test browser

step "end-to-end (playwright-core + Chromium against dist/ on loopback)"
port_file=$(mktemp)
node tests/static-server.mjs dist 0 >"$port_file" &
server_pid=$!
trap 'kill "$server_pid" 2>/dev/null || true; rm -f "$port_file"' EXIT
for _ in $(seq 1 100); do
  grep -q '^listening' "$port_file" && break
  sleep 0.1
done
port=$(awk '/^listening/ {print $2}' "$port_file")
[ -n "$port" ] || { echo "the static server did not start" >&2; exit 1; }
# Two processes at once: the e2e tests are in two shards (tests/e2e.mjs says why).
(cd tests && DEDUKU_URL="http://127.0.0.1:$port/" node --test --test-concurrency=2)
kill "$server_pid"
wait "$server_pid" 2>/dev/null || true
trap - EXIT
rm -f "$port_file"

step "all checks passed"
