import CCSV
import ListviewBatches
import ListviewInput
import ListviewValues

/// Owns one libcsv `struct csv_parser` and forwards its field and row callbacks to a `CSVBatchAssembler`.
///
/// The parser is initialised in `init` and freed in `deinit`. Cell text is kept
/// exactly: libcsv's trimming of spaces is switched off. In strict mode a quote
/// inside an unquoted field, text after a closing quote, or a quoted field left
/// open at the end of the input is an error. This is the only file that
/// imports the C module.
final class LibcsvParser {
    private let parser: UnsafeMutablePointer<csv_parser>
    private let assembler: CSVBatchAssembler
    private let initialized: Bool
    private let delimiter: UInt8
    /// Strict quoting: a quote in a quoted field is doubled or closes it (so a field's length in the
    /// input can be told from what libcsv kept).
    private let strict: Bool
    /// Parse every byte with the space test that keeps spaces (the reference the faster way is tested against).
    var keepsSpacesEverywhere = false

    /// Without `quoting`, the quote character is 0xFF, a byte UTF-8 text never holds (the reader
    /// stops before an ill-formed byte), so no field is quoted.
    init(assembler: CSVBatchAssembler, delimiter: UInt8, strict: Bool, quoting: Bool = true) {
        self.assembler = assembler
        self.delimiter = delimiter
        self.strict = strict
        parser = UnsafeMutablePointer<csv_parser>.allocate(capacity: 1)
        // CSV_EMPTY_IS_NULL: an unquoted empty field comes with no pointer, a quoted one (`""`) with
        // the entry buffer, so the assembler tells the two apart (`CSVBatchAssembler.take`).
        let options = UInt8(CSV_REPALL_NL | CSV_EMPTY_IS_NULL | (strict ? (CSV_STRICT | CSV_STRICT_FINI) : 0))
        initialized = csv_init(parser, options) == 0
        if initialized {
            csv_set_delim(parser, delimiter)
            if !quoting { csv_set_quote(parser, 0xFF) }
            csv_set_space_func(parser, listview_csv_no_space)
            // Rows end at CR or LF: libcsv's own rule when no terminator function is set (a function would cost a call per byte).
            // libcsv grows a field's buffer by this much at a time (128 bytes by default): a 50 MB
            // field took 400,000 reallocations, each a copy wherever realloc cannot grow in place.
            csv_set_blk_size(parser, 1 << 20)
        }
    }

    deinit {
        if initialized { csv_free(parser) }
        parser.deallocate()
    }

    /// True when the parser stands at the start of a row: no field open, quoted or not
    /// (libcsv's `ROW_NOT_BEGUN` state with an empty entry buffer).
    var isAtRowStart: Bool {
        initialized && parser.pointee.pstate == 0 && parser.pointee.quoted == 0 && parser.pointee.entry_pos == 0
    }

    /// When the parser stands inside a quoted field that began in the last `within` bytes fed:
    /// how many bytes of input the field has taken, its opening quote included; else nil.
    /// (Only a field that began that recently is measured, so a long field costs no more than
    /// its bytes once.)
    func openQuotedFieldLength(within: Int) -> Int? {
        let state = parser.pointee.pstate
        // With lazy quotes a lone quote is kept as one byte, a doubled one as one too: the length is unknown.
        guard initialized, strict, parser.pointee.quoted != 0, state == 2 || state == 3, parser.pointee.entry_pos < within else { return nil }
        // libcsv keeps one quote for each doubled one; in state 3 (FIELD_MIGHT_HAVE_ENDED) the
        // last quote kept is one byte of input that may close the field.
        let pending = UnsafeRawBufferPointer(start: parser.pointee.entry_buf, count: parser.pointee.entry_pos)
        let quotes = ByteBlock.count(of: UInt8(ascii: "\""), in: pending) - (state == 3 ? 1 : 0)
        let length = 1 + pending.count + quotes
        return length <= within ? length : nil
    }

    /// The outcome of feeding bytes: fine, or an error at byte `offset` of the chunk.
    enum Outcome: Equatable {
        case ok
        case failed(message: String, offset: Int)
    }

