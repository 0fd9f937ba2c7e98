import Foundation
import XCTest

/// `--summary`'s spread against Python's `statistics` (`Support/spread_reference.py`): the
/// standard deviation (`stdev`, rounded to the mean's decimals) and the quartiles
/// (`quantiles(n=4, method="inclusive")`) of integers, decimals and signed decimals with empty
/// cells, and the quartiles of a column of ISO dates; the histogram's counts add up to the
/// count. Seeded by case number, so a failure repeats. Past the memory budget, the quartiles
/// are estimates within 1% of their rank (`testPastTheBudgetTheQuartilesAreWithinOnePercent`).
final class SummarySpreadReferenceTests: XCTestCase {
    func testTheSpreadIsWhatPythonsStatisticsGives() throws {
        for (index, result, expected) in try referenceCases(60) {
            try check(result.stdout, against: expected, label: "case \(index + 1)")
        }
    }

    /// The reference script's `cases` seeded files (`arguments` before the folder choose which),
    /// each with `listview FILE --summary --style jsonl`'s result and the lines expected of it.
    private func referenceCases(_ cases: Int, arguments: [String] = []) throws -> [(Int, ListviewProcess.Result, String)] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("spread-reference-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = ListviewProcess.root.appendingPathComponent("Tests/EndToEndTests/Support/spread_reference.py").path
        let made = try RoundTripTests.runTool("/usr/bin/env", ["python3", script] + arguments + [directory.path, String(cases)])
        XCTAssertEqual(made.status, 0, made.output)
        let runs = ListviewProcess.inParallel(cases) { index in
            Result { try ListviewProcess.run([directory.appendingPathComponent("\(index + 1).csv").path, "--summary", "--style", "jsonl"]) }
        }
        return try runs.enumerated().map { index, run in
            let result = try run.get()
            XCTAssertEqual(result.status, 0, result.stderr)
            return (index, result, try String(contentsOf: directory.appendingPathComponent("\(index + 1).expected"), encoding: .utf8))
        }
    }

    /// The bundled samples' number fields, against the same reference.
    func testTheSamplesSpreadIsWhatPythonsStatisticsGives() throws {
        let script = ListviewProcess.root.appendingPathComponent("Tests/EndToEndTests/Support/spread_reference.py").path
        for (sample, fields) in [("samples/orders.json", ["total"]), ("samples/customers.csv", ["id", "seats", "monthly_fee"])] {
            let made = try RoundTripTests.runTool("/usr/bin/env", ["python3", script, "--file", ListviewProcess.root.appendingPathComponent(sample).path] + fields)
            XCTAssertEqual(made.status, 0, made.output)
            let result = try ListviewProcess.run([sample, "--summary", "--style", "jsonl", "--fields", fields.joined(separator: ",")])
            XCTAssertEqual(result.status, 0, result.stderr)
            try check(result.stdout, against: made.output, label: sample)
        }
    }

