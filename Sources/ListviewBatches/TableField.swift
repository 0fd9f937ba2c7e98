import ListviewValues

/// A field path (`status`, `customer.name`, `tags.0`) resolved against a `CellTable`'s columns
/// once, then read row after row: what `FieldPath.value(in:)` gives for the row's record.
///
/// A path that is a column name reads that column. Otherwise its first component (or the
/// first of its dotted runs that is a column, `FieldPath.outerStart`) names a column holding a
/// nested value, and the rest steps into that value
/// (decoded from its compact JSON only for the rows that are read).
public struct TableField: Sendable {
    public let path: FieldPath
    /// The column the path names whole, if any.
    public let column: Int?
    /// The column the path steps into a nested value from (`FieldPath.outerStart`), and its steps.
    private let outerColumn: Int?
    private let steps: ArraySlice<String>

    public init(_ path: FieldPath, columns: [String]) {
        self.path = path
        column = columns.firstIndex { $0.hasSameScalars(as: path.text) }
        let outer = path.outerStart { name in columns.firstIndex { $0.hasSameScalars(as: name) } }
        (outerColumn, steps) = (outer?.found, outer?.steps ?? [])
    }

    /// The value at this path in `row`, or nil when the row lacks it.
    @inline(__always)
    public func value(row: Int, in cells: CellTable.Cells) -> Value? {
        if let column, let value = cells.value(row: row, column: column) { return value }
        guard let outerColumn, var current = cells.value(row: row, column: outerColumn) else { return nil }
        for component in steps {
            guard let next = current.child(component) else { return nil }
            current = next
        }
        return current
    }

    /// Every value at this path in `row`: `value`'s, or through `[]` steps each element's (`FieldPath.values`).
    public func values(row: Int, in cells: CellTable.Cells) -> [Value] {
        guard path.reachesEveryElement else { return value(row: row, in: cells).map { [$0] } ?? [] }
        guard let outerColumn, let outer = cells.value(row: row, column: outerColumn) else { return [] }
        return FieldPath.values(in: outer, along: steps)
    }

    /// True when the path names a column whole, so its cells can be read as bytes.
    public var isColumn: Bool { column != nil && outerColumn == nil }
}

extension CellTable {
    /// `paths` resolved against this table's columns.
    public func fields(_ paths: [FieldPath]) -> [TableField] {
        paths.map { TableField($0, columns: columns) }
    }
}
