import ListviewBatches
import ListviewTestSupport
import ListviewValues
import XCTest

/// Consecutive rows copied from one table into another (`append(rows:of:schema:)`, which copies
/// them as one block when it can): the same cells, kinds, field orders and measures as the rows
/// appended one cell at a time.
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
}
