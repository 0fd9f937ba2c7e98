#!/usr/bin/env bash
#
# bench/summary.sh — the cost of the summary's spread (issue 45): --summary of the 1,000,000-row
# bench CSV against an earlier binary, and the estimated quartiles past a memory limit against
# the exact ones.
#
# Usage:
#   BEFORE=/path/to/old/listview bench/summary.sh [DATADIR]   (default DATADIR: /tmp/listview-bench)
#
# Environment:
#   BEFORE=PATH   the binary to compare with (required): a release build without the spread
#   AFTER=PATH    the binary measured (default: .build/release/listview)
#   RUNS=N        hyperfine runs (default 7)
#
# Prints the time ratio (median after / before; target ≤ 1.2), the peak RSS ratio (target
# ≤ 1.1), and, for each number column, how far each quartile under --memory-limit 40MB lies from
# its rank among the exact values (target: within 1%).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
DATA=${1:-/tmp/listview-bench}
AFTER=${AFTER:-$ROOT/.build/release/listview}
RUNS=${RUNS:-7}
: "${BEFORE:?set BEFORE to the listview binary to compare with}"
CSV="$DATA/big.csv"
[ -f "$CSV" ] || python3 "$ROOT/bench/gen-data.py" "$DATA"
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

hyperfine -N -w 1 -r "$RUNS" --export-json "$WORK/times.json" \
    "$BEFORE $CSV --summary --no-pager" "$AFTER $CSV --summary --no-pager" >/dev/null
rss() { /usr/bin/time -f %M "$@" --no-pager 2>&1 >/dev/null | tail -1; }
before_rss=$(rss "$BEFORE" "$CSV" --summary)
after_rss=$(rss "$AFTER" "$CSV" --summary)
"$AFTER" "$CSV" --summary --style jsonl --no-pager --memory-limit 40MB > "$WORK/estimated.jsonl"
python3 - "$WORK/times.json" "$before_rss" "$after_rss" "$CSV" "$WORK/estimated.jsonl" <<'PY'
import bisect, csv, json, statistics, sys
times = [statistics.median(r["times"]) for r in json.load(open(sys.argv[1]))["results"]]
ratio, rss = times[1] / times[0], int(sys.argv[3]) / int(sys.argv[2])
print(f"--summary, 1M rows: {times[0]:.2f} s -> {times[1]:.2f} s ({ratio:.2f}x, limit 1.2) {'PASS' if ratio <= 1.2 else 'FAIL'}")
print(f"peak RSS: {int(sys.argv[2]) // 1024} MB -> {int(sys.argv[3]) // 1024} MB ({rss:.2f}x, limit 1.1) {'PASS' if rss <= 1.1 else 'FAIL'}")
records = {r["field"]: r for r in map(json.loads, open(sys.argv[5]))}
columns = {}
with open(sys.argv[4]) as f:
    for row in csv.DictReader(f):
        for name, cell in row.items():
            try:
                columns.setdefault(name, []).append(float(cell))
            except ValueError:
                pass
worst = 0.0
for name, values in columns.items():
    record = records.get(name)
    if not record or not record.get("quantiles") or not isinstance(record["quantiles"]["q25"], (int, float)):
        continue
    values.sort()
    for key, q in (("q25", 0.25), ("q50", 0.5), ("q75", 0.75)):
        estimate = record["quantiles"][key]
        low = bisect.bisect_left(values, estimate) / len(values)
        high = bisect.bisect_right(values, estimate) / len(values)
        off = max(0.0, low - q, q - high)
        worst = max(worst, off)
        print(f"  {name} {key}: {estimate} at rank {low:.4f}..{high:.4f} (off {off:.4%}){' ≈' if record['approximate'] else ''}")
print(f"worst rank error under --memory-limit 40MB: {worst:.4%} (limit 1%) {'PASS' if worst <= 0.01 else 'FAIL'}")
PY
