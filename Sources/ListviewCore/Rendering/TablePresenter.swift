/// The table style: a header per section, a column-title row, one aligned line per record.
///
/// Rows are drawn by the formatter the registry picks for each record (the
/// default is a `TableRowFormatter` over the measured layout).
public struct TablePresenter: ListPresenter {
    public var layout: TableLayout
    public var registry: FormatterRegistry<Record>
    private var sectionsWritten = 0

    public init(layout: TableLayout, registry: FormatterRegistry<Record>? = nil) {
        self.layout = layout
        self.registry = registry ?? FormatterRegistry(default: AnyRowFormatter(TableRowFormatter(layout: layout)))
    }

    public mutating func begin(page: PageInfo?, into sink: OutputSink) throws {
        sectionsWritten = 0
    }

    public mutating func sectionHeader(_ section: SectionInfo, continued: Bool, into sink: OutputSink) throws {
        if let header = section.header {
            if sectionsWritten > 0 { try sink.writeLine("") }
            var line = "\(header) · \(RecordCount.text(section.count))"
            if continued { line += " (continued)" }
            try sink.writeLine(line)
            try sink.writeLine(layout.headerLine)
        } else if sectionsWritten == 0 {
            try sink.writeLine(layout.headerLine)
        }
        sectionsWritten += 1
    }

    public mutating func row(_ record: Record, into sink: OutputSink) throws {
        for line in registry.formatter(for: record).lines(for: record) {
            try sink.writeLine(line)
        }
    }

    public mutating func sectionFooter(_ section: SectionInfo, into sink: OutputSink) throws {
        if let footer = section.footer { try sink.writeLine(footer) }
    }

    public mutating func emptyState(into sink: OutputSink) throws {
        try sink.writeLine(RecordCount.text(0))
    }

    public mutating func end(page: PageInfo?, into sink: OutputSink) throws {
        if let page {
            try sink.writeLine("")
            try sink.writeLine(page.footer)
        }
    }
}

/// `1 record`, `24 records`.
public enum RecordCount {
    public static func text(_ count: Int) -> String {
        count == 1 ? "1 record" : "\(count) records"
    }
}
