import Foundation
import XCTest

/// Machine styles hold exactly the input's records and values: checked by jq and by Python's json and csv modules.
final class RoundTripTests: XCTestCase {
    /// Python that compares listview's output with the input records, numbers compared as source text.
    static let checker = ListviewProcess.root.appendingPathComponent("Tests/EndToEndTests/Support/roundtrip.py")

    private func check(_ input: String, style: String, extra: [String] = [], file: StaticString = #filePath, line: UInt = #line) throws {
        let outputStyle = style == "csv-grouped" ? "csv" : style
        let result = try ListviewProcess.run([input, "--style", outputStyle] + extra)
        XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("roundtrip-\(UUID().uuidString).\(style)")
        try Data(result.stdout.utf8).write(to: scratch)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let python = try Self.runTool("/usr/bin/env", ["python3", Self.checker.path, style,
                                                       ListviewProcess.root.appendingPathComponent(input).path, scratch.path])
        XCTAssertEqual(python.status, 0, "round trip of \(input) as \(style): \(python.output)", file: file, line: line)
        XCTAssertTrue(python.output.hasPrefix("ok "), python.output, file: file, line: line)
    }

    func testJSONRoundTripOfOrders() throws { try check("samples/orders.json", style: "json") }
    func testJSONLRoundTripOfEvents() throws { try check("samples/events.jsonl", style: "jsonl") }
    /// Nested values as their JSON text in one cell (`--no-flatten`): the checker reads them back.
    func testCSVRoundTripOfOrders() throws { try check("samples/orders.json", style: "csv", extra: ["--no-flatten"]) }
    func testTSVRoundTripOfEvents() throws { try check("samples/events.jsonl", style: "tsv") }
    func testGroupedCSVRoundTripOfCustomers() throws {
        try check("samples/customers.csv", style: "csv-grouped", extra: ["--group-by", "plan", "--no-infer"])
    }
    func testGroupedCSVRoundTripOfOrders() throws {
        try check("samples/orders.json", style: "csv-grouped", extra: ["--group-by", "status", "--sort", "total:desc", "--no-flatten"])
    }
    func testJSONRoundTripOfControlCharacters() throws {
        try check("Tests/EndToEndTests/Fixtures/control-chars.json", style: "json")
    }
    func testCSVRoundTripOfControlCharacters() throws {
        try check("Tests/EndToEndTests/Fixtures/control-chars.json", style: "csv")
    }

    /// Runs listview with `input` as stdin and returns stdout (status 0 asserted).
    private func pipe(_ input: String, _ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let result = try ListviewProcess.run(arguments, stdinText: input)
        XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
        return result.stdout
    }

    /// The TSV writer escapes tab, LF, CR and backslash; the reader followed CSV quoting and changed
    /// all three values (issue 14).
    func testListviewReadsItsOwnTSVBack() throws {
        let json = #"[{"a":"\"hi\"","t":"x\ty","b":"c:\\d","n":"l1\nl2\r","q":"\"a,b\"","s":"\\t"}]"#
        let tsv = try pipe(json, ["--input", "json", "--style", "tsv"])
        XCTAssertEqual(tsv, "a\tt\tb\tn\tq\ts\n\"hi\"\tx\\ty\tc:\\\\d\tl1\\nl2\\r\t\"a,b\"\t\\\\t\n")
        XCTAssertEqual(try pipe(tsv, ["--input", "tsv", "--style", "json"]), "[\n  " + String(json.dropFirst().dropLast()) + "\n]\n")
    }

