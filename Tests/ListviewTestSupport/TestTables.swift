import ListviewBatches
import ListviewValues

public extension CellTable {
    /// A table of records given as keys and values, through one schema.
    static func of(_ records: [KeyValuePairs<String, Value>]) -> CellTable {
        let schema = RecordSchema()
        var table = CellTable(columns: [], inferTypes: false)
        for pairs in records { table.append(schema.record(keys: pairs.map(\.key), values: pairs.map(\.value)), schema: schema) }
        return table
    }
}
