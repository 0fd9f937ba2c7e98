import Foundation
import XCTest

/// The number rule end to end: random decimals and big integers, each value in several
/// spellings, through `--where` (`>`, `=`, `<=`, `!=`), `--sort` both ways, `--group-by
/// --counts`, footers (exact sum, mean rounded once half to even, min, max) and a keyed
/// `diff`, give what Python's `decimal` gives on the same data
/// (`Support/numbers_reference.py`). Seeded: the seed and the case number are in every
/// failure, and `numbers_reference.py DIR CASES SEED` makes the same files again.
final class NumbersReferenceTests: XCTestCase {
    func testEveryCommandAgreesWithPythonsDecimal() throws {
        let seed = 40_2
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("numbers-reference-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = ListviewProcess.root.appendingPathComponent("Tests/EndToEndTests/Support/numbers_reference.py").path
        let made = try RoundTripTests.runTool("/usr/bin/env", ["python3", script, directory.path, "30", String(seed)])
        XCTAssertEqual(made.status, 0, made.output)
        let data = try Data(contentsOf: directory.appendingPathComponent("cases.json"))
        let cases = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        XCTAssertGreaterThan(cases.count, 200)
        let runs = ListviewProcess.inParallel(cases.count) { index in
            Result { try ListviewProcess.run(cases[index]["args"] as? [String] ?? []) }
        }
        for (command, run) in zip(cases, runs) {
            let arguments = (command["args"] as? [String] ?? []).map { $0.replacingOccurrences(of: directory.path + "/", with: "") }
            let label = "seed \(seed), case \(command["case"] ?? "?"): listview \(arguments.joined(separator: " "))"
            let result = try run.get()
            XCTAssertTrue(result.status == 0 || (arguments.first == "diff" && result.status == 1), "\(label): status \(result.status) \(result.stderr)")
            let expected = command["expect"] as? String ?? ""
            if command["compare"] as? String == "last" {
                let last = result.stdout.split(separator: "\n").last.map { $0 + "\n" } ?? ""
                XCTAssertEqual(last, expected, label)
            } else {
                XCTAssertEqual(result.stdout, expected, label)
            }
        }
    }
}
