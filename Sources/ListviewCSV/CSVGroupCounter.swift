import ListviewBatches
import ListviewInput
import ListviewValues

/// Counts the rows of a CSV or TSV file per combination of a few columns' values, straight
/// from the bytes (`--counts`): no libcsv callback, `String` or record per row.
///
/// The file is read by `CSVByteScan`, in two halves on two threads when it is
/// large. The answer is the one `CSVRecordSource` would give, or none at all:
/// input that is not plain CSV makes `count()` return nil, and the caller reads
/// the file the usual way, which reports it.
struct CSVGroupCounter {
    /// The counts of one file.
    struct Counts {
        /// The column names, as the record reader would give them.
        var header: [String]
        /// Each combination of group cells, as bytes (see `GroupKeyVisitor`), with its row count.
        var keys: ByteKeyCounter
        var shortRows: Int
        var longRows: Int
        /// The group fields' columns, in the order of the fields.
        var groupColumns: [Int]
        /// True when the file was read in two halves on two threads.
        var readInHalves = false
    }

    let input: ByteInput
    let options: CSVOptions
    let groupFields: [FieldPath]
    /// Files at least this large are read in two halves on two threads.
    var parallelThreshold = 8 << 20

    /// The counts, or nil when the file is not a regular file or not plain CSV (see above).
    func count() throws -> Counts? {
        let scan = CSVByteScan(input: input, options: options, parallelThreshold: parallelThreshold)
        guard let start = try scan.start() else { return nil }
        guard !start.header.isEmpty else {
            return Counts(header: [], keys: ByteKeyCounter(), shortRows: 0, longRows: 0, groupColumns: [])
        }
        var groupColumns: [Int] = []
        for field in groupFields {
            // A name the header lacks could only name an extra cell of a long row: left to the record reader.
            guard let column = start.header.firstIndex(of: field.text) else { return nil }
            groupColumns.append(column)
        }
        let visitor = GroupKeyVisitor(groupColumns: groupColumns, columnCount: start.header.count)
        guard let (counted, readInHalves) = try scan.scanRows(from: start, into: visitor) else { return nil }
        return Counts(header: start.header, keys: counted.counts, shortRows: counted.shortRows, longRows: counted.longRows,
                      groupColumns: groupColumns, readInHalves: readInHalves)
    }
}
