import ListviewBatches
import ListviewDataSource
import ListviewQuery
import ListviewValues

/// `--style markdown`: a GitHub table, under a `##` heading per section.
///
/// Cells are escaped for Markdown (`|` → `\|`) and for terminals (control
/// characters visible); numeric columns are right-aligned (`---:`). No padding,
/// so the output does not depend on widths.
public struct MarkdownPresenter: ListPresenter {
    public var layout: TableLayout
    private var sectionsWritten = 0
    private var previousSection: SectionInfo?

    public init(layout: TableLayout) {
        self.layout = layout
    }

    public mutating func begin(page: PageInfo?, into sink: OutputSink) throws {
        sectionsWritten = 0
    }

    public mutating func sectionHeader(_ section: SectionInfo, continued: Bool, into sink: OutputSink) throws {
        if section.header != nil, !section.keys.isEmpty {
            if sectionsWritten > 0 { try sink.writeLine("") }
            // Nested groups: a heading per level that changed, one level deeper each (##, ###, …).
            let firstLevel = sectionsWritten == 0 ? 0 : section.firstNewLevel(after: previousSection)
            for level in firstLevel..<section.keys.count {
                let marks = String(repeating: "#", count: min(6, level + 2))
                try sink.writeLine("\(marks) \(Self.escape(section.levelTitle(level)))\(continued ? " (continued)" : "")")
                try sink.writeLine("")
            }
            try writeTableHeader(into: sink)
        } else if sectionsWritten == 0 {
            try writeTableHeader(into: sink)
        }
        sectionsWritten += 1
        previousSection = section
    }

    private func writeTableHeader(into sink: OutputSink) throws {
        try sink.writeLine(Self.row(layout.columns.map { Self.escape($0.spec.title) }))
        try sink.writeLine(Self.row(layout.columns.map { $0.alignment == .right ? "---:" : "---" }))
    }

    public mutating func row(_ record: Record, into sink: OutputSink) throws {
        try sink.writeLine(Self.row(layout.columns.map { column in
            let value = column.spec.path.value(in: record)
            return Self.escape(value?.isNull ?? false ? TerminalEscaping.escaped(layout.nullText) : CellText.text(for: value))
        }))
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
    public static func escape(_ text: String) -> String {
        var escaped = TerminalEscaping.escaped(text)
        if escaped.contains("|") { escaped = escaped.replacing("|", with: "\\|") }
        return escaped
    }
}
