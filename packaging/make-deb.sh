#!/usr/bin/env bash
#
# packaging/make-deb.sh — build listview_VERSION_ARCH.deb from the release binary (`make deb`).
#
# Usage: packaging/make-deb.sh BINARY OUT_DIR
#
# The package holds the binary (its Swift runtime linked in: `swift build -c release
# --static-swift-stdlib`), the man page, the bash, zsh and fish completions in the folders
# their shells read, and a copyright file. `Depends:` names exactly the Debian packages of
# the shared libraries the binary loads (ldd, then dpkg -S), each at least the version
# installed here; a library no package owns, or one from the Swift toolchain, stops the build.
set -euo pipefail

BINARY=$1
OUT=$2
ROOT=$(cd "$(dirname "$0")/.." && pwd)
VERSION=$("$BINARY" --version)
ARCH=$(dpkg --print-architecture)
STAGE=$(mktemp -d)
chmod 0755 "$STAGE"
trap 'rm -rf "$STAGE"' EXIT

# Depends: the package of each library ldd resolves, with the installed version as the floor.
depends=()
while read -r library; do
    case "$library" in
        */swift/*|*/usr/lib/swift*) echo "make-deb: $BINARY loads $library from the Swift toolchain; build with --static-swift-stdlib" >&2; exit 1 ;;
    esac
    owner=$(dpkg -S "$(readlink -f "$library")" 2>/dev/null || dpkg -S "$library" 2>/dev/null || true)
    package=${owner%%:*}
    if [ -z "$package" ]; then echo "make-deb: no Debian package owns $library" >&2; exit 1; fi
    version=$(dpkg-query -W -f='${Version}' "$package")
    # The upstream version is the floor: a rebuild of the same upstream serves too.
    depends+=("$package (>= ${version%%-*})")
done < <(ldd "$BINARY" | awk '/=>/ { print $3 } /^\s*\/lib/ { print $1 }' | grep -v '^$' | sort -u)
DEPENDS=$(printf '%s\n' "${depends[@]}" | sort -u | paste -sd, | sed 's/,/, /g')

install -D -m 0755 "$BINARY" "$STAGE/usr/bin/listview"
strip --strip-unneeded "$STAGE/usr/bin/listview" 2>/dev/null || true
install -d "$STAGE/usr/share/man/man1"
gzip -9n < "$ROOT/docs/listview.1" > "$STAGE/usr/share/man/man1/listview.1.gz"
install -D -m 0644 "$ROOT/completions/listview.bash" "$STAGE/usr/share/bash-completion/completions/listview"
install -D -m 0644 "$ROOT/completions/listview.zsh" "$STAGE/usr/share/zsh/vendor-completions/_listview"
install -D -m 0644 "$ROOT/completions/listview.fish" "$STAGE/usr/share/fish/vendor_completions.d/listview.fish"
install -d "$STAGE/usr/share/doc/listview"
cat > "$STAGE/usr/share/doc/listview/copyright" <<EOF
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: listview
Upstream-Contact: the listview authors <listview@invalid>
Source: the listview repository

Files: *
Copyright: 2026 the listview authors
License: Apache-2.0

Files: usr/bin/listview
Copyright: 2026 the listview authors
 Apple Inc. and the Swift project authors (the Swift runtime and
 swift-argument-parser, linked into the binary)
License: Apache-2.0 with Runtime Library Exception
 The listview code is Apache-2.0. The Swift standard library and runtime
 linked in are Apache-2.0 with this exception (https://swift.org/LICENSE.txt):
 .
 As an exception, if you use this Software to compile your source code and
 portions of this Software are embedded into the binary product as a result,
 you may redistribute such product without providing attribution as would
 otherwise be required by Sections 4(a), 4(b) and 4(d) of the License.
 .
 swift-argument-parser is Apache-2.0 with the same exception.
 .
 On Debian systems, the full text of the Apache License, Version 2.0 can be
 found in "/usr/share/common-licenses/Apache-2.0".

License: Apache-2.0
 Licensed under the Apache License, Version 2.0 (the "License"); you may not
 use this file except in compliance with the License. You may obtain a copy of
 the License at http://www.apache.org/licenses/LICENSE-2.0
 .
 Unless required by applicable law or agreed to in writing, software
 distributed under the License is distributed on an "AS IS" BASIS, WITHOUT
 WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied. See the
 License for the specific language governing permissions and limitations
 under the License.
 .
 On Debian systems, the full text of the Apache License, Version 2.0 can be
 found in "/usr/share/common-licenses/Apache-2.0".
EOF
gzip -9n < "$ROOT/CHANGELOG.md" > "$STAGE/usr/share/doc/listview/changelog.gz"

install -d "$STAGE/DEBIAN"
cat > "$STAGE/DEBIAN/control" <<EOF
Package: listview
Version: $VERSION
Architecture: $ARCH
Maintainer: the listview developers <listview@invalid>
Installed-Size: $(du -sk --exclude=DEBIAN "$STAGE" | cut -f1)
Depends: $DEPENDS
Section: utils
Priority: optional
Homepage: https://github.com/listview/listview
Description: browse JSON, JSON Lines, CSV and TSV records as sectioned lists
 listview prints records as aligned tables, one section per group with its
 count, paged on a terminal and complete when piped; writes JSON, JSON Lines,
 CSV, TSV and Markdown for scripts; compares two files record by record
 (listview diff, for CI); and browses a file full-screen (listview FILE -i).
EOF

mkdir -p "$OUT"
PACKAGE="$OUT/listview_${VERSION}_${ARCH}.deb"
dpkg-deb --root-owner-group -Zxz --build "$STAGE" "$PACKAGE" >/dev/null
echo "$PACKAGE"
