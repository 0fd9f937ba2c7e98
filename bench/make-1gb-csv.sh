#!/usr/bin/env bash
#
# bench/make-1gb-csv.sh — build DATADIR/big-1gb.csv (about 1 GB) out of big.csv.
#
# Usage:
#   bench/make-1gb-csv.sh DATADIR
#
# Environment:
#   BYTES=N    stop once the file passes N bytes (default 1000000000)
#
# Writes big.csv once (header and rows), then appends big.csv's rows without
# its header line (`tail -n +2`) until the file is larger than BYTES, so the
# result is one valid CSV file: one header, big.csv's rows repeated (ids repeat
# too). Does nothing if DATADIR/big-1gb.csv already exists (delete it to
# rebuild). DATADIR/big.csv must exist: bench/gen-data.py DATADIR makes it.
# The file is written under a temporary name and renamed when complete, so an
# interrupted run never leaves a short big-1gb.csv behind.

set -euo pipefail

die() { echo "make-1gb-csv: $*" >&2; exit 1; }

(($# == 1)) || die "usage: bench/make-1gb-csv.sh DATADIR"
DATADIR=$1
BYTES=${BYTES:-1000000000}
[[ $BYTES =~ ^[0-9]+$ ]] || die "BYTES=$BYTES is not a number of bytes"

SRC=$DATADIR/big.csv
OUT=$DATADIR/big-1gb.csv
TMP=$OUT.tmp

if [[ -f $OUT ]]; then
    echo "==> $OUT exists ($(du -h "$OUT" | cut -f1)); not rebuilding it"
    exit 0
fi
[[ -f $SRC ]] || die "$SRC not found; run: python3 bench/gen-data.py $DATADIR"

# Rows without the header; an empty body would never grow the file.
body=$(tail -n +2 "$SRC" | wc -c)
((body > 0)) || die "$SRC has no rows after its header; regenerate it with more rows"
# Every row must end in a newline, or the next copy would join the last row.
[[ $(tail -c 1 "$SRC" | od -An -c | tr -d ' ') == '\n' ]] \
    || die "$SRC does not end with a newline"

echo "==> building $OUT from $SRC (until it passes $BYTES bytes)"
trap 'rm -f "$TMP"' EXIT
cp -- "$SRC" "$TMP"
size=$(wc -c <"$TMP")
copies=1
while ((size <= BYTES)); do
    tail -n +2 "$SRC" >>"$TMP"
    size=$((size + body))
    copies=$((copies + 1))
done
# Check the arithmetic against the file itself before publishing it.
actual=$(wc -c <"$TMP")
((actual == size)) || die "expected $size bytes in $TMP, found $actual"
mv -- "$TMP" "$OUT"
trap - EXIT

echo "    $copies copies of big.csv's rows, $size bytes ($(du -h "$OUT" | cut -f1))"
