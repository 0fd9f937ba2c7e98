#!/usr/bin/env bash
#
# bench/run.sh — compare listview against Miller (mlr), jq and DuckDB's CLI on
# big inputs.
#
# Usage:
#   bench/run.sh [DATADIR]            (default DATADIR: /tmp/listview-bench)
#   TASKS="csv-table csv-count" bench/run.sh [DATADIR]    only the named tasks
#   BIG=1 bench/run.sh [DATADIR]      every task plus csv-head-1gb
#
# Environment:
#   LISTVIEW=/path/to/listview   binary to measure (default: .build/release/listview
#                                in the repo root, built with `swift build -c release`
#                                if it is missing)
#   TASKS="a b ..."              tasks to run, separated by spaces or commas, in
#                                the order listed below (default: all of them but
#                                csv-head-1gb)
#   BIG=1                        also run csv-head-1gb (building big-1gb.csv first
#                                with bench/make-1gb-csv.sh if it is missing)
#   ROWS=N                       rows to generate when DATADIR has no data
#                                (default 1000000, about 210 MB of JSON, 110 MB of CSV)
#   RESULTS_DIR=DIR              where hyperfine's JSON exports go
#                                (default DATADIR/results)
#   DUCKDB=/path/to/duckdb       DuckDB CLI to use (default: see below)
#
# What it does:
#   1. generates DATADIR/big.{json,jsonl,csv} with bench/gen-data.py if missing
#      (the data is deterministic; delete DATADIR to regenerate);
#   2. checks that hyperfine, mlr, jq and python3 are installed; for the CSV
#      tasks it also looks for DuckDB's CLI: $DUCKDB, else `duckdb` on PATH, else
#      the binary inside the duckdb-cli Python package (PyPI's `duckdb` command is
#      a Python wrapper that starts that binary; the binary itself is timed, to
#      leave Python's start-up out). If there is none it runs
#      `python3 -m pip install --quiet duckdb-cli` once; if that fails, the
#      DuckDB commands are left out (with a note) and the rest still runs;
#   3. runs one hyperfine comparison per task (--warmup 1 --runs 3), all commands
#      on the same file in the same run:
#        json          all rows of big.json as a table (listview, mlr, jq)
#        jsonl         all rows of big.jsonl (listview, mlr, jq)
#        grouped       big.json grouped/sorted by status, written as JSON Lines
#                      (listview, mlr)
#        csv-table     all rows of big.csv as a table (listview, mlr, duckdb)
#        csv-count     the number of rows per status in big.csv (listview
#                      --counts, or where listview has no --counts yet, its
#                      grouped status column as JSON Lines; mlr, duckdb)
#        csv-head      the first 20 rows of big.csv (listview --page-size 20, mlr,
#                      duckdb)
#        csv-sort      all rows of big.csv sorted by amount, as a table
#                      (listview, mlr, duckdb)
#        csv-head-1gb  the first 20 rows of big-1gb.csv, about 1 GB (listview, mlr);
#                      only with BIG=1 or when TASKS names it
#      DuckDB prints tables in its default "duckbox" mode with `.maxrows -1`, so
#      it formats every row (without it, duckbox shows only about 40);
#   4. prints each command's median time and its ratio to listview's median,
#      and (with GNU time at /usr/bin/time) each command's peak RSS, measured once.
#
# Requirements: hyperfine, miller (mlr), jq, python3; GNU time and DuckDB's CLI
# are optional (Debian/Ubuntu: apt-get install hyperfine miller jq time;
# DuckDB: pip install duckdb-cli).

set -euo pipefail

SCRIPT_DIR=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd)
REPO_ROOT=$(cd -- "$SCRIPT_DIR/.." && pwd)
DATADIR=${1:-/tmp/listview-bench}
ROWS=${ROWS:-1000000}
RESULTS_DIR=${RESULTS_DIR:-$DATADIR/results}

die() { echo "bench: $*" >&2; exit 1; }

