import Foundation
import XCTest

/// `--flatten` and `--flatten N` write, for random nested records, what a plain reading of the
/// rule in Python gives (`Support/flatten_reference.py`): leaf columns in the order their paths
/// are first seen, in their field's place, the field's own column where some record keeps a
/// scalar there, a value only where the path is a leaf of the record's own value (a path that is
/// a leaf in one record and an object in another), escaped keys, array indices, keys that hold
/// the separator, objects of many keys in changing orders, and the conflict a field `p.a` beside
/// `p: {a}` makes. Seeded by case number, so a failure repeats.
final class FlattenReferenceTests: XCTestCase {
    func testFlatteningWritesWhatTheRuleGives() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("flatten-reference-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = ListviewProcess.root.appendingPathComponent("Tests/EndToEndTests/Support/flatten_reference.py").path
        let cases = 40
        let made = try RoundTripTests.runTool("/usr/bin/env", ["python3", script, directory.path, String(cases)])
        XCTAssertEqual(made.status, 0, made.output)
        let depths: [(name: String, arguments: [String])] = [("all", []), ("1", ["1"]), ("2", ["2"]), ("3", ["3"])]
        let runs = ListviewProcess.inParallel(cases * depths.count) { index in
            let (number, depth) = (index / depths.count + 1, depths[index % depths.count])
            let input = directory.appendingPathComponent("\(number).jsonl").path
            return Result { try ListviewProcess.run([input, "--style", "jsonl", "--flatten"] + depth.arguments) }
        }
        var conflicts = 0
        for (index, run) in runs.enumerated() {
            let (number, depth) = (index / depths.count + 1, depths[index % depths.count])
            let result = try run.get()
            let expected = try String(contentsOf: directory.appendingPathComponent("\(number).\(depth.name).expected"), encoding: .utf8)
            let label = "case \(number), --flatten \(depth.arguments.first ?? "")"
            if expected == "CONFLICT\n" {
                conflicts += 1
                XCTAssertEqual(result.status, 64, label)
                XCTAssertTrue(result.stderr.contains("would both be the column"), "\(label): \(result.stderr)")
                continue
            }
            XCTAssertEqual(result.status, 0, "\(label): \(result.stderr)")
            let (want, got) = (expected.split(separator: "\n"), result.stdout.split(separator: "\n"))
            XCTAssertEqual(got.count, want.count, label)
            for (line, (wanted, written)) in zip(want, got).enumerated() where wanted != written {
                XCTFail("\(label), line \(line + 1):\n want \(wanted)\n  got \(written)")
                break
            }
        }
        // The cases reach the conflict, but not so often that little else is checked.
        XCTAssertGreaterThan(conflicts, 0)
        XCTAssertLessThan(conflicts, cases * depths.count / 4)
    }
}
