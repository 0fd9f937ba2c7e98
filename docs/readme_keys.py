#!/usr/bin/env python3
"""Writes the browser's key table into the README, between its two markers, from the one
table the browser reads its keys from (Sources/ListviewBrowser/BrowserKeys.swift), as the
built binary prints it (`listview --browser-keys-markdown`).

Usage: python3 docs/readme_keys.py LISTVIEW README.md [OUTPUT]

OUTPUT defaults to README.md itself (`make docs`); `make check-docs` writes elsewhere and
compares.
"""
import subprocess
import sys

BEGIN = "<!-- browser keys: written by make docs from Sources/ListviewBrowser/BrowserKeys.swift -->"
END = "<!-- end of browser keys -->"


def main(arguments):
    if len(arguments) not in (2, 3):
        sys.exit(__doc__.strip())
    binary, readme = arguments[0], arguments[1]
    output = arguments[2] if len(arguments) == 3 else readme
    table = subprocess.run([binary, "--browser-keys-markdown"], check=True, capture_output=True, text=True).stdout
    with open(readme, encoding="utf-8") as file:
        text = file.read()
    begin, end = text.find(BEGIN), text.find(END)
    if begin < 0 or end < begin:
        sys.exit(f"{readme}: no '{BEGIN}' ... '{END}' around the key table")
    text = text[:begin] + BEGIN + "\n" + table + text[end:]
    with open(output, "w", encoding="utf-8") as file:
        file.write(text)


if __name__ == "__main__":
    main(sys.argv[1:])
