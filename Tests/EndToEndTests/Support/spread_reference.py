#!/usr/bin/env python3
"""What --summary's spread fields should be, by Python's statistics module (SummarySpreadReferenceTests).

Usage: spread_reference.py DIRECTORY CASES
       spread_reference.py --file SAMPLE FIELD...   (a bundled sample's number fields, to stdout)
       spread_reference.py --exact DIRECTORY CASES  (numbers past a double's 53 bits, exactly)

Writes DIRECTORY/N.csv (seeded by N: a column of integers, one of decimals with two places, one
of negative and positive decimals with up to three places, one of ISO dates, with empty cells)
and DIRECTORY/N.expected: per column, one line `field std q25 q50 q75 present`, the standard deviation
(statistics.stdev) rounded half to even to the mean's decimals (those of the most precise
number, at least two), the quartiles by statistics.quantiles(n=4, method="inclusive"); `-` where
there is none; `present` counts the cells that are not empty. Dates give their quartiles as dates (the day of the interpolated instant).
"""
import datetime
import math
import random
import statistics
import sys
from decimal import Decimal, ROUND_HALF_EVEN, getcontext
from fractions import Fraction

def expected_line(name, present):
    """`field std q25 q50 q75 present` for the texts `present` of a column of numbers."""
    decimals = [Decimal(c) for c in present]
    places = max([max(0, -d.as_tuple().exponent) for d in decimals] + [2])
    values = [float(c) for c in present]
    std = "-" if len(values) < 2 else str(statistics.stdev(decimals).quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_EVEN))
    quartiles = statistics.quantiles(values, n=4, method="inclusive") if len(values) >= 2 else values * 3
    return " ".join([name, std] + [repr(q) for q in quartiles] + [str(len(present))])


def write_csv(path, columns, rows):
    """Writes `columns` (name: cells) as a CSV file of `rows` rows."""
    with open(path, "w") as out:
        out.write(",".join(columns) + "\n")
        for row in range(rows):
            out.write(",".join(columns[name][row] for name in columns) + "\n")


def exact_line(name, present):
    """`field std q25 q50 q75` for `present`, worked out in fractions: the standard deviation
    √((n·Σx² − (Σx)²) / (n(n−1))) rounded half to even to the mean's decimals, the quartiles
    interpolated (method "inclusive") and written as listview writes a decimal (no trailing zeros)."""
    values = sorted(Fraction(Decimal(c)) for c in present)
    places = max([max(0, -Decimal(c).as_tuple().exponent) for c in present] + [2])
    n = len(values)
    quotient = (n * sum(v * v for v in values) - sum(values) ** 2) / (n * (n - 1)) * 10 ** (2 * places)
    root = math.isqrt(quotient.numerator // quotient.denominator)
    # Round half to even: up when (root + 1/2)² < quotient, on equality when root is odd.
    half = (Fraction(2 * root + 1, 2)) ** 2
    if half < quotient or (half == quotient and root % 2 == 1):
        root += 1
    std = str(Decimal(root).scaleb(-places).quantize(Decimal(1).scaleb(-places)))
    quartiles = []
    for quarter in (1, 2, 3):
        below, rest = divmod(quarter * (n - 1), 4)
        low, high = values[below], values[min(n - 1, below + 1)]
        q = low + (high - low) * Fraction(rest, 4)
        text = format(Decimal(q.numerator) / Decimal(q.denominator), "f")
        quartiles.append(text.rstrip("0").rstrip(".") if "." in text else text)
    return " ".join([name, std] + quartiles)


if sys.argv[1] == "--exact":
    # Integers just past 2^53, 19-digit integers, decimals of 17 to 20 digits: no double holds them.
    directory, cases = sys.argv[2], int(sys.argv[3])
    getcontext().prec = 80
    for case in range(1, cases + 1):
        rng = random.Random(1000 + case)
        rows = rng.randint(2, 300)
        columns = {
            "past53": [str(2 ** 53 + rng.randint(-500, 500)) for _ in range(rows)],
            "wide": [str(rng.choice([-1, 1]) * rng.randint(10 ** 18, 9 * 10 ** 18)) for _ in range(rows)],
            "fine": [f"{rng.randint(10 ** 14, 10 ** 15)}.{rng.randint(0, 999):03d}" for _ in range(rows)],
            "tiny": [f"0.{rng.randint(0, 10 ** 19):020d}" for _ in range(rows)],
        }
        write_csv(f"{directory}/{case}.csv", columns, rows)
        with open(f"{directory}/{case}.expected", "w") as out:
            for name, cells in columns.items():
                out.write(exact_line(name, cells) + "\n")
    sys.exit(0)

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
    write_csv(f"{directory}/{case}.csv", columns, rows)
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
