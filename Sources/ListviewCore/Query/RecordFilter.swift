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
        if let foldedSearch {
            return record.values.contains { value in
                !value.isNull && ValueText.plain(value).lowercased().contains(foldedSearch)
            }
        }
        return true
    }
}

/// A record source that passes on only the records a filter keeps.
public struct FilteredSource: RecordSource {
    private var source: any RecordSource
    private let filter: RecordFilter

    public init(_ source: any RecordSource, filter: RecordFilter) {
        self.source = source
        self.filter = filter
    }

    public var warnings: [String] { source.warnings }
    public var declaredColumns: [String]? { source.declaredColumns }
    public func willReadToEnd() { source.willReadToEnd() }

    public mutating func next() throws -> Record? {
        while let record = try source.next() {
            if filter.matches(record) { return record }
        }
        return nil
    }
}
