#!/usr/bin/env bash
# The main command: installs what is missing, then serves the page on http://127.0.0.1:8080
# (PORT=N for another port), rebuilding on changes. Stop it with Ctrl+C.
#
# Two processes side by side: `trunk watch` rebuilds dist/ when a source changes (arguments go
# to it, e.g. `scripts/serve.sh --release`), and tests/static-server.mjs serves dist/ as a real
# host should: the precompressed FILE.br/FILE.gz the build writes, validators and 304s,
# Cache-Control. Reload the page after a rebuild (the service worker then offers the new version).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
export PATH="$PWD/tests/node_modules/.bin:$HOME/.cargo/bin:$PATH"
export TRUNK_SKIP_VERSION_CHECK=true
PORT=${PORT:-8080}

pids=()
stop() {
  trap - INT TERM EXIT
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
}
trap 'stop; exit 130' INT
trap 'stop; exit 143' TERM
trap stop EXIT

scripts/trunk.sh watch --offline "$@" &
pids+=($!)
node tests/static-server.mjs dist "$PORT" &
pids+=($!)
printf 'serving dist/ on http://127.0.0.1:%s/ (it is rebuilt on changes; Ctrl+C stops both)\n' "$PORT" >&2
# Whichever ends first (a failed start, a crash) stops the other.
wait -n
