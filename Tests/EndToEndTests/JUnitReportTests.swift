import Foundation
import ListviewTestSupport
import XCTest

/// `listview diff --style junit` writes a report CI test-report readers take: well-formed XML
/// (xmllint), valid against the Apache Ant JUnit schema most readers follow when the corpus
/// holds it (`junit-schema/JUnit.xsd`, windyroad/JUnit-Schema; not in the repository), with
/// counts that agree with its test cases and with the diff's summary.
final class JUnitReportTests: XCTestCase {
    /// Diffs whose reports are checked: keyed, nested rules, grouped, unkeyed, with fields only
    /// one side has, and equal files (a passing report).
    private let diffs: [[String]] = [
        ["samples/api-old.json", "samples/api-new.json", "--key", "id", "--array-key", "items=sku", "--unordered", "tags", "--stat"],
        ["samples/expected.csv", "samples/actual.json", "--key", "id"],
        ["samples/expected.csv", "samples/actual.json", "--key", "id", "--group-by", "status"],
        ["samples/expected.csv", "samples/actual.json"],
        ["samples/api-old.json", "samples/api-old.json", "--key", "id"],
        ["Tests/EndToEndTests/Fixtures/control-chars.json", "samples/api-new.json"],
        ["samples/config-old.json", "samples/config-new.json", "--array-key", "config.features=name", "--stat"],
    ]

    private var xmllint: String? {
        ["/usr/bin/xmllint", "/usr/local/bin/xmllint"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Each report: the run's status, and the report in a file.
    private func reports() throws -> [(arguments: [String], status: Int32, file: URL)] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("junit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        return try diffs.enumerated().map { index, arguments in
            let result = try ListviewProcess.run(["diff"] + arguments + ["--style", "junit"])
            XCTAssertEqual(result.stderr, "", arguments.joined(separator: " "))
            let file = directory.appendingPathComponent("report-\(index).xml")
            try Data(result.stdout.utf8).write(to: file)
            return (arguments, result.status, file)
        }
    }

    func testReportsAreWellFormedAndCountTheirCases() throws {
        guard let xmllint else { throw skippedTest("xmllint missing (apt-get install libxml2-utils; make test installs it)") }
        for report in try reports() {
            let named = report.arguments.joined(separator: " ")
            let check = try RoundTripTests.runTool(xmllint, ["--noout", report.file.path])
            XCTAssertEqual(check.status, 0, "\(named): \(check.output)")
            let text = try String(contentsOf: report.file, encoding: .utf8)
            let cases = text.components(separatedBy: "<testcase ").count - 1
            let failures = text.components(separatedBy: "<failure ").count - 1
            XCTAssertTrue(text.contains(" tests=\"\(cases)\" failures=\"\(failures)\" errors=\"0\""), named)
            // A failure is a difference: the status says whether there was one.
            XCTAssertEqual(report.status, failures > 0 ? 1 : 0, named)
            XCTAssertGreaterThan(cases, 0, named)
        }
    }

    func testReportsAreValidAgainstTheJUnitSchema() throws {
        guard let xmllint else { throw skippedTest("xmllint missing (apt-get install libxml2-utils; make test installs it)") }
        // Not `Corpus.folder`: the schema joins the corpus after this test, and CI requires every folder it lists.
        let schema = Corpus.root.appendingPathComponent("junit-schema/JUnit.xsd")
        guard FileManager.default.fileExists(atPath: schema.path) else {
            throw skippedTest("corpus missing: \(schema.path) (would add windyroad/JUnit-Schema's JUnit.xsd to check --style junit against)")
        }
        for report in try reports() {
            let check = try RoundTripTests.runTool(xmllint, ["--noout", "--schema", schema.path, report.file.path])
            XCTAssertEqual(check.status, 0, "\(report.arguments.joined(separator: " ")): \(check.output)")
        }
    }
}
