#!/usr/bin/env bash
# Runs one fuzz target for SECONDS: fuzz/run.sh TARGET SECONDS. libFuzzer's output goes to
# stdout; the exit code is libFuzzer's (non-zero on a crash, whose input is kept in
# fuzz/artifacts/TARGET/, or on a failed build). Shared by scripts/test.sh (20 s each) and
# bench/run fuzz (the soak). The working corpus is fuzz/corpus/TARGET/ (not in git); the
# hand-made seeds of fuzz/seeds/TARGET/ are read beside it when they exist.
set -euo pipefail
cd "$(dirname "$0")"
target=$1
seconds=$2
mkdir -p "corpus/$target"
corpus=("corpus/$target")
if [ -d "seeds/$target" ]; then corpus+=("seeds/$target"); fi
max_len=256
if [ "$target" = page_inputs ]; then max_len=4096; fi # a stored history runs to many lines
exec cargo +nightly fuzz run "$target" "${corpus[@]}" -- -max_total_time="$seconds" \
  -timeout=30 -rss_limit_mb=4096 -len_control=0 -max_len="$max_len" 2>&1
