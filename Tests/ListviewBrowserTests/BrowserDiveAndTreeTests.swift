import ListviewBatches
import ListviewDataSource
import ListviewJSON
import ListviewKit
import ListviewPresentation
import ListviewRequest
import ListviewSpilling
import ListviewTestSupport
import ListviewValues
import XCTest
@testable import ListviewBrowser

/// A record in full as a tree that folds, dives into nested values, and several files as
/// sheets, with no terminal.
final class BrowserDiveAndTreeTests: XCTestCase {
    private let files = TemporaryFiles()

    /// Orders with a customer object, an items array of objects and a tags array of scalars.
    private let orders = """
        {"id":1,"customer":{"name":"Ada","city":"Oslo"},"items":[{"sku":"A-1","qty":2,"lots":[{"lot":"L1"},{"lot":"L2"}]},{"sku":"B-7","qty":1}],"tags":["gift","rush"]}
        {"id":2,"customer":{"name":"Grace","city":"Lagos"},"items":[{"sku":"C-3","qty":5}],"tags":[]}
        """

    private func rows(_ text: String) throws -> BrowserRows {
        var table = CellTable(columns: [], inferTypes: false)
        table.nestedDecoder = JSONNestedValue.decode
        let schema = RecordSchema()
        for line in text.split(separator: "\n") {
            let bytes = Array(line.utf8)
            guard case .object(let object)? = bytes.withUnsafeBytes({ JSONNestedValue.decode($0) }) else { throw ListviewError.usage("not an object: \(line)") }
            table.append(schema.record(keys: object.keys, values: object.values), schema: schema)
        }
        return BrowserRows(arranged: table, sections: [Section(items: (0..<table.rowCount).map(RowRef.init))])
    }

    private func model(_ rows: BrowserRows) -> BrowserModel {
        var model = BrowserModel(fields: nil)
        model.bodyHeight = 20
        model.screenWidth = 80
        model.update(rows: rows, finished: true)
        return model
    }

    @discardableResult
    private func press(_ model: inout BrowserModel, _ keys: [BrowserKey]) -> BrowserModel.Action {
        var last = BrowserModel.Action.none
        for key in keys {
            last = model.handle(key)
            while model.isWorking { model.work(budget: 100) }
        }
        return last
    }

    private func chars(_ text: String) -> [BrowserKey] { text.map { $0 == "\n" ? .enter : .character($0) } }

    func testTheTreeFoldsUnfoldsAndShowsSizes() throws {
        var browser = model(try rows(orders))
        press(&browser, [.enter])
        XCTAssertEqual(browser.mode.detailLines, [
            "id: 1", "customer:", "  name: Ada", "  city: Oslo", "items:", "  - sku: A-1", "    qty: 2", "    lots:",
            "      - lot: L1", "      - lot: L2", "  - sku: B-7", "    qty: 1", "tags:", "  - gift", "  - rush",
        ])
        press(&browser, chars("zM"))
        XCTAssertEqual(browser.mode.detailLines, ["id: 1", "customer: {2 fields}", "items: [2 items]", "tags: [2 items]"])
        // Down to items, space unfolds it: its elements stay folded, with their sizes.
        press(&browser, chars("jj "))
        XCTAssertEqual(browser.mode.detailLines, ["id: 1", "customer: {2 fields}", "items:", "  - {3 fields}", "  - {2 fields}", "tags: [2 items]"])
        // → goes in, → unfolds the first element; ← on a value goes to its parent, ← folds it.
        press(&browser, [.right, .right])
        XCTAssertEqual(browser.mode.tree?.current?.path, "items[0]")
        XCTAssertEqual(browser.mode.detailLines?[3...5], ["  - sku: A-1", "    qty: 2", "    lots: [2 items]"])
        press(&browser, chars("j"))
        XCTAssertEqual(browser.mode.tree?.current?.path, "items[0].qty")
        press(&browser, [.left])
        XCTAssertEqual(browser.mode.tree?.current?.path, "items[0]", "a value's ← goes to its parent")
        press(&browser, [.left])
        XCTAssertEqual(browser.mode.detailLines?[3], "  - {3 fields}", "and ← folds it")
        press(&browser, chars("zR"))
        XCTAssertEqual(browser.mode.detailLines?.count, 15)
        press(&browser, [.escape])
        XCTAssertEqual(browser.mode, .list)
    }

