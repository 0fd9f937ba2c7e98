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
    /// True while every cell added as bytes was printable ASCII: its text is shown as it is, a
    /// cell per byte, so a layout need not look at its bytes again. False once a value is added.
    public private(set) var allPrintableASCII = true
    /// Some cell is null: the column must also fit the text a null shows (`TableLayout.nullText`),
    /// which `width` leaves out.
    public private(set) var hasNulls = false

    public init(title: String) {
        width = DisplayWidth.of(TerminalEscaping.escaped(title))
    }

    /// True when some cell held a value (not missing, not null).
    public var hasValues: Bool { sawValue }

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
        allPrintableASCII = false
        let kind: Kind
        switch value {
        case .null?:
            hasNulls = true
            return add(.absent, width: 0)
        case nil: kind = .absent
        case .number?: kind = .number
        default: kind = .other
        }
        add(kind, width: CellText.shown(value).width)
    }

    /// Adds a cell table's cell of `kind` holding `text`: what a record's value of that cell would add.
    /// `printableASCII` says every byte is known to be printable ASCII (its width is its length);
    /// `numericColumn` that a text cell is known to read as a number (its whole column does).
    @inline(__always)
    public mutating func add(cellOf kind: CellKind, text: UnsafeRawBufferPointer, inferTypes: Bool, printableASCII: Bool = false,
                             numericColumn: Bool = false) {
        let measured: Kind
        switch kind {
        // Once a column holds text, whether a cell reads as a number no longer changes its alignment.
        case .text:
            measured = inferTypes && (numericColumn || (numeric || !sawValue) && NumberText.isNumber(text)) ? .number : .other
        case .number: measured = .number
        case .string, .bool, .nested: measured = .other
        case .null, .absent: measured = .absent
        }
        if kind == .null {
            hasNulls = true
            add(measured, width: 0)
        } else if printableASCII || kind == .number || kind == .bool || CellText.isPrintableASCII(text) {
            // A number cell is a number's text (JSON's grammar), a bool `true` or `false`.
            add(measured, width: text.count)
        } else {
            allPrintableASCII = false
            add(measured, width: CellText.shownWidth(of: text))
        }
    }

    /// Takes in the measure of more cells of the same column.
    public mutating func merge(_ other: ColumnMeasure) {
        width = max(width, other.width)
        numeric = numeric && other.numeric
        sawValue = sawValue || other.sawValue
        allPrintableASCII = allPrintableASCII && other.allPrintableASCII
        hasNulls = hasNulls || other.hasNulls
    }
}
