#!/usr/bin/env python3
"""Checks that listview's machine output holds exactly the input's records.

Usage: roundtrip.py STYLE INPUT OUTPUT, STYLE one of json, jsonl, csv, tsv.
Numbers are compared as their source text (parse_float/parse_int=str), so
12.50 must come back as 12.50. Prints 'ok N records' or the first difference.
"""
import csv
import io
import json
import sys


def load_json(text):
    return json.loads(text, parse_float=str, parse_int=str)


def read_input(path):
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    if path.endswith(".csv"):
        with open(path, encoding="utf-8-sig", newline="") as handle:
            return [dict(row) for row in csv.DictReader(handle)]
    if path.endswith((".jsonl", ".ndjson")):
        return [load_json(line) for line in text.splitlines() if line.strip()]
    return load_json(text)


def cell_text(value):
    """What a CSV/TSV cell holds for a JSON value (nested values as compact JSON, compared parsed)."""
    if value is None:
        return ""
    if value is True:
        return "true"
    if value is False:
        return "false"
    return value


def tsv_unescape(text):
    out, i = [], 0
    while i < len(text):
        if text[i] == "\\" and i + 1 < len(text):
            out.append({"t": "\t", "n": "\n", "r": "\r", "\\": "\\"}[text[i + 1]])
            i += 2
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def same_cell(expected, actual):
    if isinstance(expected, (dict, list)):
        return load_json(actual) == expected
    return cell_text(expected) == actual


def main():
    style, input_path, output_path = sys.argv[1:4]
    records = read_input(input_path)
    with open(output_path, encoding="utf-8", newline="") as handle:
        output = handle.read()
    if style == "json":
        got = load_json(output)
        if got != records:
            sys.exit(f"json differs: {got[:2]} vs {records[:2]}")
        if [list(r) for r in got] != [list(r) for r in records]:
            sys.exit("json key order differs")
    elif style == "jsonl":
        got = [load_json(line) for line in output.splitlines()]
        if got != records:
            sys.exit("jsonl differs")
    elif style == "csv-grouped":
        # Sections reorder rows and put the group field first: compare each row as a mapping, in any order.
        rows = list(csv.DictReader(io.StringIO(output, newline="")))
        if len(rows) != len(records):
            sys.exit(f"{len(rows)} rows for {len(records)} records")
        def key(mapping):
            return json.dumps(mapping, sort_keys=True)
        expected = sorted(key({k: ("" if v is None else (json.dumps(v, separators=(",", ":"), ensure_ascii=False) if isinstance(v, (dict, list)) else cell_text(v))) for k, v in r.items()}) for r in records)
        actual = sorted(key(dict(r)) for r in rows)
        if expected != actual:
            sys.exit(f"grouped csv differs: {actual[:1]} vs {expected[:1]}")
    elif style in ("csv", "tsv"):
        if style == "csv":
            rows = list(csv.reader(io.StringIO(output, newline="")))
        else:
            rows = [[tsv_unescape(c) for c in line.split("\t")] for line in output.split("\n")[:-1]]
        header, body = rows[0], rows[1:]
        columns = []
        for record in records:
            columns += [k for k in record if k not in columns]
        if header != columns:
            sys.exit(f"header {header} != {columns}")
        if len(body) != len(records):
            sys.exit(f"{len(body)} rows for {len(records)} records")
        for number, (record, row) in enumerate(zip(records, body), 1):
            for column, actual in zip(columns, row):
                if column not in record:
                    if actual != "":
                        sys.exit(f"row {number} {column}: missing field written as {actual!r}")
                elif not same_cell(record[column], actual):
                    sys.exit(f"row {number} {column}: {record[column]!r} came back as {actual!r}")
    else:
        sys.exit(f"unknown style {style}")
    print(f"ok {len(records)} records")


main()
