import ListviewBatches
import ListviewQuery

/// The same field paths resolved against two tables, for comparing a row of one with a row of
/// the other (a diff's old and new sides): the one place both the matcher and the changed-record
/// view resolve them.
public struct FieldPairs: Sendable {
    /// The paths resolved, in order.
    public let paths: [FieldPath]
    /// Each path in the old table, and in the new one.
    public let old: [TableField]
    public let new: [TableField]
    /// Each path's column number where it is a whole column, else -1: cells then compare without
    /// a value.
    public let oldColumns: [Int]
    public let newColumns: [Int]

    public init(_ paths: [FieldPath], old: CellTable, new: CellTable) {
        self.paths = paths
        self.old = old.fields(paths)
        self.new = new.fields(paths)
        oldColumns = self.old.map { $0.isColumn ? $0.column ?? -1 : -1 }
        newColumns = self.new.map { $0.isColumn ? $0.column ?? -1 : -1 }
    }
}
