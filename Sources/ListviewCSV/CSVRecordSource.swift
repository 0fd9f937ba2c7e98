import Glibc
import ListviewBatches
import ListviewInput
import ListviewValues

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
    /// Quotes group a field's text (CSV); without them a quote is a character like any other (TSV,
    /// which has no quoting).
    public var quoting = true
    /// `\t`, `\n`, `\r` and `\\` in a field stand for a tab, a line feed, a carriage return and a
    /// backslash (TSV's escapes, as listview's `--style tsv`, Miller and tsv-utils write them);
    /// another backslash is text.
    public var backslashEscapes = false
    /// When set, only these columns are read; the others (and a long row's extra cells) are left
    /// out of batches and records. For a caller that looks at a few columns only (`--counts`);
    /// the whole text is still checked as UTF-8.
    public var onlyColumns: Set<String>?
    /// Cells whose whole text is one of these read as null (`--null-value NA`): R's and pandas'
    /// `NA`, `\N`, `-`. Header names are never null.
    public var nullValues: [String] = []
    /// Whether batches measure their columns (widths, numbers) as cells arrive: a table shown
    /// whole reuses those measures; a caller that filters, counts, summarises or streams the
    /// rows never reads them, and turns this off.
    public var measuresColumns = true
    /// Recognises lines that hold a record already known, which are passed over unparsed
    /// (`RowRecognizer`, `CellTable.passedOver`): a keyed diff's unchanged new lines.
    public var recognizer: (any RowRecognizer)?

    public init() {}
}

/// Rows of CSV or TSV text through libcsv, as batches of cells (`CSVBatchAssembler`), pulled
/// chunk by chunk.
///
/// Rows are available as soon as they end, so the first page of a
/// huge file or a slow pipe needs only its first rows. A whole regular file
/// (`cellTable()`) is read in two parts on two cores (`CSVFileParts`).
/// Errors carry the line and column where the parser stopped; a quoted field
/// left open at the end is reported at the line where it began.
public final class CSVRecordSource: RecordSource {
    /// Bytes parsed at a time while streaming: a first page needs a few hundred rows, not a megabyte's worth.
    static let sliceSize = 64 << 10
    /// Bytes parsed at a time when the whole file is read.
    static let wholeFileSliceSize = 128 << 10
    private let input: ByteInput
    private let assembler: CSVBatchAssembler
    private let parser: LibcsvParser
    private var options: CSVOptions
    private let schema: RecordSchema
    private var position = TextPosition()
    /// Where the quoted field open at the end of the last chunk began, and the assembler's event
    /// count then (the same count later: the same field is still open).
    private var openFieldStart: (events: Int, position: TextPosition)?
    /// Where the input's first ill-formed UTF-8 byte is, once one is read.
    private var illFormed = IllFormedUTF8Finder()
    private var finished = false
    private var startedReading = false
    /// Files at least this large are read in two parts on two threads when read whole.
    public var parallelThreshold = 8 << 20
    /// Ragged rows counted outside `assembler`: by the later parts of a file read in parts.
    private var raggedElsewhere = (short: 0, long: 0)
    /// True once a whole file was read in two parts (for tests).
    private(set) var wasReadInParts = false
    /// Line breaks before where this reader starts (a reader of a later part of a file): its
    /// errors are reported at the file's lines.
    var linesBefore = 0
    /// The reader of a later part that read on to the end of the file after the parts did not
    /// join (`CSVFileParts`): its ragged rows count as this input's.
    var continuedBy: CSVRecordSource?

    public convenience init(input: ByteInput, options: CSVOptions = CSVOptions(), schema: RecordSchema) {
        self.init(input: input, assembler: CSVBatchAssembler(hasHeader: options.hasHeader, inferTypes: options.inferTypes,
                                                             onlyColumns: options.onlyColumns, nullValues: options.nullValues, backslashEscapes: options.backslashEscapes),
                  options: options, schema: schema)
    }

    /// A reader that feeds `assembler` (which may already know the header).
    init(input: ByteInput, assembler: CSVBatchAssembler, options: CSVOptions, schema: RecordSchema) {
        self.input = input
        self.options = options
        self.assembler = assembler
        assembler.batch.measuresColumns = options.measuresColumns
        self.schema = schema
        parser = LibcsvParser(assembler: assembler, delimiter: options.delimiter, strict: options.strictQuotes, quoting: options.quoting)
    }

