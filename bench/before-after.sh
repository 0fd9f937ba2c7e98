#!/usr/bin/env bash
#
# bench/before-after.sh — the command shapes of issues 13 and 26, timed with two listview
# binaries in one hyperfine run per shape, plus the --where table shapes against the plain table.
#
# Usage:
#   BEFORE=/path/to/old/listview bench/before-after.sh [DATADIR]   (default DATADIR: /tmp/listview-bench)
#
# Environment:
#   BEFORE=PATH   the binary to compare with (required), e.g. a release build of an earlier commit:
#                   git worktree add /tmp/lv-before COMMIT
#                   (cd /tmp/lv-before && swift build -c release --static-swift-stdlib --product listview)
#   AFTER=PATH    the binary measured (default: .build/release/listview of this repository)
#   RUNS=N        hyperfine runs per command (default 10, after two warm-ups; the machine is shared
#                 and noisy, so medians of fewer runs move by 10%)
#   SHAPES="…"    shape names to run (default: all, in the order below)
#
# Data: DATADIR/big.csv, big.json and big.jsonl from bench/gen-data.py (generated when missing).
#
# Prints, per shape, the median of each binary and after/before (must stay under 1.03 for the
# issue-13 shapes), then the --where table shapes over the plain table of the same binary with
# the fraction of rows each keeps: issue 26 asks for at most 1.0x, and at most (kept + 0.1)x.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
DATA=${1:-/tmp/listview-bench}
AFTER=${AFTER:-$ROOT/.build/release/listview}
RUNS=${RUNS:-10}
: "${BEFORE:?set BEFORE to the listview binary to compare with}"
# shellcheck source=bench/probes.sh
source "$ROOT/bench/probes.sh"
bench_prerequisites before-after "$ROOT" "$AFTER" "$DATA"
CSV=$DATA/big.csv JSON=$DATA/big.json JSONL=$DATA/big.jsonl
RESULTS=$(mktemp -d)
trap 'rm -rf "$RESULTS"' EXIT

# shellcheck source=bench/shapes.sh
source "$ROOT/bench/shapes.sh"
median() { python3 -c 'import json,sys; r=json.load(open(sys.argv[1]))["results"]; print(" ".join(str(x["median"]) for x in r))' "$1"; }
printf '%-12s %10s %10s %8s\n' shape before after ratio
for entry in "${SHAPE_LIST[@]}"; do
    name=${entry%%|*} args=${entry#*|}
    if [ -n "${SHAPES:-}" ] && ! grep -qw -- "$name" <<<"$SHAPES"; then continue; fi
    hyperfine --warmup 2 --runs "$RUNS" --export-json "$RESULTS/$name.json" \
        -n before "$BEFORE $args --no-pager > /dev/null" -n after "$AFTER $args --no-pager > /dev/null" >/dev/null 2>&1
    read -r before after < <(median "$RESULTS/$name.json")
    printf '%-12s %9.3fs %9.3fs %7.2fx\n' "$name" "$before" "$after" "$(python3 -c "print($after/$before)")"
done
# The --where tables and the plain table in one hyperfine run (interleaved in time), so that
# their ratios are not two runs' noise.
echo
echo "--where tables over the plain table (after, one run): wall and CPU (user+system) ratios, kept fraction,"
echo "limits 1.0x and kept+0.1"
where_names=(where-qty where-half where-none)
commands=(-n table "$AFTER $CSV --no-pager > /dev/null")
for name in "${where_names[@]}"; do
    args=$(printf '%s\n' "${SHAPE_LIST[@]}" | grep "^$name|" | cut -d'|' -f2-)
    commands+=(-n "$name" "$AFTER $args --no-pager > /dev/null")
done
hyperfine --warmup 2 --runs "$RUNS" --export-json "$RESULTS/where.json" "${commands[@]}" >/dev/null 2>&1
read -r -a medians < <(median "$RESULTS/where.json")
read -r -a cpu < <(python3 -c 'import json,sys; r=json.load(open(sys.argv[1]))["results"]; print(" ".join(str(x["user"] + x["system"]) for x in r))' "$RESULTS/where.json")
total=$("$AFTER" "$CSV" --counts | tr -dc 0-9)
for index in "${!where_names[@]}"; do
    name=${where_names[$index]}
    predicate=$(printf '%s\n' "${SHAPE_LIST[@]}" | grep "^$name|" | sed -E "s/.*--where '([^']*)'.*/\1/")
    kept=$("$AFTER" "$CSV" --where "$predicate" --counts | tr -dc 0-9)
    python3 - "$name" "${medians[$((index + 1))]}" "${medians[0]}" "${cpu[$((index + 1))]}" "${cpu[0]}" "$kept" "$total" <<'PY'
import sys
name = sys.argv[1]
where, table, where_cpu, table_cpu = map(float, sys.argv[2:6])
kept, total = int(sys.argv[6]), int(sys.argv[7])
ratio, cpu, fraction = where / table, where_cpu / table_cpu, kept / total
print(f"{name:<12} {ratio:5.2f}x wall, {cpu:5.2f}x CPU  keeps {fraction:4.0%}  {'PASS' if ratio <= 1.0 else 'FAIL'} <= 1.0x  "
      f"{'PASS' if ratio <= fraction + 0.1 else 'FAIL'} <= {fraction + 0.1:.2f}x (wall)")
PY
done
