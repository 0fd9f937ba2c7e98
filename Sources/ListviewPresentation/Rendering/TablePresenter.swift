import ListviewBatches
import ListviewDataSource
import ListviewInput
import ListviewQuery
import ListviewValues

/// The human styles (table, list, line): a header per section, an optional
/// column-title row, each record drawn by the formatter the registry picks.
///
/// For the table the default formatter is a `TableRowFormatter` over the
/// measured layout; for `list` it draws cards, for `line` a template.
public struct TablePresenter<Item>: ListPresenter {
    /// The column-title line under each section header, or nil (cards, templates).
    public var columnHeader: String?
    public var registry: FormatterRegistry<Item>
    /// Blank lines between rows (cards take one).
    public var rowSpacing: Int
    /// A line that closes each block of rows (a bordered table's bottom rule), or nil.
    public var closingLine: String?
    /// Colours for section titles and the page footer.
    public var theme = Theme.plain
    /// The summary of the whole list (`--footer` over several sections), written last.
    public var grandTotal: String?
    /// A line under the list (`… 12 more columns`), before the totals.
    public var note: String?
    /// The width section headers, footers and notes are cut to (a table fitted to a width), or nil.
    public var width: Int?
    private var sectionsWritten = 0
    private var rowsInSection = 0
    private var blockOpen = false
    private var previousSection: SectionInfo?

    public init(columnHeader: String?, registry: FormatterRegistry<Item>, rowSpacing: Int = 0, closingLine: String? = nil) {
        self.columnHeader = columnHeader
        self.registry = registry
        self.rowSpacing = rowSpacing
        self.closingLine = closingLine
    }

    private mutating func closeBlock(into sink: OutputSink) throws {
        if blockOpen, let closingLine { try sink.writeLine(closingLine) }
        blockOpen = false
    }

    public mutating func begin(page: PageInfo?, into sink: OutputSink) throws {
        sectionsWritten = 0
    }

    public mutating func sectionHeader(_ section: SectionInfo, continued: Bool, into sink: OutputSink) throws {
        try closeBlock(into: sink)
        if section.header != nil {
            if sectionsWritten > 0 { try sink.writeLine("") }
            // Nested groups: a header per level that changed, each level indented beneath the one before.
            let firstLevel = sectionsWritten == 0 ? 0 : section.firstNewLevel(after: previousSection)
            for level in firstLevel..<max(1, section.keys.count) {
                var line = String(repeating: "  ", count: level)
                line += section.keys.isEmpty ? "\(section.header ?? "") · \(RecordCount.text(section.count))" : section.levelTitle(level)
                if continued { line += " (continued)" }
                try sink.writeLine(theme.sectionHeader(fitted(line)))
            }
            if let columnHeader { try sink.writeLine(columnHeader) }
        } else if sectionsWritten == 0, let columnHeader {
            try sink.writeLine(columnHeader)
        }
        sectionsWritten += 1
        previousSection = section
        rowsInSection = 0
        blockOpen = section.header != nil || sectionsWritten == 1
    }

    public mutating func row(_ item: Item, into sink: OutputSink) throws {
        if rowsInSection > 0 {
            for _ in 0..<rowSpacing { try sink.writeLine("") }
        }
        rowsInSection += 1
        try registry.formatter(for: item).write(item, into: sink)
    }

    /// Many rows of one formatter that writes bytes are laid out on both cores (`OrderedBlockWriter`).
    public mutating func rows(_ items: ArraySlice<Item>, into sink: OutputSink) throws {
        guard rowSpacing == 0, registry.registeredKinds.isEmpty, let appendRows = registry.defaultFormatter.appendRows else {
            for item in items { try row(item, into: sink) }
            return
        }
        rowsInSection += items.count
        let start = items.startIndex
        try OrderedBlockWriter.write(count: items.count, into: sink) { range, bytes in
            appendRows(items[(start + range.lowerBound)..<(start + range.upperBound)], &bytes)
        }
    }

    public mutating func sectionFooter(_ section: SectionInfo, into sink: OutputSink) throws {
        try closeBlock(into: sink)
        if let footer = section.footer { try sink.writeLine(theme.footer(fitted(footer))) }
    }

    public mutating func emptyState(into sink: OutputSink) throws {
        try sink.writeLine(RecordCount.text(0))
    }

    public mutating func end(page: PageInfo?, into sink: OutputSink) throws {
        try closeBlock(into: sink)
        if let note { try sink.writeLine(theme.footer(fitted(note))) }
        if let grandTotal {
            try sink.writeLine("")
            try sink.writeLine(theme.footer(fitted(grandTotal)))
        }
        if let page {
            try sink.writeLine("")
            try sink.writeLine(theme.footer(fitted(page.footer)))
        }
    }

    /// `line` cut to `width` with `…`, so no line of a fitted table is wider.
    private func fitted(_ line: String) -> String {
        width.map { TextFitting.truncated(line, to: $0) } ?? line
    }
}

extension TablePresenter where Item == Record {
    /// A table of records laid out by `layout`, or by `registry` when given.
    public init(layout: TableLayout, registry: FormatterRegistry<Record>? = nil) {
        self.init(columnHeader: layout.headerLine,
                  registry: registry ?? FormatterRegistry(default: AnyRowFormatter(TableRowFormatter(layout: layout))))
    }
}
