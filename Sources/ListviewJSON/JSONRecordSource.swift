import ListviewBatches
import ListviewInput
import ListviewValues

/// Records from a JSON document or a JSON Lines stream, as batches of cells
/// (`JSONBatchAssembler`), pulled chunk by chunk.
///
/// Input is read in large chunks and parsed only as far as the next batch needs, so the
/// first records are available before the input ends. A UTF-8 byte order mark at the
/// start is skipped. A large regular file is read in parts on two cores
/// (`JSONFileParts`), as a whole table (`cellTable()`) or batch by batch. Errors carry
/// the line and column (in characters) where the parser stopped: a pipe's are counted
/// as it is read; a regular file is read without counting and, when it turns out to hold
/// an error, read again from its top with counting, past the rows already handed out, so
/// the error is reported where it is.
///
/// Text is parsed by `JSONStreamParser` (yajl 2.1, ported). A regular file of JSON Lines or
/// of a top-level array is parsed by simdjson instead (`SimdjsonParser`), the events replayed
/// into the same assembler, in the same slices and with the same records completed per slice
/// as the stream parser's. At the first slice simdjson does not read (any error, a scalar
/// line, an array not laid out one element per line, a value past 32 MB), the stream parser
/// takes over where it stands (`switchToStreamParser`): it reads the file's top up to that
/// slice again, its rows dropped, and goes on from there; so every batch, error and position
/// is the stream parser's.
public final class JSONRecordSource: RecordSource {
    /// Bytes parsed at a time: a first page needs a few hundred records, not a megabyte's worth.
    static let sliceSize = 64 << 10
    /// Bytes parsed at a time when the whole file is read.
    static let wholeFileSliceSize = 1 << 20
    /// The largest slice a long value grows it to.
    static let largestSliceSize = 256 << 20
    /// The deepest nesting read; deeper input is refused (status 65) rather than risking the stack.
    public static let defaultMaxDepth = 1_000
    /// Files at least this large are read in parts on two threads.
    public var parallelThreshold = 8 << 20

    private var input: ByteInput
    private let path: [String]
    private let isLines: Bool
    private let maxDepth: Int
    /// The only columns whose cells are read (`ReadSpec.onlyColumns`); nil: all.
    private let onlyColumns: Set<String>?
    private let rootObjectIsRecord: Bool
    private let schema: RecordSchema
    private var assembler: JSONBatchAssembler
    private var parser: JSONStreamParser
    /// simdjson's parser, while it reads this input (nil: the stream parser reads it).
    private var fastParser: SimdjsonParser?
    /// The bytes of the input simdjson was given (after a byte order mark): where the stream parser takes over.
    private var fastConsumed = 0
    /// Rows taken out of the assembler since the top (handed out, skipped or read by parts).
    private var rowsTaken = 0
    /// Whether line and column are counted as bytes are parsed (always for a pipe; for a regular
    /// file once it is read again to report an error).
    private var countsPositions: Bool
    private var position = TextPosition()
    /// The last bytes read and where they began, for an error at an escape an earlier chunk began.
    private var recent = RecentBytes()
    private var finished = false
    private var sawContent = false
    private var startedReading = false
    /// Rows handed out so far, here and by the parts of this file.
    private var rowsHandedOut = 0
    /// Rows to leave out when the file is read again from its top: the ones handed out before.
    private var rowsToSkip = 0
    /// Whether rows are measured for a table's layout (`measureColumns`), here and in every part.
    private var measuring = true
    /// True once a whole file was read in parts (for tests).
    private(set) var wasReadInParts = false

    /// Reads `input` as one JSON text, or as JSON Lines when `lines`; `path` selects a nested value first.
    /// `onlyColumns`, when given, are the only columns whose cells are read: the others' values are
    /// passed over (absent), their columns still made.
    /// With `rootObjectIsRecord`, a top-level object is one record of its members (`readsOneDocument`).
    public convenience init(input: ByteInput, lines: Bool, path: [String] = [], schema: RecordSchema,
                            maxDepth: Int = JSONRecordSource.defaultMaxDepth, onlyColumns: Set<String>? = nil, rootObjectIsRecord: Bool = false) {
        self.init(input: input, lines: lines, path: path, schema: schema, maxDepth: maxDepth, onlyColumns: onlyColumns, simdjson: true,
                  rootObjectIsRecord: rootObjectIsRecord)
    }

