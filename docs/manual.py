#!/usr/bin/env python3
"""Rewrites the man page that swift-argument-parser's generate-manual wrote, in place,
so that it says exactly what listview does:

- the SYNOPSIS has no `subcommand` after the files (`diff` is only a subcommand as
  the first argument, and has its own entry under DESCRIPTION), and the OPTIONS list
  no `help` subcommand (`listview help` would read a file named help);
- EXIT STATUS lists listview's statuses instead of mdoc's generic `.Ex -std`;
- a blank line (mdoc warns of one) is a paragraph break, `.Pp`.

Usage: python3 docs/manual.py docs/listview.1
"""
import sys

EXIT_STATUS = """.Sh "EXIT STATUS"
.Bl -tag -width 4n
.It 0
Success.
.It 1
With --fail-if-empty, no record matched; for listview diff, the files differ.
.It 64
Usage error: an unknown option or value, or a field no record has.
.It 65
Malformed input (the message gives FILE:LINE:COL), or a --key on two records of one file.
.It 66
An input cannot be opened.
.It 70
One record is larger than the memory budget (--memory-limit).
.It 74
A read or write error.
.It 130
Interrupted (^C).
.El
"""


def rewrite(text):
    lines = text.split("\n")
    out = []
    index = 0
    while index < len(lines):
        line = lines[index]
        if line == ".Ar subcommand":
            index += 1
            continue
        if line == ".It Em help":
            # The help subcommand's entry and its nested list, up to and with its `.El`.
            index += 1
            while index < len(lines) and lines[index] != ".El":
                index += 1
            index += 1
            continue
        if line == '.Sh "EXIT STATUS"' and index + 1 < len(lines) and lines[index + 1] == ".Ex -std":
            out.extend(EXIT_STATUS.rstrip("\n").split("\n"))
            index += 2
            continue
        # mdoc warns of an empty input line (the discussion's blank lines): a paragraph break.
        if line == "" and index + 1 < len(lines):
            out.append(".Pp")
            index += 1
            continue
        out.append(line)
        index += 1
    return "\n".join(out)


def main():
    path = sys.argv[1]
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    fixed = rewrite(text)
    for leftover in (".Ar subcommand", ".It Em help", ".Ex -std"):
        if leftover in fixed.split("\n"):
            sys.exit(f"docs/manual.py: {leftover} is still in {path}")
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(fixed)


if __name__ == "__main__":
    main()
