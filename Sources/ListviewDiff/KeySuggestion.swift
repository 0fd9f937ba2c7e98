import ListviewBatches
import ListviewQuery
import ListviewValues

/// A field that could match records by key in a diff run without `--key`: the first column,
/// in the old side's order, that both sides have and that holds a value, unique on its side,
/// in every record taking part (as `ValueEquality` tells values apart: `7` and `7.0` are one).
public enum KeySuggestion {
    /// The name of that field, or nil when no column qualifies.
    public static func field(old: RecordDiff.Side, new: RecordDiff.Side, equality: ValueEquality) -> String? {
        let newColumns = Set(new.table.columns)
        for name in old.table.columns where newColumns.contains(name) {
            if isKey(name, of: old, equality: equality) && isKey(name, of: new, equality: equality) { return name }
        }
        return nil
    }

    /// True when column `name` of `side` has a value, different from every other one, in each row.
    private static func isKey(_ name: String, of side: RecordDiff.Side, equality: ValueEquality) -> Bool {
        guard let column = side.table.columns.firstIndex(of: name), !side.rows.isEmpty else { return false }
        return side.table.withCells { cells in
            var index = RowIndex(capacity: side.rows.count)
            for row in side.rows {
                let cell = cells.cell(row: row, column: column)
                if ValueEquality.isNoValue(cell) || cell.kind == .nested { return false }
                var hasher = KeyHasher()
                equality.hash(cell, into: &hasher)
                let repeated = index.insert(row, hash: hasher.value) { other in
                    equality.equal(cells.cell(row: other, column: column), cell, decode: nil)
                }
                if repeated != nil { return false }
            }
            return true
        }
    }
}
