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
    /// order), random rows of them spilled and read back: the same cells byte for byte, kinds,
    /// field orders and column measures as the rows appended one cell at a time.
    func testRandomRowsReadBackAsAppendedOneByOne() throws {
        var random = seededRandom()
        let texts = ["", "1", "-2.5", "x", "é", "a,b", "日本", "\u{1B}[1m", String(repeating: "w", count: 70), "true", "null"]
        for _ in 0..<200 {
            var columns = (0..<(1 + random.next(6))).map { "c\($0)" }
            let kinds: [CellKind] = random.next(2) == 0 ? [.text] : [.text, .string, .number, .bool, .null, .absent, .nested]
            var table = CellTable(columns: columns, inferTypes: random.next(2) == 0)
            for _ in 0..<random.next(40) {
                if random.next(15) == 0 {
                    // A column found later: the rows before it lack it (they are short).
                    columns.append("c\(columns.count)")
                    table.addColumn(columns[columns.count - 1])
                }
                for _ in columns {
                    var text = random.element(of: texts) ?? ""
                    text.withUTF8 { table.appendCell(UnsafeRawBufferPointer($0), kind: random.element(of: kinds) ?? .text) }
                }
                let order = random.next(4) == 0 ? columns.indices.shuffled(using: &random) : nil
                _ = table.endRow(padding: .absent, fieldOrder: order)
            }
            let rows = (0..<random.next(table.rowCount + 1)).map { _ in random.next(max(table.rowCount, 1)) }.filter { $0 < table.rowCount }
            let measuring = random.next(2) == 0
            var expected = CellTable(columns: columns, inferTypes: table.inferTypes)
            expected.measuresColumns = measuring
            table.withCells { cells in
                for row in rows {
                    for column in columns.indices {
                        let cell = cells.cell(row: row, column: column)
                        expected.appendCell(cell.text, kind: cell.kind)
                    }
                    _ = expected.endRow(padding: .absent, fieldOrder: table.fieldOrders[row])
                }
            }
            var bytes = ByteOutput()
            table.spill(rows: rows, to: &bytes)
            let back = try XCTUnwrap(bytes.withUnsafeBytes { CellTable(spilled: $0, nestedDecoder: nil, measuring: measuring) })
            XCTAssertEqual(Self.dump(back), Self.dump(expected))
            XCTAssertEqual(back.measures.map { "\($0.width) \($0.isNumeric) \($0.hasNulls) \($0.allPrintableASCII)" },
                           expected.measures.map { "\($0.width) \($0.isNumeric) \($0.hasNulls) \($0.allPrintableASCII)" })
        }
    }

    private static func dump(_ table: CellTable) -> String {
        var text = "\(table.columns) \(table.rowCount) \(table.fieldOrders.sorted { $0.key < $1.key })\n"
        table.withCells { cells in
            for row in 0..<table.rowCount {
                for column in table.columns.indices {
                    let cell = cells.cell(row: row, column: column)
                    text += "\(cell.kind):\(String(decoding: cell.text, as: UTF8.self))|"
                }
                text += "\n"
            }
        }
        return text
    }
}
