#!/usr/bin/env bash
# Runs listview's libFuzzer targets, one after another, each for a time budget.
#
#   bash Fuzz/run.sh [SECONDS_PER_TARGET] [TARGET...]     (make fuzz FUZZ_SECONDS=1800)
#
# Targets: json csv roundtrip where template (all by default). Each keeps its growing corpus in
# .build-fuzz/corpus/TARGET, seeded from samples/, Fuzz/seeds/TARGET, Fuzz/corpus/TARGET.tar.xz (what
# earlier runs grew, kept small with libFuzzer's -merge=1, the seeds left out) and ../shared/corpus/.
# A crash, AddressSanitizer report or hang (-timeout) stops that target and leaves the
# input in .build-fuzz/findings/TARGET/; the script then exits 1 after the other targets.
# Fuzz/lsan.supp silences leaks in code that is not listview's (see the file).
set -u
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(json csv roundtrip where template)
shared=${LISTVIEW_SHARED:-../shared}
binary=.build-fuzz/release/listview-fuzz

[ -n "${FUZZ_SKIP_BUILD:-}" ] || LISTVIEW_FUZZ=1 swift build --scratch-path .build-fuzz -c release \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -g --product listview-fuzz 2>&1 \
    | grep -v "ld.gold: warning: Cannot export local symbol" || true
[ -x "$binary" ] || { echo "fuzz: build failed" >&2; exit 1; }

seeds_for() {
    case $1 in
        json|roundtrip) echo samples/*.json samples/*.jsonl "$shared"/corpus/json-test-suite/*.json "$shared"/corpus/real-json/*.json ;;
        csv) echo samples/*.csv samples/*.tsv "$shared"/corpus/csv-spectrum/csvs/*.csv "$shared"/corpus/tsv-utils-csv2tsv/*.csv ;;
        *) ;;
    esac
}

status=0
for target in "${targets[@]}"; do
    corpus=.build-fuzz/corpus/$target
    findings=.build-fuzz/findings/$target
    mkdir -p "$corpus" "$findings"
    for seed in $(seeds_for "$target"); do [ -f "$seed" ] && cp "$seed" "$corpus/seed-$(basename "$seed")"; done
    [ -d "Fuzz/seeds/$target" ] && cp Fuzz/seeds/"$target"/* "$corpus/" 2>/dev/null
    [ -f "Fuzz/corpus/$target.tar.xz" ] && tar -xJf "Fuzz/corpus/$target.tar.xz" -C "$corpus"
    log=.build-fuzz/fuzz-$target.log
    echo "fuzz: $target for ${seconds}s (log $log)"
    # Swift's own crash backtracer would wait on a process that ASan is already reporting; libFuzzer reports.
    LSAN_OPTIONS=suppressions=$PWD/Fuzz/lsan.supp SWIFT_BACKTRACE=enable=no TMPDIR=${FUZZ_TMPDIR:-/dev/shm} LISTVIEW_FUZZ_TARGET=$target \
        "$binary" "$corpus" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 -max_len=65536 \
        -artifact_prefix="$findings/" -print_final_stats=1 > "$log" 2>&1
    result=$?
    grep -E "^#[0-9]+.*(DONE|pulse)" "$log" | tail -1
    grep -E "stat::number_of_executed_units|stat::peak_rss_mb|cov:" "$log" | tail -3 | sed 's/^/  /'
    if [ $result -ne 0 ]; then
        echo "fuzz: $target FOUND A PROBLEM (status $result); inputs in $findings:"; ls "$findings"
        grep -E "ERROR|SUMMARY|listview-fuzz:" "$log" | head -5
        status=1
    fi
done
exit $status
