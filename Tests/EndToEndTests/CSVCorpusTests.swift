import Foundation
import ListviewTestSupport
import XCTest

/// CSV conformance from third-party corpora (`Corpus`: skipped when absent):
/// csv-spectrum (expected JSON per file) and eBay tsv-utils' csv2tsv gold transcripts.
final class CSVCorpusTests: XCTestCase {

    // MARK: csv-spectrum

    /// Every case but `location_coordinates` (its upstream expectation is wrong, see the corpus README):
    /// with `--no-infer`, `--style json` equals the expected JSON, values compared parsed.
    func testCSVSpectrum() throws {
        let directory = try Corpus.folder("csv-spectrum")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("csvs").path)
            .filter { $0.hasSuffix(".csv") }.map { String($0.dropLast(4)) }.sorted()
        XCTAssertEqual(names.count, 12)
        var checked = 0
        for name in names where name != "location_coordinates" {
            let result = try ListviewProcess.run([directory.appendingPathComponent("csvs/\(name).csv").path, "--no-infer", "--style", "json"])
            XCTAssertEqual(result.status, 0, "\(name): \(result.stderr)")
            let actual = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? NSArray
            let expected = try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent("json/\(name).json"))) as? NSArray
            XCTAssertNotNil(actual, name)
            XCTAssertEqual(actual, expected, name)
            checked += 1
        }
        XCTAssertEqual(checked, 11)
    }

    // MARK: tsv-utils csv2tsv

    /// The sections of the gold transcript that run csv2tsv without options, by their file arguments.
    private func goldSections() throws -> [(files: [String], output: String)] {
        let gold = try String(contentsOf: Corpus.folder("tsv-utils-csv2tsv").appendingPathComponent("gold/basic_tests_1.txt"), encoding: .utf8)
        var sections: [(files: [String], output: String)] = []
        var current: (files: [String], lines: [String])?
        for line in gold.components(separatedBy: "\n") {
            if line.hasPrefix("====[") {
                if let current { sections.append((current.files, current.lines.joined(separator: "\n"))) }
                let command = line.dropFirst(5).dropLast(5).split(separator: " ").map(String.init)
                let plain = command.first == "csv2tsv" && command.dropFirst().allSatisfy { $0.hasSuffix(".csv") }
                current = plain ? (Array(command.dropFirst()), []) : nil
            } else if current != nil {
                current?.lines.append(line)
            }
        }
        if let current { sections.append((current.files, current.lines.joined(separator: "\n"))) }
        return sections
    }

    /// Records read by listview, printed the gold's way: fields joined by TAB, TAB/CR/LF in a field as one space.
    private func csv2tsvText(_ files: [String]) throws -> String {
        let directory = try Corpus.folder("tsv-utils-csv2tsv")
        let result = try ListviewProcess.run(files.map { directory.appendingPathComponent($0).path }
            + ["--no-header", "--no-infer", "--style", "jsonl"])
        XCTAssertEqual(result.status, 0, "\(files): \(result.stderr)")
        var lines: [String] = []
        for line in result.stdout.split(separator: "\n") {
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                XCTFail("not an object: \(line)")
                continue
            }
            let fields = object.keys.compactMap(Int.init).sorted().compactMap { object[String($0)] as? String }
            lines.append(fields.map { field in
                field.replacingOccurrences(of: "\r\n", with: " ")
                    .replacingOccurrences(of: "\r", with: " ")
                    .replacingOccurrences(of: "\n", with: " ")
                    .replacingOccurrences(of: "\t", with: " ")
            }.joined(separator: "\t"))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    func testTSVUtilsDefaultSections() throws {
        let sections = try goldSections()
        XCTAssertEqual(sections.map(\.files.count), [1, 1, 1, 1, 5, 1, 1, 2])
        for section in sections {
            XCTAssertEqual(try csv2tsvText(section.files), section.output, "\(section.files)")
        }
    }

    func testTSVUtilsInvalidFilesNameTheLine() throws {
        let directory = try Corpus.folder("tsv-utils-csv2tsv")
        for (name, line) in [("invalid1.csv", 3), ("invalid2.csv", 4)] {
            let path = directory.appendingPathComponent(name).path
            let result = try ListviewProcess.run([path, "--style", "tsv"])
            XCTAssertEqual(result.status, 65, name)
            XCTAssertTrue(result.stderr.hasPrefix("listview: \(path):\(line):"), result.stderr)
            XCTAssertEqual(result.stderr.filter { $0 == "\n" }.count, 1, result.stderr)
        }
    }
}
