import CYajl
import ListviewCore

/// Owns one yajl parser handle and forwards its SAX callbacks to a `JSONRecordAssembler`.
///
/// The handle is allocated in `init` and freed in `deinit`. yajl checks
/// the grammar and UTF-8; numbers arrive as their source text (the
/// `yajl_number` callback), so no digit is lost or reformatted. This is the
/// only file that imports the C module.
final class YajlParser {
    private var handle: yajl_handle?
    private let assembler: JSONRecordAssembler
    /// yajl keeps a pointer to its callback table, so the table lives as long as the handle.
    private let callbackTable: UnsafeMutablePointer<yajl_callbacks>

    /// A parser for one JSON text, or for a stream of them (JSON Lines) when `multipleValues`.
    init(assembler: JSONRecordAssembler, multipleValues: Bool) {
        self.assembler = assembler
        let context = Unmanaged.passUnretained(assembler).toOpaque()
        callbackTable = UnsafeMutablePointer<yajl_callbacks>.allocate(capacity: 1)
        callbackTable.initialize(to: YajlParser.callbacks)
        handle = yajl_alloc(callbackTable, nil, context)
        if let handle {
            // Swift checks UTF-8 itself while decoding each string (`text(_:_:)`); once is enough.
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
        if status == yajl_status_client_canceled, let refusal = assembler.refusal {
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

    private static func assembler(_ context: UnsafeMutableRawPointer?) -> JSONRecordAssembler? {
        guard let context else { return nil }
        return Unmanaged<JSONRecordAssembler>.fromOpaque(context).takeUnretainedValue()
    }

    /// The string yajl found, or nil when its bytes are not valid UTF-8 (never repaired silently).
    private static func text(_ bytes: UnsafePointer<UInt8>?, _ length: Int) -> String? {
        guard let bytes else { return "" }
        return String(validating: UnsafeBufferPointer(start: bytes, count: length), as: UTF8.self)
    }

    /// Passes a decoded string on, or stops the parse over invalid UTF-8.
    private static func deliver(_ context: UnsafeMutableRawPointer?, _ bytes: UnsafePointer<UInt8>?, _ length: Int,
                                to handler: (JSONRecordAssembler, String) -> Bool) -> Int32 {
        guard let assembler = assembler(context) else { return 0 }
        guard let string = text(bytes, length) else { return assembler.refuse("invalid UTF-8 in a string") ? 1 : 0 }
        return handler(assembler, string) ? 1 : 0
    }

    private static let callbacks = yajl_callbacks(
        yajl_null: { context in
            (assembler(context)?.scalar(.null) ?? false) ? 1 : 0
        },
        yajl_boolean: { context, flag in
            (assembler(context)?.scalar(.bool(flag != 0)) ?? false) ? 1 : 0
        },
        yajl_integer: nil,
        yajl_double: nil,
        yajl_number: { context, bytes, length in
            let number = bytes.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: length), as: UTF8.self) } ?? "0"
            return (assembler(context)?.scalar(.number(number)) ?? false) ? 1 : 0
        },
        yajl_string: { context, bytes, length in
            deliver(context, bytes, length) { $0.scalar(.string($1)) }
        },
        yajl_start_map: { context in
            (assembler(context)?.startContainer(isObject: true) ?? false) ? 1 : 0
        },
        yajl_map_key: { context, bytes, length in
            deliver(context, bytes, length) { $0.key($1) }
        },
        yajl_end_map: { context in
            (assembler(context)?.endContainer() ?? false) ? 1 : 0
        },
        yajl_start_array: { context in
            (assembler(context)?.startContainer(isObject: false) ?? false) ? 1 : 0
        },
        yajl_end_array: { context in
            (assembler(context)?.endContainer() ?? false) ? 1 : 0
        }
    )
}
