import Glibc
import CYajl
import ListviewBatches
import ListviewInput
import ListviewValues

/// Owns one yajl parser handle and forwards its SAX callbacks to a `JSONEventHandler`.
///
/// The handle is allocated in `init` and freed in `deinit`. yajl checks
/// the grammar and UTF-8; numbers arrive as their source text (the
/// `yajl_number` callback), so no digit is lost or reformatted. This is the
/// only file that imports the C module.
final class YajlParser {
    private var handle: yajl_handle?
    private let handler: JSONEventHandler
    /// yajl keeps a pointer to its callback table, so the table lives as long as the handle.
    private let callbackTable: UnsafeMutablePointer<yajl_callbacks>
    /// What yajl does not check, checked before it sees the bytes.
    private var textCheck = JSONTextCheck()
    /// JSON Lines (values one after another, a line each) rather than one JSON text.
    private let multipleValues: Bool

    /// A parser for one JSON text, or for a stream of them (JSON Lines) when `multipleValues`.
    init(handler: JSONEventHandler, multipleValues: Bool) {
        self.handler = handler
        self.multipleValues = multipleValues
        let context = Unmanaged.passUnretained(handler).toOpaque()
        callbackTable = UnsafeMutablePointer<yajl_callbacks>.allocate(capacity: 1)
        callbackTable.initialize(to: YajlParser.callbacks)
        handle = yajl_alloc(callbackTable, nil, context)
        if let handle {
            // The handler checks UTF-8 itself, where it keeps a string; once is enough.
            _ = listview_yajl_config(handle, yajl_dont_validate_strings, 1)
            if multipleValues { _ = listview_yajl_config(handle, yajl_allow_multiple_values, 1) }
        }
    }

    deinit {
        if let handle { yajl_free(handle) }
        callbackTable.deallocate()
    }

    /// Parts of yajl's lexer messages whose byte count ends on the offending byte, not after it.
    static let lexerErrorsAtOffendingByte = ["inside string", "inside a string", "malformed number", "invalid string in json text"]

    /// The outcome of feeding bytes: fine, or an error at byte `offset` of the chunk (negative: in
    /// the bytes before it, at most 12 back).
    enum Outcome {
        case ok
        case failed(message: String, offset: Int)

        var isOK: Bool {
            if case .ok = self { return true }
            return false
        }
    }

    /// Parses the next chunk of text. What JSON forbids and yajl would let through or change (a
    /// vertical tab or form feed, an unpaired surrogate escape) stops the text before it, so
    /// yajl's own error comes first when the text breaks earlier.
    ///
    /// JSON Lines go to yajl a line at a time: a value must end on the line it begins on (else the
    /// error is at that line's end, not somewhere in the lines it ran on into).
    func parse(_ chunk: UnsafeRawBufferPointer) -> Outcome {
        guard multipleValues, let base = chunk.baseAddress else { return parseText(chunk) }
        var start = 0
        while start < chunk.count, let found = memchr(base + start, 0x0A, chunk.count - start) {
            let lineFeed = base.distance(to: UnsafeRawPointer(found))
            let outcome = parseText(UnsafeRawBufferPointer(rebasing: chunk[start...lineFeed]))
            if case let .failed(message, offset) = outcome { return .failed(message: message, offset: offset < 0 ? offset : start + offset) }
            if handler.isInsideValue {
                return .failed(message: "the JSON value on this line is not finished at its end (JSON Lines holds one whole value per line)",
                               offset: lineFeed)
            }
            handler.valueOnLine = false
            start = lineFeed + 1
        }
        guard start < chunk.count else { return .ok }
        let outcome = parseText(UnsafeRawBufferPointer(rebasing: chunk[start...]))
        if case let .failed(message, offset) = outcome { return .failed(message: message, offset: offset < 0 ? offset : start + offset) }
        return .ok
    }

