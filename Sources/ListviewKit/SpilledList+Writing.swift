import ListviewBatches
import ListviewDataSource
import ListviewPresentation
import ListviewQuery
import ListviewRequest
import ListviewValues

/// Writing a list sorted on disk: its runs merged section by section into the presenters a list
/// in memory uses, with the same bytes out.
///
/// A human style needs its columns measured first: over the runs as they were
/// written, or in a merge that writes nothing (`--limit`). `--footer` adds up each
/// section in a merge of its own first, in the order the rows are written, so its
/// sums round as a list in memory rounds them. A page (`--page-size`) merges only the
/// sections it cuts and holds only its own rows (`PageWindowProvider`).
extension SpilledList {
    /// Each section's footer and the grand total, by group.
    struct Footers {
        var bySection: [Int: [FooterValue]] = [:]
        /// The footer of every section together; empty for one section.
        var grandTotal: [FooterValue] = []
        var grandTotalText: String? { grandTotal.isEmpty ? nil : "all · " + Aggregates.text(grandTotal) }
    }

    /// Writes the merged sections in `request`'s style.
    func write(_ request: ListRequest, into sink: OutputSink) throws {
        let footers = try self.footers(request)
        if pagesByLines { return try writeLinePage(request, footers: footers, into: sink) }
        if request.arrangement.pageSize != nil { return try writePage(request, footers: footers, into: sink) }
        let fields = request.outputFields(leading: request.arrangement.groupBy, schema: outputSchema)
        let grouped = !request.arrangement.groupBy.isEmpty || request.arrangement.footer != nil
        if sawNestedCells, var flattening = FlattenedOutput(request) {
            // CSV and TSV: the leaves of the rows written, in the order written, name the columns.
            try forEachChunk { _, _, _, chunk in flattening.note(rows: Array(0..<chunk.rowCount), of: chunk) }
            let header = try flattening.header(for: fields)
            var presenter = header.presenter
            try presenter.begin(page: nil, into: sink)
            var wroteRows = false
            try forEachChunk { _, _, _, chunk in
                try flattening.write(rows: Array(0..<chunk.rowCount), of: chunk, under: header, into: sink)
                wroteRows = wroteRows || chunk.rowCount > 0
            }
            if !wroteRows { try presenter.emptyState(into: sink) }
            try presenter.end(page: nil, into: sink)
            return try sink.flush()
        }
        if let presenter = request.look.style.descriptor.machinePresenter(fields: fields, grouped: grouped, grandTotal: footers.grandTotal) {
            return try writeRows(presenter, footers: footers, into: sink)
        }
        let (columns, measures) = try shownColumns(request)
        let empty = RecordView(table: CellTable(columns: [], inferTypes: false))
        if request.look.style.descriptor.layout == .markdownTable {
            var layout = TableLayout.measured(columns, measures: measures)
            if let nullText = request.look.nullText { layout.nullText = nullText }
            var presenter = RecordViewPresenter(MarkdownPresenter(layout: layout), view: empty)
            return try write(&presenter, footers: footers, into: sink) { presenter, chunk in presenter.view = RecordView(table: chunk) }
        }
        let kinds = try kindMeasures(request, columns: columns)
        var presenter = HumanPresenters.make(request, columns: columns, view: empty, measures: measures, kinds: kinds)
        presenter.grandTotal = footers.grandTotalText
        try write(&presenter, footers: footers, into: sink) { presenter, chunk in
            presenter.registry = HumanPresenters.make(request, columns: columns, view: RecordView(table: chunk), measures: measures, kinds: kinds).registry
        }
    }

    /// Writes the requested page: the rows on it merged into one table, shown as a list in memory
    /// shows the same page.
    private func writePage(_ request: ListRequest, footers: Footers, into sink: OutputSink) throws {
        let total = listedSections().reduce(0) { $0 + $1.count }
        guard let page = try ListRunner.pageInfo(for: request, totalRows: total) else { return }
        let (table, window) = try pageRows(page.rows, footers: footers)
        try WholeList.render(request, renderer: ListRenderer(provider: window, firstRow: window.firstRow), of: table, page: page,
                             grandTotal: (footers.grandTotalText, footers.grandTotal), schema: outputSchema, into: sink)
    }

    /// The rows of the list at `rows`, merged into one table, and the sections they are in (none
    /// for no rows: the page of an empty list).
    private func pageRows(_ rows: Range<Int>, footers: Footers) throws -> (CellTable, PageWindowProvider<RowRef>) {
        var table: CellTable?
        var window: PageWindowProvider<RowRef>?
        try forEachChunk(in: rows) { section, first, offset, chunk in
            let start = table?.rowCount ?? 0
            if table == nil {
                table = chunk
            } else {
                table?.append(rows: 0..<chunk.rowCount, of: chunk, schema: schema)
            }
            let items = (start..<start + chunk.rowCount).map(RowRef.init)
            if window == nil { window = PageWindowProvider(firstRow: section.start) }
            if first {
                window?.append(footed(section, footers), count: section.count, firstHeld: offset, items: items)
            } else {
                window?.appendItems(items)
            }
        }
        return (table ?? CellTable(columns: [], inferTypes: false), window ?? PageWindowProvider(firstRow: 0))
    }

