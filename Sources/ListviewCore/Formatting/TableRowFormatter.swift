/// The default row formatter of the table style: one aligned line per record.
public struct TableRowFormatter: RowFormatter {
    public let layout: TableLayout

    public init(layout: TableLayout) {
        self.layout = layout
    }

    public func lines(for record: Record) -> [String] {
        [layout.line(layout.columns.map { CellText.text(for: $0.spec.path.value(in: record)) })]
    }
}
