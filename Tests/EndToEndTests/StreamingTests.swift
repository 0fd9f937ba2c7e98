import Foundation
import ListviewTestSupport
import XCTest

/// Without sorting or grouping, a page is written before the input ends, and memory stays flat.
final class StreamingTests: XCTestCase {
    /// Runs `script` with `sh -c`, `$LISTVIEW` naming the binary; returns stdout, status and seconds taken.
    private func shell(_ script: String) throws -> (output: String, status: Int32, seconds: Double) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        process.environment = ["LISTVIEW": ListviewProcess.binary.path, "PATH": "/usr/bin:/bin", "COLUMNS": "80", "LC_ALL": "C.UTF-8"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        let start = Date()
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (String(decoding: data, as: UTF8.self), process.terminationStatus, Date().timeIntervalSince(start))
    }

    func testFirstPageAppearsWhileThePipeIsStillOpen() throws {
        // Half the input goes in and the pipe stays open: listview must print page 1 and exit without waiting.
        let process = Process()
        process.executableURL = ListviewProcess.binary
        process.arguments = ["--input", "csv", "--page-size", "3", "--fields", "id,name"]
        process.environment = ["COLUMNS": "80", "LC_ALL": "C.UTF-8"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(try Data(contentsOf: ListviewProcess.root.appendingPathComponent("samples/customers.csv")))
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        let finishedWhileOpen = !process.isRunning
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertTrue(finishedWhileOpen, "listview waited for the end of the input")
        XCTAssertEqual(text, "id  name\n 1  Ada Lovelace\n 2  Müller, Zoë\n 3  山田 花子\n\npage 1 · rows 1–3 · more follow\n")
    }

    /// Records from a pipe that stays open are written as they arrive: `tail -f` with a filter is live.
    func testMatchesFromAnOpenPipeAreWrittenAtOnce() throws {
        for (format, arguments, first, expected) in [
            ("csv", ["--where", "level=error", "--style", "csv"], "level,msg\nerror,disk full\ninfo,ok\n", "level,msg\nerror,disk full\n"),
            ("tsv", ["--where", "level=error", "--style", "jsonl"], "level\tmsg\nerror\tdisk full\n", "{\"level\":\"error\",\"msg\":\"disk full\"}\n"),
            ("jsonl", ["--where", "level=error", "--style", "jsonl"], "{\"level\":\"error\"}\n{\"level\":\"info\"}\n", "{\"level\":\"error\"}\n"),
            ("jsonl", ["--where", "level=error", "--template", "{level}!"], "{\"level\":\"error\"}\n{\"level\":\"info\"}\n", "error!\n"),
        ] {
            let process = Process()
            process.executableURL = ListviewProcess.binary
            process.arguments = ["--input", format] + arguments
            process.environment = ["COLUMNS": "80", "LC_ALL": "C.UTF-8"]
            let input = Pipe(), output = Pipe()
            process.standardInput = input
            process.standardOutput = output
            try process.run()
            input.fileHandleForWriting.write(Data(first.utf8))
            // The match must come out while the pipe is still open.
            var received = Data()
            let deadline = Date().addingTimeInterval(10)
            while received.count < expected.utf8.count && Date() < deadline {
                var ready = pollfd(fd: output.fileHandleForReading.fileDescriptor, events: Int16(POLLIN), revents: 0)
                if poll(&ready, 1, 100) == 1 { received += output.fileHandleForReading.availableData }
            }
            try input.fileHandleForWriting.close()
            process.waitUntilExit()
            XCTAssertEqual(String(decoding: received, as: UTF8.self), expected, format)
        }
    }

    func testEndlessInputStopsAfterThePage() throws {
        let csv = try shell(#"(echo 'n,text'; yes '1,hello') | "$LISTVIEW" --input csv --page-size 2"#)
        XCTAssertEqual(csv.output, "n  text\n1  hello\n1  hello\n\npage 1 · rows 1–2 · more follow\n")
        let jsonl = try shell(#"yes '{"n":1}' | "$LISTVIEW" --input jsonl --style jsonl --limit 2"#)
        XCTAssertEqual(jsonl.output, "{\"n\":1}\n{\"n\":1}\n")
        let json = try shell(#"(echo '['; yes '{"n":1},') | "$LISTVIEW" --input json --page-size 1"#)
        XCTAssertEqual(json.output, "n\n1\n\npage 1 · rows 1–1 · more follow\n")
    }

    /// Skipping to a late page keeps no rows: peak RSS stays under 32 MB over 1,000,000 rows.
    func testSkippingToALatePageKeepsMemoryFlat() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/time") else {
            throw skippedTest("GNU time (/usr/bin/time) is not installed; make deps installs it")
        }
        for (input, format) in [(#"(echo 'a,b,c'; yes 'x,12.5,"quoted, text"' | head -n 1000000)"#, "csv"),
                                (#"yes '{"a":"x","b":12.5,"c":[1,2]}' | head -n 1000000"#, "jsonl")] {
            let result = try shell(#"\#(input) | /usr/bin/time -f 'RSS %M' "$LISTVIEW" --input \#(format) --page-size 10 --page 99999 2>&1 >/dev/null"#)
            let kilobytes = result.output.split(separator: "\n").first { $0.hasPrefix("RSS ") }.flatMap { Int($0.dropFirst(4)) }
            let rss = try XCTUnwrap(kilobytes, result.output)
            // A sanitizer's shadow memory and quarantine make the figure meaningless (make test-asan).
            if ProcessInfo.processInfo.environment["LISTVIEW_SANITIZER"] == nil {
                XCTAssertLessThan(rss, 32 * 1024, "\(format): peak RSS \(rss) KB")
            }
        }
    }
}
