import ListviewBatches
import ListviewDataSource
import ListviewQuery
import ListviewValues

/// The default row formatter of the table style: one aligned line per row of a `CellTable`
/// (or several when `wrap` breaks long cells), laid out straight from the cells' bytes.
///
/// A printable-ASCII cell that fits its column is copied as it is; any other
/// cell (non-ASCII, control characters, too wide, a path into a nested value)
/// goes the way of a record's value, through `TableLayout.appendCell`, so the
/// line is the one `TableRowFormatter` draws for the row's record.
public struct CellRowFormatter: ByteRowFormatter {
    public let table: CellTable
    public let layout: TableLayout
    /// Wrap cells wider than their column instead of cutting them with `…`.
    public let wrap: Bool
    private let fields: [TableField]

    public init(table: CellTable, layout: TableLayout, wrap: Bool = false) {
        self.table = table
        self.layout = layout
        self.wrap = wrap
        fields = table.fields(layout.columns.map(\.spec.path))
    }

    public func lines(for item: RowRef) -> [String] {
        let values = table.withCells { cells in fields.map { $0.value(row: item.row, in: cells) } }
        return layout.lines(of: values, wrap: wrap)
    }

    public func write(_ item: RowRef, into sink: OutputSink) throws {
        try sink.appendBytes { appendLines(for: [item][...], to: &$0) }
    }

    public func appendLines(for items: ArraySlice<RowRef>, to bytes: inout ByteOutput) {
        guard !wrap else {
            for item in items {
                for line in lines(for: item) {
                    bytes.append(line)
                    bytes.append(0x0A)
                }
            }
            return
        }
        table.withCells { cells in
            cells.forEachRow(items.lazy.map(\.row)) { appendLine(row: $1, of: cells, to: &bytes) }
        }
    }

    /// Appends the line of `row`, and its newline.
    @inline(__always)
    private func appendLine(row: Int, of cells: CellTable.Cells, to bytes: inout ByteOutput) {
        var pendingSpaces = 0
        for (index, field) in fields.enumerated() {
            guard field.isColumn, let column = field.column else {
                let value = field.value(row: row, in: cells)
                layout.appendCell(index, text: CellText.unescapedText(for: value), dimmed: value?.isNull ?? false,
                                  pendingSpaces: &pendingSpaces, to: &bytes)
                continue
            }
            let (kind, text) = cells.cell(row: row, column: column)
            if kind == .null {
                layout.appendCell(index, text: layout.nullText, dimmed: true, pendingSpaces: &pendingSpaces, to: &bytes)
            } else if text.count <= layout.columns[index].width, layout.columns[index].printableASCII || CellText.isPrintableASCII(text) {
                layout.appendFitted(index, text, width: text.count, pendingSpaces: &pendingSpaces, to: &bytes)
            } else {
                layout.appendCell(index, text: String(decoding: text, as: UTF8.self), dimmed: false,
                                  pendingSpaces: &pendingSpaces, to: &bytes)
            }
        }
        bytes.append(0x0A)
    }
}
