import Foundation
import XCTest

/// Compares a run of `listview` with a transcript kept in `Golden/NAME.txt`.
///
/// A transcript holds the command, its stdout, its stderr and its exit status.
/// Set `RECORD_GOLDEN=1` to write the transcripts anew from the current binary.
enum GoldenFile {
    static let directory = ListviewProcess.root.appendingPathComponent("Tests/EndToEndTests/Golden")

    static func transcript(arguments: [String], stdin: String?, result: ListviewProcess.Result) -> String {
        var command = "$ listview " + arguments.map(shellQuoted).joined(separator: " ")
        if let stdin { command += " < \(stdin)" }
        return """
        \(command)
        --- stdout
        \(result.stdout)--- stderr
        \(result.stderr)--- status \(result.status)

        """
    }

    static func shellQuoted(_ word: String) -> String {
        let plain = word.allSatisfy { $0.isLetter || $0.isNumber || "-_./:,=".contains($0) }
        return plain && !word.isEmpty ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    static func assertMatches(_ name: String, _ arguments: [String], stdinFile: String? = nil,
                              environment: [String: String] = [:], file: StaticString = #filePath, line: UInt = #line) throws {
        let result = try ListviewProcess.run(arguments, stdinFile: stdinFile, environment: environment)
        // Determinism: a second run gives the same bytes, stderr and status.
        let again = try ListviewProcess.run(arguments, stdinFile: stdinFile, environment: environment)
        if again != result {
            XCTFail("a second run of \(name) differs:\n\(firstDifference(transcript(arguments: arguments, stdin: stdinFile, result: result), transcript(arguments: arguments, stdin: stdinFile, result: again)))",
                    file: file, line: line)
        }
        let actual = transcript(arguments: arguments, stdin: stdinFile, result: result)
        let url = directory.appendingPathComponent("\(name).txt")
        if ProcessInfo.processInfo.environment["RECORD_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: url)
            return
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            XCTFail("no golden file \(url.path); run with RECORD_GOLDEN=1 to record it", file: file, line: line)
            return
        }
        if expected != actual {
            XCTFail("output differs from \(name).txt (RECORD_GOLDEN=1 re-records):\n\(firstDifference(expected, actual))",
                    file: file, line: line)
        }
    }

    static func firstDifference(_ expected: String, _ actual: String) -> String {
        let a = expected.components(separatedBy: "\n"), b = actual.components(separatedBy: "\n")
        for index in 0..<max(a.count, b.count) {
            let left = index < a.count ? a[index] : "<end>", right = index < b.count ? b[index] : "<end>"
            if left != right { return "line \(index + 1):\n  expected: \(left)\n  actual:   \(right)" }
        }
        return "(no line differs)"
    }
}
