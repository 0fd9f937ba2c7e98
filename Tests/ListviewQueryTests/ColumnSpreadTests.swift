import ListviewBatches
import ListviewQuery
import ListviewTestSupport
import ListviewValues
import XCTest

/// The spread `--summary` gives: the KLL sketch's rank error, the exact quartiles and
/// histogram, ISO dates, and the sparkline.
final class ColumnSpreadTests: XCTestCase {
    /// The exact rank of `value` among sorted `values`, as a fraction: those below it, and those
    /// at most it (a value's rank is anywhere between when it repeats).
    private func ranks(of value: Double, in sorted: [Double]) -> ClosedRange<Double> {
        let below = sorted.firstIndex { $0 >= value } ?? sorted.count
        let atMost = sorted.firstIndex { $0 > value } ?? sorted.count
        return Double(below) / Double(sorted.count)...Double(atMost) / Double(sorted.count)
    }

    /// Seeded streams of several shapes, added one by one and as merged parts: every quartile
    /// is within 1% of its rank, and within the error the sketch states.
    func testTheSketchsQuartilesAreWithinOnePercentOfTheirRanks() {
        var generator = SeededRandom(state: 45)
        let shapes: [(String, () -> Double)] = [
            ("uniform", { Double.random(in: 0..<1_000, using: &generator) }),
            ("skewed", { let u = Double.random(in: 0.001..<1, using: &generator); return 1 / (u * u) }),
            ("few values", { Double(Int.random(in: 0..<7, using: &generator)) }),
            ("ascending", { generator.state = generator.state &+ 1; return Double(generator.state % 1_000_003) }),
        ]
        for (name, next) in shapes {
            let values = (0..<200_000).map { _ in next() }
            var whole = QuantileSketch()
            for value in values { whole.add(value) }
            var merged = QuantileSketch()
            for start in stride(from: 0, to: values.count, by: 30_000) {
                var part = QuantileSketch()
                for value in values[start..<min(values.count, start + 30_000)] { part.add(value) }
                merged.merge(part)
            }
            let sorted = values.sorted()
            for sketch in [whole, merged] {
                XCTAssertEqual(sketch.count, values.count)
                XCTAssertLessThanOrEqual(sketch.rankError, 0.01, name)
                XCTAssertLessThan(sketch.retainedCount, 5_000, "\(name): the sketch stays small")
                for q in [0.25, 0.5, 0.75] {
                    guard let estimate = sketch.quantile(q) else { return XCTFail(name) }
                    let rank = ranks(of: estimate, in: sorted)
                    let off = q < rank.lowerBound ? rank.lowerBound - q : q > rank.upperBound ? q - rank.upperBound : 0
                    XCTAssertLessThanOrEqual(off, 0.01, "\(name) q\(q): rank \(rank)")
                    XCTAssertLessThanOrEqual(off, sketch.rankError, "\(name) q\(q): within the stated error")
                }
                XCTAssertEqual(sketch.range, sorted[0]...sorted[sorted.count - 1], "the extremes are exact")
            }
        }
    }

    func testExactQuartilesInterpolateAsPythonsInclusiveMethod() throws {
        // statistics.quantiles([1, 2, 3, 4, 10], n=4, method="inclusive") == [2.0, 3.0, 4.0]
        let summary = ColumnSummary.records(columns: [FieldPath("n")], rows: (0..<5).map(RowRef.init),
                                            of: CellTable.of([1, 2, 3, 4, 10].map { ["n": .number(String($0))] }))
        let quantiles = try XCTUnwrap(ColumnSummary.fieldNames.firstIndex(of: "quantiles"))
        XCTAssertEqual(summary[0][quantiles], .object(ObjectValue(keys: ["q25", "q50", "q75"], values: [.number("2"), .number("3"), .number("4")])))
        // [1, 2] → [1.25, 1.5, 1.75]; std 0.71 (statistics.stdev: 0.7071…).
        let two = ColumnSummary.records(columns: [FieldPath("n")], rows: [RowRef(0), RowRef(1)],
                                        of: CellTable.of([["n": .number("1")], ["n": .number("2")]]))
        XCTAssertEqual(two[0][quantiles], .object(ObjectValue(keys: ["q25", "q50", "q75"], values: [.number("1.25"), .number("1.5"), .number("1.75")])))
        XCTAssertEqual(two[0][quantiles - 1], .number("0.71"))
    }

