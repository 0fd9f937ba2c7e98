import ListviewBatches
import ListviewConcurrency
import ListviewDataSource
import ListviewQuery
import ListviewValues

/// A column of a view: its title and the field it shows.
public struct ColumnSpec: Hashable, Sendable {
    public var title: String
    public var path: FieldPath

    public init(_ path: FieldPath, title: String? = nil) {
        self.path = path
        self.title = title ?? path.text
    }

    public init(_ text: String) { self.init(FieldPath(text)) }
}

/// How a table column aligns its cells.
public enum ColumnAlignment: Sendable {
    case left, right
}

/// Column widths and alignments, measured over the rows a table will show.
///
/// A column whose every present, non-null value is a number is right-aligned,
/// header included. Widths are in terminal cells (`DisplayWidth`).
public struct TableLayout: Sendable {
    public struct Column: Sendable {
        public var spec: ColumnSpec
        public var width: Int
        public var alignment: ColumnAlignment
        /// Every cell of the column, measured as bytes, is printable ASCII (a row need not check again).
        public var printableASCII = false
        /// Some cell is null, so the column fits `nullText` too.
        public var hasNulls = false
    }

    public var columns: [Column]
    /// Spaces between columns.
    public var gap: Int
    /// Box-drawing borders (`--border`) instead of plain gaps.
    public var bordered = false
    /// Colours for column titles and null cells.
    public var theme = Theme.plain
    /// Trailing columns left out because even at 3 cells each they did not fit the width.
    public var omittedColumns = 0
    /// What a null cell shows (`--null-text`; `null` by default); set it before fitting the layout
    /// to a width, so that columns holding nulls are as wide as it.
    public var nullText = CellText.unescapedText(for: .null) {
        didSet {
            let width = CellText.shown(nullText).width
            for index in columns.indices where columns[index].hasNulls { columns[index].width = max(columns[index].width, width) }
        }
    }

    /// `… 12 more columns` when columns were left out, cut to `width`; else nil.
    public func omittedColumnsNote(width: Int?) -> String? {
        guard omittedColumns > 0 else { return nil }
        let note = "… \(omittedColumns) more column\(omittedColumns == 1 ? "" : "s")"
        return width.map { TextFitting.truncated(note, to: $0) } ?? note
    }

    public init(columns: [Column], gap: Int = 2, bordered: Bool = false) {
        self.columns = columns
        self.gap = gap
        self.bordered = bordered
    }

    /// This layout narrowed to fit `width` cells (nil: no limit) with no column wider than `maxColumnWidth`.
    ///
    /// The widest columns shrink first: every column is capped at the largest
    /// width that makes the line fit, and never below 3 cells. Trailing columns
    /// that would leave the others narrower than readable (8 cells of text, 12
    /// of a number) are left out first (`omittedColumns`).
    public func fitted(to width: Int?, maxColumnWidth: Int? = nil) -> TableLayout {
        var result = self
        if let maxColumnWidth {
            for index in result.columns.indices { result.columns[index].width = min(result.columns[index].width, max(1, maxColumnWidth)) }
        }
        guard let width, !columns.isEmpty, result.totalWidth > width else { return result }
        // A column cut below a readable width (`Na…  Mi…`) helps nobody: keep as many columns from
        // the left as fit at up to 8 cells each for text and 12 for numbers, and leave out the rest.
        let readable = result.columns.map { min($0.width, $0.alignment == .right ? 12 : 8) }
        var kept = result.columns.count
        while kept > 1, readable[..<kept].reduce(0, +) + result.separatorWidth(columns: kept) > width { kept -= 1 }
        result.omittedColumns = result.columns.count - kept
        result.columns.removeLast(result.columns.count - kept)
        guard result.totalWidth > width else { return result }
        let available = width - (result.totalWidth - result.columns.reduce(0) { $0 + $1.width })
        // Text columns give way first; numbers are cut only when text alone cannot make room.
        for shrinkNumbers in [false, true] {
            let widths = result.columns.map(\.width)
            let shrinkable = result.columns.map { shrinkNumbers || $0.alignment == .left }
            let fixed = widths.indices.filter { !shrinkable[$0] }.reduce(0) { $0 + widths[$1] }
            func total(_ cap: Int) -> Int {
                fixed + widths.indices.filter { shrinkable[$0] }.reduce(0) { $0 + min(widths[$1], cap) }
            }
            // The widest cap (not below 3) that fits; total grows with the cap, so bisect
            // (a 50 MB cell once took a step per cell of width).
            var cap = widths.max() ?? 0
            if cap > 3, total(cap) > available {
                var fits = 3, tooWide = cap  // total(tooWide) > available; fits is the answer if nothing wider fits
                while tooWide - fits > 1 {
                    let middle = fits + (tooWide - fits) / 2
                    if total(middle) <= available { fits = middle } else { tooWide = middle }
                }
                cap = fits
            }
            for index in result.columns.indices where shrinkable[index] {
                result.columns[index].width = min(widths[index], cap)
            }
            if result.totalWidth <= width { break }
        }
        // Columns that cannot fit even at their narrowest are left out from the right, and said so.
        while result.totalWidth > width, result.columns.count > 1 {
            result.columns.removeLast()
            result.omittedColumns += 1
        }
        return result
    }

