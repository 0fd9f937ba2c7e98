import ListviewValues

/// What a table column's cells need: the widest one (in terminal cells, as shown), and whether
/// they are all numbers (a right-aligned column). One rule for a record's values and a table's cells.
public struct ColumnMeasure: Sendable {
    /// What a cell holds, as alignment sees it: nothing (missing or null), a number, or anything else.
    public enum Kind: Sendable {
        case absent, number, other
    }

    public private(set) var width: Int
    private var numeric = true
    private var sawValue = false

    public init(title: String) {
        width = DisplayWidth.of(TerminalEscaping.escaped(title))
    }

    /// True when at least one cell is a number and every present, non-null cell is one.
    public var isNumeric: Bool { numeric && sawValue }

    @inline(__always)
    public mutating func add(_ kind: Kind, width cellWidth: Int) {
        switch kind {
        case .absent: break
        case .number: sawValue = true
        case .other: sawValue = true; numeric = false
        }
        if cellWidth > width { width = cellWidth }
    }

    /// Adds a record's value (nil: the record lacks the field).
    @inline(__always)
    public mutating func add(value: Value?) {
        let kind: Kind
        switch value {
        case nil, .null?: kind = .absent
        case .number?: kind = .number
        default: kind = .other
        }
        add(kind, width: CellText.shown(value).width)
    }

    /// Adds a cell table's cell of `kind` holding `text`: what a record's value of that cell would add.
    @inline(__always)
    public mutating func add(cellOf kind: CellKind, text: UnsafeRawBufferPointer, inferTypes: Bool) {
        let measured: Kind
        switch kind {
        case .text: measured = inferTypes && NumberText.isNumber(text) ? .number : .other
        case .number: measured = .number
        case .string, .bool, .nested: measured = .other
        case .null, .absent: measured = .absent
        }
        add(measured, width: kind.shownText.map { $0.utf8.count } ?? CellText.shownWidth(of: text))
    }

    /// Takes in the measure of more cells of the same column.
    public mutating func merge(_ other: ColumnMeasure) {
        width = max(width, other.width)
        numeric = numeric && other.numeric
        sawValue = sawValue || other.sawValue
    }
}
