#!/usr/bin/env bash
#
# bench/browser-nested.sh — the browser on nested data and many files (issue 44); bench/browser.sh
# runs it after its own figures, and it runs alone too.
#
# Usage:
#   bench/browser-nested.sh [DATADIR]     (default DATADIR: /tmp/listview-bench)
#
# Environment:
#   LISTVIEW=/path/to/listview   binary to measure (default: .build/release/listview)
#   TIMES=N                      times each key is pressed (default 10; the slowest is reported)
#
# What it does, in a tmux window of 120x40 of its own, with the browser's own timings
# (LISTVIEW_BROWSER_TIMINGS: from a key's arrival until its screen is drawn):
#   1. opens DATADIR/nested.jsonl (1,000,000 records with an items array; made once from
#      bench/gen-nested.py) and DATADIR/big.csv (1,000,000 rows; bench/gen-data.py) as two sheets,
#      `--memory-limit 1GB`, and waits until the tab line shows both loaded;
#   2. dives into the items array of a record (Enter on the items column) and back (Backspace),
#      TIMES times each (targets: ≤ 20 ms, ≤ 16 ms);
#   3. switches sheets with Tab, TIMES times (target: ≤ 16 ms), then reads the peak RSS against the
#      memory limit;
#   4. opens a record of 10,000 nested nodes in full (DATADIR/deep.jsonl, made here) and folds
#      and unfolds every node (zM, zR), TIMES times each (target: ≤ 16 ms).
# Needs tmux, GNU time and python3.
set -euo pipefail

DATA=${1:-/tmp/listview-bench}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
LISTVIEW=${LISTVIEW:-$ROOT/.build/release/listview}
TIMES=${TIMES:-10}
LIMIT_MB=1024
for tool in tmux /usr/bin/time python3; do
    command -v "$tool" >/dev/null || { echo "bench/browser-nested.sh: $tool is not installed; nothing measured" >&2; exit 0; }
done
mkdir -p "$DATA"
[ -f "$DATA/big.csv" ] || python3 "$ROOT/bench/gen-data.py" "$DATA"
if [ ! -f "$DATA/nested.jsonl" ]; then
    [ -f "$DATA/nested.json" ] || python3 "$ROOT/bench/gen-nested.py" 1000000 "$DATA/nested.json"
    python3 -c 'import json,sys
for record in json.load(open(sys.argv[1])): print(json.dumps(record, separators=(",", ":")))' "$DATA/nested.json" > "$DATA/nested.jsonl"
fi
# One record of 10,000 nested nodes: 2,499 items of 3 fields under one array, and an id.
DEEP="$DATA/deep.jsonl"
python3 -c 'import json
print(json.dumps({"id": 1, "items": [{"sku": f"SK-{n}", "qty": n % 7, "price": n / 4} for n in range(2499)]}, separators=(",", ":")))' > "$DEEP"
[ -x "$LISTVIEW" ] || (cd "$ROOT" && swift build -c release --product listview >/dev/null)

SOCKET="listview-nested-$$"
WORK=$(mktemp -d)
tm() { tmux -L "$SOCKET" -f /dev/null -u "$@"; }
cleanup() { tm kill-server 2>/dev/null || true; rm -rf "$WORK"; }
trap cleanup EXIT
stop() { tm kill-server 2>/dev/null || true; sleep 0.3; }
start() {  # start ARGS...: listview ARGS -i with timings and its peak RSS, in a fresh window
    tm new-session -d -x 120 -y 40 "env LC_ALL=C.UTF-8 TERM=screen LISTVIEW_BROWSER_TIMINGS=$WORK/times /usr/bin/time -f %M -o $WORK/rss $LISTVIEW $* -i > /dev/null; sleep 30" </dev/null >/dev/null 2>&1
}
wait_for() {  # wait_for TEXT: poll the screen every 10 ms (for up to a minute) until it shows TEXT
    for _ in $(seq 1 6000); do
        if tm capture-pane -p -t 0 2>/dev/null | grep -qF -- "$1"; then return 0; fi
        sleep 0.01
    done
    echo "bench/browser-nested.sh: the screen never showed '$1'" >&2
    tm capture-pane -p -t 0 >&2 || true
    return 1
}
slowest=0
timed() {  # timed KEY TEXT: clears the timings, presses KEY, waits for TEXT; adds the key's time (ms) to $WORK/KEY
    : > "$WORK/times"
    tm send-keys -t 0 "$1"
    wait_for "$2"
    sleep 0.1
    python3 -c 'import sys; k=[int(l.split()[1])/1000 for l in open(sys.argv[1]) if l.startswith("key ")]; print(f"{max(k):.2f}")' "$WORK/times" >> "$WORK/key-$3"
}
report() {  # report NAME LIMIT: the slowest of the times NAME took, against LIMIT
    python3 - "$WORK/key-$1" "$1" "$2" <<'EOF'
import sys
times = sorted(float(line) for line in open(sys.argv[1]))
limit = float(sys.argv[3])
print(f"{sys.argv[2]:<40} {times[-1]:>10.2f}   <= {limit:<5} {'PASS' if times[-1] <= limit else 'FAIL'}   (median {times[len(times) // 2]:.2f} ms over {len(times)})")
EOF
}

echo "== two 1M-row files as sheets: $(basename "$DATA/nested.jsonl") ($(du -m "$DATA/nested.jsonl" | cut -f1) MB), big.csv ($(du -m "$DATA/big.csv" | cut -f1) MB), --memory-limit ${LIMIT_MB}MB"
stop
start "$DATA/nested.jsonl $DATA/big.csv --memory-limit ${LIMIT_MB}MB"
wait_for "nested.jsonl 1,000,000]│ big.csv 1,000,000"
# Both loaded: no `…` left on the tab line.
while tm capture-pane -p -t 0 | head -1 | grep -qF "…"; do sleep 0.05; done
tm send-keys -t 0 c; tm send-keys -t 0 -l items; tm send-keys -t 0 Enter; wait_for "col items"
for n in $(seq 1 "$TIMES"); do
    timed Enter "› id=$n › items" dive
    timed BSpace "nested.jsonl · row $n/1000000" back
    tm send-keys -t 0 j; wait_for "row $((n + 1))/1000000"
done
for n in $(seq 1 "$TIMES"); do
    if [ $((n % 2)) = 1 ]; then timed Tab "[big.csv 1,000,000]" switch; else timed Tab "[nested.jsonl 1,000,000]" switch; fi
done
tm send-keys -t 0 q; sleep 1
rss=$(( $(cat "$WORK/rss") / 1024 ))

echo "== a record of 10,000 nested nodes in full: fold all, unfold all"
stop
start "$DEEP"
wait_for "row 1/1"
tm send-keys -t 0 Enter; wait_for "Esc goes back"
for _ in $(seq 1 "$TIMES"); do
    tm send-keys -t 0 z; sleep 0.1
    timed M "items: [2,499 items]" fold
    tm send-keys -t 0 z; sleep 0.1
    timed R "  - sku: SK-0" unfold
done
tm send-keys -t 0 q; sleep 0.3; tm send-keys -t 0 q; sleep 1

echo
printf '%-40s %10s   %-8s %s\n' target "ms" limit verdict
report dive 20
report back 16
report switch 16
report fold 16
report unfold 16
printf '%-40s %10s   %-8s %s\n' "peak RSS of both sheets, MB" "$rss" "<= $LIMIT_MB" "$([ "$rss" -le "$LIMIT_MB" ] && echo PASS || echo FAIL)"
