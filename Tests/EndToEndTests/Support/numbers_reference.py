#!/usr/bin/env python3
"""The number rule in Python's `decimal`, for NumbersReferenceTests.

Usage: numbers_reference.py DIR CASES SEED

Writes, for each case N from 1 to CASES, DIR/N.csv (columns id and x: random decimals and big
integers, values repeated in other spellings) and DIR/N.new.csv (the same ids, each x respelt or
changed), and DIR/cases.json: a list of {"args": [...], "expect": TEXT, "compare": "all" or
"last"}, each a listview command over those files and the output Python's exact decimal
arithmetic gives for it (`--where`, `--sort`, `--group-by --counts`, footers, diff). Everything
comes from random.Random(SEED + N), so a failing case repeats.
"""
import json
import os
import sys
from decimal import Decimal, ROUND_HALF_EVEN, getcontext
from random import Random

getcontext().prec = 400


def random_value(rnd):
    """A value as (negative, digits, exponent): random decimals, big integers, zero."""
    kind = rnd.randrange(10)
    if kind == 0:
        return (rnd.randrange(2) == 0, "0", 0)
    if kind == 1:
        return (False, str(9007199254740992 + rnd.randrange(4)), 0)
    if kind == 2:
        return (rnd.randrange(2) == 0, str(1234567890123456789 + rnd.choice([0, 1, 11, 100000])), 0)
    if kind == 3:
        return (False, "1" + "0" * rnd.choice([0, 19]) + str(rnd.randrange(1, 10)), -rnd.choice([1, 20]))
    count = rnd.choice([1, 2, 3, 5, 15, 16, 17, 20])
    digits = str(rnd.randrange(1, 10)) + "".join(str(rnd.randrange(10)) for _ in range(count - 1))
    return (rnd.randrange(3) == 0, digits, rnd.randrange(-10, 6))


def value(v):
    negative, digits, exponent = v
    return Decimal(("-" if negative else "") + digits + "e" + str(exponent))


def spell(v, rnd):
    """One spelling of v that listview reads as a number: plain or with an exponent, with
    trailing zeros, leading zeros or a `+` sometimes."""
    negative, digits, exponent = v
    zeros = rnd.choice([0, 0, 1, 3])
    digits, exponent = digits + "0" * zeros, exponent - zeros
    sign = "-" if negative else ("+" if rnd.randrange(6) == 0 else "")
    if rnd.randrange(2) == 0:
        point = rnd.randrange(1, len(digits) + 1)
        mantissa = digits if point == len(digits) else digits[:point] + "." + digits[point:]
        return sign + mantissa + rnd.choice("eE") + str(exponent + len(digits) - point)
    lead = "0" * rnd.choice([0, 0, 0, 2])
    if exponent >= 0:
        return sign + lead + digits + "0" * exponent
    places = -exponent
    padded = "0" * max(0, places - len(digits) + 1) + digits
    return sign + lead + padded[:-places] + "." + padded[-places:]


def places(text):
    """The decimal places text is written with: its fraction's digits less its exponent."""
    mantissa, _, exponent = text.lower().partition("e")
    fraction = len(mantissa.partition(".")[2])
    return max(0, fraction - int(exponent or "0"))


def fixed(d, p):
    q = d.quantize(Decimal(1).scaleb(-p), rounding=ROUND_HALF_EVEN)
    if q == 0:
        q = q.copy_abs()
    return format(q, "f")


def make_case(directory, number, seed):
    rnd = Random(seed + number)
    pool = [random_value(rnd) for _ in range(rnd.randrange(3, 9))]
    rows = []
    for i in range(rnd.randrange(8, 30)):
        v = rnd.choice(pool)
        rows.append((i + 1, spell(v, rnd), value(v)))
    path = os.path.join(directory, f"{number}.csv")
    new_path = os.path.join(directory, f"{number}.new.csv")
    with open(path, "w") as out:
        out.write("id,x\n" + "".join(f"{i},{text}\n" for i, text, _ in rows))
    new_rows = []
    for i, _, d in rows:
        v = rnd.choice(pool)
        if rnd.randrange(2) == 0:
            v = next(p for p in pool if value(p) == d)
        new_rows.append((i, spell(v, rnd), value(v)))
    with open(new_path, "w") as out:
        out.write("id,x\n" + "".join(f"{i},{text}\n" for i, text, _ in new_rows))

    cases = []
    threshold_text = spell(rnd.choice(pool), rnd)
    threshold = Decimal(threshold_text)
    for op, holds in [(">", lambda d: d > threshold), ("=", lambda d: d == threshold), ("<=", lambda d: d <= threshold),
                      ("!=", lambda d: d != threshold)]:
        kept = [str(i) for i, _, d in rows if holds(d)]
        cases.append({"args": [path, "--where", f"x{op}{threshold_text}", "--fields", "id", "--style", "csv"],
                      "expect": "id\n" + "".join(k + "\n" for k in kept), "compare": "all"})
    for descending in [False, True]:
        order = sorted(rows, key=lambda r: r[2], reverse=descending)
        # Python's sort is stable, and reverse=True keeps equal items in their order too.
        cases.append({"args": [path, "--sort", "x:desc" if descending else "x", "--fields", "id", "--style", "csv"],
                      "expect": "id\n" + "".join(f"{i}\n" for i, _, _ in order), "compare": "all"})
    groups = []
    for _, text, d in rows:
        for group in groups:
            if group[1] == d:
                group[2] += 1
                break
        else:
            groups.append([text, d, 1])
    cases.append({"args": [path, "--group-by", "x", "--counts", "--style", "csv"],
                  "expect": "x,count\n" + "".join(f"{t},{c}\n" for t, _, c in groups), "compare": "all"})
    p = max(places(text) for _, text, _ in rows)
    total = sum((d for _, _, d in rows), Decimal(0))
    mean = total / len(rows)
    cases.append({"args": [path, "--fields", "x", "--footer", "sum:x,mean:x,min:x,max:x"],
                  "expect": f"sum x {fixed(total, p)} · mean x {fixed(mean, max(2, p))} · "
                            f"min x {min(rows, key=lambda r: r[2])[1]} · max x {max(rows, key=lambda r: r[2])[1]}\n",
                  "compare": "last"})
    changed = sum(1 for (_, _, a), (_, _, b) in zip(rows, new_rows) if a != b)
    cases.append({"args": ["diff", path, new_path, "--key", "id"],
                  "expect": f"{len(rows) - changed} unchanged · 0 added · 0 removed · {changed} changed\n", "compare": "last"})
    return cases


def main():
    directory, count, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    cases = []
    for number in range(1, count + 1):
        for case in make_case(directory, number, seed):
            case["case"] = number
            cases.append(case)
    with open(os.path.join(directory, "cases.json"), "w") as out:
        json.dump(cases, out, ensure_ascii=False)


if __name__ == "__main__":
    main()
