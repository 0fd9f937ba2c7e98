import ListviewBatches
import ListviewDataSource
import ListviewInput
import ListviewJSON
import ListviewPresentation
import ListviewQuery
import ListviewRequest
import ListviewSpilling
import ListviewValues

/// The list of a `.wholeList` plan: every row read into one `CellTable`, then the filter, the
/// sort, the groups and `--limit` as index lists of row references, and sections of those.
///
/// A regular CSV, TSV or JSON file fills the table straight from its bytes
/// (both cores); any other input (a pipe, several files, `--path`, ragged or
/// irregular text) is read batch by batch, each batch joined to the table as
/// it arrives. From the table on, every input takes the same way.
public final class WholeList {
    public let table: CellTable
    public private(set) var sections: [Section<RowRef>]
    /// The summary of every section together (`--footer` over several sections).
    private(set) var grandTotal: String?
    /// The values of `grandTotal`, for styles that write them as data.
    private(set) var grandTotalValues: [FooterValue]

    public init(table: CellTable, sections: [Section<RowRef>], grandTotal: [FooterValue] = []) {
        self.table = table
        self.sections = sections
        self.grandTotalValues = grandTotal
        self.grandTotal = grandTotal.isEmpty ? nil : "all · " + Aggregates.text(grandTotal)
    }

    /// How the table is filled.
    public enum Reading: Sendable {
        /// Straight from the bytes of a regular file when its reader can, else batch by batch.
        case bytesWhenPossible
        /// Batch by batch, as a stream is read (tests compare the two ways).
        case batches
    }

    /// Reads every row the stream keeps (it stops at `--limit` when nothing orders the rows) and
    /// arranges them as `request` asks.
    static func load(_ request: ListRequest, from stream: BatchStream, reading: Reading = .bytesWhenPossible) throws -> WholeList {
        let (table, rows) = try read(stream, reading: reading)
        return arranged(request, table: table, rows: rows)
    }

    /// Every kept row of the stream in one table: straight from the bytes of a regular file when
    /// its reader can, else the batches joined.
    public static func read(_ stream: BatchStream, reading: Reading = .bytesWhenPossible) throws -> (CellTable, [RowRef]) {
        if reading == .bytesWhenPossible, let whole = try stream.wholeTable() { return (whole.table, whole.rows) }
        return try readBatches(stream)
    }

    /// `rows` of `table` (those the filter kept, in table order) sorted, grouped into sections,
    /// cut to `--limit` and summed up by `--footer`, as `request` asks.
    public static func arranged(_ request: ListRequest, table: CellTable, rows: [RowRef]) -> WholeList {
        var rows = rows
        // Groups are found while the rows are in table order, whose cells lie in the order they are read.
        let groups = RowGroupIDs(rows: rows, fields: table.fields(request.arrangement.groupBy), of: table)
        rows = RecordSorter.sorted(rows, of: table, by: request.arrangement.sort)
        var sections = RecordGrouper.sections(rows, by: request.arrangement.groupBy, order: request.arrangement.groupOrder,
                                              key: { item, level in groups.id(row: item.row, level: level) },
                                              value: { groups.values[$0] })
        rows = []
        // Sections cut by `--limit` keep their full counts in their headers, as sections cut by a page do.
        if let limit = request.arrangement.limit { sections = limited(sections, to: limit) }
        var grandTotal: [FooterValue] = []
        if let footer = request.arrangement.footer {
            var fields: [FieldPath: TableField] = [:]
            for field in footer.terms.compactMap(\.field) { fields[field] = TableField(field, columns: table.columns) }
            let summary = { (items: [RowRef]) in
                table.withCells { cells in
                    footer.values(of: items) { item, field in fields[field]?.value(row: item.row, in: cells) }
                }
            }
            for index in sections.indices {
                let values = summary(sections[index].items)
                sections[index].info.footerValues = values
                sections[index].info.footer = Aggregates.text(values)
            }
            if sections.count > 1 { grandTotal = summary(sections.flatMap(\.items)) }
        }
        return WholeList(table: table, sections: sections, grandTotal: grandTotal)
    }

    /// Every batch the stream hands on, joined into one table, and the kept rows. Batches with
    /// other columns (another file) join row by row. `onBatch` sees each batch and its kept rows,
    /// as read (the browser shows them).
    public static func readBatches(_ stream: BatchStream, onBatch: ((CellTable, [Int]) -> Void)? = nil) throws -> (CellTable, [RowRef]) {
        stream.readsAhead = false  // batches join by the schema, on this thread
        var kept = KeptRows()
        // A large file's parts are parsed (and reshaped) on both cores, and joined here in order.
        try stream.forEach { batch in
            onBatch?(batch.table, batch.rows.map(\.row))
            kept.add(batch.table, rows: batch.rows, schema: stream.schema)
        }
        return (kept.table, kept.rows)
    }

    /// True when at least one row passed the filter.
    var foundRows: Bool { sections.contains { !$0.items.isEmpty } }

