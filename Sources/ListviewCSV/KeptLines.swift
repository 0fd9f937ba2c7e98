import ListviewBatches

/// Lines of CSV or TSV that a reader passed over and kept unparsed (`RowRecognizer.keepsLines`),
/// read later onto the end of a table, when a caller finds it needs their cells: a keyed diff
/// past its memory budget reads each old line, and each new line that is not an old one, as it
/// compares a partition.
///
/// A kept line is one the reader offered, at a row start of libcsv's parse: no line break, no
/// CR, no escape, no quote where quotes group text (CSV; TSV's quotes are text), text already
/// checked as UTF-8. Such a line is one row of `.text` cells, each the bytes between two
/// delimiters, as libcsv would have read it there; so it is split at its delimiters here, which
/// costs a small part of a parse. Rows of other tables and rows passed over can be put between
/// the lines (`append(rows:of:schema:)`, `passOver(tag:)`), so that a table holds rows in input
/// order whichever way each was kept.
public final class KeptLines {
    private var table: CellTable
    private let delimiter: UInt8
    private let columnCount: Int

    /// A reader of lines of `columnCount` fields (a header's), apart at `delimiter`, onto the end
    /// of `table`, whose first columns are that header's (and which infers types or not).
    public init(columnCount: Int, delimiter: UInt8, into table: CellTable) {
        self.table = table
        self.delimiter = delimiter
        self.columnCount = columnCount
    }

    /// The rows of the table so far.
    public var rowCount: Int { table.rowCount }

    /// Splits `lines` (ranges of `source`, each a kept line without its line break) onto the end
    /// of the table, a row each; false, and nothing appended, when one of them cannot be a kept
    /// line (empty, a line break in it, or not a field for each header column: a spill file
    /// changed under the run).
    public func append(_ lines: some Collection<Range<Int>>, of source: UnsafeRawBufferPointer) -> Bool {
        guard !lines.isEmpty, let base = source.baseAddress else { return lines.isEmpty }
        // The length of each cell (a local: a property would be checked for exclusive access at each).
        var lengths: [Int] = []
        lengths.reserveCapacity(lines.count * columnCount)
        let delimiter = delimiter
        var wellFormed = true
        // The cells' bytes: each line's, its delimiters left out.
        let text = [UInt8](unsafeUninitializedCapacity: lines.reduce(0) { $0 + $1.count }) { text, count in
            count = 0
            guard let out = text.baseAddress else {
                wellFormed = false
                return
            }
            for line in lines {
                // A blank line is no row (libcsv skips it); the reader keeps none.
                guard !line.isEmpty else {
                    wellFormed = false
                    return
                }
                let cellsBefore = lengths.count
                // Byte by byte: a field is a few bytes, too few for a call to copy each.
                var cellStart = count
                for index in line {
                    let byte = base.load(fromByteOffset: index, as: UInt8.self)
                    if byte == delimiter {
                        lengths.append(count - cellStart)
                        cellStart = count
                    } else if byte == 0x0A || byte == 0x0D {
                        wellFormed = false
                        return
                    } else {
                        out[count] = byte
                        count += 1
                    }
                }
                lengths.append(count - cellStart)
                guard lengths.count - cellsBefore == columnCount else {
                    wellFormed = false
                    return
                }
            }
        }
        guard wellFormed else { return false }
        text.withUnsafeBytes { text in
            lengths.withUnsafeBufferPointer { lengths in
                if table.columns.count == columnCount {
                    table.appendRows(count: lines.count, text: text, lengths: lengths, kinds: nil)
                    return
                }
                // A table with more columns (a long row's, elsewhere in the side): each row ends
                // short of them, as the reader ends such a row.
                var start = 0
                for (index, length) in lengths.enumerated() {
                    table.appendCell(UnsafeRawBufferPointer(rebasing: text[start..<start + length]))
                    start += length
                    if (index + 1) % columnCount == 0 { _ = table.endRow(padding: .absent) }
                }
            }
        }
        return true
    }

    /// Appends `rows` of `other` (joining by `schema`, which names the columns of this one).
    public func append(rows: Range<Int>, of other: CellTable, schema: RecordSchema) {
        table.append(rows: rows, of: other, schema: schema)
    }

    /// Notes a row passed over, tagged `tag`, after the rows so far (`CellTable.passedOver`).
    public func passOver(tag: Int) {
        table.passedOver.append(PassedOverRow(position: table.rowCount, tag: tag))
    }

    /// The table, `next` taking its place for the lines that follow.
    public func take(leaving next: CellTable) -> CellTable {
        defer { table = next }
        return table
    }
}
