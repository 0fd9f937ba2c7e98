import ListviewCore

/// Runs a `ListRequest`: load, sort, group, cut the page, and present it.
///
/// This is the whole of a `listview` run short of argument parsing and exit
/// codes, so tests can drive it without starting a process. Without sorting
/// or grouping it streams: a page is loaded on its own (earlier rows skipped,
/// later rows never read), and JSON styles write records as they arrive.
public enum ListRunner {
    /// What a run found, for the exit status (`--fail-if-empty`).
    public struct Outcome: Equatable, Sendable {
        /// True when at least one record passed the filter.
        public var foundRecords: Bool
    }

    /// Runs `request`, writing the result to `sink` and notes (ragged rows) to `warn`.
    @discardableResult
    public static func run(_ request: ListRequest, to sink: OutputSink, warn: (String) -> Void = { _ in }) throws -> Outcome {
        let schema = RecordSchema()
        var csv = request.csv
        if request.countsOnly && request.filter.isEmpty {
            // Counting looks at the group fields only: CSV cells of other columns need not become values.
            csv.onlyColumns = Set(request.groupBy.flatMap { [$0.text] + $0.components.prefix(1) })
        }
        let loader = InputLoader(format: request.format, path: request.path, csv: csv,
                                 delimiter: request.delimiter, schema: schema)
        let opened = try loader.open(request.inputs)
        // Wrapped rows are cut into pages by lines, which needs every row's height, so the whole list.
        let pagesByLines = request.wrap && request.pageSize != nil && request.style == .table
        let needsAllRows = !request.sort.isEmpty || !request.groupBy.isEmpty || request.countsOnly || pagesByLines
        let source: any RecordSource = request.filter.isEmpty ? opened.source : FilteredSource(opened.source, filter: request.filter)
        // Without sorting or grouping, --limit stops the reading itself; otherwise it applies to the ordered list.
        let stream = StreamingProvider(source: source, limit: needsAllRows ? nil : request.limit)
        // One CSV or TSV input names its columns up front; several may each name others.
        let columnsFixed = request.fields != nil || (opened.isDelimitedText && request.inputs.count == 1)
        let streamsMachineStyle = request.style == .json || request.style == .jsonl || (request.style.isMachineReadable && columnsFixed)
        // Every record will be held: a large file may be read on both cores. Not for --counts, which
        // tallies records as they come and keeps none (a second half would be held whole: 5x the memory).
        let holdsEveryRecord = needsAllRows ? !request.countsOnly : request.limit == nil && request.pageSize == nil && !streamsMachineStyle
        if holdsEveryRecord { source.willReadToEnd() }
        defer { stream.warnings.forEach(warn) }

        if !needsAllRows {
            if let pageSize = request.pageSize {
                try renderStreamedPage(request, pageSize: pageSize, stream: stream, schema: schema, into: sink)
                return Outcome(foundRecords: stream.rowsRead > 0)
            }
            if streamsMachineStyle {
                _ = try stream.hasMore()  // a CSV header names the columns before the first row is written
                var fields = OutputFields(columns: request.columnSpecs, schema: schema)
                if fields.columns == nil, request.style == .csv || request.style == .tsv,
                   let declared = opened.source.declaredColumns {
                    fields = .header(declared.map { ColumnSpec($0) }, schema: schema)
                }
                if var presenter = MachinePresenters.make(request.style, fields: fields, grouped: false) {
                    try StreamingRenderer.render(stream, with: &presenter, into: sink)
                }
                try sink.flush()
                return Outcome(foundRecords: stream.rowsRead > 0)
            }
        }

        if request.countsOnly {
            // A CSV file counts its rows straight from the bytes when it can; else the records are read.
            let counted = try source.countGroups(by: request.groupBy)
            var tally = counted ?? GroupTally(fields: request.groupBy)
            while counted == nil, let record = try stream.next() {
                tally.add(record)
                if stream.rowsRead % 65_536 == 0 { try sink.checkReaderPresent() }
            }
            let sections = tally.sections(order: request.groupOrder)
            try SectionCounts.write(sections, style: request.style, groupFields: request.groupBy, into: sink)
            return Outcome(foundRecords: tally.total > 0)
        }

        if try PlainTableRun.run(request, source: source, into: sink) {
            return Outcome(foundRecords: true)  // a cell table holds at least one row
        }
        var records: [Record] = []
        while let record = try stream.next() {
            records.append(record)
            if records.count % 65_536 == 0 { try sink.checkReaderPresent() }  // `| true` ends the load
        }
        records = RecordSorter.sorted(records, by: request.sort)
        let found = !records.isEmpty
        var sections = RecordGrouper.sections(records, by: request.groupBy, order: request.groupOrder)
        records = []
        if request.countsOnly {
            try SectionCounts.write(sections, style: request.style, groupFields: request.groupBy, into: sink)
            return Outcome(foundRecords: found)
        }
        if let limit = request.limit {
            sections = limited(sections, to: limit)
            RecordGrouper.recountLevels(&sections)
        }
        var grandTotal: String?
        if let footer = request.footer {
            for index in sections.indices { sections[index].info.footer = footer.summary(of: sections[index].items) }
            if sections.count > 1 { grandTotal = "all · " + footer.summary(of: sections.flatMap(\.items)) }
        }
        let provider = ArrayDataProvider(sections: sections)
        defer { if !request.freesRecords { LeftForExit.keep(provider) } }
        let renderer = ListRenderer(provider: provider)
        if pagesByLines, let pageSize = request.pageSize {
            // Widths come from the whole list, so every page wraps the same way and heights are known up front.
            try ViewModelCheck.templateFields(request, schema: schema)
            let all = renderer.items(on: nil)
            var presenter = HumanPresenters.make(request, columns: request.shownColumns(for: all, schema: schema), items: all)
            let registry = presenter.registry
            let plan = LinePagePlan(heights: all.map { registry.formatter(for: $0).height(for: $0) }, linesPerPage: pageSize)
            let number = request.page ?? 1
            guard let page = plan.page(number) else {
                throw pastTheEnd(page: number, totalRows: plan.totalRows, pageCount: plan.pageCount, pageSize: pageSize)
            }
            if page.number == page.count { presenter.grandTotal = grandTotal }
            try renderer.render(page: page, with: &presenter, into: sink)
            try sink.flush()
            return Outcome(foundRecords: found)
        }
        let page = try pageInfo(for: request, totalRows: provider.totalItemCount)
        try present(renderer, page: page, request: request, schema: schema, grandTotal: grandTotal, into: sink)
        return Outcome(foundRecords: found)
    }

