#!/usr/bin/env python3
"""Writes a pair of nested JSON Lines fixtures for `listview diff --array-key` (issue 43).

    python3 bench/nestedpairs.py --rows N [--seed S] [--elements K] OUT_DIR

OUT_DIR gets old.jsonl, new.jsonl and truth.json. Each record has an `id`, a customer
object and an `items` array of K elements (default 10) `{"sku","qty","price","site"}` with
unique skus. The new side keeps every record; 2% of them get one element's `qty` changed,
and half of all records (changed or not) have their `items` in another order. A keyed diff
with `--array-key items=sku` finds exactly the 2% (`truth.json`'s "changed"); one that
compares arrays by position also counts the reordered records.
"""
import argparse
import json
import os
import random


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rows", type=int, required=True)
    parser.add_argument("--seed", type=int, default=43)
    parser.add_argument("--elements", type=int, default=10)
    parser.add_argument("out")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    os.makedirs(args.out, exist_ok=True)
    changed = 0
    with open(os.path.join(args.out, "old.jsonl"), "w") as old, open(os.path.join(args.out, "new.jsonl"), "w") as new:
        for key in range(1, args.rows + 1):
            items = [{"sku": f"S{key % 97}-{n}", "qty": rng.randint(1, 9), "price": round(rng.uniform(1, 500), 2),
                      "site": rng.choice(["ams", "fra", "iad", "nrt"])} for n in range(args.elements)]
            record = {"id": key, "customer": {"name": f"c{key % 1000}", "tier": rng.choice(["a", "b", "c"])}, "items": items}
            old.write(json.dumps(record, separators=(",", ":")) + "\n")
            after = [dict(item) for item in items]
            if rng.random() < 0.02:
                after[rng.randrange(len(after))]["qty"] += 1
                changed += 1
            if rng.random() < 0.5:
                rng.shuffle(after)
            record["items"] = after
            new.write(json.dumps(record, separators=(",", ":")) + "\n")
    with open(os.path.join(args.out, "truth.json"), "w") as truth:
        json.dump({"changed": changed, "added": 0, "removed": 0, "unchanged": args.rows - changed}, truth)


if __name__ == "__main__":
    main()
