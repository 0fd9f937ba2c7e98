import ListviewBatches
import ListviewInput
import ListviewValues

/// Builds a `CellTable` from the events of a JSON array of flat objects (or JSON Lines of
/// them), keeping each value's bytes rather than a `String` or `Value` (a plain table of
/// the whole file).
///
/// Columns are the keys in first-seen order, as the record reader's schema orders
/// them; a key given twice in an object keeps its first position and last value; an
/// object without a key has an absent cell there. A nested array or object is kept as
/// its compact JSON text, written as its events arrive. Anything the record reader
/// would list differently (a scalar or array element, a top-level object's members)
/// or that would take more than writing out (a key repeated inside a nested object)
/// stops the parse with `isPlain` false, and the caller reads the records instead; so
/// does invalid UTF-8 (`refusal`), which the record reader reports.
final class JSONCellTableBuilder: JSONEventHandler {
    private(set) var table = CellTable(columns: [], inferTypes: false)
    /// False once the input turned out to be more than a list of flat objects.
    private(set) var isPlain = true
    /// JSON Lines: every top-level value is a record; otherwise the elements of a top-level array are.
    private let lines: Bool
    private var depth = 0
    private var recordDepth: Int { lines ? 1 : 2 }

    /// Each column's key, as bytes, and the columns by key.
    private var columnKeys: [[UInt8]] = []
    private var columnByKey: [[UInt8]: Int] = [:]
    /// The columns of the previous object's keys in order: the next object's keys are most likely the same.
    private var previousKeyColumns: [Int] = []
    private var keyColumns: [Int] = []
    private var currentColumn = 0

    /// The current object's values: bytes in `scratch`, and per column where they lie, their
    /// kind, and the object they belong to (so slots need no clearing between objects).
    private var scratch = ByteOutput()
    private var slots: [(start: Int, end: Int, kind: CellKind, object: Int)] = []
    private var objectNumber = 0

    /// The nested containers being written out as compact JSON, innermost last, with the items
    /// written so far and (for objects) the keys; `nestedStart` is where the outermost began in `scratch`.
    private var nested: [(isObject: Bool, items: Int, keys: [[UInt8]])] = []
    private var nestedStart = 0

    /// The deepest nesting the record reader accepts; deeper input is left to it to report.
    private let maxDepth: Int

    init(lines: Bool, maxDepth: Int) {
        self.lines = lines
        self.maxDepth = maxDepth
    }

    private static let trueText = Array("true".utf8)
    private static let falseText = Array("false".utf8)
    private static let nullText = Array("null".utf8)

    /// Hands over the rows completed so far as a batch (a streamed file's), keeping the columns.
    func takeCompletedRows() -> CellTable { table.takeCompletedRows() }

    /// The rows completed and not handed over yet.
    var completedRows: Int { table.rowCount }

    /// True between records (top-level values of JSON Lines, elements of the top-level array),
    /// with every record so far a flat object: where a part of a file may end.
    var isBetweenRecords: Bool { depth == recordDepth - 1 && nested.isEmpty && isPlain && refusal == nil }

    /// Makes room in the table for a file of `bytes` bytes holding about `cells` values.
    func reserveCapacity(bytes: Int, cells: Int) {
        table.reserveCapacity(bytes: bytes, cells: cells)
    }

    // MARK: Events

    override func null() -> Bool {
        if !nested.isEmpty { return nestedScalar(Self.nullText) }
        return value(UnsafeRawBufferPointer(start: nil, count: 0), kind: .null)
    }

    override func bool(_ flag: Bool) -> Bool {
        let text = flag ? Self.trueText : Self.falseText
        if !nested.isEmpty { return nestedScalar(text) }
        return text.withUnsafeBytes { value($0, kind: .bool) }
    }

    override func number(_ text: UnsafeRawBufferPointer) -> Bool {
        if !nested.isEmpty {
            beforeNestedValue()
            scratch.append(contentsOf: text)  // yajl checked the grammar: the text is a JSON number
            return true
        }
        return value(text, kind: .number)
    }

    override func string(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard UTF8Check.isValid(bytes) else { return refuse(JSONRecordAssembler.invalidUTF8) }
        if !nested.isEmpty {
            beforeNestedValue()
            JSONString.append(utf8: bytes, to: &scratch)
            return true
        }
        return value(bytes, kind: .string)
    }

    override func key(_ bytes: UnsafeRawBufferPointer) -> Bool {
        if !nested.isEmpty { return nestedKey(bytes) }
        let position = keyColumns.count
        if position < previousKeyColumns.count {
            let expected = previousKeyColumns[position]
            if columnKeys[expected].withUnsafeBytes({ $0.elementsEqual(bytes) }) {
                currentColumn = expected
                keyColumns.append(expected)
                return true
            }
        }
        let key = Array(bytes)
        if let column = columnByKey[key] {
            currentColumn = column
        } else {
            guard UTF8Check.isValid(bytes) else { return refuse(JSONRecordAssembler.invalidUTF8) }
            currentColumn = columnKeys.count
            columnKeys.append(key)
            columnByKey[key] = currentColumn
            slots.append((0, 0, .absent, -1))
            table.addColumn(String(decoding: bytes, as: UTF8.self))
        }
        keyColumns.append(currentColumn)
        return true
    }

