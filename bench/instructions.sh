#!/usr/bin/env bash
#
# bench/instructions.sh — the shapes of bench/before-after.sh counted in instructions by
# valgrind's callgrind, for two listview binaries: a measure that does not move with the load
# of a shared machine (hyperfine's medians there move by 10% between runs).
#
# Usage:
#   BEFORE=/path/to/old/listview bench/instructions.sh [DATADIR]   (default /tmp/listview-bench-100k)
#
# Environment:
#   BEFORE=PATH  the binary to compare with (required); AFTER=PATH the one measured (default
#                .build/release/listview). Both are stripped into a temporary folder first:
#                valgrind cannot read the debug info of a --static-swift-stdlib build.
#   SHAPES="…"   shape names to run (default: all)
#
# Data: DATADIR/big.{csv,json,jsonl} of 100,000 rows (bench/gen-data.py --rows 100000, made
# when missing): callgrind runs about 50 times slower than the binary.
#
# Prints each shape's instructions (all threads) with both binaries and after/before.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
DATA=${1:-/tmp/listview-bench-100k}
AFTER=${AFTER:-$ROOT/.build/release/listview}
: "${BEFORE:?set BEFORE to the listview binary to compare with}"
command -v valgrind >/dev/null || { echo "instructions: valgrind is not installed (apt-get install valgrind)" >&2; exit 1; }
[ -f "$DATA/big.csv" ] || python3 "$ROOT/bench/gen-data.py" "$DATA" --rows 100000 >/dev/null
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
strip -o "$WORK/before" "$BEFORE"
strip -o "$WORK/after" "$AFTER"
CSV=$DATA/big.csv JSON=$DATA/big.json JSONL=$DATA/big.jsonl
# shellcheck source=bench/shapes.sh
source "$ROOT/bench/shapes.sh"
count() {
    local words
    eval "words=($2)"  # the shape's arguments as the shell reads them (a quoted predicate is one word)
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$1" "${words[@]}" --no-pager 2>&1 >/dev/null \
        | sed -nE 's/.*Collected : ([0-9]+).*/\1/p'
}
printf '%-12s %15s %15s %8s\n' shape before after ratio
for entry in "${SHAPE_LIST[@]}"; do
    name=${entry%%|*} args=${entry#*|}
    if [ -n "${SHAPES:-}" ] && ! grep -qw -- "$name" <<<"$SHAPES"; then continue; fi
    before=$(count "$WORK/before" "$args")
    after=$(count "$WORK/after" "$args")
    printf '%-12s %15s %15s %7.3fx\n' "$name" "$before" "$after" "$(python3 -c "print($after/$before)")"
done
