// swift-tools-version:5.9
// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the listview authors. Licensed under the Apache License, Version 2.0 (LICENSE).
import PackageDescription

// Release builds skip the run-time exclusivity checks on class properties (about 15% of the time spent
// reading a CSV went to them); debug builds and every test keep them.
let releaseSettings: [SwiftSetting] = [.unsafeFlags(["-enforce-exclusivity=unchecked", "-cross-module-optimization"], .when(configuration: .release))]

let package = Package(
    name: "listview",
    products: [
        .executable(name: "listview", targets: ["listview"]),
        .library(name: "ListviewValues", targets: ["ListviewValues"]),
        .library(name: "ListviewConcurrency", targets: ["ListviewConcurrency"]),
        .library(name: "ListviewBatches", targets: ["ListviewBatches"]),
        .library(name: "ListviewInput", targets: ["ListviewInput"]),
        .library(name: "ListviewDataSource", targets: ["ListviewDataSource"]),
        .library(name: "ListviewQuery", targets: ["ListviewQuery"]),
        .library(name: "ListviewSpilling", targets: ["ListviewSpilling"]),
        .library(name: "ListviewPresentation", targets: ["ListviewPresentation"]),
        .library(name: "ListviewJSON", targets: ["ListviewJSON"]),
        .library(name: "ListviewCSV", targets: ["ListviewCSV"]),
        .library(name: "ListviewFormats", targets: ["ListviewFormats"]),
        .library(name: "ListviewRequest", targets: ["ListviewRequest"]),
        .library(name: "ListviewKit", targets: ["ListviewKit"]),
        .library(name: "ListviewBrowser", targets: ["ListviewBrowser"]),
        .library(name: "ListviewConfig", targets: ["ListviewConfig"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.0"),
    ],
    targets: [
        // libcsv, Debian's libcsv-dev: an RFC 4180 CSV parser in C (no pkg-config file).
        .systemLibrary(
            name: "CCSV",
            providers: [.apt(["libcsv-dev"])]
        ),
        // ncursesw, Debian's libncurses-dev: terminal control for the interactive browser (wide characters,
        // terminfo, resize, key decoding).
        .systemLibrary(
            name: "CNcurses",
            providers: [.apt(["libncurses-dev"])]
        ),
        // ISA-L, Debian's libisal-dev: gzip inflated with Intel's SIMD code (several times zlib's speed).
        .systemLibrary(
            name: "CIsal",
            providers: [.apt(["libisal-dev"])]
        ),
        // zstd, Debian's libzstd-dev: Zstandard frames decompressed as a stream.
        .systemLibrary(
            name: "CZstd",
            providers: [.apt(["libzstd-dev"])]
        ),
        // bzip2, Debian's libbz2-dev, and xz, Debian's liblzma-dev: decompressed as streams.
        .systemLibrary(
            name: "CBzip2",
            providers: [.apt(["libbz2-dev"])]
        ),
        .systemLibrary(
            name: "CLzma",
            providers: [.apt(["liblzma-dev"])]
        ),
        // A hint to the processor to load memory ahead (no library: a header of inline C).
        .systemLibrary(name: "CPrefetch"),
        // The signal handler and the table of spill folders it removes, in C: a handler may call
        // only async-signal-safe functions, which Swift code cannot promise.
        .target(name: "CSignals"),
        // RE2, Debian's libre2-dev: regular expressions matched in time linear in the text, behind
        // a C face of five functions (RE2's API is C++).
        .target(name: "CRE2", linkerSettings: [.linkedLibrary("re2")]),
        // toml++, Debian's libtomlplusplus-dev: the view files read behind a C face of two functions
        // (toml++'s API is C++); the defines are its pkg-config flags (the shared library, not the headers only).
        .target(name: "CTOML",
                cxxSettings: [.define("TOML_HEADER_ONLY", to: "0"), .define("TOML_SHARED_LIB", to: "1")],
                linkerSettings: [.linkedLibrary("tomlplusplus")]),
        // simdjson, Debian's libsimdjson-dev: JSON Lines and a JSON array's elements parsed with SIMD instructions
        // into a tape of events, behind a C face of three functions (simdjson's API is C++). Without NDEBUG its
        // headers turn on development checks that cost five times the parse. Its walk over a text's structure
        // is a third of a JSON Lines count, and short of registers: at -O3 and with the frame pointer's register
        // (SwiftPM builds C++ at -O2 keeping frame pointers, its -fno-omit-frame-pointer after these flags, so
        // cc1's own flag) it runs 10% fewer instructions.
        .target(name: "CSimdjson",
                cxxSettings: [.define("NDEBUG", .when(configuration: .release)),
                              .unsafeFlags(["-O3", "-Xclang", "-mframe-pointer=none"], .when(configuration: .release))],
                linkerSettings: [.linkedLibrary("simdjson")]),
        // The layers of the one pipeline, each importing only those above it (the compiler checks it):
        // value kinds, number text, UTF-8 checks, display width, terminal escaping, errors.
        .target(name: "ListviewValues", swiftSettings: releaseSettings),
        // Work on two cores: a background thread and result, ordered parallel work, read-ahead, one
        // lock type (Synchronization's Mutex) and a semaphore to wait on. Nothing else starts a thread.
        .target(name: "ListviewConcurrency", swiftSettings: releaseSettings),
        // Cell tables (columnar batches), row references, records as views, field paths, schemas.
        .target(name: "ListviewBatches", dependencies: ["ListviewValues", "CPrefetch"], swiftSettings: releaseSettings),
        // Byte input, the record source protocol, the parallel file read, positioned errors, threads.
        // gzip, zstd, bzip2 and xz decompressed on a thread of their own; the only module importing their C libraries.
        .target(name: "ListviewCompression", dependencies: ["ListviewConcurrency", "CIsal", "CZstd", "CBzip2", "CLzma"], swiftSettings: releaseSettings),
        .target(name: "ListviewInput", dependencies: ["ListviewValues", "ListviewConcurrency", "ListviewBatches", "ListviewCompression"],
                swiftSettings: releaseSettings),
        // CollectionDataProvider, sections, pages, the streaming provider: the generic data source.
        .target(name: "ListviewDataSource", dependencies: ["ListviewValues", "ListviewBatches"],
                swiftSettings: releaseSettings),
        // Predicates, sort keys and orders, grouping into sections, aggregates: index lists over rows.
        .target(name: "ListviewQuery", dependencies: ["ListviewValues", "ListviewConcurrency", "ListviewBatches", "ListviewDataSource", "CRE2",
                                                "CPrefetch"],
                swiftSettings: releaseSettings),
        // Spilling: the memory budget and its decision, spill folders, tables written to their files and
        // read back a chunk at a time, rows sorted into runs on disk and merged k ways (by Query's sort keys).
        .target(name: "ListviewSpilling", dependencies: ["ListviewValues", "ListviewConcurrency", "ListviewBatches", "ListviewQuery", "CSignals"], swiftSettings: releaseSettings),
        // Row formatters and their registry, table layout, the renderer, presenters, writers, the sink.
        .target(name: "ListviewPresentation",
                dependencies: ["ListviewValues", "ListviewConcurrency", "ListviewBatches", "ListviewDataSource", "ListviewQuery"],
                swiftSettings: releaseSettings),
        // JSON and JSON Lines readers over simdjson, and over JSONStreamParser (yajl 2.1 ported to Swift) where
        // simdjson does not read (a pipe, `--path`, malformed input); the only module that imports CSimdjson.
        .target(name: "ListviewJSON", dependencies: ["ListviewValues", "ListviewConcurrency", "ListviewBatches", "ListviewInput",
                                                     "CSimdjson"],
                swiftSettings: releaseSettings),
        // CSV and TSV readers over libcsv; the only module that imports CCSV.
        .target(name: "ListviewCSV", dependencies: ["ListviewValues", "ListviewConcurrency", "ListviewBatches", "ListviewInput", "CCSV"],
                swiftSettings: releaseSettings),
        // Records reshaped as read: nested values flattened into dotted columns, arrays exploded into
        // rows, dotted columns unflattened; the paths inside nested cells, walked on their compact JSON.
        .target(name: "ListviewShaping", dependencies: ["ListviewValues", "ListviewBatches", "ListviewJSON"], swiftSettings: releaseSettings),
        // The input formats, each registered once (`FormatDescriptor`): opening an input as its format,
        // the hints of a file that reads as another format or encoding, a record's line in a file.
        .target(name: "ListviewFormats", dependencies: ["ListviewValues", "ListviewBatches", "ListviewInput", "ListviewCompression", "ListviewJSON",
                                                        "ListviewCSV", "ListviewPresentation"],
                swiftSettings: releaseSettings),
        // What a run asks (`ListRequest`: reading, arrangement, look) and the one stream that reads it,
        // checking its field names against every batch.
        .target(name: "ListviewRequest", dependencies: ["ListviewValues", "ListviewConcurrency", "ListviewBatches", "ListviewInput", "ListviewCompression",
                                                        "ListviewDataSource", "ListviewQuery", "ListviewSpilling", "ListviewPresentation", "ListviewJSON", "ListviewCSV",
                                                        "ListviewShaping", "ListviewFormats"],
                swiftSettings: releaseSettings),
        // The list's plan and the executors that carry it out, with no argument parsing.
        .target(name: "ListviewKit", dependencies: ["ListviewValues", "ListviewConcurrency", "ListviewBatches", "ListviewInput", "ListviewDataSource",
                                                    "ListviewQuery", "ListviewSpilling", "ListviewPresentation", "ListviewJSON", "ListviewCSV", "ListviewShaping",
                                                    "ListviewFormats", "ListviewRequest"],
                swiftSettings: releaseSettings),
        // `listview diff`: records matched by key and compared by meaning (`ValueEquality`), in memory
        // or in partitions on disk, reported for people, machines and CI annotations.
        .target(name: "ListviewDiff", dependencies: ["ListviewValues", "ListviewConcurrency", "ListviewBatches", "ListviewInput", "ListviewDataSource",
                                                     "ListviewQuery", "ListviewSpilling", "ListviewPresentation", "ListviewJSON", "ListviewCSV", "ListviewFormats",
                                                     "ListviewRequest", "ListviewKit"],
                swiftSettings: releaseSettings),
        // The interactive browser (`-i`): the list's rows on screen as they load, keys, marks; drawn through ncursesw.
        .target(name: "ListviewBrowser", dependencies: ["ListviewValues", "ListviewConcurrency", "ListviewBatches", "ListviewInput", "ListviewDataSource",
                                                        "ListviewQuery", "ListviewSpilling", "ListviewPresentation", "ListviewFormats", "ListviewRequest", "ListviewKit", "ListviewShaping",
                                                        "ListviewJSON", "CNcurses"],
                swiftSettings: releaseSettings),
        // Views kept in a file: listview.toml and the user's config.toml read through toml++ (CTOML), checked
        // against the options a view may set, and turned into command-line arguments.
        .target(name: "ListviewConfig", dependencies: ["ListviewValues", "ListviewJSON", "CTOML"]),
        // The thin command line: argument parsing, terminal detection, exit codes.
        .executableTarget(
            name: "listview",
            dependencies: [
                "ListviewKit", "ListviewBrowser", "ListviewConfig", "CSignals", "ListviewValues", "ListviewConcurrency", "ListviewBatches", "ListviewInput", "ListviewQuery",
                "ListviewSpilling", "ListviewPresentation", "ListviewShaping", "ListviewFormats", "ListviewRequest", "ListviewDiff", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: releaseSettings
        ),
        // What the test targets share: temporary files, the third-party corpora (skipped when absent), and a
        // source's records read batch by batch.
        .target(name: "ListviewTestSupport", dependencies: ["ListviewBatches", "ListviewValues", "ListviewInput"], path: "Tests/ListviewTestSupport"),
        .testTarget(name: "ListviewValuesTests", dependencies: ["ListviewTestSupport", "ListviewValues"]),
        .testTarget(name: "ListviewConcurrencyTests", dependencies: ["ListviewConcurrency"]),
        .testTarget(name: "ListviewBatchesTests", dependencies: ["ListviewTestSupport", "ListviewValues", "ListviewBatches"]),
        .testTarget(name: "ListviewSpillingTests", dependencies: ["ListviewTestSupport", "ListviewSpilling", "ListviewValues", "ListviewBatches",
                                                                  "ListviewQuery"]),
        .testTarget(name: "ListviewDataSourceTests", dependencies: ["ListviewValues", "ListviewBatches", "ListviewInput", "ListviewDataSource"]),
        .testTarget(name: "ListviewQueryTests", dependencies: ["ListviewTestSupport", "ListviewValues", "ListviewBatches", "ListviewInput", "ListviewDataSource",
                                                               "ListviewQuery"]),
        .testTarget(name: "ListviewPresentationTests", dependencies: ["ListviewTestSupport", "ListviewValues", "ListviewBatches", "ListviewInput",
                                                                      "ListviewDataSource", "ListviewQuery", "ListviewPresentation",
                                                                      "ListviewJSON"]),
        .testTarget(name: "ListviewJSONTests", dependencies: ["ListviewTestSupport", "ListviewJSON", "ListviewValues", "ListviewBatches", "ListviewInput"],
                    exclude: ["Resources"]),
        .testTarget(name: "ListviewCSVTests", dependencies: ["ListviewTestSupport", "ListviewCSV", "ListviewValues", "ListviewBatches", "ListviewInput",
                                                             "ListviewQuery"]),
        .testTarget(name: "ListviewKitTests", dependencies: ["ListviewTestSupport", "ListviewKit", "ListviewCompression", "ListviewValues", "ListviewBatches", "ListviewInput",
                                                             "ListviewDataSource", "ListviewQuery", "ListviewSpilling", "ListviewPresentation", "ListviewCSV", "ListviewJSON", "ListviewShaping",
                                                             "ListviewFormats", "ListviewRequest"]),
        .testTarget(name: "ListviewDiffTests", dependencies: ["ListviewTestSupport", "ListviewDiff", "ListviewJSON", "ListviewKit", "ListviewValues", "ListviewBatches",
                                                              "ListviewQuery", "ListviewSpilling", "ListviewPresentation", "ListviewCompression", "ListviewFormats", "ListviewRequest"]),
        .testTarget(name: "ListviewFormatsTests", dependencies: ["ListviewTestSupport", "ListviewFormats", "ListviewBatches", "ListviewInput", "ListviewPresentation",
                                                                 "ListviewCompression"]),
        .testTarget(name: "ListviewShapingTests", dependencies: ["ListviewTestSupport", "ListviewShaping", "ListviewJSON", "ListviewValues", "ListviewBatches"]),
        .testTarget(name: "ListviewBrowserTests", dependencies: ["ListviewTestSupport", "ListviewBrowser", "ListviewKit", "ListviewValues", "ListviewBatches", "ListviewInput",
                                                                 "ListviewDataSource", "ListviewQuery", "ListviewSpilling", "ListviewPresentation", "ListviewJSON",
                                                                 "ListviewCompression", "ListviewFormats", "ListviewRequest"]),
        .testTarget(name: "ListviewConfigTests", dependencies: ["ListviewConfig", "ListviewValues"]),
        .testTarget(name: "EndToEndTests", dependencies: ["ListviewTestSupport", "ListviewConfig"], exclude: ["Golden", "Fixtures", "Support/roundtrip.py", "Support/strict_csv.py", "Support/flatten_reference.py", "Support/readme_examples.py", "Support/numbers_reference.py", "Support/json_reference.py", "Support/spread_reference.py"]),
    ],
    cxxLanguageStandard: .cxx17
)

// `make fuzz` sets LISTVIEW_FUZZ=1 and builds this libFuzzer binary with -sanitize=fuzzer,address.
// It has no main of its own (libFuzzer's), so an ordinary `swift build` leaves it out.
if Context.environment["LISTVIEW_FUZZ"] != nil {
    package.products.append(.executable(name: "listview-fuzz", targets: ["ListviewFuzz"]))
    package.targets.append(.executableTarget(
        name: "ListviewFuzz",
        dependencies: ["ListviewKit", "ListviewValues", "ListviewBatches", "ListviewInput", "ListviewDataSource", "ListviewQuery",
                       "ListviewPresentation", "ListviewCSV", "ListviewJSON", "ListviewFormats", "ListviewRequest"],
        path: "Fuzz/ListviewFuzz",
        swiftSettings: [.unsafeFlags(["-parse-as-library"])]
    ))
}
