#!/usr/bin/env python3
"""JSON Lines checks against listview.  Re-run: python3 run_jsonl.py
 A. examples from wardi/jsonlines examples/index.md and ndjson/ndjson-spec README.md
 B. cases written here from the rules of jsonlines.org (wardi/jsonlines index.md) and ndjson-spec 3.1/3.2
 C. nst/JSONTestSuite (shared corpus) one-line files read as JSON Lines"""
import glob, html, json, os, re, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lvmodel import run, loads, Num, DATA, RESULTS, SHARED

D = DATA
C = f"{D}/jsonl-cases"
R = []
def rec(s, c, st, n=""): R.append((s, c, st, n))

def wrap(v): return v if isinstance(v, dict) else {"value": v}

def lv(path, fmt="jsonl"):
    rc, out, err = run([path, "--input", fmt, "--style", "jsonl"])
    e = err.decode("utf-8", "replace").strip()
    return rc, [loads(l) for l in out.decode("utf-8").split("\n")[:-1]] if rc == 0 else None, e

# ---- A. examples from the two spec sites ----
cases = []
src = open(f"{D}/wardi-jsonlines/examples/index.md", encoding="utf-8").read()
blocks = re.findall(r'<div class="highlight"><pre>(.*?)</pre></div>', src, re.S)
for i, b in enumerate(blocks):
    text = html.unescape(re.sub(r"<[^>]+>", "", b))
    if text.strip().startswith("grep"): continue          # a shell command, not data
    valid = all(l.strip() == "" or _ok(l) for l in text.splitlines()) if False else None
    cases.append((f"wardi-examples-{i}", text))
spec = open(f"{D}/ndjson-spec-README.md", encoding="utf-8").read()
m = re.search(r"~~~~~\n(.*?)~~~~~", spec, re.S)
cases.append(("ndjson-spec-2", m.group(1)))

def each_line_valid(text):
    vals = []
    for l in text.split("\n"):
        if l.strip() == "": continue
        try: vals.append(loads(l))
        except Exception: return None
    return vals

for name, text in cases:
    p = f"{C}/{name}.jsonl"
    open(p, "w", encoding="utf-8").write(text)
    exp = each_line_valid(text)
    rc, got, err = lv(p)
    if exp is None:   # e.g. jq's pretty-printed output: not JSON Lines
        rec("spec-examples", name, "PASS" if rc == 65 else "FAIL", f"not JSON Lines (a value spans lines); rc={rc} {err!r}")
    elif rc != 0: rec("spec-examples", name, "FAIL", f"rc={rc} {err!r}")
    else:
        ok = got == [wrap(v) for v in exp]
        rec("spec-examples", name, "PASS" if ok else "DIFF", "" if ok else f"got {got!r}")

