"""Shared helpers: run listview, and model what records listview should produce
from a JSON value (per listview's README 'What becomes a record')."""
import json, os, subprocess

import os

# The binary under test: $LISTVIEW, else the release build of the repository this folder is in.
LV = os.environ.get("LISTVIEW") or os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".build", "release", "listview")
# Where the suites were fetched to ($CONFORMANCE_DATA, default /tmp/conformance/data) and where results go.
DATA = os.environ.get("CONFORMANCE_DATA", "/tmp/conformance/data")
RESULTS = os.environ.get("CONFORMANCE_RESULTS", "/tmp/conformance")
SHARED = os.environ.get("LISTVIEW_SHARED", os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "shared"))

class Num:
    """A JSON number kept as its source text (listview writes numbers as their source text)."""
    __slots__ = ("t",)
    def __init__(self, t): self.t = t
    def __eq__(self, o): return isinstance(o, Num) and o.t == self.t
    def __hash__(self): return hash(self.t)
    def __repr__(self): return self.t

def loads(text):
    # dict keeps first position, last value for repeated keys (as listview/jq do)
    return json.loads(text, parse_int=Num, parse_float=Num,
                      parse_constant=lambda c: (_ for _ in ()).throw(ValueError(c)))

def run(args, stdin=None):
    env = dict(os.environ, COLUMNS="100", NO_COLOR="1")
    p = subprocess.run([LV, *args], input=stdin, capture_output=True, env=env, timeout=60)
    return p.returncode, p.stdout, p.stderr

def records_from_value(v):
    """Expected listview records for a top-level JSON document."""
    if isinstance(v, list):
        return [e if isinstance(e, dict) else {"value": e} for e in v]
    if isinstance(v, dict):
        out = []
        for k, m in v.items():
            if isinstance(m, dict):
                r = {"key": k}
                for kk, vv in m.items():
                    r["key_2" if kk == "key" else kk] = vv
                out.append(r)
            else:
                out.append({"key": k, "value": m})
        return out
    return [{"value": v}]