    func testTheHistogramsBinsHoldTheirLowerEdgeAndTheLastItsUpper() {
        func edges(_ low: Double, _ high: Double, bins: Int) -> [Double] {
            ColumnSpread.edges(of: SpreadPoint(low)...SpreadPoint(high), bins: bins).map(\.position)
        }
        XCTAssertEqual(edges(0, 8, bins: 4), [0, 2, 4, 6, 8])
        XCTAssertEqual(edges(5, 5, bins: 8), [5, 5], "one value: one bin")
        XCTAssertEqual(edges(1, 2499.99, bins: 8)[1], 313.4, "edges read as they are counted")
        // Between numbers counted exactly, the same edges worked out in decimals.
        let exact = ColumnSpread.edges(of: SpreadPoint(number: "1", position: 1)...SpreadPoint(number: "2499.99", position: 2499.99), bins: 8)
        XCTAssertEqual(exact.map { ColumnSpread.Scale.numbers.text($0) }, ["1", "313.4", "625.7", "938.1", "1250.5", "1562.9", "1875.2", "2187.6", "2499.99"])
        XCTAssertEqual(ColumnSpread.sparkline([0, 1, 4, 8, 2]), " ▁▄█▂")
        XCTAssertEqual(ColumnSpread.sparkline([0, 0]), "  ")
    }

