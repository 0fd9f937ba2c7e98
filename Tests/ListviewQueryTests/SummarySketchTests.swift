import Foundation
import ListviewBatches
import ListviewDataSource
import ListviewQuery
import ListviewTestSupport
import ListviewValues
import XCTest

/// `--summary` past its memory budget: distinct counts by HyperLogLog, top values by
/// space-saving, everything else exact; and a summary added up in batches equals one of the
/// whole list.
final class SummarySketchTests: XCTestCase {
    func testDistinctSketchEstimatesWithinTwoPercent() {
        for distinct in [1, 10, 1_000, 100_000] {
            var sketch = DistinctSketch()
            // Every value twice: repeats do not count.
            for _ in 0..<2 { for value in 0..<distinct { sketch.add("value \(value)") } }
            let error = abs(Double(sketch.estimate - distinct)) / Double(distinct)
            XCTAssertLessThan(error, 0.02, "\(distinct) distinct values estimated as \(sketch.estimate)")
        }
        XCTAssertEqual(DistinctSketch().estimate, 0)
    }

    func testFrequentValuesFindTheMostCommonAndNeverUndercount() {
        var frequent = FrequentValues<String>(capacity: 16)
        var generator = seededRandom(7)
        var exact: [String: Int] = [:]
        for _ in 0..<20_000 {
            // Three heavy values among thousands of rare ones.
            let roll = Int.random(in: 0..<100, using: &generator)
            let value = roll < 20 ? "heavy" : roll < 30 ? "second" : roll < 36 ? "third" : "rare \(Int.random(in: 0..<5_000, using: &generator))"
            frequent.add(value)
            exact[value, default: 0] += 1
        }
        let top = frequent.mostCommon.prefix(3)
        XCTAssertEqual(top.map(\.item), ["heavy", "second", "third"])
        for counter in frequent.mostCommon {
            XCTAssertGreaterThanOrEqual(counter.count, exact[counter.item] ?? 0)
            XCTAssertLessThanOrEqual(counter.count - counter.error, exact[counter.item] ?? 0)
        }
    }

    /// The guarantees an estimated top states, on Zipf-like columns against their exact counts:
    /// a count is never below the true count nor more than its error above it, and no value is
    /// ranked above one whose true count beats its own by more than its error (a value not
    /// listed counts as ranked below). Seeded: the seed is in every failure message.
    func testEstimatedTopCountsAndRanksWithinTheirStatedError() {
        let seed = testSeed()
        var random = SeededRandom(state: seed)
        for round in 0..<30 {
            let distinct = Int.random(in: 50..<3_000, using: &random)
            let exponent = Double.random(in: 0.3..<1.5, using: &random)
            // Zipf-like weights: the k-th value is drawn about k^-s as often as the first.
            var cumulative: [Double] = []
            var total = 0.0
            for rank in 1...distinct {
                total += pow(Double(rank), -exponent)
                cumulative.append(total)
            }
            let names = (0..<distinct).shuffled(using: &random).map { "v\($0)" }
            var stats = ColumnStats()
            var exact: [String: Int] = [:]
            let rows = Int.random(in: 2_000..<20_000, using: &random)
            let estimateFrom = Int.random(in: 0..<rows, using: &random)
            let capacity = Int.random(in: 8..<300, using: &random)
            for row in 0..<rows {
                if row == estimateFrom { stats.approximate(capacity: capacity) }
                let point = Double.random(in: 0..<total, using: &random)
                var low = 0, high = distinct - 1
                while low < high {
                    let middle = (low + high) / 2
                    if cumulative[middle] > point { high = middle } else { low = middle + 1 }
                }
                stats.add(.string(names[low]))
                exact[names[low], default: 0] += 1
            }
            let label = "seed \(seed) round \(round) (capacity \(capacity), \(distinct) values, s=\(exponent))"
            XCTAssertTrue(stats.isApproximate, label)
            let top = stats.top
            let listed = top.map { CellText.unescapedText(for: $0.value) }
            for (rank, entry) in top.enumerated() {
                let name = listed[rank], truth = exact[name] ?? 0
                XCTAssertGreaterThanOrEqual(entry.count, truth, "\(name): \(label)")
                XCTAssertLessThanOrEqual(entry.count - entry.error, truth, "\(name): \(label)")
                for (other, count) in exact where count > truth + entry.error {
                    let place = listed.firstIndex(of: other)
                    XCTAssertTrue(place.map { $0 < rank } ?? false,
                                  "\(name) (true \(truth) ±\(entry.error)) is ranked above \(other) (true \(count)): \(label)")
                }
            }
        }
    }

    /// Distinct values are told apart as `--group-by` tells them: equal numbers are one value
    /// however spelt, a string and a value of another kind with the same text are two.
    /// A column holding a number no double holds has no spread, exact or past its budget, rather
    /// than one that leaves that number out; distinct values and the mean still count it.
    func testANumberNoDoubleHoldsLeavesNoSpread() {
        for approximate in [false, true] {
            var stats = ColumnStats()
            if approximate { stats.approximate() }
            for value: Value in [.number("1"), .number("2"), .number("123456789e999"), .number("3")] { stats.add(value) }
            XCTAssertNil(stats.spreadAndLengths.spread, "approximate \(approximate)")
            var plain = ColumnStats()
            if approximate { plain.approximate() }
            for value: Value in [.number("1"), .number("2"), .number("3")] { plain.add(value) }
            XCTAssertNotNil(plain.spreadAndLengths.spread, "approximate \(approximate)")
        }
    }

