import ListviewBatches
import ListviewDataSource
import ListviewPresentation
import ListviewQuery
import ListviewValues

/// The `--summary` of every column shown, over the rows shown (`I`): per column its types,
/// count, nulls, distinct values, min, max, mean and top values, per section when the view is
/// grouped. Enter on a column's line goes back to the list with that column current.
public struct SummaryView: Equatable, Sendable {
    /// A line of the view: a section's title, or a column's summary (`column` names it).
    public struct Line: Equatable, Sendable {
        public var text: String
        public var column: String?
    }

    /// The titles over the summaries.
    public let header: String
    public let lines: [Line]

    /// Describes `columns` over every row of `rows`, a section at a time; nil when `progress`
    /// (told each step) says to stop. `width` caps each cell.
    static func described(_ rows: BrowserRows, columns: [FieldPath], width: Int,
                          progress: (String) -> Bool = { _ in true }) -> SummaryView? {
        let summary = ColumnSummary(columns: columns)
        var done = 0
        for (index, section) in rows.sections.enumerated() {
            for (number, chunk) in section.rows.chunks(size: 1 << 16) {
                var items: [RowRef] = []
                items.reserveCapacity(chunk.count)
                chunk.forEach { items.append(RowRef($0)) }
                summary.add(rows: items, groups: Array(repeating: index, count: items.count), of: rows.tables[Int(number)].table)
                done += items.count
                guard progress("describing \(RecordCount.text(done, noun: "row"))") else { return nil }
            }
        }
        // Each section's records, as texts, then every column of them as wide as its widest cell.
        let grouped = rows.hasHeaders
        var texts: [(title: String?, cells: [[String]])] = []
        for (index, section) in rows.sections.enumerated() {
            let cells = summary.records(group: index, marked: true).map { record in record.values.map { ScreenText.oneLine(CellText.text(for: $0)) } }
            texts.append((grouped ? "\(SectionTitle.text(for: section.info.keys)) · \(RecordCount.text(section.info.count))" : nil, cells))
        }
        let names = ColumnSummary.fieldNames
        let cap = max(8, width / 4)
        var widths = names.map { DisplayWidth.of($0) }
        for section in texts {
            for record in section.cells {
                for (index, cell) in record.enumerated() where index < widths.count { widths[index] = min(cap, max(widths[index], DisplayWidth.of(cell))) }
            }
        }
        func line(_ cells: [String]) -> String {
            "  " + zip(cells, widths).map { ScreenText.padded($0, to: $1) }.joined(separator: "  ")
        }
        var lines: [Line] = []
        for section in texts {
            if let title = section.title { lines.append(Line(text: title, column: nil)) }
            for record in section.cells { lines.append(Line(text: line(record), column: record.first)) }
        }
        return SummaryView(header: line(names), lines: lines)
    }
}
