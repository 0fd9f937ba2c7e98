import Foundation
import ListviewTestSupport
import XCTest

/// Hostile and odd inputs, each with the outcome documented in docs/errors.md:
/// a clear one-line error with a sysexits status, or a defined result. Never a
/// crash, a trap, a hang or a partial result passed off as complete.
final class AdversarialInputTests: XCTestCase {
    private var scratch: URL!

    override func setUpWithError() throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("listview-adversarial-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: scratch)
    }

    private func file(_ name: String, _ bytes: [UInt8]) throws -> String {
        let url = scratch.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    private func file(_ name: String, _ text: String) throws -> String { try file(name, Array(text.utf8)) }

    /// Asserts one `listview: PATH…: message` line on stderr, nothing on stdout and `status`.
    private func assertError(_ arguments: [String], status: Int32, message: String,
                             file: StaticString = #filePath, line: UInt = #line) throws {
        let result = try ListviewProcess.run(arguments)
        XCTAssertEqual(result.status, status, result.stderr, file: file, line: line)
        XCTAssertEqual(result.stdout, "", file: file, line: line)
        XCTAssertEqual(result.stderr.filter { $0 == "\n" }.count, 1, result.stderr, file: file, line: line)
        XCTAssertTrue(result.stderr.hasPrefix("listview: "), result.stderr, file: file, line: line)
        XCTAssertTrue(result.stderr.contains(message), "\(result.stderr) lacks \(message)", file: file, line: line)
        XCTAssertFalse(result.stderr.contains("Fatal error"), file: file, line: line)
    }

    // MARK: Size and depth

    func testHundredThousandNestedArraysAndObjects() throws {
        let arrays = try file("arrays.json", String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000))
        try assertError([arrays], status: 65, message: "arrays.json:1:1001: nesting deeper than 1000 levels")
        let objects = try file("objects.json", String(repeating: "{\"a\":", count: 100_000) + "1" + String(repeating: "}", count: 100_000))
        try assertError([objects], status: 65, message: "nesting deeper than 1000 levels")
        let unclosed = try file("unclosed.jsonl", String(repeating: "[", count: 100_000))
        try assertError([unclosed], status: 65, message: "nesting deeper than 1000 levels")
    }

    /// Writes `prefix`, `size` copies of `filler`, then `suffix` to `name`, and checks a table at
    /// `width` (one cut cell) and a machine style that must write the value back whole.
    private func assertHugeValue(_ name: String, prefix: String, filler: Character, size: Int, suffix: String,
                                 width: Int, table expectedTable: String, style: String,
                                 outputOverhead: Int, outputSuffix: String,
                                 file: StaticString = #filePath, line: UInt = #line) throws {
        var bytes = Array(prefix.utf8)
        bytes.append(contentsOf: repeatElement(UInt8(ascii: filler.unicodeScalars.first ?? "x"), count: size))
        bytes.append(contentsOf: Array(suffix.utf8))
        let path = try self.file(name, bytes)
        bytes = []
        let table = try ListviewProcess.run([path, "--width", "\(width)"], timeout: 600)
        XCTAssertEqual(table.status, 0, table.stderr, file: file, line: line)
        XCTAssertEqual(table.stdout, expectedTable, file: file, line: line)
        let machine = try ListviewProcess.run([path, "--style", style], timeout: 600)
        XCTAssertEqual(machine.status, 0, machine.stderr, file: file, line: line)
        XCTAssertEqual(machine.stdout.utf8.count, size + outputOverhead, file: file, line: line)
        XCTAssertTrue(machine.stdout.hasSuffix(String(repeating: filler, count: 3) + outputSuffix), file: file, line: line)
    }

    /// One record, cut in a table and written back whole. (Larger strings, and how the time grows
    /// with their size, are `make bench-growth`'s: a 200 MB string took 5 minutes of this suite.)
    func testTwentyMegabyteJSONStringIsOneRecord() throws {
        try assertHugeValue("long-string.json", prefix: "[{\"id\":1,\"text\":\"", filler: "x", size: 20_000_000, suffix: "\"}]",
                            width: 40, table: "id  text\n 1  " + String(repeating: "x", count: 35) + "…\n",
                            style: "jsonl", outputOverhead: 19, outputSuffix: "\"}\n")  // {"id":1,"text":"…"}⏎
    }