    /// Writes the requested page of a list whose pages are cut by lines (`--wrap`): the columns
    /// laid out over every row, as a list in memory lays them out, every row's height counted
    /// in a merge that writes nothing, then the page's rows merged and written.
    private func writeLinePage(_ request: ListRequest, footers: Footers, into sink: OutputSink) throws {
        guard let linesPerPage = request.arrangement.pageSize else { return }
        let (columns, measures) = try shownColumns(request)
        let kinds = try kindMeasures(request, columns: columns)
        let number = request.arrangement.page ?? 1
        var cutter = LinePagePlan.Cutter(linesPerPage: linesPerPage)
        var (pages, rows) = (0, 0)
        var wanted: Range<Int>?
        func closed(_ page: Range<Int>?) {
            guard let page else { return }
            pages += 1
            if pages == number { wanted = page }
        }
        // A row takes its lines and the blank lines of `--row-gap` after it, as in memory.
        let gap = request.look.layout.rowGap ?? request.look.style.descriptor.rowGap
        try forEachChunk { _, _, _, chunk in
            let registry = HumanPresenters.make(request, columns: columns, view: RecordView(table: chunk), measures: measures, kinds: kinds).registry
            for row in 0..<chunk.rowCount {
                let item = RowRef(row)
                closed(cutter.add(height: registry.formatter(for: item).height(for: item) + gap))
            }
            rows += chunk.rowCount
        }
        closed(cutter.finish(pagesSoFar: pages))
        guard let wanted else {
            throw ListRunner.pastTheEnd(page: number, totalRows: rows, pageCount: pages, pageSize: linesPerPage)
        }
        let page = PageInfo(number: number, count: pages, rows: wanted, totalRows: rows)
        let (table, window) = try pageRows(page.rows, footers: footers)
        var presenter = HumanPresenters.make(request, columns: columns, view: RecordView(table: table), measures: measures, kinds: kinds)
        if page.number == page.count { presenter.grandTotal = footers.grandTotalText }
        try ListRenderer(provider: window, firstRow: window.firstRow).render(page: page, with: &presenter, into: sink)
        try sink.flush()
    }

    /// `section`'s header information with its footer.
    private func footed(_ section: ListedSection, _ footers: Footers) -> SectionInfo {
        var info = section.info
        if let values = footers.bySection[section.group] {
            info.footerValues = values
            info.footer = Aggregates.text(values)
        }
        return info
    }

    /// The footers `--footer` asks for, each section's rows added up in the order they are
    /// written: a merge that writes nothing.
    private func footers(_ request: ListRequest) throws -> Footers {
        var footers = Footers()
        guard let footer = request.arrangement.footer else { return footers }
        let paths = footer.terms.compactMap(\.field)
        var grand = Aggregates.Running(footer)
        var running: (group: Int, sums: Aggregates.Running)?
        var sections = 0
        try forEachChunk { section, first, _, chunk in
            if first {
                if let running { footers.bySection[running.group] = running.sums.values }
                running = (section.group, Aggregates.Running(footer))
                sections += 1
            }
            var fields: [FieldPath: TableField] = [:]
            for path in paths { fields[path] = TableField(path, columns: chunk.columns) }
            chunk.withCells { cells in
                for row in 0..<chunk.rowCount {
                    let value = { (path: FieldPath) in fields[path]?.value(row: row, in: cells) }
                    running?.sums.add(value)
                    grand.add(value)
                }
            }
        }
        if let running { footers.bySection[running.group] = running.sums.values }
        if sections > 1 { footers.grandTotal = grand.values }
        return footers
    }

    /// Writes through a machine style's presenter, which takes each chunk's table (`use`).
    private func writeRows<Presenter: TableRowPresenter>(_ presenter: Presenter, footers: Footers, into sink: OutputSink) throws {
        var presenter = presenter
        try write(&presenter, footers: footers, into: sink) { presenter, chunk in presenter.use(chunk) }
    }

    /// The columns a human style shows (`--fields`, else the columns the rows shown have), with
    /// their measures over those rows: taken as the runs were written, or in a merge of the runs
    /// that writes nothing.
    /// The measures of a list of kinds over every row, read in one more pass over the chunks; nil
    /// without kinds of their own.
    private func kindMeasures(_ request: ListRequest, columns: [ColumnSpec]) throws -> KindMeasures? {
        guard var kinds = KindMeasures(request, columns: columns) else { return nil }
        try forEachChunk { _, _, _, chunk in kinds.measure(Array(0..<chunk.rowCount), of: chunk) }
        return kinds
    }

    private func shownColumns(_ request: ListRequest) throws -> ([ColumnSpec], [ColumnMeasure]) {
        guard !measuresWhileSpilling else { return measures.shown(request) }
        var shown = ListMeasures(specs: request.columnSpecs)
        try forEachChunk { _, _, _, chunk in shown.measure(Array(0..<chunk.rowCount), of: chunk) }
        // A chunk's columns lie in the order its rows were merged: the list's order is the runs'.
        return shown.shown(request, in: measures.columnOrder)
    }

    /// Drives `presenter` over the merged sections as `ListRenderer` drives it over a list in
    /// memory; `use` hands it each chunk's table before its rows.
    private func write<Presenter: ListPresenter>(_ presenter: inout Presenter, footers: Footers, into sink: OutputSink,
                                                 use: (inout Presenter, CellTable) throws -> Void) throws where Presenter.Item == RowRef {
        try presenter.begin(page: nil, into: sink)
        var open: SectionInfo?
        try forEachChunk { section, first, _, chunk in
            if first {
                if let open { try presenter.sectionFooter(open, into: sink) }
                let info = footed(section, footers)
                try presenter.sectionHeader(info, continued: false, into: sink)
                open = info
            }
            try use(&presenter, chunk)
            try presenter.rows((0..<chunk.rowCount).map(RowRef.init)[...], into: sink)
        }
        if let open {
            try presenter.sectionFooter(open, into: sink)
        } else {
            try presenter.emptyState(into: sink)
        }
        try presenter.end(page: nil, into: sink)
        try sink.flush()
    }
}
