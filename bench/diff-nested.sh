#!/usr/bin/env bash
#
# bench/diff-nested.sh — issue 43's figure: what matching arrays by key adds to a keyed diff of
# nested records, and that it finds exactly the records that changed.
#
# Usage:
#   bench/diff-nested.sh [DATADIR]          (default DATADIR: /tmp/listview-bench)
#
# Environment:
#   LISTVIEW=PATH   the binary measured (default: .build/release/listview of this repository)
#   RUNS=N          hyperfine runs per command (default 5, after one warm-up)
#
# Data: DATADIR/diff-nested-200k from bench/nestedpairs.py (generated when missing): 200,000
# JSON Lines records a side, each with a 10-element `items` array, 2% with one element's qty
# changed, half with their items in another order (115 MB a side).
#
# Prints, from one hyperfine run: the keyed diff with `--array-key items=sku` against the same
# diff comparing arrays by position (limit: 1.3x), for the counts and for `--style jsonl`; then
# checks that --array-key counts exactly the changed records of truth.json.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
DATA=${1:-/tmp/listview-bench}
LISTVIEW=${LISTVIEW:-$ROOT/.build/release/listview}
RUNS=${RUNS:-5}
# shellcheck source=bench/probes.sh
source "$ROOT/bench/probes.sh"
bench_prerequisites bench/diff-nested.sh "$ROOT" "$LISTVIEW" "$DATA"
PAIR=$DATA/diff-nested-200k
[ -f "$PAIR/truth.json" ] || python3 "$ROOT/bench/nestedpairs.py" --rows 200000 "$PAIR"
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

diff_of() { echo "$LISTVIEW diff $PAIR/old.jsonl $PAIR/new.jsonl --key id $*"; }
hyperfine -N -i --output=null --warmup 1 --runs "$RUNS" --export-json "$WORK/nested.json" \
    "$(diff_of --counts)" "$(diff_of --array-key items=sku --counts)" \
    "$(diff_of --style jsonl)" "$(diff_of --array-key items=sku --style jsonl)" | grep -E "^Benchmark|Time" || true
python3 - "$WORK/nested.json" <<'PY'
import json, sys
results = json.load(open(sys.argv[1]))["results"]
for name, by_position, by_key in (("counts", 0, 1), ("--style jsonl", 2, 3)):
    ratio = results[by_key]["median"] / results[by_position]["median"]
    print(f"--array-key / by position, {name:<14} {ratio:6.3f}x   <= 1.3  {'met' if ratio <= 1.3 else 'not met'}")
PY
expected=$(python3 -c 'import json,sys; t = json.load(open(sys.argv[1])); print("%d unchanged · 0 added · 0 removed · %d changed" % (t["unchanged"], t["changed"]))' "$PAIR/truth.json")
found=$($LISTVIEW diff "$PAIR/old.jsonl" "$PAIR/new.jsonl" --key id --array-key items=sku --counts || true)
if [ "$found" = "$expected" ]; then echo "counts match truth.json: $found"; else echo "COUNTS DIFFER: $found (truth: $expected)"; exit 1; fi
