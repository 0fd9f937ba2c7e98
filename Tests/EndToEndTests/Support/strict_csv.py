#!/usr/bin/env python3
"""The cells a strict RFC 4180 reader (Python's csv, strict=True) finds in each CSV file.

Usage: strict_csv.py FILE...  Prints one JSON object: file path -> list of rows (lists of
strings), or {"error": "..."} when the reader refuses the file. A UTF-8 byte order mark is
stripped and blank rows are dropped, as listview does; bytes that are not UTF-8 are an error.
"""
import csv
import io
import json
import sys

result = {}
for path in sys.argv[1:]:
    try:
        text = open(path, "rb").read().decode("utf-8")
        if text.startswith("\ufeff"):
            text = text[1:]
        rows = list(csv.reader(io.StringIO(text, newline=""), strict=True))
        result[path] = [row for row in rows if row != []]
    except (csv.Error, UnicodeDecodeError) as error:
        result[path] = {"error": f"{type(error).__name__}: {error}"}
json.dump(result, sys.stdout)
