import ListviewBatches
import ListviewDataSource
import ListviewQuery
import ListviewValues

/// The default row formatter of the table style: one aligned line per record,
/// or several when `wrap` breaks long cells onto more lines (the row's height).
public struct TableRowFormatter: RowFormatter {
    public let layout: TableLayout
    /// Wrap cells wider than their column instead of cutting them with `…`.
    public let wrap: Bool
    private let reader: ColumnReader

    public init(layout: TableLayout, wrap: Bool = false) {
        self.layout = layout
        self.wrap = wrap
        self.reader = ColumnReader(layout.columns.map(\.spec.path))
    }

    public func lines(for record: Record) -> [String] {
        layout.lines(of: reader.values(of: record), wrap: wrap)
    }

    /// Lays the row out straight into the sink's buffer: no string per cell or per line.
    public func write(_ record: Record, into sink: OutputSink) throws {
        guard !wrap else { return try sink.writeLines(lines(for: record)) }
        try sink.appendBytes { bytes in
            layout.appendLine(to: &bytes) { index in
                let value = reader.value(index, in: record)
                return (CellText.unescapedText(for: value), value?.isNull ?? false)
            }
            bytes.append(0x0A)
        }
    }
}
