import ListviewBatches
import ListviewInput
import ListviewValues

/// A visitor that can be run over the two halves of a file at once, a copy per half,
/// and then take in the second half's findings.
protocol CSVHalfVisitor: CSVFieldVisitor {
    /// Takes in what a copy of this visitor found in the rest of the file.
    mutating func append(_ later: Self)
    /// False when a row did not fit what the visitor builds (the file is then read the usual way).
    var tookEveryRow: Bool { get }
    /// Says how many bytes of rows this copy will see, and keep when the later half is appended to it.
    mutating func expect(bytes: Int)
}

extension CSVHalfVisitor {
    var tookEveryRow: Bool { true }
    mutating func expect(bytes: Int) {}
}

/// Reads a regular CSV or TSV file straight from its bytes with `CSVRowScanner`, for a run that
/// needs less than a record per row (`--counts`, a plain table): the header first, then every
/// row through a visitor, in two halves on two threads when the file is large.
///
/// The halves are cut where `CSVSplitPoint` finds a row start, and the first
/// half must end exactly there. Input the scanner does not take as plain CSV
/// (stray or open quotes, invalid UTF-8, a UTF-16 or UTF-32 byte order mark)
/// gives nil, and the caller reads the file the usual way, which reports it.
struct CSVByteScan {
    /// Where the rows begin, and what the first row said.
    struct Start {
        /// The column names, as the record reader would give them; empty for a file with no rows.
        var header: [String]
        /// The file offset of the first row of records.
        var rowsStart: Int
        var size: Int
        var scanner: CSVRowScanner
    }

    let input: ByteInput
    let options: CSVOptions
    /// Files at least this large are read in two halves on two threads.
    var parallelThreshold = 8 << 20
    /// Bytes read at a time (a test makes rows straddle many chunks).
    var chunkSize = 1 << 20

    /// The header, or nil when the file is not a regular file or its first row is not plain CSV.
    func start() throws -> Start? {
        guard let size = input.regularFileSize, let scanner = CSVRowScanner(delimiter: options.delimiter) else { return nil }
        // The first row: the header, or (without one) the first record, which sets the column count.
        var firstRowReader = CSVRangeReader(input: input, start: 0, stop: nil)
        _ = try firstRowReader.fill()
        let bom = ByteInput.utf8ByteOrderMark
        let textStart = firstRowReader.pending.starts(with: bom) ? bom.count : 0
        firstRowReader.skip(textStart)
        if ByteInput.wideEncoding(startingWith: Array(firstRowReader.pending.prefix(4))) != nil { return nil }
        var firstRow = FirstRowVisitor()
        guard try firstRowReader.scan(with: scanner, into: &firstRow, maxRows: 1) else { return nil }
        guard let first = firstRow.cells else { return Start(header: [], rowsStart: size, size: size, scanner: scanner) }
        let header = options.hasHeader ? ColumnNames.unique(first.map { String(decoding: $0, as: UTF8.self) })
                                       : (1...max(1, first.count)).map(String.init)
        return Start(header: header, rowsStart: options.hasHeader ? firstRowReader.position : textStart, size: size, scanner: scanner)
    }

    /// Every row after `start` handed to `visitor`: what it found, and whether the file was read in
    /// two halves; nil when the rows are not plain CSV or the visitor did not take every row.
    func scanRows<Visitor: CSVHalfVisitor>(from start: Start, into visitor: Visitor) throws -> (visitor: Visitor, readInHalves: Bool)? {
        var visited = visitor
        var plain = true
        let (input, chunkSize, scanner, size) = (input, chunkSize, start.scanner, start.size)
        let inHalves = try ParallelFileRead.read(
            cut: { () -> Int? in
                guard size >= parallelThreshold, size / 2 > start.rowsStart else { return nil }
                return try CSVSplitPoint.find(in: input, after: size / 2).flatMap { $0 < size ? $0 : nil }
            },
            later: { cut in
                var reader = CSVRangeReader(input: input, start: cut, stop: nil, chunkSize: chunkSize)
                var later = visitor
                later.expect(bytes: size - cut)
                return try reader.scan(with: scanner, into: &later) && later.tookEveryRow ? later : nil
            },
            first: { cut in
                var reader = CSVRangeReader(input: input, start: start.rowsStart, stop: cut, chunkSize: chunkSize)
                visited.expect(bytes: size - start.rowsStart)
                return try reader.scan(with: scanner, into: &visited) && visited.tookEveryRow
            },
            join: { later in
                visited.append(later)
                return true
            },
            rest: {
                visited = visitor
                visited.expect(bytes: size - start.rowsStart)
                var reader = CSVRangeReader(input: input, start: start.rowsStart, stop: nil, chunkSize: chunkSize)
                plain = try reader.scan(with: scanner, into: &visited) && visited.tookEveryRow
            })
        return plain ? (visited, inHalves) : nil
    }
}
