#!/usr/bin/env bash
#
# bench/diff.sh — measure `listview diff` (issues 16 and 30) against csv-diff, daff and
# DuckDB's join, and check that listview and csv-diff count the same differences.
#
# Usage:
#   bench/diff.sh [DATADIR]          (default DATADIR: /tmp/listview-bench)
#
# Environment:
#   LISTVIEW=/path/to/listview   binary to measure (default: .build/release/listview,
#                                built with `swift build -c release` if missing)
#   RESULTS_DIR=DIR              where hyperfine's JSON exports go (default DATADIR/diff-results)
#
# What it does:
#   1. generates with bench/diffpairs.py, if missing, DATADIR/diff-100k (100,000
#      rows, numbers written as they were, so a text comparison agrees) and
#      DATADIR/diff-1m (1,000,000 rows, 96 MB of CSV a side, 1% of the unchanged
#      records with a number rewritten to the same value in another text);
#   2. times, in one hyperfine run on the 100k pair, listview's keyed diff against
#      csv-diff's and daff's (target: csv-diff takes at least 100x as long);
#   3. times listview on the 1M pair (target: under 2 s) in one hyperfine run with
#      DuckDB's FULL OUTER JOIN on id counting the records that differ in any column
#      (when `duckdb` is installed; target: listview `--style jsonl` at most 0.5x
#      DuckDB's time), its peak RSS with /usr/bin/time (target: at most 200 MB), and
#      the 1M/100k time ratio (linear: about 10);
#   4. checks the counts: listview's against each pair's truth.json, and csv-diff's
#      against listview's on the 100k pair and on three 2,000-row pairs;
#   5. ends with one PASS/FAIL line per target. Ratios, not seconds: the machine is shared.
#
# Needs hyperfine and csv-diff (pip install csv-diff); without them it says so and stops.
# daff (pip install daff) and DuckDB's CLI (pip install duckdb-cli) are measured when there.
set -euo pipefail

DATA=${1:-/tmp/listview-bench}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
LISTVIEW=${LISTVIEW:-$ROOT/.build/release/listview}
RESULTS_DIR=${RESULTS_DIR:-$DATA/diff-results}
mkdir -p "$DATA" "$RESULTS_DIR"

for tool in hyperfine csv-diff python3; do
    if ! command -v "$tool" >/dev/null; then
        echo "bench/diff.sh: $tool is not installed; nothing measured" >&2
        exit 0
    fi
done
if [ ! -x "$LISTVIEW" ]; then (cd "$ROOT" && swift build -c release --product listview >/dev/null); fi

pair() {  # pair DIR ROWS SEED [--same-text-only]
    local dir=$1 rows=$2 seed=$3
    shift 3
    if [ ! -f "$dir/truth.json" ]; then
        echo "generating $dir ($rows rows)"
        python3 "$ROOT/bench/diffpairs.py" --rows "$rows" --seed "$seed" "$@" "$dir"
    fi
}
pair "$DATA/diff-100k" 100000 16 --same-text-only
pair "$DATA/diff-1m" 1000000 61
for seed in 1 2 3; do pair "$DATA/diff-2k-$seed" 2000 "$seed" --same-text-only; done

median() {  # median EXPORT_JSON INDEX
    python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['results'][int(sys.argv[2])]['median'])" "$1" "$2"
}
RESULTS=()
target() {  # target NAME VALUE OP LIMIT
    local verdict
    verdict=$(python3 -c "import sys; v, l = float(sys.argv[1]), float(sys.argv[3]); print('PASS' if (v >= l if sys.argv[2] == '>=' else v < l) else 'FAIL')" "$2" "$3" "$4")
    RESULTS+=("$(printf '%-42s %12s   %s %s   %s' "$1" "$2" "$3" "$4" "$verdict")")
}

echo
echo "== 100,000 rows: listview diff against csv-diff (one hyperfine run)"
small="$DATA/diff-100k"
daff_command=()
command -v daff >/dev/null && daff_command=("daff diff --id id --output $RESULTS_DIR/daff-100k.csv $small/old.csv $small/new.csv")
hyperfine -i --warmup 1 --min-runs 3 --max-runs 5 --export-json "$RESULTS_DIR/diff-100k.json" \
    "$LISTVIEW diff $small/old.csv $small/new.csv --key id --counts" \
    "csv-diff $small/old.csv $small/new.csv --key id" "${daff_command[@]}" | grep -E "Benchmark|Time|±" || true
