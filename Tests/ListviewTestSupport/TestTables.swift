import ListviewBatches
import ListviewValues

public extension CellTable {
    /// A table of records given as keys and values, through one schema.
    static func of(_ records: [KeyValuePairs<String, Value>]) -> CellTable {
        let schema = RecordSchema()
        var table = CellTable(columns: [], inferTypes: false)
        for pairs in records { table.append(schema.record(keys: pairs.map(\.key), values: pairs.map(\.value)), schema: schema) }
        return table
    }

    /// A random table for property tests: up to six columns, up to 40 rows of short texts (only
    /// `.text` cells, or cells of every kind), some rows with a field order of their own, and,
    /// when `shortRows`, columns found after some rows (those rows are short of them).
    static func random(_ random: inout SeededRandom, shortRows: Bool) -> CellTable {
        let texts = ["", "1", "-2.5", "x", "é", "a,b", "日本", "\u{1B}[1m", String(repeating: "w", count: 70), "true", "null"]
        var columns = (0..<(1 + random.next(6))).map { "c\($0)" }
        let kinds: [CellKind] = random.next(2) == 0 ? [.text] : [.text, .string, .number, .bool, .null, .absent, .nested]
        var table = CellTable(columns: columns, inferTypes: random.next(2) == 0)
        for _ in 0..<random.next(40) {
            if shortRows && random.next(15) == 0 {
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
        return table
    }

    /// The columns, rows, field orders and every cell's kind and text, for comparing tables.
    var dump: String {
        var text = "\(columns) \(rowCount) \(fieldOrders.sorted { $0.key < $1.key })\n"
        withCells { cells in
            for row in 0..<rowCount {
                for column in columns.indices {
                    let cell = cells.cell(row: row, column: column)
                    text += "\(cell.kind):\(String(decoding: cell.text, as: UTF8.self))|"
                }
                text += "\n"
            }
        }
        return text
    }

    /// The column measures, for comparing tables.
    var measuresDump: [String] {
        measures.map { "\($0.width) \($0.isNumeric) \($0.hasNulls) \($0.allPrintableASCII)" }
    }

    /// Rows `rows` of this table appended one cell at a time (`appendCell`, `endRow`) to a new
    /// table of its columns: what any faster way of copying rows must give.
    func appendedCellByCell<Rows: Sequence>(rows: Rows, measuring: Bool) -> CellTable where Rows.Element == Int {
        var copy = CellTable(columns: columns, inferTypes: inferTypes)
        copy.measuresColumns = measuring
        withCells { cells in
            for row in rows {
                for column in columns.indices {
                    let cell = cells.cell(row: row, column: column)
                    copy.appendCell(cell.text, kind: cell.kind)
                }
                _ = copy.endRow(padding: .absent, fieldOrder: fieldOrders[row])
            }
        }
        return copy
    }
}
