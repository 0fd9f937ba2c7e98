#!/usr/bin/env bash
#
# packaging/check-deb.sh — check a listview .deb the way a CI runner without Swift meets it
# (`make check-deb`, run by .ci/run).
#
# Usage: packaging/check-deb.sh PACKAGE.deb
#
#   1. its control fields, and its files in the folders Debian's tools read;
#   2. the packaged binary loads no library from the Swift toolchain, and `Depends:` names
#      exactly the packages of the libraries it loads;
#   3. apt accepts it here (`apt-get install --simulate ./PACKAGE.deb`: every dependency
#      resolves);
#   4. a fresh root holding nothing but the files of the `Depends:` packages and the
#      package itself (no toolchain, no shell): the packaged listview runs there (chroot)
#      on the samples: --version, a grouped table, JSON output and a diff with its status.
# Needs root for chroot; prints one line per check and exits 1 at the first failure.
set -euo pipefail

DEB=$(readlink -f "$1")
ROOT_DIR=$(cd "$(dirname "$0")/.." && pwd)
WORK=$(mktemp -d)
cleanup() {
    if mountpoint -q "$WORK/root/proc" 2>/dev/null; then umount "$WORK/root/proc"; fi
    rm -rf "$WORK"
}
trap cleanup EXIT
pass() { echo "check-deb: ok   $*"; }
fail() { echo "check-deb: FAIL $*" >&2; exit 1; }

# 1. Control fields and files.
info=$(dpkg-deb --info "$DEB")
for field in Package Version Architecture Maintainer Installed-Size Depends Description; do
    grep -q "^ $field: " <<<"$info" || fail "no $field field"
done
pass "control fields: $(dpkg-deb -f "$DEB" Package) $(dpkg-deb -f "$DEB" Version) $(dpkg-deb -f "$DEB" Architecture)"
contents=$(dpkg-deb --contents "$DEB" | awk '{ print $NF }')
for path in ./usr/bin/listview ./usr/share/man/man1/listview.1.gz ./usr/share/bash-completion/completions/listview \
            ./usr/share/zsh/vendor-completions/_listview ./usr/share/fish/vendor_completions.d/listview.fish \
            ./usr/share/doc/listview/copyright; do
    grep -qx -- "$path" <<<"$contents" || fail "$path is not in the package"
done
pass "files: binary, man page, bash/zsh/fish completions, copyright"

# 1b. The copyright file in Debian's machine-readable format (DEP-5): a header paragraph with
# Format, Files paragraphs each with Copyright and License, listview's Apache-2.0, and the full
# text of every short licence name given as a stand-alone License paragraph.
dpkg-deb --fsys-tarfile "$DEB" | tar -xO ./usr/share/doc/listview/copyright > "$WORK/copyright"
python3 - "$WORK/copyright" <<'PY' || fail "the copyright file is not in Debian's machine-readable format"
import re, sys
paragraphs = [p for p in re.split(r"\n\s*\n", open(sys.argv[1]).read().strip()) if p]
def fields(paragraph):
    found = {}
    for line in paragraph.split("\n"):
        if line[:1] not in (" ", "\t"):
            name, _, value = line.partition(":")
            found[name] = value.strip()
    return found
header, rest = fields(paragraphs[0]), [fields(p) for p in paragraphs[1:]]
assert header.get("Format") == "https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/", header
files = [p for p in rest if "Files" in p]
assert files and files[0]["Files"] == "*" and files[0].get("License") == "Apache-2.0", files[:1]
assert all("Copyright" in p and "License" in p for p in files), files
standalone = {p["License"] for p in rest if "Files" not in p}
short = {p["License"] for p in files if not p["License"].startswith("Apache-2.0 with")}
assert short <= standalone, (short, standalone)
PY
pass "copyright: machine-readable (DEP-5), listview under Apache-2.0, the Swift runtime's exception"

