#!/usr/bin/env python3
"""Generate deterministic benchmark data for listview.

Usage:
    python3 bench/gen-data.py OUTDIR [--rows N]      (default N = 1,000,000)

Writes three files holding the same records:

    OUTDIR/big.json   a JSON array, one compact record per line inside the
                      array (about 210 MB for 1M rows)
    OUTDIR/big.jsonl  JSON Lines, one record per line (about 210 MB)
    OUTDIR/big.csv    the records flattened, with a header row (about 110 MB)

Record fields, always in this order:

    id        int, 1..N
    ts        ISO 8601 UTC timestamp, increasing
    status    one of 5 values (skewed: most orders are delivered)
    region    one of 12 values
    customer  name; about 2% contain a comma or a double quote (CSV quoting),
              some are non-ASCII (UTF-8 is written as is, not \\u-escaped)
    amount    decimal with exactly two places, e.g. 120.50
    qty       int
    score     float with up to 3 decimals; about 8% null (empty in CSV)
    active    bool (true/false in CSV too)
    tags      JSON: array of 0-3 strings; CSV: the tags joined with ';'
    comment   free text; about 1% contain a newline (quoted in CSV), some
              contain commas or double quotes

Everything comes from random.Random(42), and the value pools are drawn before
the rows, so `--rows 2000` produces exactly the first 2000 rows of the 1M file.
Only the Python 3.11 standard library is used. Each file is written to a
temporary name and renamed when complete, so an interrupted run never leaves a
truncated big.* behind.
"""

import argparse
import json
import os
import sys
import time

from random import Random

SEED = 42
CHUNK_ROWS = 50_000

STATUSES = ["delivered", "shipped", "pending", "returned", "cancelled"]
STATUS_WEIGHTS = [46, 27, 15, 7, 5]
REGIONS = [
    "us-east", "us-west", "us-central", "ca-central", "eu-west", "eu-central",
    "eu-north", "uk-south", "ap-south", "ap-northeast", "ap-southeast", "sa-east",
]
TAGS = ["gift", "promo", "bulk", "priority", "new-customer", "fragile",
        "repeat", "b2b", "international", "subscription"]

FIRST = ["Olivia", "Liam", "Emma", "Noah", "Ava", "Lucas", "Mia", "Mateo",
         "Sofia", "Elias", "Amara", "Kenji", "Priya", "Omar", "Chloé", "Jonas",
         "Zoë", "Søren", "Ana", "Rafael", "Fatima", "Wei", "Hannah", "Diego",
         "Ingrid", "Tomás", "Aisha", "Mikhail", "Leila", "Connor", "Yuki",
         "Grace", "Nikolai", "Camila", "Arjun", "Freya", "Kwame", "Isabel"]
LAST = ["Smith", "García", "Müller", "Rossi", "Nguyen", "Kowalski", "Hansen",
        "Okafor", "Tanaka", "Silva", "Johnson", "Dubois", "Novak", "Patel",
        "O'Brien", "Lindqvist", "Fernández", "Schmidt", "Kim", "Costa",
        "Andersen", "Ivanova", "Moreau", "Haddad", "Brown", "Yamamoto",
        "Jansen", "Walsh", "Petrov", "Mendes"]
COMPANY = ["Acme Corp", "Globex", "Initech", "Umbrella Ltd", "Stark Industries",
           "Wayne Enterprises", "Hooli", "Vandelay Industries"]

WORDS = ("order arrived late box damaged but contents fine great service will "
         "buy again packaging could be better customer asked for invoice "
         "delivery window missed courier left parcel with neighbour refund "
         "requested for one item colour differs from photo fast shipping "
         "thanks size runs small replacement sent address corrected by "
         "support gift message included please call before delivery").split()


def csv_field(text):
    """Quote a CSV field per RFC 4180 when it needs it."""
    if any(c in text for c in ',"\n\r'):
        return '"' + text.replace('"', '""') + '"'
    return text


def json_str(text):
    return json.dumps(text, ensure_ascii=False)


def make_customers(rng, n=4000):
    """Pool of (json_text, csv_text) customer names."""
    pool = []
    for _ in range(n):
        first, last = rng.choice(FIRST), rng.choice(LAST)
        r = rng.random()
        if r < 0.010:
            name = f"{last}, {first}"                      # comma
        elif r < 0.015:
            name = f'{first} "{rng.choice(FIRST)}" {last}'  # double quotes
        elif r < 0.020:
            name = f"{rng.choice(COMPANY)}, Inc."           # comma
        else:
            name = f"{first} {last}"
        pool.append((json_str(name), csv_field(name)))
    return pool