lv100=$(median "$RESULTS_DIR/diff-100k.json" 0)
cd100=$(median "$RESULTS_DIR/diff-100k.json" 1)
target "csv-diff time / listview time (100k)" "$(python3 -c "print(round($cd100 / $lv100, 1))")" ">=" 100
if [ ${#daff_command[@]} -gt 0 ]; then
    echo "daff time / listview time (100k): $(python3 -c "print(round($(median "$RESULTS_DIR/diff-100k.json" 2) / $lv100, 1))")x"
fi

echo
echo "== 1,000,000 rows (96 MB a side)"
big="$DATA/diff-1m"
ls -l "$big/old.csv" "$big/new.csv" | awk '{ printf "%s  %.1f MB\n", $NF, $5 / 1e6 }'
# DuckDB's join, every column compared NULL-safely: the records that differ, counted.
duckdb_command=()
if command -v duckdb >/dev/null; then
    columns=$(head -1 "$big/old.csv" | tr ',' ' ')
    differs=$(for column in $columns; do [ "$column" = id ] || printf ' or o.%s is distinct from n.%s' "$column" "$column"; done)
    query="select count(*) from read_csv('$big/old.csv') o full outer join read_csv('$big/new.csv') n on o.id = n.id where o.id is null or n.id is null$differs"
    duckdb_command=("duckdb -c \"$query\"")
fi
hyperfine --warmup 1 --runs 5 --export-json "$RESULTS_DIR/diff-1m.json" -i \
    "$LISTVIEW diff $big/old.csv $big/new.csv --key id" \
    "$LISTVIEW diff $big/old.csv $big/new.csv --key id --style jsonl" \
    "$LISTVIEW diff $big/old.csv $big/new.csv --key id --counts" "${duckdb_command[@]}" | grep -E "Benchmark|Time|±" || true
lv1m=$(median "$RESULTS_DIR/diff-1m.json" 0)
target "1M-row diff, seconds" "$(python3 -c "print(round($lv1m, 2))")" "<" 2
if [ ${#duckdb_command[@]} -gt 0 ]; then
    target "1M jsonl diff / DuckDB's join" "$(python3 -c "print(round($(median "$RESULTS_DIR/diff-1m.json" 1) / $(median "$RESULTS_DIR/diff-1m.json" 3), 2))")" "<" 0.5
fi
rss=$( { /usr/bin/time -f "%M" "$LISTVIEW" diff "$big/old.csv" "$big/new.csv" --key id --style jsonl >/dev/null || true; } 2>&1 | tail -1)
target "1M-row diff, peak RSS MB" "$((rss / 1024))" "<" 201
lv100full=$(hyperfine --runs 5 -i --export-json "$RESULTS_DIR/diff-100k-full.json" \
    "$LISTVIEW diff $small/old.csv $small/new.csv --key id" >/dev/null && median "$RESULTS_DIR/diff-100k-full.json" 0)
target "1M / 100k time (linear: about 10)" "$(python3 -c "print(round($lv1m / $lv100full, 1))")" "<" 15

echo
echo "== counts"
counts() { { "$LISTVIEW" diff "$1/old.csv" "$1/new.csv" --key id --counts --style json || true; } | python3 -c \
    "import json,sys; d=json.load(sys.stdin); print(d['added'], d['removed'], d['changed'], d['unchanged'])"; }
truth() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(d['added'], d['removed'], d['changed'], d['unchanged'])" "$1/truth.json"; }
csvdiff() { csv-diff "$1/old.csv" "$1/new.csv" --key id --json | python3 -c \
    "import json,sys; d=json.load(sys.stdin); print(len(d['added']), len(d['removed']), len(d['changed']))"; }
agree=1
for dir in "$DATA/diff-2k-1" "$DATA/diff-2k-2" "$DATA/diff-2k-3" "$small" "$big"; do
    mine=$(counts "$dir")
    expected=$(truth "$dir")
    line="$(basename "$dir"): listview (added removed changed unchanged) $mine; truth $expected"
    [ "$mine" = "$expected" ] || agree=0
    if [ "$dir" != "$big" ]; then
        theirs=$(csvdiff "$dir")
        line="$line; csv-diff (added removed changed) $theirs"
        [ "${mine% *}" = "$theirs" ] || agree=0
    fi
    echo "$line"
done
target "counts agree (listview, truth, csv-diff)" "$agree" ">=" 1

echo
printf '%-42s %12s   %s\n' "target" "measured" "limit   verdict"
printf '%s\n' "${RESULTS[@]}"
