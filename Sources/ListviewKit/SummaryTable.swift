import ListviewBatches
import ListviewDataSource
import ListviewInput
import ListviewPresentation
import ListviewQuery
import ListviewValues

/// `--summary`: the records of a whole list replaced by one record per column describing it
/// (`ColumnSummary`), per section, written in any style like any other list.
///
/// The columns described are `--fields` (globs expanded), else every column not
/// `--exclude`d. Sections keep their headers and record counts; machine styles put the
/// group fields first in each summary record, as they do for records.
enum SummaryTable {
    static func write(of list: WholeList, request: ListRequest, into sink: OutputSink) throws -> ListRunner.Outcome {
        let columns = request.look.fields ?? list.table.columns.filter { !request.look.excluded.excludes($0) }.map(FieldPath.init)
        let schema = RecordSchema()
        let shape = schema.shape(for: ColumnNames.unique(request.arrangement.groupBy.map(\.text) + ColumnSummary.fieldNames))
        var table = CellTable(columns: [], inferTypes: false)
        var sections: [Section<RowRef>] = []
        for section in list.sections {
            let start = table.rowCount
            for values in ColumnSummary.records(columns: columns, rows: section.items, of: list.table) {
                let keys = request.arrangement.groupBy.indices.map { $0 < section.keys.count ? section.keys[$0].value : .null }
                table.append(Record(shape: shape, values: keys + values), schema: schema)
            }
            var summary = Section(info: section.info, items: (start..<table.rowCount).map(RowRef.init))
            summary.info.count = section.info.count  // the records described, as the header says
            sections.append(summary)
        }
        var shown = ListRequest()
        shown.look.style = request.look.style
        shown.arrangement.groupBy = request.arrangement.groupBy
        // Human styles show the group in the section header; machine styles lead with its fields.
        shown.look.fields = request.look.style.isMachineReadable ? nil : ColumnSummary.fieldNames.map(FieldPath.init)
        (shown.look.width, shown.look.wrap, shown.look.maxColumnWidth) = (request.look.width, request.look.wrap, request.look.maxColumnWidth)
        (shown.look.border, shown.look.color) = (request.look.border, request.look.color)
        try WholeList(table: table, sections: sections).render(shown, page: nil, schema: schema, into: sink)
        return ListRunner.Outcome(foundRecords: list.foundRows)
    }
}
