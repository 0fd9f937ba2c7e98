import ListviewBatches
import ListviewDataSource
import ListviewJSON
import ListviewQuery
import ListviewValues
import XCTest
@testable import ListviewBrowser

/// The browser's state and keys, and its screen as text, with no terminal.
final class BrowserModelTests: XCTestCase {
    /// `count` records `{id, kind, note}`, kinds a, b, c in turn; note "needle" on record 7.
    private func table(_ count: Int) -> CellTable {
        let schema = RecordSchema()
        var table = CellTable(columns: [], inferTypes: false)
        for id in 1...count {
            let kind = ["a", "b", "c"][(id - 1) % 3]
            table.append(schema.record(keys: ["id", "kind", "note"],
                                       values: [.number(String(id)), .string(kind), .string(id == 7 ? "a Needle here" : "-")]), schema: schema)
        }
        return table
    }

    /// The rows of `table` grouped by kind, as the loader arranges a list with --group-by.
    private func grouped(_ table: CellTable) -> BrowserRows {
        let groups = RowGroupIDs(rows: (0..<table.rowCount).map(RowRef.init), fields: table.fields([FieldPath("kind")]), of: table)
        let sections = RecordGrouper.sections((0..<table.rowCount).map(RowRef.init), by: [FieldPath("kind")],
                                              key: { item, level in groups.id(row: item.row, level: level) }, value: { groups.values[$0] })
        return BrowserRows(arranged: table, sections: sections)
    }

    private func model(_ rows: BrowserRows, height: Int = 5) -> BrowserModel {
        var model = BrowserModel(fields: nil)
        model.bodyHeight = height
        model.update(rows: rows, finished: true)
        return model
    }

    private func press(_ model: inout BrowserModel, _ keys: String) {
        for character in keys {
            _ = model.handle(character == "\n" ? .enter : .character(character))
            while model.isWorking { model.work(budget: 3) }  // small blocks: the work goes on between keys
        }
    }

    func testPositionsAndLinesWithSectionHeaders() {
        let rows = grouped(table(9))
        XCTAssertEqual(rows.count, 9)
        XCTAssertEqual(rows.lineCount, 12)
        XCTAssertEqual(rows.content(ofLine: 0), .header(section: 0))
        XCTAssertEqual(rows.content(ofLine: 1), .row(position: 0))
        XCTAssertEqual(rows.content(ofLine: 4), .header(section: 1))
        XCTAssertEqual(rows.content(ofLine: 11), .row(position: 8))
        XCTAssertNil(rows.content(ofLine: 12))
        XCTAssertEqual(rows.line(of: 3), 5)
        XCTAssertEqual(rows.section(of: 5), 1)
        XCTAssertEqual(rows.address(at: 3), RowAddress(table: 0, row: 1))  // kind b: records 2, 5, 8
    }

    func testMovingSectionsAndMarks() {
        var browser = model(grouped(table(9)))
        press(&browser, "jj")
        XCTAssertEqual(browser.cursor, 2)
        press(&browser, "]")
        XCTAssertEqual(browser.cursor, 3)
        press(&browser, "]]")
        XCTAssertEqual(browser.cursor, 6)
        press(&browser, "j[")
        XCTAssertEqual(browser.cursor, 6, "[ goes to the first row of the section first")
        press(&browser, "[")
        XCTAssertEqual(browser.cursor, 3)
        press(&browser, "mjm")
        XCTAssertEqual(browser.cursor, 4, "m leaves the cursor where it is")
        XCTAssertEqual(browser.marks, [RowAddress(table: 0, row: 1), RowAddress(table: 0, row: 4)])
        press(&browser, "km")
        XCTAssertEqual(browser.markedInOrder, [RowAddress(table: 0, row: 4)])
        press(&browser, "G")
        XCTAssertEqual(browser.cursor, 8)
        XCTAssertGreaterThanOrEqual(browser.top, browser.view.line(of: 8) - 4)
        press(&browser, "g")
        XCTAssertEqual([browser.cursor, browser.top], [0, 0])
    }

