import Foundation
import ListviewTestSupport
import XCTest

/// Nested data and many files in a real terminal (tmux): dives into arrays of objects, of
/// scalars, into objects and two levels down, and back; the record tree folding and copying a
/// path; three files as sheets with the tab line, each keeping its arrangement; and what `q`
/// writes from two sheets and from a dived sheet. Screens are golden (`Golden/browser/`).
final class BrowserSheetsTerminalTests: XCTestCase {
    override func setUpWithError() throws {
        guard TmuxSession.isAvailable else { throw skippedTest("tmux is needed (make deps installs it)") }
    }

    func testDivingIntoNestedValuesAndBack() throws {
        let session = try TmuxSession("samples/orders-nested.jsonl -i", width: 72, height: 10)
        _ = try session.screen(showing: "row 1/3")
        // items: an array of objects, its members as columns.
        try session.send("j", "l", "l", "Enter")
        try assertScreen(try session.screen(showing: "› id=2 › items"), "dive-array-of-objects")
        try session.send("BSpace")
        try assertScreen(try session.screen(showing: "row 2/3 · col items"), "dive-back")
        // tags: an array of scalars, one value column.
        try session.send("k", "l", "Enter")
        try assertScreen(try session.screen(showing: "› id=1 › tags"), "dive-array-of-scalars")
        try session.send("m", "BSpace")
        // customer: an object, its members as rows; then address in it, two levels down.
        try session.send("h", "h", "Enter")
        _ = try session.screen(showing: "› id=1 › customer")
        try session.send("j", "l", "Enter")
        try assertScreen(try session.screen(showing: "› customer › address"), "dive-two-levels")
        try session.send("j", "m", "BSpace")
        try assertScreen(try session.screen(showing: "› id=1 › customer · row 2/2"), "dive-back-one-level")
        try session.send("BSpace", "m", "q")
        let result = try session.exited()
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, """
            {"id":1,"customer":{"name":"Ada","address":{"city":"Oslo","zip":"0150"}},"items":[{"sku":"A-1","qty":2},{"sku":"B-7","qty":1}],"tags":["gift","rush"]}
            {"record":{"id":1},"path":"tags[0]","value":"gift"}
            {"record":{"id":1},"path":"customer.address.zip","value":"0150"}

            """)
    }

    func testTheRecordTreeFoldsSearchesAndCopiesAPath() throws {
        let session = try TmuxSession("samples/orders-nested.jsonl -i", width: 80, height: 12)
        _ = try session.screen(showing: "row 1/3")
        try session.send("Enter", "z", "M")
        try assertScreen(try session.screen(showing: "items: [2 items]"), "tree-folded")
        try session.send("j", "j", "Space", "l", "l")
        try assertScreen(try session.screen(showing: "· items[0] ·"), "tree-unfolded")
        try session.send("/", literal: "b-7")
        try session.send("Enter")
        _ = try session.screen(showing: "· items[1] ·")
        try session.send("j", "y")
        try assertScreen(try session.screen(showing: "copied path 'items[1].qty'"), "tree-path-copied")
        // Enter on a nested node dives into it.
        try session.send("k", "k", "k", "h", "Enter")
        _ = try session.screen(showing: "› id=1 › items")
        try session.send("q")
        let result = try session.exited()
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "")
    }

    func testSeveralFilesOpenAsSheets() throws {
        let session = try TmuxSession("samples/customers.csv samples/orders-nested.jsonl samples/inventory.tsv --style jsonl -i",
                                      width: 76, height: 10)
        // Every file loaded: the tab line's last count ends its line, no `…` after it.
        try assertScreen(try session.screen(showing: "[customers.csv 10]│ orders-nested.jsonl 3 │ inventory.tsv 6\n"), "sheets-three")
        // The second sheet sorted by id descending (the cursor stays on its record), the first's
        // cursor moved; each keeps its own.
        try session.send("j", "j", "m", "Tab", "S")
        _ = try session.screen(showing: "sort id↓")
        try session.send("m", "Tab", "Tab")
        _ = try session.screen(showing: "samples/customers.csv · row 3/10")
        try session.send("BTab", "BTab")
        try assertScreen(try session.screen(showing: "samples/orders-nested.jsonl · row 3/3"), "sheets-arrangement-kept")
        try session.send("q")
        let result = try session.exited()
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, """
            {"id":3,"name":"山田 花子","city":"Tokyo","country":"JP","plan":"starter","seats":3,"monthly_fee":29.00,"signed_up":"2024-02-20","notes":""}
            {"id":1,"customer":{"name":"Ada","address":{"city":"Oslo","zip":"0150"}},"items":[{"sku":"A-1","qty":2},{"sku":"B-7","qty":1}],"tags":["gift","rush"]}

            """)
    }

    func testConcatKeepsOneList() throws {
        let session = try TmuxSession("samples/customers.csv samples/customers.csv --concat -i", width: 70, height: 8)
        _ = try session.screen(showing: "row 1/20")
        XCTAssertFalse(try session.screen(showing: "row 1/20").contains("│"), "no tab line")
        try session.send("q")
        XCTAssertEqual(try session.exited().status, 0)
    }
}
