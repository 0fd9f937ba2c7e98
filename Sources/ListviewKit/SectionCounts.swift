import ListviewBatches
import ListviewDataSource
import ListviewInput
import ListviewPresentation
import ListviewQuery
import ListviewValues

/// `--counts`: each section's key and size, without the rows (compare `mlr count -g`).
///
/// The table style prints the section headers (`status: shipped · 8 records`)
/// and a total; machine styles and markdown write one record per section, the
/// group fields followed by `count`.
public enum SectionCounts {
    public static func write(_ sections: [Section<Record>], style: OutputStyle, groupFields: [FieldPath], into sink: OutputSink) throws {
        let total = sections.reduce(0) { $0 + $1.info.count }
        let descriptor = style.descriptor
        if descriptor.layout != .records && descriptor.layout != .markdownTable {
            if total == 0 {
                try sink.writeLine(RecordCount.text(0))
            } else {
                for section in sections {
                    let count = RecordCount.text(section.info.count)
                    try sink.writeLine(section.header.map { "\($0) · \(count)" } ?? count)
                }
                if sections.count > 1 {
                    try sink.writeLine("")
                    try sink.writeLine("\(RecordCount.text(total)) in \(sections.count) sections")
                }
            }
            try sink.flush()
            return
        }
        let names = groupFields.map(\.text) + ["count"]
        let schema = RecordSchema()
        let shape = schema.shape(for: ColumnNames.unique(names))
        let rows = total == 0 ? [] : sections.map { section in
            Record(shape: shape, values: section.keys.map(\.value) + [.number(String(section.info.count))])
        }
        var table = CellTable(columns: [], inferTypes: false)
        for row in rows { table.append(row, schema: schema) }
        let renderer = ListRenderer(provider: ArrayDataProvider(items: (0..<table.rowCount).map(RowRef.init)))
        if var presenter = descriptor.machinePresenter(fields: OutputFields(columns: nil, schema: schema), grouped: false) {
            try presenter.render(renderer, of: table, page: nil, into: sink)
        } else {
            // Markdown: the same records as a table.
            let layout = TableLayout.measure(shape.names.map { ColumnSpec($0) }, rows: 0..<table.rowCount, of: table)
            var presenter = RecordViewPresenter(MarkdownPresenter(layout: layout), view: RecordView(table: table))
            try renderer.render(page: nil, with: &presenter, into: sink)
        }
        try sink.flush()
    }
}
