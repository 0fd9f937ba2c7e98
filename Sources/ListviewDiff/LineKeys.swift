import Glibc
import ListviewBatches
import ListviewQuery
import ListviewValues

/// The key of a line of delimited text that a reader offers unparsed (`RowRecognizer`), hashed
/// as the matcher hashes the key cells the line would be read as: each field of such a line is
/// a `.text` cell of its bytes.
struct LineKeys: Sendable {
    /// The key fields' columns, in the key's order.
    let columns: [Int]
    let equality: ValueEquality

    /// The key of lines read under `columns` (a header); nil unless every key field is one of them.
    init?(_ key: [FieldPath], columns: [String], equality: ValueEquality) {
        let header = CellTable(columns: columns, inferTypes: false)
        let keyColumns = FieldPairs(key, old: header, new: header).oldColumns
        guard !key.isEmpty, keyColumns.allSatisfy({ $0 >= 0 }) else { return nil }
        (self.columns, self.equality) = (keyColumns, equality)
    }

    /// The hash of the line's key fields, as the matcher hashes a row's key cells (a line too
    /// short for one hashes as it may: no row read has its cells).
    func hash(_ line: UnsafeRawBufferPointer, delimiter: UInt8) -> UInt64 {
        var hasher = KeyHasher()
        for column in columns { equality.hash((.text, Self.field(column, of: line, delimiter: delimiter)), into: &hasher) }
        return hasher.value
    }

    /// Field `column` of `line` (the empty end of the line when it has fewer fields).
    private static func field(_ column: Int, of line: UnsafeRawBufferPointer, delimiter: UInt8) -> UnsafeRawBufferPointer {
        guard let base = line.baseAddress else { return line }
        var start = 0
        for _ in 0..<column {
            guard let next = memchr(base + start, Int32(delimiter), line.count - start) else { return UnsafeRawBufferPointer(rebasing: line[line.count...]) }
            start = base.distance(to: UnsafeRawPointer(next)) + 1
        }
        let end = memchr(base + start, Int32(delimiter), line.count - start).map { base.distance(to: UnsafeRawPointer($0)) } ?? line.count
        return UnsafeRawBufferPointer(rebasing: line[start..<end])
    }
}