# --- tasks to run ------------------------------------------------------------
ALL_TASKS=(json jsonl grouped csv-table csv-count csv-head csv-sort csv-head-1gb)
if [[ -n ${TASKS:-} ]]; then
    read -r -a selected <<<"${TASKS//,/ }"
    ((${#selected[@]})) || die "TASKS='$TASKS' names no task (known: ${ALL_TASKS[*]})"
else
    selected=(json jsonl grouped csv-table csv-count csv-head csv-sort)
fi
[[ ${BIG:-0} == 0 ]] || selected+=(csv-head-1gb)
for t in "${selected[@]}"; do
    [[ " ${ALL_TASKS[*]} " == *" $t "* ]] || die "unknown task '$t' in TASKS (known: ${ALL_TASKS[*]})"
done
wants() { [[ " ${selected[*]} " == *" $1 "* ]]; }
wants_duckdb() { wants csv-table || wants csv-count || wants csv-head || wants csv-sort; }

# --- required tools ----------------------------------------------------------
missing=()
for tool in hyperfine mlr jq python3; do
    command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
done
if ((${#missing[@]})); then
    echo "bench: missing required tool(s): ${missing[*]}" >&2
    echo "bench: install them first, e.g. on Debian/Ubuntu:" >&2
    echo "         apt-get install hyperfine miller jq python3" >&2
    exit 1
fi

# --- DuckDB CLI (optional) ---------------------------------------------------

# find_duckdb: print the DuckDB CLI to time, or nothing. A `duckdb` on PATH that
# is a script (PyPI's duckdb-cli installs a Python wrapper, pyenv a shell shim)
# gives way to the binary inside the duckdb_cli package, which the wrapper runs.
find_duckdb() {
    local path wheel
    path=$(command -v duckdb 2>/dev/null) || path=""
    if [[ -n $path && $(head -c 2 -- "$path" 2>/dev/null) != '#!' ]]; then
        echo "$path"; return 0
    fi
    wheel=$(python3 -c 'import os, duckdb_cli
p = os.path.join(os.path.dirname(duckdb_cli.__file__), "duckdb")
print(p if os.access(p, os.X_OK) else "")' 2>/dev/null) || wheel=""
    if [[ -n $wheel ]]; then
        echo "$wheel"
    elif [[ -n $path ]]; then
        echo "$path"
    fi
    return 0
}

DUCKDB_BIN=""
DUCKDB_VERSION=""
if wants_duckdb; then
    if [[ -n ${DUCKDB:-} ]]; then
        DUCKDB_BIN=$(command -v "$DUCKDB") || die "DUCKDB=$DUCKDB is not an executable"
    else
        DUCKDB_BIN=$(find_duckdb)
        if [[ -z $DUCKDB_BIN ]]; then
            echo "==> duckdb not found; installing it: python3 -m pip install --quiet duckdb-cli"
            if python3 -m pip install --quiet duckdb-cli; then
                hash -r
                DUCKDB_BIN=$(find_duckdb)
            fi
        fi
    fi
    if [[ -n $DUCKDB_BIN ]] && ! DUCKDB_VERSION=$("$DUCKDB_BIN" --version 2>&1); then
        echo "note: $DUCKDB_BIN --version failed: $DUCKDB_VERSION"
        DUCKDB_BIN=""
    fi
    if [[ -z $DUCKDB_BIN ]]; then
        echo "note: no working DuckDB CLI (pip install duckdb-cli failed or gave no duckdb);"
        echo "      the CSV tasks run without DuckDB"
    fi
fi

# --- data --------------------------------------------------------------------
mkdir -p "$DATADIR"
DATADIR=$(cd -- "$DATADIR" && pwd)
if [[ ! -f $DATADIR/big.json || ! -f $DATADIR/big.jsonl || ! -f $DATADIR/big.csv ]]; then
    echo "==> generating $ROWS rows of benchmark data in $DATADIR"
    python3 "$SCRIPT_DIR/gen-data.py" "$DATADIR" --rows "$ROWS"
fi
if wants csv-head-1gb; then
    "$SCRIPT_DIR/make-1gb-csv.sh" "$DATADIR"
fi
mkdir -p "$RESULTS_DIR"
RESULTS_DIR=$(cd -- "$RESULTS_DIR" && pwd)

# --- listview binary ---------------------------------------------------------
if [[ -n ${LISTVIEW:-} ]]; then
    command -v "$LISTVIEW" >/dev/null 2>&1 || die "LISTVIEW=$LISTVIEW is not an executable"
    LISTVIEW=$(command -v "$LISTVIEW")
else
    LISTVIEW=$REPO_ROOT/.build/release/listview
    if [[ ! -x $LISTVIEW ]]; then
        echo "==> $LISTVIEW not found; building it (swift build -c release)"
        (cd -- "$REPO_ROOT" && swift build -c release)
        [[ -x $LISTVIEW ]] || die "build finished but $LISTVIEW does not exist"
    fi
fi
[[ $LISTVIEW == /* ]] || LISTVIEW=$PWD/$LISTVIEW

# Older listview builds may not have --no-pager yet. (Capture --help first:
# `listview --help | grep -q` could end in SIGPIPE and trip pipefail.)
help_text=$("$LISTVIEW" --help 2>&1 || true)
NO_PAGER=""
if grep -q -- '--no-pager' <<<"$help_text"; then
    NO_PAGER=" --no-pager"
else
    echo "note: $LISTVIEW --help does not mention --no-pager; running without it"
fi
# --counts (§5) may not exist yet either; csv-count then times the closest
# thing: the grouped status column, one JSON line per row.
LV_COUNTS=" --counts$NO_PAGER"
if ! grep -q -- '--counts' <<<"$help_text"; then
    LV_COUNTS=" --style jsonl --fields status"
    if wants csv-count; then
        echo "note: $LISTVIEW --help does not mention --counts; csv-count times" \
            "'--group-by status$LV_COUNTS' instead"
    fi
fi

# Quoted paths for use inside the command strings hyperfine hands to the shell.
q() { printf '%q' "$1"; }
LV=$(q "$LISTVIEW")
JSON=$(q "$DATADIR/big.json")
JSONL=$(q "$DATADIR/big.jsonl")
CSV=$(q "$DATADIR/big.csv")
BIGCSV=$(q "$DATADIR/big-1gb.csv")

# sql_str TEXT: TEXT as an SQL string literal.
sql_str() { printf "'%s'" "${1//\'/\'\'}"; }
# dq TEXT: TEXT as one shell word: in double quotes where that needs no
# escaping (readable in the printed commands), else as printf %q quotes it.
dq() {
    if [[ $1 == *[\"\$\`\\!]* ]]; then printf '%q' "$1"; else printf '"%s"' "$1"; fi
}
# duckdb_cmd [--all-rows] SQL: the DuckDB command running SQL, its output thrown
# away; nothing when there is no DuckDB (task leaves empty commands out).
# --all-rows keeps the default duckbox table but lifts its row limit (.maxrows
# -1; duckbox otherwise prints about 40 rows), so every row is formatted.
duckdb_cmd() {
    [[ -n $DUCKDB_BIN ]] || return 0
    local opts=""
    if [[ $1 == --all-rows ]]; then opts=" -c $(dq '.maxrows -1')"; shift; fi
    echo "$(q "$DUCKDB_BIN")$opts -c $(dq "$1") > /dev/null"
}
CSV_SQL="read_csv($(sql_str "$DATADIR/big.csv"))"

# GNU time for peak RSS (optional).
GNU_TIME=""
if [[ -x /usr/bin/time ]] && /usr/bin/time -f %M true >/dev/null 2>&1; then
    GNU_TIME=/usr/bin/time
else
    echo "note: GNU time not found at /usr/bin/time (Debian package 'time'); skipping peak RSS"
fi

# --- helpers -----------------------------------------------------------------

# summarize EXPORT_JSON: median of each command and its ratio to the first
# command's (listview's) median.
summarize() {
    python3 - "$1" <<'PY'
import json, statistics, sys

with open(sys.argv[1]) as f:
    results = json.load(f)["results"]

def median(r):
    return r["median"] if r.get("median") is not None else statistics.median(r["times"])

base_name = results[0]["command"]
base = median(results[0])
width = max(len(r["command"]) for r in results)
print("  median times:")
for r in results:
    m = median(r)
    line = f"    {r['command']:<{width}}  {m:8.3f} s"
    if r is not results[0]:
        ratio = m / base if base > 0 else float("inf")
        line += f"   {r['command']}/{base_name} = {ratio:.1f}x"
    print(line)
PY
}

# peak_rss NAME COMMAND: run COMMAND once under GNU time and print its peak RSS.
peak_rss() {
    local name=$1 cmd=$2 out kb
    out=$(mktemp)
    if "$GNU_TIME" -f %M -o "$out" sh -c "$cmd" >/dev/null 2>&1; then
        kb=$(tail -n 1 "$out")
        echo "$name $kb" >> "$RESULTS_DIR/$3.rss"
        awk -v n="$name" -v kb="$kb" 'BEGIN { printf "    %-10s %9.1f MB\n", n, kb / 1024 }'
    else
        echo "    $name: command failed; no RSS"
    fi
    rm -f "$out"
}

failed=()

# task NAME -n NAME1 CMD1 -n NAME2 CMD2 ...: one hyperfine run comparing the
# commands (the first one is listview, the baseline for ratios), then peak RSS.
# A command given as "" is left out (a tool that is not installed). Does
# nothing unless NAME is among the selected tasks.
task() {
    local task_name=$1; shift
    wants "$task_name" || return 0
    local export=$RESULTS_DIR/$task_name.json
    local -a names=() cmds=()
    while (($#)); do
        if [[ -n $3 ]]; then
            names+=("$2"); cmds+=("$3")
        fi
        shift 3
    done

    echo
    echo "==> task: $task_name"
    local -a args=()
    local i
    for i in "${!cmds[@]}"; do
        printf '  %-9s %s\n' "${names[i]}:" "${cmds[i]}"
        args+=(--command-name "${names[i]}" "${cmds[i]}")
    done
    if ! hyperfine --warmup 1 --runs 3 --export-json "$export" "${args[@]}"; then
        echo "bench: task $task_name failed (a command exited non-zero); skipping it" >&2
        failed+=("$task_name")
        return 0
    fi
    summarize "$export"

    if [[ -n $GNU_TIME ]]; then
        echo "  peak RSS (one run each):"
        rm -f "$RESULTS_DIR/$task_name.rss"
        for i in "${!cmds[@]}"; do
            peak_rss "${names[i]}" "${cmds[i]}" "$task_name"
        done
    fi
}

# --- tasks -------------------------------------------------------------------
echo "listview: $LISTVIEW"
if [[ -n $DUCKDB_BIN ]]; then
    echo "duckdb:   $DUCKDB_BIN ($DUCKDB_VERSION)"
fi
sizes="$(du -h "$DATADIR/big.json" | cut -f1) big.json, $(du -h "$DATADIR/big.csv" | cut -f1) big.csv"
if wants csv-head-1gb; then
    sizes+=", $(du -h "$DATADIR/big-1gb.csv" | cut -f1) big-1gb.csv"
fi
echo "data:     $DATADIR ($sizes)"
echo "tasks:    ${selected[*]}"
echo "results:  $RESULTS_DIR"

task json \
    -n listview "$LV $JSON$NO_PAGER > /dev/null" \
    -n mlr      "mlr --ijson --opprint cat $JSON > /dev/null" \
    -n jq       "jq empty $JSON"

task jsonl \
    -n listview "$LV $JSONL$NO_PAGER > /dev/null" \
    -n mlr      "mlr --ijsonl --opprint cat $JSONL > /dev/null" \
    -n jq       "jq -c . $JSONL > /dev/null"

task grouped \
    -n listview "$LV $JSON --group-by status --style jsonl > /dev/null" \
    -n mlr      "mlr --ijson --ojsonl sort -f status $JSON > /dev/null"

task csv-table \
    -n listview "$LV $CSV$NO_PAGER > /dev/null" \
    -n mlr      "mlr --icsv --opprint cat $CSV > /dev/null" \
    -n duckdb   "$(duckdb_cmd --all-rows "SELECT * FROM $CSV_SQL")"

task csv-count \
    -n listview "$LV $CSV --group-by status$LV_COUNTS > /dev/null" \
    -n mlr      "mlr --icsv --opprint count -g status $CSV > /dev/null" \
    -n duckdb   "$(duckdb_cmd "SELECT status, count(*) FROM $CSV_SQL GROUP BY status")"

task csv-head \
    -n listview "$LV $CSV --page-size 20$NO_PAGER > /dev/null" \
    -n mlr      "mlr --icsv --opprint head -n 20 $CSV > /dev/null" \
    -n duckdb   "$(duckdb_cmd "SELECT * FROM $CSV_SQL LIMIT 20")"

task csv-sort \
    -n listview "$LV $CSV --sort amount$NO_PAGER > /dev/null" \
    -n mlr      "mlr --icsv --opprint sort -nf amount $CSV > /dev/null" \
    -n duckdb   "$(duckdb_cmd --all-rows "SELECT * FROM $CSV_SQL ORDER BY amount")"

task csv-head-1gb \
    -n listview "$LV $BIGCSV --page-size 20$NO_PAGER > /dev/null" \
    -n mlr      "mlr --icsv --opprint head -n 20 $BIGCSV > /dev/null"

# --- the targets of issue 6 --------------------------------------------------
# listview's median over the peer's (lower is better), and peak RSS, against each target.
python3 - "$RESULTS_DIR" <<'PY'
import json, os, statistics, sys
results = sys.argv[1]

def medians(task):
    path = os.path.join(results, task + ".json")
    if not os.path.exists(path):
        return {}
    with open(path) as f:
        runs = json.load(f)["results"]
    return {r["command"]: (r.get("median") or statistics.median(r["times"])) for r in runs}

def rss(task):
    path = os.path.join(results, task + ".rss")
    if not os.path.exists(path):
        return {}
    with open(path) as f:
        return {name: int(kb) / 1024 for name, kb in (line.split() for line in f if line.strip())}

rows = []
def time_target(label, task, peer, limit):
    m = medians(task)
    if "listview" in m and peer in m and m[peer] > 0:
        ratio = m["listview"] / m[peer]
        rows.append((label, f"time listview/{peer}", f"{ratio:.2f}x", f"<= {limit}x", "met" if ratio <= limit else "not met"))
def rss_ratio_target(label, task, peer, limit):
    r = rss(task)
    if "listview" in r and peer in r and r[peer] > 0:
        ratio = r["listview"] / r[peer]
        rows.append((label, f"RSS listview/{peer}", f"{ratio:.2f}x", f"<= {limit}x", "met" if ratio <= limit else "not met"))
def rss_target(label, task, limit_mb):
    r = rss(task)
    if "listview" in r:
        rows.append((label, "RSS listview", f"{r['listview']:.1f} MB", f"<= {limit_mb} MB", "met" if r["listview"] <= limit_mb else "not met"))

time_target("T1 table of all rows", "csv-table", "mlr", 0.35)
rss_ratio_target("T1 table of all rows", "csv-table", "mlr", 0.25)
time_target("T2 count per group", "csv-count", "duckdb", 1.0)
time_target("T3 first page", "csv-head", "mlr", 1.0)
rss_target("T3 first page", "csv-head", 20)
rss_target("T3 first page, 1 GB", "csv-head-1gb", 20)
time_target("T4 sorted table", "csv-sort", "duckdb", 0.25)
time_target("T5 JSON table", "json", "jq", 0.3)
if rows:
    print()
    print("==> issue 6 targets (listview over the peer; lower is better)")
    widths = [max(len(row[i]) for row in rows) for i in range(5)]
    for row in rows:
        print("  " + "  ".join(cell.ljust(widths[i]) for i, cell in enumerate(row)))
PY

echo
if ((${#failed[@]})); then
    echo "bench: failed task(s): ${failed[*]} (exports in $RESULTS_DIR)" >&2
    exit 1
fi
echo "done; hyperfine exports in $RESULTS_DIR"
