import ListviewBatches
import ListviewTestSupport
import ListviewValues
import XCTest

/// Consecutive rows copied from one table into another (`append(rows:of:schema:)`, which copies
/// them as one block when it can), and runs of a row's cells (`appendCells`): the same cells,
/// kinds, field orders and measures as the rows appended one cell at a time.
final class CellTableRowCopyTests: XCTestCase {
    func testRandomRangesCopyAsAppendedOneByOne() {
        var random = seededRandom()
        for _ in 0..<300 {
            let table = CellTable.random(&random, shortRows: random.next(3) == 0)
            let measuring = random.next(2) == 0
            var copied = CellTable(columns: random.next(4) == 0 ? [] : table.columns, inferTypes: table.inferTypes)
            copied.measuresColumns = measuring
            var rowsCopied: [Int] = []
            for _ in 0..<random.next(4) {
                let start = random.next(table.rowCount + 1)
                let range = start..<start + random.next(table.rowCount - start + 1)
                copied.append(rows: range, of: table, schema: RecordSchema())
                rowsCopied += range
            }
            let expected = table.appendedCellByCell(rows: rowsCopied, measuring: measuring)
            if copied.columns == expected.columns {
                XCTAssertEqual(copied.dump, expected.dump)
                XCTAssertEqual(copied.measuresDump, expected.measuresDump)
            } else {
                XCTAssertTrue(rowsCopied.isEmpty, "columns \(copied.columns) for \(rowsCopied.count) rows")
            }
        }
    }

    func testRunsOfARowsCellsCopyAsAppendedOneByOne() {
        var random = seededRandom()
        for _ in 0..<300 {
            let table = CellTable.random(&random, shortRows: random.next(3) == 0)
            let measuring = random.next(2) == 0
            var copied = CellTable(columns: table.columns, inferTypes: table.inferTypes)
            copied.measuresColumns = measuring
            let rows = (0..<random.next(table.rowCount + 1)).map { _ in random.next(table.rowCount) }
            table.withCells { cells in
                for row in rows {
                    // The row's columns in runs of random lengths, empty ones among them.
                    var start = 0
                    while start < table.columns.count {
                        let end = start + random.next(table.columns.count - start + 1)
                        copied.appendCells(start..<end, ofRow: row, in: cells)
                        start = end
                    }
                    _ = copied.endRow(padding: .absent, fieldOrder: table.fieldOrders[row])
                }
            }
            let expected = table.appendedCellByCell(rows: rows, measuring: measuring)
            XCTAssertEqual(copied.dump, expected.dump)
            XCTAssertEqual(copied.measuresDump, expected.measuresDump)
        }
    }

    /// Runs copied from the rows of a large part joined without a copy (a second segment).
    func testRunsCopyFromAJoinedPart() {
        func part(_ rows: Range<Int>) -> CellTable {
            var table = CellTable(columns: ["a", "b", "c"], inferTypes: true)
            for row in rows {
                for var text in ["\(row)", row % 3 == 0 ? "" : "x\(row)", "y\(row % 11)"] {
                    text.withUTF8 { table.appendCell(UnsafeRawBufferPointer($0), kind: row % 5 == 0 ? .string : .text) }
                }
                _ = table.endRow()
            }
            return table
        }
        var joined = part(0..<70_000)
        XCTAssertTrue(joined.append(part(70_000..<140_000)))
        let rows = [5, 69_999, 70_000, 70_003, 139_999]
        var copied = CellTable(columns: joined.columns, inferTypes: true)
        joined.withCells { cells in
            for row in rows {
                copied.appendCells(0..<2, ofRow: row, in: cells)
                copied.appendCells(2..<3, ofRow: row, in: cells)
                _ = copied.endRow()
            }
        }
        XCTAssertEqual(copied.dump, joined.appendedCellByCell(rows: rows, measuring: true).dump)
    }
}