    /// Measures `specs` over `records`.
    public static func measure<Records: Sequence>(_ specs: [ColumnSpec], over records: Records, gap: Int = 2) -> TableLayout
    where Records.Element == Record {
        var measures = specs.map { ColumnMeasure(title: $0.title) }
        let reader = ColumnReader(specs.map(\.path))
        for record in records {
            for index in specs.indices { measures[index].add(value: reader.value(index, in: record)) }
        }
        return TableLayout(specs, measures: measures, gap: gap)
    }

    /// Measures `specs` over `rows` of `table`, as `measure(_:over:)` measures the rows' records.
    /// Columns measured as the table was built serve when the rows are all of its rows; else a
    /// large list of rows is measured a block at a time on both cores (`OrderedWork`), the
    /// blocks' measures merged in order.
    public static func measure(_ specs: [ColumnSpec], rows: [Int], of table: CellTable, gap: Int = 2) -> TableLayout {
        TableLayout(specs, measures: columnMeasures(specs, rows: rows, of: table), gap: gap)
    }

    /// The measures `measure(_:rows:of:)` lays `specs` out by: merged over the rows of several
    /// tables (`ColumnMeasure.merge`), they lay out all of those rows as one table.
    public static func columnMeasures(_ specs: [ColumnSpec], rows: [Int], of table: CellTable) -> [ColumnMeasure] {
        let fields = table.fields(specs.map(\.path))
        if rows.count == table.rowCount, table.measuresColumns, fields.allSatisfy(\.isColumn),
           specs.allSatisfy({ $0.title == $0.path.text }) {
            return fields.map { table.measures[$0.column ?? 0] }
        }
        let titles = specs.map(\.title)
        var measures = titles.map { ColumnMeasure(title: $0) }
        OrderedWork.blocks(of: rows.count, size: 65_536, work: { block in measure(fields, titles: titles, rows: rows[block], of: table) },
                           take: { more in
            for index in measures.indices { measures[index].merge(more[index]) }
            return true
        })
        return measures
    }

    /// `measure(_:rows:of:)` for row numbers given as any collection (all of a table's rows, say).
    public static func measure<Rows: Collection>(_ specs: [ColumnSpec], rows: Rows, of table: CellTable, gap: Int = 2) -> TableLayout
    where Rows.Element == Int {
        measure(specs, rows: Array(rows), of: table, gap: gap)
    }