    public var hasCompletedRecord: Bool { assembler.batch.rowCount > 0 || !assembler.batch.passedOver.isEmpty }

    /// The rows libcsv completed, handed on as they are: no record or value per cell.
    public func nextBatch(schema: RecordSchema) throws -> CellTable? {
        while !hasCompletedRecord {
            guard !finished else { return nil }
            try readMore(limit: Self.sliceSize)
        }
        if let header = assembler.header { _ = self.schema.sharedShape(for: header) }
        return assembler.batch.takeCompletedRows()
    }

    public func measureColumns(_ measuring: Bool) {
        options.measuresColumns = measuring
        assembler.batch.measuresColumns = measuring
    }

    public func passOverRows(recognizedBy recognizer: any RowRecognizer) {
        options.recognizer = recognizer
    }

    /// Cuts a file of any size into parts (`RecordSource.readEveryFileInParts`): no threshold.
    public func readEveryFileInParts() {
        parallelThreshold = 0
    }

    /// Every row of the input as one `CellTable`; a large regular file is read in two parts on two
    /// threads. Nil once a batch was read from the source.
    public func cellTable() throws -> CellTable? {
        guard !startedReading else { return nil }
        while assembler.header == nil, !finished { try readMore(limit: Self.sliceSize) }
        if !finished, let size = input.regularFileSize, size >= parallelThreshold, let parts = try parts(every: (size - input.readPosition) / 2 + 1, joined: true) {
            // Two halves on two cores; the later joins as a segment of its own, not copied.
            var table: CellTable?
            func join(_ part: CellTable) {
                // Joined in place: a copy of the table would make the arrays copy themselves to grow.
                if table == nil { table = part } else { table?.join(part, schema: schema) }
            }
            // When the first half did not end where the second began, it reads on by itself.
            wasReadInParts = try parts.readWhole(schema: schema, join: join)
            if let table { assembler.batch = table }
            finished = true
        }
        while !finished { try readMore(limit: Self.wholeFileSliceSize) }
        let table = assembler.batch
        for column in table.columns { _ = schema.column(named: column) }
        // Handed over whole: no row is left to read.
        assembler.batch = CellTable(columns: table.columns, inferTypes: table.inferTypes)
        return table
    }

    /// A reader of the part of a file of `size` bytes from `start` (a row start) to `end` (or the
    /// end of the file), with the columns `assembler` knows.
    static func part(path: String, from start: Int, to end: Int?, of size: Int, assembler: CSVBatchAssembler,
                     options: CSVOptions) throws -> CSVRecordSource {
        // A part's buffer is no larger than the part: parts in flight stay small.
        let input = try ByteInput(path: path, chunkSize: end.map { max(4_096, min(1 << 20, $0 - start)) } ?? 1 << 20)
        try input.startReading(at: start, ofSize: size)
        input.stopOffset = end
        return CSVRecordSource(input: input, assembler: assembler, options: options, schema: RecordSchema())
    }

    /// Reads up to where the input stops (`stopOffset`), or, when `last`, to the end of the input.
    /// True when the reading ended between rows: at a row start, with no field open.
    func readPart(last: Bool) throws -> Bool {
        if last {
            while !finished { try readMore(limit: Self.wholeFileSliceSize) }
            return true
        }
        while try readSlice(limit: Self.wholeFileSliceSize) {}
        return parser.isAtRowStart && assembler.isBetweenRows
    }

    /// Hands over the rows read so far as a table, keeping a row still being read.
    func takeCompletedRows() -> CellTable { assembler.batch.takeCompletedRows() }

    /// Stops at the end of the decompressed block being read (`ByteInput.stopAtTheEndOfItsBlock`);
    /// false when it is the input's last.
    func stopAtTheEndOfItsBlock() -> Bool { input.stopAtTheEndOfItsBlock() }

    /// Reads no further than `offset` of the input.
    func stopReading(at offset: Int) { input.stopOffset = offset }

    /// Reads on past where the input was told to stop, to its end.
    func readOnToTheEnd() { input.stopOffset = nil }