    func testSearchFindsForwardAndBackAndSaysWhenNothingIs() {
        var browser = model(BrowserRows(arranged: table(30), sections: [Section(items: (0..<30).map(RowRef.init))]))
        press(&browser, "/NEEDLE\n")
        XCTAssertEqual(browser.cursor, 6)
        press(&browser, "jjn")
        XCTAssertEqual(browser.cursor, 8)
        XCTAssertEqual(browser.message, "'NEEDLE' not found below")
        press(&browser, "N")
        XCTAssertEqual(browser.cursor, 6)
        press(&browser, "/nothing\n")
        XCTAssertEqual(browser.message, "'nothing' not found below")
        XCTAssertEqual(browser.cursor, 6)
    }

    func testFilterShowsOnlyMatchingRowsAndClears() {
        var browser = model(grouped(table(30)))
        press(&browser, "&kind=b\n")
        XCTAssertEqual(browser.view.count, 10)
        XCTAssertEqual(browser.view.sections.count, 1)
        XCTAssertEqual(browser.filterText, "kind=b")
        XCTAssertEqual(browser.message, "10 records")
        press(&browser, "&")
        XCTAssertEqual(browser.mode, .prompt(.filter, text: ""), "& opens an empty prompt: typing does not append")
        XCTAssertTrue(BrowserScreen(width: 80, height: 10, inputName: "t").lines(of: browser, loading: nil)
            .contains { $0.text.hasPrefix("& where    (now: kind=b; Enter alone clears it)") }, "the prompt shows the filter in force")
        press(&browser, "kind=a\n")
        XCTAssertEqual(browser.filterText, "kind=a", "a new filter replaces the old one")
        press(&browser, "&\n")
        XCTAssertEqual(browser.view.count, 30, "Enter alone clears the filter")
        XCTAssertNil(browser.filterText)
        press(&browser, "&knid=b\n")
        XCTAssertEqual(browser.message, "&: no field 'knid' in the records; did you mean 'kind'?")
        XCTAssertNil(browser.filterText, "a misspelt field filters nothing")
        XCTAssertEqual(browser.view.count, 30)
        press(&browser, "&kind>>\n")
        XCTAssertEqual(browser.view.count, 30)
        XCTAssertNotNil(browser.message, "a predicate that does not parse says why")
    }

    /// A smaller screen keeps the cursor's row on it (`G`, then the terminal shrinks).
    func testShrinkingTheScreenKeepsTheCursorOnIt() {
        var browser = model(BrowserRows(arranged: table(24), sections: [Section(items: (0..<24).map(RowRef.init))]), height: 28)
        press(&browser, "G")
        XCTAssertEqual(browser.cursor, 23)
        XCTAssertEqual(browser.top, 0)
        browser.bodyHeight = 8
        XCTAssertEqual(browser.cursor, 23)
        XCTAssertEqual(browser.top, 16, "rows 17-24 on screen, the cursor's last")
    }

    func testALongValueShowsWholeOverTheLinesUnderIt() {
        XCTAssertEqual(ScreenText.wrapped("note: one two three four five", width: 16, indent: 6),
                       ["note: one two ", "      three ", "      four five"])
        XCTAssertEqual(ScreenText.wrapped("k: 0123456789abcdef", width: 10, indent: 3), ["k: 0123456", "   789abcd", "   ef"])
        XCTAssertEqual(ScreenText.wrapped("short", width: 10, indent: 2), ["short"])
        XCTAssertEqual(ScreenText.wrapped("k: 漢字漢字", width: 6, indent: 3), ["k: 漢", "   字", "   漢", "   字"], "wide characters whole")
        let schema = RecordSchema()
        var table = CellTable(columns: [], inferTypes: false)
        table.append(schema.record(keys: ["id", "note"], values: [.number("1"), .string(String(repeating: "ab ", count: 20))]), schema: schema)
        var browser = model(BrowserRows(arranged: table, sections: [Section(items: [RowRef(0)])]))
        browser.screenWidth = 30
        press(&browser, "\n")
        guard let lines = browser.mode.detailLines else { return XCTFail("Enter shows the record") }
        XCTAssertEqual(lines.count, 4, "\(lines)")
        XCTAssertTrue(lines.allSatisfy { DisplayWidth.of($0) <= 30 }, "\(lines)")
        XCTAssertEqual(lines.dropFirst().map { $0.filter { $0 == "b" }.count }.reduce(0, +), 20, "every word is there")
    }