    func testDistinctValuesFollowTheNumberRule() {
        for approximate in [false, true] {
            var stats = ColumnStats()
            if approximate { stats.approximate() }
            for value: Value in [.number("100"), .number("1e2"), .number("100.0"), .number("0"), .number("-0"),
                                 .string("100"), .bool(true), .string("true")] {
                stats.add(value)
            }
            let record = stats.values(named: "d")
            XCTAssertEqual(record[4], .number("5"), "approximate \(approximate)")
            let topField = ColumnSummary.fieldNames.firstIndex(of: "top") ?? 0
            guard case .array(let top) = record[topField], case .object(let first)? = top.first else { return XCTFail("\(record[topField])") }
            XCTAssertEqual(first.values.first, .number("100"))
            XCTAssertEqual(first.values.dropFirst().first, .number("3"))
        }
    }

    func testPastItsLimitASummaryEstimatesOnlyDistinctTopAndTheSpread() {
        let table = randomTable(rows: 5_000, seed: 3)
        let rows = (0..<table.rowCount).map(RowRef.init)
        let exact = ColumnSummary()
        exact.add(rows: rows, of: table)
        let small = ColumnSummary(byteLimit: 4_096)
        for start in stride(from: 0, to: rows.count, by: 700) { small.add(rows: Array(rows[start..<min(start + 700, rows.count)]), of: table) }
        XCTAssertFalse(exact.isApproximate)
        XCTAssertTrue(small.isApproximate)
        let distinct = ColumnSummary.fieldNames.firstIndex(of: "distinct") ?? 0
        // The quantiles and the histogram are estimated too (`QuantileSketchTests` bounds them).
        let estimates = ["distinct", "quantiles", "histogram", "top"].compactMap { ColumnSummary.fieldNames.firstIndex(of: $0) }
        for (whole, estimated) in zip(exact.records(group: 0), small.records(group: 0)) {
            XCTAssertFalse(whole.approximate)
            for field in ColumnSummary.fieldNames.indices where !estimates.contains(field) {
                XCTAssertEqual(whole.values[field], estimated.values[field], ColumnSummary.fieldNames[field])
            }
            guard estimated.approximate, case .number(let a) = whole.values[distinct], case .number(let b) = estimated.values[distinct],
                  let wholeCount = Double(a), let estimate = Double(b) else { continue }
            XCTAssertLessThan(abs(estimate - wholeCount) / wholeCount, 0.03)
        }
        // Human styles mark the estimates.
        let marked = small.records(group: 0, marked: true).first { $0.approximate }
        guard case .string(let text)? = marked?.values[distinct] else { return XCTFail("an estimated distinct count is marked") }
        XCTAssertTrue(text.hasPrefix("≈"))
    }

    /// Added batch by batch, cut anywhere and grouped, the exact summary is the one of the whole list.
    func testBatchesCutAnywhereGiveTheWholeListsSummary() {
        var generator = seededRandom(11)
        for round in 0..<20 {
            let table = randomTable(rows: Int.random(in: 0..<300, using: &generator), seed: UInt64(round))
            let rows = (0..<table.rowCount).map(RowRef.init)
            var catalog = GroupCatalog(fields: [FieldPath("g")])
            let groups = catalog.count(rows, of: table)
            let whole = ColumnSummary()
            whole.add(rows: rows, groups: groups, of: table)
            let cut = ColumnSummary()
            var start = 0
            while start < rows.count {
                let end = min(rows.count, start + Int.random(in: 1...50, using: &generator))
                cut.add(rows: Array(rows[start..<end]), groups: Array(groups[start..<end]), of: table)
                start = end
            }
            for group in catalog.keys.indices {
                XCTAssertEqual(whole.records(group: group).map(\.values), cut.records(group: group).map(\.values), "round \(round)")
            }
        }
    }

    /// Rows of ids, a group, numbers with repeats and nulls, and a column only some rows have.
    private func randomTable(rows: Int, seed: UInt64) -> CellTable {
        var generator = SeededRandom(state: seed)
        let schema = RecordSchema()
        var table = CellTable(columns: [], inferTypes: false)
        for index in 0..<rows {
            var keys = ["id", "g", "n"]
            var values: [Value] = [.number(String(index)), .string(["a", "b", "c"][index % 3]),
                                   Int.random(in: 0..<10, using: &generator) == 0 ? .null
                                       : .number(String(Int.random(in: 0..<40, using: &generator)))]
            if index % 5 == 2 {
                keys.append("late")
                values.append(.string("x\(Int.random(in: 0..<4, using: &generator))"))
            }
            table.append(schema.record(keys: keys, values: values), schema: schema)
        }
        return table
    }
}
