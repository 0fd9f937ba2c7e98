import ListviewBatches
import ListviewQuery
import ListviewValues

/// `OutputFields` resolved against one table's columns: the fields each row writes, read
/// straight from its cells (a path into a nested value through its decoded value).
///
/// Made once per table (a streamed input's batches may add columns); names are
/// escaped once, not per row.
public struct TableOutputFields: Sendable {
    /// A field a row writes: its name as a JSON key (`"name":`) and where its value is.
    struct Field {
        var key: [UInt8]
        var source: TableField
    }

    /// A header fixed before the rows (`OutputFields.header`): a long row's extra cells follow it.
    private let hasFixedHeader: Bool
    /// The table's columns when resolved: a batch with more columns needs resolving again.
    let columnCount: Int
    private let leading: [Field]
    /// The `--fields` columns (group fields left out), or nil for each row's own fields.
    private let chosen: [Field]?
    /// How a row reads each of `leading` and `chosen`, known without copying a field (and
    /// retaining its path) per row.
    private let leadingReads: [Read]
    private let chosenReads: [Read]

    /// How a row reads a field.
    private enum Read {
        /// The cells of a column the path names whole.
        case column(Int)
        /// A column named as the whole path, where the path also steps into another column's
        /// nested value (`tags.0` beside `tags`, as a flattened table has them): the path's value
        /// is the column's where the row has one there.
        case columnFirst(Int)
        /// The value at the path (`TableField.value`).
        case path

        init(_ field: TableField) {
            self = if let column = field.column { field.isColumn ? .column(column) : .columnFirst(column) } else { .path }
        }
    }
    /// Each table column as a JSON key (`columnKeys[columnKeyStarts[c]..<columnKeyStarts[c + 1]]`:
    /// one array, not one per column, so a row takes no reference per cell), and whether it
    /// gives way to a group field of its name.
    private let columnKeys: [UInt8]
    private let columnKeyStarts: [Int]
    private let givesWay: [Bool]
    /// Whether some row wrote its fields in an order of its own (`CellTable.fieldOrders`).
    private let hasFieldOrders: Bool
    /// For CSV without `--fields`: the table column of each header name (nil: the table lacks it).
    private let headerColumns: [Int?]
    /// For a header fixed in advance: whether a table column is outside it (a long row's extra cells).
    private let isExtra: [Bool]

    /// `writesHeaderRow` for CSV and TSV, which without `--fields` write the schema's columns (read
    /// here only then: a streamed input's schema may be growing on another thread).
    public init(_ fields: OutputFields, table: CellTable, writesHeaderRow: Bool) {
        hasFixedHeader = fields.extraFieldsAfter != nil
        columnCount = table.columns.count
        func field(_ name: String, _ path: FieldPath) -> Field {
            Field(key: JSONString.key(name), source: TableField(path, columns: table.columns))
        }
        leading = fields.leading.map { field($0.text, $0) }
        chosen = fields.columns.map { specs in specs.filter { !fields.leadingNames.contains($0.title) }.map { field($0.title, $0.path) } }
        leadingReads = leading.map { Read($0.source) }
        chosenReads = (chosen ?? []).map { Read($0.source) }
        var keys: [UInt8] = [], starts = [0]
        for column in table.columns {
            keys += JSONString.key(column)
            starts.append(keys.count)
        }
        (columnKeys, columnKeyStarts) = (keys, starts)
        hasFieldOrders = !table.fieldOrders.isEmpty
        // A column gives way to a group field of its name, and to `--exclude`.
        givesWay = table.columns.map { fields.leadingNames.contains($0) || fields.excluded.excludes($0) }
        headerColumns = writesHeaderRow && fields.columns == nil
            ? fields.schemaColumns.filter { !fields.leadingNames.contains($0) }.map { name in table.columns.firstIndex { $0.hasSameScalars(as: name) } }
            : []
        isExtra = table.columns.map { name in
            fields.extraFieldsAfter.map { !$0.contains(name) && !fields.excluded.excludes(name) && !fields.leadingNames.contains(name) } ?? false
        }
    }

