import Foundation
import XCTest

/// `listview x.jsonl --style csv | listview --input csv --unflatten --style jsonl` gives back
/// x.jsonl's records exactly when every leaf is a scalar that CSV keeps: checked over random
/// nested records (seeded, so a failure repeats).
final class FlattenRoundTripTests: XCTestCase {
    /// A small deterministic generator (an LCG), so the records are the same in every run.
    private struct Generator {
        var state: UInt64

        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }

        /// A scalar CSV keeps as it was: a word (never a number, a boolean or empty), an
        /// integer, a decimal as written, or a boolean.
        mutating func scalar() -> String {
            switch next(4) {
            case 0:
                let letters = Array("abcdefghijklmnopqrstuvwxyz")
                return "\"" + String((0..<(1 + next(6))).map { _ in letters[next(letters.count)] }) + "x\""
            case 1: return String(next(100_000) + 1)
            case 2: return "\(next(1_000)).\(next(9) + 1)\(next(10))"
            default: return next(2) == 0 ? "true" : "false"
            }
        }

        /// The shape of a field, the same in every record (CSV's columns come in the order they are
        /// first seen, so only fields of one shape keep their order): a scalar, an object of fixed
        /// keys, or an array of 1–3 elements of one shape.
        indirect enum Shape {
            case scalar
            case object([(String, Shape)])
            case array(Shape)
        }

        mutating func shape(depth: Int) -> Shape {
            guard depth > 0 else { return .scalar }
            switch next(3) {
            case 0: return .scalar
            case 1: return .object(["k", "m", "q"].prefix(1 + next(3)).map { ($0, shape(depth: depth - 1)) })
            default: return .array(next(2) == 0 ? .scalar : .object([("s", .scalar), ("n", .scalar)]))
            }
        }

        /// A value of `shape`, as compact JSON.
        mutating func value(_ shape: Shape) -> String {
            switch shape {
            case .scalar: return scalar()
            case .object(let members): return "{" + members.map { "\"\($0.0)\":" + value($0.1) }.joined(separator: ",") + "}"
            case .array(let element): return "[" + (0..<(1 + next(3))).map { _ in value(element) }.joined(separator: ",") + "]"
            }
        }
    }

    func testCSVAndBackGivesTheSameRecords() throws {
        for seed in [3, 17, 29] as [UInt64] {
            var generator = Generator(state: seed)
            // Every record has the same top-level fields (CSV cannot tell a missing one from null).
            let shapes = (0..<4).map { _ in generator.shape(depth: 3) }
            let records = (0..<60).map { index -> String in
                let fields = shapes.enumerated().map { position, shape in "\"f\(position)\":" + generator.value(shape) }
                return "{\"id\":\(index + 1)," + fields.joined(separator: ",") + "}"
            }
            let input = records.joined(separator: "\n") + "\n"
            let csv = try ListviewProcess.run(["--input", "jsonl", "--style", "csv"], stdinText: input)
            XCTAssertEqual(csv.status, 0, csv.stderr)
            let back = try ListviewProcess.run(["--input", "csv", "--unflatten", "--style", "jsonl"], stdinText: csv.stdout)
            XCTAssertEqual(back.status, 0, back.stderr)
            let (expected, actual) = (input.split(separator: "\n"), back.stdout.split(separator: "\n"))
            XCTAssertEqual(actual.count, expected.count, "seed \(seed)")
            for (want, got) in zip(expected, actual) where want != got {
                XCTFail("seed \(seed): \(want) came back as \(got)\nvia CSV:\n\(csv.stdout.prefix(2_000))")
                break
            }
        }
    }
}
