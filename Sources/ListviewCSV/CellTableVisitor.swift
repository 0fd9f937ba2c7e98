import ListviewCore

/// Keeps every cell of the rows a `CSVRowScanner` finds in a `CellTable` (a plain table of a whole file).
///
/// A short row is padded with missing cells and counted, as the record reader
/// pads and counts it; a long row cannot be held (its extra cells would be extra
/// columns), so the visitor stops taking rows and the file is read the usual way.
struct CellTableVisitor: CSVHalfVisitor {
    private(set) var table: CellTable
    private(set) var shortRows = 0
    private(set) var tookEveryRow = true

    init(columns: [String], inferTypes: Bool) {
        table = CellTable(columns: columns, inferTypes: inferTypes)
    }

    /// Makes room for the cells of `bytes` bytes of rows: a cell takes at least its separator.
    mutating func expect(bytes: Int) {
        table.reserveCapacity(bytes: bytes, cells: bytes / 4)
    }

    mutating func field(_ column: Int, _ bytes: UnsafeRawBufferPointer, escaped: Bool) {
        guard tookEveryRow else { return }
        // A row starts again when the scanner found it unfinished at the end of a chunk and hands it over anew.
        if column == 0 { table.discardPendingRow() }
        table.appendCell(bytes, unquoting: escaped)
    }

    mutating func endRow(fields: Int) {
        guard tookEveryRow else { return }
        if fields < table.columns.count { shortRows += 1 }
        tookEveryRow = table.endRow()
    }

    mutating func append(_ later: CellTableVisitor) {
        tookEveryRow = tookEveryRow && later.tookEveryRow && table.append(later.table)
        shortRows += later.shortRows
    }
}
