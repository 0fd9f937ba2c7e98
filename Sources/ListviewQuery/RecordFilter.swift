import ListviewBatches
import ListviewDataSource
import ListviewInput
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
            !value.isNull && ValueText.plain(value).lowercased().contains(foldedSearch)
        }
    }

    /// The rows of `table` the filter keeps, in order, at most `limit` (the rows after those are
    /// not looked at).
    public func rows(of table: CellTable, limit: Int = .max) -> [RowRef] {
        let count = min(table.rowCount, max(0, limit))
        guard !isEmpty else { return (0..<count).map(RowRef.init) }
        let fields = table.fields(predicates.map(\.path))
        return table.withCells { cells in
            var kept: [RowRef] = []
            for row in 0..<table.rowCount where kept.count < limit {
                let matches = zip(predicates, fields).allSatisfy { $0.matches(value: $1.value(row: row, in: cells)) }
                    && (search == nil || matchesSearch(table.columns.indices.lazy.compactMap { cells.value(row: row, column: $0) }))
                if matches { kept.append(RowRef(row)) }
            }
            return kept
        }
    }
}
