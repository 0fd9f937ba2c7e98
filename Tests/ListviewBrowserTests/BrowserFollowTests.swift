import Foundation
import ListviewBatches
@testable import ListviewBrowser
import ListviewInput
import ListviewKit
import ListviewRequest
import ListviewSpilling
import ListviewTestSupport
import ListviewValues
import XCTest

/// `-i --follow` without a terminal: the cursor on the last row stays there as rows arrive,
/// the status line says `following`, and the loader publishes appended records until stopped.
final class BrowserFollowTests: XCTestCase {
    private let files = TemporaryFiles()

    /// `count` records `{id}`, 1 to `count`.
    private func table(_ count: Int) -> CellTable {
        let schema = RecordSchema()
        var table = CellTable(columns: [], inferTypes: false)
        for id in 1...count { table.append(schema.record(keys: ["id"], values: [.number(String(id))]), schema: schema) }
        return table
    }

    func testTheCursorOnTheLastRowStaysThereAsRowsArrive() {
        let whole = table(20)
        var rows = BrowserRows()
        var browser = BrowserModel(fields: nil)
        browser.bodyHeight = 5
        browser.followsNewRows = true
        rows.append(whole, rows: Array(0..<8))
        browser.update(rows: rows, finished: false)
        XCTAssertEqual(browser.cursor, 7, "a followed list opens on its last row")
        XCTAssertEqual(browser.top, 3, "with the last row on screen")
        rows.append(whole, rows: [8, 9])
        browser.update(rows: rows, finished: false)
        XCTAssertEqual([browser.cursor, browser.top], [9, 5])
        // Moved up, the cursor stays on its row while rows arrive.
        _ = browser.handle(.character("k"))
        rows.append(whole, rows: [10])
        browser.update(rows: rows, finished: false)
        XCTAssertEqual(browser.cursor, 8)
        // Back on the last row (a key down will do), it follows again.
        _ = browser.handle(.character("j"))
        _ = browser.handle(.character("j"))
        XCTAssertEqual(browser.cursor, 10)
        rows.append(whole, rows: [11, 12])
        browser.update(rows: rows, finished: false)
        XCTAssertEqual(browser.cursor, 12)
        // The record shown in full stays the cursor's.
        _ = browser.handle(.enter)
        rows.append(whole, rows: [13])
        browser.update(rows: rows, finished: false)
        XCTAssertEqual(browser.cursor, 12)
        XCTAssertEqual(browser.mode.detailLines, ["id: 13"])
    }

    /// Batches of a followed input join the last table (up to a size), so hours of small batches
    /// keep few tables; the rows before keep their addresses, marks and filter matches.
    func testFollowedBatchesJoinTheLastTableAndRowsKeepTheirAddresses() throws {
        var rows = BrowserRows()
        var browser = BrowserModel(fields: nil)
        browser.followsNewRows = true
        rows.append(joining: table(3), rows: [0, 1, 2], upTo: 1 << 20)
        browser.update(rows: rows, finished: false)
        _ = browser.handle(.character("k"))
        _ = browser.handle(.character("m"))
        _ = browser.handle(.character("&"))
        for character in "id>1" { _ = browser.handle(.character(character)) }
        _ = browser.handle(.enter)
        while browser.isWorking { browser.work(budget: 10) }
        XCTAssertEqual(browser.view.count, 2)
        // A batch whose first row the input's --where left out, then one kept whole.
        rows.append(joining: table(4), rows: [1, 2, 3], upTo: 1 << 20)
        rows.append(joining: table(2), rows: [0, 1], upTo: 1 << 20)
        browser.update(rows: rows, finished: false)
        XCTAssertEqual(rows.tables.count, 1)
        XCTAssertEqual(rows.count, 8)
        XCTAssertEqual((0..<8).compactMap { rows.address(at: $0)?.row }, [0, 1, 2, 4, 5, 6, 7, 8])
        XCTAssertEqual(browser.marks, [RowAddress(table: 0, row: 1)], "the mark stays on its record")
        XCTAssertEqual(browser.view.count, 6, "the filter goes on over the rows that joined: \(browser.view.count)")
        XCTAssertEqual(browser.view.address(at: 2), RowAddress(table: 0, row: 4))
        // Past the size, a table of its own.
        rows.append(joining: table(1), rows: [0], upTo: rows.tables[0].table.estimatedBytes)
        XCTAssertEqual(rows.tables.count, 2)
        XCTAssertEqual(rows.address(at: 8), RowAddress(table: 1, row: 0))
    }

