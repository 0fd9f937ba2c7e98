#!/usr/bin/env bash
#
# bench/kinds.sh — what a formatter per record kind costs (issue 31): a list of 1,000,000 JSON
# Lines events of three kinds drawn as lines, a table block and cards, against the plain table
# of the same file, in one hyperfine run.
#
# Usage:
#   bench/kinds.sh [DATADIR]         (default DATADIR: /tmp/listview-bench)
#
# Environment:
#   LISTVIEW=/path/to/listview   binary to measure (default: .build/release/listview)
#   RUNS=N                       hyperfine runs (default 5)
#
# Makes DATADIR/events-1m.jsonl once (bench/gen-events.py), then times
#   listview events-1m.jsonl                                   (the plain table)
#   listview events-1m.jsonl --kind-field kind --kind login=… --kind purchase=table:… --kind error=card:…
# and reports the ratio (target: at most 1.3). Needs hyperfine.
set -euo pipefail

DATA=${1:-/tmp/listview-bench}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
LISTVIEW=${LISTVIEW:-$ROOT/.build/release/listview}
RUNS=${RUNS:-5}
command -v hyperfine >/dev/null || { echo "bench/kinds.sh: hyperfine is not installed; nothing measured" >&2; exit 0; }
[ -x "$LISTVIEW" ] || (cd "$ROOT" && swift build -c release --product listview >/dev/null)
mkdir -p "$DATA"
EVENTS="$DATA/events-1m.jsonl"
[ -f "$EVENTS" ] || python3 "$ROOT/bench/gen-events.py" 1000000 "$EVENTS"

KINDS="--kind-field kind --kind 'login={ts}  {user} logged in from {ip}' --kind 'purchase=table:fields=ts|user|sku|amount' --kind 'error=card:title=code,subtitle=message,detail=user|ts'"
RESULTS=$(mktemp)
trap 'rm -f "$RESULTS"' EXIT
hyperfine -N --warmup 1 --runs "$RUNS" --export-json "$RESULTS" "$LISTVIEW $EVENTS" "$LISTVIEW $EVENTS $KINDS" | grep -E "Benchmark|Time|±" || true
ratio=$(python3 -c "import json,sys; r=json.load(open(sys.argv[1]))['results']; print(round(r[1]['median'] / r[0]['median'], 2))" "$RESULTS")
verdict=$(python3 -c "print('PASS' if $ratio <= 1.3 else 'FAIL')")
printf '%-44s %8s   %-8s %s\n' target measured limit verdict
printf '%-44s %8s   %-8s %s\n' "three kinds / plain table (1M JSON Lines)" "$ratio" "<= 1.3" "$verdict"
