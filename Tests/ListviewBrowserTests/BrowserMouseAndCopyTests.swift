import ListviewBatches
@testable import ListviewBrowser
import ListviewDataSource
import ListviewJSON
import ListviewKit
import ListviewPresentation
import ListviewRequest
import ListviewValues
import XCTest

/// Clicks, the wheel, and what `y` and `Y` copy, with no terminal.
final class BrowserMouseAndCopyTests: XCTestCase {
    /// Five customers `{id, name, city, tags}`; London holds records 1, 3 and 5, Berlin 2 and 4.
    private let customers: CellTable = {
        let schema = RecordSchema()
        var table = CellTable(columns: [], inferTypes: false)
        table.nestedDecoder = JSONNestedValue.decode
        let people: [(String, String)] = [("Ada Lovelace", "London"), ("Müller, Zoë", "Berlin"), ("O'Brien \"& Sons\"", "London"),
                                          ("Grace Hopper", "Berlin"), ("Alan Turing, a name long enough to be cut", "London")]
        for (index, (name, city)) in people.enumerated() {
            table.append(schema.record(keys: ["id", "name", "city", "tags"],
                                       values: [.number(String(index + 1)), .string(name), .string(city), .array([.string("t\(index)")])]),
                         schema: schema)
        }
        return table
    }()

    /// The customers in sections by city, London first, as `--group-by city` shows them.
    private var byCity: BrowserRows {
        let section = { (city: String, rows: [Int]) in
            Section(info: SectionInfo(keys: [SectionKey(field: FieldPath("city"), value: .string(city))], count: rows.count),
                    items: rows.map(RowRef.init))
        }
        return BrowserRows(arranged: customers, sections: [section("London", [0, 2, 4]), section("Berlin", [1, 3])])
    }

    private var inOrder: BrowserRows { BrowserRows(arranged: customers, sections: [Section(items: (0..<5).map(RowRef.init))]) }

    private func browser(_ rows: BrowserRows, screen: BrowserScreen) -> BrowserModel {
        var model = BrowserModel(fields: nil)
        model.bodyHeight = screen.bodyHeight
        model.update(rows: rows, finished: true)
        return model
    }

    private func click(_ model: inout BrowserModel, line: Int) {
        _ = model.handle(.mouse(MouseEvent(.click, line: line, column: 4)))
    }

    func testTheCurrentColumnsTitleIsHighlighted() {
        let screen = BrowserScreen(width: 60, height: 7, inputName: "c.json")
        var model = browser(inOrder, screen: screen)
        func highlighted() -> String? {
            let header = screen.lines(of: model, loading: nil)[0]
            guard let range = header.highlight else { return nil }
            let characters = Array(header.text)
            return String(characters[range.clamped(to: 0..<characters.count)])
        }
        XCTAssertEqual(highlighted(), "id")
        _ = model.handle(.character("l"))
        XCTAssertEqual(highlighted()?.trimmingCharacters(in: .whitespaces), "name")
        _ = model.handle(.character("l"))
        XCTAssertEqual(highlighted()?.trimmingCharacters(in: .whitespaces), "city")
    }

    func testAClickMovesToTheRowDrawnOnItsLine() {
        let screen = BrowserScreen(width: 60, height: 7, inputName: "c.json")
        var model = browser(byCity, screen: screen)
        // Lines: 0 the column headers, 1 London's header, 2-4 its rows, 5 Berlin's header, 6 the status.
        for (line, expected) in [(3, 1), (4, 2), (2, 0)] {
            click(&model, line: line)
            XCTAssertEqual(model.cursor, expected, "a click on line \(line)")
        }
        for line in [0, 1, 5, 6, 40, -1] {
            click(&model, line: line)
            XCTAssertEqual(model.cursor, 0, "a click on line \(line) (a header, the status line, off the screen) moves nothing")
        }
    }

    func testAClickBelowAHeaderOnTheSectionLineMovesToTheRowDrawnThere() {
        // Two rows on screen: `]` scrolls Berlin's header to the top, and the section line
        // shows it, so the body starts with the line under it.
        let screen = BrowserScreen(width: 60, height: 5, inputName: "c.json")
        var model = browser(byCity, screen: screen)
        _ = model.handle(.character("]"))
        XCTAssertEqual([model.top, model.cursor], [4, 3])
        let drawn = screen.lines(of: model, loading: nil).map(\.text)
        XCTAssertTrue(drawn[1].hasPrefix("city: Berlin"), drawn[1])
        XCTAssertTrue(drawn[3].contains("Grace Hopper"), drawn[3])
        click(&model, line: 3)
        XCTAssertEqual(model.cursor, 4)
        XCTAssertEqual(model.view.address(at: model.cursor), RowAddress(table: 0, row: 3))
    }

