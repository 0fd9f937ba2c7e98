/// Draws a `CellTable` exactly as the table style draws the records it stands for, straight
/// from the cells' bytes: the fast way to show a whole plain CSV or TSV file.
///
/// The columns were measured as the table was built. A printable-ASCII cell that fits
/// its column is copied as it is; any other cell (non-ASCII, control characters, too
/// wide) goes the way of a record's cell.
public enum CellTableWriter {
    /// The table's columns measured over all its rows, as `TableLayout.measure` measures records.
    public static func layout(of table: CellTable, gap: Int = 2) -> TableLayout {
        TableLayout(table.columns.map { ColumnSpec($0) }, measures: table.measures, gap: gap)
    }

    /// Writes the header line and then every row, in `order` (row numbers) or as stored, laid out by `layout`.
    public static func write(_ table: CellTable, order: [Int]? = nil, layout: TableLayout, into sink: OutputSink) throws {
        try sink.writeLine(layout.headerLine)
        try table.withCells { cells in
            if let order {
                for row in order { try sink.appendBytes { layout.appendLine(row: row, of: cells, to: &$0) } }
            } else {
                for row in 0..<table.rowCount { try sink.appendBytes { layout.appendLine(row: row, of: cells, to: &$0) } }
            }
        }
        try sink.flush()
    }
}

extension TableLayout {
    /// Appends the line of a cell table's row, and its newline, to `bytes`.
    @inline(__always)
    func appendLine(row: Int, of cells: CellTable.Cells, to bytes: inout [UInt8]) {
        var pendingSpaces = 0
        for index in columns.indices {
            let (kind, text) = cells.cell(row: row, column: index)
            if let shown = kind.shownText {
                appendCell(index, text: shown, dimmed: kind == .null, pendingSpaces: &pendingSpaces, to: &bytes)
            } else if text.count <= columns[index].width, CellText.isPrintableASCII(text) {
                appendFitted(index, text, width: text.count, pendingSpaces: &pendingSpaces, to: &bytes)
            } else {
                appendCell(index, text: String(decoding: text, as: UTF8.self), dimmed: false, pendingSpaces: &pendingSpaces, to: &bytes)
            }
        }
        bytes.append(0x0A)
    }
}
