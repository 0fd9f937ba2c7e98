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
    }

    public var columns: [Column]
    /// Spaces between columns.
    public var gap: Int

    public init(columns: [Column], gap: Int = 2) {
        self.columns = columns
        self.gap = gap
    }

    /// Measures `specs` over `records`.
    public static func measure<Records: Sequence>(_ specs: [ColumnSpec], over records: Records, gap: Int = 2) -> TableLayout
    where Records.Element == Record {
        var widths = specs.map { DisplayWidth.of(TerminalEscaping.escaped($0.title)) }
        var numeric = [Bool](repeating: true, count: specs.count)
        var sawValue = [Bool](repeating: false, count: specs.count)
        for record in records {
            for (index, spec) in specs.enumerated() {
                let value = spec.path.value(in: record)
                switch value {
                case nil, .null?:
                    break
                case .number?:
                    sawValue[index] = true
                default:
                    sawValue[index] = true
                    numeric[index] = false
                }
                let width = DisplayWidth.of(CellText.text(for: value))
                if width > widths[index] { widths[index] = width }
            }
        }
        let columns = specs.indices.map { index in
            Column(spec: specs[index], width: widths[index],
                   alignment: numeric[index] && sawValue[index] ? .right : .left)
        }
        return TableLayout(columns: columns, gap: gap)
    }

    /// Lays out one line of cell texts: padded to the column widths, no trailing spaces.
    public func line(_ cells: [String]) -> String {
        var line = ""
        let separator = String(repeating: " ", count: gap)
        var pendingSpaces = 0
        for (index, column) in columns.enumerated() {
            let text = index < cells.count ? cells[index] : ""
            let padding = max(0, column.width - DisplayWidth.of(text))
            if index > 0 { pendingSpaces += separator.count }
            if text.isEmpty {
                pendingSpaces += column.width
                continue
            }
            if column.alignment == .right { pendingSpaces += padding }
            line += String(repeating: " ", count: pendingSpaces)
            line += text
            pendingSpaces = column.alignment == .left ? padding : 0
        }
        return line
    }

    /// The header line: column titles.
    public var headerLine: String {
        line(columns.map { TerminalEscaping.escaped($0.spec.title) })
    }

    /// The total width of a line.
    public var totalWidth: Int {
        columns.reduce(0) { $0 + $1.width } + gap * max(0, columns.count - 1)
    }
}
