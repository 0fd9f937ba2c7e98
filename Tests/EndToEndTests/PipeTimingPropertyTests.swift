import Foundation
import ListviewTestSupport
import XCTest

/// The same bytes give the same output however a pipe delivers them: in one piece from a file, or
/// in random pieces with random pauses between them (issue 40 §1). The format is sniffed from
/// content, never from what the first read happened to hold.
final class PipeTimingPropertyTests: XCTestCase {
    /// Inputs with no name to tell their format: each is sniffed.
    private let inputs: [(name: String, text: String)] = [
        ("JSON Lines", "{\"level\":\"info\",\"msg\":\"ok\"}\n{\"level\":\"error\",\"msg\":\"disk full\"}\n{\"level\":\"error\"}\n"),
        ("JSON Lines of arrays", "\n\n[1,\"a\"]\n[2,\"b\"]\n"),
        ("pretty JSON array", "[\n  {\"level\": \"error\", \"n\": 1},\n  {\"level\": \"info\", \"n\": 2}\n]\n"),
        ("one-line JSON object", "{\"level\":\"error\",\"msg\":\"only one\"}\n"),
        ("one-line JSON array", "[{\"level\":\"error\"},{\"level\":\"info\"}]"),
        ("CSV", "level,msg\nerror,\"a, b\"\ninfo,c\n"),
        ("TSV", "level\tmsg\nerror\ta\ninfo\tb\n"),
        ("semicolon CSV", "level;msg\nerror;a\ninfo;b\n"),
        ("JSON scalar", "\"error\"\n"),
        ("trailing garbage", "{\"level\":\"error\"} x\n"),
    ]

    private let commands: [[String]] = [
        ["--style", "jsonl"],
        ["--where", "level=error", "--style", "csv"],
    ]

    func testEveryChunkingAndDelayGivesTheOutputOfTheWholeInput() throws {
        let seed: UInt64 = 0x5EED_0040
        var random = SeededRandom(state: seed)
        var cases: [(input: Int, command: Int, pieces: [Data], pauses: [UInt32])] = []
        for (index, input) in inputs.enumerated() {
            let bytes = Data(input.text.utf8)
            for command in commands.indices {
                for _ in 0..<2 {
                    // Cut points anywhere, a byte apart at the least; pauses of up to 30 ms.
                    let cuts = (0..<random.next(5) + 1).map { _ in random.next(bytes.count) }.sorted()
                    var pieces: [Data] = []
                    var start = 0
                    for cut in cuts + [bytes.count] where cut > start {
                        pieces.append(bytes.subdata(in: start..<cut))
                        start = cut
                    }
                    let pauses = pieces.map { _ in UInt32(random.next(30_000)) }
                    cases.append((index, command, pieces, pauses))
                }
            }
        }
        let failures = ListviewProcess.inParallel(cases.count) { number -> String? in
            let item = cases[number]
            let input = inputs[item.input], arguments = commands[item.command]
            do {
                let whole = try ListviewProcess.run(arguments, stdinText: input.text)
                let piped = try Self.run(arguments, pieces: item.pieces, pauses: item.pauses)
                guard piped == whole else {
                    return "seed \(seed), \(input.name), listview \(arguments.joined(separator: " ")), pieces "
                        + "\(item.pieces.map(\.count)): piped gave \(piped), whole gave \(whole)"
                }
                return nil
            } catch {
                return "\(input.name): \(error)"
            }
        }
        for failure in failures.compactMap({ $0 }) { XCTFail(failure) }
    }

    /// The issue's case, spelled out: a log's lines a second apart are JSON Lines.
    func testLinesASecondApartAreJSONLines() throws {
        let lines = ["{\"level\":\"info\",\"msg\":\"ok\"}\n", "{\"level\":\"error\"}\n"].map { Data($0.utf8) }
        let result = try Self.run(["--where", "level=error", "--style", "jsonl"], pieces: lines, pauses: [0, 500_000])
        XCTAssertEqual(result, ListviewProcess.Result(stdout: "{\"level\":\"error\"}\n", stderr: "", status: 0))
    }

    /// Runs listview with `pieces` written to its standard input through a pipe, each after its pause.
    private static func run(_ arguments: [String], pieces: [Data], pauses: [UInt32]) throws -> ListviewProcess.Result {
        let process = Process()
        process.executableURL = ListviewProcess.binary
        process.arguments = arguments
        process.currentDirectoryURL = ListviewProcess.root
        process.environment = ["PATH": "/usr/bin:/bin", "COLUMNS": "80", "LINES": "24", "LC_ALL": "C.UTF-8",
                               "NO_COLOR": "1", "TERM": "dumb"]
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let writer = Thread {
            // listview may stop reading (an error): the write then fails with EPIPE, and SIGPIPE,
            // blocked in this thread alone, is dropped with it.
            var pipeSignal = sigset_t()
            sigemptyset(&pipeSignal)
            sigaddset(&pipeSignal, SIGPIPE)
            pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
            let descriptor = input.fileHandleForWriting.fileDescriptor
            for (piece, pause) in zip(pieces, pauses) {
                usleep(pause)
                let written = piece.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
                if written < 0 { break }
            }
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        // Messages are one line: the pipe holds them while the output is read.
        let stdout = output.fileHandleForReading.readDataToEndOfFile()
        let stderr = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return ListviewProcess.Result(stdout: String(decoding: stdout, as: UTF8.self),
                                      stderr: String(decoding: stderr, as: UTF8.self), status: process.terminationStatus)
    }
}
