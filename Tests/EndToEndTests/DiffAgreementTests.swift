import Foundation
import XCTest

/// `listview diff` finds exactly the differences a pair was made with: generated pairs
/// (`bench/diffpairs.py`, which records what it changed) in every format and across
/// formats, and the bundled samples changed by a script here.
final class DiffAgreementTests: XCTestCase {
    private var scratch: URL!

    override func setUpWithError() throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("diff-agreement-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: scratch)
    }

    /// `--counts --style json` of a keyed diff, as a dictionary.
    private func counts(_ old: String, _ new: String, extra: [String] = []) throws -> [String: Int] {
        let result = try ListviewProcess.run(["diff", old, new, "--key", "id", "--counts", "--style", "json"] + extra)
        XCTAssertTrue([0, 1].contains(result.status), result.stderr)
        return try JSONDecoder().decode([String: Int].self, from: Data(result.stdout.utf8))
    }

    private func generatePair(rows: Int, seed: Int, format: String, sameTextOnly: Bool = false) throws -> (dir: URL, truth: [String: Int]) {
        let dir = scratch.appendingPathComponent("\(format)-\(seed)")
        let script = ListviewProcess.root.appendingPathComponent("bench/diffpairs.py").path
        let made = try RoundTripTests.runTool("/usr/bin/env", ["python3", script, "--rows", String(rows), "--seed", String(seed),
                                                               "--format", format] + (sameTextOnly ? ["--same-text-only"] : []) + [dir.path])
        XCTAssertEqual(made.status, 0, made.output)
        let truth = try JSONDecoder().decode([String: Int].self, from: Data(contentsOf: dir.appendingPathComponent("truth.json")))
        return (dir, truth)
    }

    func testGeneratedPairsInEveryFormatGiveTheirTruth() throws {
        for (seed, format) in [(1, "csv"), (2, "json"), (3, "jsonl"), (4, "csv")] {
            let (dir, truth) = try generatePair(rows: 3_000, seed: seed, format: format)
            let found = try counts(dir.appendingPathComponent("old.\(format)").path, dir.appendingPathComponent("new.\(format)").path)
            XCTAssertEqual(found, truth, "seed \(seed), \(format)")
            XCTAssertGreaterThan(truth["changed"] ?? 0, 0)
        }
    }

    /// Nested records (`bench/nestedpairs.py`: arrays reordered in half the records, one element's
    /// quantity changed in 2%): `--array-key` finds exactly the changed records, and the same
    /// differences whichever way the diff runs: in memory, by partitions on disk past
    /// `--memory-limit`, and with the new side from a pipe.
    func testNestedPairsGiveTheirTruthOnEveryPath() throws {
        let dir = scratch.appendingPathComponent("nested")
        let script = ListviewProcess.root.appendingPathComponent("bench/nestedpairs.py").path
        let made = try RoundTripTests.runTool("/usr/bin/env", ["python3", script, "--rows", "3000", "--seed", "7", dir.path])
        XCTAssertEqual(made.status, 0, made.output)
        let truth = try JSONDecoder().decode([String: Int].self, from: Data(contentsOf: dir.appendingPathComponent("truth.json")))
        let (old, new) = (dir.appendingPathComponent("old.jsonl").path, dir.appendingPathComponent("new.jsonl").path)
        XCTAssertEqual(try counts(old, new, extra: ["--array-key", "items=sku"]), truth)
        XCTAssertEqual(try counts(old, new, extra: ["--unordered", "items"]).values.reduce(0, +), truth.values.reduce(0, +))
        // By position, the reordered records change too.
        XCTAssertGreaterThan(try counts(old, new)["changed"] ?? 0, (truth["changed"] ?? 0) * 10)
        for options in [["--array-key", "items=sku"], ["--unordered", "items", "--ignore", "items[].site"]] {
            let base = ["diff", old, new, "--key", "id", "--style", "jsonl"] + options
            let inMemory = try ListviewProcess.run(base)
            XCTAssertEqual(inMemory.status, 1, inMemory.stderr)
            let partitioned = try ListviewProcess.run(base + ["--memory-limit", "1MB"])
            XCTAssertEqual(partitioned.stdout, inMemory.stdout, "\(options): by partitions")
            let piped = try ListviewProcess.run(["diff", old, "-", "--key", "id", "--style", "jsonl"] + options,
                                                stdinText: try String(contentsOfFile: new, encoding: .utf8))
            XCTAssertEqual(piped.stdout, inMemory.stdout, "\(options): from a pipe")
        }
    }

