import Foundation

/// `--style markdown`: a GitHub table, under a `##` heading per section.
///
/// Cells are escaped for Markdown (`|` → `\|`) and for terminals (control
/// characters visible); numeric columns are right-aligned (`---:`). No padding,
/// so the output does not depend on widths.
public struct MarkdownPresenter: ListPresenter {
    public var layout: TableLayout
    private var sectionsWritten = 0

    public init(layout: TableLayout) {
        self.layout = layout
    }

    public mutating func begin(page: PageInfo?, into sink: OutputSink) throws {
        sectionsWritten = 0
    }

    public mutating func sectionHeader(_ section: SectionInfo, continued: Bool, into sink: OutputSink) throws {
        if let header = section.header {
            if sectionsWritten > 0 { try sink.writeLine("") }
            try sink.writeLine("## \(Self.escape(header)) · \(RecordCount.text(section.count))\(continued ? " (continued)" : "")")
            try sink.writeLine("")
            try writeTableHeader(into: sink)
        } else if sectionsWritten == 0 {
            try writeTableHeader(into: sink)
        }
        sectionsWritten += 1
    }

    private func writeTableHeader(into sink: OutputSink) throws {
        try sink.writeLine(Self.row(layout.columns.map { Self.escape($0.spec.title) }))
        try sink.writeLine(Self.row(layout.columns.map { $0.alignment == .right ? "---:" : "---" }))
    }

    public mutating func row(_ record: Record, into sink: OutputSink) throws {
        try sink.writeLine(Self.row(layout.columns.map { Self.escape(CellText.text(for: $0.spec.path.value(in: record))) }))
    }

    public mutating func sectionFooter(_ section: SectionInfo, into sink: OutputSink) throws {}

    public mutating func emptyState(into sink: OutputSink) throws {
        try sink.writeLine("_\(RecordCount.text(0))_")
    }

    public mutating func end(page: PageInfo?, into sink: OutputSink) throws {
        if let page {
            try sink.writeLine("")
            try sink.writeLine("_\(page.footer)_")
        }
    }

    static func row(_ cells: [String]) -> String {
        "| " + cells.joined(separator: " | ") + " |"
    }

    /// Pipes and backslashes escaped so a cell stays one cell; terminal escapes already applied.
    static func escape(_ text: String) -> String {
        var escaped = TerminalEscaping.escaped(text)
        if escaped.contains("|") { escaped = escaped.replacingOccurrences(of: "|", with: "\\|") }
        return escaped
    }
}
