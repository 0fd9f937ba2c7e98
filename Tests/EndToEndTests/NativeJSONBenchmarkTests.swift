import Foundation
import ListviewTestSupport
import XCTest

/// nativejson-benchmark's data (`Corpus` folder `nativejson-benchmark/`, skipped when absent):
/// json.org's JSON_checker files, which must be accepted (`pass*`) or refused with one line
/// (`fail*`), and 27 one-line round-trip documents that must come back byte for byte.
final class NativeJSONBenchmarkTests: XCTestCase {
    private var data: URL!

    override func setUpWithError() throws {
        data = try Corpus.folder("nativejson-benchmark/data")
    }

    private func files(in folder: String, prefix: String = "") throws -> [URL] {
        let directory = data.appendingPathComponent(folder)
        return try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }.sorted()
            .map { directory.appendingPathComponent($0) }
    }

    /// `pass01`–`pass03`, and the two files upstream excludes because RFC 8259 allows them (a
    /// top-level string, 20 nested arrays): accepted without a word on stderr.
    func testJSONCheckerPassFilesAreAccepted() throws {
        let accepted = try files(in: "jsonchecker", prefix: "pass") + files(in: "jsonchecker").filter { $0.lastPathComponent.contains("EXCLUDE") }
        XCTAssertEqual(accepted.count, 5)
        for file in accepted {
            let result = try ListviewProcess.run([file.path, "--input", "json", "--style", "jsonl"])
            XCTAssertEqual(result.status, 0, "\(file.lastPathComponent): \(result.stderr)")
            XCTAssertEqual(result.stderr, "", file.lastPathComponent)
            XCTAssertFalse(result.stdout.isEmpty, file.lastPathComponent)
        }
    }

    /// Every other `fail*` file is refused: status 65, one `listview: FILE:LINE:COL:` line, and no
    /// partial table on standard output.
    func testJSONCheckerFailFilesAreRefusedWithOneLine() throws {
        let refused = try files(in: "jsonchecker", prefix: "fail").filter { !$0.lastPathComponent.contains("EXCLUDE") }
        XCTAssertEqual(refused.count, 31)
        for file in refused {
            let result = try ListviewProcess.run([file.path, "--input", "json"])
            XCTAssertEqual(result.status, 65, "\(file.lastPathComponent) was accepted: \(result.stdout.prefix(200))")
            XCTAssertTrue(result.stderr.hasPrefix("listview: \(file.path):"), "\(file.lastPathComponent): \(result.stderr)")
            XCTAssertEqual(result.stderr.filter { $0 == "\n" }.count, 1, "\(file.lastPathComponent): \(result.stderr)")
            XCTAssertEqual(result.stdout, "", "\(file.lastPathComponent) printed a partial result")
        }
    }

    /// Each round-trip document, listed as JSON Lines and put back together as text, is the file's
    /// bytes: an array from its `{"value":…}` lines, an object from its `{"key":…,"value":…}` lines.
    /// Numbers keep their text (`-0.0`, `5e-324`, `1.7976931348623157e308`, 19-digit integers).
    func testRoundTripDocumentsComeBackByteForByte() throws {
        let documents = try files(in: "roundtrip")
        XCTAssertEqual(documents.count, 27)
        for file in documents {
            let original = try String(contentsOf: file, encoding: .utf8).trimmingCharacters(in: .newlines)
            let result = try ListviewProcess.run([file.path, "--style", "jsonl"])
            XCTAssertEqual(result.status, 0, "\(file.lastPathComponent): \(result.stderr)")
            let lines = result.stdout.split(separator: "\n").map(String.init)
            XCTAssertEqual(rebuilt(lines, object: original.hasPrefix("{")), original, file.lastPathComponent)
        }
    }

    /// The document listview's lines describe, written compactly from their own text.
    private func rebuilt(_ lines: [String], object: Bool) -> String {
        let valuePrefix = #"{"value":"#
        if !object {
            // A non-object element is wrapped as {"value":…}; an object element is its own line.
            let elements = lines.map { line in
                line.hasPrefix(valuePrefix) && line.hasSuffix("}") ? String(line.dropFirst(valuePrefix.count).dropLast()) : line
            }
            return "[" + elements.joined(separator: ",") + "]"
        }
        let members = lines.map { line -> String in
            // {"key":"K","value":V}: the key's JSON text, then the value's; any other line stays
            // as it is, so the comparison shows it.
            guard line.hasPrefix(#"{"key":"#), let valueStart = line.range(of: #","value":"#), line.hasSuffix("}") else {
                return line
            }
            let key = line[line.index(line.startIndex, offsetBy: 7)..<valueStart.lowerBound]
            let value = line[valueStart.upperBound..<line.index(before: line.endIndex)]
            return "\(key):\(value)"
        }
        return "{" + members.joined(separator: ",") + "}"
    }
}
