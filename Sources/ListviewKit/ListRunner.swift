import ListviewCore

/// Runs a `ListRequest`: load, sort, group, cut the page, and present it.
///
/// This is the whole of a `listview` run short of argument parsing and exit
/// codes, so tests can drive it without starting a process.
public enum ListRunner {
    public static func run(_ request: ListRequest, to sink: OutputSink) throws {
        let schema = RecordSchema()
        var source = try InputLoader(format: request.format, path: request.path, schema: schema).open(request.inputs)
        let needsAll = !request.sort.isEmpty || !request.groupBy.isEmpty
        var records = try source.readAll(limit: needsAll ? .max : (request.limit ?? .max))
        records = RecordSorter.sorted(records, by: request.sort)
        var sections = RecordGrouper.sections(records, by: request.groupBy, order: request.groupOrder)
        if let limit = request.limit { sections = limited(sections, to: limit) }
        let provider = ArrayDataProvider(sections: sections)
        let renderer = ListRenderer(provider: provider)
        let page = try pageInfo(for: request, totalRows: provider.totalItemCount)
        let columns = (request.fields ?? schema.columns.map(FieldPath.init)).map { ColumnSpec($0) }

        let outputFields = OutputFields(columns: request.fields == nil ? nil : columns,
                                        leading: request.groupBy, schemaColumns: schema.columns)
        switch request.style {
        case .table:
            var presenter = TablePresenter(layout: TableLayout.measure(columns, over: renderer.items(on: page)))
            try renderer.render(page: page, with: &presenter, into: sink)
        case .json:
            var presenter = JSONPresenter(fields: OutputFields(columns: outputFields.columns, schemaColumns: schema.columns),
                                          grouped: !request.groupBy.isEmpty)
            try renderer.render(page: page, with: &presenter, into: sink)
        case .jsonl:
            var presenter = JSONLinesPresenter(fields: outputFields)
            try renderer.render(page: page, with: &presenter, into: sink)
        case .csv, .tsv:
            var presenter = DelimitedPresenter(fields: outputFields, dialect: request.style == .csv ? .csv : .tsv)
            try renderer.render(page: page, with: &presenter, into: sink)
        }
        try sink.flush()
    }

    /// The page to show, or nil when the request does not page.
    static func pageInfo(for request: ListRequest, totalRows: Int) throws -> PageInfo? {
        guard let pageSize = request.pageSize else { return nil }
        let plan = PagePlan(pageSize: pageSize, totalRows: totalRows)
        let number = request.page ?? 1
        guard let page = plan.page(number) else {
            throw ListviewError.usage("--page \(number) is past the last page: \(totalRows) rows make \(plan.pageCount) page\(plan.pageCount == 1 ? "" : "s") of \(pageSize)")
        }
        return page
    }

    /// The first `limit` rows across sections, in order; sections left empty are dropped.
    static func limited(_ sections: [Section<Record>], to limit: Int) -> [Section<Record>] {
        var remaining = max(0, limit)
        var result: [Section<Record>] = []
        for var section in sections where remaining > 0 {
            if section.items.count > remaining {
                section.items = Array(section.items.prefix(remaining))
            }
            remaining -= section.items.count
            result.append(section)
        }
        return result
    }
}
