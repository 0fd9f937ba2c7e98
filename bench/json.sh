#!/usr/bin/env bash
#
# bench/json.sh — issue 42's JSON figures: listview reading JSON against DuckDB, a simdjson DOM
# parse of the same file, and the same rows as CSV, each group of commands in one hyperfine run.
#
# Usage:
#   bench/json.sh [DATADIR]          (default DATADIR: /tmp/listview-bench)
#
# Environment:
#   LISTVIEW=PATH   the binary measured (default: .build/release/listview of this repository)
#   BEFORE=PATH     a binary of an earlier commit: also times --explode and --flatten against it
#                   (bench/nested.sh's records, DATADIR/nested.json*; issue 42 asks for <= 0.7x)
#   RUNS=N          hyperfine runs per command (default 7, after one warm-up)
#   DUCKDB=PATH     DuckDB's CLI (default: bench/probes.sh's find_duckdb, the binary itself rather
#                   than a pyenv shim, which adds its own start-up to every run)
#
# Data: DATADIR/big.json, big.jsonl and big.csv from bench/gen-data.py (generated when missing).
# DuckDB is its PyPI CLI (`pip install duckdb-cli`); without it those rows are skipped. The probe
# (bench/simdjson-probe.cc) is built here with g++ against libsimdjson-dev.
#
# Prints each figure with its limit. Wall times are medians; CPU is user+system, mean.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
DATA=${1:-/tmp/listview-bench}
LISTVIEW=${LISTVIEW:-$ROOT/.build/release/listview}
RUNS=${RUNS:-7}
# shellcheck source=bench/probes.sh
source "$ROOT/bench/probes.sh"
bench_prerequisites bench/json.sh "$ROOT" "$LISTVIEW" "$DATA"
JSON=$DATA/big.json JSONL=$DATA/big.jsonl CSV=$DATA/big.csv
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
PROBE=$WORK/simdjson-probe
g++ -O3 -std=c++20 "$ROOT/bench/simdjson-probe.cc" -o "$PROBE" -lsimdjson
# The binary itself (find_duckdb), not a wrapper that adds its own start-up to every run.
DUCKDB=${DUCKDB:-$(find_duckdb)}

# stat FILE INDEX FIELD: a hyperfine result's median wall time or mean CPU (user+system).
stat() {
    python3 -c 'import json,sys
r = json.load(open(sys.argv[1]))["results"][int(sys.argv[2])]
print(r["median"] if sys.argv[3] == "wall" else r["user"] + r["system"])' "$1" "$2" "$3"
}
figure() {  # figure NAME VALUE LIMIT
    printf '%-60s %7.3fx   <= %-5s %s\n' "$1" "$2" "$3" "$(python3 -c "print('met' if $2 <= $3 else 'not met')")"
}
ratio() { python3 -c "print($1 / $2)"; }
run() {  # run NAME COMMAND...: one hyperfine run of the commands, interleaved
    local name=$1; shift
    hyperfine -N --output=null --warmup 1 --runs "$RUNS" --export-json "$WORK/$name.json" "$@" | grep -E "^Benchmark|Time" || true
    [ -s "$WORK/$name.json" ] || { echo "bench/json.sh: hyperfine measured nothing for $name" >&2; exit 1; }
}

echo "== counts per status"
count="--group-by status --counts --no-pager"
commands=("$LISTVIEW $JSON $count" "$LISTVIEW $JSONL $count" "$PROBE dom $JSON status" "$PROBE dom $JSONL status")
if [ -n "$DUCKDB" ]; then
    commands+=("$DUCKDB -c \"select status, count(*) from read_json('$JSON') group by status\""
               "$DUCKDB -c \"select status, count(*) from read_json('$JSONL', format='newline_delimited') group by status\"")
fi
run counts "${commands[@]}"

echo "== the plain table, JSON and CSV"
run table "$LISTVIEW $JSON --no-pager" "$LISTVIEW $CSV --no-pager"

if [ -n "$DUCKDB" ]; then
    echo "== JSON Lines to CSV"
    run csv "$LISTVIEW $JSONL --style csv --no-pager" \
        "$DUCKDB -c \"copy (from read_json('$JSONL', format='newline_delimited')) to '/dev/stdout' (format csv)\""
fi

if [ -n "${BEFORE:-}" ]; then
    [ -f "$DATA/nested.json" ] || python3 "$ROOT/bench/gen-nested.py" "${NESTED_ROWS:-1000000}" "$DATA/nested.json"
    [ -f "$DATA/nested.jsonl" ] || python3 -c 'import json,sys
for record in json.load(open(sys.argv[1])): print(json.dumps(record, separators=(",", ":")))' "$DATA/nested.json" > "$DATA/nested.jsonl"
    echo "== --explode and --flatten, against BEFORE"
    run explode "$LISTVIEW $DATA/nested.jsonl --explode items --style jsonl --no-pager" "$BEFORE $DATA/nested.jsonl --explode items --style jsonl --no-pager"
    run flatten "$LISTVIEW $DATA/nested.json --flatten --style csv --no-pager" "$BEFORE $DATA/nested.json --flatten --style csv --no-pager"
fi

echo
echo "== figures (issue 42)"
if [ -n "$DUCKDB" ]; then
    figure "big.json count / DuckDB read_json count (wall)" "$(ratio "$(stat "$WORK/counts.json" 0 wall)" "$(stat "$WORK/counts.json" 4 wall)")" 0.5
    figure "big.jsonl count / DuckDB read_json count (wall)" "$(ratio "$(stat "$WORK/counts.json" 1 wall)" "$(stat "$WORK/counts.json" 5 wall)")" 0.5
fi
figure "big.json count CPU / simdjson DOM parse CPU" "$(ratio "$(stat "$WORK/counts.json" 0 cpu)" "$(stat "$WORK/counts.json" 2 cpu)")" 2.0
figure "big.jsonl count CPU / simdjson DOM parse CPU (JSON Lines)" "$(ratio "$(stat "$WORK/counts.json" 1 cpu)" "$(stat "$WORK/counts.json" 3 cpu)")" 2.0
figure "big.json table / big.csv table (wall)" "$(ratio "$(stat "$WORK/table.json" 0 wall)" "$(stat "$WORK/table.json" 1 wall)")" 1.0
if [ -n "$DUCKDB" ]; then
    figure "big.jsonl --style csv / DuckDB COPY to csv (wall)" "$(ratio "$(stat "$WORK/csv.json" 0 wall)" "$(stat "$WORK/csv.json" 1 wall)")" 0.5
fi
if [ -n "${BEFORE:-}" ]; then
    figure "--explode items / BEFORE (wall)" "$(ratio "$(stat "$WORK/explode.json" 0 wall)" "$(stat "$WORK/explode.json" 1 wall)")" 0.7
    figure "--flatten --style csv / BEFORE (wall)" "$(ratio "$(stat "$WORK/flatten.json" 0 wall)" "$(stat "$WORK/flatten.json" 1 wall)")" 0.7
fi
