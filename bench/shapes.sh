# bench/shapes.sh — the command shapes of issues 13 and 26, sourced by bench/before-after.sh and
# bench/instructions.sh. Set CSV, JSON and JSONL (the data files) before sourcing it.
#
# Each entry is name|arguments: the arguments as shell words (a --where predicate is quoted),
# the file first; every command writes to /dev/null without a pager.
# shellcheck disable=SC2034 # used by the scripts that source this file
SHAPE_LIST=(
    "table|$CSV"
    "group-by|$CSV --group-by status"
    "group-sort|$CSV --group-by status --sort amount:desc"
    "border|$CSV --border"
    "counts|$CSV --group-by status --counts"
    "head|$CSV --page-size 20"
    "sort|$CSV --sort amount"
    "style-jsonl|$CSV --style jsonl"
    "style-csv|$CSV --style csv"
    "where-csv|$CSV --where 'qty>5' --style csv"
    "json-table|$JSON"
    "jsonl-table|$JSONL"
    "where-qty|$CSV --where 'qty>5'"
    "where-half|$CSV --where 'amount>1250'"
    "where-none|$CSV --where 'amount>50000'"
)
