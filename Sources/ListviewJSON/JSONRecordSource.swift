import ListviewBatches
import ListviewInput
import ListviewValues

/// Records from a JSON document or a JSON Lines stream, pulled chunk by chunk.
///
/// Input is read in large chunks and parsed only as far as the next record
/// needs, so the first records are available before the input ends. A UTF-8
/// byte order mark at the start is skipped. Errors carry the line and column
/// (in characters) where the parser stopped.
public final class JSONRecordSource: RecordSource {
    /// Bytes parsed at a time: a first page needs a few hundred records, not a megabyte's worth.
    static let sliceSize = 64 << 10
    /// The largest slice a long value grows it to.
    static let largestSliceSize = 256 << 20
    /// Slices parsed so far.
    private(set) var startedSlices = 0
    /// True once a record was handed out since the last slice was parsed.
    private var handedOutSinceLastSlice = false
    /// The deepest nesting read; deeper input is refused (status 65) rather than risking the stack.
    public static let defaultMaxDepth = 1_000

    private var input: ByteInput
    private let assembler: JSONRecordAssembler

    /// A note when an object was listed member by member but one member holds the list that was
    /// probably meant (`{"total_count":3,"items":[…]}`): `--path items` lists its elements.
    public var warnings: [String] {
        guard assembler.membersListed > 0, assembler.arrayMembers.count == 1, let list = assembler.arrayMembers.first else { return [] }
        let members = RecordCount.text(assembler.membersListed, noun: "member")
        let elements = RecordCount.text(list.count, noun: "element")
        let pathText = (path + [list.name]).joined(separator: ".")
        return ["\(input.name): listed the object's \(members); its list '\(list.name)' holds \(elements): --path \(pathText) lists them"]
    }
    private let parser: YajlParser
    private let path: [String]
    private let isLines: Bool
    private let maxDepth: Int
    private var position = TextPosition()
    /// The last bytes read and where they began, for an error at an escape an earlier chunk began.
    private var recent = RecentBytes()
    private var finished = false
    private var sawContent = false
    private var startedReading = false
    /// Files at least this large are read for a cell table in two halves on two threads.
    public var parallelThreshold = 8 << 20

    /// Reads `input` as one JSON text, or as JSON Lines when `lines`; `path` selects a nested value first.
    public init(input: ByteInput, lines: Bool, path: [String] = [], schema: RecordSchema,
                maxDepth: Int = JSONRecordSource.defaultMaxDepth) {
        self.input = input
        self.isLines = lines
        self.path = path
        self.maxDepth = maxDepth
        assembler = JSONRecordAssembler(schema: schema, path: path, objectIsRecord: lines, maxDepth: maxDepth)
        parser = YajlParser(handler: assembler, multipleValues: lines)
    }

    public var hasCompletedRecord: Bool {
        batchWay == .cells ? (cellBatches?.builder.completedRows ?? 0) > 0 : assembler.hasCompletedRecord
    }

    /// How batches are made: straight from yajl's events while a regular file turns out to hold a
    /// list of flat objects (`JSONCellTableBuilder`), else from records.
    private enum BatchWay { case undecided, cells, records }
    private var batchWay = BatchWay.undecided
    /// The parser of `.cells` batches.
    private var cellBatches: JSONCellParser?
    /// Rows handed out in `.cells` batches.
    private var cellRowsHandedOut = 0

    /// The rows completed so far as a batch: of cells straight from the events for a regular file
    /// of flat objects, else of records. When a file read in cells turns out to be more than flat
    /// objects (or anything is wrong with it), it is read again as records from its start, the
    /// rows already handed out skipped: so what is listed and every error are the record reader's.
    public func nextBatch(schema: RecordSchema) throws -> CellTable? {
        if batchWay == .undecided {
            let plain = !startedReading && path.isEmpty && input.regularFileSize != nil && input.path != nil
            batchWay = plain ? .cells : .records
            if plain { cellBatches = JSONCellParser(lines: isLines, maxDepth: maxDepth) }
        }
        if batchWay == .cells, let cells = cellBatches {
            if let batch = try nextCellBatch(cells, schema: schema) { return batch }
            if batchWay == .cells { return nil }
        }
        var records = self
        var batch = try records.nextBatchOfRecords(schema: schema)
        batch?.nestedDecoder = JSONNestedValue.decode
        return batch
    }

    /// The next batch of cells, nil at the end of the input or once it must be read as records.
    private func nextCellBatch(_ cells: JSONCellParser, schema: RecordSchema) throws -> CellTable? {
        startedReading = true
        while cells.builder.completedRows == 0 {
            if finished { return nil }
            var parsed = true
            let more = try input.withNextChunk(limit: nextSliceSize()) { parsed = cells.feed($0) }
            guard parsed else { return try readAgainAsRecords() }
            if !more {
                // The input ended: it was all flat objects if the parse ends cleanly with some.
                guard cells.finish(), cellRowsHandedOut + cells.builder.completedRows > 0 else { return try readAgainAsRecords() }
                finished = true
            }
        }
        guard cells.builder.completedRows > 0 else { return nil }
        let batch = cells.takeRows()
        // Rows without a column are not objects' (a top-level object's members): the record reader lists those.
        guard !batch.columns.isEmpty else { return try readAgainAsRecords() }
        for column in batch.columns { _ = schema.column(named: column) }
        cellRowsHandedOut += batch.rowCount
        handedOutSinceLastSlice = true
        return batch
    }

