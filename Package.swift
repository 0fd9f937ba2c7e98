// swift-tools-version:5.9
import PackageDescription

// Release builds skip the run-time exclusivity checks on class properties (about 15% of the time spent
// reading a CSV went to them); debug builds and every test keep them.
let releaseSettings: [SwiftSetting] = [.unsafeFlags(["-enforce-exclusivity=unchecked", "-cross-module-optimization"], .when(configuration: .release))]

let package = Package(
    name: "listview",
    products: [
        .executable(name: "listview", targets: ["listview"]),
        .library(name: "ListviewCore", targets: ["ListviewCore"]),
        .library(name: "ListviewJSON", targets: ["ListviewJSON"]),
        .library(name: "ListviewCSV", targets: ["ListviewCSV"]),
        .library(name: "ListviewKit", targets: ["ListviewKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.0"),
    ],
    targets: [
        // yajl, Debian's libyajl-dev: a streaming SAX JSON parser in C (no pkg-config file).
        .systemLibrary(
            name: "CYajl",
            providers: [.apt(["libyajl-dev"])]
        ),
        // libcsv, Debian's libcsv-dev: an RFC 4180 CSV parser in C (no pkg-config file).
        .systemLibrary(
            name: "CCSV",
            providers: [.apt(["libcsv-dev"])]
        ),
        // Records, values, the data-source core, formatters and writers: no C, no argument parsing.
        .target(name: "ListviewCore", swiftSettings: releaseSettings),
        // JSON and JSON Lines readers over yajl; the only module that imports CYajl.
        .target(name: "ListviewJSON", dependencies: ["ListviewCore", "CYajl"], swiftSettings: releaseSettings),
        // CSV and TSV readers over libcsv; the only module that imports CCSV.
        .target(name: "ListviewCSV", dependencies: ["ListviewCore", "CCSV"], swiftSettings: releaseSettings),
        // Loading inputs by format and running a list request end to end, with no argument parsing.
        .target(name: "ListviewKit", dependencies: ["ListviewCore", "ListviewJSON", "ListviewCSV"], swiftSettings: releaseSettings),
        // The thin command line: argument parsing, terminal detection, exit codes.
        .executableTarget(
            name: "listview",
            dependencies: [
                "ListviewKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: releaseSettings
        ),
        .testTarget(name: "ListviewCoreTests", dependencies: ["ListviewCore"]),
        .testTarget(name: "ListviewJSONTests", dependencies: ["ListviewJSON", "ListviewCore"]),
        .testTarget(name: "ListviewCSVTests", dependencies: ["ListviewCSV", "ListviewCore"]),
        .testTarget(name: "ListviewKitTests", dependencies: ["ListviewKit", "ListviewCore"]),
        .testTarget(name: "EndToEndTests", exclude: ["Golden", "Fixtures", "Support/roundtrip.py"]),
    ]
)

// `make fuzz` sets LISTVIEW_FUZZ=1 and builds this libFuzzer binary with -sanitize=fuzzer,address.
// It has no main of its own (libFuzzer's), so an ordinary `swift build` leaves it out.
if Context.environment["LISTVIEW_FUZZ"] != nil {
    package.products.append(.executable(name: "listview-fuzz", targets: ["ListviewFuzz"]))
    package.targets.append(.executableTarget(
        name: "ListviewFuzz",
        dependencies: ["ListviewKit", "ListviewCore"],
        path: "Fuzz/ListviewFuzz",
        swiftSettings: [.unsafeFlags(["-parse-as-library"])]
    ))
}
