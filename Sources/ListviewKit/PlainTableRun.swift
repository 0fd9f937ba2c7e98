import ListviewCore

/// The table of every row of one CSV, TSV, JSON or JSON Lines file, maybe sorted, drawn from a
/// `CellTable` instead of records: the same output, without a `String`, `Value` or record per cell.
enum PlainTableRun {
    /// True when `request` asks for no more than that: the table style without borders, wrapping,
    /// filters, groups, footers, pages, limits, templates or chosen fields, sorted (if at all) by
    /// top-level fields. A dotted sort field may step into a nested JSON value, which a cell keeps
    /// only as text.
    static func suits(_ request: ListRequest) -> Bool {
        request.style == .table && !request.border && !request.wrap && request.filter.isEmpty && request.groupBy.isEmpty
            && !request.countsOnly && request.footer == nil && request.pageSize == nil && request.page == nil
            && request.limit == nil && request.template == nil && request.kindTemplates.isEmpty && request.kindField == nil
            && request.fields == nil && request.path.isEmpty && request.sort.allSatisfy { $0.path.components.count == 1 }
    }

    /// Draws the table when `source` can hand over a cell table; false when it cannot (read the records).
    static func run(_ request: ListRequest, source: any RecordSource, into sink: OutputSink) throws -> Bool {
        guard suits(request), let table = try source.cellTable() else { return false }
        let order = request.sort.isEmpty ? nil : RecordSorter.order(sortKeys(request.sort, in: table), by: request.sort)
        var layout = CellTableWriter.layout(of: table)
        layout.theme = Theme(enabled: request.color)
        layout = layout.fitted(to: request.width, maxColumnWidth: request.maxColumnWidth)
        try CellTableWriter.write(table, order: order, layout: layout, into: sink)
        return true
    }

    /// Each sort field's key for every row: a column's values, or missing everywhere for a
    /// field no row has (the field is top-level: see `suits`).
    private static func sortKeys(_ specs: [SortSpec], in table: CellTable) -> [[ValueOrdering.Key]] {
        specs.map { spec in
            guard let column = table.columns.firstIndex(of: spec.path.text) else {
                return [ValueOrdering.Key](repeating: .missing, count: table.rowCount)
            }
            return table.sortKeys(column: column)
        }
    }
}
