import Foundation
import XCTest

/// Spill files leave nothing behind in `--temp-dir`: not after success, an error, SIGINT or
/// SIGTERM; a folder that cannot hold them is one line and status 74.
final class SpillFilesTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("listview-spill-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    private var leftBehind: [String] { (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? ["(unreadable)"] }

    private func lines(_ count: Int, from start: Int = 0) -> String {
        (start..<start + count).map { #"{"id":\#($0),"group":"g\#($0 % 7)","text":"row \#($0)"}"# }.joined(separator: "\n") + "\n"
    }

    func testNothingIsLeftAfterSuccessOrAnError() throws {
        let spill = ["LISTVIEW_SPILL_BYTES": "512"]
        let sorted = try ListviewProcess.run(["--input", "jsonl", "--group-by", "group", "--sort", "id:desc", "--temp-dir", folder.path,
                                              "--style", "jsonl"], stdinText: lines(2_000), environment: spill)
        XCTAssertEqual(sorted.status, 0, sorted.stderr)
        // Sections in the order of their first rows: g4 holds the highest id.
        XCTAssertEqual(sorted.stdout.split(separator: "\n").first, #"{"group":"g4","id":1999,"text":"row 1999"}"#)
        XCTAssertEqual(sorted.stdout.split(separator: "\n").count, 2_000)
        XCTAssertEqual(leftBehind, [])
        let broken = try ListviewProcess.run(["--input", "jsonl", "--sort", "id", "--temp-dir", folder.path],
                                             stdinText: lines(2_000) + "{\"id\": oops}\n", environment: spill)
        XCTAssertEqual(broken.status, 65)
        XCTAssertEqual(broken.stderr, "listview: <stdin>:2001:8: invalid char in json text\n".replacingOccurrences(of: "<stdin>", with: stdinName(broken.stderr)))
        XCTAssertEqual(leftBehind, [])
    }

    /// The name errors give standard input (whatever it is, the rest of the line is what matters).
    private func stdinName(_ stderr: String) -> String {
        String(stderr.dropFirst("listview: ".count).prefix { $0 != ":" })
    }

    func testNothingIsLeftAfterSIGINTOrSIGTERM() throws {
        for signal in [SIGINT, SIGTERM] {
            let process = Process()
            process.executableURL = ListviewProcess.binary
            process.arguments = ["--input", "jsonl", "--sort", "id:desc", "--temp-dir", folder.path, "--no-pager"]
            process.environment = ["LISTVIEW_SPILL_BYTES": "512", "PATH": "/usr/bin:/bin", "COLUMNS": "80"]
            let input = Pipe()
            process.standardInput = input
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            // Rows enough for runs on disk; the input stays open, so listview waits for more.
            input.fileHandleForWriting.write(Data(lines(3_000).utf8))
            let deadline = Date().addingTimeInterval(20)
            while leftBehind.isEmpty && Date() < deadline { usleep(5_000) }
            XCTAssertEqual(leftBehind.count, 1, "a spill folder while the runs are on disk")
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            try? input.fileHandleForWriting.close()
            XCTAssertEqual(process.terminationReason, .uncaughtSignal)
            XCTAssertEqual(process.terminationStatus, signal)
            XCTAssertEqual(leftBehind, [], "after signal \(signal)")
        }
    }

    func testAFolderThatCannotHoldThemIsStatus74() throws {
        let missing = folder.appendingPathComponent("no/such/folder").path
        let result = try ListviewProcess.run(["--input", "jsonl", "--sort", "id", "--temp-dir", missing], stdinText: lines(100),
                                             environment: ["LISTVIEW_SPILL_BYTES": "512"])
        XCTAssertEqual(result.status, 74)
        XCTAssertEqual(result.stderr, "listview: cannot write spill files in \(missing): No such file or directory (choose another folder with --temp-dir)\n")
        XCTAssertEqual(result.stdout, "")
    }

    /// A temp folder that fills up (a 64 KiB tmpfs, mounted by root) is one line naming it and
    /// `--temp-dir`, status 74, nothing on stdout, and no spill folder left in it.
    func testAFullDiskIsStatus74NamingTheFolder() throws {
        guard getuid() == 0 else { throw XCTSkip("mounting a small tmpfs needs root") }
        let tiny = folder.appendingPathComponent("tiny").path
        try FileManager.default.createDirectory(atPath: tiny, withIntermediateDirectories: true)
        let mounted = try ListviewProcess.shell("mount -t tmpfs -o size=64k tmpfs '\(tiny)'")
        XCTAssertEqual(mounted, 0, "mount a 64 KiB tmpfs")
        defer { _ = try? ListviewProcess.shell("umount '\(tiny)'") }
        let rows = (0..<20_000).map { #"{"id":\#($0),"text":"\#(String(repeating: "x", count: 40))"}"# }.joined(separator: "\n") + "\n"
        let result = try ListviewProcess.run(["--input", "jsonl", "--sort", "id:desc", "--temp-dir", tiny, "--memory-limit", "100KB"],
                                             stdinText: rows)
        XCTAssertEqual(result.status, 74)
        XCTAssertEqual(result.stderr, "listview: cannot write spill files in \(tiny): No space left on device (choose another folder with --temp-dir)\n")
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: tiny), [])
    }
}
