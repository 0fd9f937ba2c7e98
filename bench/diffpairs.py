#!/usr/bin/env python3
"""Writes a pair of fixtures for `listview diff` and what a keyed diff of them must find.

    python3 bench/diffpairs.py --rows N [--seed S] [--format csv|json|jsonl] [--same-text-only] OUT_DIR

OUT_DIR gets old.EXT, new.EXT and truth.json ({"added":…,"removed":…,"changed":…,
"unchanged":…}). Records have a unique integer `id` and eleven fields of mixed kinds
(text with commas, quotes and non-ASCII letters, integers, two-decimal numbers,
dates, booleans, a sometimes-empty column); a CSV row is about 96 bytes. The new
side is the old one with 1% of the records changed (one to three fields, each to a
value that differs by value), 0.5% removed and 0.5% added, shuffled. Without
--same-text-only, 1% of the unchanged records also get a number rewritten with the
same value and another text (48.90 -> 48.9), which listview counts as unchanged
and a text comparison (csv-diff) as changed.
"""
import argparse
import csv
import json
import os
import random

NAMES = ["Maya Goldberg", "Zoë Müller", "山田 花子", "Øystein Hansen", "Grace Okafor", "Ben \"Benny\" Carter",
         "Priya Natarajan", "Tomás Ortega", "Luc Moreau", "Ana Souza", "Erik Lindqvist", "Sam Whitfield"]
CITIES = ["Chicago", "Berlin", "Tokyo", "Oslo", "Lagos", "Manchester", "Bengaluru", "Madrid, Spain", "Lyon", "Lisbon"]
STATUSES = ["pending", "shipped", "delivered", "cancelled"]
FIELDS = ["id", "name", "email", "city", "status", "placed", "items", "total", "discount", "express", "score", "note"]
NUMBER_FIELDS = {"id", "items", "total", "discount", "score"}


def record(rng, key):
    return {
        "id": str(key),
        "name": rng.choice(NAMES),
        "email": "customer%d@example.com" % rng.randint(1, 99999),
        "city": rng.choice(CITIES),
        "status": rng.choice(STATUSES),
        "placed": "2024-%02d-%02d" % (rng.randint(1, 12), rng.randint(1, 28)),
        "items": str(rng.randint(1, 20)),
        "total": "%.2f" % (rng.randint(100, 99999) / 100),
        "discount": "%.2f" % (rng.randint(0, 50) / 10),
        "express": rng.choice(["true", "false"]),
        "score": str(rng.randint(0, 1000)),
        "note": rng.choice(["", "", "", "gift wrap", "leave at door", "call first"]),
    }


def changed(rng, row):
    """A copy with one to three fields set to a value that differs by value."""
    row = dict(row)
    for field in rng.sample(FIELDS[1:], rng.randint(1, 3)):
        if field in ("total", "discount"):
            row[field] = "%.2f" % (float(row[field]) + rng.randint(1, 500) / 100)
        elif field in ("items", "score"):
            row[field] = str(int(row[field]) + rng.randint(1, 9))
        elif field == "express":
            row[field] = "false" if row[field] == "true" else "true"
        elif field == "note":
            row[field] = "changed" if row[field] == "" else ""
        else:
            row[field] = row[field] + " (new)"
    return row


def same_value_other_text(row):
    """48.90 -> 48.9, 5.00 -> 5.0: the same number written otherwise."""
    row = dict(row)
    row["total"] = row["total"][:-1] if row["total"].endswith("0") else row["total"] + "0"
    return row


def json_line(row):
    parts = []
    for field in FIELDS:
        value = row[field]
        if field in NUMBER_FIELDS:
            text = value
        elif field == "express":
            text = value
        elif field == "note" and value == "":
            text = "null"
        else:
            text = json.dumps(value, ensure_ascii=False)
        parts.append("%s:%s" % (json.dumps(field), text))
    return "{" + ",".join(parts) + "}"


def write(path, rows, form):
    with open(path, "w", encoding="utf-8", newline="") as handle:
        if form == "csv":
            writer = csv.writer(handle, lineterminator="\n")
            writer.writerow(FIELDS)
            writer.writerows([row[field] for field in FIELDS] for row in rows)
        elif form == "jsonl":
            handle.writelines(json_line(row) + "\n" for row in rows)
        else:
            handle.write("[\n")
            handle.write(",\n".join(json_line(row) for row in rows))
            handle.write("\n]\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rows", type=int, required=True)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--format", choices=["csv", "json", "jsonl"], default="csv")
    parser.add_argument("--same-text-only", action="store_true")
    parser.add_argument("out")
    options = parser.parse_args()
    rng = random.Random(options.seed)
    os.makedirs(options.out, exist_ok=True)
    old = [record(rng, key) for key in range(1, options.rows + 1)]
    new = []
    truth = {"added": 0, "removed": 0, "changed": 0, "unchanged": 0}
    for row in old:
        draw = rng.random()
        if draw < 0.005:
            truth["removed"] += 1
        elif draw < 0.015:
            new.append(changed(rng, row))
            truth["changed"] += 1
        else:
            if draw < 0.025 and not options.same_text_only:
                row = same_value_other_text(row)
            new.append(row)
            truth["unchanged"] += 1
    for offset in range(options.rows // 200):
        new.append(record(rng, options.rows + 1 + offset))
        truth["added"] += 1
    rng.shuffle(new)
    write(os.path.join(options.out, "old." + options.format), old, options.format)
    write(os.path.join(options.out, "new." + options.format), new, options.format)
    with open(os.path.join(options.out, "truth.json"), "w") as handle:
        json.dump(truth, handle)
        handle.write("\n")


if __name__ == "__main__":
    main()
