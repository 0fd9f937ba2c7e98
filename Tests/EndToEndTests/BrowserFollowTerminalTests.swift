import Foundation
import ListviewTestSupport
import XCTest

/// `listview -i --follow` in a real terminal (tmux): records appended to a file, or written
/// into a FIFO, show while it runs, the cursor on the last row stays there, and the status
/// line says `following`. Screens are compared with golden screens (`assertScreen`).
final class BrowserFollowTerminalTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        guard TmuxSession.isAvailable else { throw skippedTest("tmux is needed (make deps installs it)") }
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("listview-follow-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    /// Appends `text` to the file `name` in the test's folder, as a logger writes a line.
    private func append(_ text: String, to name: String) throws {
        let handle = try FileHandle(forWritingTo: folder.appendingPathComponent(name))
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(text.utf8))
    }

    func testAGrowingJSONLinesFileShowsNewRecordsWithTheCursorOnTheLast() throws {
        try Data("""
            {"id":1,"level":"info","msg":"started"}
            {"id":2,"level":"info","msg":"listening on :8080"}

            """.utf8).write(to: folder.appendingPathComponent("app.jsonl"))
        let session = try TmuxSession("app.jsonl -i --follow", width: 60, height: 10, directory: folder)
        _ = try session.screen(showing: "row 2/2 · following")
        // Two whole records and the start of a third: the cut-off record waits for its end.
        try append(#"{"id":3,"level":"warn","msg":"slow request"}"# + "\n" + #"{"id":4,"level":"error","msg":"#, to: "app.jsonl")
        _ = try session.screen(showing: "row 3/3 · following")
        try append(#""disk full"}"# + "\n", to: "app.jsonl")
        try assertScreen(try session.screen(showing: "row 4/4 · following"), "follow-jsonl")
        // Moved up, the cursor stays where it is while records arrive; G follows them again.
        try session.send("k", "m")
        _ = try session.screen(showing: "row 3/4 · following · 1 marked")
        try append(#"{"id":5,"level":"info","msg":"retrying"}"# + "\n", to: "app.jsonl")
        _ = try session.screen(showing: "row 3/5 · following · 1 marked")
        try session.send("G")
        _ = try session.screen(showing: "row 5/5 · following · 1 marked")
        try append(#"{"id":6,"level":"info","msg":"recovered"}"# + "\n", to: "app.jsonl")
        _ = try session.screen(showing: "row 6/6 · following · 1 marked")
        try session.send("q")
        let result = try session.exited()
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, #"{"id":3,"level":"warn","msg":"slow request"}"# + "\n")
    }

    func testAGrowingCSVFileIsFollowedRowByRow() throws {
        try Data("id,city,temp\n1,Oslo,-3.5\n".utf8).write(to: folder.appendingPathComponent("temps.csv"))
        let session = try TmuxSession("temps.csv -i --follow", width: 50, height: 8, directory: folder)
        _ = try session.screen(showing: "row 1/1 · following")
        // A quoted field with a line break inside arrives in two writes: one row, once it ends.
        try append("2,\"Lagos,\nNG\",31\n3,Lim", to: "temps.csv")
        _ = try session.screen(showing: "row 2/2 · following")
        try append("a,19.25\n", to: "temps.csv")
        try assertScreen(try session.screen(showing: "row 3/3 · following"), "follow-csv")
        try session.send("q")
        XCTAssertEqual(try session.exited().status, 0)
    }

    /// A FIFO stays open between writes: each record shows once its line is written, not when a
    /// chunk fills or the writer closes.
    func testRecordsWrittenIntoAFIFOShowAsTheyArrive() throws {
        let fifo = folder.appendingPathComponent("feed")
        XCTAssertEqual(mkfifo(fifo.path, 0o600), 0)
        let session = try TmuxSession("--input jsonl -i --follow < feed", width: 60, height: 8, directory: folder)
        // The shell opens the FIFO for reading when it starts listview: until then, no writer can open it.
        var writer: Int32 = -1
        let deadline = Date().addingTimeInterval(10)
        while writer < 0 && Date() < deadline {
            writer = open(fifo.path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
            if writer < 0 { Thread.sleep(forTimeInterval: 0.05) }
        }
        XCTAssertGreaterThanOrEqual(writer, 0, "listview never opened the FIFO")
        defer { close(writer) }
        func write(_ text: String) { XCTAssertEqual(text.utf8CString.withUnsafeBytes { Glibc.write(writer, $0.baseAddress, $0.count - 1) }, text.utf8.count) }
        write(#"{"n":1,"word":"one"}"# + "\n" + #"{"n":2,"word":"two"}"# + "\n")
        _ = try session.screen(showing: "row 2/2 · following")
        write(#"{"n":3,"word":"three"}"# + "\n")
        try assertScreen(try session.screen(showing: "row 3/3 · following"), "follow-pipe")
        try session.send("q")
        XCTAssertEqual(try session.exited().status, 0, "q ends the browser while the writer keeps the FIFO open")
    }
}
