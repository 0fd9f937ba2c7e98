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

    /// `--chart` in Markdown: a fenced `mermaid` block of an `xychart-beta` bar chart that GitHub
    /// draws, its bars the table's counts in the table's order, then the table itself.
    func testTheCountsChartIsAMermaidBlockBeforeItsTable() throws {
        guard let python = Self.python else { throw skippedTest("markdown-it-py is not installed (apt-get install python3-markdown-it)") }
        for arguments in [["samples/orders.json", "--group-by", "status", "--group-by", "express", "--counts", "--chart", "--style", "markdown"],
                          ["diff", "Tests/EndToEndTests/Fixtures/diff-many-old.jsonl", "Tests/EndToEndTests/Fixtures/diff-many-new.csv",
                           "--key", "id", "--stat", "--counts", "--chart", "--style", "markdown"],
                          ["samples/orders.json", "--histogram", "total:4", "--chart", "--style", "markdown"]] {
            let result = try ListviewProcess.run(arguments)
            XCTAssertTrue([0, 1].contains(result.status), result.stderr)
            let script = """
            import json, sys
            from markdown_it import MarkdownIt
            tokens = MarkdownIt("commonmark").enable("table").parse(sys.stdin.read())
            fences = [t for t in tokens if t.type == "fence"]
            rows, row = [], None
            for token in tokens:
                if token.type == "tr_open": row = []
                elif token.type == "inline" and row is not None: row.append(token.content)
                elif token.type == "tr_close": rows.append(row); row = None
            print(json.dumps({"fences": [[f.info, f.content] for f in fences], "rows": rows}))
            """
            let parsed = try JSONSerialization.jsonObject(with: try Self.run([python, "-c", script], input: result.stdout)) as? [String: Any]
            let fences = try XCTUnwrap(parsed?["fences"] as? [[String]])
            XCTAssertEqual(fences.count, 1, "one chart: \(arguments)")
            XCTAssertEqual(fences.first?.first, "mermaid")
            let chart = fences.first?.last ?? ""
            XCTAssertTrue(chart.hasPrefix("xychart-beta\n"), chart)
            let rows = try XCTUnwrap(parsed?["rows"] as? [[String]]).dropFirst()
            let bars = chart.split(separator: "\n").first { $0.trimmingCharacters(in: .whitespaces).hasPrefix("bar [") }
            XCTAssertEqual(bars.map { $0.trimmingCharacters(in: .whitespaces) }, "bar [\(rows.compactMap(\.last).joined(separator: ", "))]", "\(arguments)")
            XCTAssertTrue(chart.contains("x-axis [\""), chart)
        }
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
