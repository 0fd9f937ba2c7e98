import Foundation

/// A golden transcript, `Golden/NAME.txt`: a command line, then what `listview` wrote and how it ended.
///
/// ```
/// $ listview ARGS [< STDIN_FILE]
/// --- stdout
/// …--- stderr
/// …--- status N
/// ```
///
/// The command line (`TranscriptCommand`) is all that is needed to run the case again, so adding a
/// file adds a test (`GoldenTranscriptTests`). The whole transcript is compared byte for byte.
/// Set `RECORD_GOLDEN=1` to write every transcript anew from its own command line.
struct GoldenFile {
    /// Where the transcripts are kept.
    static let directory = ListviewProcess.root.appendingPathComponent("Tests/EndToEndTests/Golden")

    /// True when `RECORD_GOLDEN=1`: transcripts are written, not compared.
    static var isRecording: Bool { ProcessInfo.processInfo.environment["RECORD_GOLDEN"] == "1" }

    /// What separates the command line from the output.
    private static let stdoutMarker = "\n--- stdout\n"

    let url: URL

    /// The file name, as failure messages name the transcript.
    var name: String { url.lastPathComponent }

    /// Every `*.txt` transcript in `directory`, sorted by file name.
    static func all(in directory: URL = directory) throws -> [GoldenFile] {
        try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "txt" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
            .map(GoldenFile.init(url:))
    }

    /// Checks (or records) every transcript in `directory`; returns one message per failing transcript,
    /// and one when there is no transcript at all. An empty result means every transcript holds.
    static func checkAll(in directory: URL = directory, recording: Bool = isRecording, environment: [String: String] = [:]) -> [String] {
        let files: [GoldenFile]
        do { files = try all(in: directory) } catch { return ["cannot list transcripts in \(directory.path): \(error)"] }
        if files.isEmpty { return ["no transcripts (*.txt) in \(directory.path)"] }
        return ListviewProcess.inParallel(files.count) { files[$0].check(recording: recording, environment: environment) }.compactMap { $0 }
    }

    /// The text a transcript of `command` holds after a run that gave `result`.
    static func transcript(_ command: TranscriptCommand, _ result: ListviewProcess.Result) -> String {
        """
        \(command.line)
        --- stdout
        \(result.stdout)--- stderr
        \(result.stderr)--- status \(result.status)

        """
    }

    /// Runs the transcript's command twice (a second run must give the same result) and compares the
    /// transcript with the first run, or rewrites it when `recording`. Returns a message naming the
    /// transcript and the first differing line, or nil when it holds.
    func check(recording: Bool, environment: [String: String] = [:]) -> String? {
        do {
            let expected = try Data(contentsOf: url)
            let command = try TranscriptCommand(parsing: Self.commandText(of: String(decoding: expected, as: UTF8.self)))
            let result = try ListviewProcess.run(command.arguments, stdinFile: command.stdinFile, environment: environment)
            let again = try ListviewProcess.run(command.arguments, stdinFile: command.stdinFile, environment: environment)
            let actual = Data(Self.transcript(command, result).utf8)
            if again != result {
                let second = Data(Self.transcript(command, again).utf8)
                return "\(name): a second run differs from the first:\n\(Self.firstDifference(actual, second, labels: ("first", "second")))"
            }
            if recording {
                if actual != expected { try actual.write(to: url) }
                return nil
            }
            if actual != expected {
                return "\(name): the run differs from the transcript (RECORD_GOLDEN=1 re-records):\n\(Self.firstDifference(expected, actual))"
            }
            return nil
        } catch {
            return "\(name): \(error)"
        }
    }

    /// The command line: everything before the first `--- stdout` line.
    private static func commandText(of transcript: String) throws -> String {
        guard let marker = transcript.range(of: stdoutMarker) else {
            throw TranscriptCommand.ParseError(description: "no `--- stdout` line after the command line")
        }
        return String(transcript[..<marker.lowerBound])
    }

    /// The first line (1-based) where `expected` and `actual` differ, each shown escaped under its label.
    static func firstDifference(_ expected: Data, _ actual: Data,
                                labels: (String, String) = ("expected", "actual")) -> String {
        let a = expected.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let b = actual.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        func shown(_ lines: [Data], _ index: Int) -> String {
            index < lines.count ? String(decoding: lines[index], as: UTF8.self).debugDescription : "<end of transcript>"
        }
        let differs = { (index: Int) in index >= a.count || index >= b.count || a[index] != b[index] }
        guard let index = (0..<max(a.count, b.count)).first(where: differs) else { return "(no line differs)" }
        let width = max(labels.0.count, labels.1.count) + 1
        func label(_ text: String) -> String { (text + ":").padding(toLength: width, withPad: " ", startingAt: 0) }
        return "line \(index + 1):\n  \(label(labels.0)) \(shown(a, index))\n  \(label(labels.1)) \(shown(b, index))"
    }
}
