import ListviewBatches

/// A presenter of row references into a table it is handed, a batch at a time while
/// streaming or once for a whole list: the machine styles, which write rows straight
/// from their cells.
public protocol TableRowPresenter: ListPresenter where Item == RowRef {
    /// The table the next rows come from.
    mutating func use(_ table: CellTable)
}

extension TableRowPresenter {
    /// One row, written as rows are (`rows(_:into:)`).
    public mutating func row(_ item: RowRef, into sink: OutputSink) throws {
        try rows([item][...], into: sink)
    }
}

/// Lays out rows of one table as bytes, on both cores for many rows (`OrderedBlockWriter`).
enum TableRowWriter {
    /// Writes `items` of `table`, `appendRow` appending the bytes of the row at a position
    /// among `items` (it may run on two threads at once, for different rows).
    static func write(_ items: ArraySlice<RowRef>, of table: CellTable, into sink: OutputSink,
                      appendRow: @escaping @Sendable (Int, RowRef, CellTable.Cells, inout [UInt8]) -> Void) throws {
        let start = items.startIndex
        try OrderedBlockWriter.write(count: items.count, into: sink) { range, bytes in
            table.withCells { cells in
                cells.forEachRow(range.lazy.map { items[start + $0].row }) { position, row in
                    appendRow(position, RowRef(row), cells, &bytes)
                }
            }
        }
    }
}
