import Foundation
import ListviewTestSupport
import XCTest

/// `--explode items` writes, for random records, the rows a plain reading of the rule gives: a
/// row per element, an object element's members as `items.KEY` in the order the keys are first
/// seen, a scalar element as `items`, null for an empty array (no row with
/// `--explode-drop-empty`), and a field that holds no array as it was. The members come in any
/// order and subset, with escaped keys and nested values, so the walk that finds a member's key by
/// its place and its bytes is checked against keys that move. Seeded, so a failure repeats.
final class ExplodePropertyTests: XCTestCase {
    /// What a record's `items` holds.
    private enum Items {
        case absent, null, text(String), array([Element])
    }

    private enum Element {
        case object([(key: String, value: String)])
        case scalar(String)
    }

    private struct Record {
        var id: Int
        var items: Items
        var tail: String

        var json: String {
            var fields = ["\"id\":\(id)"]
            switch items {
            case .absent: break
            case .null: fields.append(#""items":null"#)
            case .text(let text): fields.append(#""items":"# + text)
            case .array(let elements):
                let texts = elements.map { element -> String in
                    switch element {
                    case .object(let members): return "{" + members.map { "\"\($0.key)\":\($0.value)" }.joined(separator: ",") + "}"
                    case .scalar(let value): return value
                    }
                }
                fields.append(#""items":["# + texts.joined(separator: ",") + "]")
            }
            fields.append(#""z":"# + tail)
            return "{" + fields.joined(separator: ",") + "}"
        }
    }

    private func records(count: Int, using generator: inout SeededRandom) -> [Record] {
        (0..<count).map { index in
            let items: Items
            // The first record holds an array, so the columns are id, items, z.
            switch index == 0 ? 4 : generator.next(8) {
            case 0: items = .absent
            case 1: items = .null
            case 2: items = .text(#""str""#)
            case 3: items = .array([])
            default:
                items = .array((0..<(1 + generator.next(4))).map { _ in
                    generator.next(5) == 0 ? .scalar(generator.element()) : .object(generator.members())
                })
            }
            return Record(id: index + 1, items: items, tail: generator.value())
        }
    }

    /// The JSON Lines `--explode items` should write for `records`, and its CSV header.
    private func expected(_ records: [Record], dropEmpty: Bool) -> (lines: [String], header: String) {
        var keys: [String] = []
        var keepsField = false
        for record in records {
            switch record.items {
            case .absent: break
            case .null, .text: keepsField = true
            case .array(let elements):
                if elements.isEmpty { keepsField = true }
                for element in elements {
                    switch element {
                    case .scalar: keepsField = true
                    case .object(let members): for member in members where !keys.contains(member.key) { keys.append(member.key) }
                    }
                }
            }
        }
        var lines: [String] = []
        for record in records {
            func line(_ items: [String]) -> String {
                "{" + (["\"id\":\(record.id)"] + items + [#""z":"# + record.tail]).joined(separator: ",") + "}"
            }
            switch record.items {
            case .absent: lines.append(line([]))
            case .null: lines.append(line([#""items":null"#]))
            case .text(let text): lines.append(line([#""items":"# + text]))
            case .array(let elements):
                if elements.isEmpty && !dropEmpty { lines.append(line([#""items":null"#])) }
                for element in elements {
                    switch element {
                    case .scalar(let value): lines.append(line([#""items":"# + value]))
                    case .object(let members):
                        // The element's members in its own order, whatever order other elements showed the keys in.
                        var seen: Set<String> = []
                        let cells = members.filter { seen.insert($0.key).inserted }.map { "\"items.\($0.key)\":\($0.value)" }
                        lines.append(line(cells))
                    }
                }
            }
        }
        // The keys as CSV names: unescaped, and quoted when they hold a quote.
        let names = keys.map { key -> String in
            let name = "items." + key.replacingOccurrences(of: #"\""#, with: "\"").replacingOccurrences(of: #"\\"#, with: "\\")
            return name.contains("\"") ? "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : name
        }
        return (lines, (["id"] + (keepsField ? ["items"] : []) + names + ["z"]).joined(separator: ","))
    }

    func testExplodedRowsAreTheElements() throws {
        for seed in [5, 23, 61, 97] as [UInt64] {
            var generator = SeededRandom(state: seed)
            let records = records(count: 40, using: &generator)
            let input = records.map(\.json).joined(separator: "\n") + "\n"
            for dropEmpty in [false, true] {
                let arguments = ["--input", "jsonl", "--explode", "items", "--style", "jsonl"] + (dropEmpty ? ["--explode-drop-empty"] : [])
                let result = try ListviewProcess.run(arguments, stdinText: input)
                XCTAssertEqual(result.status, 0, result.stderr)
                let want = expected(records, dropEmpty: dropEmpty)
                let got = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
                XCTAssertEqual(got.count, want.lines.count, "seed \(seed)")
                for (wanted, written) in zip(want.lines, got) where wanted != written {
                    XCTFail("seed \(seed), drop-empty \(dropEmpty):\n want \(wanted)\n  got \(written)\ninput:\n\(input)")
                    break
                }
                // The columns, in a style that lists them all.
                let csv = try ListviewProcess.run(["--input", "jsonl", "--explode", "items", "--style", "csv", "--no-flatten"]
                    + (dropEmpty ? ["--explode-drop-empty"] : []), stdinText: input)
                XCTAssertEqual(csv.stdout.split(separator: "\n").first.map(String.init), want.header, "seed \(seed)")
            }
        }
    }

    /// A file of many batches, exploded in parts on both cores, gives the same rows as one
    /// record at a time (compared as objects: a batch numbers the keys in the order it meets them).
    func testManyBatchesGiveTheSameRows() throws {
        var generator = seededRandom(7)
        let records = records(count: 30_000, using: &generator)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("explode-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data((records.map(\.json).joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path))
        let result = try ListviewProcess.run([path, "--explode", "items", "--style", "jsonl"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let got = result.stdout.split(separator: "\n").map(String.init)
        let want = expected(records, dropEmpty: false).lines
        XCTAssertEqual(got.count, want.count)
        func object(_ line: String) throws -> NSDictionary {
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8), options: [.fragmentsAllowed]) as? NSDictionary)
        }
        for (index, (wanted, written)) in zip(want, got).enumerated() where try object(wanted) != object(written) {
            XCTFail("row \(index + 1):\n want \(wanted)\n  got \(written)")
            break
        }
    }
}

/// The values and members the records are drawn from.
private extension SeededRandom {
    /// Values as the compact JSON listview writes them back unchanged.
    static let values = [#"1"#, #"-2.5"#, #""plain""#, #""a\\b""#, #""q\"x""#, "true", "false", "null", #"[1,{"y":2}]"#,
                         #"{"n":"é"}"#, #""ü""#, "[]", "{}"]
    /// Keys as written inside their quotes (escaped as listview writes them).
    static let keys = ["sku", "qty", #"q\"k"#, "é", "a b", #"back\\slash"#]

    mutating func value() -> String { Self.values[next(Self.values.count)] }

    /// A value that is no object (an element that is one has members).
    mutating func element() -> String {
        let values = Self.values.filter { !$0.hasPrefix("{") }
        return values[next(values.count)]
    }

    /// A subset of the keys in a random order.
    mutating func members() -> [(key: String, value: String)] {
        var pool = Self.keys
        return (0..<next(pool.count + 1)).map { _ in (pool.remove(at: next(pool.count)), value()) }
    }
}