    /// Writes the requested page (or every row) in the requested style.
    func present(_ request: ListRequest, pagesByLines: Bool, schema: RecordSchema, into sink: OutputSink) throws -> ListRunner.Outcome {
        let found = ListRunner.Outcome(foundRecords: foundRows)
        guard pagesByLines, let pageSize = request.arrangement.pageSize else {
            let page = try ListRunner.pageInfo(for: request, totalRows: ArrayDataProvider(sections: sections).totalItemCount)
            try render(request, page: page, schema: schema, into: sink)
            return found
        }
        // Widths come from the whole list, so every page wraps the same way and heights are known up front.
        let renderer = ListRenderer(provider: ArrayDataProvider(sections: sections))
        let all = renderer.items(on: nil)
        let rows = all.map(\.row)
        let view = RecordView(table: table)
        var presenter = HumanPresenters.make(request, columns: Self.shownColumns(request, rows: rows, of: table), view: view, rows: rows)
        let registry = presenter.registry
        // A row takes its lines and the blank lines of `--row-gap` after it.
        let gap = request.look.layout.rowGap ?? presenter.rowSpacing
        let plan = LinePagePlan(heights: all.map { registry.formatter(for: $0).height(for: $0) + gap }, linesPerPage: pageSize)
        let number = request.arrangement.page ?? 1
        guard let page = plan.page(number) else {
            throw ListRunner.pastTheEnd(page: number, totalRows: plan.totalRows, pageCount: plan.pageCount, pageSize: pageSize)
        }
        if page.number == page.count { presenter.grandTotal = grandTotal }
        try renderer.render(page: page, with: &presenter, into: sink)
        try sink.flush()
        return found
    }

    /// Writes `page` (or everything) of the sections, whose first row is row `firstRow` of the whole list.
    public func render(_ request: ListRequest, page: PageInfo?, firstRow: Int = 0, schema: RecordSchema, into sink: OutputSink) throws {
        try Self.render(request, renderer: ListRenderer(provider: ArrayDataProvider(sections: sections), firstRow: firstRow), of: table,
                        page: page, grandTotal: (grandTotal, grandTotalValues), schema: schema, into: sink)
    }

    /// Writes `page` (or everything) of `renderer`'s sections, whose rows are rows of `table`, in
    /// the requested style; the last page ends with `grandTotal`, as text and as values.
    static func render<Provider: CollectionDataProvider>(_ request: ListRequest, renderer: ListRenderer<Provider>, of table: CellTable,
                                                         page: PageInfo?, grandTotal: (text: String?, values: [FooterValue]),
                                                         schema: RecordSchema, into sink: OutputSink) throws
    where Provider.Item == RowRef {
        let view = RecordView(table: table)
        let fields = request.outputFields(leading: request.arrangement.groupBy, schema: schema)
        let lastPage = page == nil || page?.number == page?.count
        let grouped = !request.arrangement.groupBy.isEmpty || request.arrangement.footer != nil
        if table.hasNestedCells, var flattening = FlattenedOutput(request) {
            // CSV and TSV write the rows shown, in order, with their nested values as dotted columns.
            let rows = renderer.items(on: page).map(\.row)
            flattening.note(rows: rows, of: table)
            try flattening.write(rows: rows, of: table, under: try flattening.header(for: fields), page: page, into: sink)
        } else if var presenter = request.look.style.descriptor.machinePresenter(fields: fields, grouped: grouped,
                                                  grandTotal: lastPage ? grandTotal.values : []) {
            try presenter.render(renderer, of: table, page: page, into: sink)
        } else {
            // The shown rows' numbers, in one array: measured a block at a time on both cores.
            let rows = renderer.items(on: page).map(\.row)
            let shown = shownColumns(request, rows: rows, of: table)
            if request.look.style.descriptor.layout == .markdownTable {
                var layout = TableLayout.measure(shown, rows: rows, of: table)
                if let nullText = request.look.nullText { layout.nullText = nullText }
                var presenter = RecordViewPresenter(MarkdownPresenter(layout: layout), view: view)
                try renderer.render(page: page, with: &presenter, into: sink)
            } else {
                var presenter = HumanPresenters.make(request, columns: shown, view: view, rows: rows)
                if lastPage { presenter.grandTotal = grandTotal.text }
                try renderer.render(page: page, with: &presenter, into: sink)
            }
        }
        try sink.flush()
    }

    /// The columns a human style shows for `rows`: `--fields`, else the columns those rows have.
    private static func shownColumns(_ request: ListRequest, rows: [Int], of table: CellTable) -> [ColumnSpec] {
        request.columnSpecs ?? table.columns(presentIn: rows).filter { !request.look.excluded.excludes($0) }.map { ColumnSpec($0) }
    }

    /// The first `limit` rows across sections, in order; sections left empty are dropped. A section
    /// cut keeps its full count, as a section cut by a page does.
    static func limited(_ sections: [Section<RowRef>], to limit: Int) -> [Section<RowRef>] {
        var remaining = max(0, limit)
        var result: [Section<RowRef>] = []
        for var section in sections where remaining > 0 {
            if section.items.count > remaining {
                let count = section.info.count
                section.items = Array(section.items.prefix(remaining))
                section.info.count = count  // the section's size, as its header says it
            }
            remaining -= section.items.count
            result.append(section)
        }
        return result
    }
}
