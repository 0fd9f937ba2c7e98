import ListviewBatches
import ListviewInput
import ListviewValues

/// Parses the compact JSON text of a nested cell back into its value, by the rules of every
/// other JSON the tool reads: `CellTable.nestedDecoder` for tables that hold JSON values.
public enum JSONNestedValue {
    /// The value `text` holds, or nil when it is not one JSON value: read at once when it is
    /// compact JSON as the reader writes it (`CompactJSONDecoder`), else through `JSONStreamParser`.
    public static let decode: NestedValueDecoder = { text in
        if let value = CompactJSONDecoder.decode(text) { return value }
        let builder = JSONValueBuilder()
        let parser = JSONStreamParser(handler: builder, multipleValues: false)
        guard case .ok = parser.parse(text), case .ok = parser.finish() else { return nil }
        return builder.value
    }
}

/// Builds the one `Value` of a JSON text from its parse events, on an explicit stack (a cell's
/// nested value, which the reader wrote as compact JSON; `JSONBatchAssembler` reads input).
/// A key given twice keeps its first position and last value (`ObjectValue`).
final class JSONValueBuilder: JSONEventHandler {
    /// The value, once its text ended.
    private(set) var value: Value?

    private struct Container {
        var isObject: Bool
        var keys: [String] = []
        var values: [Value] = []
        var pendingKey = ""
    }

    private var open: [Container] = []

    override var isInsideValue: Bool { !open.isEmpty }

    override func null() -> Bool { add(.null) }

    override func bool(_ flag: Bool) -> Bool { add(.bool(flag)) }

    override func number(_ text: UnsafeRawBufferPointer) -> Bool {
        add(.number(String(decoding: text, as: UTF8.self)))
    }

    override func string(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard UTF8Check.isValid(bytes) else { return refuse(JSONBatchAssembler.invalidUTF8) }
        return add(.string(String(decoding: bytes, as: UTF8.self)))
    }

    override func key(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard UTF8Check.isValid(bytes), !open.isEmpty else { return refuse(JSONBatchAssembler.invalidUTF8) }
        open[open.count - 1].pendingKey = String(decoding: bytes, as: UTF8.self)
        return true
    }

    override func startContainer(isObject: Bool) -> Bool {
        open.append(Container(isObject: isObject))
        return true
    }

    override func endContainer() -> Bool {
        guard let closed = open.popLast() else { return false }
        return add(closed.isObject ? .object(ObjectValue(keys: closed.keys, values: closed.values)) : .array(closed.values))
    }

    private func add(_ item: Value) -> Bool {
        guard !open.isEmpty else {
            value = item
            return true
        }
        let top = open.count - 1
        if open[top].isObject { open[top].keys.append(open[top].pendingKey) }
        open[top].values.append(item)
        return true
    }
}
