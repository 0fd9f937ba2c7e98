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

    private let input: ByteInput
    private let assembler: JSONRecordAssembler
    private let parser: YajlParser
    private let path: [String]
    private let isLines: Bool
    private let maxDepth: Int
    private var position = TextPosition()
    private var finished = false
    private var sawContent = false
    private var startedReading = false
    /// Files at least this large are read for a cell table in two halves on two threads.
    var parallelThreshold = 8 << 20

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

    public var hasCompletedRecord: Bool { assembler.hasCompletedRecord }

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

    private func readMore() throws {
        startedReading = true
        if handedOutSinceLastSlice {
            currentSliceSize = Self.sliceSize
        } else if startedSlices > 0 {
            currentSliceSize = min(currentSliceSize * 2, Self.largestSliceSize)
            input.growChunks(to: currentSliceSize)
        }
        handedOutSinceLastSlice = false
        startedSlices += 1
        let more = try input.withNextChunk(limit: currentSliceSize) { chunk in
            let bytes = chunk
            if !sawContent { sawContent = bytes.contains { !TextPosition.isWhitespace($0) } }
            let stray = YajlParser.firstStrayWhitespace(in: bytes)
            let valid = UnsafeRawBufferPointer(rebasing: bytes[0..<(stray ?? bytes.count)])
            if case let .failed(message, consumed) = parser.parse(valid) {
                // yajl's count includes the byte a grammar rule, the nesting limit or a stray character
                // stopped at, so the position is one back; inside strings and numbers its lexer stops
                // on the offending byte itself.
                let stoppedOnByte = YajlParser.lexerErrorsAtOffendingByte.contains { message.contains($0) }
                let end = stoppedOnByte ? consumed : max(consumed - 1, 0)
                position.advance(over: UnsafeRawBufferPointer(rebasing: valid[0..<end]))
                throw malformed(message)
            }
            position.advance(over: valid)
            if let stray {
                throw malformed("invalid character U+000\(bytes[stray] == 0x0B ? "B" : "C") in JSON text")
            }
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
