import Foundation
import ListviewTestSupport
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

    /// Starts a sort of 3,000 rows from a pipe left open (so listview waits for more) with spill
    /// files in `folder`, through `/bin/sh -c 'SETUP; exec listview …'`, and returns once its
    /// runs are on disk: the process, its input and its output (nil: thrown away).
    private func startSpillingSort(setup: String = ":", keepOutput: Bool = false) throws -> (Process, Pipe, Pipe?) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "\(setup); exec \"$0\" --input jsonl --sort id:desc --temp-dir \"$1\" --no-pager --style jsonl",
                             ListviewProcess.binary.path, folder.path]
        process.environment = ["LISTVIEW_SPILL_BYTES": "512", "PATH": "/usr/bin:/bin", "COLUMNS": "80"]
        let (input, output) = (Pipe(), keepOutput ? Pipe() : nil)
        process.standardInput = input
        process.standardOutput = output ?? FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(Data(lines(3_000).utf8))
        let deadline = Date().addingTimeInterval(20)
        while leftBehind.isEmpty && Date() < deadline { usleep(5_000) }
        XCTAssertEqual(leftBehind.count, 1, "a spill folder while the runs are on disk")
        return (process, input, output)
    }

    func testNothingIsLeftAfterSIGINTOrSIGTERM() throws {
        for signal in [SIGINT, SIGTERM] {
            let (process, input, _) = try startSpillingSort()
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            try? input.fileHandleForWriting.close()
            XCTAssertEqual(process.terminationReason, .uncaughtSignal)
            XCTAssertEqual(process.terminationStatus, signal)
            XCTAssertEqual(leftBehind, [], "after signal \(signal)")
        }
    }

    /// SIGHUP ignored when listview starts (as `nohup` ignores it) stays ignored: the run goes
    /// on and ends as it would have. (SIGINT is caught even when ignored: see
    /// `AdversarialInputTests.testInterruptDuringALongLoadExits130`.)
    func testAHangupIgnoredAtTheStartStaysIgnored() throws {
        let (process, input, output) = try startSpillingSort(setup: "trap '' HUP", keepOutput: true)
        kill(process.processIdentifier, SIGHUP)
        usleep(100_000)
        input.fileHandleForWriting.write(Data(lines(10, from: 3_000).utf8))
        try input.fileHandleForWriting.close()
        let written = output?.fileHandleForReading.readDataToEndOfFile() ?? Data()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .exit)
        XCTAssertEqual(process.terminationStatus, 0)
        XCTAssertEqual(String(decoding: written, as: UTF8.self).split(separator: "\n").first, #"{"id":3009,"group":"g6","text":"row 3009"}"#)
        XCTAssertEqual(leftBehind, [])
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
        guard getuid() == 0 else { throw skippedTest("mounting a small tmpfs needs root") }
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

    /// A keyed diff past its budget (`--memory-limit`, or `LISTVIEW_MEMORY_LIMIT`) cuts both sides
    /// into partitions in `--temp-dir`: the same output, nothing left behind, and the list's errors.
    func testADiffPastItsBudgetLeavesNothingAndFailsAsAListDoes() throws {
        let old = try write(lines(3_000), as: "old.jsonl")
        let new = try write(lines(2_900, from: 150), as: "new.jsonl")
        let key = ["--key", "id", "--style", "jsonl"]
        let inMemory = try ListviewProcess.run(["diff", old, new] + key)
        XCTAssertEqual(inMemory.status, 1, inMemory.stderr)
        XCTAssertEqual(inMemory.stdout.split(separator: "\n").count, 200)
        // Standard input as the old side, 64 KB for the whole diff: partitions on disk.
        let partitioned = try ListviewProcess.run(["diff", "-", new, "--memory-limit", "64KB", "--temp-dir", folder.path] + key,
                                                  stdinText: lines(3_000))
        XCTAssertEqual(partitioned.status, 1, partitioned.stderr)
        XCTAssertEqual(partitioned.stdout, inMemory.stdout)
        XCTAssertEqual(leftBehind.sorted(), ["new.jsonl", "old.jsonl"], "the inputs alone")
        // The environment's budget, a folder that cannot hold the partitions: status 74.
        let missing = folder.appendingPathComponent("no/such/folder").path
        let unwritable = try ListviewProcess.run(["diff", old, new, "--temp-dir", missing] + key,
                                                 environment: ["LISTVIEW_MEMORY_LIMIT": "8KB"])
        XCTAssertEqual(unwritable.status, 74)
        XCTAssertEqual(unwritable.stderr, "listview: cannot write spill files in \(missing): No such file or directory (choose another folder with --temp-dir)\n")
        XCTAssertEqual(unwritable.stdout, "")
        // A budget smaller than one record: status 70.
        let tooSmall = try ListviewProcess.run(["diff", old, new, "--memory-limit", "20", "--temp-dir", folder.path] + key)
        XCTAssertEqual(tooSmall.status, 70)
        XCTAssertTrue(tooSmall.stderr.hasPrefix("listview: the memory limit of 20 B cannot be kept: one record needs "), tooSmall.stderr)
        XCTAssertEqual(tooSmall.stdout, "")
        XCTAssertEqual(leftBehind.sorted(), ["new.jsonl", "old.jsonl"], "the inputs alone")
    }

    private func write(_ text: String, as name: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// Differences that would not fit the budget to be written in order: one line, status 70.
    func testADiffWhoseDifferencesPassTheBudgetIsStatus70() throws {
        let result = try ListviewProcess.run(["diff", "Tests/EndToEndTests/Fixtures/diff-many-old.jsonl",
                                              "Tests/EndToEndTests/Fixtures/diff-many-new.csv", "--key", "id", "--memory-limit", "1KB",
                                              "--temp-dir", folder.path])
        XCTAssertEqual(result.status, 70)
        XCTAssertEqual(result.stdout, "")
        XCTAssertTrue(result.stderr.hasPrefix("listview: the memory limit of 1.0 KB cannot be kept: holding the differences found needs "),
                      result.stderr)
        XCTAssertEqual(leftBehind, [])
    }
}