    /// `init(input:lines:path:schema:maxDepth:onlyColumns:)`, with simdjson only when `simdjson` (tests compare the two).
    init(input: ByteInput, lines: Bool, path: [String] = [], schema: RecordSchema, maxDepth: Int, onlyColumns: Set<String>? = nil,
         simdjson: Bool, rootObjectIsRecord: Bool = false) {
        self.input = input
        self.isLines = lines
        self.path = path
        self.maxDepth = maxDepth
        self.onlyColumns = onlyColumns
        self.schema = schema
        self.rootObjectIsRecord = rootObjectIsRecord
        assembler = JSONBatchAssembler(lines: lines, path: path, maxDepth: maxDepth, onlyColumns: onlyColumns, rootObjectIsRecord: rootObjectIsRecord)
        countsPositions = input.regularFileSize == nil || input.path == nil
        parser = JSONStreamParser(handler: assembler, multipleValues: lines, exactOffsets: countsPositions)
        if simdjson && path.isEmpty && !countsPositions { fastParser = SimdjsonParser(lines: lines, maxDepth: maxDepth) }
    }

    /// True while simdjson reads this input (for tests).
    var readsWithSimdjson: Bool { fastParser != nil }

    /// How many runs of records simdjson's projection read (for tests).
    var projectedParses: Int { fastParser?.projectedParses ?? 0 }

    /// A note when an object was listed member by member but one member holds the list that was
    /// probably meant (`{"total_count":3,"items":[…]}`): `--path items` lists its elements.
    public var warnings: [String] {
        guard assembler.membersListed > 0, assembler.arrayMembers.count == 1, let list = assembler.arrayMembers.first else { return [] }
        let members = RecordCount.text(assembler.membersListed, noun: "member")
        let elements = RecordCount.text(list.count, noun: "element")
        let pathText = (path + [list.name]).joined(separator: ".")
        return ["\(input.name): listed the object's \(members); its list '\(list.name)' holds \(elements): --path \(pathText) lists them"]
    }

    public var hasCompletedRecord: Bool { assembler.completedRows > 0 }

    /// True once the input turned out to be one object, read as one record (`rootObjectIsRecord`).
    public var readsOneDocument: Bool { assembler.readRootObject }

    // MARK: Batches

    /// The rows completed so far as a batch, past any to skip (`rowsToSkip`), their columns
    /// named in this source's schema; nil at the end of the input.
    public func nextBatch(schema: RecordSchema) throws -> CellTable? {
        while true {
            while assembler.completedRows == 0 {
                if finished { return nil }
                try readMore(limit: nextSliceSize())
            }
            var batch = assembler.takeCompletedRows()
            rowsTaken += batch.rowCount
            if rowsToSkip > 0 {
                let skipped = min(rowsToSkip, batch.rowCount)
                rowsToSkip -= skipped
                guard skipped < batch.rowCount else { continue }
                batch = Self.rows(skipped..<batch.rowCount, of: batch, schema: self.schema)
            }
            for column in batch.columns { _ = self.schema.column(named: column) }
            rowsHandedOut += batch.rowCount
            handedOutSinceLastSlice = true
            return batch
        }
    }

    /// Rows `rows` of `table`, as a table of their own.
    private static func rows(_ rows: Range<Int>, of table: CellTable, schema: RecordSchema) -> CellTable {
        var rest = CellTable(columns: [], inferTypes: table.inferTypes)
        rest.nestedDecoder = table.nestedDecoder
        rest.append(rows: rows, of: table, schema: schema)
        return rest
    }

    // MARK: A whole file, and a file in parts

    /// Every record as one `CellTable`; a large regular file of a top-level array or JSON Lines
    /// is read in two parts on two threads. Nil once a batch was read from the source.
    public func cellTable() throws -> CellTable? {
        guard !startedReading else { return nil }
        if let size = input.regularFileSize, let parts = try parts(every: size / 2 + 1) {
            var table: CellTable?
            let schema = self.schema
            func join(_ part: CellTable) {
                guard table != nil else {
                    // The schema numbers the table's columns as the table does: later parts join by name.
                    for column in part.columns { _ = schema.column(named: column) }
                    table = part
                    return
                }
                // Joined in place: a copy of the table would make the arrays copy themselves to grow.
                table?.join(part, schema: schema)
            }
            // When the first part did not end where the second began, the file is read on past the rows joined.
            wasReadInParts = try parts.readWhole(schema: schema, join: join)
            input.stopOffset = nil
            finished = true
            if var table {
                table.nestedDecoder = JSONNestedValue.decode
                for column in table.columns { _ = schema.column(named: column) }
                return table
            }
            return CellTable(columns: [], inferTypes: false)
        }
        if let size = input.regularFileSize {
            // A value takes its text and at least a separator and, in an object, a key: a cell per 16 bytes is generous.
            assembler.reserveCapacity(bytes: size, cells: size / 16)
        }
        while !finished { try readMore(limit: Self.wholeFileSliceSize) }
        let table = assembler.takeCompletedRows()
        rowsTaken += table.rowCount
        for column in table.columns { _ = schema.column(named: column) }
        rowsHandedOut += table.rowCount
        return table
    }

