import ListviewBatches
import ListviewQuery
import ListviewValues

/// The key and field comparisons of one diff, over the two tables' cells.
///
/// The key fields come first in `oldFields` and `newFields`, then the compared ones. A
/// field that is a column is read by its column number (`oldColumns`, `newColumns`; -1 for a
/// path into a nested value), so the loop over a million rows touches no reference.
///
/// Most matched records are unchanged: when both tables have the same columns in the same
/// order, a record whose cells are the same bytes of the same kinds (`sameCells`) as the old
/// row its key hash leads to is that row, and unchanged, without its key or a field compared,
/// since identical cells are equal under every rule. Any other record has its key and each
/// field compared by `same`, the one comparison of a field.
struct Matcher: Sendable {
    let old: CellTable
    let new: CellTable
    let keyCount: Int
    let oldFields: [TableField]
    let newFields: [TableField]
    let oldColumns: [Int]
    let newColumns: [Int]
    let equality: ValueEquality
    /// Each field's `--tolerance` bound (none for the key fields).
    let bounds: [NumericTolerance.Bound?]
    let decode: NestedValueDecoder?
    /// True when a row of `old` and one of `new` with the same cells hold the same record.
    let sameColumns: Bool
    /// Each field's path, and whether it is compared by walking its values (`ValueEquality.same`,
    /// the rules of `--array-key`, `--ignore` paths, `--scrub` and tolerances inside values): the
    /// compared fields when `equality.walksValues`, and the key too when it is the whole record
    /// (multisets).
    let paths: [DiffPath]
    let walks: [Bool]
    /// Whether `--scrub` rewrites text before it is compared.
    let scrubs: Bool

    init(old: CellTable, new: CellTable, key: [FieldPath], compared: [FieldPath], equality: ValueEquality, keyIsRecord: Bool = false) {
        self.old = old
        self.new = new
        keyCount = key.count
        let fields = FieldPairs(key + compared, old: old, new: new)
        (oldFields, newFields) = (fields.old, fields.new)
        (oldColumns, newColumns) = (fields.oldColumns, fields.newColumns)
        self.equality = equality
        bounds = key.map { _ in nil } + compared.map { equality.tolerance.bound(for: $0.text) }
        decode = old.nestedDecoder ?? new.nestedDecoder
        sameColumns = old.columns == new.columns
        paths = (key + compared).map(DiffPath.init(fieldPath:))
        walks = key.map { _ in keyIsRecord && equality.walksValues } + compared.map { _ in equality.walksValues }
        scrubs = !equality.rules.scrubs.isEmpty
    }

    /// What one half of the new rows found.
    struct Found: Sendable {
        var matches: [(new: Int, old: Int)] = []
        var added: [Int] = []
        var changed: [RecordDiff.Change] = []
    }

    func lookUp(_ rows: ArraySlice<Int>, in index: RowIndex) -> Found {
        var found = Found()
        found.matches.reserveCapacity(rows.count)
        let fieldCount = oldFields.count
        old.withCells { oldCells in
            new.withCells { newCells in
                oldColumns.withUnsafeBufferPointer { oldColumns in
                    newColumns.withUnsafeBufferPointer { newColumns in
                        func same(_ field: Int, _ oldRow: Int, _ newRow: Int) -> Bool {
                            let (a, b) = (oldColumns[field], newColumns[field])
                            guard a >= 0, b >= 0 else { return samePath(field, oldRow, oldCells, newRow, newCells) }
                            let (left, right) = (oldCells.cell(row: oldRow, column: a), newCells.cell(row: newRow, column: b))
                            if left.kind == right.kind, ByteWord.same(left.text, right.text) { return true }
                            // A walk looks inside nested values and at scrubbed text; two other cells compare as cells.
                            if walks[field], left.kind == .nested || right.kind == .nested || scrubs && (Self.isText(left.kind) || Self.isText(right.kind)) {
                                return equality.same(oldCells.value(row: oldRow, column: a), newCells.value(row: newRow, column: b), at: paths[field], decode: decode)
                            }
                            if equality.equal(left, right, decode: decode) { return true }
                            guard let bound = bounds[field] else { return false }
                            return ValueEquality.withinBound(bound, left, right)
                        }
                        // The keys' hashes first (the batch's rows lie in order), so that what each row's
                        // look-up reads is loaded some rows ahead (`IndexLookAhead`).
                        let hashes = rows.map { keyHash(row: $0, columns: newColumns, fields: newFields, cells: newCells) }
                        IndexLookAhead.forEach(hashes, in: index, cells: oldCells) { place in
                            let row = rows[rows.startIndex + place]
                            // A row whose cells are the old row's bytes holds its key (keys name one old row each):
                            // it is the match, and unchanged, without a field compared.
                            var unchanged = false
                            let match = index.first(hash: hashes[place]) { oldRow in
                                if sameColumns, oldCells.sameCells(row: oldRow, as: row, of: newCells) {
                                    unchanged = true
                                    return true
                                }
                                return (0..<keyCount).allSatisfy { same($0, oldRow, row) }
                            }
                            guard let match else {
                                found.added.append(row)
                                return
                            }
                            found.matches.append((row, match))
                            if unchanged { return }
                            var changedFields: [Int] = []
                            for field in keyCount..<fieldCount where !same(field, match, row) {
                                changedFields.append(field - keyCount)
                            }
                            if !changedFields.isEmpty { found.changed.append(RecordDiff.Change(old: match, new: row, fields: changedFields)) }
                        }
                    }
                }
            }
        }
        return found
    }

