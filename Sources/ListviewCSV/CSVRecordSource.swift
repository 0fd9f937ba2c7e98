import ListviewCore

/// How a CSV or TSV input is read.
public struct CSVOptions: Sendable {
    /// The field separator: `,` for CSV, tab for TSV, or `--delimiter`.
    public var delimiter: UInt8 = UInt8(ascii: ",")
    /// The first row names the columns; without it columns are `1`…`n`.
    public var hasHeader = true
    /// Cells that read as numbers become numbers (their text unchanged); off with `--no-infer`.
    public var inferTypes = true
    /// Strict quoting (RFC 4180) rejects stray quotes; lenient (`--lazy-quotes`) keeps them as text.
    public var strictQuotes = true
    /// When set, only these columns' cells are decoded; the others read as null. For a caller that
    /// looks at a few columns only (`--counts`): their text is checked as UTF-8 but never turned into values.
    public var onlyColumns: Set<String>?

    public init() {}
}

/// Records from CSV or TSV text through libcsv, pulled chunk by chunk.
///
/// Records are available as soon as their row ends, so the first page of a
/// huge file or a slow pipe needs only its first rows. Errors carry the line
/// and column where the parser stopped; a quoted field left open at the end
/// is reported at the line where it began.
public final class CSVRecordSource: RecordSource {
    /// Bytes parsed at a time: a first page needs a few hundred rows, not a megabyte's worth.
    static let sliceSize = 64 << 10
    private let input: ByteInput
    private let assembler: CSVRecordAssembler
    private let parser: LibcsvParser
    private let options: CSVOptions
    private var position = TextPosition()
    private var finished = false
    /// Files at least this large are read in two halves on two threads when the caller reads them whole.
    public var parallelThreshold = 8 << 20
    private var readsToEnd = false
    /// The second half of the file, being read on another thread, once the cut is made.
    private var secondHalf: CSVSecondHalf?
    /// The second half's records, handed out after this reader's own.
    private var handedOver: IndexingIterator<[Record]>?
    /// Ragged rows counted outside `assembler`: by the second half's reader, or by `countGroups`.
    private var secondHalfRaggedRows = (short: 0, long: 0)
    private var startedReading = false
    /// Bytes a straight-from-the-bytes read (`cellTable()`) takes at a time; tests make it small.
    var byteScanChunkSize = 1 << 20
    /// True once a second half's records were handed over (for tests).
    var wasReadInHalves: Bool { handedOver != nil }

    public convenience init(input: ByteInput, options: CSVOptions = CSVOptions(), schema: RecordSchema) {
        let assembler = CSVRecordAssembler(schema: schema, hasHeader: options.hasHeader, inferTypes: options.inferTypes,
                                           onlyColumns: options.onlyColumns)
        self.init(input: input, assembler: assembler, options: options)
    }

    /// A reader that feeds `assembler` (which may already know the header).
    init(input: ByteInput, assembler: CSVRecordAssembler, options: CSVOptions) {
        self.input = input
        self.options = options
        self.assembler = assembler
        parser = LibcsvParser(assembler: assembler, delimiter: options.delimiter, strict: options.strictQuotes)
    }

    deinit { secondHalf?.cancel() }

    public func next() throws -> Record? {
        while !assembler.hasCompletedRecord && !finished && handedOver == nil {
            try readMore()
        }
        if let record = assembler.nextCompleted() { return record }
        return handedOver?.next()
    }

    /// The caller will read every record: a large regular file may then be read in two halves at once.
    public func willReadToEnd() {
        readsToEnd = true
    }

    /// Counts a regular file's rows per group straight from its bytes (`CSVGroupCounter`), with the
    /// answer reading the records would give; nil when the input is a pipe, was already read from,
    /// or is not plain CSV (then reading the records reports or keeps what is irregular).
    public func countGroups(by fields: [FieldPath]) throws -> GroupTally? {
        guard !startedReading, !fields.isEmpty else { return nil }
        let counter = CSVGroupCounter(input: input, options: options, groupFields: fields, parallelThreshold: parallelThreshold)
        guard let counts = try counter.count() else { return nil }
        finished = true
        secondHalfRaggedRows = (counts.shortRows, counts.longRows)
        var tally = GroupTally(fields: fields)
        guard !counts.header.isEmpty else { return tally }
        let shape = assembler.schema.sharedShape(for: counts.header)
        counts.keys.forEach { key, count in
            var values = [Value](repeating: .null, count: counts.header.count)
            for (column, value) in zip(counts.groupColumns, GroupKeyVisitor.values(of: key, inferTypes: options.inferTypes)) {
                values[column] = value
            }
            tally.add(Record(shape: shape, values: values), count: count)
        }
        return tally
    }

