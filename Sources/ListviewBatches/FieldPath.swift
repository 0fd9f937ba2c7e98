import ListviewValues

/// A field named on the command line: `status`, `customer.name`, `tags.0`.
///
/// A name that is itself a top-level key (a CSV header `a.b`) is that key;
/// otherwise dots step into nested objects (by key) and arrays (by index).
public struct FieldPath: Hashable, Sendable, CustomStringConvertible {
    /// The text as written.
    public let text: String
    /// The dot-separated components.
    public let components: [String]

    public init(_ text: String) {
        self.text = text
        self.components = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }

    public var description: String { text }

    /// The value at this path in `record`, or nil when any step is missing.
    public func value(in record: Record) -> Value? {
        if let direct = record[text] { return direct }
        guard components.count > 1, var current = record[components[0]] else { return nil }
        for component in components.dropFirst() {
            guard let next = current.child(component) else { return nil }
            current = next
        }
        return current
    }

    /// The value at this path inside `value` (the root stands for the record).
    public func value(in value: Value) -> Value? {
        var current = value
        for component in components {
            guard let next = current.child(component) else { return nil }
            current = next
        }
        return current
    }
}
