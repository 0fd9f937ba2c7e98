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

    /// The number this value holds, as a `Double`, or nil when it is not a number.
    public var numericValue: Double? {
        if case .number(let text) = self { return Double(text) }
        return nil
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
        guard let index = keys.firstIndex(of: key) else { return nil }
        return values[index]
    }

    /// The members in order.
    public var members: Zip2Sequence<[String], [Value]> { zip(keys, values) }
}

/// Merges repeated keys in place: the first position, the last value.
enum DuplicateKeys {
    static func merge(keys: inout [String], values: inout [Value]) {
        guard keys.count > 1, hasDuplicates(keys) else { return }
        var firstIndex: [String: Int] = [:]
        var mergedKeys: [String] = []
        var mergedValues: [Value] = []
        for (key, value) in zip(keys, values) {
            if let index = firstIndex[key] {
                mergedValues[index] = value
            } else {
                firstIndex[key] = mergedKeys.count
                mergedKeys.append(key)
                mergedValues.append(value)
            }
        }
        keys = mergedKeys
        values = mergedValues
    }

    static func hasDuplicates(_ keys: [String]) -> Bool {
        if keys.count <= 12 {
            for i in keys.indices {
                for j in keys.index(after: i)..<keys.endIndex where keys[i] == keys[j] {
                    return true
                }
            }
            return false
        }
        return Set(keys).count != keys.count
    }
}
