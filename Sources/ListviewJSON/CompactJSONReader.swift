import ListviewValues

/// The tokens of compact JSON (what the reader writes into a nested cell: no spaces, valid), read
/// from a position that moves past each: a string as its bytes or its text, a number by JSON's
/// grammar, a literal, a container skipped whole. `CompactJSONDecoder` builds values from them,
/// `CompactJSONScanner` hands their bytes over. Every method returns nil (or false) for text that
/// is not what it reads, without reading past the end.
struct CompactJSONReader {
    let bytes: UnsafeRawBufferPointer
    var index = 0

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// The byte at the position; nil at the end.
    var byte: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// True (and past it) when the byte at the position is `expected`.
    mutating func skip(_ expected: UInt8) -> Bool {
        guard byte == expected else { return false }
        index += 1
        return true
    }

    /// The bytes between the quotes of the string at the position, and whether they hold an
    /// escape.
    mutating func stringBytes() -> (text: UnsafeRawBufferPointer, escaped: Bool)? {
        guard skip(UInt8(ascii: "\"")) else { return nil }
        let start = index
        // Eight bytes at a time to the closing quote, while no backslash comes first (the usual
        // string); from a backslash on, byte by byte.
        let quotes: UInt64 = 0x2222_2222_2222_2222, backslashes: UInt64 = 0x5C5C_5C5C_5C5C_5C5C
        while index + 8 <= bytes.count {
            let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            let quote = ByteWord.zeroByteMask(word ^ quotes), backslash = ByteWord.zeroByteMask(word ^ backslashes)
            guard quote | backslash == 0 else {
                guard backslash == 0 || quote.trailingZeroBitCount < backslash.trailingZeroBitCount else {
                    index += backslash.trailingZeroBitCount >> 3
                    break
                }
                index += quote.trailingZeroBitCount >> 3
                index += 1
                return (UnsafeRawBufferPointer(rebasing: bytes[start..<(index - 1)]), false)
            }
            index += 8
        }
        var escaped = false
        while let byte, byte != UInt8(ascii: "\"") {
            if byte == UInt8(ascii: "\\") {
                escaped = true
                index += 1
            }
            index += 1
        }
        guard index < bytes.count else { return nil }
        index += 1
        return (UnsafeRawBufferPointer(rebasing: bytes[start..<(index - 1)]), escaped)
    }

    /// The text of the string at the position, its escapes read.
    mutating func string() -> String? {
        guard let (text, escaped) = stringBytes() else { return nil }
        return escaped ? Self.unescaped(text) : String(decoding: text, as: UTF8.self)
    }

    /// The text of a string's bytes between its quotes, escapes of one character and `\uXXXX`
    /// (pairs too) read; nil for an escape JSON does not have or a lone surrogate.
    static func unescaped(_ text: UnsafeRawBufferPointer) -> String? {
        var reader = CompactJSONReader(text)
        var decoded: [UInt8] = []
        decoded.reserveCapacity(text.count)
        while let byte = reader.byte {
            reader.index += 1
            guard byte == UInt8(ascii: "\\") else {
                decoded.append(byte)
                continue
            }
            guard let escaped = reader.byte else { return nil }
            reader.index += 1
            switch escaped {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(escaped)
            case UInt8(ascii: "b"): decoded.append(0x08)
            case UInt8(ascii: "f"): decoded.append(0x0C)
            case UInt8(ascii: "n"): decoded.append(0x0A)
            case UInt8(ascii: "r"): decoded.append(0x0D)
            case UInt8(ascii: "t"): decoded.append(0x09)
            case UInt8(ascii: "u"):
                guard var scalar = reader.hex4() else { return nil }
                if (0xD800..<0xDC00).contains(scalar) {
                    guard reader.skip(UInt8(ascii: "\\")), reader.skip(UInt8(ascii: "u")), let low = reader.hex4(),
                          (0xDC00..<0xE000).contains(low) else { return nil }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let unicode = Unicode.Scalar(scalar) else { return nil }
                decoded.append(contentsOf: String(Character(unicode)).utf8)
            default: return nil
            }
        }
        return String(decoding: decoded, as: UTF8.self)
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

    /// The text of the number at the position, when it is one by JSON's grammar.
    mutating func numberBytes() -> UnsafeRawBufferPointer? {
        let start = index
        func digits() -> Int {
            let first = index
            while let byte, byte >= 0x30 && byte <= 0x39 { index += 1 }
            return index - first
        }
        _ = skip(UInt8(ascii: "-"))
        let whole = index
        guard digits() > 0, bytes[whole] != 0x30 || index - whole == 1 else { return nil }
        if skip(UInt8(ascii: ".")) {
            guard digits() > 0 else { return nil }
        }
        if skip(UInt8(ascii: "e")) || skip(UInt8(ascii: "E")) {
            if !skip(UInt8(ascii: "+")) { _ = skip(UInt8(ascii: "-")) }
            guard digits() > 0 else { return nil }
        }
        return UnsafeRawBufferPointer(rebasing: bytes[start..<index])
    }

    /// True (and past it) when `word` (`true`, `false`, `null`) is at the position.
    mutating func literal(_ word: StaticString) -> Bool {
        let length = word.utf8CodeUnitCount
        guard index + length <= bytes.count else { return false }
        for offset in 0..<length where bytes[index + offset] != word.utf8Start[offset] { return false }
        index += length
        return true
    }

    /// The whole text of the object or array at the position, skipped by its brackets (the
    /// strings inside it minded).
    mutating func containerBytes() -> UnsafeRawBufferPointer? {
        let start = index
        var depth = 0
        var inString = false
        while let byte {
            index += 1
            if inString {
                if byte == UInt8(ascii: "\\") { index += 1 } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 { return UnsafeRawBufferPointer(rebasing: bytes[start..<index]) }
            default: break
            }
        }
        return nil
    }
}