    /// The rest of a large regular JSON or JSON Lines file in parts of about `size` bytes
    /// (`JSONFileParts`), while its batches are made of cells; nil otherwise.
    public func fileParts(size: Int) throws -> (any FileParts)? {
        guard batchWay == .cells, !finished, let fileSize = input.regularFileSize, fileSize >= parallelThreshold,
              let path = input.path else { return nil }
        let cuts = try JSONFileParts.cuts(in: input, from: input.readPosition, every: size, size: fileSize, lines: isLines)
        guard !cuts.isEmpty else { return nil }
        return JSONFileParts(main: self, path: path, size: fileSize, cuts: cuts, lines: isLines, maxDepth: maxDepth)
    }

    /// Reads this file's cells up to `offset` (the first part of `JSONFileParts`): its rows, and
    /// whether it stopped between records there; nil when it failed.
    func readCells(upTo offset: Int) -> (rows: CellTable, ended: Bool)? {
        guard batchWay == .cells, let cells = cellBatches else { return nil }
        input.stopOffset = offset
        var parsed = true
        do {
            while parsed, try input.withNextChunk(limit: Self.sliceSize, { parsed = cells.feed($0) }) {}
        } catch {
            return nil
        }
        return (cells.takeRows(), parsed && cells.builder.isBetweenRecords)
    }

    /// Counts rows handed out elsewhere (by the parts of this file), for reading on as records.
    func countHandedOut(_ rows: Int) { cellRowsHandedOut += rows }

    /// Reads on as records from the top of the file, past every row handed out (parts did not join).
    func readOnAsRecords() throws -> any RecordSource {
        input.stopOffset = nil
        _ = try readAgainAsRecords()
        return self
    }

    /// Starts over as a record reader from the top of the file, past the rows already handed out.
    private func readAgainAsRecords() throws -> CellTable? {
        guard let path = input.path else { return nil }
        batchWay = .records
        cellBatches = nil
        input = try ByteInput(path: path)
        (position, finished, sawContent, startedSlices, handedOutSinceLastSlice) = (TextPosition(), false, false, 0, false)
        currentSliceSize = Self.sliceSize
        for _ in 0..<cellRowsHandedOut where try next() == nil { break }
        return nil
    }

    public func next() throws -> Record? {
        while !assembler.hasCompletedRecord && !finished {
            try readMore()
        }
        let record = assembler.nextCompleted()
        if record != nil { handedOutSinceLastSlice = true }
        return record
    }

    /// Every record as a `CellTable`, when the input is a regular file holding an array of flat
    /// objects (or JSON Lines of them) and nothing was read yet: a plain table of the whole file
    /// without a value per cell (`JSONTableReader`). Nil otherwise, and for anything the parser or
    /// the UTF-8 check refuses: reading the records then lists or reports it as usual.
    public func cellTable() throws -> CellTable? {
        guard !startedReading, path.isEmpty else { return nil }
        let reader = JSONTableReader(input: input, lines: isLines, maxDepth: maxDepth, parallelThreshold: parallelThreshold)
        guard var table = try reader.read()?.table else { return nil }
        finished = true
        table.nestedDecoder = JSONNestedValue.decode
        return table
    }

    /// Bytes parsed at a time: doubled while a value runs on without completing a record (yajl
    /// lexes a token split over slices again from its start each time: growing slices keep a
    /// 200 MB string linear), back to `sliceSize` once records complete.
    private var currentSliceSize = JSONRecordSource.sliceSize

    /// The size of the next slice (see `currentSliceSize`).
    private func nextSliceSize() -> Int {
        if handedOutSinceLastSlice {
            currentSliceSize = Self.sliceSize
        } else if startedSlices > 0 {
            currentSliceSize = min(currentSliceSize * 2, Self.largestSliceSize)
            input.growChunks(to: currentSliceSize)
        }
        handedOutSinceLastSlice = false
        startedSlices += 1
        return currentSliceSize
    }

    private func readMore() throws {
        startedReading = true
        let more = try input.withNextChunk(limit: nextSliceSize()) { chunk in
            let bytes = chunk
            if !sawContent { sawContent = bytes.contains { !TextPosition.isWhitespace($0) } }
            if case let .failed(message, offset) = parser.parse(bytes) {
                position = offset < 0 ? recent.position(at: offset) : position.advanced(over: UnsafeRawBufferPointer(rebasing: bytes[0..<offset]))
                throw malformed(message)
            }
            recent.keep(bytes, advancing: &position)
        }
        guard !more else { return }
        finished = true
        if !isLines && !sawContent {
            throw malformed("no JSON value (the input is empty)")
        }
        // Input of only blank lines is zero JSON Lines records, though yajl calls it a premature end.
        if sawContent, case let .failed(message, _) = parser.finish() {
            throw malformed(message)
        }
        if !path.isEmpty && !assembler.foundTarget {
            throw ListviewError.malformedInput(source: input.name, line: nil, column: nil,
                                               message: "no value at path '\(path.joined(separator: "."))'")
        }
    }

    private func malformed(_ message: String) -> ListviewError {
        .malformedInput(source: input.name, line: position.line, column: position.column, message: message)
    }
}