    func testSearchInTheRecordUnfoldsWhatHidesTheMatch() throws {
        var browser = model(try rows(orders))
        press(&browser, [.enter] + chars("zM/l2\n"))
        XCTAssertEqual(browser.mode.tree?.current?.path, "items[0].lots[1]")
        XCTAssertTrue(browser.mode.detailLines?.contains("      - lot: L2") ?? false, "\(browser.mode.detailLines ?? [])")
        press(&browser, chars("/nothing here\n"))
        XCTAssertEqual(browser.message, "'nothing here' not found")
        XCTAssertEqual(browser.mode.tree?.current?.path, "items[0].lots[1]", "the cursor stays")
        press(&browser, chars("/gift\nN"))
        XCTAssertEqual(browser.mode.tree?.current?.path, "tags[0]", "the only match, backward too")
    }

    func testYCopiesANodesPathAndYItsValue() throws {
        var browser = model(try rows(orders))
        press(&browser, [.enter] + chars("/B-7\n"))
        XCTAssertEqual(press(&browser, chars("y")), .copy(.text("items[1]", what: "path")), "an object element's first member shares its line")
        press(&browser, chars("j"))
        XCTAssertEqual(press(&browser, chars("y")), .copy(.text("items[1].qty", what: "path")))
        XCTAssertEqual(press(&browser, chars("Y")), .copy(.text("1", what: "value")))
        press(&browser, chars("k"))
        XCTAssertEqual(press(&browser, chars("Y")), .copy(.text(#"{"sku":"B-7","qty":1}"#, what: "value")))
        XCTAssertEqual(BrowserCopy.text("items[1].qty", what: "path").message(style: "json"), "copied path 'items[1].qty'")
    }

    func testEnterOnANestedCellOrNodeDives() throws {
        var browser = model(try rows(orders))
        // On a number: the record in full. On items: a dive.
        press(&browser, [.enter])
        XCTAssertNotNil(browser.mode.tree)
        press(&browser, [.escape] + chars("ll"))
        guard case .dive(let dive) = press(&browser, [.enter]) else { return XCTFail("Enter on items dives") }
        XCTAssertEqual(dive.path, "items")
        XCTAssertEqual(dive.crumbs, ["id=1", "items"])
        XCTAssertEqual(dive.record, BrowserDive.RecordName(field: "id", value: .number("1")))
        // From the tree: Enter on lots.
        press(&browser, chars("hh") + [.enter] + chars("/lots\n"))
        guard case .dive(let lots) = press(&browser, [.enter]) else { return XCTFail("Enter on a nested node dives") }
        XCTAssertEqual(lots.path, "items[0].lots")
        // On an empty array, and on a scalar node: no dive; Enter on the scalar goes back.
        press(&browser, [.escape, .character("j"), .character("l"), .character("l"), .character("l")])
        XCTAssertEqual(browser.currentColumnName, "tags")
        XCTAssertEqual(press(&browser, [.enter]), .none, "[] is a value, not a sheet")
        XCTAssertEqual(browser.mode.tree?.current?.path, "id", "the record in full instead")
        press(&browser, [.enter])
        XCTAssertEqual(browser.mode, .list)
    }

    func testADivedSheetHasRowsColumnsAndPathsTwoLevelsDown() throws {
        var browser = model(try rows(orders))
        press(&browser, chars("ll"))
        guard case .dive(let dive) = press(&browser, [.enter]) else { return XCTFail("a dive") }
        let (rows, context) = DiveContext.rows(of: dive, nestedDecoder: JSONNestedValue.decode)
        XCTAssertEqual(rows.columns, ["sku", "qty", "lots"])
        XCTAssertEqual(rows.count, 2)
        XCTAssertEqual(context.rowPaths, ["items[0]", "items[1]"])
        var sheet = model(rows)
        sheet.dive = context
        // Every key works: sort by qty ascending puts B-7 first.
        press(&sheet, chars("ls"))
        XCTAssertEqual(sheet.view.address(at: 0), RowAddress(table: 0, row: 1))
        press(&sheet, chars("s"))  // unsorted again
        press(&sheet, chars("l"))
        guard case .dive(let lots) = press(&sheet, [.enter]) else { return XCTFail("Enter on lots dives again") }
        XCTAssertEqual(lots.path, "items[0].lots")
        XCTAssertEqual(lots.crumbs, ["id=1", "items", "[0].lots"])
        // A record in full in a dived sheet copies the path from the file's record.
        press(&sheet, chars("h") + [.enter] + chars("j"))
        XCTAssertEqual(press(&sheet, chars("y")), .copy(.text("items[0].qty", what: "path")))

        // An array of scalars: one value column; an object: key and value rows.
        let tags = DiveContext.rows(of: BrowserDive(value: .array([.string("gift"), .string("rush")]), path: "tags", record: nil, crumbs: ["tags"]),
                                    nestedDecoder: nil)
        XCTAssertEqual(tags.0.columns, ["value"])
        XCTAssertEqual(tags.1.rowPaths, ["tags[0]", "tags[1]"])
        XCTAssertEqual(tags.1.path(row: 1, column: "value"), "tags[1]")
        let customer = DiveContext.rows(of: BrowserDive(value: .object(ObjectValue(keys: ["name", "city"], values: [.string("Ada"), .string("Oslo")])),
                                                        path: "customer", record: nil, crumbs: ["customer"]), nestedDecoder: nil)
        XCTAssertEqual(customer.0.columns, ["key", "value"])
        XCTAssertEqual(customer.1.rowPaths, ["customer.name", "customer.city"])
        XCTAssertNil(customer.1.path(row: 0, column: "key"), "a member's name is no value of the record")
    }

    /// Sheets over loaders: a dive opens over the file's list and Backspace goes back to exactly
    /// where it began; diving again opens the sheet as it was left; each file keeps its own
    /// cursor; `q` writes every file's marks in file order, then the dived sheets' with their path.
    func testSheetsKeepTheirStateAndWriteTheirMarks() throws {
        let first = try files.write(orders + "\n", extension: "jsonl")
        let second = try files.write("id,name\n7,Ada\n8,Grace\n9,Linus\n", extension: "csv")
        var request = ListRequest()
        request.read.inputs = [first, second]
        request.arrangement.memory = MemoryBudget(bytes: 1 << 30)
        let requests = request.perInput
        XCTAssertEqual(requests.map(\.read.inputs), [[first], [second]])
        XCTAssertEqual(requests.map { $0.arrangement.memory?.bytes }, [1 << 29, 1 << 29], "the budget is shared")
        let loaders = try requests.map { (loader: try BrowserLoader(request: $0), name: $0.read.label) }
        for (loader, _) in loaders { loader.waitUntilFinished() }
        var sheets = BrowserSheets(loaders) { BrowserModel(fields: nil) }
        sheets.refresh()
        sheets.model.bodyHeight = 10
        XCTAssertEqual(sheets.tabs.map(\.rows), [2, 3])
        XCTAssertEqual(sheets.tabs.map(\.loading), [false, false])

        // The first file: mark row 2, dive into row 1's items, mark its second element.
        _ = sheets.model.handle(.character("j"))
        _ = sheets.model.handle(.character("m"))
        _ = sheets.model.handle(.character("k"))
        _ = sheets.model.handle(.character("l"))
        _ = sheets.model.handle(.character("l"))
        guard case .dive(let dive) = sheets.model.handle(.enter) else { return XCTFail("a dive") }
        sheets.open(dive)
        XCTAssertTrue(sheets.name.hasSuffix(" › id=1 › items"), sheets.name)
        _ = sheets.model.handle(.character("j"))
        _ = sheets.model.handle(.character("m"))
        XCTAssertTrue(sheets.back())
        XCTAssertEqual(sheets.model.currentColumnName, "items", "back where the dive began")
        XCTAssertEqual(sheets.model.cursor, 0)
        XCTAssertFalse(sheets.back(), "the file's list is the bottom")
        sheets.open(dive)
        XCTAssertEqual(sheets.model.cursor, 1, "diving again: the sheet as it was left")
        XCTAssertEqual(sheets.model.marks.count, 1)

        // The second file keeps its own cursor while the first is shown.
        sheets.switchFile(by: 1)
        sheets.refresh()
        _ = sheets.model.handle(.character("G"))
        _ = sheets.model.handle(.character("m"))
        sheets.switchFile(by: 1)
        XCTAssertEqual(sheets.current, 0, "Tab wraps")
        XCTAssertNotNil(sheets.model.dive, "the dive is still open")
        sheets.switchFile(by: -1)
        XCTAssertEqual(sheets.model.cursor, 2)

        sheets.closeDives()
        let sink = OutputSink.memory()
        try Browser.write(sheets, request: request, style: .jsonl, into: sink)
        XCTAssertEqual(sink.collected, """
            {"id":2,"customer":{"name":"Grace","city":"Lagos"},"items":[{"sku":"C-3","qty":5}],"tags":[]}
            {"record":{"id":1},"path":"items[1]","value":{"sku":"B-7","qty":1}}
            {"id":9,"name":"Linus"}

            """)
    }
}

/// `w`: a wrapped column's rows take as many lines as their cells need, and the cursor's row
/// stays on screen whole.
final class BrowserWrapTests: XCTestCase {
    func testWrappedRowsAreAsTallAsTheirCellsAndTheCursorStaysShown() {
        let long = String(repeating: "word ", count: 20)  // 100 cells
        let table = CellTable(records: (1...6).map { Record(["id": .number(String($0)), "text": .string($0 % 2 == 0 ? long : "short")]) })
        var model = BrowserModel(fields: nil)
        model.bodyHeight = 6
        model.screenWidth = 40
        model.update(rows: BrowserRows(arranged: table, sections: [Section(items: (0..<table.rowCount).map(RowRef.init))]), finished: true)
        _ = model.handle(.character("l"))
        _ = model.handle(.character("w"))
        XCTAssertEqual(model.message, "col text wraps")
        let layout = model.shownLayout
        XCTAssertEqual(layout.columns.map(\.width), [2, 34], "the wrapped column takes what the screen leaves it: 40 - 2 (mark) - 2 (id) - 2 (gap)")
        XCTAssertEqual(model.height(ofLine: 0, in: layout), 1)
        XCTAssertEqual(model.height(ofLine: 1, in: layout), 3, "twenty words, seven to a line of 34")
        // Rows 1–3 take 1 + 3 + 1 lines; row 4 (3 lines) does not fit under them in 6.
        _ = model.handle(.character("j"))
        _ = model.handle(.character("j"))
        XCTAssertEqual(model.top, 0)
        _ = model.handle(.character("j"))
        XCTAssertEqual(model.cursor, 3)
        XCTAssertEqual(model.top, 2, "rows 3 and 4 on screen: 1 + 3 lines; with row 2, 7 lines would not fit")
        XCTAssertEqual(model.displayLine(atBodyLine: 0), 2)
        XCTAssertEqual(model.displayLine(atBodyLine: 3), 3, "row 4's second line")
        _ = model.handle(.character("w"))
        XCTAssertEqual(model.message, "col text on one line")
        XCTAssertEqual(model.height(ofLine: 1, in: model.shownLayout), 1)
    }
}