    /// The rest of a large regular file in parts of about `size` bytes, once its header is read.
    public func fileParts(size: Int) throws -> (any FileParts)? {
        try parts(every: size, joined: false)
    }

    /// The rest of a large regular file in parts of about `size` bytes; `joined` when their rows
    /// join one table (measured as `CSVOptions.measuresColumns` says; streamed parts are only
    /// written out, never measured).
    private func parts(every size: Int, joined: Bool) throws -> CSVFileParts? {
        guard !finished, let template = assembler.continuation() else { return nil }
        let measuring = joined && options.measuresColumns
        // A decompressed stream: its blocks after the current one, as they come.
        if let boundary = input.blockBoundary {
            guard !joined, !boundary.atLastBlock else { return nil }
            return CSVFileParts(main: self, cuts: .blocks(input: input, first: boundary.nextBlock, offset: boundary.offset),
                                template: template, options: options, measuring: measuring)
        }
        guard let fileSize = input.regularFileSize, fileSize >= parallelThreshold, let path = input.path else { return nil }
        let cuts = try CSVSplitPoint.cuts(in: input, from: input.readPosition, every: size, size: fileSize)
        guard !cuts.isEmpty else { return nil }
        if joined { assembler.batch.reserveCapacity(bytes: cuts[0] - input.readPosition, cells: (cuts[0] - input.readPosition) / 8) }
        return CSVFileParts(main: self, cuts: .file(path: path, size: fileSize, offsets: cuts), template: template,
                            options: options, measuring: measuring)
    }

    /// Rows with fewer cells than the header, padded with nulls.
    var shortRows: Int { assembler.shortRows + raggedElsewhere.short + (continuedBy?.shortRows ?? 0) }
    /// Rows with more cells than the header, kept under extra columns.
    var longRows: Int { assembler.longRows + raggedElsewhere.long + (continuedBy?.longRows ?? 0) }

    /// Counts the ragged rows of a later part read by another reader.
    func addRaggedRows(of part: CSVRecordSource) {
        raggedElsewhere.short += part.shortRows
        raggedElsewhere.long += part.longRows
    }

    /// Line breaks read so far (from where this reader started).
    var lineBreaksRead: Int { position.line - 1 }

    /// The header's column names (or `1`…`n` without one), once the first row is read.
    public var declaredColumns: [String]? { assembler.header }

    /// Notes on how the input was read, given by whoever opened it (a separator found in the header).
    public var notes: [String] = []

    /// Notes about the input worth a line on stderr: how it was read, and ragged rows.
    public var warnings: [String] {
        var notes = self.notes
        if longRows > 0 {
            notes.append("\(input.name): \(RecordCount.text(longRows, noun: "row")) had more fields than the header (kept as extra columns)")
        }
        if shortRows > 0 {
            notes.append("\(input.name): \(RecordCount.text(shortRows, noun: "row")) had fewer fields than the header (padded with null)")
        }
        return notes
    }

    /// Parses the next chunk of at most `limit` bytes, or ends the input when none is left.
    private func readMore(limit: Int) throws {
        if try readSlice(limit: limit) { return }
        finished = true
        illFormed.finish()
        if illFormed.first != nil { try refuseIllFormedText() }
        let (outcome, openFieldNewlines) = parser.finish()
        if case let .failed(message, _) = outcome {
            // At the opening quote, when it was seen; else at its line.
            if let start = openFieldStart, start.events == assembler.events {
                throw ListviewError.malformedInput(source: input.name, line: start.position.line + linesBefore,
                                                   column: start.position.column, message: message)
            }
            let line = position.line - openFieldNewlines
            throw ListviewError.malformedInput(source: input.name, line: line + linesBefore, column: nil, message: message)
        }
    }

