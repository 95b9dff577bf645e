#!/usr/bin/env bash
# Where the explained path's native time goes, split by walk and technique: runs the
# `wasm_vs_native` example's path bench (crates/deduku-test-support/src/work.rs: every
# 20th puzzle of top1465, `solve_path` as the worker runs it) under `perf record` with DWARF call
# graphs on core 0, then prints
#   - the compiled functions (what was inlined counts for its caller) with the most samples of
#     their own (self time),
#   - per walk (`path`: the steps shown; `se`: Sudoku Explainer's rating walk) the share of the
#     samples under each technique's finder (the outermost one on the stack),
#   - the share under the allocator and `memcpy`/`memset`, by the first library function above.
# Shares are steadier than times on a noisy host; compare them before and after a change, and
# beside the browser's (V8's profile has mostly the same shares).
#
#   bench/path-profile.sh [FREQ]    sampling frequency in Hz (default 400)
#
# Needs `perf` (Debian: linux-perf) and permission to use it (perf_event_paranoid <= 2, or root).
set -euo pipefail
cd "$(dirname "$0")/.."
freq="${1:-400}"
command -v perf >/dev/null || { echo "path-profile.sh needs perf (Debian: apt install linux-perf)" >&2; exit 1; }
# Frame pointers and line tables, in a target directory of its own so the usual builds stay.
RUSTFLAGS="-C force-frame-pointers=yes" CARGO_PROFILE_RELEASE_DEBUG=1 \
  cargo build -q --release -p deduku --example wasm_vs_native --target-dir target/profile
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
taskset -c 0 perf record -q --call-graph dwarf,16384 -e cpu-clock -F "$freq" -o "$out/perf.data" \
  target/profile/release/examples/wasm_vs_native path
perf script -i "$out/perf.data" -F ip,sym 2>/dev/null >"$out/stacks.txt"
python3 - "$out/stacks.txt" <<'PY'
import collections, re, sys

FINDERS = ["forcing::verities", "forcing::contradictions", "forcing::nested", "forcing::kraken",
           "chains::find", "chains::full_reach", "als::", "ChainSearch::forcing",
           "ChainSearch::cycles", "first_combination", "fish::", "wings::", "uniqueness::",
           "subsets::", "single_digit::", "coloring::", "singles::", "intersections::",
           "templates::", "last_resort::"]
ALLOC = re.compile(r"malloc|_int_free|cfree|realloc|unlink_chunk|consolidate|__memmove|__memset|__memcpy")

def clean(line):
    sym = line.split(" ", 1)[1] if " " in line else line
    return re.sub(r"::h[0-9a-f]{16}", "", sym).replace(" (inlined)", "")

def compiled(lines):
    """The frames that are functions of their own, not inlined into their caller."""
    return [clean(l) for l in lines if not l.endswith("(inlined)")]

total = 0
own, by_finder, alloc = collections.Counter(), collections.Counter(), collections.Counter()
for sample in open(sys.argv[1]).read().split("\n\n"):
    lines = [l.strip() for l in sample.strip().split("\n") if l.strip()]
    syms, funcs = [clean(l) for l in lines], compiled(lines)
    if not funcs:
        continue
    total += 1
    own[funcs[0]] += 1
    walk = ("se" if any("SeWalk::advance" in s for s in syms)
            else "path" if any("Walk::advance" in s for s in syms) else "other")
    finder = next((f for s in reversed(syms) for f in FINDERS if f in s), "rest")
    by_finder[(walk, finder)] += 1
    if ALLOC.search(funcs[0]):
        kind = "memcpy/memset" if "mem" in funcs[0] and "malloc" not in funcs[0] else "allocator"
        caller = next((s for s in funcs[1:] if s.startswith("deduku::")), "?")
        alloc[(kind, caller)] += 1

def show(title, counter, n, fmt):
    print(f"\n{title}")
    for key, c in counter.most_common(n):
        print(f"{100 * c / total:6.2f} %  {fmt(key)}")

print(f"{total} samples")
show("self time, by function", own, 25, lambda k: k[:110])
show("by walk and finder (outermost on the stack)", by_finder, 25, lambda k: f"{k[0]:5} {k[1]}")
show("allocator and memcpy/memset, by the first library caller", alloc, 12,
     lambda k: f"{k[0]:13} {k[1][:90]}")
PY
