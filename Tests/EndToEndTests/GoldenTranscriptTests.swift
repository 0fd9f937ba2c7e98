import Foundation
import XCTest

/// Runs every transcript in `Golden/` (see `GoldenFile`): adding `Golden/NAME.txt` adds a case,
/// with no Swift to write. `RECORD_GOLDEN=1` re-records them all from their own command lines.
final class GoldenTranscriptTests: XCTestCase {
    /// Each transcript's command runs twice; the first run must give the whole transcript, byte for
    /// byte, and the second the same. Every failing transcript is reported, each by its file name.
    func testEveryTranscript() {
        for failure in GoldenFile.checkAll() {
            XCTFail(failure)
        }
    }

    /// The same transcripts with every sorted or grouped list sorted on disk in runs of a few
    /// rows (`LISTVIEW_SPILL_BYTES`): spilling never changes a byte of the output.
    func testEveryTranscriptWithSpillingForced() {
        for failure in GoldenFile.checkAll(recording: false, environment: ["LISTVIEW_SPILL_BYTES": "256"]) {
            XCTFail("spilling forced: " + failure)
        }
    }

    // MARK: The check itself can fail

    private var scratch: URL!

    override func setUpWithError() throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("listview-golden-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        if let scratch { try? FileManager.default.removeItem(at: scratch) }
    }

    /// Writes a fresh transcript of `command` into the scratch folder as `name`, changed by `edit`.
    private func record(_ command: TranscriptCommand, as name: String, edit: (String) -> String = { $0 }) throws {
        let result = try ListviewProcess.run(command.arguments, stdinFile: command.stdinFile)
        try Data(edit(GoldenFile.transcript(command, result)).utf8).write(to: scratch.appendingPathComponent(name))
    }

    private let missingFile = TranscriptCommand(arguments: ["no/such/file.json"])
    private let fromStdin = TranscriptCommand(arguments: ["--fields", "name,city", "--limit", "3"], stdinFile: "samples/customers.csv")

    func testAFolderWithoutTranscriptsFails() throws {
        try Data("not a transcript".utf8).write(to: scratch.appendingPathComponent("README"))
        XCTAssertEqual(GoldenFile.checkAll(in: scratch, recording: false), ["no transcripts (*.txt) in \(scratch.path)"])
    }

    func testEveryFailingTranscriptIsReportedByFileAndFirstDifferingLine() throws {
        try record(missingFile, as: "a-intact.txt")
        try record(missingFile, as: "b-status.txt") {
            $0.replacingOccurrences(of: #"--- status \d+"#, with: "--- status 99", options: .regularExpression)
        }
        try record(fromStdin, as: "c-stdout.txt") { $0.replacingOccurrences(of: "--- stdout\n", with: "--- stdout\nan extra line\n") }
        try record(fromStdin, as: "d-no-prompt.txt") { String($0.dropFirst(2)) }
        try record(fromStdin, as: "e-unquoted.txt") { $0.replacingOccurrences(of: "--limit 3", with: "--limit \"3\"") }
        try record(fromStdin, as: "f-no-output.txt") { $0.components(separatedBy: "\n")[0] + "\n" }

        let failures = GoldenFile.checkAll(in: scratch, recording: false)
        XCTAssertEqual(failures.count, 5, failures.joined(separator: "\n"))
        guard failures.count == 5 else { return }
        XCTAssertTrue(failures[0].hasPrefix("b-status.txt: the run differs from the transcript (RECORD_GOLDEN=1 re-records):\nline "), failures[0])
        XCTAssertTrue(failures[0].contains(":\n  expected: \"--- status 99\"\n  actual:   \"--- status "), failures[0])
        XCTAssertTrue(failures[1].hasPrefix("c-stdout.txt: the run differs from the transcript"), failures[1])
        XCTAssertTrue(failures[1].contains("\nline 3:\n  expected: \"an extra line\"\n"), failures[1])
        XCTAssertTrue(failures[2].hasPrefix("d-no-prompt.txt: the command line does not start with `$ listview`"), failures[2])
        XCTAssertTrue(failures[3].hasPrefix("e-unquoted.txt: \"\\\"\" must be quoted at column 39 "), failures[3])
        XCTAssertEqual(failures[4], "f-no-output.txt: no `--- stdout` line after the command line")
    }

    func testRecordingRewritesATranscriptFromItsCommandLine() throws {
        try record(fromStdin, as: "fresh.txt")
        try record(fromStdin, as: "stale.txt") { $0.replacingOccurrences(of: "--- status 0", with: "--- status 1") }
        XCTAssertEqual(GoldenFile.checkAll(in: scratch, recording: true), [])
        XCTAssertEqual(try Data(contentsOf: scratch.appendingPathComponent("stale.txt")),
                       try Data(contentsOf: scratch.appendingPathComponent("fresh.txt")))
        XCTAssertEqual(GoldenFile.checkAll(in: scratch, recording: false), [])
    }
}
