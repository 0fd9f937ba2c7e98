import Foundation
import ListviewTestSupport
import XCTest

/// `listview diff --style junit` writes a report CI test-report readers take: well-formed XML
/// (xmllint), valid against the Apache Ant JUnit report format (`Fixtures/junit-report.xsd`, and
/// windyroad/JUnit-Schema's `JUnit.xsd` when the corpus holds it as `junit-schema/JUnit.xsd`),
/// with counts that agree with its test cases and with the diff's status.
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

    /// Valid against `Fixtures/junit-report.xsd` (the Ant report format, written for these tests;
    /// a report missing a required attribute fails it), and against windyroad's `JUnit.xsd`
    /// too when the corpus holds it.
    func testReportsAreValidAgainstTheJUnitSchema() throws {
        guard let xmllint else { throw skippedTest("xmllint missing (apt-get install libxml2-utils; make test installs it)") }
        var schemas = [ListviewProcess.root.appendingPathComponent("Tests/EndToEndTests/Fixtures/junit-report.xsd").path]
        let corpusSchema = Corpus.root.appendingPathComponent("junit-schema/JUnit.xsd").path
        if FileManager.default.fileExists(atPath: corpusSchema) { schemas.append(corpusSchema) }
        for schema in schemas {
            for report in try reports() {
                let check = try RoundTripTests.runTool(xmllint, ["--noout", "--schema", schema, report.file.path])
                XCTAssertEqual(check.status, 0, "\(report.arguments.joined(separator: " ")) against \(schema): \(check.output)")
            }
        }
        // The check can fail: a suite without its counts does.
        let broken = FileManager.default.temporaryDirectory.appendingPathComponent("junit-broken-\(UUID().uuidString).xml")
        try Data("<testsuites><testsuite name=\"x\"><properties/><system-out/><system-err/></testsuite></testsuites>".utf8).write(to: broken)
        defer { try? FileManager.default.removeItem(at: broken) }
        XCTAssertNotEqual(try RoundTripTests.runTool(xmllint, ["--noout", "--schema", schemas[0], broken.path]).status, 0)
    }
}
