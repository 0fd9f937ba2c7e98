#!/usr/bin/env bash
#
# bench/nested.sh — nested JSON as columns (issue 32): flattening to CSV, exploding an array,
# and the first page of a flattened table, against Miller and DuckDB on the same file.
#
# Usage:
#   bench/nested.sh [DATADIR]        (default DATADIR: /tmp/listview-bench)
#
# Environment:
#   LISTVIEW=/path/to/listview   binary to measure (default: .build/release/listview)
#   ROWS=N                       records in DATADIR/nested.json (default 1000000, about 227 MB)
#   RUNS=N                       hyperfine runs (default 3; Miller runs once: it takes a minute and
#                                about 13 GB on the full file)
#
# Makes DATADIR/nested.json once (bench/gen-nested.py: an object of 3 fields and an array of
# 1–4 item objects per record), then reports, each against the same file in the same run:
#   1. listview nested.json --style csv  /  mlr --ijson --ocsv cat            (target <= 0.25)
#   2. listview --explode items --style jsonl  /  Miller's closest (a DSL loop emitting a record
#      per element, as `nest --explode` splits strings, not JSON arrays), both on the same
#      records as JSON Lines (DATADIR/nested.jsonl), which Miller streams    (target <= 0.25)
#      and  /  DuckDB's select * exclude(items), unnest(items, recursive := true) written as JSON
#      Lines                                                                  (target <= 0.5)
#   3. the first page (--page-size 20) flattened  /  not flattened             (target <= 1.1)
# Needs hyperfine; Miller and DuckDB are measured when installed.
set -euo pipefail

DATA=${1:-/tmp/listview-bench}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
LISTVIEW=${LISTVIEW:-$ROOT/.build/release/listview}
ROWS=${ROWS:-1000000}
RUNS=${RUNS:-3}
command -v hyperfine >/dev/null || { echo "bench/nested.sh: hyperfine is not installed; nothing measured" >&2; exit 0; }
[ -x "$LISTVIEW" ] || (cd "$ROOT" && swift build -c release --product listview >/dev/null)
mkdir -p "$DATA"
NESTED="$DATA/nested.json"
[ -f "$NESTED" ] || python3 "$ROOT/bench/gen-nested.py" "$ROWS" "$NESTED"
echo "$NESTED: $(du -m "$NESTED" | cut -f1) MB"

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
median() { python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['results'][int(sys.argv[2])]['median'])" "$1" "$2"; }
ratio() { python3 -c "print(round($1 / $2, 3))"; }
RESULTS=()
target() {  # target NAME VALUE LIMIT
    RESULTS+=("$(printf '%-52s %8s   <= %-5s %s' "$1" "$2" "$3" "$(python3 -c "print('PASS' if $2 <= $3 else 'FAIL')")")")
}

echo "== flattened CSV"
hyperfine -N --warmup 1 --runs "$RUNS" --export-json "$WORK/csv.json" "$LISTVIEW $NESTED --style csv" | grep -E "Time|±" || true
if command -v mlr >/dev/null; then
    hyperfine -N --runs 1 --export-json "$WORK/mlr-csv.json" "mlr --ijson --ocsv cat $NESTED" | grep -E "Time|±" || true
    target "--style csv / mlr --ijson --ocsv cat" "$(ratio "$(median "$WORK/csv.json" 0)" "$(median "$WORK/mlr-csv.json" 0)")" 0.25
fi

echo "== --explode items --style jsonl"
duckdb_command=()
if command -v duckdb >/dev/null; then
    duckdb_command=("duckdb -c \"copy (select * exclude(items), unnest(items, recursive := true) from read_json('$NESTED')) to '/dev/stdout' (format json)\"")
fi
hyperfine -N --warmup 1 --runs "$RUNS" --export-json "$WORK/explode.json" --output=null \
    "$LISTVIEW $NESTED --explode items --style jsonl" "${duckdb_command[@]}" | grep -E "Benchmark|Time|±" || true
if [ ${#duckdb_command[@]} -gt 0 ]; then
    target "--explode / DuckDB unnest" "$(ratio "$(median "$WORK/explode.json" 0)" "$(median "$WORK/explode.json" 1)")" 0.5
fi
if command -v mlr >/dev/null; then
    # Over a JSON array Miller's loop grows to about 6 GB for 200k of these records (`cat` to
    # 2.1 GB) and is killed on the 1M file. It streams JSON Lines, so both are measured on the
    # same records as JSON Lines.
    NESTED_LINES="$DATA/nested.jsonl"
    [ -f "$NESTED_LINES" ] || "$LISTVIEW" "$NESTED" --style jsonl > "$NESTED_LINES"
    hyperfine -N --runs 1 --export-json "$WORK/mlr-explode.json" --output=null \
        "$LISTVIEW $NESTED_LINES --explode items --style jsonl" \
        "mlr --ijsonl --ojsonl put -q 'for (k, item in \$items) { out = mapexcept(\$*, \"items\"); out[\"items\"] = item; emit out }' $NESTED_LINES" \
        | grep -E "Benchmark|Time|±" || true
    target "--explode / Miller (DSL emit per element), JSONL" "$(ratio "$(median "$WORK/mlr-explode.json" 0)" "$(median "$WORK/mlr-explode.json" 1)")" 0.25
fi

echo "== first page"
hyperfine -N --warmup 2 --runs 20 --export-json "$WORK/page.json" \
    "$LISTVIEW $NESTED --page-size 20 --flatten" "$LISTVIEW $NESTED --page-size 20" | grep -E "Benchmark|Time|±" || true
target "first page flattened / not flattened" "$(ratio "$(median "$WORK/page.json" 0)" "$(median "$WORK/page.json" 1)")" 1.1

echo
printf '%-52s %8s   %-8s %s\n' target measured limit verdict
printf '%s\n' "${RESULTS[@]}"
