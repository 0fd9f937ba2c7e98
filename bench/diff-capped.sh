#!/usr/bin/env bash
#
# bench/diff-capped.sh — a keyed diff past its memory budget against the same diff in memory
# (issue 42: at most 2.0x), in a memory cgroup that holds the budget and little more.
#
# Usage:
#   bench/diff-capped.sh [DATADIR]     (default DATADIR: /tmp/listview-any-size)
#
# Environment:
#   LISTVIEW=/path/to/listview   binary to measure (default: .build/release/listview)
#   CAP=96M                      the cgroup's memory.limit_in_bytes
#   LIMIT=48MB                   the capped run's --memory-limit
#   RUNS=5                       hyperfine runs of each
#
# The pair is bench/diffpairs.py's 1,000,000-row pair (DATADIR/pair, made if missing: 105 MB
# of CSV a side, rows shuffled, 2% different). The diff in memory runs outside the cgroup with
# the default limit; the capped one inside it (cgroup v1, /sys/fs/cgroup/memory, made and
# removed here: needs root), so its spill files and the inputs' pages compete for the cap as
# they would in a container. Both write `--style jsonl`; their outputs must be the same bytes.
# Ends with the ratio of the medians, peak RSS of each, and PASS or FAIL.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
die() { echo "diff-capped: $*" >&2; exit 1; }
DATA=${1:-/tmp/listview-any-size}
CAP=${CAP:-96M}
LIMIT=${LIMIT:-48MB}
RUNS=${RUNS:-5}
LISTVIEW=${LISTVIEW:-$ROOT/.build/release/listview}
CGROUP=/sys/fs/cgroup/memory/listview-diff-capped

command -v hyperfine >/dev/null || die "hyperfine is not installed (apt-get install hyperfine)"
[ -x /usr/bin/time ] || die "/usr/bin/time is not installed (apt-get install time)"
[ -d /sys/fs/cgroup/memory ] || die "no cgroup v1 memory controller at /sys/fs/cgroup/memory"
[ -x "$LISTVIEW" ] || (cd "$ROOT" && swift build -c release --product listview >/dev/null)
[ -f "$DATA/pair/old.csv" ] || python3 "$ROOT/bench/diffpairs.py" --rows 1000000 "$DATA/pair" >/dev/null
OLD=$DATA/pair/old.csv
NEW=$DATA/pair/new.csv

# shellcheck source=bench/probes.sh
source "$ROOT/bench/probes.sh"
start_capped_run "$CGROUP" "$CAP"

IN_MEMORY="$LISTVIEW diff $OLD $NEW --key id --style jsonl"
CAPPED="sh -c 'echo \$\$ > $CGROUP/cgroup.procs; exec $LISTVIEW diff $OLD $NEW --key id --style jsonl --memory-limit $LIMIT'"

# The same bytes, and each one's peak RSS.
/usr/bin/time -f '%M' -o "$WORK/memory.rss" $IN_MEMORY > "$WORK/memory.out" || [ $? -eq 1 ]
sh -c "echo \$\$ > $CGROUP/cgroup.procs; exec /usr/bin/time -f '%M' -o $WORK/capped.rss $LISTVIEW diff $OLD $NEW --key id --style jsonl --memory-limit $LIMIT" \
    > "$WORK/capped.out" || [ $? -eq 1 ]
cmp -s "$WORK/memory.out" "$WORK/capped.out" || die "the capped diff's output differs from the diff in memory's"

hyperfine -N -i --warmup 1 --runs "$RUNS" --export-json "$WORK/times.json" --output=null \
    -n "in memory" "$IN_MEMORY" -n "capped ($LIMIT in $CAP)" "$CAPPED" >&2
python3 - "$WORK/times.json" "$WORK/memory.rss" "$WORK/capped.rss" <<'PY'
import json, sys
results = json.load(open(sys.argv[1]))["results"]
memory, capped = (r["median"] for r in results)
rss = [int(open(path).read().split()[-1]) / 1024 for path in sys.argv[2:4]]
ratio = capped / memory
print(f"capped / in memory: {ratio:.2f}x (medians {capped:.2f} s / {memory:.2f} s); "
      f"peak RSS {rss[1]:.0f} MB against {rss[0]:.0f} MB; same output")
print("PASS" if ratio <= 2.0 else "FAIL", "capped keyed diff at most 2.0x the diff in memory")
PY
