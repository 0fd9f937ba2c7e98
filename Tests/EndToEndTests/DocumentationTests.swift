import Foundation
import XCTest

/// The README, `--help` and the man page tell the truth (issue 40 §6): every console example
/// in the README prints what the README shows, and every exit status listview gives is listed.
final class DocumentationTests: XCTestCase {
    /// `Support/readme_examples.py` runs each `$ listview …` of the README's transcripts with the
    /// built binary and compares stdout and stderr with the lines under it.
    func testEveryREADMEConsoleExamplePrintsWhatTheREADMEShows() throws {
        let script = ListviewProcess.root.appendingPathComponent("Tests/EndToEndTests/Support/readme_examples.py").path
        let result = try RoundTripTests.runTool("/usr/bin/env", ["python3", script, ListviewProcess.binary.path, ListviewProcess.root.path])
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertTrue(result.output.hasSuffix("README commands print what the README shows\n"), result.output)
    }

    /// The statuses of SPEC §10 that listview gives, in both commands' `--help` and in the man page.
    func testEveryExitStatusIsListed() throws {
        let statuses = ["0", "1", "64", "65", "66", "70", "74"]
        for command in [["--help"], ["diff", "--help"]] {
            let help = try ListviewProcess.run(command).stdout.replacingOccurrences(of: "\n", with: " ")
            guard let range = help.range(of: "EXIT STATUS:") else { return XCTFail("no EXIT STATUS in listview \(command.joined(separator: " "))") }
            let section = help[range.upperBound...]
            for status in statuses {
                XCTAssertNotNil(section.range(of: "\\b\(status) ", options: .regularExpression),
                                "listview \(command.joined(separator: " ")) leaves out status \(status)")
            }
        }
        let manual = try String(contentsOf: ListviewProcess.root.appendingPathComponent("docs/listview.1"), encoding: .utf8)
        guard let range = manual.range(of: ".Sh \"EXIT STATUS\"") else { return XCTFail("no EXIT STATUS in docs/listview.1") }
        for status in statuses {
            XCTAssertTrue(manual[range.upperBound...].contains(".It \(status)\n"), "docs/listview.1 leaves out status \(status)")
        }
    }

    /// `--style` lists the styles each command writes: github only for a diff.
    func testEachCommandListsTheStylesItWrites() throws {
        let list = try ListviewProcess.run(["--help"]).stdout.replacingOccurrences(of: "\n", with: " ")
        let diff = try ListviewProcess.run(["diff", "--help"]).stdout.replacingOccurrences(of: "\n", with: " ")
        func values(_ help: String) -> String? {
            guard let start = help.range(of: "--style <style>"), let open = help.range(of: "(values: ", range: start.upperBound..<help.endIndex),
                  let close = help.range(of: ")", range: open.upperBound..<help.endIndex) else { return nil }
            return help[open.upperBound..<close.lowerBound].split(separator: " ").filter { !$0.isEmpty }.joined(separator: " ")
        }
        XCTAssertEqual(values(list), "table, list, line, markdown, json, jsonl, csv, tsv")
        XCTAssertEqual(values(diff), "table, list, line, markdown, json, jsonl, csv, tsv, github, junit")
        let github = try ListviewProcess.run(["samples/orders.json", "--style", "github"])
        XCTAssertEqual(github.status, 64)
        XCTAssertEqual(github.stderr, "listview: --style github annotates the differences of 'listview diff OLD NEW'; a list has none\n")
    }
}
