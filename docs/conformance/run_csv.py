#!/usr/bin/env python3
"""CSV suites against listview.  Re-run: python3 run_csv.py
 A. sineemore/csv-test-data csv/*.csv with json/*.json expectations
 B. w3c/csvw ToJsonTests that use no metadata (9 tests), values compared
 C. differential: every tests/**/*.csv in w3c/csvw vs Python's csv module"""
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

# ---------------- B. w3c/csvw no-metadata ToJson tests ----------------
WD = os.path.join(DATA, "w3c-csvw", "tests")
man = json.load(open(f"{WD}/manifest-json.jsonld"))
files = set(os.path.relpath(p, WD) for p in glob.glob(f"{WD}/**/*", recursive=True))
for e in man["entries"]:
    a = e["action"]
    if not a.endswith(".csv") or "metadata" in e["option"] or \
       set(e) - {"id", "type", "name", "comment", "approval", "option", "action", "result"}: continue
    d = os.path.dirname(a)
    if a + "-metadata.json" in files or os.path.join(d, "csv-metadata.json") in files: continue
    tid = e["id"].split("#")[1]
    res = json.load(open(f"{WD}/{e['result']}"))
    if e["option"].get("minimal"):
        exp = res
    else:
        exp = [r["describes"][0] for t in res["tables"] for r in t["row"]]
    # CSVW default dialect: trim=true, empty cell -> null (omitted); property names = URI-encoded titles
    exp = [{urllib.parse.unquote(k): v for k, v in r.items()} for r in exp]
    rc, recs, err = lv_rows(f"{WD}/{a}")
    if rc != 0: rec("w3c-csvw", tid, "FAIL", f"rc={rc} {err!r}"); continue
    got = [{k: v.strip() for k, v in r.items() if v is not None and v.strip() != ""} for r in recs]
    rec("w3c-csvw", f"{tid} ({a})", "PASS" if got == exp else "DIFF",
        "" if got == exp else f"first diff: " + next((f"row {i+1}: got {g!r} expected {x!r}"
                                                    for i, (g, x) in enumerate(zip(got, exp)) if g != x),
                                                   f"row count got {len(got)} expected {len(exp)}"))

# ---------------- C. differential vs Python csv on every csvw CSV ----------------
def py_rows(raw):
    text = raw.decode("utf-8")
    if text.startswith("\ufeff"): text = text[1:]
    rows = list(csv.reader(io.StringIO(text, newline=""), strict=True))
    return [r for r in rows if r != []]          # blank lines skipped, as listview does

for path in sorted(glob.glob(f"{WD}/**/*.csv", recursive=True)):
    case = os.path.relpath(path, WD)
    raw = open(path, "rb").read()
    try: exp = py_rows(raw); perr = None
    except Exception as ex: exp, perr = None, f"{type(ex).__name__}: {ex}"
    rc, recs, err = lv_rows(path, header=False)
    if rc != 0:
        st = "PASS" if perr else "DIFF"
        rec("csvw-vs-python", case, st, f"listview rc={rc} {err!r}; python: {perr or 'accepted'}")
        continue
    got = rows_as_lists(recs)
    if perr: rec("csvw-vs-python", case, "DIFF", f"listview accepted, python: {perr}"); continue
    # listview pads short rows with null (dropped above); python gives a shorter list
    if got == exp: rec("csvw-vs-python", case, "PASS")
    else:
        i = next((i for i, (g, x) in enumerate(zip(got, exp)) if g != x), min(len(got), len(exp)))
        rec("csvw-vs-python", case, "DIFF", f"row {i+1}: listview {got[i] if i < len(got) else None!r} "
            f"python {exp[i] if i < len(exp) else None!r} (rows {len(got)} vs {len(exp)})")

with open(os.path.join(RESULTS, "results_csv.tsv"), "w") as f:
    for r in R: f.write("\t".join(r) + "\n")
for s in ("sineemore", "w3c-csvw", "csvw-vs-python"):
    rs = [r for r in R if r[0] == s]
    print(f"{s}: {sum(r[2]=='PASS' for r in rs)}/{len(rs)} PASS, "
          f"{sum(r[2]=='N/A' for r in rs)} N/A")
    for r in rs:
        if r[2] != "PASS": print("  ", r[1], r[2], r[3][:500])
