import Foundation
import ListviewTestSupport
import XCTest

/// `listview diff --style markdown` is written to `$GITHUB_STEP_SUMMARY` as it is: rendered by a
/// CommonMark renderer with GitHub's tables (markdown-it-py, Debian's python3-markdown-it), its
/// tables come out as tables with the cells listview wrote.
final class MarkdownSummaryTests: XCTestCase {
    /// A Python that can import markdown_it, or nil.
    private static let python: String? = ["/usr/bin/python3", "python3"].first { python in
        (try? ListviewProcess.shell("\(python) -c 'import markdown_it' 2>/dev/null")) == 0
    }

    func testTheDiffsTablesRenderAsTables() throws {
        guard let python = Self.python else { throw skippedTest("markdown-it-py is not installed (apt-get install python3-markdown-it)") }
        let result = try ListviewProcess.run(["diff", "Tests/EndToEndTests/Fixtures/diff-many-old.jsonl", "Tests/EndToEndTests/Fixtures/diff-many-new.csv",
                                              "--key", "id", "--style", "markdown", "--stat", "--max-changes", "2"])
        XCTAssertEqual(result.status, 1)
        let script = """
        import json, sys
        from markdown_it import MarkdownIt
        tokens = MarkdownIt("commonmark").enable("table").parse(sys.stdin.read())
        tables, row, cells = [], None, None
        for token in tokens:
            if token.type == "table_open": tables.append([])
            elif token.type == "tr_open": row = []
            elif token.type == "inline" and row is not None: row.append(token.content)
            elif token.type == "tr_close": tables[-1].append(row); row = None
        headings = [tokens[i + 1].content for i, t in enumerate(tokens) if t.type == "heading_open"]
        print(json.dumps({"tables": tables, "headings": headings}))
        """
        let rendered = try Self.run([python, "-c", script], input: result.stdout)
        let parsed = try JSONSerialization.jsonObject(with: rendered) as? [String: Any]
        let tables = try XCTUnwrap(parsed?["tables"] as? [[[String]]])
        XCTAssertEqual(parsed?["headings"] as? [String], ["Removed · 5 records", "Added · 5 records", "Changed · 14 records"])
        XCTAssertEqual(tables.count, 4, "removed, added, changed and --stat")
        XCTAssertEqual(tables[0].first, ["id", "name", "region", "amount", "note"])
        XCTAssertEqual(tables[0].count, 3, "a header and the two records --max-changes shows")
        XCTAssertEqual(tables[2].first, ["id", "field", "old", "new"])
        XCTAssertEqual(tables[3].first, ["field", "changed records"])
        XCTAssertTrue(tables.allSatisfy { table in table.allSatisfy { $0.count == table[0].count } }, "every row as wide as its header")
    }

    /// The standard output of `arguments` run with `input` on its standard input.
    private static func run(_ arguments: [String], input: String) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let (stdin, stdout) = (Pipe(), Pipe())
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "\(arguments[0]) failed")
        return output
    }
}
