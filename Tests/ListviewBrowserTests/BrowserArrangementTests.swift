import ListviewBatches
import ListviewDataSource
import ListviewQuery
import ListviewValues
import XCTest
@testable import ListviewBrowser

/// The keys that arrange the view inside the browser: sort, group, frequency, jumps, hidden,
/// pinned and resized columns, marking every row, undo, and the cursor when the list opens.
final class BrowserArrangementTests: XCTestCase {
    /// Records `{id, kind, amount}`: kinds a, b, c in turn; amount (id × 7) mod 10, null for id 5.
    private func table(_ count: Int, from first: Int = 1) -> CellTable {
        let schema = RecordSchema()
        var table = CellTable(columns: [], inferTypes: false)
        for id in first..<first + count {
            let kind = ["a", "b", "c"][(id - 1) % 3]
            let amount: Value = id == 5 ? .null : .number(String(id * 7 % 10))
            table.append(schema.record(keys: ["id", "kind", "amount"], values: [.number(String(id)), .string(kind), amount]), schema: schema)
        }
        return table
    }

    private func rows(_ table: CellTable) -> BrowserRows {
        BrowserRows(arranged: table, sections: [Section(items: (0..<table.rowCount).map(RowRef.init))])
    }

    private func model(_ rows: BrowserRows) -> BrowserModel {
        var model = BrowserModel(fields: nil)
        model.bodyHeight = 5
        model.update(rows: rows, finished: true)
        return model
    }

    /// Presses `keys` (`\n` is Enter), letting the work each starts finish before the next.
    private func press(_ model: inout BrowserModel, _ keys: String) {
        for character in keys {
            _ = model.handle(character == "\n" ? .enter : .character(character))
            while model.isWorking { model.work(budget: 3) }
        }
    }

    /// The ids of the view's rows, in order.
    private func ids(_ model: BrowserModel) -> [String] {
        (0..<model.view.count).compactMap { position in
            model.view.address(at: position).flatMap { model.view.value(at: $0, field: TableField(FieldPath("id"), columns: ["id", "kind", "amount"])) }
                .map { CellText.text(for: $0) }
        }
    }

    func testSortUpDownByNumbersWithNullsLastAndAgainUnsorts() {
        var browser = model(rows(table(6)))
        press(&browser, "ll")
        XCTAssertEqual(browser.currentColumnName, "amount")
        press(&browser, "s")
        // amounts: 1→7, 2→4, 3→1, 4→8, 5→null, 6→2
        XCTAssertEqual(ids(browser), ["3", "6", "2", "1", "4", "5"])
        XCTAssertEqual(browser.arrangementText, "sort amount↑")
        press(&browser, "S")
        XCTAssertEqual(ids(browser), ["4", "1", "2", "6", "3", "5"], "down, and the null stays last")
        press(&browser, "S")
        XCTAssertEqual(ids(browser), ["1", "2", "3", "4", "5", "6"], "the same key again takes the sort away")
    }

    func testASecondColumnIsTheNextSortKeyAndTiesKeepTheirOrder() {
        var browser = model(rows(table(9)))
        press(&browser, "ls")  // kind
        XCTAssertEqual(ids(browser), ["1", "4", "7", "2", "5", "8", "3", "6", "9"], "stable: ids stay in order within a kind")
        press(&browser, "lS")  // then amount, down
        XCTAssertEqual(ids(browser), ["7", "4", "1", "8", "2", "5", "9", "6", "3"])
        XCTAssertEqual(browser.sort, [SortSpec(path: FieldPath("kind")), SortSpec(path: FieldPath("amount"), descending: true)])
    }

    func testTheCursorStaysOnItsRecordWhenTheRowsAreSorted() {
        var browser = model(rows(table(6)))
        press(&browser, "jjjll")  // id 4
        press(&browser, "S")
        XCTAssertEqual(ids(browser)[browser.cursor], "4")
    }

