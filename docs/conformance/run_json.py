#!/usr/bin/env python3
"""JSON_checker (json.org, via miloyip/nativejson-benchmark data/jsonchecker) and
nativejson-benchmark data/roundtrip against listview.  Re-run: python3 run_json.py"""
import glob, json, os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lvmodel import run, loads, records_from_value, Num, DATA, RESULTS, SHARED

D = os.path.join(DATA, "nativejson-benchmark", "data")
results = []  # (suite, file, ok, note)

def check_content(path, raw):
    """listview --style json and --style jsonl both give the modelled records."""
    exp = records_from_value(loads(raw.decode("utf-8")))
    rc, out, err = run([path, "--input", "json", "--style", "json"])
    if rc != 0: return f"--style json rc={rc} {err.decode()!r}"
    got = loads(out.decode("utf-8"))
    if got != exp: return f"--style json content differs: got {got!r} expected {exp!r}"
    rc, out, err = run([path, "--input", "json", "--style", "jsonl"])
    if rc != 0: return f"--style jsonl rc={rc} {err.decode()!r}"
    lines = [loads(l) for l in out.decode().split("\n")[:-1]]
    if lines != exp: return f"--style jsonl content differs: {lines!r}"
    # stdin, format sniffed
    rc, out2, err = run(["--style", "jsonl"], stdin=raw)
    if rc != 0 or out2 != out: return f"stdin/sniffed differs rc={rc} {err.decode()!r}"
    return None

# --- JSON_checker -------------------------------------------------------------
for path in sorted(glob.glob(f"{D}/jsonchecker/*.json")):
    name = os.path.basename(path)
    raw = open(path, "rb").read()
    want_accept = name.startswith("pass")
    excluded = "EXCLUDE" in name
    rc, out, err = run([path, "--input", "json", "--style", "jsonl"])
    errlines = err.decode(errors="replace").splitlines()
    if rc not in (0, 65) or (rc == 65 and len(errlines) != 1):
        results.append(("jsonchecker", name, False, f"bad exit rc={rc} stderr={err!r}")); continue
    accepted = rc == 0
    note = ("accepted" if accepted else "rejected: " + errlines[0])
    ok = accepted == want_accept
    if accepted:
        c = check_content(path, raw)
        if c: ok, note = False, note + "; " + c
    if excluded:
        note = "EXCLUDED upstream (implementation choice); " + note
        ok = None
    results.append(("jsonchecker", name, ok, note))

# --- roundtrip ----------------------------------------------------------------
def rebuild(raw_first_char, lines):
    """Rebuild the document's compact text from listview's jsonl lines (textually)."""
    if raw_first_char == "[":
        els = []
        for l in lines:
            if l.startswith('{"value":') and l.endswith("}") and list(loads(l).keys()) == ["value"]:
                els.append(l[len('{"value":'):-1])
            else:
                els.append(l)
        return "[" + ",".join(els) + "]"
    mem = []
    for l in lines:
        r = loads(l)
        if list(r.keys()) == ["key", "value"]:
            k = json.dumps(r["key"], ensure_ascii=False, separators=(",", ":"))
            assert l.startswith('{"key":' + k + ',"value":')
            mem.append(k + ":" + l[len('{"key":' + k + ',"value":'):-1])
        else:
            mem.append("?" + l)
    return "{" + ",".join(mem) + "}"

for path in sorted(glob.glob(f"{D}/roundtrip/*.json")):
    name = os.path.basename(path)
    raw = open(path, "rb").read()
    rc, out, err = run([path, "--input", "json", "--style", "jsonl"])
    if rc != 0:
        results.append(("roundtrip", name, False, f"rejected rc={rc} {err.decode()!r}")); continue
    lines = out.decode().split("\n")[:-1]
    rebuilt = rebuild(raw.decode()[0], lines)
    note = f"jsonl: {' | '.join(lines) or '(no records)'}"
    ok = rebuilt.encode() == raw.rstrip(b"\n")
    if not ok: note += f"; rebuilt {rebuilt!r} != {raw.decode()!r}"
    c = check_content(path, raw)
    if c: ok, note = False, note + "; " + c
    results.append(("roundtrip", name, ok, note))

with open(os.path.join(RESULTS, "results_json.tsv"), "w") as f:
    for s, n, ok, note in results:
        f.write(f"{s}\t{n}\t{ {True:'PASS',False:'FAIL',None:'EXCL'}[ok] }\t{note}\n")
for suite in ("jsonchecker", "roundtrip"):
    rs = [r for r in results if r[0] == suite]
    print(f"{suite}: {sum(r[2] is True for r in rs)}/{sum(r[2] is not None for r in rs)} pass"
          f" ({sum(r[2] is None for r in rs)} excluded)")
    for r in rs:
        if r[2] is not True: print("  ", r[1], "PASS" if r[2] else ("EXCL" if r[2] is None else "FAIL"), r[3][:400])
