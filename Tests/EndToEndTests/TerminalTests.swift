import Foundation
import ListviewTestSupport
import XCTest

/// Behaviour that only shows on a terminal (pager, colour, width), run under `script` for a pseudo-terminal.
final class TerminalTests: XCTestCase {
    /// Runs listview on a pseudo-terminal with `environment`; returns what the terminal received.
    private func onTerminal(_ arguments: String, environment: [String: String], stdin: String = "") throws -> String {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else {
            throw skippedTest("script(1) from util-linux is needed for a pseudo-terminal")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qc", "\(stdin) \(ListviewProcess.binary.path) \(arguments)", "/dev/null"]
        process.currentDirectoryURL = ListviewProcess.root
        var base = ["PATH": "/usr/bin:/bin", "LC_ALL": "C.UTF-8", "TERM": "xterm", "LINES": "10", "COLUMNS": "60"]
        base.merge(environment) { $1 }
        process.environment = base
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
    }

    func testOutputTallerThanTheScreenGoesThroughThePager() throws {
        let paged = try onTerminal("samples/orders.json --fields id --color never", environment: ["LISTVIEW_PAGER": "wc -l"])
        XCTAssertEqual(paged.trimmingCharacters(in: .whitespacesAndNewlines), "25")
        let short = try onTerminal("samples/orders.json --fields id --limit 2 --color never", environment: ["LISTVIEW_PAGER": "wc -l"])
        XCTAssertEqual(short, "  id\n1001\n1002\n")
        let off = try onTerminal("samples/orders.json --fields id --no-pager --color never", environment: ["LISTVIEW_PAGER": "wc -l"])
        XCTAssertEqual(off.split(separator: "\n").count, 25)
    }

    func testPagerFallsBackToPAGERAndEmptyMeansNone() throws {
        let viaPager = try onTerminal("samples/orders.json --fields id --color never", environment: ["PAGER": "wc -l"])
        XCTAssertEqual(viaPager.trimmingCharacters(in: .whitespacesAndNewlines), "25")
        let none = try onTerminal("samples/orders.json --fields id --color never", environment: ["LISTVIEW_PAGER": ""])
        XCTAssertEqual(none.split(separator: "\n").count, 25)
    }

    func testColourOnATerminalUnlessNO_COLOR() throws {
        let coloured = try onTerminal("samples/orders.json --fields id,note --limit 1 --no-pager", environment: [:])
        XCTAssertEqual(coloured, "\u{1B}[1;4m  id  note\u{1B}[0m\n1001  \u{1B}[2mnull\u{1B}[0m\n")
        let plain = try onTerminal("samples/orders.json --fields id,note --limit 1 --no-pager", environment: ["NO_COLOR": "1"])
        XCTAssertEqual(plain, "  id  note\n1001  null\n")
        let dumb = try onTerminal("samples/orders.json --fields id,note --limit 1 --no-pager", environment: ["TERM": "dumb"])
        XCTAssertEqual(dumb, "  id  note\n1001  null\n")
    }

    /// `--chart` on a terminal: the longest bar fills the terminal's width (COLUMNS), and the bars,
    /// drawn in characters rather than colours, are the same under NO_COLOR.
    func testTheChartFillsTheTerminalWithOrWithoutColour() throws {
        let arguments = "samples/orders.json --group-by status --counts --chart --no-pager"
        let coloured = try onTerminal(arguments, environment: [:])
        let plain = try onTerminal(arguments, environment: ["NO_COLOR": "1"])
        XCTAssertEqual(coloured, plain)
        let lines = plain.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first?.hasPrefix("status: delivered  8  ████"), true, plain)
        XCTAssertEqual(lines.first.map { $0.unicodeScalars.count }, 60, "label, count and bar fill the 60 columns")
        XCTAssertEqual(lines.last, "24 records in 4 sections")
        let narrow = try onTerminal(arguments, environment: ["COLUMNS": "40"])
        XCTAssertEqual(narrow.split(separator: "\n").first.map { $0.unicodeScalars.count }, 40)
    }

    func testTerminalWidthFromCOLUMNS() throws {
        let narrow = try onTerminal("samples/orders.json --fields id,customer --limit 1 --no-pager --color never", environment: ["COLUMNS": "30"])
        XCTAssertEqual(narrow, "  id  customer\n1001  {\"name\":\"Maya Goldberg\"…\n")
    }

    /// A load over a second shows `reading …` on the terminal, erased before the output starts.
    func testSlowLoadShowsAnIndicatorThatIsGoneBeforeTheOutput() throws {
        let shown = try onTerminal("--fields id --limit 1 --sort id --no-pager --color never",
                                   environment: [:], stdin: "(sleep 1.6; cat samples/orders.json) |")
        XCTAssertTrue(shown.hasPrefix("\rlistview: reading standard input… 1 s\u{1B}[K"), shown)
        XCTAssertTrue(shown.hasSuffix("\r\u{1B}[K  id\n1001\n"), shown)
        let quick = try onTerminal("--fields id --limit 1 --sort id --no-pager --color never",
                                   environment: [:], stdin: "cat samples/orders.json |")
        XCTAssertEqual(quick, "  id\n1001\n")
    }

    /// Once rows spill to disk, the indicator says how much is read and how many runs are on disk.
    func testASlowSpillingLoadShowsItsRuns() throws {
        let shown = try onTerminal("--input jsonl --fields kind --limit 1 --sort ts --no-pager --color never",
                                   environment: ["LISTVIEW_SPILL_BYTES": "256"],
                                   stdin: "(cat samples/events.jsonl; sleep 1.6; cat samples/events.jsonl) |")
        XCTAssertTrue(shown.hasPrefix("\rlistview: sorting standard input… "), shown)
        XCTAssertTrue(shown.contains(" on disk · 1 s\u{1B}[K"), shown)
        XCTAssertTrue(shown.hasSuffix("\r\u{1B}[Kkind\nlogin\n"), shown)
    }

    func testNoInputAtATerminalIsAHintNotAWait() throws {
        let hint = try onTerminal("--no-pager", environment: [:])
        XCTAssertTrue(hint.hasPrefix("listview: no input: give a file (listview data.json) or pipe records in"), hint)
    }

    func testMachineStylesOnATerminalEscapeControls() throws {
        let csv = try onTerminal("Tests/EndToEndTests/Fixtures/bidi-controls.csv --style csv --no-pager", environment: [:])
        XCTAssertEqual(csv, "name,comment\nreport.txt,file \\u{202e}exe.txt\nalarm,ring\\a \\e[2J cleared\n")
        let paged = try onTerminal("Tests/EndToEndTests/Fixtures/bidi-controls.csv --style jsonl", environment: ["LISTVIEW_PAGER": "cat"])
        XCTAssertEqual(paged, "{\"name\":\"report.txt\",\"comment\":\"file \\u{202e}exe.txt\"}\n"
                       + "{\"name\":\"alarm\",\"comment\":\"ring\\u0007 \\u001b[2J cleared\"}\n")
    }
}
