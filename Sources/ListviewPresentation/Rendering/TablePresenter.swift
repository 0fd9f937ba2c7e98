import ListviewBatches
import ListviewDataSource
import ListviewQuery
import ListviewValues

/// The human styles (table, list, line): a header per section, an optional
/// column-title row, each record drawn by the formatter the registry picks.
///
/// For the table the default formatter is a `TableRowFormatter` over the
/// measured layout; for `list` it draws cards, for `line` a template. Records of
/// a kind with a formatter of its own (`--kind`) form blocks: a table kind's
/// consecutive rows under its own header, cards set apart by blank lines, and
/// the default's rows under the column titles again when they follow another
/// kind. `layout` spaces rows and sections, and insets rows (`--row-gap`,
/// `--section-gap`, `--indent`, per section with `--section-layout`).
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
    /// Spacing and inset; its row gap, when set, replaces `rowSpacing`.
    public var layout = LayoutSpec()
    private var sectionsWritten = 0
    private var rowsInSection = 0
    private var blockOpen = false
    private var previousSection: SectionInfo?
    /// The spacing of the section being written.
    private var sectionLayout = LayoutSpec()
    /// Where the rows of several kinds stand: the last row's kind and the titles in effect.
    private var kindState = KindBlocks<Item>.State()

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
        sectionLayout = layout
    }

    public mutating func sectionHeader(_ section: SectionInfo, continued: Bool, into sink: OutputSink) throws {
        try closeBlock(into: sink)
        sectionLayout = layout.forSection(section.keys)
        // With kinds of their own, the column titles open the default's rows where they begin.
        let columnHeader = registry.registeredKinds.isEmpty ? self.columnHeader.map(indented) : nil
        if section.header != nil {
            if sectionsWritten > 0 { for _ in 0..<sectionLayout.sectionGap { try sink.writeLine("") } }
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
        let rowGap = sectionLayout.rowGap ?? rowSpacing
        if registry.registeredKinds.isEmpty {
            if rowsInSection > 0 { for _ in 0..<rowGap { try sink.writeLine("") } }
        } else {
            try enterBlock(of: registry.registeredKind(of: item), rowGap: rowGap, into: sink)
        }
        rowsInSection += 1
        let formatter = registry.formatter(ofKind: registry.registeredKind(of: item))
        guard sectionLayout.indent > 0 else { return try formatter.write(item, into: sink) }
        try sink.writeLines(formatter.lines(for: item).map(indented))
    }

    /// Before a row of `kind` (nil: the default formatter's): the blank lines that part it from
    /// the row before, and its block's header when the kind changes.
    private mutating func enterBlock(of kind: Int?, rowGap: Int, into sink: OutputSink) throws {
        if rowsInSection == 0 { kindState = .init() }
        let (blankLines, header) = blocks(rowGap: rowGap).enter(kind, after: &kindState)
        for _ in 0..<blankLines { try sink.writeLine("") }
        if let header { try sink.writeLine(indented(header)) }
    }

    private func blocks(rowGap: Int) -> KindBlocks<Item> {
        KindBlocks(registry: registry, columnHeader: columnHeader, rowGap: rowGap)
    }

    /// `text` after the section's inset, on each of its lines.
    private func indented(_ text: String) -> String {
        guard sectionLayout.indent > 0 else { return text }
        let pad = String(repeating: " ", count: sectionLayout.indent)
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { pad + $0 }.joined(separator: "\n")
    }

    /// Many rows of one formatter that writes bytes are laid out on both cores (`OrderedBlockWriter`).
    /// Rows of several kinds are laid out on both cores too: what parts a row from the one before
    /// depends on the two rows alone (`KindBlocks`).
    public mutating func rows(_ items: ArraySlice<Item>, into sink: OutputSink) throws {
        if !registry.registeredKinds.isEmpty && sectionLayout.indent == 0, !items.isEmpty {
            let (registry, blocks, start) = (registry, blocks(rowGap: sectionLayout.rowGap ?? rowSpacing), items.startIndex)
            let before = rowsInSection == 0 ? KindBlocks<Item>.State() : kindState
            let kinds = { (index: Int) in registry.registeredKind(of: items[index]) }
            try OrderedBlockWriter.write(count: items.count, into: sink) { range, bytes in
                var state = blocks.state(before: start + range.lowerBound, of: kinds, startingAt: start, start: before)
                var index = start + range.lowerBound
                let end = start + range.upperBound
                var kind = index < end ? kinds(index) : nil
                while index < end {
                    let (blankLines, header) = blocks.enter(kind, after: &state)
                    for _ in 0..<blankLines { bytes.append(0x0A) }
                    if let header {
                        bytes.append(header)
                        bytes.append(0x0A)
                    }
                    // The rows of one kind that follow with nothing between them are written at once.
                    var runEnd = index + 1
                    var next = runEnd < end ? kinds(runEnd) : nil
                    while runEnd < end, next == kind, blocks.joinsRun(kind) {
                        _ = blocks.enter(kind, after: &state)
                        runEnd += 1
                        next = runEnd < end ? kinds(runEnd) : nil
                    }
                    registry.formatter(ofKind: kind).append(items[index..<runEnd], to: &bytes)
                    (index, kind) = (runEnd, next)
                }
            }
            kindState = blocks.state(before: items.endIndex, of: kinds, startingAt: start, start: before)
            rowsInSection += items.count
            return
        }
        guard (sectionLayout.rowGap ?? rowSpacing) == 0, sectionLayout.indent == 0, registry.registeredKinds.isEmpty,
              let appendRows = registry.defaultFormatter.appendRows else {
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

/// What parts a row of one kind from the rows before it in a list of several kinds (kinds by
/// their registry numbers, nil for the default formatter's rows).
///
/// A kind with column titles (a table kind, or the default table) opens a block under its
/// titles, set apart by a blank line, wherever the titles in effect are another's; cards stand
/// apart by blank lines and close the block before them; template lines print where they fall,
/// inside whatever block is open. So the rows of one table kind line up under its titles
/// however many lines come between them.
// Unchecked: every property is a `let`, and the registry's formatters are only read (for titles and kinds).
struct KindBlocks<Item>: @unchecked Sendable {
    let registry: FormatterRegistry<Item>
    let columnHeader: String?
    let rowGap: Int

    /// Where a list of kinds stands after some rows.
    struct State: Equatable {
        /// The kind of the last row (`.none`: no row yet in the section).
        var previous: Int?? = .none
        /// The kind whose titles are in effect (`.none`: none, as at a section's start or after a card).
        var titles: Int?? = .none
    }

    /// Before a row of `kind`: the blank lines and the titles to write, and the state after it.
    func enter(_ kind: Int?, after state: inout State) -> (blankLines: Int, header: String?) {
        let header = self.header(of: kind)
        let opens = header != nil && state.titles != .some(kind)
        var blankLines = 0
        if case .some(let last) = state.previous {
            let apart = standsApart(kind) || standsApart(last) || opens
            blankLines = max(rowGap, apart ? 1 : 0)
        }
        state.previous = .some(kind)
        if opens { state.titles = .some(kind) } else if standsApart(kind) { state.titles = .none }
        return (blankLines, opens ? header : nil)
    }

    /// The state before `items[index]`, worked out from the rows before it back to the last one
    /// that opened or closed a block (or from `start`, the state before `items`' first row).
    func state(before index: Int, of kinds: (Int) -> Int?, startingAt first: Int, start: State) -> State {
        guard index > first else { return start }
        var state = State(previous: .some(kinds(index - 1)), titles: start.titles)
        var look = index - 1
        while look >= first {
            let kind = kinds(look)
            if header(of: kind) != nil {
                state.titles = .some(kind)
                return state
            }
            if standsApart(kind) {
                state.titles = .none
                return state
            }
            look -= 1
        }
        return state
    }

    /// True when a row of `kind` after a row of the same kind has nothing between them.
    func joinsRun(_ kind: Int?) -> Bool {
        rowGap == 0 && !standsApart(kind)
    }

    /// The lines that open a block of `kind`'s rows: its table's titles, or the default's.
    private func header(of kind: Int?) -> String? {
        kind == nil ? columnHeader : registry.block(ofKind: kind).header
    }

    private func standsApart(_ kind: Int?) -> Bool {
        registry.block(ofKind: kind).standsApart
    }
}
