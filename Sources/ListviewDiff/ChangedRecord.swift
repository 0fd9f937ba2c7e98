import ListviewBatches
import ListviewPresentation
import ListviewQuery
import ListviewValues

/// The view model of one difference of a diff: the record's key, and each value that
/// differs as `field: old → new`.
///
/// A changed nested value is shown at the paths that differ (`customer.city`), not as
/// two whole objects; an object member or array element that is there on one side only
/// differs from nothing. A removed or added record differs in every field.
public struct ChangedRecord: Sendable {
    /// One value that differs: its path, and the value before and after (nil: none).
    public struct Change: Sendable, Equatable {
        public var path: String
        public var old: Value?
        public var new: Value?
        /// True for an array's element that one side has and the other lacks (arrays matched by
        /// key or as multisets): it reads `items[sku=C]: added {…}`.
        public var isElement = false
    }

    /// The key fields and their values (new side for added and changed records).
    public var key: [(name: String, value: Value?)]
    public var changes: [Change]

    /// `id=1001 region=eu`.
    public var keyText: String {
        key.map { "\(TerminalEscaping.escaped($0.name))=\(Self.text($0.value))" }.joined(separator: " ")
    }

    /// A value as a change shows it: its text, `""` for empty text, `null`, or `(none)` for no field.
    public static func text(_ value: Value?) -> String {
        switch value {
        case nil: return "(none)"
        case .string(let text) where text.isEmpty: return "\"\""
        default: return TerminalEscaping.escaped(CellText.text(for: value))
        }
    }

    /// The texts of a change's two values; as JSON when their texts are the same, so a change
    /// of type (`--exact`: the number `3` and the string `"3"`) shows.
    public static func texts(_ change: Change) -> (old: String, new: String) {
        let (old, new) = (text(change.old), text(change.new))
        guard old == new, let before = change.old, let after = change.new else { return (old, new) }
        return (TerminalEscaping.escaped(before.compactJSON), TerminalEscaping.escaped(after.compactJSON))
    }

    /// Builds the view models of a diff's differences over its two tables.
    public struct Builder {
        let old: CellTable
        let new: CellTable
        /// The key fields and the compared fields, in both tables.
        let keys: FieldPairs
        let fields: FieldPairs
        /// The fields a removed or added record shows: its own, or the `--fields`.
        let oldShown: [TableField]
        let newShown: [TableField]
        let equality: ValueEquality
        let decode: NestedValueDecoder?

        /// `shown`: the `--fields` (nil: each table's columns, `excluded` left out), key fields apart.
        public init(old: CellTable, new: CellTable, key: [FieldPath], compared: [FieldPath], shown: [FieldPath]?,
                    excluded: FieldExclusion, equality: ValueEquality) {
            self.old = old
            self.new = new
            keys = FieldPairs(key, old: old, new: new)
            fields = FieldPairs(compared, old: old, new: new)
            func shownFields(_ table: CellTable) -> [TableField] {
                let paths = shown ?? table.columns.filter { !excluded.excludes($0) }.map(FieldPath.init)
                return table.fields(paths.filter { !key.contains($0) })
            }
            oldShown = shownFields(old)
            newShown = shownFields(new)
            self.equality = equality
            decode = old.nestedDecoder ?? new.nestedDecoder
        }

        /// The view model of `difference`.
        public func record(for difference: Difference) -> ChangedRecord {
            let keyFields = difference.new == nil ? keys.old : keys.new
            let keyTable = difference.new == nil ? old : new
            let keyRow = difference.new ?? difference.old ?? 0
            let key = keyTable.withCells { cells in keyFields.map { (name: $0.path.text, value: $0.value(row: keyRow, in: cells)) } }
            var changes: [Change] = []
            switch difference.kind {
            case .changed:
                guard let oldRow = difference.old, let newRow = difference.new else { break }
                old.withCells { oldCells in
                    new.withCells { newCells in
                        for index in difference.fields {
                            leafChanges(fields.paths[index].text, fields.old[index].value(row: oldRow, in: oldCells),
                                        fields.new[index].value(row: newRow, in: newCells), into: &changes)
                        }
                    }
                }
            case .removed, .added:
                let (table, row) = difference.kind == .removed ? (old, difference.old ?? 0) : (new, difference.new ?? 0)
                let fields = difference.kind == .removed ? oldShown : newShown
                table.withCells { cells in
                    for field in fields {
                        let value = field.value(row: row, in: cells)
                        if value == nil { continue }
                        changes.append(difference.kind == .removed ? Change(path: field.path.text, old: value, new: nil)
                                                                    : Change(path: field.path.text, old: nil, new: value))
                    }
                }
            }
            return ChangedRecord(key: key, changes: changes)
        }

        /// The paths at which `old` and `new`, the values of field `path`, differ (`ValueEquality.changes`).
        private func leafChanges(_ path: String, _ old: Value?, _ new: Value?, into changes: inout [Change]) {
            changes += equality.changes(old, new, at: DiffPath(fieldPath: FieldPath(path)), decode: decode)
        }
    }
}