# ---- B. rule-derived cases: (name, bytes, expected records or None for reject, rule) ----
RULE = [
 ("lf",              b'{"a":1}\n{"a":2}\n', [{"a":1},{"a":2}], "jsonlines 3 / ndjson 3.2: \\n terminator"),
 ("crlf",            b'{"a":1}\r\n{"a":2}\r\n', [{"a":1},{"a":2}], "ndjson 3.2 MUST accept \\r\\n"),
 ("no-final-nl",     b'{"a":1}\n{"a":2}', [{"a":1},{"a":2}], "jsonlines 3: final terminator not required"),
 ("scalars",         b'null\n1\n"x"\ntrue\n[1,2]\n', [None,1,"x",True,[1,2]], "jsonlines 2: any JSON value"),
 ("ws-around",       b'  {"a":1}\t \n', [{"a":1}], "surrounding JSON whitespace is ignored"),
 ("blank-lines",     b'{"a":1}\n\n{"a":2}\n', [{"a":1},{"a":2}], "ndjson 3.2 MAY ignore empty lines (jsonlines.org: blank line not valid) - listview documents skipping"),
 ("empty-file",      b'', [], "zero values"),
 ("two-per-line",    b'{"a":1} {"a":2}\n', None, "one value per line"),
 ("two-per-line-nows", b'{"a":1}{"a":2}\n', None, "one value per line"),
 ("span-lines",      b'{"a":\n1}\n', None, "a value must not span lines (ndjson 3.1)"),
 ("lone-cr-sep",     b'{"a":1}\r{"a":2}\n', None, "only \\n separates lines; CR is whitespace, so two values on one line"),
 ("nl-in-string",    b'{"a":"x\ny"}\n', None, "raw newline inside a string (JSON forbids; also splits the line)"),
 ("bad-line-3",      b'{"a":1}\n{"a":2}\n{"a":\n', None, "truncated last value"),
 ("trailing-comma",  b'{"a":1},\n', None, "garbage after value"),
 ("bom",             b'\xef\xbb\xbf{"a":1}\n', [{"a":1}], "jsonlines.org says a BOM must not be included; listview documents skipping it (lenient)"),
 ("invalid-utf8",    b'{"a":"\xff"}\n', None, "jsonlines 1: UTF-8"),
 ("ws-only-line",    b'{"a":1}\n   \n{"a":2}\n', [{"a":1},{"a":2}], "whitespace-only line treated as blank (listview)"),
 ("formfeed-line",   b'{"a":1}\n\x0c\n', None, "formfeed is not JSON whitespace"),
 ("nul-line",        b'{"a":1}\n\x00\n', None, "NUL is not JSON"),
]
for name, data, exp, rule in RULE:
    p = f"{C}/rule-{name}.jsonl"
    open(p, "wb").write(data)
    rc, got, err = lv(p)
    if exp is None:
        st = "PASS" if rc == 65 and len(err.splitlines()) == 1 else "FAIL"
        rec("rules", name, st, f"{rule}; rc={rc} {err!r}" + (f" got {got!r}" if got else ""))
    else:
        want = [wrap(loads(json.dumps(v))) for v in exp]
        st = "PASS" if rc == 0 and got == want else "FAIL"
        rec("rules", name, st, f"{rule}; rc={rc} {err!r}" + ("" if st == "PASS" else f" got {got!r}"))

# ---- C. JSONTestSuite files without line breaks, read as JSON Lines ----
JT = os.path.join(SHARED, "corpus", "json-test-suite")
for p in sorted(glob.glob(f"{JT}/**/*.json", recursive=True)):
    name = os.path.basename(p)
    raw = open(p, "rb").read()
    body = raw[:-1] if raw.endswith(b"\n") else raw
    if b"\n" in body or b"\r" in body or body.strip(b" \t") == b"":
        continue   # several lines or blank: not a one-line JSON Lines case
    kind = name[0]
    rc, got, err = lv(p, "jsonl")
    rcj, gotj, errj = lv(p, "json")
    if rc not in (0, 65):
        rec("jsontestsuite-as-jsonl", name, "FAIL", f"rc={rc} {err!r}"); continue
    if kind == "y":
        exp = [wrap(loads(raw.decode("utf-8-sig")))] if rc == 0 else None
        st = "PASS" if rc == 0 and got == exp else "FAIL"
        rec("jsontestsuite-as-jsonl", name, st, "" if st == "PASS" else f"rc={rc} {err!r} got={got!r}")
    elif kind == "n":
        st = "PASS" if rc == 65 else "FAIL"
        rec("jsontestsuite-as-jsonl", name, st, "" if st == "PASS" else f"accepted: {got!r}")
    else:
        same = (rc == 0) == (rcj == 0)
        rec("jsontestsuite-as-jsonl", name, "INFO" if same else "DIFF",
            f"jsonl rc={rc}, json rc={rcj}" + ("" if same else f" jsonl:{err or got!r} json:{errj or gotj!r}"))

with open(os.path.join(RESULTS, "results_jsonl.tsv"), "w") as f:
    for r in R: f.write("\t".join(map(str, r)) + "\n")
for s in ("spec-examples", "rules", "jsontestsuite-as-jsonl"):
    rs = [r for r in R if r[0] == s]
    print(f"{s}: {sum(r[2]=='PASS' for r in rs)}/{sum(r[2]!='INFO' for r in rs)} PASS"
          f" ({sum(r[2]=='INFO' for r in rs)} i_ informational)")
    for r in rs:
        if r[2] not in ("PASS", "INFO"): print("  ", r[1], r[2], r[3][:400])
