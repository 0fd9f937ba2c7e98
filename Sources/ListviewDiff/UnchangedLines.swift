import Glibc
import ListviewBatches
import ListviewQuery
import ListviewValues

/// Recognises the lines of a keyed diff's new side that are an old record byte for byte, so the
/// CSV reader passes them over unparsed (`RowRecognizer`): most records of a diff are unchanged,
/// and such a line needs no cells, no key compared and no field compared.
///
/// A line is one row of `.text` fields as written (the reader offers no line with a quote, an
/// escape or a line break). Its key fields are hashed as the new side's cells would be, which
/// finds the old row of that key in the diff's index; the line is that row when the row's cells
/// are its fields exactly (`CellTable.Cells.sameCells(row:asLine:delimiter:)`), which makes it
/// unchanged under every rule. Its tag is the old row. A line that is not recognised is parsed
/// and compared as ever.
struct UnchangedLines: RowRecognizer {
    let old: CellTable
    let index: RowIndex
    let equality: ValueEquality
    /// The key fields' columns, in the key's order: the same in both sides, whose headers are the same.
    let keyColumns: [Int]

    /// A recognizer for the new side of `comparison` when its header is `newColumns`, the old
    /// side's own, and every key field is a column; else nil.
    init?(_ comparison: StreamedDiff.Comparison, newColumns: [String]) {
        guard !comparison.key.isEmpty, newColumns == comparison.old.columns else { return nil }
        let columns = FieldPairs(comparison.key, old: comparison.old, new: comparison.old).oldColumns
        guard columns.allSatisfy({ $0 >= 0 }) else { return nil }
        (old, index, equality, keyColumns) = (comparison.old, comparison.index, comparison.equality, columns)
    }

    func recognize(_ lines: [Range<Int>], of text: UnsafeRawBufferPointer, delimiter: UInt8) -> [Int] {
        let hashes = lines.map { keyHash(UnsafeRawBufferPointer(rebasing: text[$0]), delimiter: delimiter) }
        var tags = [Int](repeating: -1, count: lines.count)
        old.withCells { cells in
            IndexLookAhead.forEach(hashes, in: index, cells: cells) { place in
                let line = UnsafeRawBufferPointer(rebasing: text[lines[place]])
                tags[place] = index.first(hash: hashes[place]) { cells.sameCells(row: $0, asLine: line, delimiter: delimiter) } ?? -1
            }
        }
        return tags
    }

    /// The hash of the line's key fields, as the matcher hashes a new row's key cells (a line too
    /// short for one hashes as it may: no old row is its cells).
    private func keyHash(_ line: UnsafeRawBufferPointer, delimiter: UInt8) -> UInt64 {
        var hasher = KeyHasher()
        for column in keyColumns { equality.hash((.text, Self.field(column, of: line, delimiter: delimiter)), into: &hasher) }
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
