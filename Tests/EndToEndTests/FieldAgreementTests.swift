import Foundation
import ListviewTestSupport
import XCTest

/// A field is a field on every path and in every style (issue 40 §3): for random logs whose
/// records are shuffled, so that a field may first appear in any record (the last one of a file
/// several batches long among them), every style (table, json, jsonl, csv, tsv, markdown) accepts
/// the same names through the same options and refuses the same ones with the same message; a
/// name is accepted exactly when some record has it. The plans differ by style and option: a
/// whole list (`--sort`, `--group-by`, table, markdown), output streamed as read (`--where` in
/// JSON, `--fields` in CSV), counts. Seeded: a failure names its seed.
///
/// Names are top-level fields, leaves of objects (`user.name`) and objects themselves (`user`):
/// CSV and TSV output flatten what they write, never the records as read, so `user` is a field in
/// every style.
final class FieldAgreementTests: XCTestCase {
    private static let styles = ["table", "json", "jsonl", "csv", "tsv", "markdown"]

    /// One case: the records of a seeded log, in a shuffled order, and the names some record has.
    private struct Log {
        var lines: [String]
        var fields: Set<String>
    }

    /// About 1.3 MB of JSON Lines (more than one batch): `id`, `level` and `msg` in every record,
    /// `user` (with `name`, sometimes `city`) in some, and `late` in one or none.
    private func log(seed: UInt64) -> Log {
        var random = SeededRandom(state: seed)
        var fields: Set<String> = ["id", "level", "msg"]
        let count = 16_000 + random.next(2_000)
        let withUser = random.next(3)  // 0: no record has user, 1: a few, 2: many
        let withLate = random.next(3) != 0
        var lines: [String] = []
        for index in 0..<count {
            var line = "{\"id\":\(index),\"level\":\"\(["info", "warn", "error"][index % 3])\",\"msg\":\"request \(index) handled in time\""
            if withUser == 2 && index % 2 == 0 || withUser == 1 && index % 5_000 == 7 {
                let city = index % 3 == 0 ? ",\"city\":\"Oslo\"" : ""
                line += ",\"user\":{\"name\":\"u\(index % 17)\"\(city)}"
                fields.formUnion(["user", "user.name"] + (city.isEmpty ? [] : ["user.city"]))
            }
            lines.append(line + "}")
        }
        if withLate {
            lines[lines.count - 1].removeLast()
            lines[lines.count - 1] += ",\"late\":\"here\"}"
            fields.insert("late")
        }
        // Shuffled, the late record anywhere; most often near the end, where only reading on finds it.
        if random.next(2) == 0 {
            random.swapPairs(&lines, times: lines.count / 4)
        }
        return Log(lines: lines, fields: fields)
    }

    func testEveryStyleAcceptsAndRefusesTheSameNames() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("field-agreement-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let names = ["id", "late", "lat", "user", "usr", "user.name", "user.city", "user.nmae", "levle"]
        let options: [(String) -> [String]] = [
            { ["--where", "\($0)=here"] }, { ["--fields", "id,\($0)"] }, { ["--sort", $0] }, { ["--group-by", $0, "--counts"] },
        ]
        for seed in [3, 17, 41, 88, 131] as [UInt64] {
            let log = log(seed: seed)
            let path = directory.appendingPathComponent("\(seed).jsonl").path
            try Data((log.lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path))
            var random = SeededRandom(state: seed &* 7)
            // Each seed tries some names through some options, in every style.
            let tried = (0..<4).compactMap { _ in random.element(of: names) }.map { name in (name, random.next(options.count)) }
            let runs = ListviewProcess.inParallel(tried.count * Self.styles.count) { index in
                let (name, option) = tried[index / Self.styles.count]
                let style = Self.styles[index % Self.styles.count]
                return Result { try ListviewProcess.run([path, "--style", style] + options[option](name)) }
            }
            for (which, (name, option)) in tried.enumerated() {
                let label = "seed \(seed): \(options[option](name).joined(separator: " "))"
                let results = try (0..<Self.styles.count).map { try runs[which * Self.styles.count + $0].get() }
                let accepted = log.fields.contains(name)
                for (style, result) in zip(Self.styles, results) {
                    XCTAssertEqual(result.status, accepted ? 0 : 64, "\(label) --style \(style): \(result.stderr)")
                    if !accepted {
                        XCTAssertTrue(result.stderr.hasPrefix("listview: --"), "\(label) --style \(style): \(result.stderr)")
                        XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, "\(label) --style \(style): one line")
                    }
                }
                // Every style words a refusal the same way.
                XCTAssertEqual(Set(results.map(\.stderr)).count, 1, "\(label): \(zip(Self.styles, results.map(\.stderr)).map { "\($0): \($1)" })")
            }
        }
    }
}
