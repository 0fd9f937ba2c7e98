/// Draws a `CellTable` exactly as the table style draws the records it stands for, straight
/// from the cells' bytes: the fast way to show a whole plain CSV or TSV file.
///
/// A printable-ASCII cell that fits its column is copied as it is; any other cell
/// (non-ASCII, control characters, too wide) goes the way of a record's cell.
public enum CellTableWriter {
    /// The table's columns measured over all its rows, as `TableLayout.measure` measures records.
    public static func layout(of table: CellTable, gap: Int = 2) -> TableLayout {
        let nullWidth = CellText.shown(Value.null).width
        var measures = table.columns.map { TableLayout.ColumnMeasure(title: $0) }
        table.withCells { cells in
            for row in 0..<table.rowCount {
                for column in measures.indices {
                    if cells.isMissing(row: row, column: column) {
                        measures[column].add(.absent, width: nullWidth)
                        continue
                    }
                    let text = cells.bytes(row: row, column: column)
                    let kind: TableLayout.ColumnMeasure.Kind = table.inferTypes && NumberText.isNumber(text) ? .number : .other
                    measures[column].add(kind, width: width(of: text))
                }
            }
        }
        return TableLayout(table.columns.map { ColumnSpec($0) }, measures: measures, gap: gap)
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

    /// The width of a cell's text in terminal cells, once escaped.
    @inline(__always)
    static func width(of text: UnsafeRawBufferPointer) -> Int {
        if isPlain(text) { return text.count }
        return CellText.shown(String(decoding: text, as: UTF8.self)).width
    }

    /// True when every byte is printable ASCII: the text is shown as it is, a cell per byte.
    @inline(__always)
    static func isPlain(_ text: UnsafeRawBufferPointer) -> Bool {
        UTF8Check.printableASCIIPrefix(text.assumingMemoryBound(to: UInt8.self)) == text.count
    }
}

extension TableLayout {
    /// Appends the line of a cell table's row, and its newline, to `bytes`.
    @inline(__always)
    func appendLine(row: Int, of cells: CellTable.Cells, to bytes: inout [UInt8]) {
        var pendingSpaces = 0
        for index in columns.indices {
            if cells.isMissing(row: row, column: index) {
                appendCell(index, text: CellText.unescapedText(for: Value.null), dimmed: true, pendingSpaces: &pendingSpaces, to: &bytes)
                continue
            }
            let text = cells.bytes(row: row, column: index)
            if text.count <= columns[index].width, CellTableWriter.isPlain(text) {
                appendFitted(index, text, width: text.count, pendingSpaces: &pendingSpaces, to: &bytes)
            } else {
                appendCell(index, text: String(decoding: text, as: UTF8.self), dimmed: false, pendingSpaces: &pendingSpaces, to: &bytes)
            }
        }
        bytes.append(0x0A)
    }
}
