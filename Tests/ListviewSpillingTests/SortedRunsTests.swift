import Foundation
import ListviewBatches
import ListviewQuery
import ListviewSpilling
import ListviewTestSupport
import ListviewValues
import XCTest

/// Rows sorted into runs on disk and merged back: each group's rows as a stable sort of them in
/// memory gives them, however many runs (merged in several passes) and chunks they take.
final class SortedRunsTests: XCTestCase {
    private let files = TemporaryFiles()
    private var parent = ""

    override func setUpWithError() throws {
        parent = try files.folder()
    }

    /// Rows numbered by `id` in input order, with a sort key `n` of many ties and a group of their own.
    private struct Row {
        var id: Int
        var n: Int
        var group: Int
    }

    /// Writes `rows` as runs of `perRun` rows, then merges each group; returns each group's ids
    /// as merged and the first rows `write` reported of each run.
    private func merged(_ rows: [Row], perRun: Int, sort: [SortSpec], budget: MemoryBudget,
                        groups: Int) throws -> (ids: [[Int]], firstRows: [[Int: Int]]) {
        let schema = RecordSchema()
        let runs = SortedRuns(budget: budget, sort: sort, schema: schema, folder: SpillDirectory(parent: parent), nestedDecoder: nil)
        XCTAssertTrue(runs.isEmpty)
        var firstRows: [[Int: Int]] = []
        for start in stride(from: 0, to: rows.count, by: perRun) {
            let some = rows[start..<min(start + perRun, rows.count)]
            let table = CellTable(records: some.map { Record(["id": .number(String($0.id)), "n": .number(String($0.n))]) })
            var kept = KeptRows()
            kept.add(table, rows: (0..<table.rowCount).map(RowRef.init), schema: schema)
            firstRows.append(try runs.write(kept, groups: some.map(\.group)))
        }
        XCTAssertFalse(runs.isEmpty)
        var ids: [[Int]] = []
        for group in 0..<groups {
            var found: [Int] = []
            try runs.merge(group: group) { chunk in
                let id = TableField(FieldPath("id"), columns: chunk.columns)
                chunk.withCells { cells in
                    for row in 0..<chunk.rowCount {
                        guard case .number(let text)? = id.value(row: row, in: cells) else { return found.append(-1) }
                        found.append(Int(text) ?? -1)
                    }
                }
                return true
            }
            ids.append(found)
        }
        return (ids, firstRows)
    }

    func testEachGroupMergesAsAStableSortOfItsRows() throws {
        var random = seededRandom(41_2)
        for round in 0..<20 {
            let groups = 1 + random.next(4)
            let rows = (0..<(1 + random.next(300))).map { Row(id: $0, n: random.next(6), group: random.next(groups)) }
            let perRun = 1 + random.next(40)
            let descending = random.next(2) == 0
            let sort = random.next(4) == 0 ? [] : [SortSpec(path: FieldPath("n"), descending: descending)]
            // A few bytes: chunks of a row or two, and runs merged down three at a time in several passes.
            let budget = MemoryBudget(bytes: [6, 64, 1 << 20][random.next(3)], isForcedSpilling: true)
            let (ids, firstRows) = try merged(rows, perRun: perRun, sort: sort, budget: budget, groups: groups)
            for group in 0..<groups {
                var expected = rows.filter { $0.group == group }
                if !sort.isEmpty {
                    expected = expected.enumerated().sorted { a, b in
                        a.element.n != b.element.n ? (a.element.n < b.element.n) != descending : a.offset < b.offset
                    }.map(\.element)
                }
                XCTAssertEqual(ids[group], expected.map(\.id), "round \(round), group \(group), sort \(sort), budget \(budget.bytes)")
            }
            // Each run's first row of a group is the least of the group's rows in that run.
            for (run, first) in firstRows.enumerated() {
                let some = Array(rows[run * perRun..<min((run + 1) * perRun, rows.count)])
                for (group, row) in first {
                    let inGroup = some.enumerated().filter { $0.element.group == group }
                    let least = sort.isEmpty ? inGroup.first : inGroup.min { a, b in
                        a.element.n != b.element.n ? (a.element.n < b.element.n) != descending : a.offset < b.offset
                    }
                    XCTAssertEqual(row, least?.offset, "round \(round), run \(run), group \(group)")
                }
                XCTAssertEqual(Set(first.keys), Set(some.map(\.group)))
            }
        }
    }

    func testAMergeStopsWhenToldTo() throws {
        let schema = RecordSchema()
        let runs = SortedRuns(budget: MemoryBudget(bytes: 128 * 20, isForcedSpilling: true), sort: [SortSpec(path: FieldPath("n"))],
                              schema: schema, folder: SpillDirectory(parent: parent), nestedDecoder: nil)
        for run in 0..<3 {
            let table = CellTable(records: (0..<100).map { Record(["n": .number(String($0 * 3 + run))]) })
            var kept = KeptRows()
            kept.add(table, rows: (0..<table.rowCount).map(RowRef.init), schema: schema)
            _ = try runs.write(kept, groups: Array(repeating: 0, count: 100))
        }
        var chunks = 0
        var rows = 0
        try runs.merge(group: 0) { chunk in
            chunks += 1
            rows += chunk.rowCount
            return chunks < 2
        }
        XCTAssertEqual(chunks, 2)
        XCTAssertLessThan(rows, 300)
    }
}
