import ListviewValues

/// Reads the compact JSON text of a nested cell (what the reader wrote: no spaces, valid, at
/// most `JSONBatchAssembler`'s depth) into its value in one pass over the bytes, without a
/// parser to set up: the common way a nested cell is decoded. Anything it does not expect
/// (spaces, a lone surrogate, a value past `maxDepth`, trailing bytes) gives nil, and the cell
/// goes through yajl as before (`JSONNestedValue`).
enum CompactJSONDecoder {
    static let maxDepth = 1_000

    static func decode(_ text: UnsafeRawBufferPointer) -> Value? {
        var reader = Reader(bytes: text)
        guard let value = reader.value(depth: 0), reader.index == text.count else { return nil }
        return value
    }

    private struct Reader {
        let bytes: UnsafeRawBufferPointer
        var index = 0

        private var byte: UInt8? { index < bytes.count ? bytes[index] : nil }

        mutating func value(depth: Int) -> Value? {
            guard depth <= CompactJSONDecoder.maxDepth, let byte else { return nil }
            switch byte {
            case UInt8(ascii: "{"): return object(depth: depth)
            case UInt8(ascii: "["): return array(depth: depth)
            case UInt8(ascii: "\""): return string().map(Value.string)
            case UInt8(ascii: "t"): return literal("true", .bool(true))
            case UInt8(ascii: "f"): return literal("false", .bool(false))
            case UInt8(ascii: "n"): return literal("null", .null)
            default: return number()
            }
        }

        private mutating func object(depth: Int) -> Value? {
            index += 1
            var (keys, values): ([String], [Value]) = ([], [])
            if byte == UInt8(ascii: "}") {
                index += 1
                return .object(ObjectValue(keys: keys, values: values))
            }
            while true {
                guard byte == UInt8(ascii: "\""), let key = string(), byte == UInt8(ascii: ":") else { return nil }
                index += 1
                guard let member = value(depth: depth + 1) else { return nil }
                keys.append(key)
                values.append(member)
                switch byte {
                case UInt8(ascii: ","): index += 1
                case UInt8(ascii: "}"):
                    index += 1
                    return .object(ObjectValue(keys: keys, values: values))
                default: return nil
                }
            }
        }

        private mutating func array(depth: Int) -> Value? {
            index += 1
            var elements: [Value] = []
            if byte == UInt8(ascii: "]") {
                index += 1
                return .array(elements)
            }
            while true {
                guard let element = value(depth: depth + 1) else { return nil }
                elements.append(element)
                switch byte {
                case UInt8(ascii: ","): index += 1
                case UInt8(ascii: "]"):
                    index += 1
                    return .array(elements)
                default: return nil
                }
            }
        }

        private mutating func literal(_ word: StaticString, _ value: Value) -> Value? {
            let length = word.utf8CodeUnitCount
            guard index + length <= bytes.count else { return nil }
            for offset in 0..<length where bytes[index + offset] != word.utf8Start[offset] { return nil }
            index += length
            return value
        }

        /// A number's text as it is, when it is one by JSON's grammar.
        private mutating func number() -> Value? {
            let start = index
            func digits() -> Int {
                let first = index
                while let byte, byte >= 0x30 && byte <= 0x39 { index += 1 }
                return index - first
            }
            if byte == UInt8(ascii: "-") { index += 1 }
            let whole = index
            guard digits() > 0, bytes[whole] != 0x30 || index - whole == 1 else { return nil }
            if byte == UInt8(ascii: ".") {
                index += 1
                guard digits() > 0 else { return nil }
            }
            if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
                index += 1
                if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") { index += 1 }
                guard digits() > 0 else { return nil }
            }
            return .number(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
        }

        /// A string from its opening quote; escapes of one character and `\uXXXX` (pairs too).
        private mutating func string() -> String? {
            index += 1
            let start = index
            while let byte, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") { index += 1 }
            guard let stop = byte else { return nil }
            if stop == UInt8(ascii: "\"") {
                index += 1
                return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<(index - 1)]), as: UTF8.self)
            }
            var text = Array(UnsafeRawBufferPointer(rebasing: bytes[start..<index]))
            while let byte {
                index += 1
                if byte == UInt8(ascii: "\"") { return String(decoding: text, as: UTF8.self) }
                guard byte == UInt8(ascii: "\\") else {
                    text.append(byte)
                    continue
                }
                guard let escaped = self.byte else { return nil }
                index += 1
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escaped)
                case UInt8(ascii: "b"): text.append(0x08)
                case UInt8(ascii: "f"): text.append(0x0C)
                case UInt8(ascii: "n"): text.append(0x0A)
                case UInt8(ascii: "r"): text.append(0x0D)
                case UInt8(ascii: "t"): text.append(0x09)
                case UInt8(ascii: "u"):
                    guard var scalar = hex4() else { return nil }
                    if (0xD800..<0xDC00).contains(scalar) {
                        guard self.byte == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else { return nil }
                        index += 2
                        guard let low = hex4(), (0xDC00..<0xE000).contains(low) else { return nil }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let unicode = Unicode.Scalar(scalar) else { return nil }
                    text.append(contentsOf: Array(String(Character(unicode)).utf8))
                default: return nil
                }
            }
            return nil
        }

        private mutating func hex4() -> UInt32? {
            guard index + 4 <= bytes.count else { return nil }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = bytes[index]
                let digit: UInt8
                switch byte {
                case 0x30...0x39: digit = byte - 0x30
                case 0x41...0x46: digit = byte - 0x41 + 10
                case 0x61...0x66: digit = byte - 0x61 + 10
                default: return nil
                }
                value = value << 4 | UInt32(digit)
                index += 1
            }
            return value
        }
    }
}
