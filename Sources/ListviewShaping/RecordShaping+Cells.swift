import ListviewBatches
import ListviewJSON
import ListviewValues

/// What `--explode` and `--flatten` share, working cell by cell: the cells a reshaping leaves
/// alone are copied as they are, and the nested cells' compact JSON is walked without making
/// values (`CompactJSONScanner`), its scalars becoming cells as they are written.
extension RecordShaping {
    /// A scanned string's text, its escapes read.
    /// (The reader refuses a lone surrogate, so its compact JSON holds only escapes this reads.)
    static func unescaped(_ span: CompactJSONScanner.Span) -> String {
        CompactJSONScanner.text(of: span) ?? String(decoding: span.text, as: UTF8.self)
    }

    /// A scanned value as a cell: its bytes (a string's unescaped), null as an empty null cell.
    static func appendCell(_ span: CompactJSONScanner.Span, to result: inout CellTable) {
        switch span.kind {
        case .null: result.appendCell(noBytes, kind: .null)
        case .string where span.escaped:
            result.appendCell(holding: .string(unescaped(span)))
        default: result.appendCell(span.text, kind: span.kind)
        }
    }

    /// A table like `table` (its types, decoder and measuring) with `columns` and no rows.
    func emptyCopy(of table: CellTable, columns: [String]) -> CellTable {
        var result = CellTable(columns: columns, inferTypes: table.inferTypes)
        result.nestedDecoder = table.nestedDecoder
        result.measuresColumns = table.measuresColumns
        return result
    }

    static let noBytes = UnsafeRawBufferPointer(start: nil, count: 0)
}
