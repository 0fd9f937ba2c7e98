#!/usr/bin/env bash
# bench/any-size.sh — listview on a CSV far larger than its memory: each shape run twice, uncapped
# and in a memory cgroup (v1, /sys/fs/cgroup/memory, made and removed here) capped at CAP with
# --memory-limit LIMIT; exit status, sha256 of the output, peak RSS and time of each, and their
# ratios. DuckDB sorts the same file under the same cap when its CLI is installed.
#
#   bench/any-size.sh [DATADIR]      BYTES (default 8000000000), CAP (512M), LIMIT (400MB),
#                                    ONLY=table,sort (some shapes), DUCKDB (the CLI binary;
#                                    default: bench/probes.sh's find_duckdb)
#
# The CSV is the bench generator's 1,000,000 rows repeated to BYTES (bench/make-1gb-csv.sh).
# The summary's sha256 is taken over its exact fields (distinct and top may be estimates).
# The diff compares two halves of BYTES each: bench/diffpairs.py's 1,000,000-row pair
# (1% changed, 0.5% added, 0.5% removed) repeated with the ids moved on by 10^7 each time.
# Needs root (for the cgroup) and /usr/bin/time. Takes long at the default size: a scaled run,
# BYTES=1000000000 CAP=128M LIMIT=100MB, shows the same ratios in minutes.
set -euo pipefail

die() { echo "any-size: $*" >&2; exit 1; }
ROOT=$(cd "$(dirname "$0")/.." && pwd)
DATA=${1:-/tmp/listview-any-size}
BYTES=${BYTES:-8000000000}
CAP=${CAP:-512M}
LIMIT=${LIMIT:-400MB}
LISTVIEW=${LISTVIEW:-$ROOT/.build/release/listview}
CGROUP=/sys/fs/cgroup/memory/listview-any-size

[ -x /usr/bin/time ] || die "/usr/bin/time is not installed (apt-get install time)"
[ -d /sys/fs/cgroup/memory ] || die "no cgroup v1 memory controller at /sys/fs/cgroup/memory"
[ -x "$LISTVIEW" ] || (cd "$ROOT" && swift build -c release --product listview >/dev/null)
mkdir -p "$DATA"
[ -f "$DATA/big.csv" ] || python3 "$ROOT/bench/gen-data.py" "$DATA" >/dev/null
CSV=$DATA/big-$BYTES.csv
if [ ! -f "$CSV" ]; then
    BYTES=$BYTES bash "$ROOT/bench/make-1gb-csv.sh" "$DATA" >/dev/null
    mv "$DATA/big-1gb.csv" "$CSV"
fi
# The diff pair: the 1M-row pair repeated to BYTES/2 a side, ids kept unique.
DIFF_OLD=$DATA/diff-old-$BYTES.csv
DIFF_NEW=$DATA/diff-new-$BYTES.csv
if [ -z "${ONLY:-}" ] || [[ ",$ONLY," == *",diff,"* ]] && [ ! -f "$DIFF_NEW" ]; then
    [ -f "$DATA/pair/old.csv" ] || python3 "$ROOT/bench/diffpairs.py" --rows 1000000 "$DATA/pair" >/dev/null
    for side in old new; do
        out=$DATA/diff-$side-$BYTES.csv
        head -1 "$DATA/pair/$side.csv" > "$out.tmp"
        copy=0
        while [ "$(stat -c %s "$out.tmp")" -lt $((BYTES / 2)) ]; do
            awk -F, -v OFS=, -v offset=$((copy * 10000000)) 'NR > 1 { $1 = $1 + offset; print }' "$DATA/pair/$side.csv" >> "$out.tmp"
            copy=$((copy + 1))
        done
        mv "$out.tmp" "$out"
    done
fi
# shellcheck source=bench/probes.sh
source "$ROOT/bench/probes.sh"
start_capped_run "$CGROUP" "$CAP"

