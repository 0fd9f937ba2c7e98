import ListviewBatches
import ListviewInput
@testable import ListviewKit
import ListviewPresentation
@testable import ListviewRequest
import ListviewTestSupport
import XCTest

/// Flattened columns come in one order whatever the path: a file read in parts on two threads
/// writes the header a file read batch by batch writes, whether CSV flattens the rows it writes
/// (the default) or `--flatten` flattens the records as they are read.
final class FlattenedColumnOrderTests: XCTestCase {
    private let files = TemporaryFiles()

    /// A random value: scalars, nulls, and objects and arrays (empty, nested, with keys that vary
    /// from record to record), so that a column holds a scalar in one record and an object in the next.
    private func value(_ random: inout SeededRandom, depth: Int = 0) -> String {
        switch random.next(depth < 2 ? 10 : 6) {
        case 0: return "null"
        case 1: return String(random.next(100))
        case 2: return "\"\(["x", "", "a,b", "Zoë", "1e2"][random.next(5)])\""
        case 3: return random.next(2) == 0 ? "true" : "false"
        case 4: return "{}"
        case 5: return "[]"
        case 6, 7:
            let keys = ["k", "m", "n"].filter { _ in random.next(2) == 0 }
            return "{" + keys.map { "\"\($0)\":\(value(&random, depth: depth + 1))" }.joined(separator: ",") + "}"
        default:
            return "[" + (0..<random.next(3)).map { _ in value(&random, depth: depth + 1) }.joined(separator: ",") + "]"
        }
    }

    private func record(_ random: inout SeededRandom) -> String {
        let fields = ["a", "b", "c"].filter { _ in random.next(4) != 0 }
        return "{" + fields.map { "\"\($0)\":\(value(&random))" }.joined(separator: ",") + "}"
    }

    private func output(_ request: ListRequest, reading: WholeList.Reading) -> String {
        let sink = OutputSink.memory()
        do {
            try ListRunner.run(request, to: sink, warn: { _ in }, reading: reading)
            return sink.collected
        } catch {
            return "error: \(error)"
        }
    }

    /// A file large enough to be read in parts on two threads, each part's records with leaves of
    /// their own, against the same file read batch by batch.
    func testAFileReadInPartsFlattensAsOneReadBatchByBatch() throws {
        var random = seededRandom(40_4)
        var lines: [String] = []
        var size = 0
        while size < 9 << 20 {
            let line = record(&random)
            size += line.utf8.count + 1
            lines.append(line)
        }
        let path = try files.write(lines.joined(separator: "\n") + "\n", extension: "jsonl")
        for (style, asRead) in [(OutputStyle.csv, false), (.tsv, true)] {
            var request = ListRequest()
            request.read.inputs = [path]
            request.look.style = style
            if asRead { request.read.shaping.flatten = .init() } else { request.look.flattensOutput = true }
            let inParts = output(request, reading: .bytesWhenPossible)
            let byBatches = output(request, reading: .batches)
            XCTAssertFalse(inParts.hasPrefix("error"), String(inParts.prefix(300)))
            XCTAssertTrue(inParts == byBatches, "\(style), flattened as read \(asRead): the outputs differ from "
                          + (inParts.split(separator: "\n").first.map(String.init) ?? "") + " / "
                          + (byBatches.split(separator: "\n").first.map(String.init) ?? ""))
        }
    }

    /// A record that names its fields in an order of its own keeps it when `--flatten` spreads a
    /// nested value of it: the spread paths take the place of their field. (A batch with a nested
    /// value wrote its rows in column order, so the order changed with where batches began.)
    func testAFlattenedRecordKeepsItsOwnOrderOfFields() throws {
        let path = try files.write("""
            {"a":{"x":1},"b":2}
            {"b":3,"a":{"x":4,"y":[5]}}
            {"b":6,"c":7,"a":8}

            """, extension: "jsonl")
        var request = ListRequest()
        request.read.inputs = [path]
        request.look.style = .jsonl
        request.read.shaping.flatten = .init()
        for reading in [WholeList.Reading.bytesWhenPossible, .batches] {
            XCTAssertEqual(output(request, reading: reading), """
                {"a.x":1,"b":2}
                {"b":3,"a.x":4,"a.y.0":5}
                {"b":6,"c":7,"a":8}

                """)
        }
    }
}
