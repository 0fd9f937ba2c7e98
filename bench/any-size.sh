#!/usr/bin/env bash
# bench/any-size.sh — listview on a CSV far larger than its memory: each shape run twice, uncapped
# and in a memory cgroup (v1, /sys/fs/cgroup/memory, made and removed here) capped at CAP with
# --memory-limit LIMIT; exit status, sha256 of the output, peak RSS and time of each, and their
# ratios. DuckDB sorts the same file under the same cap when its CLI is installed.
#
#   bench/any-size.sh [DATADIR]      BYTES (default 8000000000), CAP (512M), LIMIT (400MB),
#                                    ONLY=table,sort (some shapes)
#
# The CSV is the bench generator's 1,000,000 rows repeated to BYTES (bench/make-1gb-csv.sh).
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
WORK=$(mktemp -d)
cleanup() {
    rm -rf "$WORK"
    if [ -d "$CGROUP" ]; then
        # Processes left in the cgroup go back to the root before it is removed.
        while read -r pid; do echo "$pid" > /sys/fs/cgroup/memory/cgroup.procs || true; done < "$CGROUP/cgroup.procs"
        rmdir "$CGROUP" || true
    fi
}
trap cleanup EXIT
mkdir -p "$CGROUP"
echo $(( $(numfmt --from=iec "$CAP") )) > "$CGROUP/memory.limit_in_bytes"
[ -f "$CGROUP/memory.memsw.limit_in_bytes" ] && echo $(( $(numfmt --from=iec "$CAP") )) > "$CGROUP/memory.memsw.limit_in_bytes" || true

# run NAME CAPPED COMMAND…: status, sha256, peak RSS (KB) and seconds, into $WORK/NAME.
run() {
    local name=$1 capped=$2; shift 2
    local prefix=()
    if [ "$capped" = yes ]; then prefix=(sh -c 'echo $$ > '"$CGROUP"'/cgroup.procs; exec "$@"' sh); fi
    local start end status
    start=$(date +%s.%N)
    set +e
    /usr/bin/time -f '%M' -o "$WORK/$name.rss" "${prefix[@]}" "$@" 2>"$WORK/$name.err" | sha256sum | cut -c1-16 > "$WORK/$name.sha"
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
    "summary|$CSV --summary"
)
echo "any-size: $(du -h "$CSV" | cut -f1) CSV; cap $CAP, --memory-limit $LIMIT; $(nproc) cores"
printf '%-11s %7s %7s %17s %17s %10s %10s %7s\n' shape status capped sha256 "sha256 capped" "RSS MB" "capped MB" "time x"
for entry in "${SHAPES[@]}"; do
    name=${entry%%|*}
    [ -z "${ONLY:-}" ] || [[ ",$ONLY," == *",$name,"* ]] || continue
    read -r -a words <<< "${entry#*|}"
    run "$name" no "$LISTVIEW" "${words[@]}" --no-pager
    run "$name-capped" yes "$LISTVIEW" "${words[@]}" --no-pager --memory-limit "$LIMIT"
    printf '%-11s %7s %7s %17s %17s %10d %10d %7.2f\n' "$name" "$(cat "$WORK/$name.status")" "$(cat "$WORK/$name-capped.status")" \
        "$(cat "$WORK/$name.sha")" "$(cat "$WORK/$name-capped.sha")" $(( $(tail -1 "$WORK/$name.rss") / 1024 )) \
        $(( $(tail -1 "$WORK/$name-capped.rss") / 1024 )) "$(echo "$(cat "$WORK/$name-capped.time") / $(cat "$WORK/$name.time")" | bc -l)"
    printf '            %.1f s uncapped, %.1f s capped\n' "$(cat "$WORK/$name.time")" "$(cat "$WORK/$name-capped.time")"
done
if command -v duckdb >/dev/null; then
    # At most DUCKDB_SECONDS (default 600): status 124 is a timeout.
    run duckdb-capped yes timeout "${DUCKDB_SECONDS:-600}" duckdb -c "SET memory_limit='$LIMIT'; SET temp_directory='$WORK/duckdb'; COPY (SELECT * FROM read_csv_auto('$CSV') ORDER BY amount DESC) TO '/dev/stdout' (FORMAT csv)"
    printf 'duckdb sort, capped: status %s (124: timed out), %.1f s, peak RSS %d MB\n' "$(cat "$WORK/duckdb-capped.status")" \
        "$(cat "$WORK/duckdb-capped.time")" $(( $(tail -1 "$WORK/duckdb-capped.rss") / 1024 ))
else
    echo "duckdb: not installed (pip install duckdb-cli): no DuckDB figure"
fi
