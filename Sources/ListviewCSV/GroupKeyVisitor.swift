import ListviewBatches
import ListviewInput
import ListviewValues

/// Turns each row's group cells into one byte key and counts it (`CSVGroupCounter`).
///
/// A key holds, for each group field in order, either `0` (the row is too
/// short to have that column: the record reader would pad it with null) or
/// `1`, the length of the cell's text in eight bytes and its text with doubled quotes
/// undone. Rows are also checked against the header's length, as the record
/// reader counts them for its warnings.
struct GroupKeyVisitor: CSVHalfVisitor {
    private let groupColumns: [Int]
    private let columnCount: Int
    /// Whether a column is one of the group columns, for the columns up to the last of them.
    private let wanted: [Bool]
    /// The current row's cells in the group columns (indexed by column), valid up to `endRow`.
    private var cells: [(bytes: UnsafeRawBufferPointer, escaped: Bool)]
    private var key: [UInt8] = []
    private(set) var counts = ByteKeyCounter()
    var shortRows = 0
    var longRows = 0

    init(groupColumns: [Int], columnCount: Int) {
        self.groupColumns = groupColumns
        self.columnCount = columnCount
        let width = (groupColumns.max() ?? -1) + 1
        var wanted = [Bool](repeating: false, count: width)
        for column in groupColumns { wanted[column] = true }
        self.wanted = wanted
        cells = Array(repeating: (UnsafeRawBufferPointer(start: nil, count: 0), false), count: width)
    }

    /// Merges the counts of a later part of the same file.
    mutating func append(_ later: GroupKeyVisitor) {
        counts.add(later.counts)
        shortRows += later.shortRows
        longRows += later.longRows
    }

    mutating func field(_ column: Int, _ bytes: UnsafeRawBufferPointer, escaped: Bool) {
        if column < wanted.count && wanted[column] { cells[column] = (bytes, escaped) }
    }

    mutating func endRow(fields: Int) {
        if fields < columnCount { shortRows += 1 } else if fields > columnCount { longRows += 1 }
        key.removeAll(keepingCapacity: true)
        for column in groupColumns {
            guard column < fields else {
                key.append(0)
                continue
            }
            let cell = cells[column]
            key.append(1)
            let lengthAt = key.count
            key.append(contentsOf: repeatElement(0, count: 8))
            if cell.escaped { CellTable.appendUnquoted(cell.bytes, to: &key) } else { key.append(contentsOf: cell.bytes) }
            let length = UInt64(key.count - lengthAt - 8).littleEndian
            key.withUnsafeMutableBytes { $0.storeBytes(of: length, toByteOffset: lengthAt, as: UInt64.self) }
        }
        key.withUnsafeBytes { counts.add($0) }
    }

    /// The group fields' values a key stands for, as the record reader makes cells: numbers
    /// when `inferTypes` and the text reads as one, null for a missing cell.
    static func values(of key: UnsafeRawBufferPointer, inferTypes: Bool) -> [Value] {
        var values: [Value] = []
        var index = 0
        while index < key.count {
            let present = key[index] == 1
            index += 1
            guard present, index + 8 <= key.count else {
                values.append(.null)
                continue
            }
            let length = UInt64(littleEndian: key.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            index += 8
            let end = index + Int(min(UInt64(key.count - index), length))
            values.append(CellTable.value(of: UnsafeRawBufferPointer(rebasing: key[index..<end]), inferTypes: inferTypes))
            index = end
        }
        return values
    }

}

/// Keeps the cells of the first row (the header, or the first record without one).
struct FirstRowVisitor: CSVFieldVisitor {
    private var pending: [[UInt8]] = []
    private(set) var cells: [[UInt8]]?

    mutating func field(_ column: Int, _ bytes: UnsafeRawBufferPointer, escaped: Bool) {
        var text: [UInt8] = []
        if escaped { CellTable.appendUnquoted(bytes, to: &text) } else { text.append(contentsOf: bytes) }
        pending.append(text)
    }

    mutating func endRow(fields: Int) {
        cells = pending
        pending = []
    }
}
