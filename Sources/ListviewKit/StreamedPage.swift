import ListviewBatches
import ListviewDataSource
import ListviewInput
import ListviewPresentation
import ListviewQuery
import ListviewRequest
import ListviewValues

/// The executor of `ListPlan.streamedPage`: one page read from the stream, the rows before it
/// skipped batch by batch (`StreamingProvider`), the rows after it never read.
enum StreamedPage {
    static func run(_ request: ListRequest, pageSize: Int, from stream: BatchStream, into sink: OutputSink) throws -> ListRunner.Outcome {
        // Nothing after the page is read: no batch is read ahead.
        stream.readsAhead = false
        let pages = StreamingProvider(schema: stream.schema) { try stream.next().map { ($0.table, $0.rows) } }
        let number = request.arrangement.page ?? 1
        guard let page = try pages.loadPage(number, size: pageSize) else {
            let plan = PagePlan(pageSize: pageSize, totalRows: pages.rowsRead)
            throw ListRunner.pastTheEnd(page: number, totalRows: plan.totalRows, pageCount: plan.pageCount, pageSize: pageSize)
        }
        // Nothing after the page is read: its names are checked against what was.
        try stream.checkFieldsRead()
        let ready = try stream.checked(request, rowsOf: page.table)
        let list = WholeList(table: page.table, sections: page.provider.sections)
        try list.render(ready, page: page.info, firstRow: page.info.rows.lowerBound, schema: stream.outputSchema, into: sink)
        return ListRunner.Outcome(foundRecords: pages.rowsRead > 0)
    }
}