def make_comments(rng, n=6000):
    """Pool of (json_text, csv_text) comments; some empty, a few multi-line."""
    pool = []
    for _ in range(n):
        r = rng.random()
        if r < 0.30:
            text = ""
        else:
            words = [rng.choice(WORDS) for _ in range(rng.randint(2, 8))]
            text = " ".join(words).capitalize()
            if r < 0.40:
                cut = rng.randint(1, len(words) - 1)
                text = " ".join(words[:cut]).capitalize() + ", " + " ".join(words[cut:])
            elif r < 0.43:
                text += ' (marked "urgent")'
            elif r < 0.44:
                cut = rng.randint(1, len(words) - 1)
                text = (" ".join(words[:cut]).capitalize() + ".\n"
                        + " ".join(words[cut:]).capitalize())
            text += "."
        pool.append((json_str(text), csv_field(text)))
    return pool


def make_tag_sets(rng, n=300):
    """Pool of (json_text, csv_text) tag lists with 0-3 tags."""
    pool = []
    for _ in range(n):
        k = rng.choices([0, 1, 2, 3], weights=[30, 40, 20, 10])[0]
        tags = rng.sample(TAGS, k)
        pool.append(("[" + ",".join(f'"{t}"' for t in tags) + "]", ";".join(tags)))
    return pool


HEADER = "id,ts,status,region,customer,amount,qty,score,active,tags,comment\n"


def generate(outdir, rows):
    rng = Random(SEED)
    customers = make_customers(rng)
    comments = make_comments(rng)
    tag_sets = make_tag_sets(rng)

    # Weighted status choice via a precomputed 100-slot table.
    status_table = [s for s, w in zip(STATUSES, STATUS_WEIGHTS) for _ in range(w)]
    n_status = len(status_table)

    paths = {ext: os.path.join(outdir, "big." + ext) for ext in ("json", "jsonl", "csv")}
    tmp = {ext: p + ".tmp" for ext, p in paths.items()}
    f_json = open(tmp["json"], "w", encoding="utf-8", newline="\n")
    f_jsonl = open(tmp["jsonl"], "w", encoding="utf-8", newline="\n")
    f_csv = open(tmp["csv"], "w", encoding="utf-8", newline="\n")

    f_json.write("[\n")
    f_csv.write(HEADER)

    rand = rng.random
    randrange = rng.randrange
    gmtime, strftime = time.gmtime, time.strftime
    n_cust, n_comm, n_tags, n_reg = len(customers), len(comments), len(tag_sets), len(REGIONS)

    t = 1704067200  # 2024-01-01T00:00:00Z
    first_record = True
    for start in range(1, rows + 1, CHUNK_ROWS):
        stop = min(start + CHUNK_ROWS, rows + 1)
        jl, cl = [], []
        for rid in range(start, stop):
            t += randrange(0, 60)
            ts = strftime("%Y-%m-%dT%H:%M:%SZ", gmtime(t))
            status = status_table[randrange(n_status)]
            region = REGIONS[randrange(n_reg)]
            cj, cc = customers[randrange(n_cust)]
            cents = randrange(100, 250_000)
            amount = f"{cents // 100}.{cents % 100:02d}"
            qty = randrange(1, 13)
            if rand() < 0.08:
                score_j, score_c = "null", ""
            else:
                score_j = score_c = repr(round(rand() * 100, 3))
            if rand() < 0.7:
                active_j = "true"
            else:
                active_j = "false"
            tj, tc = tag_sets[randrange(n_tags)]
            mj, mc = comments[randrange(n_comm)]
            jl.append(
                f'{{"id":{rid},"ts":"{ts}","status":"{status}","region":"{region}",'
                f'"customer":{cj},"amount":{amount},"qty":{qty},"score":{score_j},'
                f'"active":{active_j},"tags":{tj},"comment":{mj}}}'
            )
            cl.append(f"{rid},{ts},{status},{region},{cc},{amount},{qty},{score_c},"
                      f"{active_j},{tc},{mc}\n")
        f_jsonl.write("\n".join(jl) + "\n")
        f_json.write(("" if first_record else ",\n") + ",\n".join(jl))
        first_record = False
        f_csv.write("".join(cl))

    f_json.write("\n]\n" if rows > 0 else "]\n")
    for f in (f_json, f_jsonl, f_csv):
        f.close()
    for ext in paths:
        os.replace(tmp[ext], paths[ext])
    return paths


def human(n):
    for unit in ("B", "KB", "MB", "GB"):
        if n < 1024 or unit == "GB":
            return f"{n:.0f} {unit}" if unit == "B" else f"{n:.1f} {unit}"
        n /= 1024


def main():
    ap = argparse.ArgumentParser(description="Generate deterministic listview benchmark data.")
    ap.add_argument("outdir", help="directory to write big.json, big.jsonl and big.csv into")
    ap.add_argument("--rows", type=int, default=1_000_000, help="number of records (default 1000000)")
    args = ap.parse_args()
    if args.rows < 0:
        ap.error("--rows must be >= 0")

    os.makedirs(args.outdir, exist_ok=True)
    started = time.monotonic()
    paths = generate(args.outdir, args.rows)
    elapsed = time.monotonic() - started

    print(f"generated {args.rows:,} rows in {elapsed:.1f}s (seed {SEED})")
    for p in paths.values():
        size = os.path.getsize(p)
        print(f"  {p}  {human(size)}  ({size:,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
