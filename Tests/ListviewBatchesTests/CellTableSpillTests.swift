import ListviewBatches
import ListviewTestSupport
import ListviewValues
import XCTest

/// Rows written in the spill format read back as the same cells, kinds and field orders.
final class CellTableSpillTests: XCTestCase {
    func testRowsReadBackAsTheyWereWritten() throws {
        let records = [
            Record(["a": .number("1"), "b": .string("x\u{0}y"), "c": .array([.null, .bool(true)])]),
            Record(["b": .string(""), "a": .null]),
            Record(["c": .object(ObjectValue(["k": .number("-2.5e3")])), "d": .string(String(repeating: "é", count: 300))]),
        ]
        let table = CellTable(records: records)
        for rows in [[0, 1, 2], [2, 0], [1], []] {
            var bytes = ByteOutput()
            table.spill(rows: rows, to: &bytes)
            let back = try XCTUnwrap(bytes.withUnsafeBytes { CellTable(spilled: $0, nestedDecoder: nil) })
            XCTAssertEqual(back.columns, table.columns)
            XCTAssertEqual(back.rowCount, rows.count)
            let shapes = RecordShapeCache()
            for (index, row) in rows.enumerated() {
                XCTAssertEqual(back.record(at: index, shapes: shapes).names, table.record(at: row, shapes: shapes).names)
                XCTAssertEqual(back.withCells { cells in table.columns.indices.map { cells.cell(row: index, column: $0).kind } },
                               table.withCells { cells in table.columns.indices.map { cells.cell(row: row, column: $0).kind } })
            }
        }
    }

    func testBytesCutShortAreRefused() {
        var bytes = ByteOutput()
        CellTable(records: [Record(["a": .string("text")])]).spill(rows: [0], to: &bytes)
        let whole = bytes.withUnsafeBytes { Array($0) }
        for length in 0..<whole.count {
            XCTAssertNil(whole[0..<length].withUnsafeBytes { CellTable(spilled: $0, nestedDecoder: nil) }, "\(length) bytes")
        }
    }

    /// Random tables (text cells only, or cells of every kind; rows whose fields came in another
    /// order; rows short of a later column), random rows of them spilled and read back: the same
    /// cells byte for byte, kinds, field orders and column measures as the rows appended one
    /// cell at a time.
    func testRandomRowsReadBackAsAppendedOneByOne() throws {
        var random = seededRandom()
        for _ in 0..<200 {
            let table = CellTable.random(&random, shortRows: true)
            let rows = (0..<random.next(table.rowCount + 1)).map { _ in random.next(max(table.rowCount, 1)) }.filter { $0 < table.rowCount }
            let measuring = random.next(2) == 0
            let expected = table.appendedCellByCell(rows: rows, measuring: measuring)
            var bytes = ByteOutput()
            table.spill(rows: rows, to: &bytes)
            let back = try XCTUnwrap(bytes.withUnsafeBytes { CellTable(spilled: $0, nestedDecoder: nil, measuring: measuring) })
            XCTAssertEqual(back.dump, expected.dump)
            XCTAssertEqual(back.measuresDump, expected.measuresDump)
        }
    }
}