    func testGroupingNestsAndCountsEveryLevelUnderAFilter() {
        var browser = model(rows(table(12)))
        press(&browser, "l=")
        XCTAssertEqual(browser.view.sections.map(\.info.count), [4, 4, 4])
        XCTAssertEqual(browser.view.sections.first?.info.keys.map(\.field.text), ["kind"])
        press(&browser, "l=")  // amount inside kind
        let nested = browser.view.sections
        XCTAssertEqual(nested.first?.info.keys.count, 2)
        XCTAssertEqual(nested.first?.info.levelCounts.first, 4, "the enclosing kind counts its rows")
        press(&browser, "&id>3\n")
        let filtered = browser.view.sections
        XCTAssertEqual(filtered.map(\.info.count).reduce(0, +), 9)
        for section in filtered {
            let enclosing = filtered.filter { $0.info.keys.first == section.info.keys.first }.map(\.info.count).reduce(0, +)
            XCTAssertEqual(section.info.levelCounts.first, enclosing, "the enclosing level counts only the rows kept")
        }
        press(&browser, "=")  // the amount level again: ungrouped from it
        XCTAssertEqual(browser.groupBy, [FieldPath("kind")])
    }

    func testFrequencyViewListsValuesAndEnterFiltersToOne() {
        var browser = model(rows(table(7)))
        press(&browser, "lF")
        guard case .frequency(let table, _, _) = browser.mode else { return XCTFail("F shows the frequency view") }
        XCTAssertEqual(table.entries.map(\.count), [3, 2, 2])
        XCTAssertEqual(table.entries.map { CellText.text(for: $0.value) }, ["a", "b", "c"])
        XCTAssertTrue(table.lines(width: 60).rows[0].contains("42.9"), table.lines(width: 60).rows[0])
        press(&browser, "j\n")
        XCTAssertEqual(browser.mode, .list)
        XCTAssertEqual(browser.filterText, "kind=b")
        XCTAssertEqual(ids(browser), ["2", "5"])
        press(&browser, "u")
        XCTAssertNil(browser.filterText, "u takes the filter back")
        XCTAssertEqual(browser.view.count, 7)
    }

    /// `F` and `=` count and group numbers by the number rule (`100` and `1e2` are one value), and
    /// a string that reads like another value beside it is shown quoted.
    func testFrequencyAndGroupingTakeNumbersByValue() throws {
        let schema = RecordSchema()
        var table = CellTable(columns: [], inferTypes: false)
        for value: Value in [.number("100"), .string("100"), .number("1e2"), .bool(true), .string("true"), .number("100.0")] {
            table.append(schema.record(keys: ["k"], values: [value]), schema: schema)
        }
        let frequency = try XCTUnwrap(FrequencyTable.counted(rows(table), field: FieldPath("k")))
        XCTAssertEqual(frequency.entries.map(\.count), [3, 1, 1, 1])
        XCTAssertEqual(frequency.entries.map(\.value), [.number("100"), .string("100"), .bool(true), .string("true")])
        let shown = frequency.lines(width: 60).rows.map { $0.split(separator: " ").first.map(String.init) ?? "" }
        XCTAssertEqual(shown, ["100", "\"100\"", "true", "\"true\""])
        let grouped = try XCTUnwrap(ViewArranger.arranged(rows(table), sort: [], groupBy: [FieldPath("k")]))
        XCTAssertEqual(grouped.sections.map { SectionTitle.text(for: $0.info.keys) }, ["k: 100", "k: \"100\"", "k: true", "k: \"true\""])
        XCTAssertEqual(grouped.sections.map(\.info.count), [3, 1, 1, 1])
    }

    func testUndoTakesBackEachChangeInTurn() {
        var browser = model(rows(table(6)))
        press(&browser, "lls")
        press(&browser, "h=")
        press(&browser, "-")
        XCTAssertEqual(browser.columns.map(\.path.text), ["id", "amount"])
        press(&browser, "u")
        XCTAssertEqual(browser.columns.map(\.path.text), ["id", "kind", "amount"])
        XCTAssertEqual(browser.groupBy, [FieldPath("kind")])
        press(&browser, "u")
        XCTAssertEqual(browser.groupBy, [])
        XCTAssertEqual(ids(browser), ["3", "6", "2", "1", "4", "5"])
        press(&browser, "u")
        XCTAssertEqual(ids(browser), ["1", "2", "3", "4", "5", "6"])
        press(&browser, "u")
        XCTAssertEqual(browser.message, "nothing to undo")
    }

