/// One typed value from the input: what a JSON value or a CSV cell becomes.
///
/// Values keep what the source said: a number keeps its source text (`1.50` stays
/// `1.50`, `1e400` stays `1e400`), and objects keep their keys in the order they
/// were written. `Value` is a plain enum with no class payloads of its own, so a
/// million records cost a million small arrays, not ten million objects.
public enum Value: Hashable, Sendable {
    case null
    case bool(Bool)
    /// A number, as its source text; see `Value.numericValue` for arithmetic.
    case number(String)
    case string(String)
    case array([Value])
    case object(ObjectValue)

    /// The number this value holds as its nearest `Double` (by the number rule's reading,
    /// `NumberRule.reading`), or nil when it is not a number.
    public var numericValue: Double? {
        guard case .number(let text) = self else { return nil }
        var bytes = text
        return bytes.withUTF8 { NumberText.doubleValue(UnsafeRawBufferPointer($0)) }
    }

    /// True for `.null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// True for arrays and objects.
    public var isContainer: Bool {
        switch self {
        case .array, .object: return true
        default: return false
        }
    }

    /// The member at `component` of an object (by key) or an array (by decimal index).
    public func child(_ component: String) -> Value? {
        switch self {
        case .object(let object):
            return object[component]
        case .array(let elements):
            guard let index = Int(component), index >= 0, index < elements.count else { return nil }
            return elements[index]
        default:
            return nil
        }
    }
}

extension Value {
    /// Two values are equal when they hold the same Unicode scalars, not merely canonically
    /// equivalent ones as Swift's `String` has it (`"é"` and `"e"` + U+0301 are two strings, as
    /// JSON and every other reader tell them apart): texts and keys by their UTF-8 bytes.
    public static func == (lhs: Value, rhs: Value) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.number(a), .number(b)), let (.string(a), .string(b)): return a.hasSameScalars(as: b)
        case let (.array(a), .array(b)): return a == b
        case let (.object(a), .object(b)): return a == b
        default: return false
        }
    }

    /// Hashed as `==` compares: texts by their UTF-8 bytes.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0 as UInt8)
        case .bool(let flag): hasher.combine(1 as UInt8); hasher.combine(flag)
        case .number(let text): hasher.combine(2 as UInt8); text.hashScalars(into: &hasher)
        case .string(let text): hasher.combine(3 as UInt8); text.hashScalars(into: &hasher)
        case .array(let elements): hasher.combine(4 as UInt8); hasher.combine(elements)
        case .object(let object): hasher.combine(5 as UInt8); hasher.combine(object)
        }
    }
}

extension String {
    /// Whether the two hold the same Unicode scalars (the same UTF-8 bytes). Swift's `==` holds
    /// canonically equivalent strings equal too (`"é"` and `"e"` + U+0301), which JSON does not.
    @inlinable
    public func hasSameScalars(as other: String) -> Bool {
        let (mine, theirs) = (utf8, other.utf8)
        guard mine.count == theirs.count else { return false }
        if let same = mine.withContiguousStorageIfAvailable({ mine in
            theirs.withContiguousStorageIfAvailable { theirs in ByteWord.same(UnsafeRawBufferPointer(mine), UnsafeRawBufferPointer(theirs)) }
        }), let same {
            return same
        }
        return mine.elementsEqual(theirs)
    }

    /// How the two order by their Unicode scalars: negative, zero or positive. Swift's `==`
    /// (canonical equivalence, fast on its bytes) goes first: texts it tells apart differ in
    /// their scalars too.
    @inlinable
    public func compareScalars(to other: String) -> Int {
        if self == other && hasSameScalars(as: other) { return 0 }
        return unicodeScalars.lexicographicallyPrecedes(other.unicodeScalars) ? -1 : 1
    }

    /// Whether the Unicode scalars of `prefix` begin these (its UTF-8 bytes begin these bytes),
    /// where `hasPrefix` takes canonically equivalent spellings for one.
    @inlinable
    public func hasScalarPrefix(_ prefix: String) -> Bool { utf8.starts(with: prefix.utf8) }

