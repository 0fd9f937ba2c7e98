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
    let keys: LineKeys

    /// A recognizer for the new side of `comparison` when its header is `newColumns`, the old
    /// side's own, and every key field is a column; else nil.
    init?(_ comparison: StreamedDiff.Comparison, newColumns: [String]) {
        guard newColumns == comparison.old.columns, let keys = LineKeys(comparison.key, columns: newColumns, equality: comparison.equality) else { return nil }
        (old, index, self.keys) = (comparison.old, comparison.index, keys)
    }

    func recognize(_ lines: [Range<Int>], of text: UnsafeRawBufferPointer, delimiter: UInt8) -> [Int] {
        let hashes = lines.map { keys.hash(UnsafeRawBufferPointer(rebasing: text[$0]), delimiter: delimiter) }
        var tags = [Int](repeating: -1, count: lines.count)
        old.withCells { cells in
            IndexLookAhead.forEach(hashes, in: index, cells: cells) { place in
                let line = UnsafeRawBufferPointer(rebasing: text[lines[place]])
                tags[place] = index.first(hash: hashes[place]) { cells.sameCells(row: $0, asLine: line, delimiter: delimiter) } ?? -1
            }
        }
        return tags
    }
}
