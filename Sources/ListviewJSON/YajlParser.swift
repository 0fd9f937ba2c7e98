import CYajl
import ListviewCore

/// Receives the events of a yajl parse; each returns false to stop it (`refusal` then says why,
/// unless the handler stopped for a reason of its own).
protocol JSONEventHandler: AnyObject {
    /// Why the handler stopped the parse over bad input, if it did.
    var refusal: String? { get }
    func null() -> Bool
    func bool(_ flag: Bool) -> Bool
    /// A number, as its source text.
    func number(_ text: UnsafeRawBufferPointer) -> Bool
    /// A string's bytes, escapes undone, not yet checked as UTF-8.
    func string(_ bytes: UnsafeRawBufferPointer) -> Bool
    /// An object key's bytes, escapes undone, not yet checked as UTF-8.
    func key(_ bytes: UnsafeRawBufferPointer) -> Bool
    func startContainer(isObject: Bool) -> Bool
    func endContainer() -> Bool
}

/// Owns one yajl parser handle and forwards its SAX callbacks to a `JSONEventHandler`.
///
/// The handle is allocated in `init` and freed in `deinit`. yajl checks
/// the grammar and UTF-8; numbers arrive as their source text (the
/// `yajl_number` callback), so no digit is lost or reformatted. This is the
/// only file that imports the C module.
final class YajlParser {
    private var handle: yajl_handle?
    private let handler: HandlerBox
    /// yajl keeps a pointer to its callback table, so the table lives as long as the handle.
    private let callbackTable: UnsafeMutablePointer<yajl_callbacks>

    /// A parser for one JSON text, or for a stream of them (JSON Lines) when `multipleValues`.
    init(handler: any JSONEventHandler, multipleValues: Bool) {
        self.handler = HandlerBox(handler)
        let context = Unmanaged.passUnretained(self.handler).toOpaque()
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
        if status == yajl_status_client_canceled, let refusal = handler.handler.refusal {
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

    /// The handler, held in a class so yajl's context pointer can reach it.
    private final class HandlerBox {
        let handler: any JSONEventHandler
        init(_ handler: any JSONEventHandler) { self.handler = handler }
    }

    @inline(__always)
    private static func handler(_ context: UnsafeMutableRawPointer?) -> (any JSONEventHandler)? {
        guard let context else { return nil }
        return Unmanaged<HandlerBox>.fromOpaque(context).takeUnretainedValue().handler
    }

    @inline(__always)
    private static func bytes(_ start: UnsafeRawPointer?, _ length: Int) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: start, count: start == nil ? 0 : length)
    }

    private static let callbacks = yajl_callbacks(
        yajl_null: { context in
            (handler(context)?.null() ?? false) ? 1 : 0
        },
        yajl_boolean: { context, flag in
            (handler(context)?.bool(flag != 0) ?? false) ? 1 : 0
        },
        yajl_integer: nil,
        yajl_double: nil,
        yajl_number: { context, start, length in
            let text = start == nil ? UnsafeRawBufferPointer(start: zero, count: 1) : bytes(UnsafeRawPointer(start), length)
            return (handler(context)?.number(text) ?? false) ? 1 : 0
        },
        yajl_string: { context, start, length in
            (handler(context)?.string(bytes(UnsafeRawPointer(start), length)) ?? false) ? 1 : 0
        },
        yajl_start_map: { context in
            (handler(context)?.startContainer(isObject: true) ?? false) ? 1 : 0
        },
        yajl_map_key: { context, start, length in
            (handler(context)?.key(bytes(UnsafeRawPointer(start), length)) ?? false) ? 1 : 0
        },
        yajl_end_map: { context in
            (handler(context)?.endContainer() ?? false) ? 1 : 0
        },
        yajl_start_array: { context in
            (handler(context)?.startContainer(isObject: false) ?? false) ? 1 : 0
        },
        yajl_end_array: { context in
            (handler(context)?.endContainer() ?? false) ? 1 : 0
        }
    )

    /// The text `0`, for a number yajl hands over without its bytes.
    private static let zero: UnsafeMutableRawPointer = {
        let pointer = UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1)
        pointer.storeBytes(of: UInt8(ascii: "0"), as: UInt8.self)
        return pointer
    }()
}
