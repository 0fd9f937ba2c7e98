import Foundation
import XCTest

/// The third-party test corpora (JSONTestSuite, csv-spectrum, tsv-utils, nativejson-benchmark,
/// W3C CSVW), which are not part of the repository: `$LISTVIEW_CORPUS`, else `../shared/corpus`
/// beside the checkout.
///
/// A test that needs a suite asks for its folder. When the folder is absent the test is skipped,
/// never failed, with a message that starts `corpus missing:` and names the folder and what it
/// would add (`.ci/test-count` lists those lines); with `LISTVIEW_REQUIRE_CORPUS=1`, as CI sets
/// it, an absent folder fails the test instead.
public enum Corpus {
    /// The repository's root (three levels above this file).
    public static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Where the corpora are looked for.
    public static var root: URL {
        if let path = ProcessInfo.processInfo.environment["LISTVIEW_CORPUS"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        return repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")
    }

    /// The suites, by folder, and what each adds to the tests.
    public static let suites: [String: String] = [
        "json-test-suite": "nst/JSONTestSuite: 318 JSON parser conformance files",
        "csv-spectrum": "csv-spectrum: 12 CSV files with expected JSON",
        "tsv-utils-csv2tsv": "eBay tsv-utils' csv2tsv gold transcripts",
        "nativejson-benchmark": "JSON_checker pass/fail files and 27 byte-for-byte round trips",
        "csvw": "the W3C CSV on the Web test CSVs and their expected JSON",
    ]

    /// The folder `name` under the corpus root (`suite/sub/path` allowed); skips the calling test
    /// when it is absent, or fails it when `LISTVIEW_REQUIRE_CORPUS=1`.
    public static func folder(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> URL {
        let url = root.appendingPathComponent(name)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue { return url }
        let suite = String(name.split(separator: "/").first ?? "")
        let message = "corpus missing: \(url.path) (would add \(suites[suite] ?? suite); set LISTVIEW_CORPUS to its folder)"
        if ProcessInfo.processInfo.environment["LISTVIEW_REQUIRE_CORPUS"] == "1" {
            XCTFail(message + " and LISTVIEW_REQUIRE_CORPUS=1", file: file, line: line)
            throw CorpusRequired(message: message)
        }
        throw skippedTest(message, in: file, line: line)
    }

    /// Thrown after the failure is recorded, to stop a test whose required corpus is absent.
    public struct CorpusRequired: Error, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }
}