    /// The measures of `fields` (titled `titles`) over `rows` of `table`, on this thread.
    /// What the whole table's column measures tell of any of its rows is taken as known: a column
    /// of printable ASCII has widths that are byte counts, a numeric column's text cells are numbers.
    private static func measure(_ fields: [TableField], titles: [String], rows: ArraySlice<Int>, of table: CellTable) -> [ColumnMeasure] {
        var measures = titles.map { ColumnMeasure(title: $0) }
        let whole = fields.map { field -> ColumnMeasure? in
            guard table.measuresColumns, field.isColumn, let column = field.column, table.measures.indices.contains(column) else { return nil }
            return table.measures[column]
        }
        let printableASCII = whole.map { $0?.allPrintableASCII ?? false }
        let numeric = whole.map { $0?.isNumeric ?? false }
        table.withCells { cells in
            for row in rows {
                for (index, field) in fields.enumerated() {
                    if field.isColumn, let column = field.column {
                        let (kind, text) = cells.cell(row: row, column: column)
                        measures[index].add(cellOf: kind, text: text, inferTypes: table.inferTypes, printableASCII: printableASCII[index],
                                            numericColumn: numeric[index])
                    } else {
                        measures[index].add(value: field.value(row: row, in: cells))
                    }
                }
            }
        }
        return measures
    }

    /// The layout of `specs`, each measured by its measure in `measures` (in the same order).
    public static func measured(_ specs: [ColumnSpec], measures: [ColumnMeasure], gap: Int = 2) -> TableLayout {
        TableLayout(specs, measures: measures, gap: gap)
    }

    /// The layout of columns measured by `measures`.
    init(_ specs: [ColumnSpec], measures: [ColumnMeasure], gap: Int) {
        let nullWidth = CellText.shown(CellText.unescapedText(for: .null)).width
        let columns = zip(specs, measures).map { spec, measure in
            Column(spec: spec, width: measure.hasNulls ? max(measure.width, nullWidth) : measure.width,
                   alignment: measure.isNumeric ? .right : .left, printableASCII: measure.allPrintableASCII, hasNulls: measure.hasNulls)
        }
        self.init(columns: columns, gap: gap)
    }

    /// The lines of a row whose columns hold `values` (nil: the row lacks the field): one line,
    /// or as many as the tallest cell needs when `wrap` breaks long cells instead of cutting them.
    public func lines(of values: [Value?], wrap: Bool) -> [String] {
        lines(of: values, wrapping: { _ in wrap })
    }

    /// The lines of one row whose cells in the columns `wrapping` picks (by index) wrap within
    /// their width, the others cut to one line (the browser's `w`).
    public func lines(of values: [Value?], wrapping: (Int) -> Bool) -> [String] {
        let cells = values.map(CellText.text(for:))
        let dimmed = values.map { $0?.isNull ?? false }
        guard columns.indices.contains(where: wrapping) else { return [line(cells, dimmed: dimmed)] }
        let wrapped = zip(cells, columns).enumerated().map { index, cell in
            wrapping(index) ? TextFitting.wrapped(cell.0, to: cell.1.width) : [cell.0]
        }
        let height = wrapped.map(\.count).max() ?? 1
        // A null shows on its cell's first line only.
        return (0..<height).map { row in line(wrapped.map { row < $0.count ? $0[row] : "" }, dimmed: row == 0 ? dimmed : []) }
    }

    /// Lays out one line of cell texts: padded to the column widths, no trailing spaces.
    /// Cells wider than their column are cut with `…`.
    public func line(_ cells: [String], dimmed: [Bool] = []) -> String {
        var bytes = ByteOutput(capacity: totalWidth + 16)
        appendLine(to: &bytes) { index in
            (index < cells.count ? cells[index] : "", index < dimmed.count && dimmed[index])
        }
        return bytes.string
    }

    /// Appends one line, without its newline, to `bytes`: the text of each column's
    /// cell (and whether it is a null, shown as `nullText` and dimmed) comes from `cell`, and is escaped here.
    /// Spaces between cells are held back until text follows, so a line never ends in spaces.
    @inline(__always)
    func appendLine(to bytes: inout ByteOutput, cell: (Int) -> (text: String, dimmed: Bool)) {
        var pendingSpaces = 0
        for index in columns.indices {
            let (text, dimmed) = cell(index)
            appendCell(index, text: text, dimmed: dimmed, pendingSpaces: &pendingSpaces, to: &bytes)
        }
    }