    /// The same pair as CSV on one side and JSON on the other finds the same differences.
    func testACSVAgainstTheJSONOfAPairGivesItsTruth() throws {
        let (csv, truth) = try generatePair(rows: 2_000, seed: 9, format: "csv")
        let (json, sameTruth) = try generatePair(rows: 2_000, seed: 9, format: "json")
        XCTAssertEqual(truth, sameTruth)
        XCTAssertEqual(try counts(csv.appendingPathComponent("old.csv").path, json.appendingPathComponent("new.json").path), truth)
        XCTAssertEqual(try counts(json.appendingPathComponent("old.json").path, csv.appendingPathComponent("new.csv").path), truth)
        // --exact tells re-written numbers (48.90 against 48.9) from unchanged ones.
        let exact = try counts(csv.appendingPathComponent("old.csv").path, csv.appendingPathComponent("new.csv").path, extra: ["--exact"])
        XCTAssertGreaterThan(exact["changed"] ?? 0, truth["changed"] ?? 0)
    }

    /// The samples, re-written by listview in other formats, are unchanged; changed by a
    /// script, they differ by exactly what the script changed.
    func testSamplesChangedByAScript() throws {
        for style in ["csv", "jsonl", "tsv"] {
            let copy = scratch.appendingPathComponent("orders.\(style)")
            let written = try ListviewProcess.run(["samples/orders.json", "--style", style])
            try Data(written.stdout.utf8).write(to: copy)
            XCTAssertEqual(try counts("samples/orders.json", copy.path), ["unchanged": 24, "added": 0, "removed": 0, "changed": 0], style)
        }
        // Remove order 1003, change 1004's total and 1007's customer city, add order 2000.
        let data = try Data(contentsOf: ListviewProcess.root.appendingPathComponent("samples/orders.json"))
        guard var orders = try JSONSerialization.jsonObject(with: data) as? [[String: Any]] else { return XCTFail("orders.json is not a list") }
        orders.removeAll { ($0["id"] as? Int) == 1003 }
        for index in orders.indices {
            if orders[index]["id"] as? Int == 1004 { orders[index]["total"] = 999.99 }
            if orders[index]["id"] as? Int == 1007, var customer = orders[index]["customer"] as? [String: Any] {
                customer["city"] = "Bergen"
                orders[index]["customer"] = customer
            }
        }
        var added = orders[0]
        added["id"] = 2000
        orders.append(added)
        let changed = scratch.appendingPathComponent("changed.json")
        try JSONSerialization.data(withJSONObject: orders).write(to: changed)
        XCTAssertEqual(try counts("samples/orders.json", changed.path), ["unchanged": 21, "added": 1, "removed": 1, "changed": 2])
        let lines = try ListviewProcess.run(["diff", "samples/orders.json", changed.path, "--key", "id"])
        XCTAssertEqual(lines.status, 1)
        XCTAssertTrue(lines.stdout.contains("id=1007  customer.city: Oslo → Bergen"), lines.stdout)
        XCTAssertTrue(lines.stdout.contains("id=1004  total: 132.40 → 999.99"), lines.stdout)
    }

    /// An object and its JSON in a CSV cell are one value: as a compared field, as the key, and
    /// in a diff of whole records, in memory and in partitions past `--memory-limit`.
    func testAnObjectAndItsJSONTextAreOneValueOnEveryPath() throws {
        let (json, csv) = (scratch.appendingPathComponent("objects.jsonl"), scratch.appendingPathComponent("objects.csv"))
        try #"{"id":1,"u":{"k":1},"v":"a"}\#n{"id":2,"u":[1,{"x":null}],"v":"b"}\#n{"id":3,"u":{},"v":"c"}\#n"#.write(to: json, atomically: true, encoding: .utf8)
        try "id,u,v\n1,\"{\"\"k\"\":1}\",a\n2,\"[1,{\"\"x\"\":null}]\",b\n3,{},d\n".write(to: csv, atomically: true, encoding: .utf8)
        for limit in [[], ["--memory-limit", "2MB"]] {
            for (key, expected) in [(["--key", "id"], ["unchanged": 2, "changed": 1]), (["--key", "u"], ["unchanged": 2, "changed": 1]),
                                    ([], ["unchanged": 2, "added": 1, "removed": 1])] {
                let result = try ListviewProcess.run(["diff", json.path, csv.path, "--counts", "--style", "json"] + key + limit)
                XCTAssertEqual(result.status, 1, result.stderr)
                // Counts only (a diff of whole records also suggests a key).
                let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
                let found = object.compactMapValues { $0 as? Int }.filter { $0.value > 0 }
                XCTAssertEqual(found, expected, "\(key) \(limit)")
            }
        }
    }
}