    /// Text a `--scrub` may rewrite: a string, or a CSV cell.
    @inline(__always)
    private static func isText(_ kind: CellKind) -> Bool { kind == .string || kind == .text }

    /// The key hash of each of `rows` of the old side.
    func keyHashes(oldRows rows: some Collection<Int>) -> [UInt64] {
        old.withCells { cells in
            oldColumns.withUnsafeBufferPointer { columns in
                rows.map { keyHash(row: $0, columns: columns, fields: oldFields, cells: cells) }
            }
        }
    }

    func keyHash(newRow row: Int) -> UInt64 {
        new.withCells { cells in
            newColumns.withUnsafeBufferPointer { columns in keyHash(row: row, columns: columns, fields: newFields, cells: cells) }
        }
    }

    @inline(__always)
    private func keyHash(row: Int, columns: UnsafeBufferPointer<Int>, fields: [TableField], cells: CellTable.Cells) -> UInt64 {
        var hasher = KeyHasher()
        for field in 0..<keyCount { hash(field, of: columns, fields, row: row, cells: cells, into: &hasher) }
        return hasher.value
    }

    func sameKey(oldRow a: Int, oldRow b: Int) -> Bool { sameKey(oldFields, a, old, oldFields, b, old) }
    func sameKey(newRow a: Int, newRow b: Int) -> Bool { sameKey(newFields, a, new, newFields, b, new) }
    func sameKey(oldRow a: Int, newRow b: Int) -> Bool { sameKey(oldFields, a, old, newFields, b, new) }

    /// Whether two rows' keys are the same (rows checked one at a time: duplicates, multisets).
    private func sameKey(_ aFields: [TableField], _ a: Int, _ aTable: CellTable, _ bFields: [TableField], _ b: Int, _ bTable: CellTable) -> Bool {
        aTable.withCells { aCells in
            bTable.withCells { bCells in
                (0..<keyCount).allSatisfy { field in
                    let (left, right) = (aFields[field], bFields[field])
                    if walks[field] {
                        return equality.same(left.value(row: a, in: aCells), right.value(row: b, in: bCells), at: paths[field], decode: decode)
                    }
                    if left.isColumn, right.isColumn, let aColumn = left.column, let bColumn = right.column {
                        return equality.equal(aCells.cell(row: a, column: aColumn), bCells.cell(row: b, column: bColumn), decode: decode)
                    }
                    return equality.sameMeaning(left.value(row: a, in: aCells), right.value(row: b, in: bCells))
                }
            }
        }
    }

    @inline(__always)
    private func hash(_ field: Int, of columns: UnsafeBufferPointer<Int>, _ fields: [TableField], row: Int, cells: CellTable.Cells,
                      into hasher: inout KeyHasher) {
        if columns[field] >= 0 {
            equality.hash(cells.cell(row: row, column: columns[field]), into: &hasher)
        } else {
            CellKind.withCell(of: fields[field].value(row: row, in: cells)) { equality.hash(($0, $1), into: &hasher) }
        }
    }

    /// Field `field` compared through its path (a path into a nested value), within its bound.
    private func samePath(_ field: Int, _ oldRow: Int, _ oldCells: CellTable.Cells, _ newRow: Int, _ newCells: CellTable.Cells) -> Bool {
        let (old, new) = (oldFields[field].value(row: oldRow, in: oldCells), newFields[field].value(row: newRow, in: newCells))
        if walks[field] { return equality.same(old, new, at: paths[field], decode: decode) }
        if equality.sameMeaning(old, new) { return true }
        guard let bound = bounds[field] else { return false }
        return CellKind.withCell(of: old) { oldKind, oldText in
            CellKind.withCell(of: new) { newKind, newText in ValueEquality.withinBound(bound, (oldKind, oldText), (newKind, newText)) }
        }
    }
}
