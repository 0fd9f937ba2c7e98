import Foundation
import ListviewTestSupport
import XCTest

/// `listview -i` in a real terminal (tmux): keys sent as typed, screens compared with the
/// golden screens in `Golden/browser/` (`assertScreen`; `RECORD_GOLDEN=1` records them), and what `q`
/// writes compared with what the marked records are.
final class BrowserTerminalTests: XCTestCase {
    override func setUpWithError() throws {
        guard TmuxSession.isAvailable else { throw skippedTest("tmux is needed (make deps installs it)") }
    }

    func testGroupedListKeepsHeadersOnScreenWhileMoving() throws {
        let session = try TmuxSession("samples/orders.json --group-by status --fields id,customer.name,total -i", width: 60, height: 12)
        try assertScreen(try session.screen(showing: "row 1/24"), "grouped-first")
        try session.send("j", "j", "NPage")
        try assertScreen(try session.screen(showing: "row 12/24"), "grouped-page-down")
        try session.send("]")
        try assertScreen(try session.screen(showing: "row 17/24"), "grouped-next-section")
        try session.send("G")
        try assertScreen(try session.screen(showing: "row 24/24"), "grouped-last")
        try session.send("q")
        let result = try session.exited()
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stdout, "", "nothing marked, nothing written")
    }

    func testMarkedRowsAreWrittenInTheInputsFormat() throws {
        let session = try TmuxSession("samples/customers.csv -i", width: 70, height: 10)
        _ = try session.screen(showing: "row 1/10")
        try session.send("m", "j", "j", "m", "j", "m")
        _ = try session.screen(showing: "3 marked")
        try session.send("m")
        try assertScreen(try session.screen(showing: "2 marked"), "csv-marks")
        try session.send("q")
        let result = try session.exited()
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, """
            id,name,city,country,plan,seats,monthly_fee,signed_up,notes
            1,Ada Lovelace,London,UK,team,12,240.00,2023-01-15,
            3,山田 花子,Tokyo,JP,starter,3,29.00,2024-02-20,

            """)
    }

    func testMarkedRowsInAnotherStyleAndFromStandardInput() throws {
        let session = try TmuxSession("--input jsonl -i --style json --fields user,kind < samples/events.jsonl", width: 70, height: 10)
        _ = try session.screen(showing: "row 1/")
        try session.send("j", "m", "G", "m")
        _ = try session.screen(showing: "2 marked")
        try session.send("q")
        let result = try session.exited()
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.stdout.split(separator: "\n")
        XCTAssertEqual(lines.first, "[")
        XCTAssertEqual(lines.count, 4, result.stdout)
        XCTAssertTrue(lines[1].hasPrefix("  {\"user\":\"bob\",\"kind\":\"login\"}"), result.stdout)
    }

    func testSearchFilterDetailAndHelp() throws {
        let session = try TmuxSession("samples/orders.json --fields id,status,customer.city,total -i", width: 64, height: 12)
        _ = try session.screen(showing: "row 1/24")
        try session.send("/", literal: "lagos")
        try session.send("Enter")
        try assertScreen(try session.screen(showing: "row 10/24"), "search-found")
        try session.send("n")
        _ = try session.screen(showing: "row 21/24")
        try session.send("n")
        _ = try session.screen(showing: "not found below")
        try session.send("N")
        _ = try session.screen(showing: "row 10/24")
        try session.send("&", literal: "total>300")
        try session.send("Enter")
        try assertScreen(try session.screen(showing: "where total>300"), "filter")
        try session.send("j", "Enter")
        try assertScreen(try session.screen(showing: "Esc goes back"), "detail")
        try session.send("Escape", "?")
        try assertScreen(try session.screen(showing: "any other key goes back"), "help")
        // `&` opens empty, naming the filter in force; Enter alone clears it.
        try session.send("x", "&")
        _ = try session.screen(showing: "& where    (now: total>300; Enter alone clears it)")
        try session.send("Enter")
        _ = try session.screen(showing: "row 1/24")
        try session.send("C-c")
        let result = try session.exited()
        XCTAssertEqual(result.status, 130)
        XCTAssertEqual(result.stdout, "")
    }

    /// `w` wraps the current column's long cells within the screen; rows grow to fit, the cursor's
    /// row stays on screen whole, and `w` again puts the cells back on one line.
    func testWrappingAColumnsLongCells() throws {
        let session = try TmuxSession("Tests/EndToEndTests/Fixtures/long-notes.jsonl --fields id,text -i", width: 60, height: 9)
        _ = try session.screen(showing: "row 1/4")
        try session.send("l", "w")
        try assertScreen(try session.screen(showing: "      member order in nested objects"), "wrapped-column")
        try session.send("G")
        try assertScreen(try session.screen(showing: "row 4/4"), "wrapped-column-last")
        try session.send("w")
        _ = try session.screen(showing: "  Rename the column status_code to status before upgrading;…")
        try session.send("q")
        XCTAssertEqual(try session.exited().status, 0)
    }

    func testColumnsScrollAndTheScreenFollowsAResize() throws {
        let session = try TmuxSession("samples/orders.json -i", width: 50, height: 8)
        _ = try session.screen(showing: "row 1/24")
        try session.send("l", "l", "l", "l")
        try assertScreen(try session.screen(showing: "col items"), "scrolled")
        try session.resize(width: 72, height: 10)
        try assertScreen(try session.screen(showing: "Customer changed"), "resized")
        // A smaller screen keeps the cursor's row on it.
        try session.send("G")
        _ = try session.screen(showing: "row 24/24")
        try session.resize(width: 72, height: 5)
        try assertScreen(try session.screen(showing: "row 24/24"), "resized-smaller")
        try session.send("q")
        XCTAssertEqual(try session.exited().status, 0)
    }

    /// The view arranged with keys: sort, group, the frequency view and the filter it makes, the
    /// summary view, and undo of each.
    func testArrangingTheViewWithKeys() throws {
        let session = try TmuxSession("samples/orders.json --fields id,status,total -i", width: 110, height: 12)
        _ = try session.screen(showing: "row 1/24")
        try session.send("l", "l", "S")
        try assertScreen(try session.screen(showing: "sort total↓"), "arrange-sorted")
        try session.send("g", "h", "=")
        try assertScreen(try session.screen(showing: "group status"), "arrange-grouped")
        try session.send("F")
        try assertScreen(try session.screen(showing: "frequency of status"), "arrange-frequency")
        try session.send("j", "Enter")
        try assertScreen(try session.screen(showing: "where status=shipped"), "arrange-frequency-filtered")
        try session.send("I")
        try assertScreen(try session.screen(showing: "summary of 3 columns"), "arrange-summary")
        try session.send("Escape", "u", "u", "u")
        try assertScreen(try session.screen(showing: "undone"), "arrange-undone")
        try session.send("q")
        XCTAssertEqual(try session.exited().status, 0)
    }

    /// A terminal that goes away (its window closed) ends the browser, rather than leaving it
    /// drawing for nobody.
    func testTheBrowserEndsWhenItsTerminalGoesAway() throws {
        let session = try TmuxSession("samples/orders.json -i", width: 60, height: 8)
        _ = try session.screen(showing: "row 1/24")
        let process = try XCTUnwrap(try session.listview())
        try session.killServer()
        var alive = true
        for _ in 0..<100 where alive {
            usleep(50_000)
            alive = kill(process, 0) == 0 && !((try? String(contentsOfFile: "/proc/\(process)/stat", encoding: .utf8))?.contains(") Z ") ?? true)
        }
        XCTAssertFalse(alive, "listview \(process) still runs")
    }

    /// A list sorted on the command line opens on its first row, not on the file's first record.
    func testASortedListOpensOnItsFirstRow() throws {
        let session = try TmuxSession("samples/orders.json --sort total:desc --fields id,total -i", width: 40, height: 6)
        _ = try session.screen(showing: "512.60")
        usleep(300_000)
        try assertScreen(try session.screen(showing: "row 1/24"), "opens-sorted")
        try session.send("q")
        XCTAssertEqual(try session.exited().status, 0)
    }

    /// SIGTERM and SIGINT from outside: the terminal is restored (the normal screen back, echo
    /// and line editing on) before listview ends with 128 + the signal, writing nothing.
    func testASignalRestoresTheTerminalBeforeListviewEnds() throws {
        for (number, status) in [(SIGTERM, Int32(143)), (SIGINT, Int32(130))] {
            let session = try TmuxSession("samples/customers.csv -i", width: 70, height: 10)
            _ = try session.screen(showing: "row 1/10")
            try session.send("m")
            _ = try session.screen(showing: "1 marked")
            XCTAssertEqual(try session.display("#{alternate_on}"), "1")
            let raw = Set(try session.terminalModes().split(whereSeparator: \.isWhitespace))
            XCTAssertTrue(raw.isSuperset(of: ["-echo", "-icanon"]), "\(raw.filter { $0.hasSuffix("echo") || $0.hasSuffix("icanon") })")
            try session.signal(number)
            let result = try session.exited()
            XCTAssertEqual(result.status, status, "signal \(number)")
            XCTAssertEqual(result.stdout, "", "a mark, but nothing written")
            XCTAssertEqual(result.stderr, "")
            XCTAssertEqual(try session.display("#{alternate_on}"), "0", "the normal screen is back")
            XCTAssertEqual(try session.display("#{cursor_flag}"), "1", "with its cursor")
            let restored = Set(try session.terminalModes().split(whereSeparator: \.isWhitespace))
            XCTAssertTrue(restored.isSuperset(of: ["echo", "icanon"]), "\(restored.filter { $0.hasSuffix("echo") || $0.hasSuffix("icanon") })")
        }
    }

    /// A mouse report as an xterm sends it in X10 mode (`TERM=screen`'s `kmous`): `ESC [ M`,
    /// then the button, the column and the line (from 1), each plus 32.
    private func x10(button: Int, column: Int, line: Int) -> String {
        "\u{1B}[M" + String(UnicodeScalar(UInt8(32 + button))) + String(UnicodeScalar(UInt8(33 + column))) + String(UnicodeScalar(UInt8(33 + line)))
    }

    func testAClickMovesToItsRowAndTheWheelMovesThreeRows() throws {
        let session = try TmuxSession("samples/orders.json --group-by status --fields id,customer.name,total -i", width: 60, height: 12)
        _ = try session.screen(showing: "row 1/24")
        XCTAssertEqual(try session.display("#{mouse_standard_flag}"), "1", "listview asks for mouse reports")
        // Line 6 shows the fifth row; button 3 is the release.
        try session.send(literal: x10(button: 0, column: 8, line: 6) + x10(button: 3, column: 8, line: 6))
        _ = try session.screen(showing: "row 5/24")
        // A section's header and the column headers move nothing.
        try session.send(literal: x10(button: 0, column: 8, line: 10) + x10(button: 3, column: 8, line: 10))
        try session.send(literal: x10(button: 0, column: 8, line: 0) + x10(button: 3, column: 8, line: 0))
        try session.send("j")
        _ = try session.screen(showing: "row 6/24")
        // The wheel: buttons 64 (up) and 65 (down).
        try session.send(literal: x10(button: 65, column: 8, line: 5) + x10(button: 65, column: 8, line: 5))
        try assertScreen(try session.screen(showing: "row 12/24"), "mouse-wheel")
        try session.send(literal: x10(button: 64, column: 8, line: 5))
        _ = try session.screen(showing: "row 9/24")
        try session.send("q")
        XCTAssertEqual(try session.exited().status, 0)
    }

    /// Where `kmous` is `ESC [ <` (xterm-256color), ncurses asks for SGR reports (mode 1006):
    /// `ESC [ < button ; column ; line M` (from 1), `m` for a release.
    func testSGRMouseReports() throws {
        let session = try TmuxSession("samples/orders.json -i", width: 60, height: 12, environment: "TERM=xterm-256color")
        _ = try session.screen(showing: "row 1/24")
        XCTAssertEqual(try session.display("#{mouse_sgr_flag}"), "1")
        try session.send(literal: "\u{1B}[<0;5;5M\u{1B}[<0;5;5m")
        _ = try session.screen(showing: "row 3/24")
        try session.send(literal: "\u{1B}[<65;5;5M")
        _ = try session.screen(showing: "row 6/24")
        try session.send("q")
        XCTAssertEqual(try session.exited().status, 0)
    }

    /// `y` and `Y` put the cell and the row on the clipboard through OSC 52, which tmux takes
    /// into a paste buffer with `set-clipboard on`; the status line says what was copied.
    func testYAndShiftYCopyTheCellAndTheRow() throws {
        let session = try TmuxSession("samples/customers.csv -i", width: 70, height: 10)
        try session.acceptClipboard()
        _ = try session.screen(showing: "row 1/10")
        try session.send("l", "y")
        _ = try session.screen(showing: "copied 'Ada Lovelace'")
        XCTAssertEqual(try session.pasteBuffer(), "Ada Lovelace")
        try session.send("j", "j", "Y")
        try assertScreen(try session.screen(showing: "copied row 3 (csv)"), "copied-row")
        XCTAssertEqual(try session.pasteBuffer(), "3,山田 花子,Tokyo,JP,starter,3,29.00,2024-02-20,", "an unquoted empty cell stays unquoted")
        try session.send("q")
        let result = try session.exited()
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stdout, "", "copying marks nothing")
    }

    func testWithoutATerminalItIsAUsageError() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/setsid") else { throw skippedTest("setsid(1) is needed") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setsid")
        process.arguments = ["-w", ListviewProcess.binary.path, "samples/orders.json", "-i"]
        process.currentDirectoryURL = ListviewProcess.root
        process.environment = ["PATH": "/usr/bin:/bin", "LC_ALL": "C.UTF-8", "TERM": "xterm"]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 64)
        XCTAssertEqual(message, "listview: --interactive needs a terminal, and /dev/tty cannot be opened\n")
    }

    /// Sorted and grouped, a file larger than the memory budget is arranged on disk as a list past
    /// its budget is (runs merged), and every row is browsed from there.
    func testAFileLargerThanTheBudgetIsSortedAndGroupedOnDisk() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("listview-browse-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("big.jsonl")
        let lines = (0..<40_000).map { #"{"id":\#($0),"g":"g\#($0 % 3)","text":"row \#($0) of a file larger than the budget"}"# }
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: file)
        let session = try TmuxSession("'\(file.path)' --group-by g --sort id:desc --memory-limit 256KB --temp-dir '\(folder.path)' -i",
                                       width: 120, height: 8)
        let first = try session.screen(showing: "g: g0 · 13334 records")
        XCTAssertTrue(first.contains("39999  g0  row 39999 of a file"), first)
        try session.send("]")
        let second = try session.screen(showing: "row 13335/40000")
        XCTAssertTrue(second.contains("g: g2 · 13333 records"), second)
        XCTAssertTrue(second.contains("39998  g2  row 39998 of a file"), second)
        try session.send("G")
        let last = try session.screen(showing: "row 40000/40000")
        XCTAssertTrue(last.contains("    1  g1  row 1 of a file"), last)
        try session.send("q")
        XCTAssertEqual(try session.exited().status, 0)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["big.jsonl"])
    }

    /// In its own order, a file larger than the budget is browsed whole: the batches past half the
    /// budget go to disk and are read back as they are shown, searched, filtered and written.
    func testAFileLargerThanTheBudgetIsBrowsedWholeFromDisk() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("listview-browse-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("big.jsonl")
        let lines = (0..<40_000).map { #"{"id":\#($0),"text":"row \#($0) of a file larger than the budget"}"# }
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: file)
        let session = try TmuxSession("'\(file.path)' --memory-limit 256KB --temp-dir '\(folder.path)' -i", width: 120, height: 8)
        _ = try session.screen(showing: "row 1/40000")
        try session.send("G")
        let last = try session.screen(showing: "row 40000/40000")
        XCTAssertTrue(last.contains("39999  row 39999 of a file"), last)
        try session.send("g", "/")
        try session.send(literal: "row 30000 ")
        try session.send("Enter")
        let found = try session.screen(showing: "row 30001/40000")
        XCTAssertTrue(found.contains("30000  row 30000 of a file"), found)
        try session.send("m", "&")
        try session.send(literal: "id>39997")
        try session.send("Enter")
        let filtered = try session.screen(showing: "2 records")
        XCTAssertTrue(filtered.contains("39998  row 39998"), filtered)
        try session.send("m", "q")
        let result = try session.exited()
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, """
            {"id":30000,"text":"row 30000 of a file larger than the budget"}
            {"id":39998,"text":"row 39998 of a file larger than the budget"}

            """)
        // The spill folder went with the browser.
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["big.jsonl"])
    }
}
