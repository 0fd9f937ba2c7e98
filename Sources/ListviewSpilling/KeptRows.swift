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
    ///
    /// The table's columns are the schema's, in its order, as joining rows by name needs: a first
    /// batch whose columns are in another order (a later run's, read from a part of a file whose
    /// first records name their fields in another order) joins an empty table of the schema's
    /// columns row by row, rather than standing as the table.
    public mutating func add(_ batch: CellTable, rows kept: [RowRef], schema: RecordSchema) {
        let offset = table.rowCount
        if !started {
            started = true
            for column in batch.columns { _ = schema.column(named: column) }
            if schema.columns.starts(with: batch.columns) {
                (table, rows) = (batch, kept)
            } else {
                table = CellTable(columns: schema.columns, inferTypes: batch.inferTypes)
                table.nestedDecoder = batch.nestedDecoder
                table.measuresColumns = batch.measuresColumns
                table.append(rows: kept.lazy.map(\.row), of: batch, schema: schema)
                rows = (0..<table.rowCount).map(RowRef.init)
            }
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
