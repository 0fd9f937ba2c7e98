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
        case 2: return "\"\(["x", "", "a,b", "Zoë", "1e2", #"q\"t"#, #"\u00e9\n"#][random.next(7)])\""
        case 3: return random.next(2) == 0 ? "true" : "false"
        case 4: return "{}"
        case 5: return "[]"
        case 6, 7:
            let keys = ["k", "m", "n", #"e\u0301"#].filter { _ in random.next(2) == 0 }
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

    /// CSV and TSV output, which flattens the rows as it writes them (from their own cells, or from
    /// a flattened table where a block holds CSV cells), write what `--flatten` writes of the
    /// records flattened as read, a CSV file's rows (text cells) after them or not.
    func testOutputFlatteningWritesWhatFlatteningAsReadWrites() throws {
        let csv = try files.write("d,e\n1,\"x,y\"\n,3\n", extension: "csv")
        var compared = 0
        for seed in 0..<UInt64(24) {
            var random = seededRandom(42_000 + seed)
            let lines = (0..<(1 + random.next(40))).map { _ in record(&random) }
            let path = try files.write(lines.joined(separator: "\n") + "\n", extension: "jsonl")
            for (style, inputs) in [(OutputStyle.csv, [path]), (.tsv, [path]), (.csv, [path, csv])] {
                var request = ListRequest()
                request.read.inputs = inputs
                request.look.style = style
                request.look.flattensOutput = true
                let asWritten = output(request, reading: .batches)
                request.look.flattensOutput = false
                request.read.shaping.flatten = .init()
                let asRead = output(request, reading: .batches)
                // A field beside an object's leaf of its name is refused either way.
                if asRead.hasPrefix("error") {
                    XCTAssertTrue(asWritten.hasPrefix("error"), "seed \(seed), \(style)")
                    continue
                }
                XCTAssertEqual(asWritten, asRead, "seed \(seed), \(style), \(inputs.count) inputs")
                compared += 1
            }
        }
        XCTAssertGreaterThan(compared, 50)
    }

    /// `--fields` picks columns of the flattened output: each column it writes is the column of
    /// that name written without `--fields` (or empty where none is).
    func testChosenFieldsAreColumnsOfTheWholeFlattenedOutput() throws {
        var compared = 0
        for seed in 0..<UInt64(24) {
            var random = seededRandom(42_100 + seed)
            let lines = (0..<(1 + random.next(40))).map { _ in record(&random) }
            let path = try files.write(lines.joined(separator: "\n") + "\n", extension: "jsonl")
            var request = ListRequest()
            request.read.inputs = [path]
            request.look.style = .tsv
            request.look.flattensOutput = true
            let whole = Self.columns(output(request, reading: .batches))
            for fields in [["c", "a"], ["b"], ["a.k", "b"]] {
                request.look.fields = fields.map { FieldPath($0) }
                let chosen = Self.columns(output(request, reading: .batches))
                for (name, cells) in chosen {
                    let expected = whole.first { $0.name == name }?.cells ?? Array(repeating: "", count: cells.count)
                    XCTAssertEqual(cells, expected, "seed \(seed), --fields \(fields), column \(name)")
                    compared += 1
                }
            }
        }
        XCTAssertGreaterThan(compared, 200)
    }

    /// The columns of TSV output, each with its cells.
    private static func columns(_ tsv: String) -> [(name: String, cells: [String])] {
        let lines = tsv.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        guard let header = lines.first else { return [] }
        return header.enumerated().map { index, name in (name, lines.dropFirst().map { index < $0.count ? $0[index] : "?" }) }
    }

    /// A name that is a field of its own and a leaf below another field: `--fields a` writes the
    /// leaf `a.k` (not the field `a.k` beside it), `--fields a.k` the field, and where a row lacks
    /// it the leaf (as every other style reads `a.k`); the two written together are refused. A
    /// field whose name steps into another field (`a.k` beside `a`) spreads its own leaves only.
    func testAFieldNamedLikeALeafIsNotWrittenForIt() throws {
        let path = try files.write("""
            {"a":{"k":1},"a.k":2,"b":3}
            {"a":{"k":4},"b":5}

            """, extension: "jsonl")
        var request = ListRequest()
        request.read.inputs = [path]
        request.look.style = .csv
        request.look.flattensOutput = true
        request.look.fields = [FieldPath("a"), FieldPath("b")]
        XCTAssertEqual(output(request, reading: .batches), "a.k,b\n1,3\n4,5\n")
        request.look.fields = [FieldPath("a.k")]
        XCTAssertEqual(output(request, reading: .batches), "a.k\n2\n4\n")
        request.look.style = .jsonl
        XCTAssertEqual(output(request, reading: .batches), "{\"a.k\":2}\n{\"a.k\":4}\n")
        request.look.style = .csv
        request.look.fields = [FieldPath("a"), FieldPath("a.k")]
        XCTAssertTrue(output(request, reading: .batches).contains("would both be the column 'a.k'"))
        request.look.fields = nil
        XCTAssertTrue(output(request, reading: .batches).contains("would both be the column 'a.k'"))

        let beside = try files.write("{\"a\":{\"k\":{\"z\":1}},\"a.k\":5}\n", extension: "jsonl")
        request.read.inputs = [beside]
        XCTAssertEqual(output(request, reading: .batches), "a.k.z,a.k\n1,5\n")
    }

    /// A bracket path (`items[0].sku`) names the leaf its dots spell, written under the name given,
    /// in CSV and TSV as in every other style; and a name both a field and a leaf below another
    /// field reads, row by row, the field and where a row lacks it the leaf.
    func testABracketPathAndAFieldLikeALeafReadAsEveryStyleReadsThem() throws {
        let path = try files.write("""
            {"id":1,"items":[{"sku":"A"},{"sku":"B"}],"a.k":7}
            {"id":2,"items":[{"sku":"C"}],"a":{"k":8}}
            {"id":3,"a":{"m":9},"a.k":null}

            """, extension: "jsonl")
        var request = ListRequest()
        request.read.inputs = [path]
        request.look.flattensOutput = true
        request.look.fields = ["id", "items[0].sku", "items[1].sku", "a.k"].map { FieldPath($0) }
        request.look.style = .csv
        XCTAssertEqual(output(request, reading: .batches), "id,items[0].sku,items[1].sku,a.k\n1,A,B,7\n2,C,,8\n3,,,\n")
        request.look.style = .jsonl
        XCTAssertEqual(output(request, reading: .batches), """
            {"id":1,"items[0].sku":"A","items[1].sku":"B","a.k":7}
            {"id":2,"items[0].sku":"C","a.k":8}
            {"id":3,"a.k":null}

            """)
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
