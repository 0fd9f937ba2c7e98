import XCTest

/// The same input and flags give the same bytes, however the list is walked.
/// (Every golden transcript is also run twice: `GoldenTranscriptTests`.)
final class DeterminismTests: XCTestCase {
    /// Runs `arguments` with `--page-size size --page N` for every page until the one past the end
    /// (status 64), returning each page's stdout. Pages are asked for eight at a time, on both cores.
    private func pages(_ arguments: [String], size: Int, file: StaticString = #filePath, line: UInt = #line) throws -> [String] {
        var result: [String] = []
        var first = 1
        while first <= 1_000 {
            let runs = ListviewProcess.inParallel(8) { offset in
                Result { try ListviewProcess.run(arguments + ["--page-size", "\(size)", "--page", "\(first + offset)"]) }
            }
            for run in runs {
                let page = try run.get()
                if page.status == 64 {
                    XCTAssertTrue(page.stderr.contains("is past the last page"), page.stderr, file: file, line: line)
                    return result
                }
                XCTAssertEqual(page.status, 0, page.stderr, file: file, line: line)
                result.append(page.stdout)
            }
            first += 8
        }
        XCTFail("no end of pages", file: file, line: line)
        return result
    }

    private let walks: [[String]] = [
        ["samples/orders.json"],
        ["samples/orders.json", "--group-by", "status"],
        ["samples/orders.json", "--group-by", "status", "--group-by", "express", "--sort", "total:desc"],
        ["samples/orders.json", "--sort", "customer.name", "--fields", "id,customer.name,total"],
        ["samples/events.jsonl"],
        ["samples/customers.csv", "--sort", "seats:desc"],
        ["samples/customers.csv"],
        ["samples/inventory.tsv", "--group-by", "warehouse"],
    ]

    func testJSONLinesPagesConcatenateToTheWholeList() throws {
        for walk in walks {
            let arguments = walk + ["--style", "jsonl"]
            let whole = try ListviewProcess.run(arguments)
            XCTAssertEqual(whole.status, 0, whole.stderr)
            for size in [1, 4, 7] {
                XCTAssertEqual(try pages(arguments, size: size).joined(), whole.stdout, "\(walk) in pages of \(size)")
            }
        }
    }

    func testCSVPagesConcatenateToTheWholeListApartFromTheirHeaders() throws {
        for walk in walks {
            let arguments = walk + ["--style", "csv"]
            let whole = try ListviewProcess.run(arguments)
            XCTAssertEqual(whole.status, 0, whole.stderr)
            let header = whole.stdout.prefix { $0 != "\n" } + "\n"
            for size in [1, 5] {
                let walked = try pages(arguments, size: size)
                for page in walked { XCTAssertTrue(page.hasPrefix(header), "\(walk): a page lacks the header") }
                XCTAssertEqual(header + walked.map { $0.dropFirst(header.count) }.joined(), whole.stdout, "\(walk) in pages of \(size)")
            }
        }
    }

    func testTablePagesHoldTheSameRowsInTheSameOrder() throws {
        // A table page has its own widths, headers and footer; its rows are the same records.
        for walk in walks {
            let ids = try ListviewProcess.run(walk + ["--style", "jsonl"]).stdout.split(separator: "\n")
            let tablePages = try pages(walk, size: 6)
            XCTAssertEqual(tablePages.count, (ids.count + 5) / 6, "\(walk)")
            for (index, page) in tablePages.enumerated() {
                let rows = "rows \(index * 6 + 1)–\(min(index * 6 + 6, ids.count))"
                // A streamed page knows the total only once the input has ended within it.
                let known = "page \(index + 1)/\(tablePages.count) · \(rows) of \(ids.count)\n"
                let open = "page \(index + 1) · \(rows) · more follow\n"
                XCTAssertTrue(page.hasSuffix(known) || page.hasSuffix(open), "\(walk) page \(index + 1):\n\(page)")
            }
        }
    }

    func testOutputIsTheSameAtEveryTerminalWidthWhenPiped() throws {
        for walk in walks {
            let narrow = try ListviewProcess.run(walk, environment: ["COLUMNS": "30"])
            let wide = try ListviewProcess.run(walk, environment: ["COLUMNS": "250"])
            XCTAssertEqual(narrow, wide, "\(walk)")
        }
    }

    /// Every style with sections and pages gives the same bytes at COLUMNS 40, 80 and 200 when piped
    /// (`Golden/style-*-sections-page-2.txt` hold them at 80).
    func testEveryStyleWithSectionsAndPagesIsTheSameAtEveryTerminalWidth() throws {
        for style in ["table", "list", "line", "markdown", "json", "jsonl", "csv", "tsv"] {
            let arguments = ["samples/orders.json", "--group-by", "status", "--fields", "id,customer.name,total",
                             "--page-size", "5", "--page", "2", "--style", style]
            let reference = try ListviewProcess.run(arguments)
            for columns in ["40", "200"] {
                XCTAssertEqual(try ListviewProcess.run(arguments, environment: ["COLUMNS": columns]), reference, "\(style) at COLUMNS=\(columns)")
            }
        }
    }
}
