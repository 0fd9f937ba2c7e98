import Foundation
import ListviewBatches
import ListviewKit
import ListviewPresentation
import ListviewQuery
import ListviewSpilling
import ListviewTestSupport
import ListviewValues
@testable import ListviewDiff
import XCTest

/// A keyed diff cut into partitions on disk (`PartitionedDiff`) writes exactly what the diff in
/// memory writes, and reports the same repeated key.
final class PartitionedDiffTests: XCTestCase {
    private let files = TemporaryFiles()

    override func tearDown() {
        files.removeAll()
    }

    /// The same lists on every run.
    private typealias Random = SeededRandom

    /// A value for a field: few distinct numbers and words (so records repeat), nulls, missing, nested.
    private func value(_ random: inout Random) -> String? {
        switch random.next(8) {
        case 0: return nil
        case 1: return "null"
        case 2: return String(random.next(4))
        case 3: return ["12.5", "12.50", "3"][random.next(3)]
        case 4: return "\"\(["red", "green", "Zoë", ""][random.next(4)])\""
        case 5: return "{\"x\":\(random.next(3))}"
        default: return "\"s\(random.next(5))\""
        }
    }

    /// One record as a JSON line: its key `id` (a number, its text varied as `id` or `id.0`), then
    /// `fields`, some missing.
    private func line(id: Int, fields: [String], _ random: inout Random) -> String {
        let key = random.next(5) == 0 ? "\(id).0" : "\(id)"
        let members = fields.compactMap { name in value(&random).map { "\"\(name)\":\($0)" } }
        return "{" + (["\"id\":\(key)"] + members).joined(separator: ",") + "}"
    }

    func testRandomListsDiffedInPartitionsEqualTheDiffInMemory() throws {
        var random = seededRandom(27_2026)
        let styles: [OutputStyle] = [.table, .json, .jsonl, .csv, .tsv, .list, .line, .markdown]
        var partitionedRuns = 0
        var failedRuns = 0
        for round in 0..<80 {
            // Old fields, and new ones with a field removed and one added now and then.
            let oldFields = ["a", "b", "c"] + (random.next(3) == 0 ? ["gone"] : [])
            let newFields = ["a", "b", "c"] + (random.next(3) == 0 ? ["fresh"] : [])
            let count = 1 + random.next(60)
            var oldLines: [String] = []
            var newLines: [String] = []
            for id in 0..<count {
                let record = line(id: id, fields: oldFields, &random)
                switch random.next(6) {
                case 0: oldLines.append(record)  // removed
                case 1: newLines.append(line(id: id, fields: newFields, &random))  // added
                case 2:
                    oldLines.append(record)
                    newLines.append(line(id: id, fields: newFields, &random))  // changed, or not
                default:
                    oldLines.append(record)
                    newLines.append(record.replacingOccurrences(of: ",\"gone\":", with: ",\"fresh\":"))
                }
            }
            // Now and then a key twice on one side (or on both, or twice over).
            for _ in 0..<(random.next(8) == 0 ? 1 + random.next(3) : 0) {
                if random.next(2) == 0, let copied = random.element(of: oldLines) {
                    oldLines.insert(copied, at: random.next(oldLines.count + 1))
                } else if let copied = random.element(of: newLines) {
                    newLines.insert(copied, at: random.next(newLines.count + 1))
                }
            }
            random.swapPairs(&oldLines, times: random.next(4))
            random.swapPairs(&newLines, times: random.next(4))
            let oldPath = try files.write(oldLines.joined(separator: "\n") + "\n", extension: "jsonl")
            let newPath = try files.write(newLines.joined(separator: "\n") + "\n", extension: "jsonl")
            var request = DiffRequest(old: oldPath, new: newPath)
            request.key = [FieldPath("id")]
            request.exact = random.next(5) == 0
            request.list.look.style = styles[random.next(styles.count)]
            request.list.look.countsOnly = random.next(6) == 0
            if random.next(3) == 0 { request.list.arrangement.groupBy = [FieldPath(["a", "b"][random.next(2)])] }
            if random.next(5) == 0 { request.list.look.fields = [FieldPath("b"), FieldPath("a")] }
            if random.next(5) == 0 { request.list.look.excluded = FieldExclusion([FieldPattern("c")]) }
            if random.next(5) == 0 { request.list.arrangement.filter = RecordFilter(predicates: [try Predicate(parsing: "a!=1")], search: nil) }
            let label = "round \(round): \(count) keys, style \(request.list.look.style), counts \(request.list.look.countsOnly), "
                + "groups \(request.list.arrangement.groupBy), exact \(request.exact)"
            let inMemory = diffOutcome(request)
            if case .failure = inMemory { failedRuns += 1 }
            for bytes in [1, 300, 5_000] {
                request.list.arrangement.memory = MemoryBudget(bytes: bytes, isForcedSpilling: true)
                XCTAssertNotNil(request.memory.budget, label)
                partitionedRuns += 1
                let partitioned = diffOutcome(request)
                XCTAssertEqual(partitioned, inMemory, "\(label), budget \(bytes)")
            }
            request.list.arrangement.memory = nil
        }
        // The rounds cover both outcomes: differences written, and a repeated key reported.
        XCTAssertGreaterThan(failedRuns, 3)
        XCTAssertEqual(partitionedRuns, 240)
    }
    /// The repeated key reported by the diff in memory, then in partitions (each budget).
    private func duplicateMessages(old: [String], new: [String], extension ext: String = "jsonl") throws -> [String] {
        var request = DiffRequest(old: try files.write(old.joined(separator: "\n") + "\n", extension: ext),
                                  new: try files.write(new.joined(separator: "\n") + "\n", extension: ext))
        request.key = [FieldPath("id")]
        var messages: [String] = []
        for budget in [nil, MemoryBudget(bytes: 1, isForcedSpilling: true), MemoryBudget(bytes: 5_000, isForcedSpilling: true)] {
            request.list.arrangement.memory = budget
            switch diffOutcome(request) {
            case .success: messages.append("no error")
            case let .failure(failure): messages.append(failure.description)
            }
        }
        return messages
    }