    func testEscapeCancelsAnArrangementBeingWorkedOut() {
        var browser = model(rows(table(200_000)))
        _ = browser.handle(.character("l"))
        _ = browser.handle(.character("s"))
        XCTAssertTrue(browser.isWorking)
        XCTAssertTrue(browser.workText?.contains("Esc cancels") ?? false, browser.workText ?? "")
        _ = browser.handle(.escape)
        XCTAssertFalse(browser.isWorking)
        XCTAssertEqual(browser.sort, [], "the sort given up is taken back")
        XCTAssertEqual(browser.view.address(at: 1), RowAddress(table: 0, row: 1))
    }

    func testKeysPressedWhileASortIsWorkedOutApplyAfterItLands() {
        var browser = model(rows(table(200_000)))
        press(&browser, "jjjll")  // id 4, on amount
        _ = browser.handle(.character("S"))
        XCTAssertTrue(browser.isArranging)
        // `g` then `j`, and a mark, before the sort lands: they wait for it.
        for key in "gjm" { _ = browser.handle(.character(key)) }
        XCTAssertEqual(browser.cursor, 3, "nothing moved yet")
        while browser.isWorking { browser.work(budget: 1_000) }
        XCTAssertEqual(browser.cursor, 1, "the second row of the sorted list")
        XCTAssertEqual(browser.marks.count, 1)
        let second = browser.view.address(at: 1)
        XCTAssertTrue(second.map(browser.marks.contains) ?? false, "the mark is on the sorted list's second row")
        // Esc gives the sort up, and the keys that waited for it with it.
        _ = browser.handle(.character("s"))
        _ = browser.handle(.character("G"))
        _ = browser.handle(.escape)
        XCTAssertFalse(browser.isWorking)
        XCTAssertEqual(browser.cursor, 1)
    }

    func testSummaryViewDescribesEachColumnPerSectionAndEnterGoesToOne() {
        var browser = model(rows(table(9)))
        press(&browser, "l=")
        press(&browser, "I")
        guard case .summary(let summary, _, let cursor) = browser.mode else { return XCTFail("I shows the summary view") }
        XCTAssertTrue(summary.header.hasPrefix("  field"), summary.header)
        XCTAssertEqual(summary.lines.filter { $0.column == nil }.count, 3, "a title per section")
        XCTAssertEqual(summary.lines.filter { $0.column == "amount" }.count, 3, "each column once per section")
        XCTAssertEqual(summary.lines[cursor].column, "kind", "it opens on the current column")
        let amount = summary.lines.first { $0.column == "amount" }?.text ?? ""
        XCTAssertTrue(amount.contains("number"), amount)
        press(&browser, "j\n")
        XCTAssertEqual(browser.mode, .list)
        XCTAssertEqual(browser.currentColumnName, "amount")
    }

    /// Rows that arrive while the view is sorted are arranged again; Esc then stops that work but
    /// keeps the user's sort, which `u` still takes back.
    func testEscapeOnRowsArrivingKeepsTheSort() {
        var loaded = rows(table(100_000))
        var browser = model(loaded)
        press(&browser, "lls")
        loaded.append(table(2, from: 100_001), rows: [0, 1])
        browser.update(rows: loaded, finished: false)
        XCTAssertTrue(browser.isArranging, "100,000 rows take a while to sort again")
        _ = browser.handle(.escape)
        XCTAssertEqual(browser.sort, [SortSpec(path: FieldPath("amount"))], "the sort stays")
        press(&browser, "u")
        XCTAssertEqual(browser.sort, [], "u takes the user's sort back")
    }