    /// Appends `row` as a JSON object: the group fields (null when missing), then the chosen
    /// fields or the row's own, in its own order; fields the row lacks are left out.
    public func appendObject(row: Int, of table: CellTable, cells: CellTable.Cells, to bytes: inout ByteOutput) {
        bytes.append(UInt8(ascii: "{"))
        var first = true
        func separate() {
            if !first { bytes.append(UInt8(ascii: ",")) }
            first = false
        }
        for field in leading {
            separate()
            bytes.append(contentsOf: field.key)
            (field.source.value(row: row, in: cells) ?? .null).appendJSON(to: &bytes)
        }
        /// Appends `key` and the cell's JSON; nothing when the row lacks the field.
        func appendCell(key: UnsafeBufferPointer<UInt8>, column: Int) {
            let mark = bytes.count, wasFirst = first
            separate()
            bytes.append(contentsOf: key)
            if !cells.appendJSON(row: row, column: column, to: &bytes) {
                bytes.removeLast(from: mark)
                first = wasFirst
            }
        }
        if let chosen {
            for (index, read) in chosenReads.enumerated() {
                if case .column(let column) = read {
                    chosen[index].key.withUnsafeBufferPointer { appendCell(key: $0, column: column) }
                } else if let value = chosen[index].source.value(row: row, in: cells) {
                    separate()
                    bytes.append(contentsOf: chosen[index].key)
                    value.appendJSON(to: &bytes)
                }
            }
        } else {
            let order = hasFieldOrders ? table.fieldOrders[row] : nil
            columnKeys.withUnsafeBufferPointer { keys in
                columnKeyStarts.withUnsafeBufferPointer { starts in
                    givesWay.withUnsafeBufferPointer { givesWay in
                        Self.forEachColumn(order, count: columnCount) { column in
                            if !givesWay[column] { appendCell(key: UnsafeBufferPointer(rebasing: keys[starts[column]..<starts[column + 1]]), column: column) }
                        }
                    }
                }
            }
        }
        bytes.append(UInt8(ascii: "}"))
    }

    /// Calls `body` with the plain text of each field of `row` under `headerNames`, in order (nil for
    /// null and missing fields), then with a fixed header's extra cells the row has; and whether
    /// the field, when empty, is written `""` (`CellKind.quotesWhenEmpty`).
    func forEachDelimitedField(row: Int, of table: CellTable, cells: CellTable.Cells,
                               _ body: (UnsafeRawBufferPointer?, _ quotesWhenEmpty: Bool) -> Void) {
        /// A column's cell: its text (nil for null or absent) and how it is written empty.
        @inline(__always) func cell(_ column: Int) {
            let (kind, text) = cells.cell(row: row, column: column)
            body(kind == .null || kind == .absent ? nil : text, kind.quotesWhenEmpty)
        }
        /// Whether a `.columnFirst` field's column holds the row's value: then written from its
        /// cell, a scalar a reader checked (valid UTF-8) being its value's text; no value made.
        @inline(__always) func columnFirst(_ read: Read) -> Bool {
            guard case .columnFirst(let column) = read else { return false }
            let (kind, text) = cells.cell(row: row, column: column)
            switch kind {
            case .string, .number, .bool: body(text, true)
            case .null: body(nil, true)
            case .text, .absent, .nested: return false
            }
            return true
        }
        for (index, read) in leadingReads.enumerated() {
            if case .column(let column) = read { cell(column) } else if !columnFirst(read) {
                Self.plain(leading[index].source.value(row: row, in: cells), body)
            }
        }
        if let chosen {
            for (index, read) in chosenReads.enumerated() {
                if case .column(let column) = read { cell(column) } else if !columnFirst(read) {
                    Self.plain(chosen[index].source.value(row: row, in: cells), body)
                }
            }
            guard hasFixedHeader else { return }
            Self.forEachColumn(hasFieldOrders ? table.fieldOrders[row] : nil, count: columnCount) { column in
                if isExtra[column], cells.cell(row: row, column: column).kind != .absent { cell(column) }
            }
            return
        }
        for column in headerColumns {
            if let column { cell(column) } else { body(nil, true) }
        }
    }

    /// `body` with each of the first `count` columns, in the order a row wrote its fields (`order`),
    /// or in column order.
    @inline(__always)
    private static func forEachColumn(_ order: [Int]?, count: Int, _ body: (Int) -> Void) {
        if let order {
            for column in order where column < count { body(column) }
        } else {
            for column in 0..<count { body(column) }
        }
    }

    /// `body` with a value's plain text (nil for null or none); an empty string is written `""`.
    private static func plain(_ value: Value?, _ body: (UnsafeRawBufferPointer?, Bool) -> Void) {
        guard let value, !value.isNull else { return body(nil, true) }
        var text = CellText.unescapedText(for: value)
        text.withUTF8 { body(UnsafeRawBufferPointer($0), true) }
    }
}
