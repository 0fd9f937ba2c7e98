import ListviewBatches
import ListviewDataSource
import ListviewPresentation
import ListviewValues

/// One line of the browser's screen and how it is drawn.
public struct ScreenLine: Equatable, Sendable {
    public enum Style: Equatable, Sendable {
        case plain, columnHeader, sectionHeader, cursor, status, prompt
    }

    public var text: String
    public var style: Style
    /// The cells of the line drawn in reverse video besides its style (the current column's
    /// title in the header line), in display columns.
    public var highlight: Range<Int>?

    public init(_ text: String, _ style: Style = .plain, highlight: Range<Int>? = nil) {
        self.text = text
        self.style = style
        self.highlight = highlight
    }
}

/// Lays out the browser's screen from the model, as text lines cut to the width: the
/// column headers, the current section's header, the rows (a `*` before marked ones),
/// and a status line with the input, `row r/N` (`following` with `--follow`), the section,
/// the marks and the load.
///
/// Nothing here touches the terminal, so tests compare screens as text.
public struct BrowserScreen {
    public var width: Int
    public var height: Int
    /// The input's name in the status line.
    public var inputName: String
    /// `--follow`, once the input is read to its end: `following` after the row count.
    public var following = false
    /// Several files' sheets: the tab line at the top names each, the `current` one highlighted.
    var tabs: [BrowserSheets.Tab] = []
    var current = 0

    public init(width: Int, height: Int, inputName: String) {
        self.width = max(10, width)
        self.height = max(4, height)
        self.inputName = inputName
    }

    /// The screen lines above the body's rows: the column headers and the section line.
    public static let linesAboveBody = 2

    /// Rows of the body: the screen less the tab line, the column headers, the section line and
    /// the status line.
    public var bodyHeight: Int { height - Self.linesAboveBody - 1 - (tabs.isEmpty ? 0 : 1) }

    public func lines(of model: BrowserModel, loading: String?) -> [ScreenLine] {
        guard tabs.isEmpty else {
            // The sheet's screen under the tab line.
            var sheet = self
            sheet.tabs = []
            sheet.height = height - 1
            return [tabLine()] + sheet.lines(of: model, loading: loading)
        }
        var lines: [ScreenLine]
        switch model.mode {
        case .detail(let tree):
            lines = treeLines(tree, of: model)
        case .help(let top):
            lines = Self.help.dropFirst(top).prefix(height - 1).map { ScreenLine(cut($0)) }
        case .prompt where model.treeUnderPrompt != nil:
            lines = model.treeUnderPrompt.map { treeLines($0, of: model) } ?? []
        case .list, .prompt:
            lines = listLines(of: model)
        case .frequency(let table, let top, let cursor):
            lines = frequencyLines(table, top: top, cursor: cursor)
        case .summary(let summary, let top, let cursor):
            lines = [ScreenLine(cut(summary.header), .columnHeader),
                     ScreenLine(cut("summary of \(RecordCount.text(model.columns.count, noun: "column")) over \(RecordCount.text(model.view.count, noun: "row"))"), .sectionHeader)]
            for (index, line) in summary.lines.enumerated().dropFirst(top).prefix(bodyHeight) {
                lines.append(ScreenLine(cut(line.text), index == cursor ? .cursor : line.column == nil ? .sectionHeader : .plain))
            }
        }
        while lines.count < height - 1 { lines.append(ScreenLine("")) }
        if case .prompt(let prompt, let text) = model.mode {
            lines.append(ScreenLine(cut(promptText(prompt, text, columns: model.columns.map(\.path.text), filter: model.filterText)), .prompt))
        } else if case .frequency = model.mode {
            lines.append(ScreenLine(cut("Enter lists the rows holding the value · Esc goes back" + (loading.map { " · \($0)" } ?? "")), .status))
        } else if case .summary = model.mode {
            lines.append(ScreenLine(cut("Enter goes back to the list on that column · Esc goes back" + (loading.map { " · \($0)" } ?? "")), .status))
        } else if case .help = model.mode {
            let scrolls = Self.help.count > height - 1
            lines.append(ScreenLine(cut(scrolls ? "j k space scroll · any other key goes back" : "any key goes back"), .status))
        } else {
            lines.append(ScreenLine(cut(status(of: model, loading: loading)), .status))
        }
        return lines
    }

