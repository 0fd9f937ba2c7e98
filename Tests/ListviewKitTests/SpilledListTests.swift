import Foundation
import ListviewBatches
@testable import ListviewKit
import ListviewPresentation
import ListviewQuery
@testable import ListviewRequest
import ListviewSpilling
import ListviewTestSupport
import ListviewValues
import XCTest

/// A list sorted and grouped on disk (`SpilledList`) writes exactly what the list in memory writes.
final class SpilledListTests: XCTestCase {
    private let files = TemporaryFiles()

    /// The same lists on every run.
    private typealias Random = SeededRandom

    /// A random value for a field: numbers (some tied, some huge), text, booleans, nulls, missing or nested
    /// (arrays, and objects whose keys vary, so that CSV's flattened columns come in varying orders).
    private func value(_ random: inout Random) -> String? {
        switch random.next(9) {
        case 0: return nil
        case 1: return "null"
        case 2: return String(random.next(5))
        case 3: return "\(random.next(2_000) - 1_000).\(random.next(100))"
        case 4: return "\"\(["red", "green", "blue", "Zoë", ""][random.next(5)])\""
        case 5: return random.next(2) == 0 ? "true" : "false"
        case 6: return random.next(2) == 0 ? "[\(random.next(3)),\"x\"]" : "{\"k\":\(random.next(3))\(random.next(2) == 0 ? ",\"m\":\"y\"" : "")}"
        case 7: return "12345678901234567\(random.next(10))"
        default: return "\"s\(random.next(40))\""
        }
    }

    private struct Failure: Error, Equatable, CustomStringConvertible {
        let description: String
    }

    private func ran(_ request: ListRequest) throws -> String {
        let sink = OutputSink.memory()
        try ListRunner.run(request, to: sink)
        return sink.collected
    }

    func testRandomListsSortedGroupedFootedAndPagedOnDiskEqualTheListInMemory() throws {
        var random = seededRandom(26_27)
        let styles: [OutputStyle] = [.table, .json, .jsonl, .csv, .tsv, .list, .line, .markdown]
        for round in 0..<120 {
            let fields = ["a", "b", "c", "d"]
            let lines = (0..<(1 + random.next(120))).map { _ in
                "{" + fields.compactMap { name in value(&random).map { "\"\(name)\":\($0)" } }.joined(separator: ",") + "}"
            }
            let path = try files.write(lines.joined(separator: "\n") + "\n", extension: "jsonl")
            var request = ListRequest()
            request.read.inputs = [path]
            request.arrangement.sort = (0..<random.next(3)).map { _ in SortSpec(path: FieldPath(fields[random.next(4)]), descending: random.next(2) == 0) }
            request.arrangement.groupBy = (0..<random.next(3)).map { _ in FieldPath(fields[random.next(4)]) }
            if random.next(3) == 0 { request.arrangement.groupOrder = GroupOrder([.first, .key, .count][random.next(3)], descending: random.next(2) == 0) }
            if random.next(4) == 0 { request.arrangement.limit = random.next(30) }
            if random.next(4) == 0 { request.arrangement.filter = RecordFilter(predicates: [try Predicate(parsing: "a>0")], search: nil) }
            if random.next(3) == 0 { request.arrangement.footer = try Aggregates(parsing: ["count", "sum:a", "mean:b", "min:c", "max:d"][random.next(5)] + ",count") }
            if random.next(3) == 0 {
                request.arrangement.pageSize = 1 + random.next(12)
                request.arrangement.page = 1 + random.next(4)
            }
            request.look.style = styles[random.next(styles.count)]
            if random.next(3) == 0 {
                // Wrapped into a narrow table: with a page size, pages are cut by lines.
                request.look.wrap = true
                request.look.width = 24
                request.look.style = .table
                if random.next(2) == 0 {
                    request.arrangement.pageSize = 1 + random.next(12)
                    request.arrangement.page = 1 + random.next(4)
                }
            }
            // CSV and TSV flatten what they write, as the command line asks by default.
            request.look.flattensOutput = request.look.style == .csv || request.look.style == .tsv
            let label = "round \(round): sort \(request.arrangement.sort) groups \(request.arrangement.groupBy) style \(request.look.style)"
                + " footer \(String(describing: request.arrangement.footer)) page \(String(describing: request.arrangement.page))"
                + " wrap \(request.look.wrap)"
            // The output, or the error (a field no record has), the same either way.
            let inMemory = Result { try ran(request) }.mapError { Failure(description: "\($0)") }
            for bytes in [1, 300, 5_000] {
                request.arrangement.memory = MemoryBudget(bytes: bytes, isForcedSpilling: true)
                let spilled = Result { try ran(request) }.mapError { Failure(description: "\($0)") }
                switch (inMemory, spilled) {
                case let (.success(a), .success(b)): XCTAssertEqual(b, a, "\(label), budget \(bytes)")
                case let (.failure(a), .failure(b)): XCTAssertEqual(b, a, "\(label), budget \(bytes)")
                default: XCTFail("\(label), budget \(bytes): \(spilled) in runs, \(inMemory) in memory")
                }
            }
            request.arrangement.memory = nil
        }
    }

    func testALimitBelowOneRecordIsRefusedWithWhatItNeeds() throws {
        let path = try files.write((0..<50).map { "{\"id\":\($0),\"text\":\"\(String(repeating: "x", count: 400))\"}" }.joined(separator: "\n"),
                                   extension: "jsonl")
        var request = ListRequest()
        request.read.inputs = [path]
        request.arrangement.sort = [SortSpec(path: FieldPath("id"), descending: true)]
        request.arrangement.memory = MemoryBudget(bytes: 200)
        XCTAssertThrowsError(try ran(request)) { error in
            XCTAssertEqual((error as? ListviewError)?.exitStatus, 70)
            XCTAssertTrue("\(error)".contains("the memory limit of 200 B cannot be kept: one record needs"), "\(error)")
        }
    }

    /// `--limit 0` lists nothing, on disk as in memory: the styles' empty shapes, and no record
    /// found (`--fail-if-empty`).
    func testALimitOfNoRowsListsNothingOnDiskAsInMemory() throws {
        let path = try files.write((0..<300).map { "{\"a\":\($0 % 7),\"b\":\"s\($0)\"}" }.joined(separator: "\n"), extension: "jsonl")
        for style in [OutputStyle.json, .table, .csv] {
            for pageSize in [nil, 5] {
                for wrap in [false, true] {
                    var request = ListRequest()
                    request.read.inputs = [path]
                    request.arrangement.sort = [SortSpec(path: FieldPath("a"), descending: false)]
                    request.arrangement.limit = 0
                    request.arrangement.pageSize = pageSize
                    request.look.style = style
                    request.look.wrap = wrap
                    let sink = OutputSink.memory()
                    let inMemory = try ListRunner.run(request, to: sink)
                    request.arrangement.memory = MemoryBudget(bytes: 256, isForcedSpilling: true)
                    let spilledSink = OutputSink.memory()
                    let spilled = try ListRunner.run(request, to: spilledSink)
                    let label = "\(style) page size \(String(describing: pageSize)) wrap \(wrap)"
                    XCTAssertEqual(spilledSink.collected, sink.collected, label)
                    XCTAssertFalse(spilled.foundRecords, label)
                    XCTAssertEqual(spilled, inMemory, label)
                }
            }
        }
    }

    /// The second pass over a file checks it is the file the first pass read.
    func testAFileChangedBetweenThePassesIsToldApart() throws {
        let path = try files.write("{\"a\":1}\n", extension: "jsonl")
        let before = SpilledList.fileStates([path])
        XCTAssertEqual(SpilledList.fileStates([path]), before)
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
        handle.seekToEndOfFile()
        handle.write(Data("{\"a\":2}\n".utf8))
        try handle.close()
        XCTAssertNotEqual(SpilledList.fileStates([path]), before)
    }

    /// Many runs (a file of several parts, a budget of one byte) merge in several passes, a few
    /// runs at a time, and still give the list in memory, ties in input order.
    func testManyRunsMergeInSeveralPassesAsInMemory() throws {
        var random = seededRandom(4_096)
        let lines = (0..<40_000).map { "{\"id\":\($0),\"g\":\"g\(random.next(3))\",\"k\":\(random.next(50)),\"pad\":\"\(String(repeating: "x", count: 20))\"}" }
        let path = try files.write(lines.joined(separator: "\n") + "\n", extension: "jsonl")
        var request = ListRequest()
        request.read.inputs = [path]
        request.arrangement.groupBy = [FieldPath("g")]
        request.arrangement.sort = [SortSpec(path: FieldPath("k"), descending: true)]
        request.look.style = .jsonl
        let inMemory = try ran(request)
        request.arrangement.memory = MemoryBudget(bytes: 1, isForcedSpilling: true)
        let spilled = try ran(request)
        XCTAssertEqual(spilled.split(separator: "\n").count, 40_000)
        XCTAssertTrue(spilled == inMemory, "the list merged in passes differs from the list in memory")
    }

    /// A file read in parts whose records name their fields in varying orders, and meet new ones
    /// late (a part may begin with a record whose order is not the first one's): on disk, in runs
    /// or in two passes, each value stays under its own name and every column is written, as in
    /// memory. Runs once labelled a part's values by another order, and the two passes wrote a CSV
    /// header of the first batch's columns only, both with status 0.
    func testFieldsInVaryingOrdersKeepTheirNamesOnDisk() throws {
        var random = seededRandom(27_11)
        // 9 MB, past the size a file is read in parts from (8 MB): the first batch is read alone,
        // the rest in parts of a quarter megabyte, each named in the schema where it is taken.
        let lines = (0..<300_000).map { index -> String in
            var members = ["\"id\":\(index)", "\"v\":\(random.next(1_000))"]
            if index > 100_000 { members.insert("\"x\":\"s\(random.next(20))\"", at: 0) }
            if index > 200_000 && index % 3 == 0 { members.append("\"nested\":{\"a\":[1,{\"b\":\(index)}]}") }
            if index % 7 == 0 { members.reverse() }
            return "{" + members.joined(separator: ",") + "}"
        }
        let path = try files.write(lines.joined(separator: "\n") + "\n", extension: "jsonl")
        for style in [OutputStyle.csv] {
            for arrangement in 0..<2 {
                var request = ListRequest()
                request.read.inputs = [path]
                request.look.style = style
                request.look.flattensOutput = style == .csv
                if arrangement > 0 { request.arrangement.sort = [SortSpec(path: FieldPath("v"), descending: false)] }
                let inMemory = try ran(request)
                request.arrangement.memory = MemoryBudget(bytes: 4 << 20, isForcedSpilling: true)
                let spilled = try ran(request)
                XCTAssertTrue(spilled == inMemory, "\(style), arrangement \(arrangement): on disk the list differs from the list in memory")
            }
        }
    }
}
