#!/usr/bin/env python3
"""What --summary's spread fields should be, by Python's statistics module (SummarySpreadReferenceTests).

Usage: spread_reference.py DIRECTORY CASES
       spread_reference.py --file SAMPLE FIELD...   (a bundled sample's number fields, to stdout)

Writes DIRECTORY/N.csv (seeded by N: a column of integers, one of decimals with two places, one
of negative and positive decimals with up to three places, one of ISO dates, with empty cells)
and DIRECTORY/N.expected: per column, one line `field std q25 q50 q75 present`, the standard deviation
(statistics.stdev) rounded half to even to the mean's decimals (those of the most precise
number, at least two), the quartiles by statistics.quantiles(n=4, method="inclusive"); `-` where
there is none; `present` counts the cells that are not empty. Dates give their quartiles as dates (the day of the interpolated instant).
"""
import datetime
import random
import statistics
import sys
from decimal import Decimal, ROUND_HALF_EVEN

def expected_line(name, present):
    """`field std q25 q50 q75 present` for the texts `present` of a column of numbers."""
    decimals = [Decimal(c) for c in present]
    places = max([max(0, -d.as_tuple().exponent) for d in decimals] + [2])
    values = [float(c) for c in present]
    std = "-" if len(values) < 2 else str(statistics.stdev(decimals).quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_EVEN))
    quartiles = statistics.quantiles(values, n=4, method="inclusive") if len(values) >= 2 else values * 3
    return " ".join([name, std] + [repr(q) for q in quartiles] + [str(len(present))])


if sys.argv[1] == "--file":
    # spread_reference.py --file PATH FIELD...: the lines of a bundled sample's number fields.
    import csv
    import json
    path, fields = sys.argv[2], sys.argv[3:]
    if path.endswith(".json"):
        with open(path) as f:
            records = json.load(f, parse_float=str, parse_int=str)
    else:
        with open(path) as f:
            records = list(csv.DictReader(f))
    for name in fields:
        print(expected_line(name, [str(r[name]) for r in records if r.get(name) not in (None, "")]))
    sys.exit(0)

directory, cases = sys.argv[1], int(sys.argv[2])
for case in range(1, cases + 1):
    rng = random.Random(case)
    rows = rng.randint(2, 400)
    columns = {"ints": [], "money": [], "signed": [], "day": []}
    for _ in range(rows):
        columns["ints"].append("" if rng.random() < 0.1 else str(rng.randint(-50, 1000)))
        columns["money"].append(f"{rng.uniform(0, 500):.2f}")
        places = rng.randint(0, 3)
        columns["signed"].append(f"{rng.uniform(-100, 100):.{places}f}")
        day = datetime.date(2020, 1, 1) + datetime.timedelta(days=rng.randint(0, 1500))
        columns["day"].append("" if rng.random() < 0.05 else day.isoformat())
    with open(f"{directory}/{case}.csv", "w") as out:
        out.write(",".join(columns) + "\n")
        for row in range(rows):
            out.write(",".join(columns[name][row] for name in columns) + "\n")
    with open(f"{directory}/{case}.expected", "w") as out:
        for name, cells in columns.items():
            present = [cell for cell in cells if cell != ""]
            if name == "day":
                seconds = sorted(datetime.datetime.fromisoformat(c).replace(tzinfo=datetime.timezone.utc).timestamp() for c in present)
                if len(seconds) < 2:
                    quartiles = [seconds[0]] * 3 if seconds else []
                else:
                    quartiles = statistics.quantiles(seconds, n=4, method="inclusive")
                days = [datetime.datetime.fromtimestamp(q, datetime.timezone.utc).date().isoformat() for q in quartiles]
                out.write(" ".join([name, "-"] + (days or ["-", "-", "-"]) + [str(len(present))]) + "\n")
                continue
            out.write(expected_line(name, present) + "\n")
