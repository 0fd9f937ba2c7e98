#!/usr/bin/env bash
#
# bench/diff.sh — measure `listview diff` (issues 16, 30 and 42 §3) against csv-diff, daff,
# DuckDB's join and libcsv's own parse of the two files, and check that listview, csv-diff
# and DuckDB count the same differences.
#
# Usage:
#   bench/diff.sh [DATADIR]          (default DATADIR: /tmp/listview-bench)
#
# Environment:
#   LISTVIEW=/path/to/listview   binary to measure (default: .build/release/listview,
#                                built with `swift build -c release` if missing)
#   DUCKDB=/path/to/duckdb       DuckDB CLI to time (default: `duckdb` on PATH, or the
#                                binary inside the duckdb-cli Python package: bench/probes.sh)
#   RUNS=N                       hyperfine runs on the 1M pair (default 7)
#   RESULTS_DIR=DIR              where hyperfine's JSON exports go (default DATADIR/diff-results)
#
# What it does:
#   1. generates with bench/diffpairs.py, if missing, DATADIR/diff-100k (100,000
#      rows, numbers written as they were, so a text comparison agrees) and
#      DATADIR/diff-1m (1,000,000 rows, 105 MB of CSV a side, rows shuffled, 2% of them
#      different, 1% of the unchanged records with a number rewritten to the same value
#      in another text);
#   2. times, in one hyperfine run on the 100k pair, listview's keyed diff against
#      csv-diff's and daff's (target: csv-diff takes at least 100x as long);
#   3. times listview on the 1M pair (target: under 2 s) in one hyperfine run (RUNS runs)
#      with DuckDB's FULL OUTER JOIN on id keeping the records where `o IS DISTINCT FROM n`,
#      written as JSON (when DuckDB's CLI is there; target: listview `--style jsonl` at most
#      0.6x DuckDB's time), and with libcsv's parse of both files, one core each, at once
#      (bench/libcsv-parse.c, built with cc; target: listview `--style jsonl` at most 2x);
#      then its peak RSS with /usr/bin/time (target: at most 200 MB), and the 1M/100k time
#      ratio (linear: about 10);
#   4. checks the counts: listview's against each pair's truth.json, csv-diff's against
#      listview's on the 100k pair and on three 2,000-row pairs, and the records DuckDB's
#      join wrote against listview's differences on the 1M pair;
#   5. ends with one PASS/FAIL line per target. Ratios, not seconds: the machine is shared.
#
# Needs hyperfine and csv-diff (pip install csv-diff); without them it says so and stops.
# daff (pip install daff), DuckDB's CLI (pip install duckdb-cli) and libcsv-dev are used
# when there.
set -euo pipefail

DATA=${1:-/tmp/listview-bench}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
LISTVIEW=${LISTVIEW:-$ROOT/.build/release/listview}
RESULTS_DIR=${RESULTS_DIR:-$DATA/diff-results}
RUNS=${RUNS:-7}
mkdir -p "$DATA" "$RESULTS_DIR"
# shellcheck source=bench/probes.sh
source "$ROOT/bench/probes.sh"

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
target() {  # target NAME VALUE OP LIMIT (OP: >=, < or <=)
    local verdict
    verdict=$(python3 -c "import sys; v, o, l = float(sys.argv[1]), sys.argv[2], float(sys.argv[3]); print('PASS' if {'>=': v >= l, '<': v < l, '<=': v <= l}[o] else 'FAIL')" "$2" "$3" "$4")
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
echo "== 1,000,000 rows (105 MB a side)"
big="$DATA/diff-1m"
ls -l "$big/old.csv" "$big/new.csv" | awk '{ printf "%s  %.1f MB\n", $NF, $5 / 1e6 }'
commands=("$LISTVIEW diff $big/old.csv $big/new.csv --key id" "$LISTVIEW diff $big/old.csv $big/new.csv --key id --style jsonl"
          "$LISTVIEW diff $big/old.csv $big/new.csv --key id --counts")
# DuckDB's join: every column compared NULL-safely (its typed values: 48.90 is 48.9), the
# records that differ written as JSON, as `--style jsonl` writes them.
duckdb=${DUCKDB:-$(find_duckdb)}
duckdb_json="$RESULTS_DIR/duckdb-diff-1m.json"
if [ -n "$duckdb" ]; then
    query="copy (select o, n from read_csv('$big/old.csv') o full outer join read_csv('$big/new.csv') n on o.id = n.id where o is distinct from n) to '$duckdb_json' (format json)"
    commands+=("$duckdb -c \"$query\"")
fi
# libcsv's own parse of both files, one core each, at once: the floor of reading them.
libcsv=$(libcsv_parse "$DATA")
if [ -n "$libcsv" ]; then commands+=("$libcsv $big/old.csv & $libcsv $big/new.csv & wait"); fi
hyperfine --warmup 1 --runs "$RUNS" --export-json "$RESULTS_DIR/diff-1m.json" -i "${commands[@]}" | grep -E "Benchmark|Time|±" || true
lv1m=$(median "$RESULTS_DIR/diff-1m.json" 0)
jsonl1m=$(median "$RESULTS_DIR/diff-1m.json" 1)
target "1M-row diff, seconds" "$(python3 -c "print(round($lv1m, 2))")" "<" 2
next=3
if [ -n "$duckdb" ]; then
    target "1M jsonl diff / DuckDB's join as JSON" "$(python3 -c "print(round($jsonl1m / $(median "$RESULTS_DIR/diff-1m.json" $next), 2))")" "<=" 0.6
    next=$((next + 1))
fi
if [ -n "$libcsv" ]; then
    target "1M jsonl diff / libcsv parse of both" "$(python3 -c "print(round($jsonl1m / $(median "$RESULTS_DIR/diff-1m.json" $next), 2))")" "<=" 2
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
    elif [ -f "$duckdb_json" ]; then
        # One line per record that differs: as many as listview's added, removed and changed.
        joined=$(wc -l < "$duckdb_json")
        line="$line; DuckDB's join $joined records"
        [ "$joined" -eq "$(echo "$mine" | awk '{ print $1 + $2 + $3 }')" ] || agree=0
    fi
    echo "$line"
done
target "counts agree (listview, truth, csv-diff, DuckDB)" "$agree" ">=" 1

echo
printf '%-42s %12s   %s\n' "target" "measured" "limit   verdict"
printf '%s\n' "${RESULTS[@]}"
