import CSimdjson
import Glibc
import ListviewBatches
import ListviewInput
import ListviewValues

/// Turns a JSON parse's events (`JSONStreamParser`'s, or simdjson's tape replayed) into rows of
/// a `CellTable`, as records complete: the one JSON reader.
///
/// It walks down to the selected value (`--path`), then lists it: an array's elements,
/// an object's members (each with its name in a `key` field), or a lone scalar as one
/// record with a `value` field. JSON Lines lists each line's value, an object being a
/// record. An object listed is a row of its keys: columns in first-seen order, a key
/// given twice keeps its first position and last value. Any other record (a scalar, an
/// array) is a row with one `value` field. Cells keep the bytes the parser found, never a
/// `String` or `Value` per cell; a nested array or object is kept as its compact JSON
/// text, written as its events arrive (a repeated key merged the same way), and
/// decoded again by `JSONNestedValue`. Containers are tracked on explicit stacks, so
/// depth cannot overflow the stack; past `maxDepth` levels the parse is refused.
final class JSONBatchAssembler: JSONEventHandler {
    /// The rows completed and not handed over yet, and the row being read.
    private(set) var batch = CellTable(columns: [], inferTypes: false)
    /// JSON Lines: every top-level value is listed, an object being one record.
    private let lines: Bool
    /// The members leading to the value to list (`--path`).
    private let path: [String]
    private let maxDepth: Int
    private var depth = 0
    /// The only columns whose cells are kept (`ReadSpec.onlyColumns`); nil: all. A record's
    /// other keys still get a key column here (where a record has its keys is how the next is
    /// read), but their values are passed over and the batch has no column for them, as a CSV
    /// reader leaves a header's other columns out: the field names a run checks are the kept
    /// ones (`ListRunner` reads again whole for the closest names of a usage error).
    private let onlyColumns: Set<String>?
    /// The kept keys a simdjson projection hands over values of (`replayProjection`), in
    /// order, each key's bytes after the one before in `projectedKeyBytes`; nil when the reader
    /// is not to project (every column is kept, more than `LISTVIEW_SIMDJSON_KEPT_KEYS`
    /// are, or `--path` selects the records).
    let projectedKeys: [Range<Int>]?
    let projectedKeyBytes: [UInt8]
    /// Whether a simdjson projection hands over every key's value (`listview_simdjson_keep_every_key`):
    /// every column is kept and no `--path` selects the records.
    let projectsEveryKey: Bool
    /// The key column of each of `projectedKeys` (or of a projection of every key, its first
    /// record's keys, set for each parse), found or made when a record first has it; -1 before.
    var projectedKeyColumns: [Int] = []
    /// A projected string's bytes with its escapes undone (`withEscapesUndone`).
    private var unescaped = JSONStreamParser.Bytes()
    /// The key column of each of the batch's columns, in its order (each key column, without
    /// `onlyColumns`).
    private var batchColumnKeys: [Int] = []
    /// The batch's column of each key column; -1 for one not kept.
    private var batchColumnOfKey: [Int] = []
    /// Whether key column `column`'s cells are kept.
    @inline(__always)
    private func isKept(_ column: Int) -> Bool { batchColumnOfKey[column] >= 0 }
    /// A record's cells as `endRecord` hands them to the batch (`CellTable.appendRow`), a place
    /// per batch column, kept between records (written before each is read).
    private var rowTexts = UnsafeMutableBufferPointer<UnsafeRawBufferPointer>.allocate(capacity: 16)
    private var rowKinds = UnsafeMutableBufferPointer<CellKind>.allocate(capacity: 16)
    /// A run of projected records' rows as `takeProjectedRun` hands them to the batch at once,
    /// kept between runs.
    private var runTexts = UnsafeMutableBufferPointer<UnsafeRawBufferPointer>.allocate(capacity: 0)
    private var runKinds = UnsafeMutableBufferPointer<CellKind>.allocate(capacity: 0)
    /// The depth of the record's field whose nested value is being passed over (its column not
    /// kept); 0 when none is.
    private var passedOverDepth = 0
    /// True once the selected value has been seen.
    private(set) var foundTarget = false
    /// A top-level object is one record (`ReadSpec.rootObjectIsRecord`), not a record per member.
    private let rootObjectIsRecord: Bool
    /// True once the top-level value turned out to be an object, read as one record.
    private(set) var readRootObject = false

    // MARK: Containers above records

    private enum Role {
        /// On the way to the selected value; `matched` path components so far.
        case navigating(matched: Int)
        /// The selected container: each child is a record.
        case listing
        /// Off the selected path: contents are ignored.
        case skipping
    }

    private struct Frame {
        var role: Role
        var isObject: Bool
        var index = 0
        var key = ""
    }

    private var frames: [Frame] = []

    /// What a value starting where the parse stands is.
    private enum Slot {
        case target
        case record(memberName: String?)
        case navigate(matched: Int)
        case ignore
    }

    // MARK: The record being read

    /// The depth at which the record's object opened; 0 when no object record is open.
    private var recordObjectDepth = 0
    /// True while an array record is written out as its `value`.
    private var inArrayRecord = false
    /// True while a record is being read.
    private var inRecord: Bool { recordObjectDepth > 0 || inArrayRecord }
    /// The depth at which an object is a record of its own, with no member name: the elements
    /// of a top-level array and JSON Lines' values, without `--path`; 0 when there is none.
    private var plainRecordDepth = 0
    /// The name of the member being read as a record, when an object is listed.
    private var memberName: String?

