import Glibc
import ListviewBatches
import ListviewJSON
import ListviewValues

/// `--explode` and `--flatten` cell by cell: the cells a reshaping leaves alone are copied as they
/// are (their bytes and kind, no value made), and only the nested cells are decoded. A batch's
/// columns are worked out first: the new columns in the place of the column they come from, in
/// the order they are first seen in the batch.
extension RecordShaping {
    /// Where an exploded row's cells come from.
    private enum ExplodedColumn {
        /// An input column, copied.
        case copy(Int)
        /// The array's element: `nil` the element itself (a scalar), else the member whose key has
        /// this number (its place among the members' keys).
        case element(key: Int?)
    }

    /// Where a flattened row's cells come from.
    private enum FlattenedColumn {
        /// An input column, copied (absent where its value was spread into paths).
        case copy(Int)
        /// The member at `keys` inside the nested value of input column `column`.
        case path(column: Int, keys: [String])
    }

    /// `table` with a row per element of the array in column `column` (see `Explode`). The arrays'
    /// compact JSON is walked once without making values (`CompactJSONScanner`): the walk keeps
    /// each element and its members by key number, and the rows are written from what it kept
    /// once every key is known.
    func exploded(_ table: CellTable, column: Int, dropEmpty: Bool) -> CellTable {
        table.withCells { cells in
            var walk = ArrayWalk()
            for row in 0..<table.rowCount {
                let (kind, text) = cells.cell(row: row, column: column)
                walk.read(kind: kind, text: text)
            }
            var names: [String] = []
            var sources: [ExplodedColumn] = []
            for (index, name) in table.columns.enumerated() {
                guard index == column else {
                    names.append(name)
                    sources.append(.copy(index))
                    continue
                }
                // The field itself holds a scalar element, null for an empty array, or what a
                // record without an array has; an object element's members follow.
                if walk.keepsField {
                    names.append(name)
                    sources.append(.element(key: nil))
                }
                for (number, key) in walk.keys.names.enumerated() {
                    names.append(name + separator + key)
                    sources.append(.element(key: number))
                }
            }
            var result = emptyCopy(of: table, columns: names)
            let rows = walk.elementCounts.reduce(0) { $0 + ($1 > 0 ? $1 : $1 == 0 && dropEmpty ? 0 : 1) }
            result.reserveCapacity(bytes: table.textByteCount / max(1, table.rowCount) * rows, cells: rows * names.count)
            var slots = [CompactJSONScanner.Span?](repeating: nil, count: walk.keys.names.count)
            var elementIndex = 0
            var memberIndex = 0
            for row in 0..<table.rowCount {
                let count = walk.elementCounts[row]
                guard count >= 0 else {
                    // No array: the field as it was.
                    let (kind, text) = cells.cell(row: row, column: column)
                    appendRow(row, of: cells, sources: sources, into: &result) { key, result in
                        result.appendCell(key == nil ? text : Self.noBytes, kind: key == nil ? kind : .absent)
                    }
                    continue
                }
                if count == 0 && !dropEmpty {
                    appendRow(row, of: cells, sources: sources, into: &result) { key, result in
                        result.appendCell(Self.noBytes, kind: key == nil ? .null : .absent)
                    }
                }
                for _ in 0..<count {
                    let element = walk.elements[elementIndex]
                    elementIndex += 1
                    if element.isObject {
                        for index in slots.indices { slots[index] = nil }
                        while memberIndex < element.membersEnd {
                            let member = walk.members[memberIndex]
                            slots[member.key] = member.value
                            memberIndex += 1
                        }
                    }
                    appendRow(row, of: cells, sources: sources, into: &result) { key, result in
                        switch (key, element.isObject) {
                        case (nil, false): Self.appendCell(element.span, to: &result)
                        case (let number?, true):
                            if let member = slots[number] { Self.appendCell(member, to: &result) } else {
                                result.appendCell(Self.noBytes, kind: .absent)
                            }
                        default: result.appendCell(Self.noBytes, kind: .absent)
                        }
                    }
                }
            }
            return result
        }
    }

    /// What one walk over a batch's arrays keeps for `exploded`: each row's count of elements,
    /// each element, and each object element's members by key number. The spans point into the
    /// batch's cells.
    private struct ArrayWalk {
        struct Element {
            var span: CompactJSONScanner.Span
            var isObject: Bool
            /// Where this element's members end in `members` (they start where the previous
            /// element's end).
            var membersEnd: Int
        }

