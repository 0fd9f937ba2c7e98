import Foundation
import ListviewTestSupport
import XCTest

/// A `--fields` pattern names the same fields on every path (SPEC §11): every top-level field of
/// the input it matches, wherever a record first has it, and the paths into objects that the
/// first 1,000 records read have. For seeded logs of several batches, a field a pattern matches
/// first met late (in the last record, in the second of two files, past the first 1,000 records),
/// the records written are the same whether the list is read whole, sorted, kept within a memory
/// budget on disk, read from standard input, or from two files; and the table style and CSV show the same
/// columns in memory and spilled. Seeded: a failure names its seed.
final class GlobAgreementTests: XCTestCase {
    /// The lines of a seeded log: `id` and `msg` in every record, `zone` in most, `zip` first met
    /// at a random record (the last one among them), and `user` with `name`, and `city` first met
    /// before or after the first 1,000 records.
    private func log(seed: UInt64) -> [String] {
        var random = SeededRandom(state: seed)
        let count = 12_000 + random.next(2_000)
        let zipFrom = [count - 1, random.next(count), 500 + random.next(1_000)][random.next(3)]
        let cityFrom = [10, 900 + random.next(200), count / 2][random.next(3)]
        return (0..<count).map { index in
            var line = "{\"id\":\(index),\"msg\":\"request \(index) handled\""
            if index % 7 != 3 { line += ",\"zone\":\"z\(index % 5)\"" }
            if index >= zipFrom && (index == zipFrom || index % 3 == 0) { line += ",\"zip\":\"0\(index % 90)\"" }
            if index % 4 != 0 {
                let city = index >= cityFrom && index % 2 == 1 ? ",\"city\":\"c\(index % 11)\"" : ""
                line += ",\"user\":{\"name\":\"u\(index % 13)\"\(city)}"
            }
            return line + "}"
        }
    }

    func testAPatternNamesTheSameFieldsOnEveryPath() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("glob-agreement-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let spilled = ["LISTVIEW_SPILL_BYTES": "256"]
        for seed in [5, 23, 71, 130] as [UInt64] {
            let lines = log(seed: seed)
            let whole = directory.appendingPathComponent("\(seed).jsonl").path
            try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: whole))
            // The same records in two files, the first one short: a batch of its own.
            var random = SeededRandom(state: seed &* 3)
            let cut = 1 + random.next(40)
            let (first, second) = (directory.appendingPathComponent("\(seed)-a.jsonl").path, directory.appendingPathComponent("\(seed)-b.jsonl").path)
            try Data((lines[..<cut].joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: first))
            try Data((lines[cut...].joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: second))
            let fields = ["--fields", random.element(of: ["id,z*,user.*", "*", "id,user.*", "z*,id"]) ?? "*"]
            let text = lines.joined(separator: "\n") + "\n"
            let runs: [(label: String, arguments: [String], stdin: String?, environment: [String: String])] = [
                ("whole", [whole, "--style", "jsonl"] + fields, nil, [:]),
                ("sorted", [whole, "--style", "jsonl", "--sort", "id"] + fields, nil, [:]),
                ("spilled", [whole, "--style", "jsonl"] + fields, nil, spilled),
                ("spilled and sorted", [whole, "--style", "jsonl", "--sort", "id"] + fields, nil, spilled),
                ("from standard input", ["--style", "jsonl"] + fields, text, [:]),
                ("from two files", [first, second, "--style", "jsonl"] + fields, nil, [:]),
                ("a page", [whole, "--style", "jsonl", "--page-size", "\(lines.count)"] + fields, nil, [:]),
                ("table", [whole] + fields, nil, [:]),
                ("table spilled", [whole] + fields, nil, spilled),
                ("csv", [whole, "--style", "csv"] + fields, nil, [:]),
                ("csv spilled", [whole, "--style", "csv"] + fields, nil, spilled),
                ("summary", [whole, "--summary", "--style", "jsonl"] + fields, nil, [:]),
                ("summary from standard input", ["--summary", "--style", "jsonl"] + fields, text, [:]),
                ("summary from two files", [first, second, "--summary", "--style", "jsonl"] + fields, nil, [:]),
                ("summary spilled", [whole, "--summary", "--style", "jsonl"] + fields, nil, spilled),
            ]
            let results = ListviewProcess.inParallel(runs.count) { index in
                Result { try ListviewProcess.run(runs[index].arguments, stdinText: runs[index].stdin, environment: runs[index].environment) }
            }
            let label = "seed \(seed) \(fields.joined(separator: " "))"
            let outputs = try results.map { try $0.get() }
            for (run, output) in zip(runs, outputs) {
                XCTAssertEqual(output.status, 0, "\(label) \(run.label): \(output.stderr)")
            }
            let records = outputs[0].stdout
            XCTAssertFalse(records.isEmpty, label)
            // Every JSON Lines path writes the records the whole list writes, in the input's order.
            for index in 1..<7 {
                XCTAssertEqual(outputs[index].stdout, records, "\(label): \(runs[index].label) differs from the whole list")
            }
            XCTAssertEqual(outputs[8].stdout, outputs[7].stdout, "\(label): the table spilled differs")
            XCTAssertEqual(outputs[10].stdout, outputs[9].stdout, "\(label): CSV spilled differs")
            // A summary describes the same fields, in the same order, on every path, `zip` among them
            // where the pattern matches it.
            for index in 12..<15 {
                XCTAssertEqual(outputs[index].stdout, outputs[11].stdout, "\(label): \(runs[index].label) differs from the summary")
            }
            if fields[1] != "id,user.*", lines.contains(where: { $0.contains("\"zip\"") }) {
                XCTAssertTrue(outputs[11].stdout.contains("{\"field\":\"zip\""), "\(label): the summary describes zip")
            }
            // A field first met late is named: `zip` wherever it first is, where the pattern matches it.
            let zip = lines.firstIndex { $0.contains("\"zip\"") }
            if fields[1] != "id,user.*", let zip {
                XCTAssertTrue(records.split(separator: "\n")[zip].contains("\"zip\""), "\(label): the first zip, record \(zip)")
            }
            // A path into objects is named when the first 1,000 records have it, on every path.
            let cityEarly = lines.prefix(1_000).contains { $0.contains("\"city\"") }
            if fields[1].contains("user.") || fields[1] == "*" {
                let written = records.contains("\"user.city\"")
                XCTAssertEqual(written, cityEarly && fields[1] != "*", "\(label): user.city")
            }
        }
    }
}
