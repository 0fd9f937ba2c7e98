import ListviewValues

/// Reads the compact JSON text of a nested cell (what the reader wrote: no spaces, valid, at
/// most `JSONBatchAssembler`'s depth) into its value in one pass over the bytes, without a
/// parser to set up: the common way a nested cell is decoded. Anything it does not expect
/// (spaces, a lone surrogate, a value past `maxDepth`, trailing bytes) gives nil, and the cell
/// goes through `JSONStreamParser` as before (`JSONNestedValue`).
enum CompactJSONDecoder {
    static let maxDepth = 1_000

    static func decode(_ text: UnsafeRawBufferPointer) -> Value? {
        var reader = CompactJSONReader(text)
        guard let value = value(&reader, depth: 0), reader.index == text.count else { return nil }
        return value
    }

    private static func value(_ reader: inout CompactJSONReader, depth: Int) -> Value? {
        guard depth <= maxDepth, let byte = reader.byte else { return nil }
        switch byte {
        case UInt8(ascii: "{"): return object(&reader, depth: depth)
        case UInt8(ascii: "["): return array(&reader, depth: depth)
        case UInt8(ascii: "\""): return reader.string().map(Value.string)
        case UInt8(ascii: "t"): return reader.literal("true") ? .bool(true) : nil
        case UInt8(ascii: "f"): return reader.literal("false") ? .bool(false) : nil
        case UInt8(ascii: "n"): return reader.literal("null") ? .null : nil
        default: return reader.numberBytes().map { .number(String(decoding: $0, as: UTF8.self)) }
        }
    }

    private static func object(_ reader: inout CompactJSONReader, depth: Int) -> Value? {
        reader.index += 1
        var (keys, values): ([String], [Value]) = ([], [])
        if reader.skip(UInt8(ascii: "}")) { return .object(ObjectValue(keys: keys, values: values)) }
        while true {
            guard let key = reader.string(), reader.skip(UInt8(ascii: ":")), let member = value(&reader, depth: depth + 1) else { return nil }
            keys.append(key)
            values.append(member)
            if reader.skip(UInt8(ascii: "}")) { return .object(ObjectValue(keys: keys, values: values)) }
            guard reader.skip(UInt8(ascii: ",")) else { return nil }
        }
    }

    private static func array(_ reader: inout CompactJSONReader, depth: Int) -> Value? {
        reader.index += 1
        var elements: [Value] = []
        if reader.skip(UInt8(ascii: "]")) { return .array(elements) }
        while true {
            guard let element = value(&reader, depth: depth + 1) else { return nil }
            elements.append(element)
            if reader.skip(UInt8(ascii: "]")) { return .array(elements) }
            guard reader.skip(UInt8(ascii: ",")) else { return nil }
        }
    }
}