    func testFiftyMegabyteCSVFieldIsOneCell() throws {
        try assertHugeValue("long-field.csv", prefix: "id,text\n1,\"", filler: "y", size: 50_000_000, suffix: "\"\n2,short\n",
                            width: 30, table: "id  text\n 1  " + String(repeating: "y", count: 25) + "…\n 2  short\n",
                            style: "csv", outputOverhead: 19, outputSuffix: "\n2,short\n")  // id,text⏎ 1,…⏎ 2,short⏎
    }

    // MARK: Bytes that are not text

    func testNULBytes() throws {
        let outside = try file("nul-outside.json", Array("[1,".utf8) + [0] + Array("2]".utf8))
        try assertError([outside], status: 65, message: "nul-outside.json:1:4: invalid char in json text")
        let inside = try file("nul-inside.json", Array("[\"a".utf8) + [0] + Array("b\"]".utf8))
        try assertError([inside], status: 65, message: "nul-inside.json:1:")
        // An escaped NUL is valid JSON: shown escaped, written back as \u0000.
        let escaped = try file("nul-escaped.json", "[{\"v\":\"a\\u0000b\"}]")
        XCTAssertEqual(try ListviewProcess.run([escaped]).stdout, "v\na\\0b\n")
        XCTAssertEqual(try ListviewProcess.run([escaped, "--style", "jsonl"]).stdout, "{\"v\":\"a\\u0000b\"}\n")
        // In CSV a NUL is a character of its cell: shown escaped, written back raw.
        let csv = try file("nul.csv", Array("a,b\n1,x".utf8) + [0] + Array("y\n".utf8))
        XCTAssertEqual(try ListviewProcess.run([csv]).stdout, "a  b\n1  x\\0y\n")
        XCTAssertEqual(Array(try ListviewProcess.run([csv, "--style", "csv"]).stdout.utf8), Array("a,b\n1,x".utf8) + [0] + Array("y\n".utf8))
    }

    func testInvalidUTF8InKeysValuesAndCells() throws {
        let key = try file("bad-key.json", Array("[{\"k".utf8) + [0xFF] + Array("\":1}]".utf8))
        try assertError([key], status: 65, message: "bad-key.json:1:")
        try assertError([key], status: 65, message: "invalid UTF-8")
        let value = try file("bad-value.jsonl", Array("{\"k\":1}\n{\"k\":\"a".utf8) + [0xC3, 0x28] + Array("\"}\n".utf8))
        try assertError([value], status: 65, message: "bad-value.jsonl:2:")
        let cell = try file("bad-cell.csv", Array("a,b\n1,2\n3,".utf8) + [0xE2, 0x82] + Array("\n".utf8))
        try assertError([cell], status: 65, message: "bad-cell.csv:3:3: invalid UTF-8 in field 2")
    }

    func testUTF16WithByteOrderMarkAsksForConversion() throws {
        let utf16 = try file("utf16.json", [0xFF, 0xFE] + Array("[1]".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        try assertError([utf16], status: 65, message: "utf16.json:1:1: the input is UTF-16LE (byte order mark); listview reads UTF-8: convert it with iconv -f UTF-16LE -t UTF-8")
        let big = try file("utf16be.csv", [0xFE, 0xFF] + Array("a\n1\n".utf16).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] })
        try assertError([big], status: 65, message: "the input is UTF-16BE")
    }

    /// A CSV cell of NUL bytes is written as it is (CSV has no escape for it); written first in
    /// a file, `\0D\0` pairs a zero byte with every other byte, which every reader takes for
    /// UTF-16 without a byte order mark: read back, it gets that hint, one line and status 65.
    func testNULCellsWrittenAsCSVReadBackAsUTF16WithoutAMark() throws {
        let cells = try file("nul.csv", [0x00, 0x44, 0x00])
        let written = try ListviewProcess.run([cells, "--style", "csv"])
        XCTAssertEqual(written.status, 0)
        XCTAssertEqual(Array(written.stdout.utf8), [0x00, 0x44, 0x00, 0x0A])
        let back = try file("nul-written.csv", Array(written.stdout.utf8))
        try assertError([back], status: 65, message: "the input is UTF-16BE text without a byte order mark")
    }

