import ListviewBatches
import ListviewDataSource
import ListviewPresentation
import ListviewValues

/// The frequency view of one column (`F`): each value with its count, its percent of the rows
/// and a bar, most common first (ties in order of first appearance), over the rows shown.
public struct FrequencyTable: Equatable, Sendable {
    /// A distinct value (`.null` for null and missing) and its rows.
    public struct Entry: Equatable, Sendable {
        public var value: Value
        public var count: Int
    }

    /// The column counted.
    public let field: FieldPath
    /// Each distinct value and its rows, most common first.
    public let entries: [Entry]
    /// The rows counted.
    public let total: Int

    /// Counts the values of `field` over every row of `rows`; nil when `progress` says to stop.
    static func counted(_ rows: BrowserRows, field: FieldPath, progress: (String) -> Bool = { _ in true }) -> FrequencyTable? {
        var numbers: [GroupKey: Int] = [:]
        var values: [Value] = []
        var counts: [Int] = []
        var done = 0
        for section in rows.sections {
            var start = 0
            let list = section.rows
            while start < list.count {
                // Runs of one table: its cells are read in one go.
                let number = list[start].table
                var end = start + 1
                while end < list.count, list[end].table == number { end += 1 }
                let table = rows.tables[Int(number)].table
                let tableField = TableField(field, columns: table.columns)
                table.withCells { cells in
                    for position in start..<end {
                        let key = tableField.groupKey(row: Int(list[position].row), in: cells)
                        if let index = numbers[key] {
                            counts[index] += 1
                        } else {
                            numbers[key] = values.count
                            values.append(key.value(nestedDecoder: table.nestedDecoder))
                            counts.append(1)
                        }
                    }
                }
                done += end - start
                start = end
                guard progress("counting \(field.text)… \(RecordCount.text(done, noun: "row"))") else { return nil }
            }
        }
        let order = counts.indices.sorted { counts[$0] != counts[$1] ? counts[$0] > counts[$1] : $0 < $1 }
        return FrequencyTable(field: field, entries: order.map { Entry(value: values[$0], count: counts[$0]) }, total: done)
    }

    /// The table's lines, `width` cells wide: a header, then a line per value.
    func lines(width: Int) -> (header: String, rows: [String]) {
        let texts = entries.map { CellText.shown(CellText.text(for: $0.value)).text }
        let valueWidth = min(max(DisplayWidth.of(field.text), texts.map { DisplayWidth.of($0) }.max() ?? 0), max(8, width / 2))
        let countWidth = max(5, String(entries.first?.count ?? 0).count)
        let barRoom = max(0, width - valueWidth - countWidth - 16)
        let most = max(1, entries.first?.count ?? 1)
        func padded(_ text: String, _ width: Int, right: Bool = false) -> String {
            let fitted = DisplayWidth.of(text) <= width ? text : TextFitting.truncated(text, to: width)
            let padding = String(repeating: " ", count: max(0, width - DisplayWidth.of(fitted)))
            return right ? padding + fitted : fitted + padding
        }
        let header = "  " + padded(field.text, valueWidth) + "  " + padded("count", countWidth, right: true) + "  " + padded("%", 6, right: true)
        let rows = zip(entries, texts).map { entry, text in
            let tenths = total == 0 ? 0 : Int((Double(entry.count) * 1000 / Double(total)).rounded())
            let bar = String(repeating: "█", count: Int((Double(entry.count) / Double(most) * Double(barRoom)).rounded()))
            return "  " + padded(text, valueWidth) + "  " + padded(String(entry.count), countWidth, right: true) + "  "
                + padded("\(tenths / 10).\(tenths % 10)", 6, right: true) + "  " + bar
        }
        return (header, rows)
    }

    /// The `&` filter that keeps the rows holding entry `index`'s value.
    func filterText(forEntry index: Int) -> String {
        let value = entries[index].value
        if case .null = value { return "\(field.text) is null" }
        return "\(field.text)=\(CellText.text(for: value))"
    }
}
