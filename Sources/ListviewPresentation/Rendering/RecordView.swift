import ListviewBatches
import ListviewDataSource
import ListviewQuery
import ListviewValues

/// The rows of a `CellTable` seen as records: what formatters and presenters written for
/// records (cards, templates, machine styles) are handed for each row reference.
///
/// A record is made only for a row being written, and forgotten after it.
public struct RecordView: Sendable {
    public let table: CellTable
    private let shapes = RecordShapeCache()

    public init(table: CellTable) {
        self.table = table
    }

    /// The record of `item`'s row.
    public func record(_ item: RowRef) -> Record {
        table.record(at: item.row, shapes: shapes)
    }

    /// `formatter`, which draws records, drawing the records of rows.
    public func formatter(_ formatter: AnyRowFormatter<Record>) -> AnyRowFormatter<RowRef> {
        AnyRowFormatter(RecordViewFormatter(view: self, formatter: formatter))
    }
}

/// A record formatter drawing rows through their record view.
struct RecordViewFormatter: RowFormatter {
    let view: RecordView
    let formatter: AnyRowFormatter<Record>

    func lines(for item: RowRef) -> [String] { formatter.lines(for: view.record(item)) }

    func write(_ item: RowRef, into sink: OutputSink) throws { try formatter.write(view.record(item), into: sink) }
}

/// A record presenter (a machine style, Markdown) presenting rows through their record view.
public struct RecordViewPresenter<Presenter: ListPresenter>: ListPresenter where Presenter.Item == Record {
    public var presenter: Presenter
    /// Where rows are read: a list read in chunks hands over each chunk's table.
    public var view: RecordView

    public init(_ presenter: Presenter, view: RecordView) {
        self.presenter = presenter
        self.view = view
    }

    public mutating func begin(page: PageInfo?, into sink: OutputSink) throws { try presenter.begin(page: page, into: sink) }

    public mutating func sectionHeader(_ section: SectionInfo, continued: Bool, into sink: OutputSink) throws {
        try presenter.sectionHeader(section, continued: continued, into: sink)
    }

    public mutating func row(_ item: RowRef, into sink: OutputSink) throws { try presenter.row(view.record(item), into: sink) }

    public mutating func sectionFooter(_ section: SectionInfo, into sink: OutputSink) throws {
        try presenter.sectionFooter(section, into: sink)
    }

    public mutating func emptyState(into sink: OutputSink) throws { try presenter.emptyState(into: sink) }

    public mutating func end(page: PageInfo?, into sink: OutputSink) throws { try presenter.end(page: page, into: sink) }
}