    func testCompiledExecutableIsRejected() throws {
        let binary = ListviewProcess.binary.path
        for format in [[], ["--input", "json"], ["--input", "jsonl"], ["--input", "csv"], ["--input", "tsv"]] {
            try assertError([binary] + format, status: 65, message: binary)
        }
    }

    // MARK: Nothing to read

    func testEmptyAndWhitespaceOnlyInputs() throws {
        let emptyJSON = try file("empty.json", "")
        try assertError([emptyJSON], status: 65, message: "empty.json:1:1: no JSON value (the input is empty)")
        let blankJSON = try file("blank.json", "  \n\t\n")
        try assertError([blankJSON], status: 65, message: "blank.json:3:1: no JSON value (the input is empty)")
        for name in ["empty.jsonl", "empty.csv", "empty.tsv", "no-extension"] {
            let path = try file(name, "")
            let result = try ListviewProcess.run([path])
            XCTAssertEqual(result, ListviewProcess.Result(stdout: "0 records\n", stderr: "", status: 0), name)
        }
        let blank = try file("blank", " \n\n\t\n")
        XCTAssertEqual(try ListviewProcess.run([blank]).stdout, "0 records\n")
        XCTAssertEqual(try ListviewProcess.run([blank, "--fail-if-empty"]).status, 1)
        XCTAssertEqual(try ListviewProcess.run(["-"], stdinText: "").stdout, "0 records\n")
    }

    func testDevNullIsAnEmptyList() throws {
        XCTAssertEqual(try ListviewProcess.run(["/dev/null"]), ListviewProcess.Result(stdout: "0 records\n", stderr: "", status: 0))
        XCTAssertEqual(try ListviewProcess.run(["/dev/null", "--style", "json"]).stdout, "[]\n")
    }

    func testDirectoryCannotBeOpened() throws {
        try assertError([scratch.path], status: 66, message: "\(scratch.path): cannot open: Is a directory")
        try assertError([scratch.appendingPathComponent("missing.csv").path], status: 66, message: "cannot open: No such file or directory")
    }

    // MARK: Files that are not plain files

    func testFIFOIsReadAsAStream() throws {
        let fifo = scratch.appendingPathComponent("pipe.csv").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let writer = Process()
        writer.executableURL = URL(fileURLWithPath: "/bin/sh")
        writer.arguments = ["-c", "printf 'a,b\\n1,2\\n' > \"$0\"; sleep 0.2; printf '3,4\\n' > /dev/null", fifo]
        try writer.run()
        let result = try ListviewProcess.run([fifo], timeout: 30)
        writer.waitUntilExit()
        XCTAssertEqual(result, ListviewProcess.Result(stdout: "a  b\n1  2\n", stderr: "", status: 0))
    }

    func testFileThatShrinksWhileBeingReadIsAnIOError() throws {
        // A streamed CSV copy blocks on a pipe nobody drains after ~64 KB of output, long before
        // the 40 MB input is read; the file is then cut short, and the read comes to its new end early.
        var text = "id,text\n"
        let row = String(repeating: "z", count: 60)
        for index in 0..<600_000 { text += "\(index),\(row)\n" }
        let path = try file("shrinking.csv", text)
        let fullSize = text.utf8.count
        text = ""
        let process = Process()
        process.executableURL = ListviewProcess.binary
        process.arguments = [path, "--style", "csv"]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // The first rows written say the file is open and being read (however slowly a loaded
        // machine started the process); the rest of the pipe fills and blocks the reader again.
        let first = output.fileHandleForReading.availableData
        XCTAssertEqual(truncate(path, 1000), 0)
        let written = first + output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertEqual(process.terminationStatus, 74, message)
        XCTAssertTrue(message.hasPrefix("listview: \(path): read error: the file shrank while being read (it ended after "), message)
        XCTAssertTrue(message.hasSuffix(" of \(fullSize) bytes)\n"), message)
        XCTAssertGreaterThan(written.count, 0)
    }