    /// In a batch, a repeated key the old side has is reported before one only the new side has,
    /// though the latter comes first: keys are in different partitions, and the same is reported.
    func testARepeatedKeyTheOldSideHasIsReportedFirstInItsBatch() throws {
        let old = (0..<40).map { "{\"id\":\($0),\"v\":1}" }
        let new = ["{\"id\":100}", "{\"id\":100}"] + old + ["{\"id\":7,\"v\":2}"]
        let messages = try duplicateMessages(old: old, new: new)
        XCTAssertTrue(messages[0].contains("key id is on records 10 and 43;"), messages[0])
        XCTAssertEqual(messages[1], messages[0])
        XCTAssertEqual(messages[2], messages[0])
        // On the old side, the record repeated first (by its second record), with the key's value.
        let twice = ["{\"id\":3}", "{\"id\":9}", "{\"id\":9}", "{\"id\":3}"]
        let oldMessages = try duplicateMessages(old: twice, new: new)
        XCTAssertTrue(oldMessages[0].contains("key id=9 is on records 2 and 3;"), oldMessages[0])
        XCTAssertEqual(oldMessages[1...].map { $0 }, [oldMessages[0], oldMessages[0]])
    }

    /// Batches of a new side larger than one read (about a megabyte each) are checked one after
    /// another: a key only the new side repeats in the first batch comes before a key the old side
    /// has repeated in a later one.
    func testARepeatedKeyOfAnEarlierBatchIsReportedFirst() throws {
        let padding = String(repeating: "x", count: 60)
        let old = (0..<40_000).map { "{\"id\":\($0),\"p\":\"\(padding)\"}" }
        let new = ["{\"id\":-1}", "{\"id\":-1}"] + old + [old[39_000]]
        let messages = try duplicateMessages(old: old, new: new)
        XCTAssertTrue(messages[0].contains("key id is on records 1 and 2;"), messages[0])
        XCTAssertEqual(messages[1], messages[0])
        XCTAssertEqual(messages[2], messages[0])
    }

    /// A new side large enough to be read in parts on both cores: a part (a quarter megabyte)
    /// holds several batches (64 kB each), and a part's keys the old side has are checked
    /// before those it lacks. The repeated key named is still the one of the earlier batch,
    /// as without parts and as in partitions, here the one only the new side has.
    func testRepeatedKeysInOnePartAreReportedByTheirBatches() throws {
        // Rows of 100 bytes: 100,000 of them make 10 MB, past the size read in parts.
        let padding = String(repeating: "x", count: 90)
        let old = ["id,p"] + (0..<100_000).map { String(format: "%07d,", $0) + padding }
        var new = old
        new.insert(String(format: "%07d,", 42_700) + padding, at: 45_000)  // the old side has it
        new.insert("9999999," + padding, at: 44_000)  // only the new side has it, twice
        new.insert("9999999," + padding, at: 11)
        let messages = try duplicateMessages(old: old, new: new, extension: "csv")
        XCTAssertTrue(messages[0].contains("key id is on records 11 and 44001;"), messages[0])
        XCTAssertEqual(messages[1], messages[0])
        XCTAssertEqual(messages[2], messages[0])
    }
}
