#!/usr/bin/env bash
# wasm ÷ native for the exact solver and the explained path, on the same puzzles with the same
# code (crates/deduku-test-support/src/work.rs): runs the native example and the wasm
# benches of web/tests/browser.rs (headless Chromium, one core each) alternately, ROUNDS times
# (default 3), then prints per set the medians over the rounds and the ratio.
#
#   bench/wasm-vs-native.sh [ROUNDS] [exact|path|all|family]
#
# `family` times the default path's finders family by family instead (the `coverage` example's
# walk over the path set, each technique tried in order until one finds a step; the rating walk
# is not in it) and prints each family's fastest total over the passes and rounds, and the ratio:
# where the browser trails native most.
#
# The wasm side is built with the profile of the shipped worker (web-release: the solver at
# opt-level 2, fat LTO), with no extra rustflags (the worker ships without wasm SIMD);
# WASM_RUSTFLAGS="…" sets some (e.g. WASM_RUSTFLAGS="-C target-feature=+simd128" to time it
# with SIMD; it builds into target/wasm-vs-native-alt/ so the usual build stays). WASM_PROFILE=release
# times the test profile instead. Like Trunk on the worker, wasm-opt runs on the test module
# first, with the worker's flags from index.html (bench/worker-opt-flags.sh); WASM_TEST_OPT
# sets others (see scripts/wasm-test-runner.sh; WASM_TEST_OPT= skips wasm-opt). Needs what
# scripts/test.sh needs (run scripts/setup.sh once).
set -euo pipefail
cd "$(dirname "$0")/.."
ROUNDS="${1:-3}"
WHAT="${2:-all}"
case "$WHAT" in exact | path | all | family) ;; *) echo "usage: $0 [ROUNDS] [exact|path|all|family]" >&2; exit 2 ;; esac
export PATH="$PWD/tests/node_modules/.bin:$HOME/.cargo/bin:$PATH"
export CHROMEDRIVER="${CHROMEDRIVER:-/usr/bin/chromedriver}"
export WASM_BINDGEN_TEST_TIMEOUT="${WASM_BINDGEN_TEST_TIMEOUT:-900}"
PROFILE="${WASM_PROFILE:-web-release}"
export WASM_TEST_OPT="${WASM_TEST_OPT-$(bench/worker-opt-flags.sh)}"
wasm_env=()
if [ -n "${WASM_RUSTFLAGS+set}" ]; then
  wasm_env=(env "CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS=$WASM_RUSTFLAGS"
    "CARGO_TARGET_DIR=$PWD/target/wasm-vs-native-alt")
fi
case "$WHAT" in
  exact) filter=wasm_vs_native_exact ;;
  path) filter=wasm_vs_native_explained ;;
  all) filter=wasm_vs_native_e ;;
  family) filter=wasm_vs_native_family ;;
esac

out=$(mktemp)
trap 'rm -f "$out"' EXIT
cargo build -q --release -p deduku --example wasm_vs_native
"${wasm_env[@]}" cargo test -q -p deduku-web --profile "$PROFILE" --target wasm32-unknown-unknown \
  --test browser --no-run
for r in $(seq 1 "$ROUNDS"); do
  echo "round $r/$ROUNDS: native" >&2
  "${CARGO_TARGET_DIR:-target}"/release/examples/wasm_vs_native "$WHAT" | sed 's/^bench /native /' | tee -a "$out" >&2
  echo "round $r/$ROUNDS: wasm ($PROFILE)" >&2
  # Not `cargo test -q`: it would pass --quiet to wasm-bindgen-test-runner, which rejects it.
  if ! log=$("${wasm_env[@]}" cargo test -p deduku-web --profile "$PROFILE" \
    --target wasm32-unknown-unknown --test browser -- --include-ignored --nocapture "$filter" 2>&1) ||
    ! grep -q '^bench ' <<<"$log"; then
    printf '%s\n' "$log" >&2
    echo "the wasm benches failed" >&2
    exit 1
  fi
  grep '^bench ' <<<"$log" | sed 's/^bench /wasm /' | tee -a "$out" >&2
done

# Per side and set, over the rounds: exact: the median of the median runs' puzzles/s and the
# best run of all (wasm ÷ native); path: the medians of the per-puzzle median and mean ms
# (native ÷ wasm, so above 1 is faster in wasm too).
awk '
  function med(key,   n, i, j, t, a) {
    n = split(vals[key], a, " ")
    for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j - 1] + 0 > a[j] + 0; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
    return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
  }
  {
    side = $1; kind = $2; set = ""
    for (i = 3; i <= NF; i++) { split($i, kv, "="); f[kv[1]] = kv[2] }
    set = f["set"]
    if (kind == "family") { k = side SUBSEP kind SUBSEP set SUBSEP "ms"; if (!(k in fast) || f["ms"] + 0 < fast[k] + 0) fast[k] = f["ms"] }
    else if (kind == "exact") { k = side SUBSEP kind SUBSEP set SUBSEP "pps"; vals[k] = vals[k] " " f["puzzles_per_sec"]
           k = side SUBSEP kind SUBSEP set SUBSEP "best"; if (f["best_puzzles_per_sec"] + 0 > best[k] + 0) best[k] = f["best_puzzles_per_sec"] }
    else { k = side SUBSEP kind SUBSEP set SUBSEP "median"; vals[k] = vals[k] " " f["median_ms"]
           k = side SUBSEP kind SUBSEP set SUBSEP "mean"; vals[k] = vals[k] " " f["mean_ms"] }
    if (!(kind SUBSEP set in seen)) { seen[kind SUBSEP set] = 1; order[++n] = kind SUBSEP set }
  }
  END {
    printf "%-36s %14s %14s %8s\n", "what", "native", "wasm", "wasm÷native"
    for (i = 1; i <= n; i++) {
      split(order[i], ks, SUBSEP); kind = ks[1]; set = ks[2]
      if (kind == "family") {
        a = fast["native" SUBSEP order[i] SUBSEP "ms"]; b = fast["wasm" SUBSEP order[i] SUBSEP "ms"]
        printf "%-36s %11.2f ms %11.2f ms %8.2f\n", "family " set " (fastest)", a, b, (b > 0 ? a / b : 0)
      } else if (kind == "exact") {
        a = med("native" SUBSEP order[i] SUBSEP "pps"); b = med("wasm" SUBSEP order[i] SUBSEP "pps")
        printf "%-36s %10.0f p/s %10.0f p/s %8.2f\n", "exact count2 " set " (median)", a, b, (a > 0 ? b / a : 0)
        a = best["native" SUBSEP order[i] SUBSEP "best"]; b = best["wasm" SUBSEP order[i] SUBSEP "best"]
        printf "%-36s %10.0f p/s %10.0f p/s %8.2f\n", "  best run", a, b, (a > 0 ? b / a : 0)
      } else {
        for (m = 1; m <= 2; m++) {
          s = (m == 1 ? "median" : "mean")
          a = med("native" SUBSEP order[i] SUBSEP s); b = med("wasm" SUBSEP order[i] SUBSEP s)
          printf "%-36s %11.2f ms %11.2f ms %8.2f\n", "path " s " " set, a, b, (b > 0 ? a / b : 0)
        }
      }
    }
  }' "$out"
