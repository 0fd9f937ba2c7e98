import ListviewBatches
import ListviewDataSource
import ListviewInput
import ListviewJSON
import ListviewPresentation
import ListviewQuery
import ListviewValues

/// Runs a `ListRequest`: open the inputs, plan, and run the plan's executor.
///
/// This is the whole of a `listview` run short of argument parsing and exit
/// codes, so tests can drive it without starting a process. `ListPlanner`
/// decides how rows travel; each `ListPlan` case has one executor here.
public enum ListRunner {
    /// What a run found, for the exit status (`--fail-if-empty`).
    public struct Outcome: Equatable, Sendable {
        /// True when at least one record passed the filter.
        public var foundRecords: Bool
    }

    /// Runs `request`, writing the result to `sink` and notes (ragged rows) to `warn`.
    @discardableResult
    public static func run(_ request: ListRequest, to sink: OutputSink, warn: (String) -> Void = { _ in }) throws -> Outcome {
        do {
            return try run(request, to: sink, warn: warn, reading: .bytesWhenPossible)
        } catch let error as ListviewError {
            throw FormatHint.annotated(error, request: request)
        }
    }

    /// `run`, with the way a whole list's table is filled chosen (tests compare the two ways).
    static func run(_ request: ListRequest, to sink: OutputSink, warn: (String) -> Void, reading: WholeList.Reading) throws -> Outcome {
        let schema = RecordSchema()
        var csv = request.csv
        if request.countsOnly && request.filter.isEmpty {
            // Counting looks at the group fields only: CSV cells of other columns need not become values.
            csv.onlyColumns = Set(request.groupBy.flatMap { [$0.text] + $0.components.prefix(1) })
        }
        let loader = InputLoader(format: request.format, path: request.path, csv: csv,
                                 delimiter: request.delimiter, schema: schema)
        var opened = try loader.open(request.inputs)
        if let name = request.fileField {
            let inputs = request.inputs.isEmpty ? ["-"] : request.inputs
            opened.source.fileField = (name, inputs)
        }
        let plan = ListPlanner.plan(for: request, formats: opened.formats)
        // Notes on how the input was read are written only once it was accepted: a failure is one line.
        let outcome: Outcome
        var writerNotes: [String] = []
        switch plan {
        case .summary:
            let list = try WholeList.load(request.withoutRowOrder, opened: opened.source, schema: schema, reading: reading, sink: sink)
            defer { if !request.freesRecords { LeftForExit.keep(list) } }
            let ready = try FieldCheck.prepared(request, columns: knownColumns(opened.source, schema: schema, table: list.table),
                                                table: list.table)
            outcome = try SummaryTable.write(of: list, request: ready, into: sink)
        case .counts:
            outcome = try runCounts(request, source: opened.source, prefetching: opened.areRegularFiles, schema: schema, into: sink)
        case .streamedPage(let size):
            outcome = try runStreamedPage(request, pageSize: size, source: opened.source, schema: schema, into: sink)
        case .streamedRows:
            outcome = try runStreamedRows(request, source: opened.source, prefetching: opened.areRegularFiles, schema: schema,
                                          into: sink, notes: &writerNotes)
        case .wholeList(let pagesByLines):
            let list = try WholeList.load(request, opened: opened.source, schema: schema, reading: reading, sink: sink)
            defer { if !request.freesRecords { LeftForExit.keep(list) } }
            let ready = try FieldCheck.prepared(request, columns: knownColumns(opened.source, schema: schema, table: list.table),
                                                table: list.table)
            outcome = try list.present(ready, pagesByLines: pagesByLines, schema: schema, into: sink)
        }
        (opened.source.warnings + writerNotes).forEach(warn)
        return outcome
    }

    /// `--counts`: the rows of each batch counted in their groups from their cells (`GroupTally`);
    /// a large regular file that can be cut is counted in parts on both cores (`OrderedWork`),
    /// the rest of the input batch by batch, read ahead on the second core for regular files.
    private static func runCounts(_ request: ListRequest, source opened: ConcatenatedSource, prefetching: Bool,
                                  schema: RecordSchema, into sink: OutputSink) throws -> Outcome {
        var source = opened
        var tally = GroupTally(fields: request.groupBy)
        var rest: (any RecordSource)? = source
        let first = try source.nextBatch(schema: schema)
        // One input is checked as soon as its first rows are read; several once all are.
        func checkFields() throws {
            try FieldCheck.check(request, columns: knownColumns(source, schema: schema, table: first), table: first,
                                 input: FieldCheck.inputName(request))
        }
        if request.inputs.count <= 1 { try checkFields() }
        if let first {
            tally.add(request.filter.rows(of: first), of: first)
            if prefetching, let parts = try source.fileParts(size: partSize) {
                rest = try countParts(parts, request: request, into: &tally)
            }
        } else {
            rest = nil
        }
        let prefetcher = prefetching ? rest.map { BatchPrefetcher($0, schema: schema) } : nil
        defer { prefetcher?.finish() }
        while let table = try prefetcher?.next() ?? rest?.nextBatch(schema: schema) {
            tally.add(request.filter.rows(of: table), of: table)
            try sink.checkReaderPresent()  // `| true` ends the count
        }
        if request.inputs.count > 1 { try checkFields() }
        let sections = tally.sections(order: request.groupOrder)
        try SectionCounts.write(sections, style: request.style, groupFields: request.groupBy, into: sink)
        return Outcome(foundRecords: tally.total > 0)
    }

