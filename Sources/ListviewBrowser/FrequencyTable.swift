import ListviewBatches
import ListviewConcurrency
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
    /// Whether an array's elements were counted one by one (each row once per distinct element),
    /// rather than the array whole.
    public var countsElements = false

    /// Counts the values of `field` over every row of `rows`, chunks of rows on both cores; nil
    /// when `progress` says to stop.
    /// With `elements`, a cell holding an array counts each of its distinct elements instead (the
    /// review screen's changed `fields`: which fields change most).
    static func counted(_ rows: BrowserRows, field: FieldPath, elements: Bool = false, progress: (String) -> Bool = { _ in true }) -> FrequencyTable? {
        let chunks = rows.sections.flatMap { $0.rows.chunks(size: 1 << 16) }
        let tables = rows.tables
        // Each chunk's values in the order they first appear, with their counts.
        @Sendable func count(_ index: Int) -> (keys: [GroupKey], values: [Value], counts: [Int]) {
            let (number, chunk) = chunks[index]
            let table = tables[Int(number)].table
            let tableField = TableField(field, columns: table.columns)
            var numbers: [GroupKey: Int] = [:]
            var partial: (keys: [GroupKey], values: [Value], counts: [Int]) = ([], [], [])
            table.withCells { cells in
                func add(_ key: GroupKey, _ value: () -> Value) {
                    if let index = numbers[key] {
                        partial.counts[index] += 1
                    } else {
                        numbers[key] = partial.keys.count
                        partial.keys.append(key)
                        partial.values.append(value())
                        partial.counts.append(1)
                    }
                }
                chunk.forEach { row in
                    let key = tableField.groupKey(row: row, in: cells)
                    guard elements, case .array(let items) = key.value(nestedDecoder: table.nestedDecoder) else {
                        return add(key) { key.value(nestedDecoder: table.nestedDecoder) }
                    }
                    var seen = Set<Value>()
                    for item in items where seen.insert(item).inserted { add(.value(item)) { item } }
                }
            }
            return partial
        }
        var numbers: [GroupKey: Int] = [:]
        var values: [Value] = []
        var counts: [Int] = []
        var done = 0
        var stopped = false
        func merge(_ index: Int, _ partial: (keys: [GroupKey], values: [Value], counts: [Int])) -> Bool {
            for (position, key) in partial.keys.enumerated() {
                if let number = numbers[key] {
                    counts[number] += partial.counts[position]
                } else {
                    numbers[key] = values.count
                    values.append(partial.values[position])
                    counts.append(partial.counts[position])
                }
            }
            done += chunks[index].rows.count
            stopped = !progress("counting \(field.text)… \(RecordCount.text(done, noun: "row"))")
            return !stopped
        }
        // Nothing here throws.
        _ = try? OrderedWork.run(count: chunks.count, here: { merge($0, count($0)) }, elsewhere: count, handOn: merge)
        guard !stopped else { return nil }
        let order = counts.indices.sorted { counts[$0] != counts[$1] ? counts[$0] > counts[$1] : $0 < $1 }
        return FrequencyTable(field: field, entries: order.map { Entry(value: values[$0], count: counts[$0]) }, total: done, countsElements: elements)
    }

    /// The table's lines, `width` cells wide: a header, then a line per value.
    func lines(width: Int) -> (header: String, rows: [String]) {
        let quoted = CellText.stringsToQuote(among: entries.map(\.value))
        let texts = zip(entries, quoted).map { entry, quoted in
            if quoted, case .string(let text) = entry.value { return ScreenText.oneLine(CellText.quoted(text)) }
            return ScreenText.oneLine(CellText.text(for: entry.value))
        }
        let valueWidth = min(max(DisplayWidth.of(field.text), texts.map { DisplayWidth.of($0) }.max() ?? 0), max(8, width / 2))
        let countWidth = max(5, String(entries.first?.count ?? 0).count)
        let barRoom = max(0, width - valueWidth - countWidth - 16)
        let most = max(1, entries.first?.count ?? 1)
        func padded(_ text: String, _ width: Int, right: Bool = false) -> String { ScreenText.padded(text, to: width, right: right) }
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
        if countsElements && !value.isContainer {
            // The rows whose array holds the element: its JSON between the array's brackets or commas.
            let escaped = value.compactJSON.map { "\\.^$|?*+()[]{}".contains($0) ? "\\\($0)" : String($0) }.joined()
            return "\(field.text)~(^\\[|,)\(escaped)(,|\\]$)"
        }
        if case .null = value { return "\(field.text) is null" }
        return "\(field.text)=\(CellText.text(for: value))"
    }
}