    /// Each column's key, as bytes, one after another in `keyStore` (column `c`'s from
    /// `keyStarts[c]` to `keyStarts[c + 1]`), and the columns by key.
    private var keyStore = UnsafeMutableRawPointer.allocate(byteCount: 256, alignment: 8)
    private var keyStoreCapacity = 256
    private var keyStarts = [0]
    private var columnByKey: [[UInt8]: Int] = [:]
    /// The columns of the previous object's keys in order: the next object's keys are most likely the same.
    private var previousKeyColumns: [Int] = []
    private var keyColumns: [Int] = []
    /// Whether `keyColumns` (and `previousKeyColumns`) rise strictly, each key once and in the
    /// columns' order: such a record has no field order of its own. Kept as keys are added.
    private var keysRise = true
    private var previousKeysRise = true
    private var currentColumn = 0

    /// The current record's values: bytes in `scratch`, and per column where they lie, their
    /// kind, and the record they belong to (so slots need no clearing between records).
    private var scratch = ByteOutput()
    /// Where a field's value lies: `count` bytes from `start` in `scratch`, or at `source` (text
    /// the parser keeps until the record ends, `valuesOutliveRecords`), and the record it is of.
    private struct CellSlot {
        var start = 0
        var count = 0
        var source: UnsafeRawPointer?
        var kind = CellKind.absent
        var record = -1

        static let none = CellSlot()
    }
    /// A slot per key column, in memory grown with the columns (`addColumn`): a field's value is
    /// stored without an array's check that its buffer is its own.
    private var slots = UnsafeMutableBufferPointer<CellSlot>.allocate(capacity: 16)
    private var recordNumber = 0

    /// A listed member's fields, kept by name until the member ends (its own `key` field is
    /// then renamed, and columns made in the order of its fields).
    private var memberFields: [(key: String, cell: CellSlot)] = []

    /// The nested containers being written out as compact JSON, innermost last: the items
    /// written so far, where the container began in `scratch`, its first key in `nestedKeys`,
    /// and whether a key repeats (merged when it closes).
    private struct NestedFrame {
        var isObject: Bool
        var items = 0
        var start: Int
        var firstKey: Int
        var repeatsAKey = false
    }

    private var nested: [NestedFrame] = []
    /// The keys of the open nested objects: where each key's JSON text lies in `scratch`.
    private var nestedKeys: [Range<Int>] = []

    // MARK: Notes for the reader

    /// Members of an object listed one record each, so far.
    private(set) var membersListed = 0
    /// Of those, the ones whose value is an array, with their element counts (an API envelope
    /// such as `{"total_count":3,"items":[…]}` has one).
    private(set) var arrayMembers: [(name: String, count: Int)] = []

    deinit {
        keyStore.deallocate()
        rowTexts.deallocate()
        rowKinds.deallocate()
        runTexts.deallocate()
        runKinds.deallocate()
        slots.deallocate()
    }

    init(lines: Bool, path: [String], maxDepth: Int, onlyColumns: Set<String>? = nil, rootObjectIsRecord: Bool = false) {
        self.lines = lines
        self.path = path
        self.maxDepth = maxDepth
        self.onlyColumns = onlyColumns
        var keyBytes: [UInt8] = []
        if let onlyColumns, onlyColumns.count <= LISTVIEW_SIMDJSON_KEPT_KEYS, path.isEmpty {
            projectedKeys = onlyColumns.sorted().map { key in
                keyBytes.append(contentsOf: key.utf8)
                return keyBytes.count - key.utf8.count..<keyBytes.count
            }
        } else {
            projectedKeys = nil
        }
        projectedKeyBytes = keyBytes
        projectedKeyColumns = Array(repeating: -1, count: projectedKeys?.count ?? 0)
        projectsEveryKey = onlyColumns == nil && path.isEmpty && !(rootObjectIsRecord && !lines)
        self.rootObjectIsRecord = rootObjectIsRecord && !lines && path.isEmpty
        if lines && path.isEmpty { plainRecordDepth = 1 }
    }

    static let invalidUTF8 = "invalid UTF-8 in a string"

    /// The refusal of nesting deeper than `maxDepth` levels.
    static func tooDeep(_ maxDepth: Int) -> String { "nesting deeper than \(maxDepth) levels" }

    /// True while the strings and keys given are known to be UTF-8 (simdjson checked the text,
    /// `replay`), so they are not checked again.
    var stringsAreUTF8 = false
    /// True while the bytes of the values given stay where they are until their record ends (in
    /// simdjson's buffers, `replay`), so a cell points at them instead of copying them.
    var valuesOutliveRecords = false

    @inline(__always)
    private func isValidUTF8(_ bytes: UnsafeRawBufferPointer) -> Bool {
        stringsAreUTF8 || UTF8Check.isValid(bytes)
    }
    /// `true`, `false` and `null` (`truefalsenull`), for the cells and nested values that hold
    /// them: kept for the program's life, so a cell may point at them.
    private static let literals: UnsafeRawPointer = {
        let bytes = UnsafeMutableRawPointer.allocate(byteCount: 13, alignment: 1)
        bytes.copyMemory(from: "truefalsenull", byteCount: 13)
        return UnsafeRawPointer(bytes)
    }()