    /// Counts the rows of `parts` that pass the filter, each part counted on one of two cores and
    /// added in order. Returns, when a part did not end where the next begins, the source that
    /// reads on from there.
    static func countParts(_ parts: any FileParts, request: ListRequest, into tally: inout GroupTally) throws -> (any RecordSource)? {
        let (fields, filter) = (request.groupBy, request.filter)
        return try parts.readInOrder(work: { table in
            var counted = GroupTally(fields: fields)
            if let table { counted.add(filter.rows(of: table), of: table) }
            return counted
        }, take: { tally.add($0) })
    }

    /// One page read from the stream: rows before it skipped batch by batch, rows after it never read.
    private static func runStreamedPage(_ request: ListRequest, pageSize: Int, source: ConcatenatedSource,
                                        schema: RecordSchema, into sink: OutputSink) throws -> Outcome {
        let filter = request.filter
        let stream = StreamingProvider(source: source, schema: schema, limit: request.limit) { filter.rows(of: $0) }
        let number = request.page ?? 1
        guard let page = try stream.loadPage(number, size: pageSize) else {
            let plan = PagePlan(pageSize: pageSize, totalRows: stream.rowsRead)
            throw pastTheEnd(page: number, totalRows: plan.totalRows, pageCount: plan.pageCount, pageSize: pageSize)
        }
        let ready = try FieldCheck.prepared(request, columns: knownColumns(source, schema: schema, table: page.table), table: page.table,
                                            checking: request.inputs.count <= 1)
        let list = WholeList(table: page.table, sections: page.provider.sections)
        try list.render(ready, page: page.info, firstRow: page.info.rows.lowerBound, schema: schema, into: sink)
        return Outcome(foundRecords: stream.rowsRead > 0)
    }

    /// A machine style written batch by batch as the reader completes rows: each batch filtered
    /// and cut to `--limit` as index lists, its rows written straight from their cells.
    /// A large regular file whose rows stand alone in the style (JSON Lines, CSV, TSV) is read
    /// and written in parts on both cores (`FileParts.readInOrder`); other regular
    /// files are read a few batches ahead on the second core (`BatchPrefetcher`) while this
    /// thread writes; a pipe is read here, so stopping at `--limit` never waits on it.
    private static func runStreamedRows(_ asked: ListRequest, source opened: ConcatenatedSource, prefetching: Bool,
                                        schema: RecordSchema, into sink: OutputSink, notes: inout [String]) throws -> Outcome {
        var source: any RecordSource = opened
        var remaining = asked.limit.map { max(0, $0) } ?? .max
        // The first batch is read first: a CSV header names the columns before anything is written,
        // and the fields options name are checked against it.
        let batch = remaining > 0 ? try source.nextBatch(schema: schema) : nil
        let request = try FieldCheck.prepared(asked, columns: knownColumns(source, schema: schema, table: batch), table: batch,
                                              checking: asked.inputs.count <= 1)
        var fields = request.outputFields(schema: schema)
        // The header row CSV and TSV write before the rows, when it is the input's header.
        var fixedHeader: [String]?
        if fields.columns == nil, request.style == .csv || request.style == .tsv, let columns = source.declaredColumns {
            fields = .header(columns.map { ColumnSpec($0) }, excluding: request.excluded, schema: schema)
            fixedHeader = columns.filter { !request.excluded.excludes($0) }
        }
        let streamed = request.style == .line ? request.template.map { TemplateLinesPresenter(request: request, template: $0) } : nil
        guard var presenter = streamed ?? MachinePresenters.make(request.style, fields: fields, grouped: false) else {
            return Outcome(foundRecords: false)
        }
        try presenter.begin(page: nil, into: sink)
        var written = 0
        // Columns of the batches written, in first-seen order (long rows' extra columns among them).
        var columnsWritten: [String] = []
        func noteColumns(_ columns: [String]) {
            if columns.count > columnsWritten.count { columnsWritten = columns }
        }
        var sectionStarted = false
        func startSection() throws {
            if !sectionStarted { try presenter.sectionHeader(SectionInfo(), continued: false, into: sink) }
            sectionStarted = true
        }
        func write(_ table: CellTable) throws {
            let rows = request.filter.rows(of: table, limit: remaining)
            guard !rows.isEmpty else { return }
            try startSection()
            noteColumns(table.columns)
            presenter.use(table)
            try presenter.rows(rows[...], into: sink)
            written += rows.count
            remaining -= rows.count
        }
        var rest: (any RecordSource)? = source
        if let first = batch {
            try write(first)
            if request.limit == nil, prefetching, presenter.standaloneRows != nil, let parts = try source.fileParts(size: partSize) {
                // Rows that stand alone have no section lines: the section starts with the parts.
                try startSection()
                let (rows, columns, readingOn) = try writeParts(parts, filter: request.filter, presenter: presenter, into: sink)
                written += rows
                noteColumns(columns)
                rest = readingOn
            }
        }
        let prefetcher = prefetching && remaining > 0 ? rest.map { BatchPrefetcher($0, schema: schema) } : nil
        defer { prefetcher?.finish() }
        func nextBatch() throws -> CellTable? {
            guard remaining > 0 else { return nil }
            if let prefetcher { return try prefetcher.next() }
            // A pipe may have nothing more yet: what was written so far goes out before waiting on it,
            // so `tail -f log | listview --where … --style jsonl` shows each match as it arrives.
            if !(rest?.hasCompletedRecord ?? false) { try sink.flush() }
            return try rest?.nextBatch(schema: schema)
        }
        while remaining > 0, let table = try nextBatch() { try write(table) }
        prefetcher?.finish()  // the reader's thread is done with the schema
        if let fixedHeader, written > 0 {
            notes += extraCellsNote(header: fixedHeader, columns: columnsWritten,
                                    excluded: request.excluded, style: request.style)
        }
        if written == 0 {
            try presenter.emptyState(into: sink)
        } else {
            try presenter.sectionFooter(SectionInfo(count: written), into: sink)
        }
        try presenter.end(page: nil, into: sink)
        try sink.flush()
        return Outcome(foundRecords: written > 0)
    }

