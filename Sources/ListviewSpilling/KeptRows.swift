import ListviewBatches

/// The kept rows of a stream's batches joined into one table, batch after batch: a whole list's
/// rows, or the rows gathered for the next run on disk (`SortedRuns`).
public struct KeptRows {
    public private(set) var table = CellTable(columns: [], inferTypes: false)
    public private(set) var rows: [RowRef] = []
    private var started = false

    public init() {}

    /// Joins the kept `rows` of the next batch's `table`: its cells as they are when its columns
    /// continue the table's, else row by row, by name (`schema`).
    public mutating func add(_ batch: CellTable, rows kept: [RowRef], schema: RecordSchema) {
        let offset = table.rowCount
        if !started {
            (table, rows, started) = (batch, kept, true)
        } else if table.append(batch) {
            rows += kept.lazy.map { RowRef($0.row + offset) }
        } else {
            table.append(rows: kept.lazy.map(\.row), of: batch, schema: schema)
            rows += (offset..<table.rowCount).map(RowRef.init)
        }
        // Table columns are schema columns: rows of other files join them by name.
        for column in table.columns { _ = schema.column(named: column) }
    }

    /// The memory the rows take, about: their text, and a cell's end and kind.
    public var estimatedBytes: Int { table.estimatedBytes }
}
