#!/usr/bin/env bash
# Runs Trunk (arguments as Trunk's) with the toolchain the page is built with: a pinned nightly
# that rebuilds the standard library for wasm with `panic = immediate-abort`. A panic then traps
# at once, without formatting its message, and the formatting code and the panics' texts and
# locations leave both modules: the app's wasm is 17.6 kB brotli smaller (184.2 → 166.6 kB),
# about 100 ms less to wait for before the grid over slow 4G (issue 52), and the worker's
# 17.7 kB. The worker still reports its death to the page: a trap reaches the same listeners as
# a panic did (web/src/agent.rs, `report_deaths`), without the panic's text.
#
# Only the web build uses the nightly. The library, the CLI and every test build with stable.
# Where the nightly (or its rust-src) is missing, scripts/setup.sh installs it; should that
# fail, this builds with stable and says so: the page works the same, its wasm is larger.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/tests/node_modules/.bin:$HOME/.cargo/bin:$PATH"
export TRUNK_SKIP_VERSION_CHECK=true

# The nightly channel of 2026-05-20, whose rustc is 1.97.0-nightly (e50aa6fba 2026-05-19).
WEB_NIGHTLY=nightly-2026-05-20
WEB_NIGHTLY_RUSTC=e50aa6fba
# The toolchain's name: `nightly` when it is that compiler (this machine's image has it), or the
# dated one.
web_toolchain() {
  local tc
  for tc in nightly "$WEB_NIGHTLY"; do
    if rustc "+$tc" --version 2>/dev/null | grep -q "($WEB_NIGHTLY_RUSTC " \
      && [ -f "$(rustc "+$tc" --print sysroot)/lib/rustlib/src/rust/library/Cargo.lock" ]; then
      echo "$tc"
      return 0
    fi
  done
  return 1
}

if [ "${1:-}" = "--toolchain" ]; then
  web_toolchain
  exit
fi

if tc=$(web_toolchain); then
  export RUSTUP_TOOLCHAIN="$tc"
  export CARGO_UNSTABLE_BUILD_STD=std,panic_abort
  export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="-Zunstable-options -Cpanic=immediate-abort"
else
  echo "warning: $WEB_NIGHTLY with rust-src is not installed" \
    "(scripts/setup.sh installs it): building the page with stable, whose wasm is larger" >&2
fi
exec trunk "$@"
