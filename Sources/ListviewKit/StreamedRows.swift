import ListviewBatches
import ListviewDataSource
import ListviewInput
import ListviewPresentation
import ListviewQuery
import ListviewRequest
import ListviewValues

/// The executor of `ListPlan.streamedRows`: a machine style (or template lines) written batch by
/// batch as the stream hands on kept rows, straight from their cells, flushed as it goes.
///
/// When the style's rows stand alone (JSON Lines, CSV, TSV) and nothing limits
/// them, the rest of a large regular file is read and laid out in parts on both
/// cores (`BatchStream.readRestInParts`); otherwise the stream reads ahead.
enum StreamedRows {
    static func run(_ asked: ListRequest, from stream: BatchStream, into sink: OutputSink) throws -> ListRunner.Outcome {
        // The first batch is read first: a CSV header names the columns before anything is written.
        // The fields options name are checked against every batch: a name no record had is an error
        // at the end of the input (`BatchStream.watch`), after the rows that matched.
        let request = try stream.checked(asked)
        // CSV and TSV of one CSV or TSV input write its header (`ListRequest.outputFields`).
        let fields = request.outputFields(schema: stream.schema)
        let style = request.look.style.descriptor
        let lines = style.layout == .lines ? request.look.template.map { TemplateLinesPresenter(request: request, template: $0) } : nil
        guard var presenter = lines ?? style.machinePresenter(fields: fields, grouped: false) else {
            return ListRunner.Outcome(foundRecords: false)
        }
        try presenter.begin(page: nil, into: sink)
        var written = 0
        var sectionStarted = false
        func startSection() throws {
            if !sectionStarted { try presenter.sectionHeader(SectionInfo(), continued: false, into: sink) }
            sectionStarted = true
        }
        let standalone = presenter.standaloneRows != nil ? presenter : nil
        while true {
            if stream.mayWait { try sink.flush() }
            guard let batch = try stream.next() else { break }
            if !batch.rows.isEmpty {
                try startSection()
                presenter.use(batch.table)
                try presenter.rows(batch.rows[...], into: sink)
                written += batch.rows.count
            }
            guard let standalone else { continue }
            // Rows that stand alone have no section lines: the section starts with the parts.
            _ = try stream.readRestInParts(work: { part in
                layOut(part, with: standalone)
            }, take: { block in
                try startSection()
                try sink.write(block: block.bytes.output)
                written += block.rows
            })
        }
        if written == 0 {
            try presenter.emptyState(into: sink)
        } else {
            try presenter.sectionFooter(SectionInfo(count: written), into: sink)
        }
        try presenter.end(page: nil, into: sink)
        try sink.flush()
        return ListRunner.Outcome(foundRecords: written > 0)
    }

    /// The kept rows of `batch` laid out by `presenter` as one block of output, on the thread that
    /// read the part.
    static func layOut(_ batch: BatchStream.Batch, with presenter: any TableRowPresenter) -> (rows: Int, bytes: OutputBlock) {
        var layout = presenter
        layout.use(batch.table)
        // Room for the rows' text and what a style writes around it: grown once at most.
        var bytes = ByteOutput(capacity: batch.table.textByteCount * 2 + 4_096)
        layout.standaloneRows?.append(batch.rows[...], to: &bytes)
        return (batch.rows.count, OutputBlock(bytes))
    }
}
