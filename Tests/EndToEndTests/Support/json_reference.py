#!/usr/bin/env python3
"""The JSON reader against Python's json module (issue 42).

    json_reference.py make DIR CASES    writes DIR/N.jsonl and DIR/N.json (N = 1..CASES):
                                        the same random records as JSON Lines and as a
                                        JSON array in one of several layouts
    json_reference.py check DIR CASES   reads DIR/N.jsonl.out and DIR/N.json.out (what
                                        `listview FILE --style jsonl` wrote) and compares
                                        each record with Python's reading of the input

Python reads with every member kept in order (`object_pairs_hook`) and every number as
its source text (`parse_int`/`parse_float`/`parse_constant`); a key given twice keeps its
first position and its last value, as listview's rule and a Python dict both say. A
record that is not an object is listview's `{"value": …}`. listview's output is read the
same way, so escapes and number text are compared as values, not as spellings: "\\u00e9"
and "é" are one string, `1E+5` and `1e5` are two numbers. Seeded by case number.
"""
import json
import random
import sys

KEYS = ["id", "name", "a", "b", "key", "value", "é", 'k"q', "x\U0001F600", "", "tab\there", "line\nbreak", "\u2028"]
NUMBERS = ["0", "-0", "1", "-1", "1e5", "1E+5", "1.50", "-0.0", "3.25e-10", "42", "9007199254740993", "0.1",
           "18446744073709551615", "-9223372036854775808", "1.7976931348623157e308", "5e-324", "1E-2", "123.456e+78"]
TEXTS = ["a", "b c", "é", "😀", "\n", "\t", '"', "\\", "/", "\b", "\f", "\r", "\u0000", "\u001f", "\u007f", "日本", "\u2028", "\U0001D11E"]


class Number(str):
    """A number kept as its source text."""


def number_text(text):
    return Number(text)


def pairs(items):
    """An object as its members in order, a key given twice kept at its first place with its last value."""
    kept = {}
    order = []
    for key, value in items:
        if key not in kept:
            order.append(key)
        kept[key] = value
    return ("object", [(key, kept[key]) for key in order])


def read(text):
    return json.loads(text, object_pairs_hook=pairs, parse_int=number_text, parse_float=number_text, parse_constant=number_text)


def canonical(value):
    """A value comparable across readings: numbers by their text, objects as ordered members."""
    if isinstance(value, tuple):
        return ("object", [(key, canonical(item)) for key, item in value[1]])
    if isinstance(value, list):
        return [canonical(item) for item in value]
    if isinstance(value, Number):
        return ("number", str(value))
    return value


def as_record(value):
    return value if isinstance(value, tuple) else ("object", [("value", value)])


def write_string(rng, text):
    """`text` as a JSON string, each character escaped or not at random."""
    out = ['"']
    for char in text:
        code = ord(char)
        must = char in '"\\' or code < 0x20
        if must or rng.random() < 0.2:
            if char in '"\\':
                out.append("\\" + char)
            elif code > 0xFFFF:
                code -= 0x10000
                out.append("\\u%04x\\u%04X" % (0xD800 + (code >> 10), 0xDC00 + (code & 0x3FF)))
            elif char in "\b\f\n\r\t" and rng.random() < 0.5:
                out.append({"\b": "\\b", "\f": "\\f", "\n": "\\n", "\r": "\\r", "\t": "\\t"}[char])
            else:
                out.append("\\u%04x" % code if rng.random() < 0.5 else "\\u%04X" % code)
        else:
            out.append(char)
    out.append('"')
    return "".join(out)


def value(rng, depth):
    choice = rng.randrange(9 if depth < 4 else 6)
    if choice == 0:
        return "null"
    if choice == 1:
        return rng.choice(["true", "false"])
    if choice in (2, 3):
        return rng.choice(NUMBERS)
    if choice in (4, 5):
        return write_string(rng, "".join(rng.choice(TEXTS) for _ in range(rng.randrange(5))))
    if choice in (6, 7):
        return obj(rng, depth + 1)
    return "[" + rng.choice([",", ", "]).join(value(rng, depth + 1) for _ in range(rng.randrange(4))) + "]"


def obj(rng, depth):
    members = [write_string(rng, rng.choice(KEYS)) + rng.choice([":", " : "]) + value(rng, depth + 1) for _ in range(rng.randrange(6))]
    return "{" + ",".join(members) + "}"


def make(directory, cases):
    for number in range(1, cases + 1):
        rng = random.Random(number)
        records = [obj(rng, 0) if rng.random() < 0.9 else value(rng, 0) for _ in range(1 + rng.randrange(60))]
        with open(f"{directory}/{number}.jsonl", "w", encoding="utf-8") as out:
            out.write("\n".join(records) + "\n")
        layout = rng.randrange(3)
        with open(f"{directory}/{number}.json", "w", encoding="utf-8") as out:
            if layout == 0:
                out.write("[" + ",".join(records) + "]\n")
            elif layout == 1:
                out.write("[\n" + ",\n".join(records) + "\n]\n")
            else:
                # Pretty-printed, as json.dumps(indent=2) lays out a file (numbers keep their text).
                out.write("[\n  " + ",\n  ".join(records) + "\n]\n")


def check(directory, cases):
    failures = 0
    records_checked = 0
    for number in range(1, cases + 1):
        for ext in ("jsonl", "json"):
            with open(f"{directory}/{number}.{ext}", encoding="utf-8") as source:
                text = source.read()
            if ext == "jsonl":
                wanted = [as_record(read(line)) for line in text.split("\n") if line.strip()]
            else:
                wanted = [as_record(item) for item in read(text)]
            with open(f"{directory}/{number}.{ext}.out", encoding="utf-8") as written:
                got = [read(line) for line in written.read().split("\n") if line]
            if [canonical(item) for item in got] != [canonical(item) for item in wanted]:
                failures += 1
                for index, (a, b) in enumerate(zip(got, wanted)):
                    if canonical(a) != canonical(b):
                        print(f"case {number}.{ext}, record {index + 1}:\n  want {canonical(b)}\n   got {canonical(a)}")
                        break
                else:
                    print(f"case {number}.{ext}: {len(got)} records written, {len(wanted)} read by Python")
            records_checked += len(wanted)
    print(f"checked {records_checked} records, {failures} files differ")
    return 1 if failures else 0


if __name__ == "__main__":
    mode, directory, cases = sys.argv[1], sys.argv[2], int(sys.argv[3])
    sys.exit(make(directory, cases) if mode == "make" else check(directory, cases))
