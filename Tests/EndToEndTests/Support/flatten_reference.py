"""Writes random nested JSON Lines and what `listview --flatten [N] --style jsonl` should make of
them, by a plain reading of the rule (FlattenReferenceTests runs listview on each and compares).

    python3 flatten_reference.py DIR CASES

For each case K (seeded by K, so a failure repeats): DIR/K.jsonl and, for each depth D of "all",
1, 2 and 3, DIR/K.D.expected: the lines listview should write, or the one line CONFLICT when two
columns would share a name (listview then stops with a usage error).

The rule: a field holding a non-empty object or array is spread into one column per leaf (a
scalar, an empty container, or a value D levels down), named by the keys of its path joined with
".", an array element's key being its index. A field's leaf columns follow the field's place, in
the order their paths are first seen; the field keeps a column of its own when some record holds
a scalar or an empty container in it. A record has a value in a leaf column only where that path
is a leaf of its own value, and writes its fields in its own order, a field's leaves in its place
in the order its own value has them.
"""
import json
import os
import random
import sys


class Object(list):
    """An object as its members in order (json's object_pairs_hook), told apart from an array."""


KEYS = ["a", "b", "c", "0", "1", "k.x", 'q"k', "é", "back\\s", "n\u0001"] + ["m%d" % i for i in range(14)]
SCALARS = [1, -2.5, "s", "", None, True, False, "x\ty", "123", 1e21, 0]


def value(rng, levels):
    pick = rng.random()
    if levels <= 0 or pick < 0.45:
        return rng.choice(SCALARS)
    if pick < 0.75:
        keys = rng.sample(KEYS, rng.randint(0, 12 if rng.random() < 0.3 else 4))
        return {key: value(rng, levels - 1) for key in keys}
    return [value(rng, levels - 1) for _ in range(rng.randint(0, 12 if rng.random() < 0.2 else 3))]


def records(seed):
    """Lines of records (under 10 KB, so listview reads them as one batch)."""
    rng = random.Random(seed)
    lines = []
    size = 0
    # A field "p.a" beside p's key "a" is a conflict: in one case in five.
    fields = ["p", "q", "r"] + (["p.a"] if seed % 5 == 0 else [])
    for number in range(rng.randint(1, 60)):
        record = {"id": number}
        for field in rng.sample(fields, rng.randint(0, len(fields))):
            record[field] = value(rng, 3)
        line = json.dumps(record, ensure_ascii=rng.random() < 0.5)
        if size + len(line) > 10_000:
            break
        lines.append(line)
        size += len(line) + 1
    return lines


def kind(item):
    if isinstance(item, Object):
        return "object"
    return "array" if isinstance(item, list) else "scalar"


def dump(item):
    """Compact JSON as listview writes it."""
    if isinstance(item, Object):
        return "{" + ",".join(json.dumps(key, ensure_ascii=False) + ":" + dump(member) for key, member in item) + "}"
    if isinstance(item, list):
        return "[" + ",".join(dump(element) for element in item) + "]"
    return json.dumps(item, ensure_ascii=False)


def leaves(item, keys, levels, found):
    if levels <= 0 or kind(item) == "scalar" or len(item) == 0:
        found.append((tuple(keys), item))
        return
    members = item if kind(item) == "object" else [(str(index), element) for index, element in enumerate(item)]
    for key, member in members:
        leaves(member, keys + [key], levels - 1, found)


def expected(lines, depth):
    parsed = [json.loads(line, object_pairs_hook=Object) for line in lines]
    columns = []
    for record in parsed:
        for key, _ in record:
            if key not in columns:
                columns.append(key)
    keeps = {column: False for column in columns}
    paths = {column: [] for column in columns}
    rows = []
    for record in parsed:
        fields = dict(record)
        row = {}
        for column in columns:
            if column not in fields:
                continue
            item = fields[column]
            if kind(item) != "scalar" and len(item) > 0:
                found = []
                leaves(item, [], depth, found)
                for path, _ in found:
                    if path not in paths[column]:
                        paths[column].append(path)
                row[column] = ("spread", dict(found))
            else:
                keeps[column] = True
                row[column] = ("kept", item)
        rows.append(row)
    names, sources = [], []
    for column in columns:
        if keeps[column]:
            names.append(column)
            sources.append((column, None))
        for path in paths[column]:
            names.append(".".join((column,) + path))
            sources.append((column, path))
    if len(set(names)) != len(names):
        return ["CONFLICT"]
    out = []
    for record, row in zip(parsed, rows):
        parts = []
        # Each record's fields in its own order, a spread field's leaves in its place in the order
        # its own value has them (whatever order other records first showed them in).
        order = []
        for key, _ in record:
            if key not in order:
                order.append(key)
        for column in order:
            if column not in row:
                continue
            how, item = row[column]
            if how == "kept":
                parts.append(json.dumps(column, ensure_ascii=False) + ":" + dump(item))
            else:
                for path, value in item.items():
                    parts.append(json.dumps(".".join((column,) + path), ensure_ascii=False) + ":" + dump(value))
        out.append("{" + ",".join(parts) + "}")
    return out


def main():
    directory, cases = sys.argv[1], int(sys.argv[2])
    for case in range(1, cases + 1):
        lines = records(case)
        with open(os.path.join(directory, "%d.jsonl" % case), "w", encoding="utf-8") as handle:
            handle.write("\n".join(lines) + "\n")
        for name, depth in [("all", 10**9), ("1", 1), ("2", 2), ("3", 3)]:
            with open(os.path.join(directory, "%d.%s.expected" % (case, name)), "w", encoding="utf-8") as handle:
                handle.write("\n".join(expected(lines, depth)) + "\n")


if __name__ == "__main__":
    main()