# 2. Libraries and Depends.
dpkg-deb -x "$DEB" "$WORK/extracted"
binary="$WORK/extracted/usr/bin/listview"
libraries=$(ldd "$binary" | awk '/=>/ { print $3 } /^\s*\/lib/ { print $1 }' | grep -v '^$' | sort -u)
if grep -q swift <<<"$libraries"; then fail "the binary loads Swift toolchain libraries: $(grep swift <<<"$libraries" | paste -sd' ')"; fi
loaded_packages=$(for library in $libraries; do
    owner=$(dpkg -S "$(readlink -f "$library")" 2>/dev/null || dpkg -S "$library")
    echo "${owner%%:*}"
done | sort -u | paste -sd' ')
declared=$(dpkg-deb -f "$DEB" Depends | tr ',' '\n' | sed 's/(.*)//; s/ //g' | grep -v '^$' | sort -u | paste -sd' ')
[ "$loaded_packages" = "$declared" ] || fail "Depends ($declared) is not the packages of the loaded libraries ($loaded_packages)"
pass "libraries: none from the toolchain; Depends is exactly $declared"

# 3. apt resolves it.
if command -v apt-get >/dev/null; then
    apt-get install --simulate "$DEB" >"$WORK/apt.log" 2>&1 || { cat "$WORK/apt.log" >&2; fail "apt-get install --simulate"; }
    pass "apt-get install --simulate ./$(basename "$DEB")"
fi

# 4. A fresh root: the Depends packages' files, the package, the samples.
if [ "$(id -u)" != 0 ]; then
    echo "check-deb: skip the fresh root (chroot needs root)"
    exit 0
fi
fresh="$WORK/root"
mkdir -p "$fresh/usr"
# The same merged-/usr links as this system (/lib -> usr/lib, …), so that files land as here.
for top in bin sbin lib lib32 lib64 libx32; do
    if [ -L "/$top" ]; then
        mkdir -p "$fresh/$(readlink "/$top")"
        ln -s "$(readlink "/$top")" "$fresh/$top"
    fi
done
for package in $declared; do
    dpkg -L "$package" | while read -r path; do
        if [ -f "$path" ] || [ -L "$path" ]; then cp -a --parents "$path" "$fresh" 2>/dev/null || true; fi
    done
done
[ -e "$fresh/lib64/ld-linux-x86-64.so.2" ] || [ "$(uname -m)" != x86_64 ] || fail "the fresh root has no /lib64/ld-linux-x86-64.so.2"
dpkg-deb -x "$DEB" "$fresh"
mkdir -p "$fresh/work"
cp "$ROOT_DIR/samples/orders.json" "$ROOT_DIR/samples/customers.csv" "$fresh/work/"
"$ROOT_DIR/.build/release/listview" "$ROOT_DIR/samples/orders.json" --where 'id!=1003' --style jsonl > "$fresh/work/orders-changed.jsonl"
find "$fresh" -path '*swift*' -print -quit | grep -q . && fail "the fresh root holds Swift files"
# Every system has /proc; the Swift runtime, linked in, reads the arguments from /proc/self/cmdline.
mkdir -p "$fresh/proc"
mount -t proc proc "$fresh/proc" || fail "cannot mount /proc in the fresh root"
in_root() { chroot "$fresh" /usr/bin/listview "$@"; }
version=$(in_root --version) || fail "listview --version in the fresh root"
[ "$version" = "$(dpkg-deb -f "$DEB" Version)" ] || fail "--version says $version"
pass "fresh root ($(du -smx "$fresh" | cut -f1) MB, no toolchain): listview --version = $version"
grouped=$(COLUMNS=80 in_root /work/orders.json --group-by status --counts)
grep -q "status: delivered · 8 records" <<<"$grouped" || fail "a grouped count in the fresh root: $grouped"
[ "$(in_root /work/customers.csv --style json | tail -1)" = "]" ] || fail "CSV to JSON in the fresh root"
set +e
difference=$(in_root diff /work/orders.json /work/orders-changed.jsonl --key id --counts)
status=$?
set -e
[ "$status" = 1 ] && [ "$difference" = "23 unchanged · 0 added · 1 removed · 0 changed" ] \
    || fail "listview diff in the fresh root: status $status, $difference"
pass "fresh root: a grouped table, CSV to JSON, and listview diff (status 1: $difference)"