    /// The prompt line: what is typed after its sign; a column's name with the names it matches;
    /// the filter in force, which Enter alone clears.
    private func promptText(_ prompt: BrowserModel.Prompt, _ text: String, columns: [String], filter: String?) -> String {
        switch prompt {
        case .search: return "/" + text
        case .filter:
            guard text.isEmpty, let filter else { return "& where " + text }
            return "& where    (now: \(filter); Enter alone clears it)"
        case .row: return "go to row: " + text
        case .column:
            let matches = ColumnPrompt.matches(text, among: columns)
            return "column: \(text)   " + (matches.isEmpty ? "(no column matches)" : "→ " + matches.prefix(8).joined(separator: "  ")) + "   Tab completes"
        }
    }

    /// A record in full: a line naming the record and the node under the cursor, then the tree
    /// from its first line on screen, the cursor's lines highlighted. A difference's changed paths
    /// stand out (`DifferenceDetail`).
    private func treeLines(_ tree: RecordTreeView, of model: BrowserModel) -> [ScreenLine] {
        let node = tree.current.flatMap { $0.value == nil ? nil : model.path(of: tree.cursor, in: tree) }
        var lines = [ScreenLine(cut("record \(model.cursor + 1) of \(model.view.count)" + (node.map { " · \(TerminalEscaping.escaped($0))" } ?? "")
                                    + " · Esc goes back"), .columnHeader)]
        for line in tree.lines.dropFirst(tree.top).prefix(height - 2) {
            let style: ScreenLine.Style = line.node == tree.cursor && node != nil ? .cursor
                : line.text.hasPrefix(DifferenceDetail.changedMark) ? .sectionHeader : .plain
            lines.append(ScreenLine(cut(line.text), style))
        }
        return lines
    }

    /// The frequency view: the column's values with their counts, the one under the cursor highlighted.
    private func frequencyLines(_ table: FrequencyTable, top: Int, cursor: Int) -> [ScreenLine] {
        let (header, rows) = table.lines(width: width)
        var lines = [ScreenLine(cut(header), .columnHeader)]
        lines.append(ScreenLine(cut("frequency of \(table.field.text) · \(RecordCount.text(table.entries.count, noun: "value")) in \(RecordCount.text(table.total, noun: "row"))"), .sectionHeader))
        for (index, row) in rows.enumerated().dropFirst(top).prefix(bodyHeight) {
            lines.append(ScreenLine(cut(row), index == cursor ? .cursor : .plain))
        }
        return lines
    }

    private func listLines(of model: BrowserModel) -> [ScreenLine] {
        let view = model.view
        let layout = model.shownLayout
        let specs = layout.columns.map(\.spec)
        // The tables of the rows on screen, with their fields (a table on disk is read back once).
        var shownTables: [Int32: (table: CellTable, fields: [TableField])] = [:]
        func shown(_ number: Int32) -> (table: CellTable, fields: [TableField]) {
            if let known = shownTables[number] { return known }
            let table = view.tables[Int(number)].table
            let entry = (table, table.fields(specs.map(\.path)))
            shownTables[number] = entry
            return entry
        }
        // The current column's title stands out: where it begins after the mark's two cells and the
        // columns before it, each with its gap.
        var highlight: Range<Int>?
        if let name = model.currentColumnName, !layout.bordered,
           let index = layout.columns.firstIndex(where: { $0.spec.path.text == name }) {
            let start = 2 + layout.columns[..<index].reduce(0) { $0 + $1.width } + layout.gap * index
            highlight = start..<min(width, start + layout.columns[index].width)
        }
        var lines = [ScreenLine(cut("  " + layout.headerLine), .columnHeader, highlight: highlight.flatMap { $0.isEmpty ? nil : $0 })]
        // The section of the first line stays on the line under the column headers; when the
        // first line is a section's header, that line shows it.
        let firstLine = model.firstBodyLine
        var sticky: Int?
        if view.hasHeaders {
            switch view.content(ofLine: model.top) {
            case .header(let section):
                sticky = section
            case .row(let position):
                sticky = view.section(of: position)
            case nil:
                break
            }
        }
        lines.append(ScreenLine(sticky.map { cut(sectionTitle(view, $0)) } ?? "", .sectionHeader))
        // Rows take as many lines as their wrapped cells need (`w`); the body is filled line by line.
        var line = firstLine
        while lines.count < 2 + bodyHeight {
            defer { line += 1 }
            switch view.content(ofLine: line) {
            case .header(let section):
                lines.append(ScreenLine(cut(sectionTitle(view, section)), .sectionHeader))
            case .row(let position):
                guard let address = view.address(at: position) else {
                    lines.append(ScreenLine(""))
                    continue
                }
                let (table, tableFields) = shown(address.table)
                let rowLines = model.lines(of: address, in: layout, table: table, fields: tableFields)
                let mark = model.marks.contains(address) ? "* " : "  "
                for (index, text) in rowLines.prefix(2 + bodyHeight - lines.count).enumerated() {
                    lines.append(ScreenLine(cut((index == 0 ? mark : "  ") + text), position == model.cursor ? .cursor : .plain))
                }
            case nil:
                lines.append(ScreenLine(view.count == 0 && line == 0 ? emptyText(model) : ""))
            }
        }
        return lines
    }