        /// Per row, its array's count of elements, or -1 when the field is not an array.
        var elementCounts: [Int] = []
        var elements: [Element] = []
        var members: [(key: Int, value: CompactJSONScanner.Span)] = []
        var keys = MemberKeys()
        /// True when some row needs the field's own column: a scalar element, an empty array,
        /// or a value that is no array.
        var keepsField = false

        mutating func read(kind: CellKind, text: UnsafeRawBufferPointer) {
            guard kind == .nested, text.first == UInt8(ascii: "[") else {
                if kind != .absent { keepsField = true }
                return elementCounts.append(-1)
            }
            let firstElement = elements.count
            let firstMember = members.count
            var guess = 0
            // The reader writes nested cells as compact JSON; a cell the walk could not read keeps
            // its array as it is.
            let read = CompactJSONScanner.forEachElement(of: text, member: { key, value in
                let number = keys.number(of: key, guess: guess)
                members.append((number, value))
                guess = number + 1
            }, element: { element in
                let isObject = element.kind == .nested && element.text.first == UInt8(ascii: "{")
                if !isObject { keepsField = true }
                elements.append(Element(span: element, isObject: isObject, membersEnd: members.count))
                guess = 0
            })
            guard read else {
                elements.removeSubrange(firstElement...)
                members.removeSubrange(firstMember...)
                keepsField = true
                return elementCounts.append(-1)
            }
            if elements.count == firstElement { keepsField = true }
            elementCounts.append(elements.count - firstElement)
        }
    }

    /// The keys of the exploded elements' members, numbered in the order they are first seen.
    private struct MemberKeys {
        private(set) var names: [String] = []
        /// The names' UTF-8 one after another, to find an unescaped key by its bytes, and where
        /// each name's ends.
        private var text: [UInt8] = []
        private var ends: [Int] = []

        /// The number of `key`, numbering it when it is new; `guess` is tried first (members
        /// mostly come in the same order).
        mutating func number(of key: CompactJSONScanner.Span, guess: Int) -> Int {
            if key.escaped {
                let name = RecordShaping.unescaped(key)
                if let found = names.firstIndex(of: name) { return found }
                return add(name)
            }
            let found: Int? = text.withUnsafeBytes { text in
                func matches(_ number: Int) -> Bool {
                    let start = number == 0 ? 0 : ends[number - 1]
                    guard ends[number] - start == key.text.count else { return false }
                    guard let base = text.baseAddress, let other = key.text.baseAddress else { return true }
                    return memcmp(base + start, other, key.text.count) == 0
                }
                if guess < ends.count, matches(guess) { return guess }
                return ends.indices.first(where: matches)
            }
            return found ?? add(String(decoding: key.text, as: UTF8.self))
        }

        private mutating func add(_ name: String) -> Int {
            names.append(name)
            text.append(contentsOf: name.utf8)
            ends.append(text.count)
            return names.count - 1
        }
    }

    /// A scanned string's text, its escapes read.
    fileprivate static func unescaped(_ span: CompactJSONScanner.Span) -> String {
        guard span.escaped else { return String(decoding: span.text, as: UTF8.self) }
        let quoted: [UInt8] = [UInt8(ascii: "\"")] + Array(span.text) + [UInt8(ascii: "\"")]
        if case .string(let text)? = quoted.withUnsafeBytes({ JSONNestedValue.decode($0) }) { return text }
        return String(decoding: span.text, as: UTF8.self)
    }

    /// A scanned value as a cell: its bytes (a string's unescaped), null as an empty null cell.
    private static func appendCell(_ span: CompactJSONScanner.Span, to result: inout CellTable) {
        switch span.kind {
        case .null: result.appendCell(noBytes, kind: .null)
        case .string where span.escaped:
            result.appendCell(holding: .string(unescaped(span)))
        default: result.appendCell(span.text, kind: span.kind)
        }
    }