# run NAME CAPPED COMMAND…: status, sha256 (of the output through $FILTER), peak RSS (KB) and
# seconds, into $WORK/NAME.
FILTER=cat
# A summary in JSON Lines without the fields that may be estimates.
exact_summary() { python3 -c 'import json, sys
for line in sys.stdin:
    record = json.loads(line)
    for name in ("distinct", "top", "approximate"): record.pop(name, None)
    print(json.dumps(record, sort_keys=True))'; }
run() {
    local name=$1 capped=$2; shift 2
    local prefix=()
    if [ "$capped" = yes ]; then prefix=(sh -c 'echo $$ > '"$CGROUP"'/cgroup.procs; exec "$@"' sh); fi
    local start end status
    start=$(date +%s.%N)
    set +e
    /usr/bin/time -f '%M' -o "$WORK/$name.rss" "${prefix[@]}" "$@" 2>"$WORK/$name.err" | $FILTER | sha256sum | cut -c1-16 > "$WORK/$name.sha"
    status=${PIPESTATUS[0]}
    set -e
    end=$(date +%s.%N)
    echo "$status" > "$WORK/$name.status"
    echo "$end - $start" | bc > "$WORK/$name.time"
}

SHAPES=(
    "table|$CSV"
    "sort|$CSV --sort amount:desc"
    "group-sort|$CSV --group-by status --sort amount:desc"
    "summary|$CSV --summary --style jsonl"
    "diff|diff $DIFF_OLD $DIFF_NEW --key id --style jsonl"
)
echo "any-size: $(du -h "$CSV" | cut -f1) CSV; cap $CAP, --memory-limit $LIMIT; $(nproc) cores"
printf '%-11s %7s %7s %17s %17s %10s %10s %7s\n' shape status capped sha256 "sha256 capped" "RSS MB" "capped MB" "time x"
for entry in "${SHAPES[@]}"; do
    name=${entry%%|*}
    [ -z "${ONLY:-}" ] || [[ ",$ONLY," == *",$name,"* ]] || continue
    read -r -a words <<< "${entry#*|}"
    FILTER=cat
    [ "$name" != summary ] || FILTER=exact_summary
    run "$name" no "$LISTVIEW" "${words[@]}" --no-pager
    run "$name-capped" yes "$LISTVIEW" "${words[@]}" --no-pager --memory-limit "$LIMIT"
    FILTER=cat
    printf '%-11s %7s %7s %17s %17s %10d %10d %7.2f\n' "$name" "$(cat "$WORK/$name.status")" "$(cat "$WORK/$name-capped.status")" \
        "$(cat "$WORK/$name.sha")" "$(cat "$WORK/$name-capped.sha")" $(( $(tail -1 "$WORK/$name.rss") / 1024 )) \
        $(( $(tail -1 "$WORK/$name-capped.rss") / 1024 )) "$(echo "$(cat "$WORK/$name-capped.time") / $(cat "$WORK/$name.time")" | bc -l)"
    printf '            %.1f s uncapped, %.1f s capped\n' "$(cat "$WORK/$name.time")" "$(cat "$WORK/$name-capped.time")"
done
# The binary itself (find_duckdb): a wrapper's timeout would leave it running.
DUCKDB=${DUCKDB:-$(find_duckdb)}
if [ -n "$DUCKDB" ]; then
    # At most DUCKDB_SECONDS (default 600): status 124 is a timeout.
    run duckdb-capped yes timeout "${DUCKDB_SECONDS:-600}" "$DUCKDB" -c "SET memory_limit='$LIMIT'; SET temp_directory='$WORK/duckdb'; COPY (SELECT * FROM read_csv_auto('$CSV') ORDER BY amount DESC) TO '/dev/stdout' (FORMAT csv)"
    printf 'duckdb sort, capped: status %s (124: timed out), %.1f s, peak RSS %d MB\n' "$(cat "$WORK/duckdb-capped.status")" \
        "$(cat "$WORK/duckdb-capped.time")" $(( $(tail -1 "$WORK/duckdb-capped.rss") / 1024 ))
else
    echo "duckdb: not installed (pip install duckdb-cli): no DuckDB figure"
fi