    func testTheWheelMovesThreeRowsAndScrollsARecordInFull() {
        var model = browser(inOrder, screen: BrowserScreen(width: 60, height: 5, inputName: "c.json"))
        _ = model.handle(.mouse(MouseEvent(.wheelDown, line: 3, column: 0)))
        XCTAssertEqual(model.cursor, 3)
        _ = model.handle(.mouse(MouseEvent(.wheelDown, line: 3, column: 0)))
        XCTAssertEqual(model.cursor, 4, "the wheel stops at the last row")
        XCTAssertEqual(model.top, 3, "and the screen follows the cursor")
        _ = model.handle(.mouse(MouseEvent(.wheelUp, line: 3, column: 0)))
        XCTAssertEqual(model.cursor, 1)
        _ = model.handle(.enter)
        _ = model.handle(.mouse(MouseEvent(.wheelDown, line: 0, column: 0)))
        guard let tree = model.mode.tree else { return XCTFail("Enter shows the record") }
        XCTAssertEqual(tree.lines.count, 5)
        XCTAssertEqual(tree.top, 3, "five lines, two on screen: the wheel goes as far as the last screenful")
    }

    func testYCopiesTheCellOfTheCurrentColumnAndYTheRow() {
        var model = browser(inOrder, screen: BrowserScreen(width: 60, height: 8, inputName: "c.json"))
        XCTAssertEqual(model.handle(.character("y")), .copy(.cell(text: "1", column: "id")))
        _ = model.handle(.character("j"))
        _ = model.handle(.character("l"))
        XCTAssertEqual(model.currentColumn, 1, "the first column on screen, until there is a column cursor")
        XCTAssertEqual(model.handle(.character("y")), .copy(.cell(text: "Müller, Zoë", column: "name")))
        _ = model.handle(.character("l"))
        _ = model.handle(.character("l"))
        XCTAssertEqual(model.handle(.character("y")), .copy(.cell(text: #"["t1"]"#, column: "tags")), "nested values as compact JSON")
        XCTAssertEqual(model.handle(.character("Y")), .copy(.row(RowAddress(table: 0, row: 1), number: 2)))
        model.report("copied row 2 (json)")
        XCTAssertEqual(model.message, "copied row 2 (json)")
        _ = model.handle(.character("j"))
        XCTAssertNil(model.message, "the next key clears it")

        var empty = BrowserModel(fields: nil)
        empty.update(rows: BrowserRows(), finished: true)
        XCTAssertEqual(empty.handle(.character("y")), .none)
        XCTAssertEqual(empty.message, "nothing to copy")
    }

    func testTheStatusLineSaysWhatWasCopied() {
        XCTAssertEqual(BrowserCopy.cell(text: "Ada Lovelace", column: "name").message(style: "csv"), "copied 'Ada Lovelace'")
        XCTAssertEqual(BrowserCopy.cell(text: "Alan Turing, a name long enough to be cut", column: "name").message(style: "csv"),
                       "copied 'Alan Turing, a name long enou…'")
        XCTAssertEqual(BrowserCopy.cell(text: "two\nlines", column: "note").message(style: "csv"), #"copied 'two\nlines'"#)
        XCTAssertEqual(BrowserCopy.row(RowAddress(table: 0, row: 2), number: 3).message(style: "csv"), "copied row 3 (csv)")
    }

    func testARowIsCopiedAsTheOutputStyleWritesOneRecord() throws {
        let rows = inOrder
        let copy = BrowserCopy.row(RowAddress(table: 0, row: 1), number: 2)
        var request = ListRequest()
        let text = { (style: OutputStyle) in try Browser.clipboardText(copy, of: rows, request: request, style: style) }
        XCTAssertEqual(try text(.csv), #"2,"Müller, Zoë",Berlin,"[""t1""]""#, "the record's line, without the header")
        XCTAssertEqual(try text(.tsv), "2\tMüller, Zoë\tBerlin\t[\"t1\"]")
        XCTAssertEqual(try text(.json), #"{"id":2,"name":"Müller, Zoë","city":"Berlin","tags":["t1"]}"#, "one object")
        XCTAssertEqual(try text(.jsonl), try text(.json))
        XCTAssertEqual(try text(.line), #"id=2 name="Müller, Zoë" city=Berlin tags="[\"t1\"]""#)
        request.look.fields = [FieldPath("name"), FieldPath("id")]
        XCTAssertEqual(try text(.csv), #""Müller, Zoë",2"#, "--fields as q writes them")
        XCTAssertEqual(try Browser.clipboardText(.cell(text: "a\tb", column: "x"), of: rows, request: request, style: .csv), "a\tb")
    }
}
