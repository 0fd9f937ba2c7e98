# listview — a command-line list browser for JSON data.
#
# Targets:
#   make demo      install the C libraries if missing, build the optimised binary, show a sectioned table
#                  of a sample, and print where the binary is
#   make test      install the C libraries if missing, build, and run every test (unit, end-to-end, corpora)
#   make test-quick  build and run the unit tests only (no end-to-end suites, no docs check): the edit-test loop
#   make build     debug build (.build/debug/listview)
#   make release   optimized build (.build/release/listview), the Swift runtime linked in (--static-swift-stdlib)
#   make deb       a Debian package of the release build: listview_VERSION_ARCH.deb (packaging/make-deb.sh)
#   make check-deb check that package as a runner without Swift meets it (packaging/check-deb.sh; run by .ci/run)
#   make fuzz      run the libFuzzer targets (json, csv, roundtrip, where, template) for FUZZ_SECONDS each (default 60)
#   make test-asan run the whole suite under AddressSanitizer (not part of make test: slower)
#   make test-tsan run the whole suite under ThreadSanitizer (not part of make test: slower)
#   make bench     time listview against Miller and jq on 1,000,000 generated records (bench/run.sh)
#   make bench-growth  check that pathological shapes cost linear time: 4x the input, at most 4.5x the time
#   make deps      apt-get install libsimdjson-dev, libcsv-dev, libre2-dev, libtomlplusplus-dev, libisal-dev, libzstd-dev, libbz2-dev, liblzma-dev, time and xmllint when missing; pip install wcwidth for a test
#   make docs      regenerate completions/ (bash, zsh, fish) and docs/listview.1 from the argument parser, and the
#                  README's browser key table from the browser's key table (docs/readme_keys.py)
#   make check-docs  fail when the checked-in completions, man page or README key table are stale, groff warns
#                  of the man page, or docs/ARCHITECTURE.md names a type that does not exist or leaves out a
#                  library target (part of make test)
#   make install   install the binary, man page and completions under $(PREFIX) (PREFIX=/usr/local)
#   make clean     remove build products

PREFIX ?= /usr/local
SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
APT_PACKAGES := libsimdjson-dev libcsv-dev libre2-dev libtomlplusplus-dev libncurses-dev libisal-dev libzstd-dev libbz2-dev liblzma-dev tmux time python3-markdown-it groff-base libxml2-utils
MAN_DATE := 2026-11-22
MANUAL = $(SWIFT) package --allow-writing-to-package-directory generate-manual --configuration debug --date $(MAN_DATE) --authors "the listview developers" --output-directory

FUZZ_SECONDS ?= 60

.PHONY: fuzz test-asan test-tsan demo test test-quick build release deb check-deb bench bench-growth deps docs check-docs install clean

deps:
	@if [ ! -f /usr/include/simdjson.h ] || [ ! -f /usr/include/csv.h ] || [ ! -f /usr/include/re2/re2.h ] || [ ! -f /usr/include/toml++/toml.h ] || [ ! -f /usr/include/ncursesw/curses.h ] || [ ! -f /usr/include/isa-l/igzip_lib.h ] || [ ! -f /usr/include/zstd.h ] || [ ! -f /usr/include/bzlib.h ] || [ ! -f /usr/include/lzma.h ] || ! command -v tmux >/dev/null || ! command -v groff >/dev/null || ! command -v xmllint >/dev/null || [ ! -x /usr/bin/time ] || ! /usr/bin/python3 -c 'import markdown_it' 2>/dev/null; then \
		echo "make: installing $(APT_PACKAGES)"; \
		$(SUDO) apt-get install -y $(APT_PACKAGES) \
		|| { $(SUDO) apt-get update && $(SUDO) apt-get install -y $(APT_PACKAGES); }; \
	fi
	@python3 -c 'import wcwidth' 2>/dev/null || { echo "make: installing wcwidth (PyPI)"; python3 -m pip install --quiet wcwidth; }

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release --static-swift-stdlib --product listview

deb: release
	@bash packaging/make-deb.sh .build/release/listview .

check-deb: deb
	@bash packaging/check-deb.sh listview_$$(.build/release/listview --version)_$$(dpkg --print-architecture).deb

