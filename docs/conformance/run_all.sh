#!/bin/sh
# Re-runs the conformance checks of docs/conformance.md that make test does not run (their data
# are not in ../shared/corpus) against the release build.
#   CONFORMANCE_DATA=DIR  where the suites were fetched to (default /tmp/conformance/data: see
#                         docs/conformance.md for each repository, commit and path)
#   LISTVIEW=PATH         the binary (default .build/release/listview)
# Results land in $CONFORMANCE_RESULTS (default /tmp/conformance) as results_*.tsv.
cd "$(dirname "$0")" || exit 1
mkdir -p "${CONFORMANCE_RESULTS:-/tmp/conformance}"
python3 run_csv.py && python3 run_jsonl.py