    /// Every row of a regular file as a `CellTable`, read straight from its bytes (a plain table of
    /// the whole file); nil when the input is a pipe, was already read from, holds no rows, has a
    /// row longer than its header, or is not plain CSV (then reading the records handles it).
    public func cellTable() throws -> CellTable? {
        guard !startedReading else { return nil }
        let scan = CSVByteScan(input: input, options: options, parallelThreshold: parallelThreshold, chunkSize: byteScanChunkSize)
        guard let start = try scan.start(), !start.header.isEmpty else { return nil }
        let visitor = CellTableVisitor(columns: start.header, inferTypes: options.inferTypes)
        guard let (read, _) = try scan.scanRows(from: start, into: visitor), read.table.rowCount > 0 else { return nil }
        finished = true
        secondHalfRaggedRows = (read.shortRows, 0)
        _ = assembler.schema.sharedShape(for: start.header)
        return read.table
    }

    /// Rows with fewer cells than the header, padded with nulls.
    var shortRows: Int { assembler.shortRows + secondHalfRaggedRows.short }
    /// Rows with more cells than the header, kept under extra columns.
    var longRows: Int { assembler.longRows + secondHalfRaggedRows.long }

    /// The header's column names (or `1`…`n` without one), once the first row is read.
    public var declaredColumns: [String]? { assembler.headerNames }

    /// Notes about the input worth a line on stderr: ragged rows.
    public var warnings: [String] {
        var notes: [String] = []
        if longRows > 0 {
            notes.append("\(input.name): \(RowCount.text(longRows)) had more fields than the header (kept as extra columns)")
        }
        if shortRows > 0 {
            notes.append("\(input.name): \(RowCount.text(shortRows)) had fewer fields than the header (padded with null)")
        }
        return notes
    }

    private func readMore() throws {
        startedReading = true
        let more = try input.withNextChunk(limit: Self.sliceSize) { chunk in
            let outcome = parser.parse(chunk)
            try check()
            if case let .failed(message, offset) = outcome {
                position.advance(over: UnsafeRawBufferPointer(rebasing: chunk[0..<offset]))
                throw ListviewError.malformedInput(source: input.name, line: position.line, column: position.column, message: message)
            }
            position.advance(over: chunk)
        }
        if more {
            if readsToEnd && secondHalf == nil { try startSecondHalf() }
            return
        }
        if let secondHalf {
            // This reader stopped at the cut: the halves join when it ended exactly between rows there.
            self.secondHalf = nil
            if parser.isAtRowStart && assembler.isBetweenRows {
                handedOver = try secondHalf.finish(linesBefore: position.line - 1).makeIterator()
                secondHalfRaggedRows = (secondHalf.shortRows, secondHalf.longRows)
                return
            }
            secondHalf.cancel()  // the cut fell inside a quoted field: read on from here instead
            input.stopOffset = nil
            return
        }
        finished = true
        let (outcome, openFieldNewlines) = parser.finish()
        try check()
        if case let .failed(message, _) = outcome {
            let line = position.line - openFieldNewlines
            throw ListviewError.malformedInput(source: input.name, line: line, column: nil, message: message)
        }
    }

    /// Cuts a large regular file in two once the header is known: another thread reads the
    /// second half while this reader reads up to the cut.
    private func startSecondHalf() throws {
        guard let continuation = assembler.continuation() else { return }  // once the header is read
        readsToEnd = false  // one try per input
        guard let path = input.path, let size = input.regularFileSize, size >= parallelThreshold,
              let cut = try CSVSplitPoint.find(in: input, after: max(size / 2, input.readPosition)), cut < size else { return }
        secondHalf = try CSVSecondHalf(path: path, start: cut, assembler: continuation, options: options)
        input.stopOffset = cut
    }

    /// A refusal from the assembler (invalid UTF-8), reported at the line it reached.
    private func check() throws {
        if let refusal = assembler.refusal {
            throw ListviewError.malformedInput(source: input.name, line: assembler.line, column: nil, message: refusal)
        }
    }
}

/// `1 row`, `3 rows`.
enum RowCount {
    static func text(_ count: Int) -> String { count == 1 ? "1 row" : "\(count) rows" }
}
