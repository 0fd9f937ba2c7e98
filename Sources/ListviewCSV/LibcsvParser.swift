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

    init(assembler: CSVBatchAssembler, delimiter: UInt8, strict: Bool) {
        self.assembler = assembler
        parser = UnsafeMutablePointer<csv_parser>.allocate(capacity: 1)
        let options = UInt8(CSV_REPALL_NL | (strict ? (CSV_STRICT | CSV_STRICT_FINI) : 0))
        initialized = csv_init(parser, options) == 0
        if initialized {
            csv_set_delim(parser, delimiter)
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

    /// The outcome of feeding bytes: fine, or an error at byte `offset` of the chunk.
    enum Outcome: Equatable {
        case ok
        case failed(message: String, offset: Int)
    }

    /// Parses the next chunk.
    func parse(_ chunk: UnsafeRawBufferPointer) -> Outcome {
        guard initialized else { return .failed(message: "out of memory", offset: 0) }
        guard let base = chunk.baseAddress, !chunk.isEmpty else { return .ok }
        let context = Unmanaged.passUnretained(assembler).toOpaque()
        let parsed = csv_parse(parser, base, chunk.count, LibcsvParser.fieldCallback, LibcsvParser.rowCallback, context)
        if let refusal = assembler.refusal { return .failed(message: refusal, offset: min(parsed, chunk.count)) }
        guard parsed < chunk.count else { return .ok }
        return .failed(message: describeError(at: chunk[parsed]), offset: parsed)
    }

    /// Ends the input; an open quoted field is an error, reported with the newlines it spans.
    func finish() -> (outcome: Outcome, openFieldNewlines: Int) {
        guard initialized else { return (.failed(message: "out of memory", offset: 0), 0) }
        let pending = UnsafeRawBufferPointer(start: parser.pointee.entry_buf, count: parser.pointee.entry_pos)
        let openFieldNewlines = TextPosition.lineBreaks(in: pending)
        let context = Unmanaged.passUnretained(assembler).toOpaque()
        let status = csv_fini(parser, LibcsvParser.fieldCallback, LibcsvParser.rowCallback, context)
        if let refusal = assembler.refusal { return (.failed(message: refusal, offset: 0), 0) }
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