    private func emptyText(_ model: BrowserModel) -> String {
        if !model.loadFinished { return following ? "  (no records yet)" : "  loading…" }
        return model.filterText == nil ? "  (no records)" : "  (no record matches \(model.filterText ?? ""); & and Enter clears the filter)"
    }

    /// `status: shipped · 8 records`; nested, each enclosing level with its count:
    /// `status: shipped (8) › region: west · 3 records`.
    private func sectionTitle(_ view: BrowserRows, _ section: Int) -> String {
        let info = view.sections[section].info
        let levels = info.keys.enumerated().map { level, key in
            level < info.keys.count - 1 && level < info.levelCounts.count
                ? "\(SectionTitle.text(for: key)) (\(info.levelCounts[level]))" : SectionTitle.text(for: key)
        }
        return "\(levels.joined(separator: " › ")) · \(RecordCount.text(info.count))"
    }

    private func status(of model: BrowserModel, loading: String?) -> String {
        var parts = [inputName]
        parts.append(model.view.count == 0 ? "no rows" : "row \(model.cursor + 1)/\(model.view.count)")
        if following { parts.append("following") }
        if model.view.hasHeaders, let section = model.view.section(of: model.cursor) {
            parts.append(SectionTitle.text(for: model.view.sections[section].info.keys))
        }
        if !model.marks.isEmpty { parts.append("\(model.marks.count) marked") }
        if let filter = model.filterText { parts.append("where \(filter)") }
        if let loading { parts.append(loading) }
        if let message = model.message { parts.append(message) }
        if !model.isArranging, let arrangement = model.arrangementText { parts.append(arrangement) }
        if let column = model.currentColumnName { parts.append("col \(column)") }
        return parts.joined(separator: " · ") + "   ? keys"
    }

    /// `[a.csv 1,000]│ b.json 12,345… `: each file's name and rows (`…` while it loads), the
    /// sheet on screen in brackets and highlighted.
    func tabLine() -> ScreenLine {
        var text = ""
        var highlight: Range<Int>?
        for (index, tab) in tabs.enumerated() {
            if index > 0 { text += "│" }
            let name = "\(TerminalEscaping.escaped(tab.name)) \(RecordCount.grouped(tab.rows))\(tab.loading ? "…" : "")"
            let label = index == current ? "[\(name)]" : " \(name) "
            let start = DisplayWidth.of(text)
            text += label
            if index == current { highlight = start..<min(width, start + DisplayWidth.of(label)) }
        }
        return ScreenLine(cut(text), .columnHeader, highlight: highlight.flatMap { $0.isEmpty ? nil : $0 })
    }

    /// `text` cut to the screen's width.
    private func cut(_ text: String) -> String {
        DisplayWidth.of(text) <= width ? text : TextFitting.truncated(text, to: width)
    }

    /// The `?` screen's lines, from the key table.
    static var help: [String] { BrowserKeys.helpLines }
}