    /// Parses the next chunk of at most `limit` bytes; false when the input (or its part) has no more.
    private func readSlice(limit: Int) throws -> Bool {
        startedReading = true
        return try input.withNextChunk(limit: limit) { chunk in
            // The text up to the first ill-formed byte is parsed, and the field it falls in refused:
            // libcsv never sees that byte (a TSV reader's quote character is such a byte). A
            // character the chunk's end cuts off is held back until the next chunk shows it whole,
            // so libcsv never sees its bytes before they are known to be text either.
            let heldBack = illFormed.heldBack
            let chunkStart = heldBack.withUnsafeBytes { position.advanced(over: $0) }
            let stop = illFormed.scan(chunk, at: chunkStart)
            // The held-back character is ill-formed: nothing more is parsed.
            if stop == 0 && !heldBack.isEmpty { return try refuseIllFormedText() }
            // Still cut off (a chunk shorter than the rest of the character): all of it waits.
            if stop == nil && illFormed.heldBack.count == heldBack.count + chunk.count { return }
            try heldBack.withUnsafeBytes { try parse($0) }
            let end = stop ?? (chunk.count - illFormed.heldBack.count)
            try parse(UnsafeRawBufferPointer(rebasing: chunk[0..<end]))
            if stop != nil { try refuseIllFormedText() }
        }
    }

    /// Parses `bytes`, the next of the input, and moves `position` past them; with a recognizer,
    /// passes over the lines it recognises.
    private func parse(_ bytes: UnsafeRawBufferPointer) throws {
        guard !bytes.isEmpty else { return }
        if let recognizer = options.recognizer, assembler.passesOverRows {
            return try parse(bytes, passingOver: recognizer)
        }
        try parseAll(bytes)
    }

    /// Parses `bytes`, passing over each line `recognizer` recognises that stands where libcsv is
    /// at a row start: the line is then one row of `.text` fields as written, and left out.
    ///
    /// The lines offered are those without a quote (CSV) or a backslash (TSV's escapes), not
    /// after a line with an odd number of quotes (a quoted line break, likely) until another. That
    /// is a guess, and only decides what is offered: a line is passed over only when libcsv, fed
    /// every byte before it, stands at a row start, which the bytes before it either show
    /// (lines without quotes, after a row start) or libcsv is asked once fed them.
    private func parse(_ bytes: UnsafeRawBufferPointer, passingOver recognizer: any RowRecognizer) throws {
        guard let base = bytes.baseAddress else { return }
        let quote: UInt8? = options.quoting ? UInt8(ascii: "\"") : nil
        let escape: UInt8? = options.backslashEscapes ? 0x5C : nil
        /// Each line with its line break, and whether it has a quote.
        var lines: [(bytes: Range<Int>, quoted: Bool)] = []
        var offered: [Range<Int>] = []
        var insideQuotes = false
        var start = 0
        @inline(__always) func has(_ byte: UInt8?, _ line: Range<Int>) -> Bool {
            byte.map { memchr(base + line.lowerBound, Int32($0), line.count) != nil } ?? false
        }
        while start < bytes.count, let newline = memchr(base + start, 0x0A, bytes.count - start) {
            let end = base.distance(to: UnsafeRawPointer(newline))
            var line = start..<end
            if line.count > 0, bytes[end - 1] == 0x0D { line = start..<(end - 1) }
            let quoted = has(quote, line)
            if quoted, let quote, ByteBlock.count(of: quote, in: UnsafeRawBufferPointer(rebasing: bytes[line])) % 2 == 1 {
                insideQuotes.toggle()
            } else if !quoted, !insideQuotes, !line.isEmpty, !has(0x0D, line), !has(escape, line) {
                offered.append(line)
            }
            lines.append((start..<(end + 1), quoted))
            start = end + 1
        }
        let tags = offered.isEmpty ? [] : recognizer.recognize(offered, of: bytes, delimiter: options.delimiter)
        // Bytes not yet fed to libcsv start at `pending`; `atRowStart`: feeding them leaves libcsv at a row start.
        var pending = 0
        var atRowStart = parser.isAtRowStart && assembler.isBetweenRows
        // Where the lines passed over since libcsv was last fed begin: `position` moves past them
        // at once, before libcsv is fed again (whose errors are told from `position`).
        var passedFrom: Int?
        func catchUp() {
            guard let from = passedFrom else { return }
            position.advance(over: UnsafeRawBufferPointer(rebasing: bytes[from..<pending]))
            passedFrom = nil
        }
        let keepsLines = recognizer.keepsLines
        var next = 0
        for (line, quoted) in lines {
            var tag = -1
            var fields = 0..<0
            if next < offered.count, offered[next].lowerBound == line.lowerBound {
                (tag, fields) = (tags[next], offered[next])
                next += 1
            }
            guard tag >= 0 else {
                // A line without a quote leaves libcsv where it found it: at a row start, or not.
                if quoted { atRowStart = false }
                continue
            }
            if pending < line.lowerBound {
                catchUp()
                try parseAll(UnsafeRawBufferPointer(rebasing: bytes[pending..<line.lowerBound]))
                atRowStart = parser.isAtRowStart && assembler.isBetweenRows
            }
            pending = line.lowerBound
            guard atRowStart else { continue }
            assembler.passOver(tag: tag, line: keepsLines ? UnsafeRawBufferPointer(rebasing: bytes[fields]) : nil)
            if passedFrom == nil { passedFrom = line.lowerBound }
            pending = line.upperBound
        }
        catchUp()
        if pending < bytes.count { try parseAll(UnsafeRawBufferPointer(rebasing: bytes[pending...])) }
    }

