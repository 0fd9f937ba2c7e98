import ListviewValues

/// Reads a fixed list of columns from record after record, remembering where each
/// sits in the last record shape seen, so a table does not look names up per cell.
///
/// Records of one input share a few shapes, usually one, so the positions are
/// found once per shape change. A path that is not a top-level name (`customer.name`)
/// is followed through nested values as `FieldPath.value(in:)` does.
public final class ColumnReader {
    public let paths: [FieldPath]
    private var shape: RecordShape?
    private var positions: [Int?] = []

    public init(_ paths: [FieldPath]) {
        self.paths = paths
    }

    /// The value of column `index` in `record`, or nil when the record lacks it.
    @inline(__always)
    public func value(_ index: Int, in record: Record) -> Value? {
        if shape !== record.shape {
            shape = record.shape
            positions = paths.map { record.shape.position(of: $0.text) }
        }
        if let position = positions[index] { return record.values[position] }
        return paths[index].value(in: record)
    }

    /// Every column's value in `record`, in order.
    public func values(of record: Record) -> [Value?] {
        var result: [Value?] = []
        result.reserveCapacity(paths.count)
        for index in paths.indices { result.append(value(index, in: record)) }
        return result
    }
}