    /// An empty one-column row was written as a blank line, which readers skip: x, null, "", y
    /// read back as three records (issue 14).
    func testOneColumnCSVKeepsEveryRow() throws {
        let json = #"[{"a":"x"},{"a":null},{"a":""},{"a":"y"}]"#
        let csv = try pipe(json, ["--input", "json", "--style", "csv"])
        XCTAssertEqual(csv, "a\nx\n\"\"\n\"\"\n" + "y\n")
        XCTAssertEqual(try pipe(csv, ["--input", "csv", "--style", "jsonl"]), #"{"a":"x"}"# + "\n" + #"{"a":""}"# + "\n" + #"{"a":""}"# + "\n" + #"{"a":"y"}"# + "\n")
        let tsv = try pipe(json, ["--input", "json", "--style", "tsv"])
        XCTAssertEqual(tsv, "a\nx\n\n\ny\n")
        XCTAssertEqual(try pipe(tsv, ["--input", "tsv", "--style", "jsonl"]).split(separator: "\n").count, 4)
    }

    /// A row longer than the header, written to CSV streamed, sorted or grouped, keeps its extra
    /// cells after the header's columns; stderr says where they went, and reading the output back
    /// gives every value again (issue 25).
    func testLongRowStreamedToCSVReadsBack() throws {
        let csv = "id,name\n1,ada\n2,bob,extra,more\n3,cy\n"
        let written = try ListviewProcess.run(["--input", "csv", "--style", "csv"], stdinText: csv)
        XCTAssertEqual(written.status, 0, written.stderr)
        XCTAssertEqual(written.stdout, csv)
        XCTAssertTrue(written.stderr.contains("CSV output keeps the input's header: rows longer than it keep their extra cells "
                                              + "after its 2 columns, unnamed, as output columns 3–4 (input columns 3, 4)"),
                      written.stderr)
        // Sorted (the whole list) or grouped, the same lines and the same note.
        for arranged in [["--sort", "id"], ["--group-by", "id"]] {
            let whole = try ListviewProcess.run(["--input", "csv", "--style", "csv"] + arranged, stdinText: csv)
            XCTAssertEqual(whole.stdout, csv, arranged.joined(separator: " "))
            XCTAssertEqual(whole.stderr, written.stderr, arranged.joined(separator: " "))
        }
        XCTAssertEqual(try pipe(written.stdout, ["--input", "csv", "--style", "jsonl"]),
                       #"{"id":1,"name":"ada"}"# + "\n" + #"{"id":2,"name":"bob","3":"extra","4":"more"}"# + "\n" + #"{"id":3,"name":"cy"}"# + "\n")
    }

    func testJqReadsGroupedJSON() throws {
        let result = try ListviewProcess.run(["samples/orders.json", "--group-by", "status", "--style", "json"])
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("grouped-\(UUID().uuidString).json")
        try Data(result.stdout.utf8).write(to: scratch)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let jq = try Self.runTool("/usr/bin/env", ["jq", "-c", "[.sections[] | [.key, .count, (.records | length)]]", scratch.path])
        XCTAssertEqual(jq.status, 0, jq.output)
        XCTAssertEqual(jq.output, "[[\"delivered\",8,8],[\"shipped\",8,8],[\"pending\",5,5],[\"cancelled\",3,3]]\n")
    }

    /// Nesting up to 1,000 levels is read; deeper is refused with a clear error, never a stack overflow.
    func testNestingLimit() throws {
        for (depth, expectedStatus) in [(1_000, Int32(0)), (1_001, Int32(65)), (200_000, Int32(65))] {
            let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("deep-\(UUID().uuidString).json")
            try Data(text.utf8).write(to: url)
            defer { try? FileManager.default.removeItem(at: url) }
            for style in ["jsonl", "table", "csv"] {
                // CSV would flatten the arrays into one column per level: their JSON text is what is counted.
                let result = try ListviewProcess.run([url.path, "--style", style] + (style == "csv" ? ["--no-flatten"] : []))
                XCTAssertEqual(result.status, expectedStatus, "depth \(depth) as \(style): \(result.stderr.prefix(300))")
                if style == "csv" && expectedStatus == 0 {
                    let flattened = try ListviewProcess.run([url.path, "--style", "csv"])
                    XCTAssertEqual(flattened.status, 0, "depth \(depth) flattened: \(flattened.stderr.prefix(300))")
                }
                if expectedStatus == 0 {
                    XCTAssertEqual(result.stdout.filter { $0 == "[" }.count, depth - 1, "depth \(depth) as \(style)")
                } else {
                    XCTAssertEqual(result.stderr, "listview: \(url.path):1:1001: nesting deeper than 1000 levels\n")
                }
            }
        }
    }

    static func runTool(_ path: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}

/// No human style lets a raw control byte from the data reach the terminal.
final class EscapeInjectionTests: XCTestCase {
    func testNoRawControlBytesInHumanStyles() throws {
        let hostile = "[{\"t\":\"\\u001b]0;pwned\\u0007\",\"c\":\"\\u001b[2J\\r\\u0008x\\u007f\\u009b\",\"k\":{\"\\u001b[31m\":\"\\u0007\"}}]"
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString).json")
        try Data(hostile.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        for arguments in [["--style", "table"], ["--style", "list"], ["--style", "line"], ["--style", "markdown"],
                          ["--template", "{t}{c}"], ["--border"], ["--wrap", "--width", "20"], ["--group-by", "t", "--counts"]] {
            let result = try ListviewProcess.run([url.path] + arguments)
            XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)")
            let raw = result.stdout.unicodeScalars.filter { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) }
            XCTAssertTrue(raw.isEmpty, "\(arguments) wrote raw control characters: \(raw.map { String($0.value, radix: 16) })")
            XCTAssertTrue(result.stdout.contains("\\e"), "\(arguments): \(result.stdout)")
        }
    }
}