    /// `parse`, for text of any lines.
    private func parseText(_ chunk: UnsafeRawBufferPointer) -> Outcome {
        guard let handle else { return .failed(message: "out of memory", offset: 0) }
        guard let base = chunk.baseAddress?.assumingMemoryBound(to: UInt8.self), !chunk.isEmpty else { return .ok }
        let problem = textCheck.firstProblem(in: chunk)
        let length = max(problem?.offset ?? chunk.count, 0)
        if length > 0 {
            let outcome = self.outcome(yajl_parse(handle, base, length), chunk: base, length: length)
            guard outcome.isOK else { return outcome }
        }
        if let problem { return .failed(message: problem.message, offset: problem.offset) }
        return .ok
    }

    /// Tells the parser the text has ended.
    func finish() -> Outcome {
        guard let handle else { return .failed(message: "out of memory", offset: 0) }
        return outcome(yajl_complete_parse(handle), chunk: nil, length: 0)
    }

    /// yajl's status as an outcome, at the offending byte: yajl's count of bytes consumed ends
    /// on it for some lexer errors, and just after it for the rest (grammar, the nesting limit,
    /// a handler's refusal).
    private func outcome(_ status: yajl_status, chunk: UnsafePointer<UInt8>?, length: Int) -> Outcome {
        guard status != yajl_status_ok, let handle else { return .ok }
        let consumed = chunk == nil ? 0 : min(Int(yajl_get_bytes_consumed(handle)), length)
        var message = "malformed JSON"
        if status == yajl_status_client_canceled, let refusal = handler.refusal {
            message = refusal
        } else if let text = yajl_get_error(handle, 0, chunk, length) {
            message = YajlParser.cleanMessage(String(cString: text))
            yajl_free_error(handle, text)
        }
        let stoppedOnByte = YajlParser.lexerErrorsAtOffendingByte.contains { message.contains($0) }
        return .failed(message: message, offset: stoppedOnByte ? consumed : max(consumed - 1, 0))
    }

    /// `parse error: premature EOF\n` → `premature end of JSON input`.
    static func cleanMessage(_ raw: String) -> String {
        var text = raw.trimmingWhitespace
        for prefix in ["parse error: ", "lexical error: "] where text.hasPrefix(prefix) {
            text.removeFirst(prefix.count)
        }
        if text.hasSuffix(".") { text.removeLast() }
        if text == "premature EOF" { return "unexpected end of JSON input" }
        return text
    }

    /// Calls `body` with the handler behind yajl's context pointer, without retaining it (the parser
    /// holds it); gives false (stop the parse) without one.
    @inline(__always)
    private static func withHandler(_ context: UnsafeMutableRawPointer?, _ body: (JSONEventHandler) -> Bool) -> Int32 {
        guard let context else { return 0 }
        return Unmanaged<JSONEventHandler>.fromOpaque(context)._withUnsafeGuaranteedRef(body) ? 1 : 0
    }

    @inline(__always)
    private static func bytes(_ start: UnsafeRawPointer?, _ length: Int) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: start, count: start == nil ? 0 : length)
    }

    private static let callbacks = yajl_callbacks(
        yajl_null: { context in
            withHandler(context) { $0.null() }
        },
        yajl_boolean: { context, flag in
            withHandler(context) { $0.bool(flag != 0) }
        },
        yajl_integer: nil,
        yajl_double: nil,
        yajl_number: { context, start, length in
            let text = start == nil ? UnsafeRawBufferPointer(start: zero, count: 1) : bytes(UnsafeRawPointer(start), length)
            return withHandler(context) { $0.number(text) }
        },
        yajl_string: { context, start, length in
            withHandler(context) { $0.string(bytes(UnsafeRawPointer(start), length)) }
        },
        yajl_start_map: { context in
            withHandler(context) { $0.startContainer(isObject: true) }
        },
        yajl_map_key: { context, start, length in
            withHandler(context) { $0.key(bytes(UnsafeRawPointer(start), length)) }
        },
        yajl_end_map: { context in
            withHandler(context) { $0.endContainer() }
        },
        yajl_start_array: { context in
            withHandler(context) { $0.startContainer(isObject: false) }
        },
        yajl_end_array: { context in
            withHandler(context) { $0.endContainer() }
        }
    )

    /// The text `0`, for a number yajl hands over without its bytes.
    private static let zero: UnsafeMutableRawPointer = {
        let pointer = UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1)
        pointer.storeBytes(of: UInt8(ascii: "0"), as: UInt8.self)
        return pointer
    }()
}
