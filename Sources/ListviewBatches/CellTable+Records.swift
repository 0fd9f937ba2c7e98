import ListviewValues
import Synchronization

extension CellTable {
    /// Appends `record` as a row: each of its fields under the column of the same schema number
    /// (`schema` names the columns the table does not have yet), every other column absent.
    ///
    /// This is how records that a reader could not put in a table themselves (a pipe, ragged
    /// CSV, a JSON document of any shape) join the one pipeline: values keep their kind, numbers
    /// their text, nested values become compact JSON (decoded again by `nestedDecoder`).
    public mutating func append(_ record: Record, schema: RecordSchema) {
        let needed = (record.shape.columns.max() ?? -1) + 1
        if needed > columns.count {
            let names = schema.columns
            for column in columns.count..<min(needed, names.count) { addColumn(names[column]) }
        }
        for column in columns.indices {
            guard let value = record.value(column: column) else {
                appendCell(UnsafeRawBufferPointer(start: nil, count: 0), kind: .absent)
                continue
            }
            append(value)
        }
        _ = endRow(padding: .absent, fieldOrder: record.shape.columns)
    }

    /// Appends rows `rows` of `other` (a page gathered from streamed batches): their cells as they
    /// are when `other`'s columns continue this table's and types are inferred alike, else each
    /// row as its record, its fields joining the columns of the same name (`schema`).
    public mutating func append<Rows: Sequence>(rows: Rows, of other: CellTable, schema: RecordSchema) where Rows.Element == Int {
        // Consecutive rows of a table like this one (a merge's runs) are copied as one block.
        if let range = rows as? Range<Int>, appendWhole(rows: range, of: other) { return }
        guard other.inferTypes == inferTypes, other.columns.starts(with: columns) || columns.starts(with: other.columns) else {
            let shapes = RecordShapeCache()
            for row in rows {
                let record = other.record(at: row, shapes: shapes)
                append(schema.record(keys: record.names, values: record.values), schema: schema)
            }
            return
        }
        for name in other.columns.dropFirst(columns.count) {
            addColumn(name)
            _ = schema.column(named: name)
        }
        other.withCells { cells in
            for row in rows {
                for column in other.columns.indices {
                    let (kind, text) = cells.cell(row: row, column: column)
                    appendCell(text, kind: kind)
                }
                _ = endRow(padding: .absent, fieldOrder: other.fieldOrders[row])
            }
        }
    }

    /// Appends every row of `other` (a later part or batch of the same input): joined whole when
    /// its columns continue these (`append(_:)`), else row by row (`append(rows:of:schema:)`).
    public mutating func join(_ other: CellTable, schema: RecordSchema) {
        if !append(other) { append(rows: 0..<other.rowCount, of: other, schema: schema) }
    }

    /// A table of `records` built by hand (tests, computed rows): columns in first-seen order.
    public init(records: [Record], inferTypes: Bool = false) {
        self.init(columns: [], inferTypes: inferTypes)
        let schema = RecordSchema()
        for record in records { append(schema.record(keys: record.names, values: record.values), schema: schema) }
    }

    /// Appends one cell holding `value`.
    public mutating func appendCell(holding value: Value) {
        append(value)
    }

    /// Appends one cell holding `value`.
    private mutating func append(_ value: Value) {
        func appendText(_ text: String, kind: CellKind) {
            var text = text
            text.withUTF8 { appendCell(UnsafeRawBufferPointer($0), kind: kind) }
        }
        switch value {
        case .null: appendCell(UnsafeRawBufferPointer(start: nil, count: 0), kind: .null)
        case .bool(let flag): appendText(flag ? "true" : "false", kind: .bool)
        case .number(let text): appendText(text, kind: .number)
        case .string(let text): appendText(text, kind: .string)
        case .array, .object: appendText(value.compactJSON, kind: .nested)
        }
    }

    /// The row as a record: the fields it has (absent cells left out), in the order they were
    /// written (`fieldOrders`), which is column order for most rows.
    ///
    /// The record-shaped view of a row, for what works on records: templates, cards,
    /// machine styles. Shapes are shared between rows with the same columns.
    public func record(at row: Int, shapes: RecordShapeCache) -> Record {
        withCells { cells in
            var present: [Int] = []
            var values: [Value] = []
            present.reserveCapacity(columns.count)
            values.reserveCapacity(columns.count)
            for column in fieldOrders[row] ?? Array(columns.indices) {
                let (kind, text) = cells.cell(row: row, column: column)
                guard kind != .absent else { continue }
                present.append(column)
                values.append(kind == .nested ? (nestedDecoder?(text) ?? .string(String(decoding: text, as: UTF8.self)))
                                              : kind.value(of: text, inferTypes: inferTypes) ?? .null)
            }
            return Record(shape: shapes.shape(columns: present, of: self.columns), values: values)
        }
    }

    /// The columns that at least one of `rows` has a cell in (null counts; absent does not), in order.
    public func columns<Rows: Sequence>(presentIn rows: Rows) -> [String] where Rows.Element == Int {
        withCells { cells in
            var present = [Bool](repeating: false, count: columns.count)
            var missing = columns.count
            for row in rows {
                for column in columns.indices where !present[column] && cells.cell(row: row, column: column).kind != .absent {
                    present[column] = true
                    missing -= 1
                }
                if missing == 0 { break }
            }
            return columns.indices.filter { present[$0] }.map { columns[$0] }
        }
    }
}

/// Record shapes for the rows of one table, one per set of present columns, made once each.
///
/// Safe to use from several threads (a table's rows may be formatted on two).
public final class RecordShapeCache: Sendable {
    private let shapes = Mutex<[[Int]: RecordShape]>([:])

    public init() {}

    /// The shape naming `columns` (positions in `names`), with those positions as its column numbers.
    func shape(columns: [Int], of names: [String]) -> RecordShape {
        shapes.withLock { shapes in
            if let known = shapes[columns] { return known }
            let shape = RecordShape(names: columns.map { names[$0] }, columns: columns)
            shapes[columns] = shape
            return shape
        }
    }
}

extension CellTable.Cells {
    /// Appends the cell as JSON, exactly as its record value is written (`Value.appendJSON`); false,
    /// and nothing appended, for an absent cell.
    @inline(__always)
    public func appendJSON(row: Int, column: Int, to bytes: inout ByteOutput) -> Bool {
        let (kind, text) = cell(row: row, column: column)
        switch kind {
        case .absent: return false
        case .null: bytes.append(contentsOf: CellKind.nullText)
        case .bool, .nested: bytes.append(contentsOf: text)
        case .number: JSONNumberSyntax.appendNumber(text, to: &bytes)
        case .string: JSONString.append(utf8: text, to: &bytes)
        case .text:
            // A JSON number is a number (`NumberText`); any other text, `007` too, is a string:
            // one scan decides, as `appendNumber` would after `isNumber`.
            if inferTypes && JSONNumberSyntax.isValid(text) {
                bytes.append(contentsOf: text)
            } else {
                JSONString.append(utf8: text, to: &bytes)
            }
        }
        return true
    }

    /// The cell's plain text (`CellText.unescapedText` of its value: compact JSON for a nested value), or
    /// nil for a null or absent cell.
    @inline(__always)
    public func plainText(row: Int, column: Int) -> UnsafeRawBufferPointer? {
        let (kind, text) = cell(row: row, column: column)
        return kind == .null || kind == .absent ? nil : text
    }
}

extension CellKind {
    static let nullText = Array("null".utf8)
}
