#!/usr/bin/env bash
#
# bench/run.sh — compare listview against Miller (mlr) and jq on big inputs.
#
# Usage:
#   bench/run.sh [DATADIR]            (default DATADIR: /tmp/listview-bench)
#
# Environment:
#   LISTVIEW=/path/to/listview   binary to measure (default: .build/release/listview
#                                in the repo root, built with `swift build -c release`
#                                if it is missing)
#   ROWS=N                       rows to generate when DATADIR has no data
#                                (default 1000000, about 210 MB of JSON)
#   RESULTS_DIR=DIR              where hyperfine's JSON exports go
#                                (default DATADIR/results)
#
# What it does:
#   1. generates DATADIR/big.{json,jsonl,csv} with bench/gen-data.py if missing
#      (the data is deterministic; delete DATADIR to regenerate);
#   2. checks that hyperfine, mlr, jq and python3 are installed;
#   3. runs one hyperfine comparison per task (--warmup 1 --runs 3), all commands
#      on the same file in the same run:
#        json     all rows of big.json as a table
#        jsonl    all rows of big.jsonl
#        grouped  big.json grouped/sorted by status, written as JSON Lines
#   4. prints each command's median time and its ratio to listview's median,
#      and (with GNU time at /usr/bin/time) each command's peak RSS, measured once.
#
# Requirements: hyperfine, miller (mlr), jq, python3; GNU time is optional
# (Debian/Ubuntu: apt-get install hyperfine miller jq time).

set -euo pipefail

SCRIPT_DIR=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd)
REPO_ROOT=$(cd -- "$SCRIPT_DIR/.." && pwd)
DATADIR=${1:-/tmp/listview-bench}
ROWS=${ROWS:-1000000}
RESULTS_DIR=${RESULTS_DIR:-$DATADIR/results}

die() { echo "bench: $*" >&2; exit 1; }

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

# --- data --------------------------------------------------------------------
mkdir -p "$DATADIR"
DATADIR=$(cd -- "$DATADIR" && pwd)
if [[ ! -f $DATADIR/big.json || ! -f $DATADIR/big.jsonl || ! -f $DATADIR/big.csv ]]; then
    echo "==> generating $ROWS rows of benchmark data in $DATADIR"
    python3 "$SCRIPT_DIR/gen-data.py" "$DATADIR" --rows "$ROWS"
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

# Quoted paths for use inside the command strings hyperfine hands to the shell.
q() { printf '%q' "$1"; }
LV=$(q "$LISTVIEW")
JSON=$(q "$DATADIR/big.json")
JSONL=$(q "$DATADIR/big.jsonl")

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
        awk -v n="$name" -v kb="$kb" 'BEGIN { printf "    %-10s %9.1f MB\n", n, kb / 1024 }'
    else
        echo "    $name: command failed; no RSS"
    fi
    rm -f "$out"
}

failed=()

# task NAME -n NAME1 CMD1 -n NAME2 CMD2 ...: one hyperfine run comparing the
# commands (the first one is listview, the baseline for ratios), then peak RSS.
task() {
    local task_name=$1; shift
    local export=$RESULTS_DIR/$task_name.json
    local -a names=() cmds=()
    while (($#)); do
        names+=("$2"); cmds+=("$3"); shift 3
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
        for i in "${!cmds[@]}"; do
            peak_rss "${names[i]}" "${cmds[i]}"
        done
    fi
}

# --- tasks -------------------------------------------------------------------
echo "listview: $LISTVIEW"
echo "data:     $DATADIR ($(du -h "$DATADIR/big.json" | cut -f1) big.json)"
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

echo
if ((${#failed[@]})); then
    echo "bench: failed task(s): ${failed[*]} (exports in $RESULTS_DIR)" >&2
    exit 1
fi
echo "done; hyperfine exports in $RESULTS_DIR"
