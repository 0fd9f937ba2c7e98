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
        let columns = request.fields ?? list.table.columns.filter { !request.excluded.excludes($0) }.map(FieldPath.init)
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
        shown.style = request.style
        shown.arrangement.groupBy = request.arrangement.groupBy
        // Human styles show the group in the section header; machine styles lead with its fields.
        shown.fields = request.style.isMachineReadable ? nil : ColumnSummary.fieldNames.map(FieldPath.init)
        (shown.width, shown.wrap, shown.maxColumnWidth) = (request.width, request.wrap, request.maxColumnWidth)
        (shown.border, shown.color) = (request.border, request.color)
        try WholeList(table: table, sections: sections).render(shown, page: nil, schema: schema, into: sink)
        return ListRunner.Outcome(foundRecords: list.foundRows)
    }
}