demo: release
	@echo '$$ listview samples/orders.json --group-by status --fields id,customer.name,total,express'
	@COLUMNS=100 .build/release/listview samples/orders.json --group-by status --fields id,customer.name,total,express
	@echo
	@echo "make: the optimised listview is $(CURDIR)/.build/release/listview"
	@echo "make: put it on PATH with: make install PREFIX=~/.local   (or sudo make install)"

test: deps
	$(SWIFT) build --build-tests
	$(MAKE) --no-print-directory check-docs
	@SWIFT=$(SWIFT) bash .ci/test-count

test-quick: deps
	$(SWIFT) build --build-tests
	@LISTVIEW_TEST_ARGS="--skip EndToEndTests" SWIFT=$(SWIFT) bash .ci/test-count

docs: build
	for shell in bash zsh fish; do .build/debug/listview --generate-completion-script $$shell > completions/listview.$$shell; done
	$(MANUAL) docs
	python3 docs/manual.py docs/listview.1
	python3 docs/readme_keys.py .build/debug/listview README.md

check-docs: build
	@tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && \
	for shell in bash zsh fish; do \
		.build/debug/listview --generate-completion-script $$shell > "$$tmp/listview.$$shell"; \
		diff -u completions/listview.$$shell "$$tmp/listview.$$shell" || { echo "make: completions/listview.$$shell is stale; run make docs"; exit 1; }; \
	done && \
	$(MANUAL) "$$tmp" > /dev/null && python3 docs/manual.py "$$tmp/listview.1" && \
	{ diff -u docs/listview.1 "$$tmp/listview.1" || { echo "make: docs/listview.1 is stale; run make docs"; exit 1; }; } && \
	python3 docs/readme_keys.py .build/debug/listview README.md "$$tmp/README.md" && \
	{ diff -u README.md "$$tmp/README.md" || { echo "make: README.md's browser key table is stale; run make docs"; exit 1; }; } && \
	warnings=$$(groff -man -Tutf8 -ww -z docs/listview.1 2>&1) && [ -z "$$warnings" ] || { echo "$$warnings"; echo "make: groff warns of docs/listview.1"; exit 1; } && \
	python3 docs/check_architecture.py docs/ARCHITECTURE.md Sources && \
	echo "make: completions, man page and README key table are up to date, groff reads the man page without a warning, and docs/ARCHITECTURE.md names only types that exist and every library target"

# Sanitized builds keep their own folders; the end-to-end tests run the sanitized binary beside the tests.
# Swift's crash backtracer is off (ASan reports instead); Fuzz/lsan.supp holds one leak inside Foundation.
# The test runner's own leaks (XCTest, Foundation) are not checked; the listview binary's are.
SANITIZER_ENV = SWIFT_BACKTRACE=enable=no LSAN_OPTIONS=suppressions=$(CURDIR)/Fuzz/lsan.supp:print_suppressions=0

test-asan: deps
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build-asan
	$(SANITIZER_ENV) LISTVIEW_SANITIZER=address ASAN_OPTIONS=detect_leaks=0 LISTVIEW_ASAN_OPTIONS=detect_leaks=1 $(SWIFT) test --skip-build --sanitize=address --scratch-path .build-asan --disable-swift-testing

test-tsan: deps
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build-tsan
	$(SANITIZER_ENV) LISTVIEW_SANITIZER=thread TSAN_OPTIONS=halt_on_error=1 $(SWIFT) test --skip-build --sanitize=thread --scratch-path .build-tsan --disable-swift-testing

fuzz: deps
	bash Fuzz/run.sh $(FUZZ_SECONDS)

bench: release
	LISTVIEW=$(CURDIR)/.build/release/listview bash bench/run.sh

GROWTH_SCALE ?= 1

bench-growth: release
	python3 bench/growth.py $(CURDIR)/.build/release/listview --scale $(GROWTH_SCALE)

install: release
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1 \
		$(DESTDIR)$(PREFIX)/share/bash-completion/completions $(DESTDIR)$(PREFIX)/share/zsh/site-functions \
		$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
	install -m 755 .build/release/listview $(DESTDIR)$(PREFIX)/bin/listview
	install -m 644 docs/listview.1 $(DESTDIR)$(PREFIX)/share/man/man1/listview.1
	install -m 644 completions/listview.bash $(DESTDIR)$(PREFIX)/share/bash-completion/completions/listview
	install -m 644 completions/listview.zsh $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_listview
	install -m 644 completions/listview.fish $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/listview.fish

clean:
	rm -rf .build
