#!/usr/bin/env python3
"""Fails when docs/ARCHITECTURE.md names a Swift type that no source declares.

Usage: python3 docs/check_architecture.py [ARCHITECTURE.md] [Sources]

Every backticked identifier that looks like a Swift type name (UpperCamelCase, or
`Type.member`, of which the type is checked) must be declared under Sources/ by a
struct, class, enum, protocol, typealias, actor or extension, or be a module (any
target of Package.swift) or one of the non-Swift names in ALLOWED. A
backticked file name (`BrowserKeys.swift`, `Package.swift`) must name a file of the package.
And every `Listview*` library target under Sources/ must be named in backticks
(`ListviewSpilling`, or `ListviewKit/SpilledList`): a new target says on the page what it holds.
"""
import os
import re
import sys

# Names the document may use that no listview source declares: the standard library's types
# (a dependency's type is described in words, not named), and names outside Swift written like types (C
# libraries in all capitals, such as `RE2`, and keys, such as `F`, are not taken for types).
ALLOWED = {
    "Int64",
}

# `Name`, `Name.member`, `Name<Generic>`, `Name(...)`: the leading UpperCamelCase name is the type
# (a capital and at least one small letter: `F` and `RE2` are a key and a library, not types).
TYPE_LIKE = re.compile(r"^([A-Z][A-Za-z0-9]*[a-z][A-Za-z0-9]*)(?:<[^`]*>)?(?:\.[A-Za-z_][A-Za-z0-9_]*)*(?:\([^`]*\))?$")
DECLARATION = re.compile(r"\b(?:struct|class|enum|protocol|typealias|actor|extension)\s+([A-Za-z_][A-Za-z0-9_]*)")
# A library target, and what follows its name on that line (a `path:` outside Sources/: the tests' support).
LIBRARY = re.compile(r"\.target\(\s*name:\s*\"(Listview[A-Za-z0-9_]*)\"([^\n]*)")
TARGET = re.compile(r"\.(?:target|executableTarget|systemLibrary|testTarget)\(\s*name:\s*\"([A-Za-z0-9_]+)\"")


def declared_names(sources):
    names = set()
    for folder, _, files in os.walk(sources):
        for file in files:
            if file.endswith(".swift"):
                with open(os.path.join(folder, file), encoding="utf-8") as handle:
                    names.update(DECLARATION.findall(handle.read()))
    return names


def file_names(roots):
    """The package's file paths (relative, with /), for backticked file names."""
    paths = set()
    for root in roots:
        if os.path.isfile(root):
            paths.add(root)
            continue
        for folder, _, files in os.walk(root):
            for file in files:
                paths.add(os.path.relpath(os.path.join(folder, file)))
    return paths


def names_a_file(span, paths):
    return any(path == span or path.endswith("/" + span) for path in paths)


def module_names(package):
    with open(package, encoding="utf-8") as handle:
        return set(TARGET.findall(handle.read()))


def library_targets(package):
    with open(package, encoding="utf-8") as handle:
        return [name for name, rest in LIBRARY.findall(handle.read()) if "path:" not in rest]


def main():
    document = sys.argv[1] if len(sys.argv) > 1 else "docs/ARCHITECTURE.md"
    sources = sys.argv[2] if len(sys.argv) > 2 else "Sources"
    known = declared_names(sources) | module_names("Package.swift") | ALLOWED
    paths = file_names([sources, "Tests", "Package.swift"])
    missing = []
    with open(document, encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            for span in re.findall(r"`([^`]+)`", line):
                if re.fullmatch(r"[A-Za-z0-9_+/.-]+\.swift", span.strip()):
                    if not names_a_file(span.strip(), paths):
                        missing.append((number, span.strip(), span))
                    continue
                match = TYPE_LIKE.match(span.strip())
                if match and match.group(1) not in known:
                    missing.append((number, match.group(1), span))
    with open(document, encoding="utf-8") as handle:
        text = handle.read()
    unnamed = [name for name in library_targets("Package.swift") if not re.search(f"`{name}[`/]", text)]
    for number, name, span in missing:
        print(f"{document}:{number}: `{span}` names {name}, which nothing in the package declares")
    for name in unnamed:
        print(f"{document}: the target {name} is not named; say what it holds")
    if missing:
        print(f"make: {document} names {len(missing)} type(s) that do not exist; describe the code as it is")
    if unnamed:
        print(f"make: {document} leaves out {len(unnamed)} target(s); describe the code as it is")
    return 1 if missing or unnamed else 0


if __name__ == "__main__":
    sys.exit(main())
