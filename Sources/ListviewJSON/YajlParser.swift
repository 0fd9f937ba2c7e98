import CYajl
import ListviewBatches
import ListviewInput
import ListviewValues

/// Receives the events of a yajl parse; each returns false to stop it (`refusal` then says why,
/// unless the handler stopped for a reason of its own).
///
/// A class to subclass rather than a protocol: yajl's C callbacks reach the handler
/// through a plain class reference, with no existential to retain and release per
/// event (that cost a sixth of a JSON table's time). Every method of a subclass
/// overrides one here; these stop the parse.
class JSONEventHandler {
    /// Why the handler stopped the parse over bad input, if it did.
    var refusal: String?

    func null() -> Bool { false }
    func bool(_ flag: Bool) -> Bool { false }
    /// A number, as its source text.
    func number(_ text: UnsafeRawBufferPointer) -> Bool { false }
    /// A string's bytes, escapes undone, not yet checked as UTF-8.
    func string(_ bytes: UnsafeRawBufferPointer) -> Bool { false }
    /// An object key's bytes, escapes undone, not yet checked as UTF-8.
    func key(_ bytes: UnsafeRawBufferPointer) -> Bool { false }
    func startContainer(isObject: Bool) -> Bool { false }
    func endContainer() -> Bool { false }

    /// Stops the parse with `reason`; always false.
    final func refuse(_ reason: String) -> Bool {
        refusal = reason
        return false
    }
}

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

    /// A parser for one JSON text, or for a stream of them (JSON Lines) when `multipleValues`.
    init(handler: JSONEventHandler, multipleValues: Bool) {
        self.handler = handler
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

    /// The first vertical tab or form feed in `bytes`: yajl takes them for whitespace, but JSON allows
    /// neither anywhere, so the text must be cut off before one and the character reported.
    static func firstStrayWhitespace(in bytes: UnsafeRawBufferPointer) -> Int? {
        bytes.firstIndex { $0 == 0x0B || $0 == 0x0C }
    }

    /// Parts of yajl's lexer messages whose byte count ends on the offending byte, not after it.
    static let lexerErrorsAtOffendingByte = ["inside string", "inside a string", "malformed number", "invalid string in json text"]

    /// The outcome of feeding bytes: fine, or an error after `consumed` bytes of the chunk.
    enum Outcome {
        case ok
        case failed(message: String, consumed: Int)
    }

    /// Parses the next chunk of text.
    func parse(_ chunk: UnsafeRawBufferPointer) -> Outcome {
        guard let handle else { return .failed(message: "out of memory", consumed: 0) }
        guard let base = chunk.baseAddress?.assumingMemoryBound(to: UInt8.self), !chunk.isEmpty else { return .ok }
        let status = yajl_parse(handle, base, chunk.count)
        return outcome(status, chunk: base, length: chunk.count)
    }

    /// Tells the parser the text has ended.
    func finish() -> Outcome {
        guard let handle else { return .failed(message: "out of memory", consumed: 0) }
        return outcome(yajl_complete_parse(handle), chunk: nil, length: 0)
    }

    private func outcome(_ status: yajl_status, chunk: UnsafePointer<UInt8>?, length: Int) -> Outcome {
        guard status != yajl_status_ok, let handle else { return .ok }
        let consumed = chunk == nil ? 0 : min(Int(yajl_get_bytes_consumed(handle)), length)
        if status == yajl_status_client_canceled, let refusal = handler.refusal {
            return .failed(message: refusal, consumed: consumed)
        }
        var message = "malformed JSON"
        if let text = yajl_get_error(handle, 0, chunk, length) {
            message = YajlParser.cleanMessage(String(cString: text))
            yajl_free_error(handle, text)
        }
        return .failed(message: message, consumed: consumed)
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