    override var isInsideValue: Bool { depth > 0 }

    override func startContainer(isObject: Bool) -> Bool {
        // A second value on a JSON Lines line stops the parse (the record reader reports it).
        if depth == 0, !topLevelValueBegins() { return false }
        depth += 1
        if depth > recordDepth {
            guard depth <= maxDepth else { return stop() }
            if nested.isEmpty {
                nestedStart = scratch.count
            } else {
                beforeNestedValue()
            }
            nested.append((isObject, 0, []))
            scratch.append(isObject ? UInt8(ascii: "{") : UInt8(ascii: "["))
            return true
        }
        if depth == recordDepth && isObject { return true }  // a record begins
        if depth == 1 && !lines && !isObject { return true }  // the top-level array
        return stop()
    }

    override func endContainer() -> Bool {
        depth -= 1
        if let closed = nested.popLast() {
            scratch.append(closed.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
            if nested.isEmpty {
                slots[currentColumn] = (nestedStart, scratch.count, .nested, objectNumber)
            }
            return true
        }
        if depth == recordDepth - 1 { endObject() }
        return true
    }

    // MARK: Internals

    private func value(_ bytes: UnsafeRawBufferPointer, kind: CellKind) -> Bool {
        guard depth == recordDepth else { return stop() }  // a scalar document or element: a `value` record
        slots[currentColumn] = (scratch.count, scratch.count + bytes.count, kind, objectNumber)
        scratch.append(contentsOf: bytes)
        return true
    }

    /// Writes a scalar's JSON text inside a nested value.
    private func nestedScalar(_ text: [UInt8]) -> Bool {
        beforeNestedValue()
        scratch.append(contentsOf: text)
        return true
    }

    /// Writes the comma before an array's element (an object's comma comes before its key).
    private func beforeNestedValue() {
        let top = nested.count - 1
        guard !nested[top].isObject else { return }
        if nested[top].items > 0 { scratch.append(UInt8(ascii: ",")) }
        nested[top].items += 1
    }

    /// Writes a nested object's key; a key it already has would merge, so it stops the parse.
    private func nestedKey(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard UTF8Check.isValid(bytes) else { return refuse(JSONRecordAssembler.invalidUTF8) }
        let top = nested.count - 1
        if nested[top].keys.contains(where: { $0.elementsEqual(bytes) }) { return stop() }
        nested[top].keys.append(Array(bytes))
        if nested[top].items > 0 { scratch.append(UInt8(ascii: ",")) }
        nested[top].items += 1
        JSONString.append(utf8: bytes, to: &scratch)
        scratch.append(UInt8(ascii: ":"))
        return true
    }

    /// Writes the object's cells in column order, absent where it has no value.
    private func endObject() {
        scratch.withUnsafeBytes { scratch in
            for column in slots.indices {
                let slot = slots[column]
                if slot.object == objectNumber {
                    table.appendCell(UnsafeRawBufferPointer(rebasing: scratch[slot.start..<slot.end]), kind: slot.kind)
                } else {
                    table.appendCell(UnsafeRawBufferPointer(start: nil, count: 0), kind: .absent)
                }
            }
        }
        _ = table.endRow(padding: .absent, fieldOrder: keyColumns.isStrictlyIncreasing ? nil : Self.firstPositions(keyColumns))
        objectNumber += 1
        scratch.removeAll()
        swap(&previousKeyColumns, &keyColumns)
        keyColumns.removeAll(keepingCapacity: true)
    }

    /// The columns of an object's keys in the order they first appear (a repeated key keeps its first position).
    private static func firstPositions(_ columns: [Int]) -> [Int] {
        var seen = Set<Int>()
        return columns.filter { seen.insert($0).inserted }
    }

    /// Stops the parse: the input is not a list of flat objects.
    private func stop() -> Bool {
        isPlain = false
        return false
    }
}

/// A yajl parser feeding a `JSONCellTableBuilder`: flat objects made into cells, chunk by chunk
/// (a file's batches, or one part of it).
final class JSONCellParser {
    let builder: JSONCellTableBuilder
    private let parser: YajlParser

    init(lines: Bool, maxDepth: Int) {
        builder = JSONCellTableBuilder(lines: lines, maxDepth: maxDepth)
        parser = YajlParser(handler: builder, multipleValues: lines)
    }

    /// Parses `bytes`; false once they are not JSON (a stray control character, a grammar error),
    /// not UTF-8, or more than flat objects: the record reader then lists or reports them.
    func feed(_ bytes: UnsafeRawBufferPointer) -> Bool {
        parser.parse(bytes).isOK && builder.isPlain && builder.refusal == nil
    }

    /// Ends the input; false when the last value is not complete (or anything `feed` refuses).
    func finish() -> Bool {
        parser.finish().isOK && builder.isPlain && builder.refusal == nil
    }

    /// The rows completed so far, handed over as a batch that decodes its nested cells.
    func takeRows() -> CellTable {
        var rows = builder.takeCompletedRows()
        rows.nestedDecoder = JSONNestedValue.decode
        return rows
    }
}