    /// The text of `flag` as a cell holds it.
    @inline(__always)
    private static func boolText(_ flag: Bool) -> UnsafeRawBufferPointer {
        flag ? UnsafeRawBufferPointer(start: literals, count: 4) : UnsafeRawBufferPointer(start: literals + 4, count: 5)
    }
    private static var nullText: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: literals + 9, count: 4) }
    private static let keyName = Array("key".utf8)
    private static let valueName = Array("value".utf8)

    /// The rows completed so far, handed over as a batch that decodes its nested cells.
    func takeCompletedRows() -> CellTable {
        var rows = batch.takeCompletedRows()
        rows.nestedDecoder = JSONNestedValue.decode
        return rows
    }

    /// The rows completed and not handed over yet.
    var completedRows: Int { batch.rowCount }

    /// True between the elements of a top-level array, or between JSON Lines, with no record
    /// open: where a part of a file may end (`JSONFileParts`).
    var isBetweenRecords: Bool {
        guard refusal == nil, !inRecord, path.isEmpty else { return false }
        if lines { return depth == 0 }
        guard depth == 1, frames.count == 1, let top = frames.first, !top.isObject, case .listing = top.role else { return false }
        return true
    }

    /// Whether the rows' cells are measured for a table's layout (`CellTable.measuresColumns`);
    /// set before the first record.
    var measuresColumns: Bool {
        get { batch.measuresColumns }
        set { batch.measuresColumns = newValue }
    }

    /// Makes room in the table for `bytes` bytes of input holding about `cells` values.
    func reserveCapacity(bytes: Int, cells: Int) {
        batch.reserveCapacity(bytes: bytes, cells: cells)
    }

    // MARK: Events

    override var isInsideValue: Bool { depth > 0 }

    override func null() -> Bool {
        if passedOverDepth > 0 { return true }
        if !nested.isEmpty { return nestedScalar(Self.nullText) }
        return scalar(UnsafeRawBufferPointer(start: nil, count: 0), kind: .null)
    }

    override func bool(_ flag: Bool) -> Bool {
        if passedOverDepth > 0 { return true }
        if !nested.isEmpty { return nestedScalar(Self.boolText(flag)) }
        return scalar(Self.boolText(flag), kind: .bool)
    }

    override func number(_ text: UnsafeRawBufferPointer) -> Bool {
        if passedOverDepth > 0 { return true }
        if !nested.isEmpty {
            beforeNestedValue()
            scratch.append(contentsOf: text)  // the parser checked the grammar: the text is a JSON number
            return true
        }
        return scalar(text, kind: .number)
    }

    override func string(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard isValidUTF8(bytes) else { return refuse(Self.invalidUTF8) }
        if passedOverDepth > 0 { return true }
        if !nested.isEmpty {
            beforeNestedValue()
            JSONString.append(utf8: bytes, to: &scratch)
            return true
        }
        return scalar(bytes, kind: .string)
    }

    override func key(_ bytes: UnsafeRawBufferPointer) -> Bool {
        if passedOverDepth > 0 { return isValidUTF8(bytes) || refuse(Self.invalidUTF8) }
        if !nested.isEmpty { return nestedKey(bytes) }
        if recordObjectDepth > 0 {
            return memberName == nil ? recordKey(bytes) : memberKey(bytes)
        }
        guard isValidUTF8(bytes) else { return refuse(Self.invalidUTF8) }
        if !frames.isEmpty { frames[frames.count - 1].key = String(decoding: bytes, as: UTF8.self) }
        return true
    }

    override func startContainer(isObject: Bool) -> Bool {
        if depth == 0, !topLevelValueBegins() { return false }
        depth += 1
        if depth > maxDepth { return refuse(Self.tooDeep(maxDepth)) }
        if passedOverDepth > 0 { return true }
        if inRecord {
            if nested.isEmpty && recordObjectDepth > 0 && memberName == nil && !isKept(currentColumn) {
                passedOverDepth = depth
                return true
            }
            openNested(isObject: isObject)
            return true
        }
        if depth == plainRecordDepth && isObject {
            recordObjectDepth = depth
            return true
        }
        var slot = slot()
        if case .target = slot {
            foundTarget = true
            if isObject && (lines || rootObjectIsRecord && depth == 1) {
                slot = .record(memberName: nil)
                if !lines { readRootObject = true }
            }
        }
        switch slot {
        case .target:
            frames.append(Frame(role: .listing, isObject: isObject))
            if depth == 1 && !isObject && path.isEmpty { plainRecordDepth = 2 }
        case .record(let memberName):
            beginRecord(memberName: memberName)
            if isObject {
                recordObjectDepth = depth
            } else {
                inArrayRecord = true
                selectValueColumn()
                openNested(isObject: false)
            }
        case .navigate(let matched):
            frames.append(Frame(role: .navigating(matched: matched), isObject: isObject))
        case .ignore:
            frames.append(Frame(role: .skipping, isObject: isObject))
        }
        return true
    }

    override func endContainer() -> Bool {
        depth -= 1
        if passedOverDepth > 0 {
            if depth < passedOverDepth { passedOverDepth = 0 }
            return true
        }
        if !nested.isEmpty {
            let elements = closeNested()
            guard nested.isEmpty else { return true }
            setCell(CellSlot(start: nestedStartOfValue, count: scratch.count - nestedStartOfValue, kind: .nested, record: recordNumber))
            if inArrayRecord {
                if let memberName { arrayMembers.append((memberName, elements)) }
                endRecord()
            }
            return true
        }
        if depth == recordObjectDepth - 1 {
            endRecord()
            return true
        }
        frames.removeLast()
        advanceFrame()
        return true
    }

    // MARK: Records

    /// What a value starting now is, given where the parse stands.
    private func slot() -> Slot {
        let top = frames.count - 1
        guard top >= 0 else {
            if !path.isEmpty { return .navigate(matched: 0) }
            if lines {
                foundTarget = true
                return .record(memberName: nil)
            }
            return .target
        }
        // The frame's fields read one by one: a copy of the frame would retain its key.
        switch frames[top].role {
        case .skipping:
            return .ignore
        case .listing:
            return .record(memberName: frames[top].isObject ? frames[top].key : nil)
        case .navigating(let matched):
            let component = frames[top].isObject ? frames[top].key : String(frames[top].index)
            guard matched < path.count, component == path[matched] else { return .ignore }
            return matched + 1 == path.count ? .target : .navigate(matched: matched + 1)
        }
    }

    /// A scalar outside any nested value: a record's field, or a record of its own.
    private func scalar(_ bytes: UnsafeRawBufferPointer, kind: CellKind) -> Bool {
        if recordObjectDepth > 0 {
            if memberName == nil && !isKept(currentColumn) { return true }
            setCell(cell(holding: bytes, kind: kind))
            return true
        }
        if depth == 0, !topLevelValueBegins() { return false }
        let slot = slot()
        switch slot {
        case .target, .record:
            if case .target = slot { foundTarget = true }
            var memberName: String?
            if case .record(let name) = slot { memberName = name }
            beginRecord(memberName: memberName)
            selectValueColumn()
            setCell(cell(holding: bytes, kind: kind))
            endRecord()
        case .navigate, .ignore:
            advanceFrame()
        }
        return true
    }

    /// Begins a record; a listed member's starts with its name in a `key` field.
    private func beginRecord(memberName: String?) {
        self.memberName = memberName
        guard let memberName else { return }
        membersListed += 1
        var name = memberName
        name.withUTF8 { name in
            memberFields.append((key: "key", cell: CellSlot(start: scratch.count, count: name.count, kind: .string, record: recordNumber)))
            scratch.append(contentsOf: UnsafeRawBufferPointer(name))
        }
    }

    /// Makes the `value` field the one the next value fills.
    private func selectValueColumn() {
        if memberName != nil {
            memberFields.append((key: "value", cell: .none))
        } else {
            currentColumn = Self.valueName.withUnsafeBytes { column(forKey: $0) }
            appendKeyColumn(currentColumn)
        }
    }

    /// A cell holding `bytes`: where they are, when they outlive the record, else copied to `scratch`.
    @inline(__always)
    private func cell(holding bytes: UnsafeRawBufferPointer, kind: CellKind) -> CellSlot {
        if valuesOutliveRecords, let source = bytes.baseAddress {
            return CellSlot(count: bytes.count, source: UnsafeRawPointer(source), kind: kind, record: recordNumber)
        }
        let start = scratch.count
        scratch.append(contentsOf: bytes)
        return CellSlot(start: start, count: bytes.count, kind: kind, record: recordNumber)
    }

    /// A field's value, in its slot (a member's, in its list of fields).
    @inline(__always)
    private func setCell(_ cell: CellSlot) {
        if memberName == nil {
            if isKept(currentColumn) { slots[currentColumn] = cell }
        } else {
            memberFields[memberFields.count - 1].cell = cell
        }
    }

    /// A key of the record's object: its column, found first where the last object had it.
    @inline(__always)
    private func recordKey(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let position = keyColumns.count
        if position < previousKeyColumns.count {
            let expected = previousKeyColumns[position]
            if Self.same(columnKey(expected), bytes) {
                currentColumn = expected
                appendKeyColumn(expected)
                return true
            }
        }
        let key = Array(bytes)
        if let known = columnByKey[key] {
            currentColumn = known
        } else {
            guard isValidUTF8(bytes) else { return refuse(Self.invalidUTF8) }
            currentColumn = addColumn(key)
        }
        appendKeyColumn(currentColumn)
        return true
    }

    /// Whether the parse stands among the fields of a record's object, with no nested value open
    /// and nothing passed over: where `takeScalarFields` may take fields (of a record with no
    /// member name) and `wholeNestedValue` a nested one.
    var standsAmongRecordFields: Bool {
        recordObjectDepth > 0 && depth == recordObjectDepth && nested.isEmpty && passedOverDepth == 0 && !inArrayRecord
    }

    /// Takes the record's fields from tape index `start` on while each is a key in the place the
    /// previous record had it, followed by a scalar: what `key` and the scalar's event do for it
    /// (the same column, the same cell), in one loop over the tape, with one append of the
    /// fields' columns for all of them. Stops before anything else (a key in another place, a
    /// nested value, the record's end), which the events then read. Only where
    /// `standsAmongRecordFields`. Returns the tape and number indexes it stopped at.
    func takeScalarFields(from start: Int, tape: UnsafePointer<UInt64>, strings: UnsafePointer<UInt8>,
                          parsed: listview_simdjson_result, numberIndex firstNumber: Int,
                          text: UnsafeRawPointer) -> (index: Int, numberIndex: Int) {
        let first = keyColumns.count
        guard memberName == nil, first < previousKeyColumns.count else { return (start, firstNumber) }
        var index = start, numberIndex = firstNumber, position = first
        let count = previousKeyColumns.count
        fields: while position < count {
            let keyWord = tape[index]
            guard keyWord >> 56 == UInt64(UInt8(ascii: "\"")) else { break }
            let column = previousKeyColumns[position]
            guard Self.same(columnKey(column), Self.tapeString(keyWord, strings)) else { break }
            let valueWord = tape[index + 1]
            var next = index + 2
            let value: UnsafeRawBufferPointer, kind: CellKind
            switch UInt8(truncatingIfNeeded: valueWord >> 56) {
            case UInt8(ascii: "\""):
                (value, kind) = (Self.tapeString(valueWord, strings), .string)
            case UInt8(ascii: "l"), UInt8(ascii: "u"), UInt8(ascii: "d"):
                guard let number = Self.numberText(numberIndex, of: parsed, in: text) else { break fields }
                (value, kind) = (number, .number)
                numberIndex += 1
                next += 1  // the value's word
            case UInt8(ascii: "t"), UInt8(ascii: "f"):
                (value, kind) = (Self.boolText(valueWord >> 56 == UInt64(UInt8(ascii: "t"))), .bool)
            case UInt8(ascii: "n"):
                (value, kind) = (UnsafeRawBufferPointer(start: nil, count: 0), .null)
            default:
                break fields
            }
            if isKept(column) { slots[column] = cell(holding: value, kind: kind) }
            position += 1
            index = next
        }
        guard position > first else { return (start, firstNumber) }
        // A run of the previous record's keys rises when they all did (then only its first is compared).
        if keysRise, !previousKeysRise || (first > 0 && keyColumns[first - 1] >= previousKeyColumns[first]) {
            let run = previousKeyColumns[first..<position]
            keysRise = zip(run, run.dropFirst()).allSatisfy { $0 < $1 } && (first == 0 || keyColumns[first - 1] < run[first])
        }
        keyColumns.append(contentsOf: previousKeyColumns[first..<position])
        currentColumn = previousKeyColumns[position - 1]
        return (index, numberIndex)
    }

    /// Whether the parse stands between records of a JSON Lines file or a top-level array, none
    /// open, where `takeProjectedRecord` may take the next (and, having taken it, stands again).
    var standsBetweenPlainRecords: Bool {
        depth == plainRecordDepth - 1 && !inRecord && memberName == nil && nested.isEmpty && passedOverDepth == 0 && refusal == nil
    }

    /// Takes a record of a projection (`replayProjection`: its triples `range` of `fields`, values
    /// in `text`, keys in `keyBytes`) whose kept keys each come once: what its events do (the
    /// record opens, each key and its value, the record closes), each key's column known from
    /// the records before. Only where `standsBetweenPlainRecords`. False, with nothing taken,
    /// when a key comes twice; the events then read the record.
    func takeProjectedRecord(_ fields: UnsafePointer<UInt32>, _ range: Range<Int>, text: UnsafeRawPointer,
                             keys: [Range<Int>], keyBytes: UnsafeRawBufferPointer, keysComeOnce: Bool) -> Bool {
        if !keysComeOnce {
            var seen: UInt32 = 0
            for index in range {
                let bit: UInt32 = 1 << (fields[3 * index] >> 8 & 31)
                if seen & bit != 0 { return false }
                seen |= bit
            }
        }
        if lines { valueOnLine = true }
        recordObjectDepth = plainRecordDepth
        for index in range {
            let word = fields[3 * index]
            let keyIndex = Int(word >> 8)
            var column = projectedKeyColumns[keyIndex]
            if column < 0 {
                let key = Array(UnsafeRawBufferPointer(rebasing: keyBytes[keys[keyIndex]]))
                column = columnByKey[key] ?? addColumn(key)
                projectedKeyColumns[keyIndex] = column
            }
            let value = UnsafeRawBufferPointer(start: text + Int(fields[3 * index + 1]), count: Int(fields[3 * index + 2]))
            if isKept(column) {
                switch Int(word & 0xFF) {
                case LISTVIEW_SIMDJSON_FIELD_STRING: slots[column] = cell(holding: value, kind: .string)
                case LISTVIEW_SIMDJSON_FIELD_NUMBER: slots[column] = cell(holding: value, kind: .number)
                case LISTVIEW_SIMDJSON_FIELD_TRUE: slots[column] = cell(holding: Self.boolText(true), kind: .bool)
                case LISTVIEW_SIMDJSON_FIELD_FALSE: slots[column] = cell(holding: Self.boolText(false), kind: .bool)
                case LISTVIEW_SIMDJSON_FIELD_ESCAPED_STRING: slots[column] = withEscapesUndone(value) { cell(holding: $0, kind: .string) }
                case LISTVIEW_SIMDJSON_FIELD_NESTED: slots[column] = cell(holding: value, kind: .nested)
                default: slots[column] = cell(holding: UnsafeRawBufferPointer(start: nil, count: 0), kind: .null)
                }
            }
            appendKeyColumn(column)
            currentColumn = column
        }
        endRecord()
        return true
    }

    /// Takes the records of a projection from its triple `start` on (a record's BEGIN) while
    /// each is plain: its kept keys each once, in the order of the batch's columns, each with a
    /// column already, and no string with escapes. Their rows go to the batch at once
    /// (`CellTable.appendRows`): the cells `takeProjectedRecord` and `endRecord` give each, the
    /// columns it lacks absent. Returns the triple it stopped at: the BEGIN of a record that is
    /// not plain, or `count`. Only where `standsBetweenPlainRecords`, which holds after it.
    func takeProjectedRun(_ fields: UnsafePointer<UInt32>, from start: Int, count: Int, text: UnsafeRawPointer) -> Int {
        let width = batchColumnKeys.count
        guard width > 0, batch.columns.count == width else { return start }
        var index = start, rows = 0, lastBegin = -1
        // Held in locals through the loop: stores to the run's cells would otherwise have each
        // one loaded again from the assembler.
        let (projectedKeyColumns, batchColumnOfKey) = (projectedKeyColumns, batchColumnOfKey)
        var (runTexts, runKinds) = (runTexts, runKinds)
        records: while index < count, Int(fields[3 * index] & 0xFF) == LISTVIEW_SIMDJSON_FIELD_BEGIN {
            let base = rows * width
            if base + width > runTexts.count {
                growRun(to: base + width, keeping: base)
                (runTexts, runKinds) = (self.runTexts, self.runKinds)
            }
            for cell in base..<base + width {
                runTexts[cell] = UnsafeRawBufferPointer(start: nil, count: 0)
                runKinds[cell] = .absent
            }
            var next = index + 1, previousColumn = -1
            while true {
                guard next < count else { break records }
                let word = fields[3 * next]
                let kind = Int(word & 0xFF)
                if kind == LISTVIEW_SIMDJSON_FIELD_END { break }
                let keyIndex = Int(word >> 8)
                guard keyIndex < projectedKeyColumns.count else { break records }
                let key = projectedKeyColumns[keyIndex]
                guard key >= 0 else { break records }
                let column = batchColumnOfKey[key]
                guard column > previousColumn else { break records }
                previousColumn = column
                let value = UnsafeRawBufferPointer(start: text + Int(fields[3 * next + 1]), count: Int(fields[3 * next + 2]))
                switch kind {
                case LISTVIEW_SIMDJSON_FIELD_STRING: (runTexts[base + column], runKinds[base + column]) = (value, .string)
                case LISTVIEW_SIMDJSON_FIELD_NUMBER: (runTexts[base + column], runKinds[base + column]) = (value, .number)
                case LISTVIEW_SIMDJSON_FIELD_TRUE: (runTexts[base + column], runKinds[base + column]) = (Self.boolText(true), .bool)
                case LISTVIEW_SIMDJSON_FIELD_FALSE: (runTexts[base + column], runKinds[base + column]) = (Self.boolText(false), .bool)
                case LISTVIEW_SIMDJSON_FIELD_NULL: runKinds[base + column] = .null
                case LISTVIEW_SIMDJSON_FIELD_NESTED: (runTexts[base + column], runKinds[base + column]) = (value, .nested)
                default: break records
                }
                next += 1
            }
            rows += 1
            lastBegin = index
            index = next + 1
        }
        guard rows > 0 else { return start }
        batch.appendRows(texts: UnsafeBufferPointer(rebasing: runTexts[..<(rows * width)]),
                         kinds: UnsafeBufferPointer(rebasing: runKinds[..<(rows * width)]))
        // As `endRecord` leaves it after the run's last record.
        recordNumber += rows
        previousKeyColumns.removeAll(keepingCapacity: true)
        var field = lastBegin + 1
        while Int(fields[3 * field] & 0xFF) != LISTVIEW_SIMDJSON_FIELD_END {
            previousKeyColumns.append(projectedKeyColumns[Int(fields[3 * field] >> 8)])
            field += 1
        }
        previousKeysRise = true
        if lines { valueOnLine = true }
        if !frames.isEmpty { frames[frames.count - 1].index += rows }
        return index
    }

    /// Makes room for `cells` cells in a run's rows, the first `kept` kept.
    private func growRun(to cells: Int, keeping kept: Int) {
        let capacity = max(cells, 2 * runTexts.count, 1024)
        let (texts, kinds) = (UnsafeMutableBufferPointer<UnsafeRawBufferPointer>.allocate(capacity: capacity),
                              UnsafeMutableBufferPointer<CellKind>.allocate(capacity: capacity))
        _ = texts.initialize(from: runTexts[..<kept])
        _ = kinds.initialize(from: runKinds[..<kept])
        runTexts.deallocate()
        runKinds.deallocate()
        (runTexts, runKinds) = (texts, kinds)
    }

    /// Calls `body` with `text`, a string's bytes between its quotes whose escapes a projection
    /// checked, with them undone, in memory the next call reuses: a cell made of them meanwhile
    /// holds a copy (`valuesOutliveRecords` is off).
    func withEscapesUndone<Result>(_ text: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        if let base = text.baseAddress {
            JSONStreamParser.Escapes.decode(base.assumingMemoryBound(to: UInt8.self), count: text.count, into: &unescaped)
        } else {
            unescaped.removeAll()
        }
        let outlive = valuesOutliveRecords
        valuesOutliveRecords = false
        defer { valuesOutliveRecords = outlive }
        return body(UnsafeRawBufferPointer(start: unescaped.base, count: unescaped.count))
    }

    /// The source text of the `index`th number of a parse, in `text`; nil past its last.
    @inline(__always)
    static func numberText(_ index: Int, of parsed: listview_simdjson_result, in text: UnsafeRawPointer) -> UnsafeRawBufferPointer? {
        guard index < parsed.number_count, let numbers = parsed.numbers else { return nil }
        return UnsafeRawBufferPointer(start: text + Int(numbers[2 * index]), count: Int(numbers[2 * index + 1]))
    }

    /// The string a tape word points at in simdjson's string buffer (a length, then the bytes).
    @inline(__always)
    static func tapeString(_ word: UInt64, _ strings: UnsafePointer<UInt8>) -> UnsafeRawBufferPointer {
        let offset = Int(truncatingIfNeeded: word & 0x00FF_FFFF_FFFF_FFFF)
        let length = Int(UInt32(littleEndian: UnsafeRawPointer(strings).loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
        return UnsafeRawBufferPointer(start: strings + offset + 4, count: length)
    }

    /// The key of `column`.
    @inline(__always)
    private func columnKey(_ column: Int) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: keyStore + keyStarts[column], count: keyStarts[column + 1] - keyStarts[column])
    }

    /// Whether `a` and `b` hold the same bytes, compared eight at a time, the last word (or two
    /// halves of a shorter text) overlapping the one before: keys are short, and one is compared
    /// with the key in its place in the record before, and with the keys before it in a nested
    /// object (`nestedKey`, `span`).
    @inline(__always)
    static func same(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        let count = a.count
        guard count == b.count else { return false }
        guard count >= 4 else {
            var index = 0
            while index < count {
                guard a[index] == b[index] else { return false }
                index += 1
            }
            return true
        }
        guard count >= 8 else {
            return a.loadUnaligned(as: UInt32.self) == b.loadUnaligned(as: UInt32.self)
                && a.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self) == b.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
        }
        var index = 0
        while index + 8 < count {
            guard a.loadUnaligned(fromByteOffset: index, as: UInt64.self) == b.loadUnaligned(fromByteOffset: index, as: UInt64.self) else { return false }
            index += 8
        }
        return a.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self) == b.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
    }

    /// A key of a listed member's object: kept by name until the member ends.
    private func memberKey(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard isValidUTF8(bytes) else { return refuse(Self.invalidUTF8) }
        memberFields.append((key: String(decoding: bytes, as: UTF8.self), cell: .none))
        return true
    }

    /// The column of `key`, made when new.
    private func column(forKey key: UnsafeRawBufferPointer) -> Int {
        let bytes = Array(key)
        return columnByKey[bytes] ?? addColumn(bytes)
    }

    /// A column for each key of `other`'s columns that has none here, in `other`'s order: the
    /// columns the stream parser makes for the keys of a record it has begun (`SimdjsonParser` reads such a
    /// record only once it ends).
    func addColumns(of other: JSONBatchAssembler) {
        for column in 0..<other.keyStarts.count - 1 {
            let key = Array(other.columnKey(column))
            if columnByKey[key] == nil { _ = addColumn(key) }
        }
    }

    /// A new column for `key` (checked as UTF-8), last.
    private func addColumn(_ key: [UInt8]) -> Int {
        let column = keyStarts.count - 1
        let start = keyStarts[column]
        if start + key.count > keyStoreCapacity {
            let grown = max(keyStoreCapacity * 2, start + key.count)
            let moved = UnsafeMutableRawPointer.allocate(byteCount: grown, alignment: 8)
            moved.copyMemory(from: keyStore, byteCount: start)
            keyStore.deallocate()
            (keyStore, keyStoreCapacity) = (moved, grown)
        }
        key.withUnsafeBytes { if let bytes = $0.baseAddress { (keyStore + start).copyMemory(from: bytes, byteCount: key.count) } }
        keyStarts.append(start + key.count)
        columnByKey[key] = column
        if column == slots.count {
            let grown = UnsafeMutableBufferPointer<CellSlot>.allocate(capacity: 2 * slots.count)
            _ = grown.initialize(from: slots)
            slots.deallocate()
            slots = grown
        }
        slots[column] = .none
        let name = String(decoding: key, as: UTF8.self)
        let kept = onlyColumns?.contains(name) ?? true
        batchColumnOfKey.append(kept ? batchColumnKeys.count : -1)
        if kept {
            batchColumnKeys.append(column)
            batch.addColumn(name)
            if batchColumnKeys.count > rowTexts.count {
                rowTexts.deallocate()
                rowKinds.deallocate()
                rowTexts = .allocate(capacity: 2 * batchColumnKeys.count)
                rowKinds = .allocate(capacity: 2 * batchColumnKeys.count)
            }
        }
        return column
    }

    /// Writes the record's cells in column order, absent where it has no value, and readies the next.
    private func endRecord() {
        if memberName != nil { placeMemberFields() }
        // A repeated key's last value is in its slot; its first position is where `DuplicateKeys` keeps it.
        let fieldOrder = keysRise ? nil : batchFieldOrder()
        scratch.withUnsafeBytes { scratch in
            // The row's cells up to the last the record has a value for (the rest pads the row).
            var count = 0
            func place(_ slot: CellSlot, in column: Int) {
                guard slot.record == recordNumber else {
                    rowTexts[column] = UnsafeRawBufferPointer(start: nil, count: 0)
                    rowKinds[column] = .absent
                    return
                }
                rowTexts[column] = slot.source.map { UnsafeRawBufferPointer(start: $0, count: slot.count) }
                    ?? UnsafeRawBufferPointer(rebasing: scratch[slot.start..<slot.start + slot.count])
                rowKinds[column] = slot.kind
                count = column + 1
            }
            // Every key column is the batch's column of the same number, unless some are not kept.
            if onlyColumns == nil {
                for column in 0..<keyStarts.count - 1 { place(slots[column], in: column) }
            } else {
                for (column, key) in batchColumnKeys.enumerated() { place(slots[key], in: column) }
            }
            _ = batch.appendRow(texts: UnsafeBufferPointer(rebasing: rowTexts[..<count]), kinds: UnsafeBufferPointer(rebasing: rowKinds[..<count]),
                                fieldOrder: fieldOrder)
        }
        recordNumber += 1
        scratch.removeAll()
        swap(&previousKeyColumns, &keyColumns)
        // A few keys (a count's) are taken off one by one: `removeAll` goes through a generic
        // replacement of the whole range, which costs more than that.
        if keyColumns.count <= 4 {
            while keyColumns.popLast() != nil {}
        } else {
            keyColumns.removeAll(keepingCapacity: true)
        }
        (previousKeysRise, keysRise) = (keysRise, true)
        recordObjectDepth = 0
        inArrayRecord = false
        if memberName != nil { memberName = nil }
        advanceFrame()
    }

    /// Adds `column` as the record's next key.
    @inline(__always)
    private func appendKeyColumn(_ column: Int) {
        if keysRise, let last = keyColumns.last, last >= column { keysRise = false }
        keyColumns.append(column)
    }

    /// The record's fields in its order as the batch's columns, each key once, those not kept left out.
    private func batchFieldOrder() -> [Int] {
        DuplicateKeys.kept(keyColumns).compactMap { position in
            let column = batchColumnOfKey[keyColumns[position]]
            return column < 0 ? nil : column
        }
    }

    /// A listed member's fields put in their columns: its object's own `key` field renamed
    /// (`key_2`, as `ColumnNames` names it), columns made in the order of the fields.
    private func placeMemberFields() {
        let names = memberFields.dropFirst().map(\.key)
        let ownKey = names.contains("key") ? ColumnNames.uniqueName("key", avoiding: Set(names)) : "key"
        for (index, field) in memberFields.enumerated() {
            var name = index > 0 && field.key == "key" ? ownKey : field.key
            let fieldColumn = name.withUTF8 { self.column(forKey: UnsafeRawBufferPointer($0)) }
            slots[fieldColumn] = field.cell
            appendKeyColumn(fieldColumn)
        }
        memberFields.removeAll(keepingCapacity: true)
    }

    private func advanceFrame() {
        if !frames.isEmpty { frames[frames.count - 1].index += 1 }
    }

    // MARK: Nested values, written out as compact JSON

    /// Where the outermost open nested value began in `scratch`.
    private var nestedStartOfValue = 0
    /// `span(opening:…)`'s memory, kept between records.
    private var spanKeys: [UnsafeRawBufferPointer] = []
    private var spanFirstKeys: [Int] = []

    /// Takes the object or array opening at tape index `opening` whole, when it is a record's
    /// field: passed over when its column is not kept (the walk over the text's structure found
    /// where it ends, the numbers in it and how deep it goes: `listview_simdjson_result`); else,
    /// when its source text is already the compact JSON the token-by-token path would write
    /// (`isCompactAsWritten`, and no object with a key twice: `span`), that text is the cell. Nil
    /// when the value is to be read token by token (and for a value nested deeper than allowed,
    /// which that path refuses).
    func wholeNestedValue(opening: Int, container: Int, tape: UnsafePointer<UInt64>, strings: UnsafePointer<UInt8>,
                          parsed: listview_simdjson_result, text: UnsafeRawPointer) -> NestedTapeSpan? {
        guard standsAmongRecordFields, container < parsed.container_count, let containers = parsed.containers else { return nil }
        let field = containers + 4 * container
        if memberName == nil && !isKept(currentColumn) {
            // The opening word holds the index after its closing one.
            let passedOver = NestedTapeSpan(next: Int(truncatingIfNeeded: tape[opening] & 0xFFFF_FFFF), numbers: Int(field[2]),
                                            depth: Int(field[3]))
            return depth + passedOver.depth <= maxDepth ? passedOver : nil
        }
        let (start, end) = (Int(field[0]), Int(field[1]))
        // A short value (`["a"]`) costs less token by token than looked over first.
        guard end - start >= Self.shortestTakenWhole else { return nil }
        let source = UnsafeRawBufferPointer(start: text + start, count: end - start)
        guard Self.isCompactAsWritten(source),
              let span = Self.span(opening: opening, tape: tape, strings: strings, keys: &spanKeys, firstKeys: &spanFirstKeys),
              depth + span.depth <= maxDepth, !span.repeatsAKey else { return nil }
        setCell(cell(holding: source, kind: .nested))
        return span
    }

    /// The fewest bytes of a nested value's text taken whole (`wholeNestedValue`).
    private static let shortestTakenWhole = 24

    private func openNested(isObject: Bool) {
        if nested.isEmpty {
            nestedStartOfValue = scratch.count
        } else {
            beforeNestedValue()
        }
        nested.append(NestedFrame(isObject: isObject, start: scratch.count, firstKey: nestedKeys.count))
        scratch.append(isObject ? UInt8(ascii: "{") : UInt8(ascii: "["))
    }

    /// Closes the innermost nested value (merging a repeated key); returns its item count.
    private func closeNested() -> Int {
        guard let closed = nested.popLast() else { return 0 }
        if closed.repeatsAKey { mergeRepeatedKeys(of: closed) }
        scratch.append(closed.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
        if nestedKeys.count > closed.firstKey { nestedKeys.removeSubrange(closed.firstKey...) }
        return closed.items
    }

    /// Writes a scalar's JSON text inside a nested value.
    private func nestedScalar(_ text: UnsafeRawBufferPointer) -> Bool {
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

    /// Writes a nested object's key, noting when the object already has it.
    private func nestedKey(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard isValidUTF8(bytes) else { return refuse(Self.invalidUTF8) }
        let top = nested.count - 1
        if nested[top].items > 0 { scratch.append(UInt8(ascii: ",")) }
        nested[top].items += 1
        let start = scratch.count
        JSONString.append(utf8: bytes, to: &scratch)
        let written = start..<scratch.count
        if !nested[top].repeatsAKey, nestedKeys.count > nested[top].firstKey {
            let first = nested[top].firstKey
            let repeated = scratch.withUnsafeBytes { text in
                (first..<nestedKeys.count).contains {
                    Self.same(UnsafeRawBufferPointer(rebasing: text[nestedKeys[$0]]), UnsafeRawBufferPointer(rebasing: text[written]))
                }
            }
            if repeated { nested[top].repeatsAKey = true }
        }
        nestedKeys.append(written)
        scratch.append(UInt8(ascii: ":"))
        return true
    }

    /// Writes the object closing now again with each key once (`DuplicateKeys`).
    private func mergeRepeatedKeys(of object: NestedFrame) {
        let keys = Array(nestedKeys[object.firstKey...])
        let end = scratch.count
        var merged: [UInt8] = [UInt8(ascii: "{")]
        scratch.withUnsafeBytes { (text: UnsafeRawBufferPointer) -> Void in
            // Each member's value runs from after its key's colon to the comma before the next key.
            func value(_ index: Int) -> Range<Int> {
                keys[index].upperBound + 1..<(index + 1 < keys.count ? keys[index + 1].lowerBound - 1 : end)
            }
            for (written, index) in DuplicateKeys.kept(keys.map { ArraySlice(text[$0]) }).enumerated() {
                if written > 0 { merged.append(UInt8(ascii: ",")) }
                merged.append(contentsOf: text[keys[index]])
                merged.append(UInt8(ascii: ":"))
                merged.append(contentsOf: text[value(index)])
            }
        }
        scratch.removeLast(from: object.start)
        scratch.append(contentsOf: merged)
    }
}