    func testJumpsToARowAndToAColumnByName() {
        var browser = model(rows(table(20)))
        press(&browser, ":12\n")
        XCTAssertEqual(browser.cursor, 11)
        press(&browser, "cam\n")
        XCTAssertEqual(browser.currentColumnName, "amount")
        XCTAssertEqual(ColumnPrompt.completed("a", among: ["amount", "amount_tax", "id"]), "amount")
        XCTAssertEqual(ColumnPrompt.completed("i", among: ["amount", "id"]), "id")
        XCTAssertEqual(ColumnPrompt.matches("ount", among: ["amount", "id"]), ["amount"])
        press(&browser, "czzz\n")
        XCTAssertEqual(browser.message, "no column matches 'zzz'")
        press(&browser, ":x\n")
        XCTAssertEqual(browser.message, "':' takes a row number")
    }

    func testHiddenPinnedAndResizedColumns() {
        var browser = model(rows(table(3)))
        press(&browser, "l-")
        XCTAssertEqual(browser.columns.map(\.path.text), ["id", "amount"])
        press(&browser, "+")
        XCTAssertEqual(browser.columns.map(\.path.text), ["id", "kind", "amount"])
        press(&browser, "l!")
        XCTAssertEqual(browser.columns.map(\.path.text), ["amount", "id", "kind"])
        XCTAssertEqual(browser.pinnedCount, 1)
        XCTAssertEqual(browser.currentColumnName, "amount", "the cursor stays on the pinned column")
        let width = browser.columnWidths()[0]
        press(&browser, ">")
        XCTAssertGreaterThan(browser.columnWidths()[0], width)
        press(&browser, "<<<<")
        XCTAssertEqual(browser.columnWidths()[0], 3, "no narrower than 3 cells")
        press(&browser, "_")
        XCTAssertEqual(browser.columnWidths()[0], width)
        press(&browser, "!")
        XCTAssertEqual(browser.pinnedCount, 0)
    }

    /// `?` lists every key; on a screen too short for them, j, k and space scroll them.
    func testTheKeysScrollOnAShortScreen() {
        var browser = model(rows(table(3)))
        press(&browser, "?")
        XCTAssertEqual(browser.mode, .help(top: 0))
        press(&browser, "jj")
        XCTAssertEqual(browser.mode, .help(top: 2))
        press(&browser, "k ")
        XCTAssertEqual(browser.mode, .help(top: 6))
        for _ in 0..<20 { press(&browser, " ") }
        XCTAssertEqual(browser.mode, .help(top: BrowserScreen.help.count - 7), "the last key on the last line")
        let screen = BrowserScreen(width: 80, height: 8, inputName: "t")
        XCTAssertEqual(screen.lines(of: browser, loading: nil).dropLast().last?.text, BrowserScreen.help.last)
        press(&browser, "x")
        XCTAssertEqual(browser.mode, .list)
    }

    func testMarkEveryShownRowAndUnmarkAll() {
        var browser = model(rows(table(9)))
        press(&browser, "&kind=a\n")
        press(&browser, "M")
        XCTAssertEqual(browser.marks.count, 3)
        press(&browser, "&\n")
        XCTAssertEqual(browser.markedInOrder.count, 3)
        press(&browser, "U")
        XCTAssertTrue(browser.marks.isEmpty)
    }

    /// A list that replaces its first rows with its arranged ones opens on the arrangement's first
    /// row, unless a key moved the cursor before.
    func testTheCursorOpensOnTheFirstRowOfTheArrangement() {
        let whole = table(9)
        var first = BrowserRows()
        first.append(table(3), rows: [0, 1, 2])  // the first batch, read apart
        let sorted = BrowserRows(arranged: whole, sections: [Section(items: [8, 7, 6, 5, 4, 3, 2, 1, 0].map(RowRef.init))])
        var untouched = BrowserModel(fields: nil)
        untouched.update(rows: first, finished: false)
        untouched.update(rows: sorted, finished: true)
        XCTAssertEqual(untouched.cursor, 0)
        var moved = BrowserModel(fields: nil)
        moved.update(rows: first, finished: false)
        press(&moved, "j")
        moved.update(rows: sorted, finished: true)
        XCTAssertEqual(moved.view.address(at: moved.cursor), RowAddress(table: 0, row: 1), "it stays on the record it was on")
    }
}