    /// One page read from the stream: rows before it skipped, rows after it never read.
    private static func renderStreamedPage(_ request: ListRequest, pageSize: Int, stream: StreamingProvider,
                                           schema: RecordSchema, into sink: OutputSink) throws {
        let number = request.page ?? 1
        guard let page = try stream.loadPage(number, size: pageSize) else {
            let plan = PagePlan(pageSize: pageSize, totalRows: stream.rowsRead)
            throw pastTheEnd(page: number, totalRows: plan.totalRows, pageCount: plan.pageCount, pageSize: pageSize)
        }
        try present(ListRenderer(provider: page.provider, firstRow: page.info.rows.lowerBound), page: page.info,
                    request: request, schema: schema, into: sink)
    }

    /// Writes `page` (or everything) of `renderer`'s provider in the requested style.
    private static func present(_ renderer: ListRenderer<ArrayDataProvider<Record>>, page: PageInfo?,
                                request: ListRequest, schema: RecordSchema, grandTotal: String? = nil,
                                into sink: OutputSink) throws {
        let fields = OutputFields(columns: request.columnSpecs, leading: request.groupBy, schema: schema)
        if var presenter = MachinePresenters.make(request.style, fields: fields, grouped: !request.groupBy.isEmpty) {
            try renderer.render(page: page, with: &presenter, into: sink)
        } else {
            try ViewModelCheck.templateFields(request, schema: schema)
            let items = renderer.items(on: page)
            let shown = request.shownColumns(for: items, schema: schema)
            if request.style == .markdown {
                var presenter = MarkdownPresenter(layout: TableLayout.measure(shown, over: items))
                try renderer.render(page: page, with: &presenter, into: sink)
            } else {
                var presenter = HumanPresenters.make(request, columns: shown, items: items)
                if page == nil || page?.number == page?.count { presenter.grandTotal = grandTotal }
                try renderer.render(page: page, with: &presenter, into: sink)
            }
        }
        try sink.flush()
    }

    /// The page to show, or nil when the request does not page.
    static func pageInfo(for request: ListRequest, totalRows: Int) throws -> PageInfo? {
        guard let pageSize = request.pageSize else { return nil }
        let plan = PagePlan(pageSize: pageSize, totalRows: totalRows)
        let number = request.page ?? 1
        guard let page = plan.page(number) else {
            throw pastTheEnd(page: number, totalRows: totalRows, pageCount: plan.pageCount, pageSize: pageSize)
        }
        return page
    }

    static func pastTheEnd(page: Int, totalRows: Int, pageCount: Int, pageSize: Int) -> ListviewError {
        .usage("--page \(page) is past the last page: \(RecordCount.text(totalRows)) make \(pageCount) page\(pageCount == 1 ? "" : "s") of \(pageSize)")
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

/// Holds what a run loaded until the process exits, so it is never freed piece by piece.
private enum LeftForExit {
    private final class Holder<Value> {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    static func keep<Value>(_ value: Value) {
        _ = Unmanaged.passRetained(Holder(value))
    }
}