    /// Numbers a double cannot tell apart keep their order, and what lies between them.
    func testPointsPastADoublesBitsKeepTheirOrder() throws {
        let (a, b) = (SpreadPoint(number: "9007199254740993", position: 9007199254740992), SpreadPoint(number: "9007199254740995", position: 9007199254740996))
        let c = SpreadPoint(number: "9007199254740994", position: 9007199254740994)
        XCTAssertEqual([b, c, a].sorted().map { ColumnSpread.Scale.numbers.text($0) }, ["9007199254740993", "9007199254740994", "9007199254740995"])
        XCTAssertEqual(SpreadPoint(number: "1.50", position: 1.5), SpreadPoint(number: "1.5", position: 1.5))
        // A number past ExactDecimal's reach ties at its position with the others, before them,
        // in every order they come in: a strict weak order, so a range never runs backwards.
        let points = [SpreadPoint(number: "1e-400", position: 0), SpreadPoint(number: "1e-1000000000000000000", position: 0),
                      SpreadPoint(number: "0", position: 0)]
        for order in [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]] {
            let sorted = order.map { points[$0] }.sorted()
            XCTAssertEqual(sorted.map { $0.exact?.text() ?? "past reach" }, ["past reach", "0", "1e-400"], "\(order)")
            XCTAssertTrue(sorted[0] <= sorted[2])
        }
        let summary = ColumnSummary.records(columns: [FieldPath("n")], rows: (0..<3).map(RowRef.init),
                                            of: CellTable.of(["9007199254740993", "9007199254740995", "9007199254740997"].map { ["n": .number($0)] }))
        let record = Dictionary(uniqueKeysWithValues: zip(ColumnSummary.fieldNames, summary[0]))
        XCTAssertEqual(record["std"], .number("2.00"))
        XCTAssertEqual(record["quantiles"], .object(ObjectValue(keys: ["q25", "q50", "q75"],
                                                                values: [.number("9007199254740994"), .number("9007199254740995"), .number("9007199254740996")])))
        guard case .object(let histogram)? = record["histogram"], case .array(let edges)? = histogram["edges"],
              case .array(let counts)? = histogram["counts"] else { return XCTFail() }
        XCTAssertEqual(edges.first, .number("9007199254740993"))
        XCTAssertEqual(edges.last, .number("9007199254740997"))
        XCTAssertEqual(counts, [1, 0, 0, 0, 1, 0, 0, 1].map { .number(String($0)) })
    }

    func testISODatesAndTimestamps() throws {
        XCTAssertEqual(ISODate.seconds("1970-01-01")?.seconds, 0)
        XCTAssertEqual(ISODate.seconds("1970-01-01")?.dateOnly, true)
        XCTAssertEqual(ISODate.seconds("2024-03-12T09:30:15Z")?.seconds, 1_710_235_815)
        XCTAssertEqual(ISODate.seconds("2024-03-12 11:30:15+02:00")?.seconds, 1_710_235_815)
        XCTAssertEqual(ISODate.seconds("2024-03-12T09:30")?.seconds, 1_710_235_800)
        XCTAssertEqual(try XCTUnwrap(ISODate.seconds("2024-03-12T09:30:15.250Z")?.seconds), 1_710_235_815.25, accuracy: 1e-6)
        XCTAssertEqual(ISODate.seconds("1969-12-31")?.seconds, -86_400)
        for refused in ["2024-02-30", "2023-02-29", "2024-13-01", "2024-3-12", "2024-03-12T25:00", "2024-03-12Tx", "2024-03-12T09:30:15+0", "NA", ""] {
            XCTAssertNil(ISODate.seconds(refused), refused)
        }
        XCTAssertNotNil(ISODate.seconds("2024-02-29"), "a leap day")
        XCTAssertEqual(ISODate.text(1_710_235_815, dateOnly: false), "2024-03-12T09:30:15Z")
        XCTAssertEqual(ISODate.text(1_710_235_815, dateOnly: true), "2024-03-12")
        XCTAssertEqual(ISODate.text(-1, dateOnly: false), "1969-12-31T23:59:59Z")
        // Parts of a second: as many digits as asked for, the part the instant lies in.
        XCTAssertEqual(ISODate.seconds("2024-03-12T09:30:15.250Z")?.fraction, 3)
        XCTAssertEqual(ISODate.seconds("2024-03-12T09:30:15Z")?.fraction, 0)
        XCTAssertEqual(ISODate.text(1_710_235_815.25, dateOnly: false, fraction: 3), "2024-03-12T09:30:15.250Z")
        XCTAssertEqual(ISODate.text(1_710_235_815.25, dateOnly: false, fraction: 1), "2024-03-12T09:30:15.2Z")
        XCTAssertEqual(ISODate.text(1_710_235_815.999, dateOnly: false), "2024-03-12T09:30:15Z")
        XCTAssertEqual(ISODate.text(-0.5, dateOnly: false, fraction: 1), "1969-12-31T23:59:59.5Z")
        XCTAssertEqual(ISODate.text(1_710_235_815.25, dateOnly: true, fraction: 3), "2024-03-12")
        for written in ["2024-03-12T09:30:15.123Z", "2024-03-12T09:30:15.000001Z", "1969-12-31T23:59:59.999999Z"] {
            let date = try XCTUnwrap(ISODate.seconds(written))
            XCTAssertEqual(ISODate.text(date.seconds, dateOnly: false, fraction: date.fraction), written, "written back as it was")
        }
    }

    /// Timestamps written with parts of a second: quartiles and edges keep as many digits (the
    /// most any value has), and every section writes them alike.
    func testPartsOfASecondAreKept() throws {
        let times = ["2024-03-12T09:30:15.123456Z", "2024-03-12T09:30:15.123458Z", "2024-03-12T09:30:16.5Z"]
        let summary = ColumnSummary.records(columns: [FieldPath("t")], rows: (0..<3).map(RowRef.init),
                                            of: CellTable.of(times.map { ["t": .string($0)] }))
        let record = Dictionary(uniqueKeysWithValues: zip(ColumnSummary.fieldNames, summary[0]))
        XCTAssertEqual(record["quantiles"], .object(ObjectValue(keys: ["q25", "q50", "q75"], values: [
            .string("2024-03-12T09:30:15.123457Z"), .string("2024-03-12T09:30:15.123458Z"), .string("2024-03-12T09:30:15.811729Z")])))
        guard case .object(let histogram)? = record["histogram"], case .array(let edges)? = histogram["edges"] else { return XCTFail() }
        XCTAssertEqual(edges.first, .string("2024-03-12T09:30:15.123456Z"))
        XCTAssertEqual(edges[1], .string("2024-03-12T09:30:15.295500Z"))
        XCTAssertEqual(edges.last, .string("2024-03-12T09:30:16.500000Z"))
    }

    /// A column of dates: quartiles and bins as dates, no standard deviation.
    func testAColumnOfDatesIsSpreadOverTime() throws {
        let days = ["2024-01-01", "2024-01-03", "2024-01-05", "2024-01-09"]
        let summary = ColumnSummary.records(columns: [FieldPath("d")], rows: (0..<4).map(RowRef.init),
                                            of: CellTable.of(days.map { ["d": .string($0)] }))
        let names = ColumnSummary.fieldNames
        let record = Dictionary(uniqueKeysWithValues: zip(names, summary[0]))
        XCTAssertEqual(record["std"], .null)
        XCTAssertEqual(record["quantiles"], .object(ObjectValue(keys: ["q25", "q50", "q75"],
                                                                values: [.string("2024-01-02"), .string("2024-01-04"), .string("2024-01-06")])))
        guard case .object(let histogram)? = record["histogram"], case .array(let edges)? = histogram["edges"] else { return XCTFail() }
        XCTAssertEqual(edges.first, .string("2024-01-01"))
        XCTAssertEqual(edges.last, .string("2024-01-09"))
        // A day a day: each date on an edge is in the bin the edge opens.
        XCTAssertEqual(histogram["counts"], .array([1, 0, 1, 0, 1, 0, 0, 1].map { .number(String($0)) }))
        XCTAssertEqual(record["lengths"], .object(ObjectValue(keys: ["min", "max"], values: [.number("10"), .number("10")])))
    }
}
