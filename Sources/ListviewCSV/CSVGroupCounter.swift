import ListviewCore

/// Counts the rows of a CSV or TSV file per combination of a few columns' values, straight
/// from the bytes (`--counts`): no libcsv callback, `String` or record per row.
///
/// The file is read with `CSVRowScanner`, in two halves on two threads when it
/// is large (cut where `CSVSplitPoint` finds a row start; the first half must
/// end exactly there). The answer is the one `CSVRecordSource` would give, or
/// none at all: input the scanner does not take as plain CSV (stray or open
/// quotes, invalid UTF-8, a UTF-16 or UTF-32 byte order mark) makes `count()`
/// return nil, and the caller reads the file the usual way, which reports it.
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

    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// The counts, or nil when the file is not a regular file or not plain CSV (see above).
    func count() throws -> Counts? {
        guard let size = input.regularFileSize, let scanner = CSVRowScanner(delimiter: options.delimiter) else { return nil }
        // The first row: the header, or (without one) the first record, which sets the column count.
        var firstRowReader = CSVRangeReader(input: input, start: 0, stop: nil)
        _ = try firstRowReader.fill()
        let textStart = firstRowReader.pending.starts(with: Self.byteOrderMark) ? Self.byteOrderMark.count : 0
        firstRowReader.skip(textStart)
        if ByteInput.wideEncoding(startingWith: Array(firstRowReader.pending.prefix(4))) != nil { return nil }
        var firstRow = FirstRowVisitor()
        guard try firstRowReader.scan(with: scanner, into: &firstRow, maxRows: 1) else { return nil }
        guard let first = firstRow.cells else {
            return Counts(header: [], keys: ByteKeyCounter(), shortRows: 0, longRows: 0, groupColumns: [])
        }
        let header = options.hasHeader ? ColumnNames.unique(first.map { String(decoding: $0, as: UTF8.self) })
                                       : (1...max(1, first.count)).map(String.init)
        var groupColumns: [Int] = []
        for field in groupFields {
            // A name the header lacks could only name an extra cell of a long row: left to the record reader.
            guard let column = header.firstIndex(of: field.text) else { return nil }
            groupColumns.append(column)
        }
        let rowsStart = options.hasHeader ? firstRowReader.position : textStart
        let visitor = GroupKeyVisitor(groupColumns: groupColumns, columnCount: header.count)

        var firstHalf = CSVRangeReader(input: input, start: rowsStart, stop: nil)
        var secondHalf: CountedHalf?
        if size >= parallelThreshold, size / 2 > rowsStart,
           let cut = try CSVSplitPoint.find(in: input, after: size / 2), cut < size {
            firstHalf = CSVRangeReader(input: input, start: rowsStart, stop: cut)
            secondHalf = CountedHalf(reader: CSVRangeReader(input: input, start: cut, stop: nil), scanner: scanner, visitor: visitor)
        }
        var counted = visitor
        let firstHalfIsPlain: Bool
        do {
            firstHalfIsPlain = try firstHalf.scan(with: scanner, into: &counted)
        } catch {
            _ = try? secondHalf?.finish()
            throw error
        }
        if let secondHalf {
            guard let later = try secondHalf.finish(), firstHalfIsPlain else { return nil }
            counted.add(later)
        } else if !firstHalfIsPlain {
            return nil
        }
        return Counts(header: header, keys: counted.counts, shortRows: counted.shortRows, longRows: counted.longRows,
                      groupColumns: groupColumns, readInHalves: secondHalf != nil)
    }
}

/// The second half of a file, counted on another thread.
private final class CountedHalf: @unchecked Sendable {
    private var outcome: Result<GroupKeyVisitor?, Error> = .success(nil)
    private var thread: BackgroundThread?

    init(reader: CSVRangeReader, scanner: CSVRowScanner, visitor: GroupKeyVisitor) {
        thread = BackgroundThread { [self] in
            var reader = reader
            var visitor = visitor
            outcome = Result { try reader.scan(with: scanner, into: &visitor) ? visitor : nil }
        }
    }

    /// Waits for the half: its counts, or nil when it was not plain CSV.
    func finish() throws -> GroupKeyVisitor? {
        thread?.wait()
        return try outcome.get()
    }
}
