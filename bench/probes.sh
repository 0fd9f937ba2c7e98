# bench/probes.sh — what the bench scripts share (sourced, not run): what a timed run needs
# (hyperfine, a release build, the bench data), the DuckDB CLI to time, libcsv's own parse of a
# file (bench/libcsv-parse.c) built, and a memory cgroup to run in.

# find_duckdb: print the DuckDB CLI to time, or nothing. A `duckdb` on PATH that
# is a script (PyPI's duckdb-cli installs a Python wrapper, pyenv a shell shim)
# gives way to the binary inside the duckdb_cli package, which the wrapper runs.
find_duckdb() {
    local path wheel
    path=$(command -v duckdb 2>/dev/null) || path=""
    if [[ -n $path && $(head -c 2 -- "$path" 2>/dev/null) != '#!' ]]; then
        echo "$path"; return 0
    fi
    wheel=$(python3 -c 'import os, duckdb_cli
p = os.path.join(os.path.dirname(duckdb_cli.__file__), "duckdb")
print(p if os.access(p, os.X_OK) else "")' 2>/dev/null) || wheel=""
    if [[ -n $wheel ]]; then
        echo "$wheel"
    elif [[ -n $path ]]; then
        echo "$path"
    fi
    return 0
}

# libcsv_parse DIR: print DIR/libcsv-parse, built from bench/libcsv-parse.c (cc -O2 … -lcsv)
# when it is missing or older than its source; nothing when it cannot be built (it needs cc
# and libcsv-dev).
libcsv_parse() {
    local src bin
    src=$(dirname -- "${BASH_SOURCE[0]}")/libcsv-parse.c
    bin=$1/libcsv-parse
    if [[ ! -x $bin || $src -nt $bin ]]; then
        echo "==> building $bin (cc -O2 $src -lcsv)" >&2
        if command -v cc >/dev/null 2>&1 && cc -O2 -o "$bin.tmp" "$src" -lcsv; then
            mv -f "$bin.tmp" "$bin"
        else
            rm -f "$bin.tmp"
        fi
    fi
    if [[ -x $bin && ! $src -nt $bin ]]; then echo "$bin"; fi
    return 0
}

# make_memory_cgroup DIR CAP: make the cgroup v1 memory cgroup DIR (under /sys/fs/cgroup/memory;
# needs root) with memory.limit_in_bytes CAP (numfmt's IEC sizes: 96M, 512M), and its swap limit
# too where the kernel has one. A process joins it with `echo $$ > DIR/cgroup.procs`.
make_memory_cgroup() {
    local bytes
    bytes=$(( $(numfmt --from=iec "$2") ))
    mkdir -p "$1"
    echo "$bytes" > "$1/memory.limit_in_bytes"
    if [ -f "$1/memory.memsw.limit_in_bytes" ]; then echo "$bytes" > "$1/memory.memsw.limit_in_bytes" || true; fi
}

# remove_memory_cgroup DIR: move what is left in DIR back to the root cgroup, then remove DIR.
remove_memory_cgroup() {
    [ -d "$1" ] || return 0
    while read -r pid; do echo "$pid" > /sys/fs/cgroup/memory/cgroup.procs || true; done < "$1/cgroup.procs"
    rmdir "$1" || true
}

# start_capped_run DIR CAP: a scratch folder in $WORK and the memory cgroup DIR capped at CAP
# (make_memory_cgroup), both removed when the script exits.
start_capped_run() {
    WORK=$(mktemp -d)
    CAPPED_CGROUP=$1
    trap 'rm -rf "$WORK"; remove_memory_cgroup "$CAPPED_CGROUP"' EXIT
    make_memory_cgroup "$1" "$2"
}

# bench_prerequisites NAME ROOT LISTVIEW DATA: stop (status 1, naming the script NAME) when
# hyperfine is missing; build LISTVIEW, this repository's static release build, when it is not
# there; make DATA's big.csv, big.json and big.jsonl (bench/gen-data.py) when they are missing.
bench_prerequisites() {
    command -v hyperfine >/dev/null || { echo "$1: hyperfine is not installed (apt-get install hyperfine)" >&2; exit 1; }
    [ -x "$3" ] || (cd "$2" && swift build -c release --static-swift-stdlib --product listview >/dev/null)
    [ -f "$4/big.csv" ] && [ -f "$4/big.json" ] && [ -f "$4/big.jsonl" ] || python3 "$2/bench/gen-data.py" "$4"
}
