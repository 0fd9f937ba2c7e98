# listview — a command-line list browser for JSON data.
#
# Targets:
#   make demo      install the C libraries if missing, build, and show a sectioned table of a sample
#   make test      install the C libraries if missing, build, and run every test (unit, end-to-end, corpora)
#   make build     debug build (.build/debug/listview)
#   make release   optimized build (.build/release/listview)
#   make bench     time listview against Miller and jq on 1,000,000 generated records (bench/run.sh)
#   make deps      apt-get install libyajl-dev, libcsv-dev and time when missing; pip install wcwidth for a test
#   make install   install the release binary under $(PREFIX)/bin (PREFIX=/usr/local)
#   make clean     remove build products

PREFIX ?= /usr/local
SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
APT_PACKAGES := libyajl-dev libcsv-dev time

.PHONY: demo test build release bench deps install clean

deps:
	@if [ ! -f /usr/include/yajl/yajl_parse.h ] || [ ! -f /usr/include/csv.h ] || [ ! -x /usr/bin/time ]; then \
		echo "make: installing $(APT_PACKAGES)"; \
		$(SUDO) apt-get install -y $(APT_PACKAGES) \
		|| { $(SUDO) apt-get update && $(SUDO) apt-get install -y $(APT_PACKAGES); }; \
	fi
	@python3 -c 'import wcwidth' 2>/dev/null || { echo "make: installing wcwidth (PyPI)"; python3 -m pip install --quiet wcwidth; }

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

demo: build
	@echo '$$ listview samples/orders.json --group-by status --fields id,customer.name,total,express'
	@COLUMNS=100 .build/debug/listview samples/orders.json --group-by status --fields id,customer.name,total,express

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --disable-swift-testing

bench: release
	LISTVIEW=$(CURDIR)/.build/release/listview bash bench/run.sh

install: release
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 755 .build/release/listview $(DESTDIR)$(PREFIX)/bin/listview

clean:
	rm -rf .build