    /// The rest of a large regular JSON or JSON Lines file in parts of about `size` bytes
    /// (`JSONFileParts`); nil when it cannot be cut.
    public func fileParts(size: Int) throws -> (any FileParts)? {
        try parts(every: size)
    }

    private func parts(every size: Int) throws -> JSONFileParts? {
        guard path.isEmpty, !finished, !countsPositions, rowsToSkip == 0, assembler.completedRows == 0,
              let fileSize = input.regularFileSize, fileSize >= parallelThreshold, let filePath = input.path else { return nil }
        let cuts = try JSONFileParts.cuts(in: input, from: input.readPosition, every: size, size: fileSize, lines: isLines)
        guard !cuts.isEmpty else { return nil }
        assembler.reserveCapacity(bytes: cuts[0].end - input.readPosition, cells: (cuts[0].end - input.readPosition) / 16)
        return JSONFileParts(main: self, path: filePath, size: fileSize, cuts: cuts, lines: isLines, maxDepth: maxDepth,
                             simdjson: fastParser != nil)
    }

    /// Reads this file's rows up to `offset` (the first of `JSONFileParts`): its rows, and whether
    /// it stopped between records there (false when anything failed: reading again reports it).
    func readPart(upTo offset: Int) -> (rows: CellTable, ended: Bool) {
        input.stopOffset = offset
        startedReading = true
        var parsed = true
        do {
            while parsed, try input.withNextChunk(limit: Self.wholeFileSliceSize, { bytes in
                if let fastParser {
                    if fastParser.parse(bytes, into: assembler) { return fastConsumed += bytes.count }
                    guard try switchToStreamParser() else { return parsed = false }
                }
                parsed = parser.parse(bytes).isOK
            }) {}
            if parsed, let fastParser, !fastParser.stopBetweenRecords(into: assembler) { parsed = try switchToStreamParser() }
        } catch {
            parsed = false
        }
        var rows = assembler.takeCompletedRows()
        rowsTaken += rows.rowCount
        if rowsToSkip > 0 {
            let skipped = min(rowsToSkip, rows.rowCount)
            rowsToSkip -= skipped
            rows = Self.rows(skipped..<rows.rowCount, of: rows, schema: schema)
        }
        return (rows, parsed && assembler.isBetweenRecords)
    }

    /// An assembler for this input's records (a part's, or the records read again).
    func newAssembler() -> JSONBatchAssembler {
        let assembler = JSONBatchAssembler(lines: isLines, path: path, maxDepth: maxDepth, onlyColumns: onlyColumns, rootObjectIsRecord: rootObjectIsRecord)
        assembler.measuresColumns = measuring
        return assembler
    }

    /// Measures the rows read from now on for a table's layout, or not (rows only written out,
    /// counted or shaped have no use for it): `RecordSource.measureColumns`.
    public func measureColumns(_ measuring: Bool) {
        self.measuring = measuring
        assembler.measuresColumns = measuring
    }

    /// Cuts a file of any size into parts (`RecordSource.readEveryFileInParts`): no threshold.
    public func readEveryFileInParts() {
        parallelThreshold = 0
    }

    /// Counts rows handed out by the parts of this file.
    func countHandedOut(_ rows: Int) { rowsHandedOut += rows }

    /// Reads on from the top of the file, past every row handed out (the parts did not join).
    func readOnFromTheTop() throws -> any RecordSource {
        try startAgain(countingPositions: countsPositions)
        return self
    }

    // MARK: Reading

    /// Starts over from the top of the file, past the rows already handed out.
    private func startAgain(countingPositions: Bool) throws {
        guard let filePath = input.path else { return }
        input = try ByteInput(path: filePath)
        assembler = newAssembler()
        parser = JSONStreamParser(handler: assembler, multipleValues: isLines, exactOffsets: countingPositions)
        if fastParser != nil { fastParser = SimdjsonParser(lines: isLines, maxDepth: maxDepth) }
        (fastConsumed, rowsTaken) = (0, 0)
        countsPositions = countingPositions
        (position, recent, finished, sawContent) = (TextPosition(), RecentBytes(), false, false)
        (startedSlices, handedOutSinceLastSlice, currentSliceSize) = (0, false, Self.sliceSize)
        // Every row handed out since the top is skipped (`rowsHandedOut` keeps counting them all).
        rowsToSkip = rowsHandedOut
    }

