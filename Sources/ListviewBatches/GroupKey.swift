import ListviewValues

/// What a row is grouped by at one level, cheap to hash: a cell's bytes with the kind of value
/// they stand for, or (for a path into a nested value) the value itself.
///
/// Two keys are equal when the values they stand for are the same group: numbers by the number
/// rule (`NumberRule`: `100`, `1e2` and `100.0` are one group, `0` and `-0` another), every other
/// kind by its text (nested values by their compact JSON), and a value key as the cell it would
/// be (`CellKind.withCell`). Cell keys point into a table's cells and are valid only inside its
/// `withCells`.
public enum GroupKey: Hashable {
    case cell(kind: UInt8, bytes: UnsafeRawBufferPointer)
    case value(Value)

    /// The kind of a number's key.
    static let numberKind: UInt8 = 1

    /// The key of a cell: null and absent cells are the one null group; a CSV cell is a number or
    /// a string as its value would be.
    @inline(__always)
    public init(kind: CellKind, text: UnsafeRawBufferPointer, inferTypes: Bool) {
        switch kind {
        case .null, .absent: self = .cell(kind: 0, bytes: UnsafeRawBufferPointer(start: nil, count: 0))
        case .number: self = .cell(kind: 1, bytes: text)
        case .string: self = .cell(kind: 2, bytes: text)
        case .text: self = .cell(kind: inferTypes && NumberText.isNumber(text) ? 1 : 2, bytes: text)
        case .bool: self = .cell(kind: 3, bytes: text)
        case .nested: self = .cell(kind: 4, bytes: text)
        }
    }

    public static func == (lhs: GroupKey, rhs: GroupKey) -> Bool {
        switch (lhs, rhs) {
        case let (.cell(kindA, a), .cell(kindB, b)):
            guard kindA == kindB else { return false }
            // The same bytes: keys of one kind are equal, with no number read.
            if ByteWord.same(a, b) { return true }
            return kindA == numberKind && NumberRule.equal(a, b)
        case let (.value(a), .value(b)) where a == b:
            return true
        default:
            return lhs.withCellKey { left in rhs.withCellKey { right in left == right } }
        }
    }

    /// Calls `body` with the key as a cell key: a value key as the cell its value would be.
    private func withCellKey<Result>(_ body: (GroupKey) -> Result) -> Result {
        guard case let .value(value) = self else { return body(self) }
        return CellKind.withCell(of: value) { kind, text in body(GroupKey(kind: kind, text: text, inferTypes: false)) }
    }

    /// The hash a `Dictionary` uses: a cell key's bytes mixed eight at a time, seeded as the
    /// dictionary asks (a number's value, read as `NumberRule.Reading`, instead of its bytes);
    /// a value key as the cell it would be. A key per row is hashed when rows are grouped or
    /// counted, and `Hasher`'s set-up and finish cost more than short cells' bytes do.
    public func _rawHashValue(seed: Int) -> Int {
        guard case let .cell(kind, bytes) = self else { return withCellKey { $0._rawHashValue(seed: seed) } }
        @inline(__always) func mix(_ hash: UInt64, _ word: UInt64) -> UInt64 {
            let mixed = (hash ^ word) &* 0xFF51_AFD7_ED55_8CCD
            return mixed ^ (mixed >> 32)
        }
        var hash: UInt64
        if kind == Self.numberKind, let reading = NumberRule.reading(bytes) {
            // Equal numbers read as equal doubles (`-0` as `0`); numbers a double cannot tell apart share a hash.
            hash = mix(mix(UInt64(truncatingIfNeeded: seed), UInt64(kind) << 56), reading.hashBits)
        } else {
            hash = mix(UInt64(truncatingIfNeeded: seed), UInt64(kind) << 56 | UInt64(bytes.count))
            var index = 0
            while index + 8 <= bytes.count {
                hash = mix(hash, bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                index += 8
            }
            if index < bytes.count {
                var word: UInt64 = 0
                for offset in index..<bytes.count { word |= UInt64(bytes[offset]) << (UInt64(offset - index) * 8) }
                hash = mix(hash, word)
            }
        }
        hash ^= hash >> 29
        hash &*= 0xBF58_476D_1CE4_E5B9
        return Int(truncatingIfNeeded: hash ^ (hash >> 32))
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(_rawHashValue(seed: 0))
    }

    /// The value the key stands for (a nested cell through `decoder`).
    public func value(nestedDecoder decoder: NestedValueDecoder?) -> Value {
        switch self {
        case let .value(value): return value
        case let .cell(kind, bytes):
            let text = String(decoding: bytes, as: UTF8.self)
            switch kind {
            case 0: return .null
            case 1: return .number(text)
            case 3: return .bool(bytes.count == 4)
            case 4: return decoder?(bytes) ?? .string(text)
            default: return .string(text)
            }
        }
    }
}

extension TableField {
    /// The group key of this field in `row`.
    @inline(__always)
    public func groupKey(row: Int, in cells: CellTable.Cells) -> GroupKey {
        if isColumn, let column {
            let (kind, text) = cells.cell(row: row, column: column)
            return GroupKey(kind: kind, text: text, inferTypes: cells.inferTypes)
        }
        return .value(value(row: row, in: cells) ?? .null)
    }
}

/// A group's value kept as a dictionary key after the cells are gone (a tally, a catalogue of
/// groups read batch by batch): equal and hashed as its `GroupKey`, so numbers by value.
public struct GroupValue: Hashable, Sendable {
    public let value: Value

    public init(_ value: Value) {
        self.value = value
    }

    public static func == (lhs: GroupValue, rhs: GroupValue) -> Bool {
        GroupKey.value(lhs.value) == GroupKey.value(rhs.value)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(GroupKey.value(value)._rawHashValue(seed: 0))
    }
}
