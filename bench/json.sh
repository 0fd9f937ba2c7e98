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
#   RUNS=N          hyperfine runs per command in a session (default 7, after one warm-up)
#   SESSIONS=N      sessions (default 3): each times every group of commands in turn, and each
#                   figure is the median of its sessions' ratios, so that both sides of a ratio
#                   are timed within minutes of each other however the machine's load drifts
#   DUCKDB=PATH     DuckDB's CLI (default: bench/probes.sh's find_duckdb, the binary itself rather
#                   than a pyenv shim, which adds its own start-up to every run)
#
# Data: DATADIR/big.json, big.jsonl and big.csv from bench/gen-data.py (generated when missing).
# DuckDB is its PyPI CLI (`pip install duckdb-cli`); without it those rows are skipped. The probe
# (bench/simdjson-probe.cc) is built here with g++ against libsimdjson-dev.
#
# Prints each figure with its limit and each session's value. Wall times are medians; CPU is
# user+system, mean.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
DATA=${1:-/tmp/listview-bench}
LISTVIEW=${LISTVIEW:-$ROOT/.build/release/listview}
RUNS=${RUNS:-7}
SESSIONS=${SESSIONS:-3}
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

# ratio NAME I J FIELD: command I's median wall time (FIELD wall) or mean CPU (cpu) over command
# J's in group NAME, in each session; printed as the median, then the sessions' values.
ratio() {
    python3 - "$WORK" "$SESSIONS" "$@" <<'PY'
import json, statistics, sys
work, sessions, name, first, second, field = sys.argv[1:7]
def value(result): return result["median"] if field == "wall" else result["user"] + result["system"]
ratios = []
for session in range(1, int(sessions) + 1):
    results = json.load(open(f"{work}/{name}.{session}.json"))["results"]
    ratios.append(value(results[int(first)]) / value(results[int(second)]))
print(statistics.median(ratios), " ".join(f"{r:.3f}" for r in ratios))
PY
}
figure() {  # figure NAME "MEDIAN SESSIONS…" LIMIT
    local median=${2%% *} sessions=${2#* }
    printf '%-60s %7.3fx   <= %-5s %-8s (sessions: %s)\n' "$1" "$median" "$3" \
        "$(python3 -c "print('met' if $median <= $3 else 'not met')")" "$sessions"
}
run() {  # run NAME COMMAND...: one hyperfine run of the commands in this session
    local name=$1; shift
    hyperfine -N --output=null --warmup 1 --runs "$RUNS" --export-json "$WORK/$name.$session.json" "$@" | grep -E "^Benchmark|Time" || true
    [ -s "$WORK/$name.$session.json" ] || { echo "bench/json.sh: hyperfine measured nothing for $name" >&2; exit 1; }
}

if [ -n "${BEFORE:-}" ]; then
    [ -f "$DATA/nested.json" ] || python3 "$ROOT/bench/gen-nested.py" "${NESTED_ROWS:-1000000}" "$DATA/nested.json"
    [ -f "$DATA/nested.jsonl" ] || python3 -c 'import json,sys
for record in json.load(open(sys.argv[1])): print(json.dumps(record, separators=(",", ":")))' "$DATA/nested.json" > "$DATA/nested.jsonl"
fi

count="--group-by status --counts --no-pager"
commands=("$LISTVIEW $JSON $count" "$LISTVIEW $JSONL $count" "$PROBE dom $JSON status" "$PROBE dom $JSONL status")
if [ -n "$DUCKDB" ]; then
    commands+=("$DUCKDB -c \"select status, count(*) from read_json('$JSON') group by status\""
               "$DUCKDB -c \"select status, count(*) from read_json('$JSONL', format='newline_delimited') group by status\"")
fi
for session in $(seq "$SESSIONS"); do
    echo "==== session $session of $SESSIONS"
    echo "== counts per status"
    run counts "${commands[@]}"

    echo "== the plain table, JSON and CSV"
    run table "$LISTVIEW $JSON --no-pager" "$LISTVIEW $CSV --no-pager"

    if [ -n "$DUCKDB" ]; then
        echo "== JSON Lines to CSV"
        run csv "$LISTVIEW $JSONL --style csv --no-pager" \
            "$DUCKDB -c \"copy (from read_json('$JSONL', format='newline_delimited')) to '/dev/stdout' (format csv)\""
    fi

    if [ -n "${BEFORE:-}" ]; then
        echo "== --explode and --flatten, against BEFORE"
        run explode "$LISTVIEW $DATA/nested.jsonl --explode items --style jsonl --no-pager" "$BEFORE $DATA/nested.jsonl --explode items --style jsonl --no-pager"
        run flatten "$LISTVIEW $DATA/nested.json --flatten --style csv --no-pager" "$BEFORE $DATA/nested.json --flatten --style csv --no-pager"
    fi
done

echo
echo "== figures (issue 42): medians of $SESSIONS sessions' ratios"
if [ -n "$DUCKDB" ]; then
    figure "big.json count / DuckDB read_json count (wall)" "$(ratio counts 0 4 wall)" 0.5
    figure "big.jsonl count / DuckDB read_json count (wall)" "$(ratio counts 1 5 wall)" 0.5
fi
figure "big.json count CPU / simdjson DOM parse CPU" "$(ratio counts 0 2 cpu)" 2.0
figure "big.jsonl count CPU / simdjson DOM parse CPU (JSON Lines)" "$(ratio counts 1 3 cpu)" 2.0
figure "big.json table / big.csv table (wall)" "$(ratio table 0 1 wall)" 1.0
if [ -n "$DUCKDB" ]; then
    figure "big.jsonl --style csv / DuckDB COPY to csv (wall)" "$(ratio csv 0 1 wall)" 0.5
fi
if [ -n "${BEFORE:-}" ]; then
    figure "--explode items / BEFORE (wall)" "$(ratio explode 0 1 wall)" 0.7
    figure "--flatten --style csv / BEFORE (wall)" "$(ratio flatten 0 1 wall)" 0.7
fi
