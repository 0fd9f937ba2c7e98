import ListviewValues
import Synchronization

/// The columns seen so far, in first-seen order, and the interned shapes that name them.
///
/// Every loader of one run shares a schema, so several files, or JSON objects
/// with different keys, end up with one column list in the order keys first
/// appeared. Not thread-safe, but for `sharedShape(for:)`: loaders that run
/// on two threads at once (a CSV file read in two halves) take shapes through it.
public final class RecordSchema {
    private let lock = Mutex<Void>(())
    /// Column names in first-seen order.
    public private(set) var columns: [String] = []
    /// The header of the one CSV or TSV input, read as it is (no reshaping), once read: CSV and
    /// TSV output of its rows without `--fields` write this header, a long row's extra cells
    /// after it, whether the rows stream, are held whole or sorted on disk
    /// (`ListRequest.outputFields`). Nil for any other input.
    public var declaredHeader: [String]?
    /// By Unicode scalars: `"é"` and `"e"` + U+0301 are two fields, as JSON has them.
    private var columnByName: [ScalarText: Int] = [:]
    private var shapes: [[String]: RecordShape] = [:]
    private var lastShape: RecordShape?

    public init() {}

    /// A schema of `columns`, numbered in that order.
    public convenience init(columns: [String]) {
        self.init()
        for name in columns { _ = column(named: name) }
    }

    /// The column number of `name`, adding it when new.
    public func column(named name: String) -> Int {
        if let column = columnByName[ScalarText(name)] { return column }
        let column = columns.count
        columns.append(name)
        columnByName[ScalarText(name)] = column
        return column
    }

    /// The columns that at least one of `records` has, in first-seen order.
    @inlinable
    public func columns<Records: Sequence>(presentIn records: Records) -> [String] where Records.Element == Record {
        var present = [Bool](repeating: false, count: columns.count)
        var lastShape: ObjectIdentifier?
        for record in records {
            let identity = ObjectIdentifier(record.shape)
            if identity == lastShape { continue }
            lastShape = identity
            for column in record.shape.columns where column < present.count { present[column] = true }
        }
        return columns.indices.filter { present[$0] }.map { columns[$0] }
    }

    /// The column number of `name`, if seen.
    public func existingColumn(named name: String) -> Int? { columnByName[ScalarText(name)] }

    /// The shape for these unique names, created and interned on first use.
    ///
    /// Consecutive records almost always share a shape, so the last one is
    /// checked first by comparing names, before any hashing.
    public func shape(for names: [String]) -> RecordShape {
        if let last = lastShape, last.names == names { return last }
        if let known = shapes[names] {
            lastShape = known
            return known
        }
        let shape = RecordShape(names: names, columns: names.map { column(named: $0) })
        shapes[names] = shape
        lastShape = shape
        return shape
    }

    /// `shape(for:)` under a lock, for loaders working on several threads at once.
    public func sharedShape(for names: [String]) -> RecordShape {
        lock.withLock { _ in shape(for: names) }
    }

    /// A record from an object's keys and values; repeated keys keep their first position and last value.
    public func record(keys: [String], values: [Value]) -> Record {
        if let last = lastShape, last.names == keys, keys.count == values.count {
            return Record(shape: last, values: values)
        }
        let object = ObjectValue(keys: keys, values: values)
        return Record(shape: shape(for: object.keys), values: object.values)
    }
}
