import ListviewBatches
import ListviewDataSource
import ListviewPresentation
import ListviewRequest
import ListviewValues

/// `--style line` with a `--template`, written batch by batch as rows arrive (`ListPlan.streamedRows`):
/// a line depends on its own record only, so nothing waits for the rest of the input, and
/// `tail -f app.jsonl | listview --template '{ts} {msg}'` is live.
///
/// The lines are the ones the whole list's `TablePresenter` writes for the `line` style: the
/// template for every record, or a kind's own (`--kind-field`, `--template KIND=…`).
struct TemplateLinesPresenter: TableRowPresenter {
    let request: ListRequest
    let template: Template
    private var registry: FormatterRegistry<RowRef>?

    init(request: ListRequest, template: Template) {
        self.request = request
        self.template = template
    }

    mutating func use(_ table: CellTable) {
        let view = RecordView(table: table)
        registry = HumanPresenters.registry(request, view: view, rows: Array(0..<table.rowCount), default: view.formatter(AnyRowFormatter(TemplateRowFormatter(template: template))))
    }

    /// Lines are written here, on the thread that reads: a template's line is not laid out as bytes elsewhere.
    var standaloneRows: StandaloneRows? { nil }

    mutating func begin(page: PageInfo?, into sink: OutputSink) throws {}
    mutating func sectionHeader(_ section: SectionInfo, continued: Bool, into sink: OutputSink) throws {}

    mutating func rows(_ items: ArraySlice<RowRef>, into sink: OutputSink) throws {
        guard let registry else { return }
        for item in items { try registry.formatter(for: item).write(item, into: sink) }
    }

    mutating func sectionFooter(_ section: SectionInfo, into sink: OutputSink) throws {}

    mutating func emptyState(into sink: OutputSink) throws {
        try sink.writeLine(RecordCount.text(0))
    }

    mutating func end(page: PageInfo?, into sink: OutputSink) throws {}
}
