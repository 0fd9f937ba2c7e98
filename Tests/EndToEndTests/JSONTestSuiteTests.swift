import Foundation
import ListviewTestSupport
import XCTest

/// JSONTestSuite (nst/JSONTestSuite, `Corpus` folder `json-test-suite/`, skipped when absent): every `y_` file
/// is accepted (status 0), every `n_` file is refused with one `listview:` line and status 65,
/// and no `i_` file crashes or hangs (0 or 65, the same on every run).
final class JSONTestSuiteTests: XCTestCase {
    private var corpus: URL!

    override func setUpWithError() throws {
        corpus = try Corpus.folder("json-test-suite")
    }

    private func files(prefix: String) throws -> [String] {
        let names = try FileManager.default.contentsOfDirectory(atPath: corpus.path)
        let selected = names.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }.sorted()
        XCTAssertFalse(selected.isEmpty, "no \(prefix) files in \(corpus.path)")
        return selected
    }

    /// Runs one file. The table style reads the whole input before writing, so a refused
    /// file must leave standard output empty; JSON Lines streams and shows accepted values.
    private func run(_ name: String, style: String = "table") throws -> ListviewProcess.Result {
        try ListviewProcess.run([corpus.appendingPathComponent(name).path, "--style", style], timeout: 20)
    }

    func testAcceptsEveryYFile() throws {
        let names = try files(prefix: "y_")
        XCTAssertEqual(names.count, 95)
        let results = try ListviewProcess.inParallel(names.count) { index in Result { try self.run(names[index]) } }.map { try $0.get() }
        for (name, result) in zip(names, results) {
            XCTAssertEqual(result.status, 0, "\(name): \(result.stderr)")
            // Accepted without complaint; an object whose one list is a member gets the note naming its --path.
            let notes = result.stderr.split(separator: "\n").filter { !$0.contains(": listed the object's ") }
            XCTAssertEqual(notes, [], name)
        }
    }

    func testRejectsEveryNFileWithOneLine() throws {
        let names = try files(prefix: "n_")
        XCTAssertEqual(names.count, 188)
        let results = try ListviewProcess.inParallel(names.count) { index in Result { try self.run(names[index]) } }.map { try $0.get() }
        for (name, result) in zip(names, results) {
            XCTAssertEqual(result.status, 65, "\(name) was accepted: \(result.stdout.prefix(200))")
            XCTAssertTrue(result.stderr.hasPrefix("listview: "), "\(name): \(result.stderr)")
            XCTAssertEqual(result.stderr.filter { $0 == "\n" }.count, 1, "\(name): \(result.stderr)")
            XCTAssertEqual(result.stdout, "", "\(name) printed a partial result")
        }
    }

    func testImplementationDefinedFilesEndCleanlyAndDeterministically() throws {
        for name in try files(prefix: "i_") {
            let first = try run(name)
            XCTAssertTrue([0, 65].contains(first.status), "\(name) ended with \(first.status): \(first.stderr)")
            XCTAssertEqual(try run(name), first, "\(name) differs between runs")
        }
    }

    func testDocumentedOutcomesOfNotableFiles() throws {
        let deep = try run("n_structure_100000_opening_arrays.json")
        XCTAssertEqual(deep.stderr, "listview: \(corpus.path)/n_structure_100000_opening_arrays.json:1:1001: nesting deeper than 1000 levels\n")
        let nested500 = try run("i_structure_500_nested_arrays.json")
        XCTAssertEqual(nested500.status, 0)
        let formFeed = try run("n_structure_whitespace_formfeed.json")
        XCTAssertTrue(formFeed.stderr.hasSuffix(":1:2: invalid character U+000C in JSON text\n"), formFeed.stderr)
        let surrogate = try run("i_string_UTF8_surrogate_U+D800.json")
        XCTAssertTrue(surrogate.stderr.hasSuffix("invalid UTF-8 in a string\n"), surrogate.stderr)
        // Unpaired surrogate escapes are not Unicode text: rejected, not changed (issue 14).
        for name in ["i_string_1st_valid_surrogate_2nd_invalid.json", "i_string_invalid_lonely_surrogate.json",
                     "i_string_lone_second_surrogate.json", "i_object_key_lone_2nd_surrogate.json",
                     "i_string_inverted_surrogates_U+1D11E.json"] {
            let result = try run(name)
            XCTAssertEqual(result.status, 65, name)
            XCTAssertTrue(result.stderr.contains("surrogate without a"), "\(name): \(result.stderr)")
        }
        let pair = try run("y_string_surrogates_U+1D11E_MUSICAL_SYMBOL_G_CLEF.json", style: "jsonl")
        XCTAssertEqual(pair.stdout, "{\"value\":\"𝄞\"}\n")
        let lonelyInt = try run("y_structure_lonely_int.json", style: "jsonl")
        XCTAssertEqual(lonelyInt.stdout, "{\"value\":42}\n")
    }
}
