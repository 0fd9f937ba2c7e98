#!/usr/bin/env python3
"""bench/growth.py — listview's cost on pathological input shapes grows linearly (issue 14).

Usage:
    python3 bench/growth.py [LISTVIEW] [--scale K]

For each shape below, writes an input of size n and one of size 4n to a
temporary folder, times listview on both with hyperfine (--warmup 1
--runs 3), and prints the ratio of the median times. Linear work gives
about 4x; the target is at most 4.5x (a quadratic corner gives about
16x). Exits 1 when any shape misses the target, 2 when hyperfine is
missing or a run fails.

LISTVIEW defaults to .build/release/listview in the repository root.
--scale multiplies every size (default 1: the sizes below, which keep the
larger run of each shape between about 0.1 and 1 s on a 2-core machine).

Shapes (the command each runs is listed by the script):
    duplicate-header   a CSV header of 50,000 copies of one name, one row
    many-columns       a CSV of 20,000 distinct columns, 20 rows
    tiny-rows          a one-column CSV of 4,000,000 rows
    huge-string        one JSON string of 10 MB, written back as JSON
    huge-number        one JSON number of 5,000,000 digits, written back as JSON
    deep-nesting       2,500 records, each nested 900 levels deep (the limit
                       is 1,000), written back as JSON Lines
    escape-lines       one JSON Lines line: a string of 2,500,000 escapes
    tsv-escapes        one TSV cell of 3,000,000 escaped tabs, newlines and
                       backslashes
(each size n; the large input is 4n)
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile

TARGET = 4.5


def write_shapes(folder, n):
    """Writes each shape at size n; returns {name: (path, listview arguments)}."""
    shapes = {}

    def put(name, suffix, text, args):
        path = os.path.join(folder, f"{name}-{n}.{suffix}")
        with open(path, "w", encoding="utf-8") as out:
            out.write(text)
        shapes[name] = (path, args)

    k = n  # 1 for the small input, 4 for the large one (times --scale)
    put("duplicate-header", "csv", ",".join(["a"] * (50_000 * k)) + "\n" + ",".join(["1"] * (50_000 * k)) + "\n",
        ["--style", "jsonl"])
    put("many-columns", "csv",
        ",".join(f"c{i}" for i in range(20_000 * k)) + "\n"
        + "".join(",".join(str(i + r) for i in range(20_000 * k)) + "\n" for r in range(20)),
        ["--style", "jsonl"])
    put("tiny-rows", "csv", "a\n" + "1\n" * (4_000_000 * k), ["--style", "csv"])
    put("huge-string", "json", json.dumps([{"s": "x" * (10_000_000 * k)}]), ["--style", "json"])
    put("huge-number", "json", '[{"n":' + "7" * (5_000_000 * k) + "}]", ["--style", "json"])
    depth = 900
    deep = "[" * depth + "1" + "]" * depth
    put("deep-nesting", "json", "[" + ",".join('{"d":' + deep + "}" for _ in range(2_500 * k)) + "]", ["--style", "jsonl"])
    put("escape-lines", "jsonl", '{"s":"' + "\\n\\t\\\"\\\\\\u00e9" * (500_000 * k) + '"}\n', ["--style", "jsonl"])
    put("tsv-escapes", "tsv", "s\n" + "a\\tb\\nc\\\\" * (1_000_000 * k) + "\n", ["--input", "tsv", "--style", "jsonl"])
    return shapes


def median_seconds(listview, path, args, export):
    command = " ".join([listview, path, *args, "--no-pager", ">", "/dev/null"])
    run = subprocess.run(["hyperfine", "--warmup", "1", "--runs", "3", "--style", "none", "--export-json", export, command],
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if run.returncode != 0:
        raise RuntimeError(f"{command}: {run.stderr.strip()}")
    with open(export, encoding="utf-8") as data:
        return json.load(data)["results"][0]["median"], command


def main():
    arguments = sys.argv[1:]
    scale = 1
    if "--scale" in arguments:
        position = arguments.index("--scale")
        scale = int(arguments[position + 1])
        del arguments[position:position + 2]
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    listview = arguments[0] if arguments else os.path.join(root, ".build", "release", "listview")
    if shutil.which("hyperfine") is None:
        print("growth.py: hyperfine is missing (apt-get install hyperfine)", file=sys.stderr)
        return 2
    base = scale
    failures = 0
    with tempfile.TemporaryDirectory(prefix="listview-growth-") as folder:
        small = write_shapes(folder, base)
        large = write_shapes(folder, 4 * base)
        print(f"{'shape':<18} {'t(n)':>9} {'t(4n)':>9} {'ratio':>6}  result   (target <= {TARGET}x)")
        for name in small:
            try:
                t_small, _ = median_seconds(listview, *small[name], os.path.join(folder, "small.json"))
                t_large, command = median_seconds(listview, *large[name], os.path.join(folder, "large.json"))
            except RuntimeError as error:
                print(f"growth.py: {name}: {error}", file=sys.stderr)
                return 2
            ratio = t_large / t_small
            verdict = "PASS" if ratio <= TARGET else "FAIL"
            failures += verdict == "FAIL"
            print(f"{name:<18} {t_small:>8.3f}s {t_large:>8.3f}s {ratio:>5.2f}x  {verdict}   "
                  f"{command.replace(folder + '/', '')}")
    print(f"{len(small) - failures} PASS, {failures} FAIL")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
