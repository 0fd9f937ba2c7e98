import Foundation
import ListviewCore
@testable import ListviewKit
import XCTest

/// The table of a whole CSV file drawn from a cell table (`PlainTableRun`) is byte for byte the
/// table drawn from records, with the same warnings, and only requests it can serve take it.
final class PlainTableRunTests: XCTestCase {
    private var paths: [String] = []

    override func tearDown() {
        for path in paths { try? FileManager.default.removeItem(atPath: path) }
        paths = []
    }

    private func write(_ text: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("plain-\(UUID().uuidString).csv")
        try Data(text.utf8).write(to: url)
        paths.append(url.path)
        return url.path
    }

    /// The output and warnings of the cell-table way, which must be taken.
    private func tabled(_ request: ListRequest) throws -> (String, [String]) {
        let loader = InputLoader(format: request.format, path: request.path, csv: request.csv, delimiter: request.delimiter,
                                 schema: RecordSchema())
        let source = try loader.open(request.inputs).source
        let sink = OutputSink.memory()
        XCTAssertTrue(try PlainTableRun.run(request, source: source, into: sink), "the cell-table way was not taken")
        return (sink.collected, source.warnings)
    }

    /// The output and warnings of a whole run, the records' way when `byRecords`.
    private func ran(_ request: ListRequest, byRecords: Bool = false) throws -> (String, [String]) {
        var request = request
        if byRecords { request.limit = .max }  // a limit is not the cell table's to serve
        var warnings: [String] = []
        let sink = OutputSink.memory()
        try ListRunner.run(request, to: sink) { warnings.append($0) }
        return (sink.collected, warnings)
    }

    private func assertSameTable(_ text: String, file: StaticString = #filePath, line: UInt = #line,
                                 _ configure: (inout ListRequest) -> Void = { _ in }) throws {
        var request = ListRequest()
        request.inputs = [try write(text)]
        configure(&request)
        let expected = try ran(request, byRecords: true)
        let label = String(text.debugDescription.prefix(80))
        XCTAssertEqual(try tabled(request).0, expected.0, label, file: file, line: line)
        XCTAssertEqual(try tabled(request).1, expected.1, label, file: file, line: line)
        let whole = try ran(request)
        XCTAssertEqual(whole.0, expected.0, label, file: file, line: line)
        XCTAssertEqual(whole.1, expected.1, label, file: file, line: line)
    }

    func testPlainCellsAndAlignment() throws {
        try assertSameTable("id,name,amount,note\n1,Ann,2.50,\n22,Bob,-3e2,x\n333,Cy,,\"a, \"\"b\"\"\"\n")
        try assertSameTable("a,b\n1,x\n2,3\n")  // a number column with a string in it aligns left
        try assertSameTable("a,b\n1,2\n") { $0.csv.inferTypes = false }
        try assertSameTable("1,2\nx,3\n") { $0.csv.hasHeader = false }
        try assertSameTable("a\tb\n1\tx y\n") { $0.delimiter = 0x09 }
    }

    func testCellsThatAreNotPlainASCII() throws {
        let text = "name,note,n\nZoë,日本語のテキスト,1\n\"line\nbreak\",\"tab\there\",2\nesc,\u{1B}[31mred,3\nc1,\u{85}x,4\n"
        try assertSameTable(text)
        try assertSameTable(text) { $0.width = 20 }
        try assertSameTable(text) { $0.maxColumnWidth = 3 }
    }

    func testShortRowsShowNullAndWarn() throws {
        let text = "a,b,c\n1\n2,x\n3,y,z\n"
        try assertSameTable(text)
        try assertSameTable(text) { $0.color = true }
        try assertSameTable(text) { $0.sort = [SortSpec(path: FieldPath("c"), descending: true)] }
    }

    func testSortedTables() throws {
        let text = "id,score,name\n1,10,b\n2,9,a\n3,,c\n4,x,a\n5,10,\n6,1e1,b\n7,12345678901234567890,a\n8,12345678901234567891,a\n"
        for specs in [["score"], ["score:desc"], ["name", "score:desc"], ["name:desc", "id"], ["missing"], ["id:desc"]] {
            let sort = try specs.map(SortSpec.init(parsing:))
            try assertSameTable(text) { $0.sort = sort }
        }
    }

    func testLongCellsAreCutToTheWidth() throws {
        let text = "a,b\n" + (0..<30).map { "\($0),\(String(repeating: "word ", count: $0))" }.joined(separator: "\n")
        try assertSameTable(text) { $0.width = 40 }
        try assertSameTable(text) { $0.width = 5 }
    }

    /// Requests the cell table cannot serve take the records' way.
    func testOnlyPlainTableRequestsSuit() {
        XCTAssertTrue(PlainTableRun.suits(ListRequest()))
        let others: [(inout ListRequest) -> Void] = [
            { $0.style = .json }, { $0.border = true }, { $0.wrap = true }, { $0.groupBy = [FieldPath("a")] },
            { $0.countsOnly = true }, { $0.pageSize = 5 }, { $0.limit = 3 }, { $0.fields = [FieldPath("a")] },
            { $0.path = ["a"] }, { $0.kindField = FieldPath("a") },
        ]
        for configure in others {
            var request = ListRequest()
            configure(&request)
            XCTAssertFalse(PlainTableRun.suits(request))
        }
    }
}
