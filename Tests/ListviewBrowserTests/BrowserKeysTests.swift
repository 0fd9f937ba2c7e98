import ListviewBatches
import ListviewDataSource
import ListviewValues
import XCTest
@testable import ListviewBrowser

/// The key table holds together: every view a row names takes the row's commands, no key
/// means two things in one view, every command has a key and help, and the `?` screen and
/// the README's table are written from it.
final class BrowserKeysTests: XCTestCase {
    /// Records `{id, kind}`, kinds a, b, c in turn.
    private func model() -> BrowserModel {
        let schema = RecordSchema()
        var table = CellTable(columns: [], inferTypes: false)
        for id in 1...30 {
            table.append(schema.record(keys: ["id", "kind"], values: [.number(String(id)), .string(["a", "b", "c"][(id - 1) % 3])]),
                         schema: schema)
        }
        var model = BrowserModel(fields: nil)
        model.bodyHeight = 5
        model.update(rows: BrowserRows(arranged: table, sections: [Section(items: (0..<table.rowCount).map(RowRef.init))]), finished: true)
        return model
    }

    /// A model in `view`, reached by the keys a user presses.
    private func model(in view: BrowserModel.Mode.Kind) -> BrowserModel {
        var browser = model()
        let keys: [BrowserKey]
        switch view {
        case .list: keys = []
        case .detail: keys = [.enter]
        case .help: keys = [.character("?")]
        case .prompt: keys = [.character("c")]
        case .frequency: keys = [.character("l"), .character("F")]
        case .summary: keys = [.character("I")]
        }
        for key in keys {
            _ = browser.handle(key)
            while browser.isWorking { browser.work(budget: 100) }
        }
        return browser
    }

    /// A key the pattern matches.
    private func key(_ pattern: KeyPattern) -> BrowserKey {
        switch pattern {
        case .key(let key): return key
        case .mouse: return .mouse(MouseEvent(.wheelDown, line: 3, column: 0))
        }
    }

    func testEveryViewTakesTheCommandsItsRowsBind() {
        for view in BrowserModel.Mode.Kind.allCases {
            let start = model(in: view)
            XCTAssertEqual(start.mode.kind, view, "the keys reach the view")
            for binding in BrowserKeys.table where binding.views.contains(view) {
                for (pattern, command) in binding.keys {
                    var browser = start
                    XCTAssertNotNil(browser.perform(command, key: key(pattern)),
                                    "\(view) does not take \(command), which '\(binding.label)' binds there")
                }
            }
        }
    }

    func testNoKeyIsBoundTwiceInAView() {
        for view in BrowserModel.Mode.Kind.allCases {
            let patterns = BrowserKeys.table.filter { $0.views.contains(view) }.flatMap { $0.keys.map(\.pattern) }
            for (index, pattern) in patterns.enumerated() {
                XCTAssertFalse(patterns[(index + 1)...].contains(pattern), "\(pattern) is bound twice in \(view)")
            }
        }
    }

    func testEveryCommandHasAKeyAndHelp() {
        for command in BrowserCommand.allCases {
            XCTAssertTrue(BrowserKeys.table.contains { $0.keys.contains { $0.command == command } }, "no key gives \(command)")
        }
        for binding in BrowserKeys.table {
            XCTAssertFalse(binding.keys.isEmpty, binding.label)
            XCTAssertFalse(binding.views.isEmpty, binding.label)
            XCTAssertFalse(binding.help.isEmpty, "'\(binding.label)' has no help")
            XCTAssertFalse(binding.reference.isEmpty, "'\(binding.label)' has no README text")
            XCTAssertLessThanOrEqual(DisplayWidth.of(binding.label), KeyBinding.labelWidth, "'\(binding.label)' is wider than the label column")
        }
    }

    /// The key that gives a command in one view may give another in the next: `q` quits the
    /// list and leaves a record in full; a key no row binds there does nothing, or is typed.
    func testTheTableSaysWhatAKeyDoesInEachView() {
        XCTAssertEqual(BrowserKeys.command(for: .character("q"), in: .list), .quit)
        XCTAssertEqual(BrowserKeys.command(for: .character("j"), in: .frequency), .lineDown)
        XCTAssertEqual(BrowserKeys.command(for: .mouse(MouseEvent(.click, line: 4, column: 2)), in: .list), .mouse)
        XCTAssertNil(BrowserKeys.command(for: .character("j"), in: .prompt), "typed at a prompt")
        XCTAssertNil(BrowserKeys.command(for: .character("s"), in: .detail))
        var browser = model(in: .prompt)
        _ = browser.handle(.character("j"))
        XCTAssertEqual(browser.mode, .prompt(.column, text: "j"))
    }

    /// One scroll mapping: `G` and `g` go to the last and first line in every view that scrolls.
    func testTheMovingKeysServeEveryViewAlike() {
        var list = model(in: .list)
        _ = list.handle(.character("G"))
        XCTAssertEqual(list.cursor, 29)
        var frequency = model(in: .frequency)
        _ = frequency.handle(.end)
        guard case .frequency(_, _, let cursor) = frequency.mode else { return XCTFail("still the frequency view") }
        XCTAssertEqual(cursor, 2, "three kinds")
        var detail = model(in: .detail)
        _ = detail.handle(.character("G"))
        _ = detail.handle(.character("g"))
        XCTAssertEqual(detail.mode.kind, .detail)
        var help = model(in: .help)
        _ = help.handle(.character("G"))
        XCTAssertEqual(help.mode, .help(top: BrowserScreen.help.count - 7))
        _ = help.handle(.home)
        XCTAssertEqual(help.mode, .help(top: 0))
    }

    func testTheHelpScreenAndTheREADMETableComeFromTheTable() {
        let shown = BrowserKeys.table.filter { $0.views.contains(.list) }
        XCTAssertEqual(BrowserScreen.help.count, shown.count + 2)
        XCTAssertEqual(BrowserScreen.help[2], "  j k ↓ ↑          a row down, up")
        XCTAssertEqual(BrowserScreen.help[3], "  PgDn PgUp ^F ^B  a page down, up")
        XCTAssertEqual(BrowserScreen.help[4], "  space            a page down")
        let rows = BrowserKeys.markdown.split(separator: "\n")
        XCTAssertEqual(rows.count, BrowserKeys.table.count + 2)
        XCTAssertEqual(rows[2], "| `j k ↓ ↑` | a row down, up (a line of a record in full, of the keys, of `F` and `I`) |")
        XCTAssertEqual(rows.last, "| `^C` | quit, writing nothing (status 130) |")
    }
}