    /// Hands the reading over to the stream parser where simdjson stands (after `fastConsumed`
    /// bytes), as if it had read from the top: a parser and assembler of its own read those bytes
    /// again and drop the rows taken out so far. False when that read fails (the two parsers
    /// disagree about the bytes read): the caller then reads the file again from the top.
    private func switchToStreamParser() throws -> Bool {
        fastParser = nil
        guard let filePath = input.path else { return false }
        let again = try ByteInput(path: filePath)
        let streamAssembler = newAssembler()
        let streamParser = JSONStreamParser(handler: streamAssembler, multipleValues: isLines)
        var remaining = fastConsumed, parsed = true, toDrop = rowsTaken
        while parsed, remaining > 0, try again.withNextChunk(limit: min(remaining, Self.wholeFileSliceSize), { bytes in
            remaining -= bytes.count
            parsed = streamParser.parse(bytes).isOK
        }) {
            // Rows taken out already are dropped as they complete (a batch's worth held at most).
            if streamAssembler.completedRows <= toDrop {
                toDrop -= streamAssembler.completedRows
                _ = streamAssembler.takeCompletedRows()
            }
        }
        guard parsed, remaining == 0, streamAssembler.completedRows >= toDrop else { return false }
        // Rows taken out but held with rows that were not (a part's) are skipped as they are taken.
        rowsToSkip += toDrop
        (assembler, parser) = (streamAssembler, streamParser)
        return true
    }

    /// Slices parsed so far.
    private(set) var startedSlices = 0
    /// True once a record was handed out since the last slice was parsed.
    private var handedOutSinceLastSlice = false
    /// Bytes parsed at a time: doubled while a value runs on without completing a record (a
    /// 200 MB string is read in a few large slices, not thousands of small ones), back to
    /// `sliceSize` once records complete.
    private var currentSliceSize = JSONRecordSource.sliceSize

    /// The size of the next slice (see `currentSliceSize`); the first is a quarter of it, so a
    /// first page is shown (and reshaped, `--flatten`) from a few dozen records.
    private func nextSliceSize() -> Int {
        if startedSlices == 0 && !handedOutSinceLastSlice {
            startedSlices = 1
            currentSliceSize = Self.sliceSize / 4
            return currentSliceSize
        }
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

    /// Parses the next chunk of at most `limit` bytes, or ends the input when none is left. A
    /// failure in a file read without counting positions starts the file again, counting them.
    private func readMore(limit: Int) throws {
        startedReading = true
        var failure: (message: String, offset: Int)?
        var readAgain = false
        let more = try input.withNextChunk(limit: limit) { bytes in
            if !sawContent { sawContent = bytes.contains { !TextPosition.isWhitespace($0) } }
            if let fastParser {
                if fastParser.parse(bytes, into: assembler) { return fastConsumed += bytes.count }
                guard try switchToStreamParser() else { return readAgain = true }
            }
            if case let .failed(message, offset) = parser.parse(bytes) {
                failure = (message, offset)
                if countsPositions {
                    position = offset < 0 ? recent.position(at: offset) : position.advanced(over: UnsafeRawBufferPointer(rebasing: bytes[0..<offset]))
                }
                return
            }
            // Where an error may yet be put that lies in these bytes though a later chunk finds it.
            if countsPositions { recent.keep(bytes, advancing: &position, marking: parser.cutTokenError) }
        }
        if readAgain { return try startAgain(countingPositions: false) }
        if let failure { return try refuse(failure.message) }
        guard !more else { return }
        if let fastParser {
            // The stream parser says what an input of no value is.
            if (isLines || sawContent) && fastParser.finish(into: assembler) { return finished = true }
            guard try switchToStreamParser() else { return try startAgain(countingPositions: false) }
        }
        finished = true
        if !isLines && !sawContent {
            return try refuse("no JSON value (the input is empty)")
        }
        // Input of only blank lines is zero JSON Lines records, though the parser calls it a premature end.
        if sawContent, case let .failed(message, offset) = parser.finish() {
            // Before the end: in an escape the text ends in, which the parser was given only now.
            if countsPositions && offset < 0 { position = recent.position(at: offset) }
            return try refuse(message)
        }
        if !path.isEmpty && !assembler.foundTarget {
            throw ListviewError.malformedInput(source: input.name, line: nil, column: nil,
                                               message: "no value at path '\(path.joined(separator: "."))'")
        }
    }

    /// Reports `message` where the parse stands; without positions counted, reads the file again
    /// from the top, counting them, to meet the error again where it is.
    private func refuse(_ message: String) throws {
        guard countsPositions else { return try startAgain(countingPositions: true) }
        throw ListviewError.malformedInput(source: input.name, line: position.line, column: position.column, message: message)
    }
}
