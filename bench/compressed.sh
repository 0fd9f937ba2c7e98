#!/usr/bin/env bash
# bench/compressed.sh — listview on compressed copies of the bench CSV (issue 28), in one
# hyperfine run per task: .gz against the plain file and DuckDB, .zst against the plain file,
# --style jsonl on the .gz against Miller, and .bz2 and .xz against bzip2 -dc and xz -dc alone.
#
#   bench/compressed.sh [DATADIR]       (default DATADIR: /tmp/listview-bench; RUNS=N, default 5;
#                                        BIG=1 adds the first page of a 1 GB CSV gzipped)
#
# Makes DATADIR/big.csv with bench/gen-data.py when missing, and its .gz (gzip -6), .zst, .bz2
# and .xz beside it. Needs hyperfine; DuckDB (pip install duckdb-cli) and Miller are timed
# when installed. Prints hyperfine's summary of each task: report the ratios.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
DATA=${1:-/tmp/listview-bench}
RUNS=${RUNS:-5}
LISTVIEW=${LISTVIEW:-$ROOT/.build/release/listview}
command -v hyperfine >/dev/null || { echo "compressed: hyperfine is not installed (apt-get install hyperfine)" >&2; exit 1; }
[ -x "$LISTVIEW" ] || (cd "$ROOT" && swift build -c release --product listview >/dev/null)
mkdir -p "$DATA"
[ -f "$DATA/big.csv" ] || python3 "$ROOT/bench/gen-data.py" "$DATA" >/dev/null
CSV=$DATA/big.csv
[ -f "$CSV.gz" ] || gzip -6 -c "$CSV" > "$CSV.gz"
[ -f "$CSV.zst" ] || zstd -q -c "$CSV" > "$CSV.zst"
[ -f "$CSV.bz2" ] || bzip2 -c "$CSV" > "$CSV.bz2"
[ -f "$CSV.xz" ] || xz -c "$CSV" > "$CSV.xz"
counts="--group-by status --counts"
task() { echo "== $1"; shift; hyperfine -N -w 1 -r "$RUNS" "$@" 2>&1 | sed -n '/Summary/,$p'; }
duckdb_gz=()
command -v duckdb >/dev/null && duckdb_gz=("duckdb -c \"select status, count(*) from '$CSV.gz' group by status\"")
task "counts: .gz against the plain file and DuckDB" "$LISTVIEW $CSV $counts" "$LISTVIEW $CSV.gz $counts" "${duckdb_gz[@]}"
task "counts: .zst against the plain file" "$LISTVIEW $CSV $counts" "$LISTVIEW $CSV.zst $counts"
if command -v mlr >/dev/null; then
    task "JSON Lines from the .gz against Miller" "$LISTVIEW $CSV.gz --style jsonl" "mlr --icsv --gzin --ojson cat $CSV.gz"
fi
task "counts: .bz2 against bzip2 -dc alone" "$LISTVIEW $CSV.bz2 $counts" "bzip2 -dc $CSV.bz2"
task "counts: .xz against xz -dc alone" "$LISTVIEW $CSV.xz $counts" "xz -dc $CSV.xz"
# The first page of a 1 GB CSV gzipped, against the plain file's: time and peak memory. Only with
# BIG=1 (making the 1 GB file and its .gz takes about a minute).
if [ "${BIG:-0}" = 1 ]; then
    bash "$ROOT/bench/make-1gb-csv.sh" "$DATA" >/dev/null
    [ -f "$DATA/big-1gb.csv.gz" ] || gzip -6 -c "$DATA/big-1gb.csv" > "$DATA/big-1gb.csv.gz"
    task "first page of a 1 GB CSV, gzipped and plain" "$LISTVIEW $DATA/big-1gb.csv.gz --page-size 20" "$LISTVIEW $DATA/big-1gb.csv --page-size 20"
    for file in "$DATA/big-1gb.csv.gz" "$DATA/big-1gb.csv"; do
        /usr/bin/time -f "peak memory, first page of $(basename "$file"): %M KB" "$LISTVIEW" "$file" --page-size 20 >/dev/null
    done
fi
