#!/usr/bin/env python3
"""sineemore/csv-test-data (csv/*.csv with json/*.json expectations) against listview.
Re-run: python3 run_csv.py.  (The W3C CSVW checks that were parts B and C here now run in
make test, from ../shared/corpus/csvw: Tests/EndToEndTests/CSVWTests.swift.)"""
import csv, glob, io, json, os, sys, urllib.parse
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lvmodel import run, loads, Num, DATA, RESULTS, SHARED

R = []  # (suite, case, status, note)
def rec(s, c, st, n=""): R.append((s, c, st, n))

def lv_rows(path, header=True, infer=False, extra=()):
    args = [path, "--input", "csv", "--style", "json", *extra]
    if not header: args.append("--no-header")
    if not infer: args.append("--no-infer")
    rc, out, err = run(args)
    return rc, (loads(out.decode("utf-8")) if rc == 0 else None), err.decode("utf-8", "replace").strip()

def as_text(v):
    return v.t if isinstance(v, Num) else v

def rows_as_lists(recs):
    """--no-header records {"1":..,"2":..} -> lists (null padding dropped)."""
    out = []
    for r in recs:
        vals = [as_text(r[k]) for k in r]
        while vals and vals[-1] is None: vals.pop()
        out.append(vals)
    return out

# ---------------- A. sineemore/csv-test-data ----------------
SD = os.path.join(DATA, "sineemore-csv-test-data")
for path in sorted(glob.glob(f"{SD}/csv/*.csv")):
    name = os.path.basename(path)[:-4]
    exp_path = f"{SD}/json/{name}.json"
    if name.startswith("bad-header-"):
        rc, recs, err = lv_rows(path)
        rec("sineemore", name, "N/A", f"header-validation case (expects header foo,bar,baz); listview rc={rc} "
            f"records={json.dumps(recs, default=str) if recs is not None else None} stderr={err!r}")
        continue
    if name.startswith("bad-"):
        rc, recs, err = lv_rows(path)
        rc2, recs2, err2 = lv_rows(path, extra=["--lazy-quotes"])
        st = "PASS" if rc == 65 and len(err.splitlines()) == 1 else "FAIL"
        rec("sineemore", name, st, f"strict: rc={rc} {err!r}; --lazy-quotes: rc={rc2} "
            f"{json.dumps(recs2, default=str) if recs2 is not None else err2!r}")
        continue
    exp = json.load(open(exp_path))
    header = name.startswith("header-")
    for infer in (False, True):
        rc, recs, err = lv_rows(path, header=header, infer=infer)
        tag = f"{name}{'' if not infer else ' (infer)'}"
        if rc != 0:
            rec("sineemore", tag, "FAIL", f"rc={rc} {err!r}"); continue
        got = [{k: as_text(v) for k, v in r.items()} for r in recs] if header else rows_as_lists(recs)
        if got == exp: rec("sineemore", tag, "PASS")
        else: rec("sineemore", tag, "DIFF", f"got {got!r} expected {exp!r}")

with open(os.path.join(RESULTS, "results_csv.tsv"), "w") as f:
    for r in R: f.write("\t".join(r) + "\n")
for s in ("sineemore",):
    rs = [r for r in R if r[0] == s]
    print(f"{s}: {sum(r[2]=='PASS' for r in rs)}/{len(rs)} PASS, "
          f"{sum(r[2]=='N/A' for r in rs)} N/A")
    for r in rs:
        if r[2] != "PASS": print("  ", r[1], r[2], r[3][:500])
