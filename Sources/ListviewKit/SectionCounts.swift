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
/// group fields followed by `count`. With `chart` (`--chart`, the width to draw in), the human
/// styles draw each count as a bar, nested groups indented under their enclosing level's bar,
/// and Markdown puts a Mermaid bar chart of the sections before the table (`CountChart`).
public enum SectionCounts {
    public static func write(_ sections: [Section<Record>], style: OutputStyle, groupFields: [FieldPath], chart: Int? = nil,
                             into sink: OutputSink) throws {
        let total = sections.reduce(0) { $0 + $1.info.count }
        let descriptor = style.descriptor
        if descriptor.layout != .records && descriptor.layout != .markdownTable {
            if total == 0 {
                try sink.writeLine(RecordCount.text(0))
            } else if let width = chart {
                for line in CountChart.lines(CountChart.entries(of: sections), width: width) { try sink.writeLine(line) }
                if sections.count > 1 {
                    try sink.writeLine("")
                    try sink.writeLine("\(RecordCount.text(total)) in \(sections.count) sections")
                }
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
        // Markdown, a human style, shows each key as a section title does: `"true"` apart from `true`.
        let markdown = descriptor.layout == .markdownTable
        let rows = total == 0 ? [] : sections.map { section in
            Record(shape: shape, values: section.keys.map { markdown && $0.showsQuoted ? .string($0.shownText) : $0.value }
                   + [.number(String(section.info.count))])
        }
        var table = CellTable(columns: [], inferTypes: false)
        for row in rows { table.append(row, schema: schema) }
        let renderer = ListRenderer(provider: ArrayDataProvider(items: (0..<table.rowCount).map(RowRef.init)))
        if var presenter = descriptor.machinePresenter(fields: OutputFields(columns: nil, schema: schema), grouped: false) {
            try presenter.render(renderer, of: table, page: nil, into: sink)
        } else {
            // Markdown: the same records as a table, after their chart.
            if chart != nil, total > 0 {
                let bars = sections.map { section in
                    CountChart.Entry(label: section.keys.map(\.shownText).joined(separator: " › "), count: section.info.count)
                }
                let title = groupFields.isEmpty ? "records" : "records by " + groupFields.map(\.text).joined(separator: " › ")
                try sink.writeLine(CountChart.mermaid(bars, title: title, axis: "records"))
                try sink.writeLine("")
            }
            let layout = TableLayout.measure(shape.names.map { ColumnSpec($0) }, rows: 0..<table.rowCount, of: table)
            var presenter = RecordViewPresenter(MarkdownPresenter(layout: layout), view: RecordView(table: table))
            try renderer.render(page: nil, with: &presenter, into: sink)
        }
        try sink.flush()
    }
}