    /// Feeds the UTF-8 bytes to `hasher` (as `hasSameScalars` compares).
    @inlinable
    public func hashScalars(into hasher: inout Hasher) {
        hasher.combine(utf8.count)
        if utf8.withContiguousStorageIfAvailable({ hasher.combine(bytes: UnsafeRawBufferPointer($0)) }) == nil {
            for byte in utf8 { hasher.combine(byte) }
        }
    }
}

/// A JSON object: keys and values in source order, keys unique.
///
/// Stored as two parallel arrays rather than a dictionary, so order is kept and
/// small objects (the common case) stay cheap to build and to scan.
public struct ObjectValue: Hashable, Sendable {
    public private(set) var keys: [String]
    public private(set) var values: [Value]

    /// Builds an object; a key given twice keeps its first position and its last value, as jq does.
    public init(keys: [String], values: [Value]) {
        var keys = keys
        var values = values
        let count = min(keys.count, values.count)
        keys.removeSubrange(count...)
        values.removeSubrange(count...)
        DuplicateKeys.merge(keys: &keys, values: &values)
        self.keys = keys
        self.values = values
    }

    public init(_ pairs: KeyValuePairs<String, Value>) {
        self.init(keys: pairs.map(\.key), values: pairs.map(\.value))
    }

    public var count: Int { keys.count }

    public subscript(key: String) -> Value? {
        guard let index = keys.firstIndex(where: { $0.hasSameScalars(as: key) }) else { return nil }
        return values[index]
    }

    /// The members in order.
    public var members: Zip2Sequence<[String], [Value]> { zip(keys, values) }

    /// The same keys (by their Unicode scalars, as `Value` compares texts) in the same order, with equal values.
    public static func == (lhs: ObjectValue, rhs: ObjectValue) -> Bool {
        lhs.keys.count == rhs.keys.count && zip(lhs.keys, rhs.keys).allSatisfy { $0.hasSameScalars(as: $1) } && lhs.values == rhs.values
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(keys.count)
        for key in keys { key.hashScalars(into: &hasher) }
        hasher.combine(values)
    }
}

/// The rule for a key an object gives twice, written once for every form an object takes (its
/// values, a row's cells, a nested cell's JSON text): the key keeps its first position and its
/// last value, as jq does.
public enum DuplicateKeys {
    /// For each distinct key, in the order keys first appear, the offset in `keys` of its last
    /// occurrence: the value it keeps.
    public static func kept<Keys: Collection>(_ keys: Keys) -> [Int] where Keys.Element: Hashable {
        var slotOfKey: [Keys.Element: Int] = [:]
        var kept: [Int] = []
        for (offset, key) in keys.enumerated() {
            if let slot = slotOfKey[key] {
                kept[slot] = offset
            } else {
                slotOfKey[key] = kept.count
                kept.append(offset)
            }
        }
        return kept
    }

    /// Merges repeated keys in place (`kept`).
    static func merge(keys: inout [String], values: inout [Value]) {
        guard keys.count > 1, hasDuplicates(keys) else { return }
        let kept = kept(keys.map(ScalarText.init))
        keys = kept.map { keys[$0] }
        values = kept.map { values[$0] }
    }

    static func hasDuplicates(_ keys: [String]) -> Bool {
        if keys.count <= 12 {
            for i in keys.indices {
                for j in keys.index(after: i)..<keys.endIndex where keys[i].hasSameScalars(as: keys[j]) {
                    return true
                }
            }
            return false
        }
        return Set(keys.map(ScalarText.init)).count != keys.count
    }
}

/// A text compared and hashed by its Unicode scalars (`String.hasSameScalars`): a dictionary key
/// for field names and texts, which Swift's `String` would merge when canonically equivalent.
public struct ScalarText: Hashable, Sendable {
    public let text: String

    public init(_ text: String) {
        self.text = text
    }

    public static func == (lhs: ScalarText, rhs: ScalarText) -> Bool { lhs.text.hasSameScalars(as: rhs.text) }

    public func hash(into hasher: inout Hasher) { text.hashScalars(into: &hasher) }
}
