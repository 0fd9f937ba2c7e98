import ListviewBatches
import ListviewInput

/// The records of `source`, at most `limit`, read batch by batch as the pipeline reads them
/// (`RecordSource.nextBatch`) and each row viewed as a record, named and numbered by `schema`
/// (give the source's own schema to see its column numbers and shared shapes).
///
/// What a test compares with what another way of reading gives: a whole table, parts of a
/// file, a stream. An error in the input is thrown as the batch that meets it is read. With a
/// `limit`, the rows past it in the last batch read are dropped, not left for a later read.
public func readRecords(from source: inout some RecordSource, limit: Int = .max, schema: RecordSchema = RecordSchema()) throws -> [Record] {
    var records: [Record] = []
    while records.count < limit, let batch = try source.nextBatch(schema: schema) {
        // A shape cache numbers a table's own columns: one per batch.
        let shapes = RecordShapeCache()
        for row in 0..<min(batch.rowCount, limit - records.count) {
            let record = batch.record(at: row, shapes: shapes)
            records.append(schema.record(keys: record.names, values: record.values))
        }
    }
    return records
}