    /// A note for CSV or TSV written under the input's header when long rows added columns after it
    /// was written: where their cells went, so that nobody takes them for a header column's.
    static func extraCellsNote(header: [String], columns: [String], excluded: FieldExclusion, style: OutputStyle) -> [String] {
        let named = Set(header)
        let extra = columns.filter { !named.contains($0) && !excluded.excludes($0) }
        guard !extra.isEmpty else { return [] }
        let positions = (header.count + 1)...(header.count + extra.count)
        let which = positions.count == 1 ? "column \(positions.lowerBound)" : "columns \(positions.lowerBound)–\(positions.upperBound)"
        let format = style == .tsv ? "TSV" : "CSV"
        let headerColumns = header.count == 1 ? "its 1 column" : "its \(header.count) columns"
        let inputColumns = (extra.count == 1 ? "input column " : "input columns ") + extra.joined(separator: ", ")
        return ["\(format) output: the header was written before rows longer than it were read; their extra cells follow "
                + "\(headerColumns) unnamed, as output \(which) (\(inputColumns))"]
    }

    /// The top-level fields the input has shown so far: a CSV header's, the schema's and `table`'s.
    static func knownColumns(_ source: any RecordSource, schema: RecordSchema, table: CellTable?) -> [String] {
        var columns = source.declaredColumns ?? []
        var seen = Set(columns)
        for name in schema.columns + (table?.columns ?? []) where seen.insert(name).inserted { columns.append(name) }
        return columns
    }

    /// Bytes of input per part when a file is read and written in parts.
    static let partSize = 1 << 18

    /// Writes the rows of `parts` that pass `filter`, each part read and laid out on one of
    /// two cores, in order. Returns the rows written, the columns of the widest part, and, when a
    /// part did not end where the next begins, the source that reads on from there.
    static func writeParts(_ parts: any FileParts, filter: RecordFilter, presenter: any TableRowPresenter,
                           into sink: OutputSink) throws -> (rows: Int, columns: [String], readingOn: (any RecordSource)?) {
        var rows = 0
        var columns: [String] = []
        let readingOn = try parts.readInOrder(work: { table -> (rows: Int, columns: [String], block: OutputBlock?) in
            guard let table else { return (0, [], nil) }
            let kept = filter.rows(of: table, limit: .max)
            var layout = presenter
            layout.use(table)
            // Room for the rows' text and what a style writes around it: grown once at most.
            var bytes = ByteOutput(capacity: table.textByteCount * 2 + 4_096)
            layout.standaloneRows?.append(kept[...], to: &bytes)
            return (kept.count, kept.isEmpty ? [] : table.columns, OutputBlock(bytes))
        }, take: { part in
            if let block = part.block { try sink.write(block: block.output) }
            rows += part.rows
            if part.columns.count > columns.count { columns = part.columns }
        })
        return (rows, columns, readingOn)
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
}

/// Holds what a run loaded until the process exits, so it is never freed piece by piece.
enum LeftForExit {
    private final class Holder<Value> {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    static func keep<Value>(_ value: Value) {
        _ = Unmanaged.passRetained(Holder(value))
    }
}
