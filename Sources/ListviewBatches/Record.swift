import ListviewValues

/// One row of input: field values in order, named by a shared `RecordShape`.
///
/// A record from a JSON object keeps exactly the object's keys (a missing key is
/// absent, not null); a record from CSV has one value per column.
public struct Record: Sendable {
    public let shape: RecordShape
    public private(set) var values: [Value]

    /// A record whose values line up with `shape.names`; extra values are dropped, missing ones become null.
    public init(shape: RecordShape, values: [Value]) {
        var values = values
        if values.count > shape.names.count {
            values.removeSubrange(shape.names.count...)
        } else {
            while values.count < shape.names.count { values.append(.null) }
        }
        self.shape = shape
        self.values = values
    }

    /// A record built by hand from name–value pairs (a repeated name keeps its last value).
    public init(_ pairs: KeyValuePairs<String, Value>) {
        let object = ObjectValue(keys: pairs.map(\.key), values: pairs.map(\.value))
        self.init(shape: RecordShape(names: object.keys), values: object.values)
    }

    /// Field names in order.
    public var names: [String] { shape.names }

    /// The fields in order.
    public var fields: Zip2Sequence<[String], [Value]> { zip(shape.names, values) }

    /// The value of top-level field `name`, or nil when the record has no such field.
    public subscript(name: String) -> Value? {
        guard let position = shape.position(of: name) else { return nil }
        return values[position]
    }

    /// The value of schema column `column`, or nil when the record has no such field.
    public func value(column: Int) -> Value? {
        guard let position = shape.position(ofColumn: column) else { return nil }
        return values[position]
    }

    /// Replaces the value of an existing field; returns false when the record has no field `name`.
    @discardableResult
    public mutating func setValue(_ value: Value, for name: String) -> Bool {
        guard let position = shape.position(of: name) else { return false }
        values[position] = value
        return true
    }

    /// The record as a JSON object value.
    public var objectValue: Value { .object(ObjectValue(keys: shape.names, values: values)) }
}
