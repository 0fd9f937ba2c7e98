import ListviewBatches
import ListviewDataSource
import ListviewQuery
import ListviewTestSupport
import ListviewValues
import XCTest

/// `--summary`: each column's types, counts, extremes, mean and most common values.
final class ColumnSummaryTests: XCTestCase {
    func testEachColumnIsDescribed() throws {
        let rows = CellTable.of([
            ["n": .number("3"), "s": .string("b"), "x": .null],
            ["n": .number("1.50"), "s": .string("a")],
            ["n": .string("NA"), "s": .string("b"), "x": .bool(true)],
            ["n": .number("3"), "s": .string("b"), "x": .string("y")],
        ])
        let described = ColumnSummary.records(columns: ["n", "s", "x"].map(FieldPath.init), rows: (0..<4).map(RowRef.init), of: rows)
        XCTAssertEqual(ColumnSummary.fieldNames, ["field", "types", "count", "nulls", "distinct", "min", "max", "mean", "std", "quantiles",
                                                  "histogram", "lengths", "top"])
        // The numbers 3, 1.50 and 3: std and quartiles as Python's statistics (stdev; quantiles,
        // method "inclusive"); eight bins between 1.5 and 3.
        let edges: [Value] = ["1.5", "1.6875", "1.875", "2.0625", "2.25", "2.4375", "2.625", "2.8125", "3"].map { .number($0) }
        let histogram = Value.object(ObjectValue(keys: ["edges", "counts"], values: [.array(edges), .array([1, 0, 0, 0, 0, 0, 0, 2].map { .number(String($0)) })]))
        XCTAssertEqual(described[0], [.string("n"), .string("number, string"), .number("4"), .number("0"), .number("3"),
                                      .number("1.50"), .string("NA"), .number("2.50"), .number("0.87"),
                                      .object(ObjectValue(keys: ["q25", "q50", "q75"], values: [.number("2.25"), .number("3"), .number("3")])),
                                      histogram, lengths(2, 2), top(.number("3"), 2)])
        XCTAssertEqual(described[1], [.string("s"), .string("string"), .number("4"), .number("0"), .number("2"),
                                      .string("a"), .string("b"), .null, .null, .null, .null, lengths(1, 1), top(.string("b"), 3)])
        XCTAssertEqual(described[2], [.string("x"), .string("boolean, string"), .number("2"), .number("2"), .number("2"),
                                      .bool(true), .string("y"), .null, .null, .null, .null, lengths(1, 1), .array([])])
    }

    /// `lengths` as machine styles write it.
    private func lengths(_ least: Int, _ most: Int) -> Value {
        .object(ObjectValue(keys: ["min", "max"], values: [.number(String(least)), .number(String(most))]))
    }

    /// A `top` of one exact value, as machine styles write it.
    private func top(_ value: Value, _ count: Int) -> Value {
        .array([.object(ObjectValue(keys: ["value", "count", "error"], values: [value, .number(String(count)), .number("0")]))])
    }

    /// Columns are described on both cores; many columns come back in their order.
    func testManyColumnsKeepTheirOrder() {
        let names = (0..<25).map { "c\($0)" }
        let schema = RecordSchema()
        var rows = CellTable(columns: [], inferTypes: false)
        rows.append(schema.record(keys: names, values: names.indices.map { .number(String($0)) }), schema: schema)
        let described = ColumnSummary.records(columns: names.map(FieldPath.init), rows: [RowRef(0)], of: rows)
        XCTAssertEqual(described.map { $0.first }, names.map { .string($0) })
        XCTAssertEqual(described.map { $0[7] }, names.indices.map { .number("\($0).00") })
    }
}
