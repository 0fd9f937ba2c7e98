#!/usr/bin/env bash
#
# bench/run.sh — compare listview against Miller (mlr), jq, DuckDB's CLI and
# libcsv's own parser on big inputs, and against its own plain table, and
# check every target of issues 6 and 13 in one run.
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
#   CSV_WHERE='amount>50000'     the --where predicate of csv-shapes (default
#                                amount>50000; in gen-data.py's data amount is
#                                1.00..2499.99, so that one keeps no row: the
#                                scan and filter without output)
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
#      DuckDB commands are left out (with a note) and the rest still runs.
#      DuckDB's COPY ... TO '/dev/stdout' is tried on 5 rows first; if that
#      writes nothing, csv-style-jsonl has it write a file in RESULTS_DIR;
#   3. for csv-parse, builds DATADIR/libcsv-parse from bench/libcsv-parse.c
#      (cc -O2 ... -lcsv; Debian libcsv-dev) when it is missing or older than
#      its source, and runs it once to show its row and field counts; without
#      cc or libcsv the libcsv command is left out (with a note);
#   4. runs one hyperfine comparison per task (--warmup 1 --runs 3), all commands
#      on the same file in the same run, all output to /dev/null (listview's
#      commands with --no-pager when the build has it; grouped's without):
#        json          all rows of big.json as a table (listview, mlr, jq)
#        json-shapes   big.json as the plain table and --group-by status
#        jsonl         all rows of big.jsonl (listview, mlr, jq)
#        grouped       big.json grouped/sorted by status, written as JSON Lines
#                      (listview, mlr)
#        csv-table     all rows of big.csv as a table (listview, mlr, duckdb)
#        csv-parse     the plain table of big.csv against libcsv parsing it with
#                      no-op callbacks on one core (bench/libcsv-parse.c)
#        csv-shapes    big.csv as the plain table, --group-by status,
#                      --group-by status --sort amount:desc, --where $CSV_WHERE
#                      and --border (each shape over the plain table)
#        csv-count     the number of rows per status in big.csv (listview
#                      --counts, or where listview has no --counts yet, its
#                      grouped status column as JSON Lines; mlr, duckdb)
#        csv-head      the first 20 rows of big.csv (listview --page-size 20, mlr,
#                      duckdb)
#        csv-sort      all rows of big.csv sorted by amount, as a table
#                      (listview, mlr, duckdb)
#        csv-style-jsonl  big.csv written as JSON Lines (listview --style jsonl;
#                      duckdb COPY (SELECT * FROM read_csv(...)) TO ... (FORMAT json))
#        csv-style-csv big.csv written as CSV (listview --style csv; mlr --csv cat)
#        csv-head-1gb  the first 20 rows of big-1gb.csv, about 1 GB (listview, mlr);
#                      only with BIG=1 or when TASKS names it
#      DuckDB prints tables in its default "duckbox" mode with `.maxrows -1`, so
#      it formats every row (without it, duckbox shows only about 40);
#   5. prints each command's median time and its ratio to the first command's
#      (listview's, or the plain table's) median, and (with GNU time at
#      /usr/bin/time) each command's peak RSS, measured once;
#   6. ends with one line per target of issues 6 and 13: the measured ratio (or
#      MB), the limit and PASS/FAIL. A target whose task was not run this time
#      but left an export in RESULTS_DIR earlier is shown with "earlier run".
#
# Requirements: hyperfine, miller (mlr), jq, python3; GNU time, DuckDB's CLI, and
# cc with libcsv for csv-parse are optional (Debian/Ubuntu: apt-get install
# hyperfine miller jq time libcsv-dev; DuckDB: pip install duckdb-cli).

set -euo pipefail

SCRIPT_DIR=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd)
REPO_ROOT=$(cd -- "$SCRIPT_DIR/.." && pwd)
DATADIR=${1:-/tmp/listview-bench}
ROWS=${ROWS:-1000000}
RESULTS_DIR=${RESULTS_DIR:-$DATADIR/results}
CSV_WHERE=${CSV_WHERE:-amount>50000}

die() { echo "bench: $*" >&2; exit 1; }

