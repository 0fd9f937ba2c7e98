import ListviewBatches
import ListviewValues

/// A presenter of row references into a table it is handed, a batch at a time while
/// streaming or once for a whole list: the machine styles, which write rows straight
/// from their cells.
public protocol TableRowPresenter: ListPresenter where Item == RowRef {
    /// The table the next rows come from.
    mutating func use(_ table: CellTable)
    /// How rows of the table in use are laid out, when a row's bytes do not depend on the rows
    /// before it (JSON Lines, CSV, TSV): rows can then be laid out anywhere, in any part of the
    /// input, and joined. Nil when they do depend (a JSON array's commas).
    var standaloneRows: StandaloneRows? { get }
}

extension TableRowPresenter {
    /// One row, written as rows are (`rows(_:into:)`).
    public mutating func row(_ item: RowRef, into sink: OutputSink) throws {
        try rows([item][...], into: sink)
    }
}

/// The layout of rows of one table whose bytes stand alone (`TableRowPresenter.standaloneRows`).
// Unchecked: `appendRow` only reads the formatter it closes over and writes the `ByteOutput` it is given,
// so two threads laying out different rows share nothing they write.
public struct StandaloneRows: @unchecked Sendable {
    /// Appends the bytes of one row, read from the table's cells.
    public typealias AppendRow = (Int, CellTable.Cells, inout ByteOutput) -> Void

    let table: CellTable
    let appendRow: AppendRow

    public init(table: CellTable, appendRow: @escaping AppendRow) {
        self.table = table
        self.appendRow = appendRow
    }

    /// Appends `items`, in order, on this thread.
    public func append(_ items: ArraySlice<RowRef>, to bytes: inout ByteOutput) {
        table.withCells { cells in
            cells.forEachRow(items.lazy.map(\.row)) { _, row in appendRow(row, cells, &bytes) }
        }
    }

    /// Writes `items`, laid out on both cores for many rows.
    public func write(_ items: ArraySlice<RowRef>, into sink: OutputSink) throws {
        let start = items.startIndex
        try OrderedBlockWriter.write(count: items.count, into: sink) { [self] range, bytes in
            append(items[(start + range.lowerBound)..<(start + range.upperBound)], to: &bytes)
        }
    }
}

/// Lays out rows of one table as bytes, on both cores for many rows (`OrderedBlockWriter`).
enum TableRowWriter {
    /// Writes `items` of `table`, `appendRow` appending the bytes of the row at a position
    /// among `items` (it may run on two threads at once, for different rows).
    static func write(_ items: ArraySlice<RowRef>, of table: CellTable, into sink: OutputSink,
                      appendRow: @escaping @Sendable (Int, RowRef, CellTable.Cells, inout ByteOutput) -> Void) throws {
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