    /// Appends column `index`'s cell holding `cellText` to a line being laid out: escaped, cut to the
    /// column with `…` when wider, dimmed when it is a null. `pendingSpaces` carries the spaces owed
    /// before the next text, so a line never ends in spaces.
    @inline(__always)
    func appendCell(_ index: Int, text cellText: String, dimmed: Bool, pendingSpaces: inout Int, to bytes: inout ByteOutput) {
        let shown = CellText.shown(dimmed ? nullText : cellText)
        var (text, textWidth) = TextFitting.fitted(shown.text, measuring: shown.width, to: columns[index].width)
        if dimmed && theme.enabled && !text.isEmpty { text = theme.null(text) }
        text.withUTF8 { appendFitted(index, UnsafeRawBufferPointer($0), width: textWidth, pendingSpaces: &pendingSpaces, to: &bytes) }
    }

    /// Appends column `index`'s cell text, already escaped and no wider than the column
    /// (`width` cells), padded as the column aligns (see `appendCell`).
    @inline(__always)
    func appendFitted(_ index: Int, _ text: UnsafeRawBufferPointer, width textWidth: Int, pendingSpaces: inout Int,
                      to bytes: inout ByteOutput) {
        // The width and alignment alone: copying the whole column would retain its title per cell.
        let width = columns[index].width, alignment = columns[index].alignment
        let padding = max(0, width - textWidth)
        if bordered {
            // `│ cell │ cell │`: every cell padded to its column, spaces and all.
            if index == 0 { Self.appendVerticalBorder(to: &bytes) }
            Self.appendSpaces(1 + (alignment == .right ? padding : 0), to: &bytes)
            bytes.append(contentsOf: text)
            Self.appendSpaces(1 + (alignment == .left ? padding : 0), to: &bytes)
            Self.appendVerticalBorder(to: &bytes)
            return
        }
        if index > 0 { pendingSpaces += gap }
        if text.isEmpty {
            pendingSpaces += width
            return
        }
        if alignment == .right { pendingSpaces += padding }
        Self.appendSpaces(pendingSpaces, to: &bytes)
        bytes.append(contentsOf: text)
        pendingSpaces = alignment == .left ? padding : 0
    }

    /// `│`, between bordered cells.
    /// Appends `│` (U+2502, three bytes in UTF-8) byte by byte: no shared array to retain per cell.
    @inline(__always)
    private static func appendVerticalBorder(to bytes: inout ByteOutput) {
        bytes.append(0xE2)
        bytes.append(0x94)
        bytes.append(0x82)
    }

    /// Appends `count` spaces.
    @inline(__always)
    static func appendSpaces(_ count: Int, to bytes: inout ByteOutput) {
        bytes.append(repeating: UInt8(ascii: " "), count: count)
    }

    /// A horizontal rule of a bordered table: `┌─┬─┐`, `├─┼─┤` or `└─┴─┘`.
    public func rule(_ position: RulePosition) -> String {
        let (left, middle, right): (String, String, String)
        switch position {
        case .top: (left, middle, right) = ("┌", "┬", "┐")
        case .middle: (left, middle, right) = ("├", "┼", "┤")
        case .bottom: (left, middle, right) = ("└", "┴", "┘")
        }
        return left + columns.map { String(repeating: "─", count: $0.width + 2) }.joined(separator: middle) + right
    }

    public enum RulePosition: Sendable {
        case top, middle, bottom
    }

    /// The header line: column titles (between rules when bordered).
    public var headerLine: String {
        var plain = self
        plain.theme = .plain
        var titles = plain.line(columns.map { TerminalEscaping.escaped($0.spec.title) })
        if theme.enabled { titles = theme.columnHeader(titles) }
        return bordered ? [rule(.top), titles, rule(.middle)].joined(separator: "\n") : titles
    }

    /// The total width of a line.
    public var totalWidth: Int {
        columns.reduce(0) { $0 + $1.width } + separatorWidth(columns: columns.count)
    }

    /// The cells that gaps or borders take in a line of `count` columns.
    func separatorWidth(columns count: Int) -> Int {
        bordered ? 3 * count + 1 : gap * max(0, count - 1)
    }
}