    func testDetailShowsTheRecordAndEscapeGoesBack() {
        var browser = model(BrowserRows(arranged: table(3), sections: [Section(items: (0..<3).map(RowRef.init))]))
        press(&browser, "j\n")
        XCTAssertEqual(browser.mode.detailLines, ["id: 2", "kind: b", "note: -"])
        _ = browser.handle(.escape)
        XCTAssertEqual(browser.mode, .list)
        XCTAssertEqual(browser.handle(.character("q")), .quit(writing: true))
        XCTAssertEqual(browser.handle(.interrupt), .quit(writing: false))
    }

    /// With `--flatten`, the detail view gathers the dotted columns back into the record's tree.
    func testDetailOfFlattenedColumnsShowsTheTree() {
        let flat = CellTable(records: [Record(["id": .number("7"), "customer.name": .string("Ada"), "customer.city": .string("Oslo"),
                                               "items.0.sku": .string("A-1"), "items.1.sku": .string("B-7")])])
        var browser = model(BrowserRows(arranged: flat, sections: [Section(items: [RowRef(0)])]))
        browser.flattenSeparator = "."
        press(&browser, "\n")
        XCTAssertEqual(browser.mode.detailLines, ["id: 7", "customer:", "  name: Ada", "  city: Oslo", "items:", "  - sku: A-1", "  - sku: B-7"])
    }

    func testRecordTreeIndentsNestedValues() {
        let schema = RecordSchema()
        var table = CellTable(columns: [], inferTypes: false)
        table.nestedDecoder = JSONNestedValue.decode
        let customer = Value.object(ObjectValue(["name": .string("Ana"), "tags": .array([.string("x"), .object(ObjectValue(["k": .number("1")]))])]))
        table.append(schema.record(keys: ["id", "customer", "empty"], values: [.number("1"), customer, .array([])]), schema: schema)
        let rows = BrowserRows(arranged: table, sections: [Section(items: [RowRef(0)])])
        XCTAssertEqual(RecordTree.lines(of: rows, at: RowAddress(table: 0, row: 0)),
                       ["id: 1", "customer:", "  name: Ana", "  tags:", "    - x", "    - k: 1", "empty: []"])
    }

    func testTheScreenAsText() {
        var browser = model(grouped(table(9)), height: 6)
        press(&browser, "jm")
        let screen = BrowserScreen(width: 40, height: 9, inputName: "t.json")
        XCTAssertEqual(screen.bodyHeight, 6)
        browser.bodyHeight = screen.bodyHeight
        let lines = screen.lines(of: browser, loading: nil)
        XCTAssertEqual(lines.map(\.text), [
            "  id  kind  note",
            "kind: a · 3 records",
            "   1  a     -",
            "*  4  a     -",
            "   7  a     a Needle here",
            "kind: b · 3 records",
            "   2  b     -",
            "   5  b     -",
            "t.json · row 2/9 · kind: a · 1 marked ·…",
        ])
        XCTAssertEqual(lines[3].style, .cursor)
        XCTAssertEqual(lines[8].style, .status)
    }

    func testRowsGrowWhileLoadingAndTheCursorFollowsG() {
        let whole = table(10)
        var rows = BrowserRows()
        var browser = BrowserModel(fields: nil)
        rows.append(whole, rows: [0, 1, 2])
        browser.update(rows: rows, finished: false)
        press(&browser, "G")
        XCTAssertEqual(browser.cursor, 2)
        rows.append(whole, rows: [3, 4])
        browser.update(rows: rows, finished: false)
        XCTAssertEqual(browser.cursor, 4, "G before the end follows the rows as they load")
        rows.append(whole, rows: [5])
        browser.update(rows: rows, finished: true)
        XCTAssertEqual(browser.cursor, 5)
        XCTAssertEqual(browser.view.address(at: 5), RowAddress(table: 2, row: 5))
    }
}
