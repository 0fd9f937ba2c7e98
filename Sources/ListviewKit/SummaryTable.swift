import ListviewBatches
import ListviewDataSource
import ListviewInput
import ListviewPresentation
import ListviewQuery
import ListviewRequest
import ListviewSpilling
import ListviewValues

/// The executor of `ListPlan.summary`: the records of a list replaced by one record per column
/// describing it (`ColumnSummary`), per section, written in any style like any other list.
///
/// No row is kept: each batch's kept rows are added up in their groups as the
/// stream hands them on, each batch's columns on both cores. The distinct values are
/// counted exactly within half the budget, then estimated: human styles mark the
/// estimates `≈` and give each estimated top count its error bound (`N725MQ (575±12)`);
/// machine styles always carry an `approximate` field (true or false) and write `top` as
/// an array of `{"value", "count", "error"}` objects.
///
/// The columns described are `--fields` (globs expanded), else every column not
/// `--exclude`d. Sections keep their headers and record counts; machine styles put the
/// group fields first in each summary record, as they do for records.
enum SummaryTable {
    /// Describes the columns of `stream`'s kept rows: a file that `memory` holds in memory is read
    /// whole first, anything else added up batch by batch.
    static func run(_ request: ListRequest, memory: MemoryPlan, from stream: BatchStream, into sink: OutputSink) throws -> ListRunner.Outcome {
        // `--fields` globs are expanded on the first batch, then on each batch that follows (a
        // match first met late is described from there, the rows before it null), and the
        // columns put in the order of their expansion over every batch; the names are checked as
        // the stream reads.
        let fields = request.look.fields == nil ? nil : try stream.checked(request).look.fields
        let globs = FieldCheck.fieldsWaitForRows(request)
        func expanded(over columns: [String]) -> [FieldPath] {
            (try? FieldCheck.prepared(request, columns: columns, table: stream.headTable, checking: false).look.fields) ?? []
        }
        let budget = request.arrangement.memory
        let summary = ColumnSummary(columns: fields, excluding: request.look.excluded.excludes,
                                    byteLimit: budget.map { $0.isForcedSpilling ? .max : $0.bytes / 2 } ?? .max)
        var groups = GroupCatalog(fields: request.arrangement.groupBy)
        let grouped = !request.arrangement.groupBy.isEmpty
        var rowCount = 0
        // A batch is expanded over when it brings columns or the first rows grew (the usual batch
        // has its predecessor's columns, and the first rows are the first 1,000).
        var expandedOver: (columns: [String], headRows: Int) = ([], -1)
        func add(_ batch: BatchStream.Batch) throws {
            let headRows = stream.headTable?.rowCount ?? 0
            if globs, batch.table.columns != expandedOver.columns || headRows != expandedOver.headRows {
                summary.describe(expanded(over: batch.table.columns))
                expandedOver = (batch.table.columns, headRows)
            }
            // An ungrouped list is one group: its rows need no key.
            summary.add(rows: batch.rows, groups: grouped ? groups.count(batch.rows, of: batch.table) : nil, of: batch.table)
            rowCount += batch.rows.count
            if let exceeded = summary.exceeded, let budget, !budget.isForcedSpilling {
                throw ListviewError.budgetTooSmall(needed: 2 * exceeded, budget: budget.bytes,
                                                   what: grouped ? "the summary of \(RecordCount.text(groups.keys.count, noun: "group"))"
                                                       : "the summary of \(RecordCount.text(summary.columnPaths.count, noun: "column"))")
            }
        }
        // A file that fits the budget is read whole on both cores and then added up on both cores,
        // the fastest way; a larger one or a pipe batch by batch, in the same order (the exact
        // fields are the same either way; when estimates begin depends on the batches).
        if let whole = memory.budget != nil ? nil : try stream.wholeTable() {
            try add(whole)
        } else {
            try stream.forEach(add)
        }
        if globs { summary.order(by: expanded(over: stream.columnsShown)) }
        try write(summary, groups: groups, rowCount: rowCount, request: request, into: sink)
        return ListRunner.Outcome(foundRecords: rowCount > 0)
    }

    /// Writes the summary of each section as a list of its own records.
    private static func write(_ summary: ColumnSummary, groups: GroupCatalog, rowCount: Int, request: ListRequest,
                              into sink: OutputSink) throws {
        // An ungrouped list is one section, even when empty.
        let described = request.arrangement.groupBy.isEmpty ? [(SectionInfo(count: rowCount), 0)]
            : groups.sections(of: Array(groups.keys.indices), order: request.arrangement.groupOrder)
        func keys(of group: Int) -> [Value] {
            request.arrangement.groupBy.indices.map { group < groups.keys.count ? groups.keys[group][$0] : .null }
        }
        if let histogram = request.look.histogram {
            return try HistogramTable.write(summary, spec: histogram, sections: described, request: request, groupKeys: keys(of:), into: sink)
        }
        let machine = request.look.style.isMachineReadable
        // Machine styles always say whether a record holds estimates.
        let flagged = machine
        let names = ColumnSummary.fieldNames + (flagged ? ["approximate"] : [])
        let schema = RecordSchema()
        let shape = schema.shape(for: ColumnNames.unique(request.arrangement.groupBy.map(\.text) + names))
        var table = CellTable(columns: [], inferTypes: false)
        var sections: [Section<RowRef>] = []
        for (info, group) in described {
            let start = table.rowCount
            let keys = keys(of: group)
            for record in summary.records(group: group, marked: !machine) {
                let values = keys + record.values + (flagged ? [.bool(record.approximate)] : [])
                table.append(Record(shape: shape, values: values), schema: schema)
            }
            var section = Section(info: info, items: (start..<table.rowCount).map(RowRef.init))
            section.info.count = info.count  // the records described, as the header says
            sections.append(section)
        }
        var shown = ListRequest()
        shown.look.style = request.look.style
        shown.arrangement.groupBy = request.arrangement.groupBy
        // Human styles show the group in the section header; machine styles lead with its fields.
        shown.look.fields = machine ? nil : ColumnSummary.fieldNames.map(FieldPath.init)
        (shown.look.width, shown.look.wrap, shown.look.maxColumnWidth) = (request.look.width, request.look.wrap, request.look.maxColumnWidth)
        (shown.look.border, shown.look.color) = (request.look.border, request.look.color)
        try WholeList(table: table, sections: sections).render(shown, page: nil, schema: schema, into: sink)
    }
}
