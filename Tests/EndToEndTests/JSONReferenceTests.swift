import Foundation
import XCTest

/// The JSON reader against Python's `json` (`Support/json_reference.py`): random records (member
/// order, duplicate keys, numbers of every shape as their text, every escape, surrogate pairs,
/// nesting, scalars as records) as JSON Lines and as JSON arrays of several layouts, read from
/// a file (simdjson) and from standard input, written back with `--style jsonl`, are the values
/// Python reads, record for record. Seeded by case number, so a failure repeats.
final class JSONReferenceTests: XCTestCase {
    func testRecordsAreWhatPythonReads() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("json-reference-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = ListviewProcess.root.appendingPathComponent("Tests/EndToEndTests/Support/json_reference.py").path
        let cases = 40
        let made = try RoundTripTests.runTool("/usr/bin/env", ["python3", script, "make", directory.path, String(cases)])
        XCTAssertEqual(made.status, 0, made.output)
        let files = (1...cases).flatMap { ["\($0).jsonl", "\($0).json"] }
        let runs = ListviewProcess.inParallel(files.count) { index in
            let input = directory.appendingPathComponent(files[index]).path
            let format = files[index].hasSuffix(".jsonl") ? "jsonl" : "json"
            // Every other case is piped: yajl reads standard input, simdjson a regular file.
            return Result {
                index % 4 < 2 ? try ListviewProcess.run([input, "--style", "jsonl"])
                    : try ListviewProcess.run(["-", "--input", format, "--style", "jsonl"], stdinText: String(contentsOfFile: input, encoding: .utf8))
            }
        }
        for (file, run) in zip(files, runs) {
            let result = try run.get()
            XCTAssertEqual(result.status, 0, "\(file): \(result.stderr)")
            try result.stdout.write(toFile: directory.appendingPathComponent(file + ".out").path, atomically: true, encoding: .utf8)
        }
        let checked = try RoundTripTests.runTool("/usr/bin/env", ["python3", script, "check", directory.path, String(cases)])
        XCTAssertEqual(checked.status, 0, checked.output)
        XCTAssertTrue(checked.output.contains(" 0 files differ"), checked.output)
    }
}
