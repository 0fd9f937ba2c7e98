#!/usr/bin/env bash
#
# bench/static.sh — what linking the Swift runtime in (--static-swift-stdlib, issue 18) does to
# start-up and size, against the same sources linked against the toolchain's shared runtime.
#
# Usage:
#   bench/static.sh [DATADIR]        (default DATADIR: /tmp/listview-bench; big.csv from bench/run.sh)
#
# Builds, if missing, the static binary (.build/release, `make release`) and a dynamic one
# (.build-dynamic/release, `swift build -c release --scratch-path .build-dynamic`), then in
# one hyperfine run each: `listview --version`, and T3, the first page of the 1,000,000-row
# CSV (`--page-size 20`). Reports the time ratios (static / dynamic), the binary sizes, the
# packaged (stripped) size, and the shared libraries each loads.
set -euo pipefail

DATA=${1:-/tmp/listview-bench}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
STATIC=$ROOT/.build/release/listview
DYNAMIC=$ROOT/.build-dynamic/release/listview
command -v hyperfine >/dev/null || { echo "bench/static.sh: hyperfine is not installed; nothing measured" >&2; exit 0; }
[ -f "$DATA/big.csv" ] || python3 "$ROOT/bench/gen-data.py" "$DATA"
[ -x "$STATIC" ] || (cd "$ROOT" && swift build -c release --static-swift-stdlib --product listview >/dev/null)
[ -x "$DYNAMIC" ] || (cd "$ROOT" && swift build -c release --scratch-path .build-dynamic --product listview >/dev/null)
if ldd "$STATIC" | grep -q swift; then echo "bench/static.sh: $STATIC loads the Swift runtime; build it with make release" >&2; exit 1; fi
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT

median() { python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['results'][int(sys.argv[2])]['median'])" "$1" "$2"; }
measure() {  # measure NAME ARGS…: hyperfine static against dynamic; prints the medians and their ratio
    local name=$1
    shift
    hyperfine -N --warmup 5 --runs 40 --export-json "$OUT/$name.json" "$STATIC $*" "$DYNAMIC $*" >/dev/null
    local s d
    s=$(median "$OUT/$name.json" 0)
    d=$(median "$OUT/$name.json" 1)
    printf '%-28s static %7.2f ms   dynamic %7.2f ms   static/dynamic %.2f\n' "$name" \
        "$(python3 -c "print($s * 1000)")" "$(python3 -c "print($d * 1000)")" "$(python3 -c "print($s / $d)")"
}
measure "listview --version" --version
measure "T3: first page of big.csv" "$DATA/big.csv" --page-size 20

size() { python3 -c "import os,sys; print(f'{os.path.getsize(sys.argv[1]) / 1e6:.1f} MB')" "$1"; }
stripped=$(mktemp)
strip --strip-unneeded -o "$stripped" "$STATIC"
echo "size: static $(size "$STATIC") ($(size "$stripped") stripped, as packaged), dynamic $(size "$DYNAMIC") plus the toolchain's shared runtime"
rm -f "$stripped"
echo "static loads:  $(ldd "$STATIC" | awk '/=>/ { print $1 }' | paste -sd' ')"
echo "dynamic loads: $(ldd "$DYNAMIC" | awk '/=>/ { print $1 }' | paste -sd' ')"