    /// Parses `bytes` with libcsv, and moves `position` past them.
    private func parseAll(_ bytes: UnsafeRawBufferPointer) throws {
        guard !bytes.isEmpty else { return }
        if case let .failed(message, offset) = parser.parse(bytes) {
            position.advance(over: UnsafeRawBufferPointer(rebasing: bytes[0..<offset]))
            throw ListviewError.malformedInput(source: input.name, line: position.line + linesBefore, column: position.column,
                                               message: message)
        }
        if let length = parser.openQuotedFieldLength(within: bytes.count), openFieldStart?.events != assembler.events {
            openFieldStart = (assembler.events, position.advanced(over: UnsafeRawBufferPointer(rebasing: bytes[0..<(bytes.count - length)])))
        }
        position.advance(over: bytes)
    }

    /// Stops at the input's first ill-formed byte, in the field the parser has begun.
    private func refuseIllFormedText() throws {
        let at = illFormed.first ?? position
        throw ListviewError.malformedInput(source: input.name, line: at.line + linesBefore, column: at.column,
                                           message: "invalid UTF-8 in field \(assembler.pendingFieldNumber)")
    }
}

/// Finds the first ill-formed UTF-8 byte of a text read chunk by chunk, and its position.
struct IllFormedUTF8Finder {
    /// The position of the first ill-formed byte, once found.
    private(set) var first: TextPosition?
    /// The bytes of a character the last chunk's end cut off, and where it began.
    private var carry: [UInt8] = []
    /// The bytes of a character the last chunk's end cut off: not yet known to be text.
    var heldBack: [UInt8] { carry }
    private var carryPosition = TextPosition()

    /// Ends the text: a character it cut off is ill-formed.
    mutating func finish() {
        if first == nil, !carry.isEmpty { first = carryPosition }
    }

    /// Looks through `chunk`, which begins at `position`: the offset of the first ill-formed byte
    /// when it is found in this chunk (0 when it is a character the chunk before began).
    mutating func scan(_ chunk: UnsafeRawBufferPointer, at position: TextPosition) -> Int? {
        guard first == nil, !chunk.isEmpty else { return nil }
        var start = 0
        if !carry.isEmpty {
            // The character the last chunk began, completed from this one.
            let needed = UTF8Check.sequence(startingWith: carry[0])?.length ?? 0
            let taken = min(needed - carry.count, chunk.count)
            let joined = carry + chunk[0..<taken]
            let valid = joined.withUnsafeBytes { UTF8Check.validPrefix($0) == $0.count }
            if !valid, !(joined.count < needed && joined.withUnsafeBytes(UTF8Check.isCutOff)) {
                first = carryPosition
                return 0
            }
            if joined.count < needed {
                carry = joined
                return nil
            }
            carry = []
            start = taken
        }
        let at = start + UTF8Check.validPrefix(UnsafeRawBufferPointer(rebasing: chunk[start...]))
        guard at < chunk.count else { return nil }
        var byte = position
        byte.advance(over: UnsafeRawBufferPointer(rebasing: chunk[0..<at]))
        if UTF8Check.isCutOff(UnsafeRawBufferPointer(rebasing: chunk[at...])) {
            carry = Array(chunk[at...])
            carryPosition = byte
            return nil
        }
        first = byte
        return at
    }
}
