import Foundation
import ListviewTestSupport
import XCTest

/// The W3C CSV on the Web test suite (`Corpus` folder `csvw/`, skipped when absent): every test
/// CSV loads without a crash and holds the cells a strict RFC 4180 reader finds, and the tests
/// that need no metadata file give their expected JSON.
final class CSVWTests: XCTestCase {
    private var tests: URL!

    override func setUpWithError() throws {
        tests = try Corpus.folder("csvw/tests")
    }

    /// Rows of a `--no-header --no-infer --style json` run as lists of cells, in column order,
    /// without the nulls that pad short rows.
    private func rows(ofJSON text: String) throws -> [[String]] {
        let records = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        return records.map { record in
            var cells = record.keys.compactMap(Int.init).sorted().map { record[String($0)] as? String }
            while let last = cells.last, last == nil { cells.removeLast() }
            return cells.map { $0 ?? "" }
        }
    }

    /// Every `.csv` of the suite (202, the malformed validation inputs among them) against Python's
    /// `csv` module in strict mode: both accept it with the same cells, or both refuse it; listview
    /// refuses with status 65 and one line, and never ends any other way.
    func testEveryCSVHoldsTheCellsOfAStrictReader() throws {
        guard let enumerator = FileManager.default.enumerator(atPath: tests.path) else { return XCTFail("cannot list \(tests.path)") }
        let files = enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".csv") }.sorted()
            .map { tests.appendingPathComponent($0).path }
        XCTAssertEqual(files.count, 202)
        let script = ListviewProcess.root.appendingPathComponent("Tests/EndToEndTests/Support/strict_csv.py").path
        let reference = try RoundTripTests.runTool("/usr/bin/env", ["python3", script] + files)
        XCTAssertEqual(reference.status, 0, reference.output)
        let expected = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(reference.output.utf8)) as? [String: Any])
        let results = try ListviewProcess.inParallel(files.count) { index in
            Result { try ListviewProcess.run([files[index], "--input", "csv", "--no-header", "--no-infer", "--style", "json"]) }
        }.map { try $0.get() }
        var agreed = 0
        for (file, result) in zip(files, results) {
            let name = String(file.dropFirst(tests.path.count + 1))
            XCTAssertTrue([0, 65].contains(result.status), "\(name) ended with \(result.status): \(result.stderr)")
            if let cells = expected[file] as? [[String]] {
                XCTAssertEqual(result.status, 0, "\(name): \(result.stderr)")
                guard result.status == 0 else { continue }
                XCTAssertEqual(try rows(ofJSON: result.stdout), cells, name)
                agreed += try rows(ofJSON: result.stdout) == cells ? 1 : 0
            } else {
                XCTAssertEqual(result.status, 65, "\(name) was accepted; a strict reader says \(String(describing: expected[file]))")
                XCTAssertEqual(result.stderr.filter { $0 == "\n" }.count, 1, "\(name): \(result.stderr)")
                agreed += result.status == 65 ? 1 : 0
            }
        }
        XCTAssertEqual(agreed, files.count)
    }

    /// The manifest's ToJson tests that use no metadata (no `metadata` option, no extra options, no
    /// `X.csv-metadata.json` or `csv-metadata.json` beside the file): listview's cells, read with
    /// CSVW's default dialect (trimmed, empty cells left out), are the expected rows.
    func testNoMetadataToJSONTestsGiveTheExpectedRows() throws {
        let manifest = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: tests.appendingPathComponent("manifest-json.jsonld")))
            as? [String: Any])
        let entries = try XCTUnwrap(manifest["entries"] as? [[String: Any]])
        let allowed: Set<String> = ["id", "type", "name", "comment", "approval", "option", "action", "result"]
        var checked: [String] = []
        for entry in entries {
            guard let action = entry["action"] as? String, action.hasSuffix(".csv"), let result = entry["result"] as? String,
                  let option = entry["option"] as? [String: Any], option["metadata"] == nil, Set(entry.keys).isSubset(of: allowed)
            else { continue }
            let folder = (action as NSString).deletingLastPathComponent
            let besides = [action + "-metadata.json", (folder as NSString).appendingPathComponent("csv-metadata.json")]
            if besides.contains(where: { FileManager.default.fileExists(atPath: tests.appendingPathComponent($0).path) }) { continue }
            let expectedJSON = try JSONSerialization.jsonObject(with: Data(contentsOf: tests.appendingPathComponent(result)))
            let expectedRows: [[String: Any]]
            if option["minimal"] as? Bool == true {
                expectedRows = try XCTUnwrap(expectedJSON as? [[String: Any]], action)
            } else {
                let tables = try XCTUnwrap((expectedJSON as? [String: Any])?["tables"] as? [[String: Any]], action)
                expectedRows = tables.flatMap { ($0["row"] as? [[String: Any]]) ?? [] }
                    .compactMap { ($0["describes"] as? [[String: Any]])?.first }
            }
            // Property names are the titles, percent-encoded.
            let expected = expectedRows.map { row in
                Dictionary(uniqueKeysWithValues: row.map { ($0.key.removingPercentEncoding ?? $0.key, "\($0.value)") })
            }
            let run = try ListviewProcess.run([tests.appendingPathComponent(action).path, "--input", "csv", "--no-infer", "--style", "json"])
            XCTAssertEqual(run.status, 0, "\(action): \(run.stderr)")
            let records = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]], action)
            let actual = records.map { record in
                record.compactMapValues { ($0 as? String)?.trimmingCharacters(in: .whitespaces) }.filter { !$0.value.isEmpty }
            }
            XCTAssertEqual(actual, expected, action)
            checked.append(action)
        }
        XCTAssertEqual(checked.count, 9, "\(checked)")
    }
}
