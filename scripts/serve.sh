#!/usr/bin/env bash
# The main command: installs what is missing, then serves the page on http://127.0.0.1:8080
# (rebuilding on changes). Stop it with Ctrl+C.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
export PATH="$PWD/tests/node_modules/.bin:$HOME/.cargo/bin:$PATH"
export TRUNK_SKIP_VERSION_CHECK=true
exec trunk serve --offline --address 127.0.0.1 --port 8080 "$@"
