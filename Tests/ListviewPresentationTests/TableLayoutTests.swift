import ListviewBatches
import ListviewDataSource
import ListviewInput
import ListviewPresentation
import ListviewQuery
import ListviewValues
import XCTest

final class TableLayoutTests: XCTestCase {
    private let records = [
        Record(["name": .string("Ada"), "qty": .number("3"), "note": .string("x")]),
        Record(["name": .string("東京"), "qty": .number("120"), "note": .number("5")]),
        Record(["name": .string("Bob"), "note": .null]),
    ]
    private let specs = [ColumnSpec("name"), ColumnSpec("qty"), ColumnSpec("note")]

    private func lines(_ layout: TableLayout, _ records: [Record]) -> [String] {
        [layout.headerLine] + records.flatMap { TableRowFormatter(layout: layout).lines(for: $0) }
    }

    /// Rows of a large table are measured a block at a time on both cores: the same layout as
    /// measuring their records one by one, wherever the widest and the non-numeric cells fall.
    func testRowsMeasuredInBlocksAsRecordsAre() {
        var built: [Record] = []
        for index in 0..<200_000 {
            let name: Value = index == 170_001 ? .string("a much longer name in a late block") : .string("n\(index % 97)")
            let qty: Value = index == 150_003 ? .string("many") : .number("\(index % 1_000)")
            built.append(Record(["name": name, "qty": qty, "note": index % 5 == 0 ? .null : .string("é")]))
        }
        let table = CellTable(records: built)
        for rows in [Array(stride(from: 1, to: 200_000, by: 2)), Array(0..<140_000), Array(stride(from: 0, to: 200_000, by: 3))] {
            let blocks = TableLayout.measure(specs, rows: rows, of: table)
            let oneByOne = TableLayout.measure(specs, over: rows.map { built[$0] })
            XCTAssertEqual(blocks.columns.map(\.width), oneByOne.columns.map(\.width))
            XCTAssertEqual(blocks.columns.map(\.alignment), oneByOne.columns.map(\.alignment))
            XCTAssertEqual(blocks.columns.map(\.hasNulls), oneByOne.columns.map(\.hasNulls))
        }
    }

    func testAlignmentNumericRightMixedLeft() {
        let layout = TableLayout.measure(specs, over: records)
        XCTAssertEqual(layout.columns.map(\.alignment), [.left, .right, .left])
    }

    func testWidthsAreTerminalCells() {
        let layout = TableLayout.measure(specs, over: records)
        XCTAssertEqual(layout.columns.map(\.width), [4, 3, 4])
        XCTAssertEqual(layout.totalWidth, 4 + 3 + 4 + 2 * 2)
    }

    func testLines() {
        let layout = TableLayout.measure(specs, over: records)
        XCTAssertEqual(lines(layout, records), [
            "name  qty  note",
            "Ada     3  x",
            "東京  120  5",
            "Bob        null",
        ])
    }

    func testNoTrailingSpaces() {
        let layout = TableLayout.measure(specs, over: records)
        let partial = [Record(["name": .string("a")]), Record(["qty": .number("1")]), Record([:])]
        let all = lines(layout, records + partial)
        XCTAssertEqual(Array(all.suffix(3)), ["a", "        1", ""])
        for line in all {
            XCTAssertFalse(line.hasSuffix(" "), "trailing space in \(line.debugDescription)")
        }
    }

    func testWideCharactersInEveryPosition() {
        let wide = [
            Record(["k": .string("日本"), "v": .string("a")]),
            Record(["k": .string("x"), "v": .string("😀😀")]),
        ]
        let layout = TableLayout.measure([ColumnSpec("k"), ColumnSpec("v")], over: wide)
        XCTAssertEqual(layout.columns.map(\.width), [4, 4])
        XCTAssertEqual(lines(layout, wide), ["k     v", "日本  a", "x     😀😀"])
    }

    func testNumericColumnWithNullsIsRightAligned() {
        let rows = [Record(["n": .number("1.50")]), Record(["n": .null]), Record([:]), Record(["n": .number("-20")])]
        let layout = TableLayout.measure([ColumnSpec(FieldPath("n"), title: "amount")], over: rows)
        XCTAssertEqual(layout.columns[0].alignment, .right)
        XCTAssertEqual(lines(layout, rows), ["amount", "  1.50", "  null", "", "   -20"])
    }

    func testColumnWithoutValuesIsLeftAligned() {
        let rows = [Record(["n": .null]), Record([:])]
        let layout = TableLayout.measure([ColumnSpec("n"), ColumnSpec("m")], over: rows)
        XCTAssertEqual(layout.columns.map(\.alignment), [.left, .left])
        XCTAssertEqual(layout.columns.map(\.width), [4, 1])
    }

    func testNumbersAsStringsAreText() {
        let rows = [Record(["n": .string("1")]), Record(["n": .number("22")])]
        let layout = TableLayout.measure([ColumnSpec("n")], over: rows)
        XCTAssertEqual(layout.columns[0].alignment, .left)
        XCTAssertEqual(lines(layout, rows), ["n", "1", "22"])
    }

    func testNestedPathsTitlesAndGap() {
        let rows = [
            Record(["user": .object(ObjectValue(["name": .string("Ada")])), "tags": .array([.string("a"), .string("b")])]),
        ]
        let specs = [ColumnSpec(FieldPath("user.name"), title: "who"), ColumnSpec("tags"), ColumnSpec("tags.1")]
        let layout = TableLayout.measure(specs, over: rows, gap: 1)
        XCTAssertEqual(lines(layout, rows), ["who tags      tags.1", #"Ada ["a","b"] b"#])
    }

    func testControlCharactersAreEscapedAndMeasuredEscaped() {
        let rows = [Record(["s": .string("a\tb"), "t": .string("z")])]
        let layout = TableLayout.measure([ColumnSpec("s"), ColumnSpec("t")], over: rows)
        XCTAssertEqual(layout.columns[0].width, 4)
        XCTAssertEqual(lines(layout, rows), ["s     t", #"a\tb  z"#])
    }

    /// Seventeen columns of long text: at any width every line fits, no kept column is cut below
    /// a readable width, and the columns left out are counted.
    func testWideTablesLeaveOutTrailingColumnsAndNeverOverflow() {
        let specs = (1...17).map { ColumnSpec("column_\($0)") }
        let record = RecordSchema().record(keys: specs.map(\.title), values: specs.map { _ in .string(String(repeating: "word ", count: 6)) })
        for bordered in [false, true] {
            for width in stride(from: 10, through: 400, by: 7) {
                var layout = TableLayout.measure(specs, over: [record])
                layout.bordered = bordered
                let fitted = layout.fitted(to: width)
                XCTAssertEqual(fitted.columns.count + fitted.omittedColumns, 17)
                for line in lines(fitted, [record]).flatMap({ $0.split(separator: "\n").map(String.init) }) {
                    XCTAssertLessThanOrEqual(DisplayWidth.of(line), width, "width \(width): \(line)")
                }
                if fitted.columns.count > 1 { XCTAssertTrue(fitted.columns.allSatisfy { $0.width >= 8 }, "width \(width)") }
                XCTAssertEqual(fitted.omittedColumnsNote(width: width) == nil, fitted.omittedColumns == 0)
            }
        }
        XCTAssertEqual(TableLayout.measure(specs, over: [record]).fitted(to: 40).omittedColumnsNote(width: 40), "… 13 more columns")
    }
}
