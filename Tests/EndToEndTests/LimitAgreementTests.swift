import Foundation
import ListviewTestSupport
import XCTest

/// `--limit` names the same CSV columns on every path (SPEC §11): those of the records read up to
/// the last one written (records `--where` leaves out among them), never those of a record after
/// it, however the input is cut into batches. For seeded logs whose fields are first met at random
/// records, `--limit N --style csv` writes the same lines from one file, from the same records in
/// two files, from standard input, within a memory budget on disk, and as one page. Seeded: a
/// failure names its seed.
final class LimitAgreementTests: XCTestCase {
    /// The records of a seeded log: `id` and `p` (`x` for even ids) in each, and `a`…`e` each first
    /// met at a random record.
    private func log(seed: UInt64) -> (lines: [String], firstMet: [String: Int]) {
        var random = SeededRandom(state: seed)
        let count = 3_000 + random.next(2_000)
        let fields = ["a", "b", "c", "d", "e"]
        let firstMet = Dictionary(uniqueKeysWithValues: fields.map { ($0, random.next(count)) })
        let lines = (0..<count).map { index in
            "{\"id\":\(index),\"p\":\"\(index % 2 == 0 ? "x" : "y")\"" + fields.filter { firstMet[$0] == index || (firstMet[$0] ?? count) < index && index % 3 == 0 }
                .map { ",\"\($0)\":\(index % 10)" }.joined() + "}"
        }
        return (lines, firstMet)
    }

    func testALimitNamesTheColumnsOfTheRecordsUpToItsLast() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("limit-agreement-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for seed in [3, 17, 41, 88, 120] as [UInt64] {
            let (lines, firstMet) = log(seed: seed)
            var random = SeededRandom(state: seed &* 7)
            let limit = 1 + random.next(lines.count)
            // `--where p=x` keeps the even ids: the last record written is then the limit-th even one.
            let filtered = random.next(2) == 0
            let lastWritten = min(filtered ? 2 * (limit - 1) : limit - 1, lines.count - 1)
            let expectedHeader = ["id", "p"] + firstMet.filter { $0.value <= lastWritten }.sorted { ($0.value, $0.key) < ($1.value, $1.key) }.map(\.key)
            let whole = directory.appendingPathComponent("\(seed).jsonl").path
            try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: whole))
            let cut = 1 + random.next(lines.count - 1)
            let (first, second) = (directory.appendingPathComponent("\(seed)-a.jsonl").path, directory.appendingPathComponent("\(seed)-b.jsonl").path)
            try Data((lines[..<cut].joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: first))
            try Data((lines[cut...].joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: second))
            let options = ["--limit", "\(limit)", "--style", "csv"] + (filtered ? ["--where", "p=x"] : [])
            let runs: [(label: String, arguments: [String], stdin: String?, environment: [String: String])] = [
                ("one file", [whole] + options, nil, [:]),
                ("two files", [first, second] + options, nil, [:]),
                ("standard input", ["--input", "jsonl"] + options, lines.joined(separator: "\n") + "\n", [:]),
                ("spilled", [whole] + options, nil, ["LISTVIEW_SPILL_BYTES": "256"]),
                ("one page", [whole, "--page-size", "\(limit)"] + options, nil, [:]),
            ]
            let outputs = try ListviewProcess.inParallel(runs.count) { index in
                Result { try ListviewProcess.run(runs[index].arguments, stdinText: runs[index].stdin, environment: runs[index].environment) }
            }.map { try $0.get() }
            let label = "seed \(seed) \(options.joined(separator: " "))"
            for (run, output) in zip(runs, outputs) {
                XCTAssertEqual(output.status, 0, "\(label) \(run.label): \(output.stderr)")
                XCTAssertEqual(output.stdout, outputs[0].stdout, "\(label): \(run.label) differs from one file")
            }
            let header = outputs[0].stdout.split(separator: "\n").first.map(String.init)
            XCTAssertEqual(header, expectedHeader.joined(separator: ","), label)
        }
    }
}
