#!/usr/bin/env bash
# Installs what a fresh machine lacks to build, serve and test Deduku; skips what is already
# there at the right version. Safe to run again. See ../shared/docs/toolchain.md for why each
# version and flag is what it is.
set -euo pipefail
cd "$(dirname "$0")/.."

TRUNK_VERSION=0.22.1
WASM_BINDGEN_VERSION=0.2.130

log() { printf '[setup] %s\n' "$*" >&2; }
export PATH="$HOME/.cargo/bin:$PATH"

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  log "adding rust target wasm32-unknown-unknown"
  rustup target add wasm32-unknown-unknown
fi

# The page's wasm is built with a pinned nightly and the standard library rebuilt
# (scripts/trunk.sh says why); everything else builds with stable.
WEB_NIGHTLY=$(sed -n 's/^WEB_NIGHTLY=//p' scripts/trunk.sh)
WEB_NIGHTLY_RUSTC=$(sed -n 's/^WEB_NIGHTLY_RUSTC=//p' scripts/trunk.sh)
if ! scripts/trunk.sh --toolchain >/dev/null; then
  if rustc +nightly --version 2>/dev/null | grep -q "($WEB_NIGHTLY_RUSTC "; then
    log "adding rust-src to the nightly (the page's build rebuilds std)"
    rustup component add rust-src --toolchain nightly \
      || log "could not add it: the page will be built with stable (larger wasm)"
  else
    log "installing $WEB_NIGHTLY with rust-src (the page's build; about 20 s)"
    rustup toolchain install "$WEB_NIGHTLY" --profile minimal --component rust-src \
      || log "could not install it: the page will be built with stable (larger wasm)"
  fi
fi

if ! trunk --version 2>/dev/null | grep -q " $TRUNK_VERSION"; then
  log "installing trunk $TRUNK_VERSION (about 11 minutes cold)"
  cargo install trunk --locked --version "$TRUNK_VERSION" --ignore-rust-version
fi

if ! wasm-bindgen --version 2>/dev/null | grep -q " $WASM_BINDGEN_VERSION"; then
  log "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION (about 3 minutes cold)"
  cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" --force
fi

if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
  log "installing Debian chromium and chromium-driver"
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium chromium-driver
fi

if [ ! -x tests/node_modules/.bin/wasm-opt ] || [ ! -d tests/node_modules/playwright-core ]; then
  log "installing npm packages in tests/ (playwright-core, binaryen for wasm-opt; versions in tests/package-lock.json)"
  (cd tests && npm ci --no-audit --no-fund)
fi
