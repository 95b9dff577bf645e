#!/usr/bin/env bash
# The size of the built page, dist/, by file: gzip -9 and the brotli copy the server sends
# (FILE.br, written by scripts/precache.mjs; the precompressed copies are not counted again).
# With a budget (bytes, gzip), fails when the total is over it. scripts/test.sh and bench/run
# call it.
#
#   scripts/dist-size.sh [BUDGET]
set -euo pipefail
cd "$(dirname "$0")/.."
budget="${1:-}"
for f in dist/*; do
  case "$f" in *.gz | *.br) continue ;; esac
  echo "$(basename "$f") $(gzip -9 -c "$f" | wc -c) $(cat "$f.br" 2>/dev/null | wc -c)"
done | awk -v budget="$budget" '
  { g += $2; b += $3; printf "  %-40s %8d bytes gzip %8d bytes brotli\n", $1, $2, $3 }
  END {
    printf "  dist/ total: %d bytes gzip%s, %d bytes brotli\n", g, budget ? " (budget " budget ")" : "", b
    if (budget && g > budget) { print "dist/ is over the size budget"; exit 1 }
  }'