    func testWithoutFollowTheCursorStaysOnTheFirstRow() {
        let whole = table(5)
        var rows = BrowserRows()
        var browser = BrowserModel(fields: nil)
        rows.append(whole, rows: [0, 1])
        browser.update(rows: rows, finished: false)
        rows.append(whole, rows: [2, 3])
        browser.update(rows: rows, finished: false)
        XCTAssertEqual(browser.cursor, 0)
    }

    func testTheStatusLineSaysFollowingAfterTheRowCount() {
        var rows = BrowserRows()
        rows.append(table(3), rows: [0, 1, 2])
        var browser = BrowserModel(fields: nil)
        browser.followsNewRows = true
        browser.update(rows: rows, finished: false)
        var screen = BrowserScreen(width: 60, height: 6, inputName: "app.jsonl")
        screen.following = true
        _ = browser.handle(.character("m"))
        XCTAssertEqual(screen.lines(of: browser, loading: nil).last?.text, "app.jsonl · row 3/3 · following · 1 marked · col id   ? keys")
        var empty = BrowserModel(fields: nil)
        empty.update(rows: BrowserRows(), finished: false)
        XCTAssertEqual(screen.lines(of: empty, loading: nil).map(\.text)[2...3], ["  (no records yet)", ""])
        XCTAssertEqual(screen.lines(of: empty, loading: nil).last?.text, "app.jsonl · no rows · following   ? keys")
    }

    /// Waits until the loader's snapshot satisfies `ready`; the last one.
    private func snapshot(of loader: BrowserLoader, _ ready: (BrowserLoader.Snapshot) -> Bool) -> BrowserLoader.Snapshot {
        let deadline = Date().addingTimeInterval(10)
        var snapshot = loader.snapshot()
        while !ready(snapshot) && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.01)
            snapshot = loader.snapshot()
        }
        XCTAssertTrue(ready(snapshot), "the loader never got there: \(snapshot.rows.count) rows, following \(snapshot.following)")
        return snapshot
    }

    func testTheLoaderPublishesAppendedRecordsUntilItIsStopped() throws {
        let path = try files.write(#"{"id":1}"# + "\n" + #"{"id":2}"# + "\n", extension: "jsonl")
        for memory in [nil, MemoryBudget(bytes: 1 << 30)] {
            var request = ListRequest()
            request.read.inputs = [path]
            request.read.following = Following(interval: 20)
            request.arrangement.memory = memory
            let loader = try BrowserLoader(request: request)
            _ = snapshot(of: loader) { $0.rows.count == 2 && $0.following }
            let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
            try handle.seekToEnd()
            try handle.write(contentsOf: Data((#"{"id":3}"# + "\n").utf8))
            try handle.close()
            let grown = snapshot(of: loader) { $0.rows.count == 3 }
            XCTAssertTrue(grown.following)
            XCTAssertEqual(grown.rows.tables.count, 1, "the appended record joined the table")
            XCTAssertEqual(Browser.loadingText(grown), nil, "the screen says following, not loading")
            loader.stop()
            loader.waitUntilFinished()
            let last = loader.snapshot()
            XCTAssertNil(last.error, "stopping is no error")
            XCTAssertEqual(last.rows.count, 3)
            try Data((#"{"id":1}"# + "\n" + #"{"id":2}"# + "\n").utf8).write(to: URL(fileURLWithPath: path))
        }
    }
}