    /// Numbers no double holds (integers past 2^53 and of 19 digits, decimals of 17 to 20 digits):
    /// the standard deviation and the quartiles are the exact decimals Python's fractions give,
    /// digit for digit, as written in the JSON (not as a JSON reader rounds them).
    func testNumbersPastADoublesBitsAreExact() throws {
        for (index, result, expected) in try referenceCases(20, arguments: ["--exact"]) {
            let lines = result.stdout.split(separator: "\n").map(String.init)
            for line in expected.split(separator: "\n") {
                let want = line.split(separator: " ").map(String.init)
                let label = "case \(index + 1), \(want[0])"
                guard let record = lines.first(where: { $0.hasPrefix(#"{"field":"\#(want[0])""#) }) else { return XCTFail("\(label): no record") }
                XCTAssertEqual(["std", "q25", "q50", "q75"].map { Self.number(named: $0, in: record) }, want[1...4].map(Optional.some), label)
            }
        }
    }

    /// The text of the number after `"name":` in a JSON line.
    private static func number(named name: String, in line: String) -> String? {
        guard let start = line.range(of: "\"\(name)\":") else { return nil }
        return String(line[start.upperBound...].prefix { $0 != "," && $0 != "}" })
    }

    /// Each line of `expected` (`field std q25 q50 q75 present`) against the summary records of `output`.
    private func check(_ output: String, against expected: String, label: String) throws {
        let records = try output.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:] }
        for line in expected.split(separator: "\n") {
            let want = line.split(separator: " ").map(String.init)
            let label = "\(label), \(want[0])"
            guard let record = records.first(where: { $0["field"] as? String == want[0] }) else { return XCTFail("\(label): no record") }
            if want[1] == "-" {
                XCTAssertTrue(record["std"] is NSNull, label)
            } else {
                // The same number: JSON readers drop a decimal's trailing zeros.
                XCTAssertEqual(Double(text(record["std"]) ?? ""), Double(want[1]), "\(label): std")
            }
            let quantiles = record["quantiles"] as? [String: Any] ?? [:]
            for (key, wanted) in zip(["q25", "q50", "q75"], want[2...4]) {
                if let number = Double(wanted) {
                    let got = try XCTUnwrap(Double(text(quantiles[key]) ?? ""), "\(label): \(key)")
                    XCTAssertEqual(got, number, accuracy: 1e-9 * max(1, abs(number)), "\(label): \(key)")
                } else {
                    XCTAssertEqual(text(quantiles[key]), wanted, "\(label): \(key)")
                }
            }
            let histogram = record["histogram"] as? [String: Any] ?? [:]
            let counts = (histogram["counts"] as? [NSNumber] ?? []).map(\.intValue)
            XCTAssertEqual(counts.count, 8, label)
            // Every cell that is not empty is in a bin (an empty cell is a text, no number or date).
            XCTAssertEqual(counts.reduce(0, +), Int(want[5]), "\(label): histogram")
        }
    }

    /// A string, or a number's text as the JSON reader gives it.
    private func text(_ value: Any?) -> String? {
        if let string = value as? String { return string }
        if let number = value as? NSNumber { return number.stringValue }
        return nil
    }

    /// 60,000 values past a 256 KB budget: the quartiles are estimates, marked, within 1% of the
    /// rank of the exact ones; the histogram's counts add up to the count.
    func testPastTheBudgetTheQuartilesAreWithinOnePercent() throws {
        var generator = SeededGenerator(seed: 45)
        let values = (0..<60_000).map { _ in Int(generator.next() % 1_000_000) }
        let input = "v\n" + values.map(String.init).joined(separator: "\n") + "\n"
        let result = try ListviewProcess.run(["--input", "csv", "--summary", "--style", "jsonl", "--memory-limit", "256KB"], stdinText: input)
        XCTAssertEqual(result.status, 0, result.stderr)
        let record = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(record["approximate"] as? Bool, true)
        let quantiles = try XCTUnwrap(record["quantiles"] as? [String: NSNumber])
        let sorted = values.sorted()
        for (key, q) in [("q25", 0.25), ("q50", 0.5), ("q75", 0.75)] {
            let estimate = try XCTUnwrap(quantiles[key]).intValue
            let below = Double(sorted.firstIndex { $0 >= estimate } ?? sorted.count) / Double(sorted.count)
            let atMost = Double(sorted.firstIndex { $0 > estimate } ?? sorted.count) / Double(sorted.count)
            XCTAssertTrue(below - 0.01 <= q && q <= atMost + 0.01, "\(key): \(estimate) ranks \(below)…\(atMost)")
        }
        let counts = ((record["histogram"] as? [String: Any])?["counts"] as? [NSNumber] ?? []).map(\.intValue)
        XCTAssertEqual(counts.reduce(0, +), 60_000)
        let table = try ListviewProcess.run(["--input", "csv", "--summary", "--memory-limit", "256KB"], stdinText: input)
        XCTAssertTrue(table.stdout.contains("≈"), table.stdout)
        // The standard deviation is exact on both paths: the same digits as in memory.
        let inMemory = try ListviewProcess.run(["--input", "csv", "--summary", "--style", "jsonl"], stdinText: input)
        XCTAssertEqual(Self.number(named: "approximate", in: inMemory.stdout), "false")
        XCTAssertEqual(Self.number(named: "std", in: result.stdout), Self.number(named: "std", in: inMemory.stdout))
    }
}

/// A fixed sequence of numbers (SplitMix64) for data a test makes.
private struct SeededGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
