import ListviewBatches
import ListviewConcurrency
import ListviewDataSource
import ListviewValues

/// Keeps the records that satisfy every `--where` predicate and contain the `--search` text.
public struct RecordFilter: Sendable {
    public var predicates: [Predicate]
    /// Case-insensitive text that some field must contain, or nil.
    public var search: String?
    private let foldedSearch: String?

    public init(predicates: [Predicate] = [], search: String? = nil) {
        self.predicates = predicates
        self.search = search
        self.foldedSearch = search.map { $0.lowercased() }
    }

    /// True when the filter keeps everything.
    public var isEmpty: Bool { predicates.isEmpty && search == nil }

    public func matches(_ record: Record) -> Bool {
        for predicate in predicates where !predicate.matches(record) { return false }
        return matchesSearch(record.values)
    }

    /// True when some value among `values` (a record's fields) contains the `--search` text.
    func matchesSearch<Values: Sequence>(_ values: Values) -> Bool where Values.Element == Value {
        guard let foldedSearch else { return true }
        return values.contains { value in
            !value.isNull && CellText.unescapedText(for: value).lowercased().contains(foldedSearch)
        }
    }

    /// Rows filtered per block on either core.
    static let blockRows = 65_536

    /// The rows of `table` the filter keeps, in order, at most `limit` (the rows after those are
    /// not looked at). A large table is filtered a block of rows at a time on both cores
    /// (`OrderedWork`), the blocks' rows joined in order.
    public func rows(of table: CellTable, limit: Int = .max) -> [RowRef] {
        let count = min(table.rowCount, max(0, limit))
        guard !isEmpty else { return (0..<count).map(RowRef.init) }
        let filter = self
        var kept: [RowRef] = []
        OrderedWork.blocks(of: table.rowCount, size: Self.blockRows, work: { filter.keptRows($0, of: table, limit: limit) }, take: { rows in
            kept += rows.prefix(limit - kept.count)
            return kept.count < limit
        })
        return kept
    }

    /// The rows among `rows` of `table` the filter keeps, on this thread (the browser filters a
    /// block at a time between keys).
    public func rows(of table: CellTable, in rows: Range<Int>) -> [RowRef] {
        isEmpty ? rows.map(RowRef.init) : keptRows(rows, of: table, limit: .max)
    }

    /// The rows among `rows` of `table` the filter keeps, at most `limit`: one predicate at a time
    /// over the rows the ones before kept (an index list narrowed predicate by predicate, each
    /// predicate bound once rather than copied per row).
    private func keptRows(_ rows: Range<Int>, of table: CellTable, limit: Int) -> [RowRef] {
        let fields = table.fields(predicates.map(\.path))
        return table.withCells { cells in
            var kept = Array(rows)
            for (predicate, field) in zip(predicates, fields) {
                var narrowed: [Int] = []
                narrowed.reserveCapacity(kept.count)
                for row in kept where holds(predicate, field, row: row, cells: cells) { narrowed.append(row) }
                kept = narrowed
            }
            if let search {
                let text = TextSearch(search), columnCount = table.columns.count
                kept = kept.filter { row in text.matches(row: row, cells: cells, columnCount: columnCount) }
            }
            return kept.prefix(limit).map(RowRef.init)
        }
    }

    /// Whether `predicate` holds in `row`: a predicate on a whole column reads the cell's bytes,
    /// one into a nested value reads its value (seen as a cell: the same rule).
    @inline(__always)
    private func holds(_ predicate: borrowing Predicate, _ field: borrowing TableField, row: Int, cells: CellTable.Cells) -> Bool {
        if field.isColumn, let column = field.column {
            let (kind, text) = cells.cell(row: row, column: column)
            return predicate.matches(cell: kind, text: text)
        }
        if field.path.reachesEveryElement { return predicate.matches(anyOf: field.values(row: row, in: cells)) }
        return predicate.matches(value: field.value(row: row, in: cells))
    }
}