    /// `table` with the nested values of its columns spread into dotted columns, `depth` levels
    /// deep (all without one); throws when a path would take the name of a column of the table.
    func flattenedCells(_ table: CellTable, depth: Int?) throws(Conflict) -> CellTable {
        let levels = depth ?? .max
        // Each nested cell's value, decoded once, by column and row.
        var decoded: [Int: [Value?]] = [:]
        var paths: [Int: [[String]]] = [:]
        var keepsColumn = Set<Int>()
        table.withCells { cells in
            for column in table.columns.indices {
                var values: [Value?] = []
                var seen: Set<[String]> = []
                var found: [[String]] = []
                for row in 0..<table.rowCount {
                    let (kind, text) = cells.cell(row: row, column: column)
                    guard kind == .nested, let value = table.nestedDecoder?(text), value.isContainer, !Self.isEmptyContainer(value) else {
                        if kind != .absent { keepsColumn.insert(column) }
                        values.append(nil)
                        continue
                    }
                    values.append(value)
                    Self.leafPaths(of: value, keys: [], levels: levels) { path in
                        if seen.insert(path).inserted { found.append(path) }
                    }
                }
                if !found.isEmpty {
                    decoded[column] = values
                    paths[column] = found
                } else {
                    keepsColumn.insert(column)
                }
            }
        }
        guard !paths.isEmpty else { return table }
        var names: [String] = []
        var sources: [FlattenedColumn] = []
        var literal: [String: Int] = [:]
        for (column, name) in table.columns.enumerated() {
            if keepsColumn.contains(column) {
                names.append(name)
                sources.append(.copy(column))
                literal[name] = column
            }
            for keys in paths[column] ?? [] {
                names.append(([name] + keys).joined(separator: separator))
                sources.append(.path(column: column, keys: keys))
            }
        }
        // A path that spells a column of the table (or another path): two fields would be one column.
        var counts: [String: Int] = [:]
        for name in names { counts[name, default: 0] += 1 }
        for (name, source) in zip(names, sources) {
            guard case .path(let column, let keys) = source, counts[name, default: 0] > 1 || literal[name] != nil else { continue }
            let object = ([table.columns[column]] + keys.dropLast()).joined(separator: separator)
            throw Conflict(column: name, object: object, key: keys.last ?? "")
        }
        var result = emptyCopy(of: table, columns: names)
        let empty = Self.noBytes
        table.withCells { cells in
            for row in 0..<table.rowCount {
                for source in sources {
                    switch source {
                    case .copy(let column):
                        // A value spread into paths leaves its own column without one.
                        if decoded[column]?[row] != nil { result.appendCell(empty, kind: .absent) } else {
                            let (kind, text) = cells.cell(row: row, column: column)
                            result.appendCell(text, kind: kind)
                        }
                    case .path(let column, let keys):
                        if let value = decoded[column]?[row].flatMap({ Self.member($0, at: keys) }) {
                            result.appendCell(holding: value)
                        } else {
                            result.appendCell(empty, kind: .absent)
                        }
                    }
                }
                _ = result.endRow(padding: .absent)
            }
        }
        return result
    }

    // MARK: Building rows

    /// A table like `table` (its types, decoder and measuring) with `columns` and no rows.
    func emptyCopy(of table: CellTable, columns: [String]) -> CellTable {
        var result = CellTable(columns: columns, inferTypes: table.inferTypes)
        result.nestedDecoder = table.nestedDecoder
        result.measuresColumns = table.measuresColumns
        return result
    }

    /// Appends one row: the input row's cells, and in the array's place what `element` appends for
    /// each of its columns (the member of a key, or the field itself for `nil`).
    private func appendRow(_ row: Int, of cells: CellTable.Cells, sources: [ExplodedColumn], into result: inout CellTable,
                           element: (Int?, inout CellTable) -> Void) {
        for source in sources {
            switch source {
            case .copy(let column):
                let (kind, text) = cells.cell(row: row, column: column)
                result.appendCell(text, kind: kind)
            case .element(let key):
                element(key, &result)
            }
        }
        _ = result.endRow(padding: .absent)
    }

    private static let noBytes = UnsafeRawBufferPointer(start: nil, count: 0)

    // MARK: Values

    private static func isEmptyContainer(_ value: Value) -> Bool {
        switch value {
        case .object(let object): return object.count == 0
        case .array(let elements): return elements.isEmpty
        default: return false
        }
    }

    /// Calls `found` with the keys of each leaf of `value` (a scalar, an empty container, or a
    /// value `levels` deep).
    private static func leafPaths(of value: Value, keys: [String], levels: Int, _ found: ([String]) -> Void) {
        guard levels > 0 else { return found(keys) }
        switch value {
        case .object(let object) where object.count > 0:
            for (key, member) in object.members { leafPaths(of: member, keys: keys + [key], levels: levels - 1, found) }
        case .array(let elements) where !elements.isEmpty:
            for (index, element) in elements.enumerated() { leafPaths(of: element, keys: keys + [String(index)], levels: levels - 1, found) }
        default:
            found(keys)
        }
    }

    /// The member of `value` at `keys` (object keys and array indices).
    private static func member(_ value: Value, at keys: [String]) -> Value? {
        var current = value
        for key in keys {
            switch current {
            case .object(let object):
                guard let member = object[key] else { return nil }
                current = member
            case .array(let elements):
                guard let index = Int(key), elements.indices.contains(index) else { return nil }
                current = elements[index]
            default:
                return nil
            }
        }
        return current
    }
}