    /// Parses the next chunk.
    ///
    /// libcsv trims spaces and tabs only at the edges of unquoted fields (and skips them after a
    /// closing quote); our space test, which keeps every one, costs a function call per byte of
    /// unquoted text. So only runs of spaces that touch a delimiter, a quote, a line break or the
    /// chunk's edge are parsed with it, and everything between them with libcsv's built-in test,
    /// which cannot trim a space that no edge touches. The cells are the same either way (tested
    /// against the space test on every byte).
    func parse(_ chunk: UnsafeRawBufferPointer) -> Outcome {
        guard initialized else { return .failed(message: "out of memory", offset: 0) }
        guard !chunk.isEmpty else { return .ok }
        if keepsSpacesEverywhere { return feed(chunk, 0..<chunk.count, keepingSpaces: true) }
        var start = 0
        var outcome = Outcome.ok
        SpaceRuns.forEachEdgeRun(in: chunk, delimiter: delimiter) { run in
            guard outcome == .ok else { return }
            outcome = feed(chunk, start..<run.lowerBound, keepingSpaces: false)
            if outcome == .ok { outcome = feed(chunk, run, keepingSpaces: true) }
            start = run.upperBound
        }
        if outcome == .ok { outcome = feed(chunk, start..<chunk.count, keepingSpaces: false) }
        return outcome
    }

    /// Parses `range` of `chunk`, with the space test that keeps every space or libcsv's own.
    private func feed(_ chunk: UnsafeRawBufferPointer, _ range: Range<Int>, keepingSpaces: Bool) -> Outcome {
        guard !range.isEmpty, let base = chunk.baseAddress else { return .ok }
        csv_set_space_func(parser, keepingSpaces ? listview_csv_no_space : nil)
        let context = Unmanaged.passUnretained(assembler).toOpaque()
        let parsed = csv_parse(parser, base + range.lowerBound, range.count, LibcsvParser.fieldCallback, LibcsvParser.rowCallback, context)
        assembler.commitRows()
        guard parsed < range.count else { return .ok }
        return .failed(message: describeError(at: chunk[range.lowerBound + parsed]), offset: range.lowerBound + parsed)
    }

    /// Ends the input; an open quoted field is an error (lazy quotes or not), reported with the
    /// newlines it spans.
    func finish() -> (outcome: Outcome, openFieldNewlines: Int) {
        guard initialized else { return (.failed(message: "out of memory", offset: 0), 0) }
        let pending = UnsafeRawBufferPointer(start: parser.pointee.entry_buf, count: parser.pointee.entry_pos)
        let openFieldNewlines = TextPosition.lineBreaks(in: pending)
        csv_set_space_func(parser, listview_csv_no_space)
        // A quoted field still open (libcsv's FIELD_BEGUN, quoted) is an error with lazy quotes
        // too: libcsv would hand it over with the rest of the input in it.
        let openQuotedField = parser.pointee.quoted != 0 && parser.pointee.pstate == 2
        let context = Unmanaged.passUnretained(assembler).toOpaque()
        let status = openQuotedField ? -1 : csv_fini(parser, LibcsvParser.fieldCallback, LibcsvParser.rowCallback, context)
        assembler.commitRows()
        if status != 0 {
            return (.failed(message: "a quoted field is not closed before the end of the input", offset: 0), openFieldNewlines)
        }
        return (.ok, 0)
    }

    private func describeError(at byte: UInt8) -> String {
        if csv_error(parser) == CSV_ENOMEM || csv_error(parser) == CSV_ETOOBIG { return "a field is too large to hold in memory" }
        if byte == UInt8(ascii: "\"") {
            return "a quote inside an unquoted field (quote the whole field and double the quote, or use --lazy-quotes)"
        }
        return "text after the closing quote of a field (use --lazy-quotes to keep it)"
    }

    /// Runs `body` on the assembler behind `context` without retaining it: the parser's caller
    /// holds it for the whole `csv_parse` call (a retain and release per field cost a tenth of a table).
    @inline(__always)
    private static func withAssembler(_ context: UnsafeMutableRawPointer?, _ body: (CSVBatchAssembler) -> Void) {
        guard let context else { return }
        Unmanaged<CSVBatchAssembler>.fromOpaque(context)._withUnsafeGuaranteedRef(body)
    }

    private static let fieldCallback: @convention(c) (UnsafeMutableRawPointer?, Int, UnsafeMutableRawPointer?) -> Void = {
        bytes, length, context in
        withAssembler(context) { $0.field(UnsafeRawBufferPointer(start: bytes, count: bytes == nil ? 0 : length)) }
    }

    private static let rowCallback: @convention(c) (Int32, UnsafeMutableRawPointer?) -> Void = { terminator, context in
        withAssembler(context) { $0.endRow(terminator: terminator) }
    }
}
