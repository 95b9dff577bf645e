#!/usr/bin/env bash
# Exact-solver speed beside the reference (`../shared/tools/baseline`, the `sudoku` crate 0.8),
# run alternately on one core, medians: `bench/run solver` and the README's "Performance" table.
#
# usage: bench/solver-ratio.sh [rounds] [seconds]   (defaults 5 rounds of 1 s per run)
# env:   SETS="17-clue top1465 ..." (files in ../shared/data/corpora), MODES="one count2",
#        ISOMORPHS=N: also measure each set's N random isomorphs (every puzzle relabelled,
#        its rows, columns, bands and stacks shuffled, half transposed: `solve_speed FILE
#        isomorph SEED`, seeds 1..N, in one file under target/isomorphs), free of any
#        favour the corpus's own way of writing the puzzles down gives a solver's fixed order
#        (tdoku's benchmark shuffles its puzzles the same way, bar the transposition, so its
#        published ratios compare with these rows: bench/NOTES.md); SHUFFLE=1: without the
#        transposition, exactly as tdoku's harness does (`solve_speed FILE shuffle SEED`)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-5}
secs=${2:-1}
corpora=../shared/data/corpora
if [ ! -d "$corpora" ] || [ ! -f ../shared/tools/baseline/Cargo.toml ]; then
  echo "skipped: needs ../shared/data/corpora and ../shared/tools/baseline beside the project" >&2
  exit 0
fi
sets=${SETS:-"17-clue top1465 forum-hardest-1106 forum-hardest-1905-11plus-5000 serg-multi-2000"}
modes=${MODES:-"one count2"}
cargo build -q --release -p deduku-cli --example solve_speed
cargo build -q --release --manifest-path ../shared/tools/baseline/Cargo.toml --target-dir target/baseline
ours=${CARGO_TARGET_DIR:-target}/release/examples/solve_speed
ref=target/baseline/release/baseline
rate() { sed -n 's/.*puzzles_per_sec=\([0-9.]*\).*/\1/p'; }
median() { sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
printf '| set | mode | deduku puzzles/s | sudoku crate puzzles/s | ratio |\n|---|---|---|---|---|\n'
row() { # FILE LABEL
  for m in $modes; do
    a=() b=()
    for _ in $(seq "$rounds"); do
      a+=("$(taskset -c 0 "$ours" "$1" "$m" "$secs" 1 | rate)")
      b+=("$(taskset -c 0 "$ref" "$1" "$m" "$secs" | rate)")
    done
    ma=$(printf '%s\n' "${a[@]}" | median)
    mb=$(printf '%s\n' "${b[@]}" | median)
    printf '| %s | %s | %.0f | %.0f | %.2f |\n' "$2" "$m" "$ma" "$mb" "$(echo "$ma / $mb" | bc -l)"
  done
}
isomorphs=${ISOMORPHS:-0}
for s in $sets; do
  row "$corpora/$s.txt" "$s"
  if [ "$isomorphs" -gt 0 ]; then
    mkdir -p target/isomorphs
    kind=isomorph; [ "${SHUFFLE:-0}" = 1 ] && kind=shuffle
    iso=target/isomorphs/$s-$kind-x$isomorphs.txt
    for seed in $(seq "$isomorphs"); do "$ours" "$corpora/$s.txt" "$kind" "$seed"; done >"$iso"
    row "$iso" "$s, $isomorphs random ${kind}s of each"
  fi
done