    // MARK: Pipes and signals

    func testClosedPipeEndsAtOnceAndQuietly() throws {
        var text = "id,name\n"
        for index in 0..<300_000 { text += "\(index),name \(index)\n" }
        let path = try file("many.csv", text)
        for style in ["csv", "table", "jsonl"] {
            let shell = Process()
            shell.executableURL = URL(fileURLWithPath: "/bin/sh")
            shell.arguments = ["-c", "\"$0\" \"$1\" --style \"$2\" | head -1", ListviewProcess.binary.path, path, style]
            let output = Pipe(), errors = Pipe()
            shell.standardOutput = output
            shell.standardError = errors
            try shell.run()
            let first = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            shell.waitUntilExit()
            XCTAssertEqual(String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self), "", style)
            XCTAssertEqual(shell.terminationStatus, 0, style)
            XCTAssertEqual(first.filter { $0 == "\n" }.count, 1, style)
        }
        // A reader that is gone before anything is written stops the load itself.
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", "\"$0\" \"$1\" --sort name | true", ListviewProcess.binary.path, path]
        let errors = Pipe()
        shell.standardError = errors
        try shell.run()
        shell.waitUntilExit()
        XCTAssertEqual(String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self), "")
    }

    func testInterruptDuringALongLoadExits130() throws {
        var text = "id,name\n"
        for index in 0..<400_000 { text += "\(index),name \(index)\n" }
        let path = try file("slow.csv", text)
        for colour in ["never", "always"] {
            let shell = Process()
            shell.executableURL = URL(fileURLWithPath: "/bin/sh")
            shell.arguments = ["-c", "\"$0\" \"$1\" --sort name:desc --no-pager --color \"$2\" & pid=$!; sleep 0.5; kill -INT $pid; wait $pid; echo \"status $?\" >&2",
                               ListviewProcess.binary.path, path, colour]
            let output = Pipe(), errors = Pipe()
            shell.standardOutput = output
            shell.standardError = errors
            try shell.run()
            let written = output.fileHandleForReading.readDataToEndOfFile()
            shell.waitUntilExit()
            XCTAssertEqual(String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self), "status 130\n", colour)
            // Coloured output always ends in a reset, so a cut escape sequence cannot leak into the prompt.
            if colour == "always" { XCTAssertTrue(written.elementsEqual([0x1B, 0x5B, 0x30, 0x6D].suffix(written.count)) || written.suffix(4).elementsEqual([0x1B, 0x5B, 0x30, 0x6D])) }
            else { XCTAssertEqual(written.count, 0) }
        }
    }

    // MARK: Output faults

    func testFullDiskIsAnIOError() throws {
        guard FileManager.default.isWritableFile(atPath: "/dev/full") else { throw skippedTest("no /dev/full") }
        for style in ["table", "csv", "json"] {
            let shell = Process()
            shell.executableURL = URL(fileURLWithPath: "/bin/sh")
            shell.arguments = ["-c", "\"$0\" samples/orders.json --style \"$1\" > /dev/full", ListviewProcess.binary.path, style]
            shell.currentDirectoryURL = ListviewProcess.root
            let errors = Pipe()
            shell.standardError = errors
            try shell.run()
            shell.waitUntilExit()
            XCTAssertEqual(shell.terminationStatus, 74, style)
            XCTAssertEqual(String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self),
                           "listview: write error: No space left on device\n", style)
        }
    }

    func testClosedStdoutIsAnIOError() throws {
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", "\"$0\" samples/orders.json >&-", ListviewProcess.binary.path]
        shell.currentDirectoryURL = ListviewProcess.root
        let errors = Pipe()
        shell.standardError = errors
        try shell.run()
        shell.waitUntilExit()
        XCTAssertEqual(shell.terminationStatus, 74)
        XCTAssertEqual(String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self),
                       "listview: write error: Bad file descriptor\n")
    }
}