# --- tasks to run ------------------------------------------------------------
ALL_TASKS=(json json-shapes jsonl grouped csv-table csv-parse csv-shapes csv-count csv-head
    csv-sort csv-style-jsonl csv-style-csv csv-head-1gb)
if [[ -n ${TASKS:-} ]]; then
    read -r -a selected <<<"${TASKS//,/ }"
    ((${#selected[@]})) || die "TASKS='$TASKS' names no task (known: ${ALL_TASKS[*]})"
else
    selected=("${ALL_TASKS[@]:0:${#ALL_TASKS[@]}-1}")    # all but csv-head-1gb
fi
[[ ${BIG:-0} == 0 ]] || selected+=(csv-head-1gb)
for t in "${selected[@]}"; do
    [[ " ${ALL_TASKS[*]} " == *" $t "* ]] || die "unknown task '$t' in TASKS (known: ${ALL_TASKS[*]})"
done
wants() { [[ " ${selected[*]} " == *" $1 "* ]]; }
wants_duckdb() {
    wants csv-table || wants csv-count || wants csv-head || wants csv-sort || wants csv-style-jsonl
}

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

# find_duckdb and libcsv_parse.
# shellcheck source=bench/probes.sh
source "$SCRIPT_DIR/probes.sh"

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
        (cd -- "$REPO_ROOT" && swift build -c release --product listview)
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

# DuckDB's JSON Lines for csv-style-jsonl go to /dev/stdout (thrown away like
# every other command's output) if a COPY of 5 rows there really writes 5 lines;
# else to a file in RESULTS_DIR, checked the same way and removed at the end.
DUCKDB_COPY_TO=""
copy_sql() { echo "COPY (SELECT * FROM $CSV_SQL${2:-}) TO $(sql_str "$1") (FORMAT json)"; }
if [[ -n $DUCKDB_BIN ]] && wants csv-style-jsonl; then
    lines=$("$DUCKDB_BIN" -c "$(copy_sql /dev/stdout " LIMIT 5")" 2>/dev/null | wc -l) || lines=0
    if [[ $lines == 5 ]]; then
        DUCKDB_COPY_TO=/dev/stdout
    else
        DUCKDB_COPY_TO=$RESULTS_DIR/duckdb-copy.json
        echo "note: duckdb COPY ... TO '/dev/stdout' wrote $lines lines of 5; csv-style-jsonl" \
            "has it write $DUCKDB_COPY_TO instead"
        rm -f "$DUCKDB_COPY_TO"
        if ! "$DUCKDB_BIN" -c "$(copy_sql "$DUCKDB_COPY_TO" " LIMIT 5")" >/dev/null 2>&1 \
            || [[ $(wc -l <"$DUCKDB_COPY_TO" 2>/dev/null) != 5 ]]; then
            echo "note: duckdb COPY ... TO '$DUCKDB_COPY_TO' did not write 5 lines either;" \
                "csv-style-jsonl runs without DuckDB"
            DUCKDB_COPY_TO=""
        fi
        rm -f "$DUCKDB_COPY_TO"
    fi
fi

# libcsv's parse-only time for csv-parse: bench/libcsv-parse.c, built with cc
# into DATADIR when missing or older than its source.
LIBCSV_PARSE=""
if wants csv-parse; then
    bin=$(libcsv_parse "$DATADIR")
    if [[ -z $bin ]]; then
        echo "note: could not build $DATADIR/libcsv-parse (needs cc and libcsv: apt-get install" \
            "libcsv-dev); csv-parse runs without libcsv"
    elif counts=$("$bin" "$DATADIR/big.csv"); then
        echo "libcsv-parse big.csv: $counts"
        LIBCSV_PARSE=$bin
    else
        echo "note: $bin failed on big.csv; csv-parse runs without libcsv"
    fi
fi

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
    # An earlier run's figures must not stand for this one's if this one fails.
    rm -f "$export" "$RESULTS_DIR/$task_name.rss"
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
        printf '  %-11s %s\n' "${names[i]}:" "${cmds[i]}"
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
if [[ -r /proc/loadavg ]]; then
    # A busy machine stretches listview's two threads most: read ratios with it.
    echo "load:     $(cut -d ' ' -f 1-3 /proc/loadavg) (1, 5, 15 min; $(nproc 2>/dev/null || echo '?') CPUs)"
fi
echo "results:  $RESULTS_DIR"

task json \
    -n listview "$LV $JSON$NO_PAGER > /dev/null" \
    -n mlr      "mlr --ijson --opprint cat $JSON > /dev/null" \
    -n jq       "jq empty $JSON"

# Shapes over the plain table, in the same run (issue 13).
task json-shapes \
    -n table    "$LV $JSON$NO_PAGER > /dev/null" \
    -n group-by "$LV $JSON --group-by status$NO_PAGER > /dev/null"

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

# libcsv's own parse-only time is T1's floor (issue 13: within 2x of it).
task csv-parse \
    -n listview "$LV $CSV$NO_PAGER > /dev/null" \
    -n libcsv   "${LIBCSV_PARSE:+$(q "$LIBCSV_PARSE") $CSV > /dev/null}"

task csv-shapes \
    -n table      "$LV $CSV$NO_PAGER > /dev/null" \
    -n group-by   "$LV $CSV --group-by status$NO_PAGER > /dev/null" \
    -n group-sort "$LV $CSV --group-by status --sort amount:desc$NO_PAGER > /dev/null" \
    -n where      "$LV $CSV --where $(dq "$CSV_WHERE")$NO_PAGER > /dev/null" \
    -n border     "$LV $CSV --border$NO_PAGER > /dev/null"

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

task csv-style-jsonl \
    -n listview "$LV $CSV --style jsonl$NO_PAGER > /dev/null" \
    -n duckdb   "${DUCKDB_COPY_TO:+$(duckdb_cmd "$(copy_sql "$DUCKDB_COPY_TO")")}"

task csv-style-csv \
    -n listview "$LV $CSV --style csv$NO_PAGER > /dev/null" \
    -n mlr      "mlr --csv cat $CSV > /dev/null"

task csv-head-1gb \
    -n listview "$LV $BIGCSV --page-size 20$NO_PAGER > /dev/null" \
    -n mlr      "mlr --icsv --opprint head -n 20 $BIGCSV > /dev/null"

# --- the targets of issues 6 and 13 -----------------------------------------
# One line per target: a time ratio of medians from one hyperfine run, a peak
# RSS ratio or size, and PASS or FAIL (lower is better everywhere).
python3 - "$RESULTS_DIR" "$DATADIR" "${selected[*]}" "${failed[*]:-}" <<'PY'
import json, os, statistics, sys
results, datadir = sys.argv[1], sys.argv[2]
ran, failed = set(sys.argv[3].split()), set(sys.argv[4].split())
MB = 1024 * 1024

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
def row(label, measure, limit, task, value=None, ok=None):
    if value is None:
        if task in failed:
            why = f"{task} failed"
        elif task in ran:
            why = f"{task}: a command was left out"
        elif task == "csv-head-1gb":
            why = f"{task} not run (BIG=1)"
        else:
            why = f"{task} not run"
        rows.append((label, measure, "-", limit, "-", why))
    else:
        rows.append((label, measure, value, limit, "PASS" if ok else "FAIL",
                     "" if task in ran else "earlier run"))

def time_target(label, task, limit, num="listview", den=None):
    m = medians(task)
    value = ok = None
    if num in m and den in m and m[den] > 0:
        ratio = m[num] / m[den]
        value, ok = f"{ratio:.2f}x", ratio <= limit
    row(label, f"time {num}/{den}", f"<= {limit}x", task, value, ok)

def rss_ratio_target(label, task, den, limit):
    r = rss(task)
    value = ok = None
    if "listview" in r and den in r and r[den] > 0:
        ratio = r["listview"] / r[den]
        value, ok = f"{ratio:.2f}x", ratio <= limit
    row(label, f"RSS listview/{den}", f"<= {limit}x", task, value, ok)

def rss_target(label, task, limit_mb):
    r = rss(task)
    value = ok = None
    if "listview" in r:
        value, ok = f"{r['listview']:.1f} MB", r["listview"] <= limit_mb
    row(label, "RSS listview", f"<= {limit_mb} MB", task, value, ok)

def rss_input_target(label, sources, data, limit):
    """Peak RSS over the input file's size, from the first of sources ((task,
    command) pairs) measured in this run, else the first measured at all."""
    found = [(t, rss(t)[c]) for t, c in sources if c in rss(t)]
    found.sort(key=lambda f: f[0] not in ran)
    measure = f"RSS / {data} size"
    if not found:
        row(label, measure, f"<= {limit}x", sources[0][0])
        return
    task, mb = found[0]
    size = os.path.getsize(os.path.join(datadir, data)) / MB
    ratio = mb / size
    row(label, measure, f"<= {limit}x", task, f"{ratio:.2f}x ({mb:.0f}/{size:.0f} MB)", ratio <= limit)

# issue 6's targets, checked as before
time_target("T1 table of all rows", "csv-table", 0.35, den="mlr")
rss_ratio_target("T1 table of all rows", "csv-table", "mlr", 0.25)
time_target("T2 count per group", "csv-count", 1.0, den="duckdb")
time_target("T3 first page", "csv-head", 1.0, den="mlr")
rss_target("T3 first page", "csv-head", 20)
rss_target("T3 first page, 1 GB", "csv-head-1gb", 20)
time_target("T4 sorted table", "csv-sort", 0.25, den="duckdb")
time_target("T5 JSON table", "json", 0.3, den="jq")
# issue 13's
time_target("T1 vs libcsv parse-only", "csv-parse", 2.0, den="libcsv")
time_target("CSV --group-by status", "csv-shapes", 1.3, num="group-by", den="table")
time_target("CSV group-by + sort amount:desc", "csv-shapes", 1.6, num="group-sort", den="table")
time_target("CSV --where", "csv-shapes", 1.0, num="where", den="table")
time_target("CSV --border", "csv-shapes", 1.2, num="border", den="table")
time_target("JSON --group-by status", "json-shapes", 1.3, num="group-by", den="table")
time_target("CSV --style jsonl", "csv-style-jsonl", 0.5, den="duckdb")
rss_target("CSV --style jsonl", "csv-style-jsonl", 32)
time_target("CSV --style csv", "csv-style-csv", 0.25, den="mlr")
rss_target("CSV --style csv", "csv-style-csv", 32)
rss_input_target("CSV table, whole list",
                 [("csv-table", "listview"), ("csv-shapes", "table"), ("csv-parse", "listview")],
                 "big.csv", 2.0)
rss_input_target("CSV sorted (--sort amount)", [("csv-sort", "listview")], "big.csv", 2.0)
rss_input_target("CSV grouped (--group-by status)", [("csv-shapes", "group-by")], "big.csv", 2.0)
rss_input_target("JSON table, whole list", [("json", "listview"), ("json-shapes", "table")],
                 "big.json", 2.0)
rss_input_target("JSON grouped (--group-by status)", [("json-shapes", "group-by")], "big.json", 2.0)

print()
print("==> targets of issues 6 and 13 (lower is better)")
header = ("target", "measure", "value", "limit", "result", "note")
widths = [max(len(r[i]) for r in rows + [header]) for i in range(6)]
for r in [header] + rows:
    print("  " + "  ".join(cell.ljust(widths[i]) for i, cell in enumerate(r)).rstrip())
verdicts = [r[4] for r in rows]
print(f"  {verdicts.count('PASS')} PASS, {verdicts.count('FAIL')} FAIL, "
      f"{verdicts.count('-')} not measured")
PY

if [[ -n $DUCKDB_COPY_TO && $DUCKDB_COPY_TO != /dev/stdout ]]; then
    rm -f "$DUCKDB_COPY_TO"
fi

echo
if ((${#failed[@]})); then
    echo "bench: failed task(s): ${failed[*]} (exports in $RESULTS_DIR)" >&2
    exit 1
fi
echo "done; hyperfine exports in $RESULTS_DIR"
