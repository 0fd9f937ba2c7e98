/// Compact JSON text for values, as machine styles write them and table cells show nested values.
extension Value {
    /// This value as compact JSON (`{"a":1,"b":[true,null]}`).
    public var compactJSON: String {
        var bytes = ByteOutput(capacity: 64)
        appendJSON(to: &bytes)
        return bytes.string
    }

    /// Appends this value as compact JSON.
    ///
    /// A number is written as its source text when that text is a valid JSON
    /// number, and as a string otherwise (a CSV cell `007` becomes `"007"`), so
    /// the output is always valid JSON and never changes a digit.
    public func appendJSON(to bytes: inout ByteOutput) {
        switch self {
        case .null:
            bytes.append("null")
        case .bool(let flag):
            bytes.append(flag ? "true" : "false")
        case .number(let text):
            var text = text
            text.withUTF8 { JSONNumberSyntax.appendNumber(UnsafeRawBufferPointer($0), to: &bytes) }
        case .string(let text):
            JSONString.append(text, to: &bytes)
        case .array(let elements):
            bytes.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                element.appendJSON(to: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let object):
            bytes.append(UInt8(ascii: "{"))
            for (index, (key, value)) in object.members.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                JSONString.append(key, to: &bytes)
                bytes.append(UInt8(ascii: ":"))
                value.appendJSON(to: &bytes)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }
}

/// JSON string literals: quotes, backslashes and control characters escaped, other text as UTF-8.
public enum JSONString {
    private static let hexDigits = Array("0123456789abcdef".utf8)

    public static func append(_ text: String, to bytes: inout ByteOutput) {
        var text = text
        text.withUTF8 { append(utf8: UnsafeRawBufferPointer($0), to: &bytes) }
    }

    /// `name` as a JSON object key, `"name":`, worked out once by a writer that writes it on every record.
    public static func key(_ name: String) -> [UInt8] {
        literalBytes(name) + [UInt8(ascii: ":")]
    }

    /// `text` as a JSON string literal, `"text"`, in bytes.
    public static func literalBytes(_ text: String) -> [UInt8] {
        var bytes = ByteOutput(capacity: text.utf8.count + 3)
        append(text, to: &bytes)
        return bytes.bytes
    }

    /// Appends the UTF-8 text `utf8` as a JSON string literal. Runs of bytes that need no escape
    /// (found eight at a time) are copied whole. Besides what JSON requires (C0 controls, the quote
    /// and the backslash), DEL and the C1 controls are written as `\u` escapes: just as lossless,
    /// and safe to `cat` to a terminal.
    public static func append(utf8: UnsafeRawBufferPointer, to bytes: inout ByteOutput) {
        guard needsEscape(utf8) else {
            // The usual text: copied whole between its quotes.
            return bytes.append(UInt8(ascii: "\""), utf8, UInt8(ascii: "\""))
        }
        bytes.append(UInt8(ascii: "\""))
        let count = utf8.count
        var start = 0
        var index = 0
        while index < count {
            if index + 8 <= count, !needsEscape(utf8.loadUnaligned(fromByteOffset: index, as: UInt64.self)) {
                index += 8
                continue
            }
            let byte = utf8[index]
            // A C1 control (U+0080-U+009F) is the two bytes C2 80-9F.
            let c1 = byte == 0xC2 && index + 1 < count && utf8[index + 1] & 0xE0 == 0x80
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0x7F || c1 else {
                index += 1
                continue
            }
            if start < index { bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: utf8[start..<index])) }
            if c1 {
                appendUnicodeEscape(utf8[index + 1], to: &bytes)
                index += 2
            } else {
                appendEscape(byte, to: &bytes)
                index += 1
            }
            start = index
        }
        if start < count { bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: utf8[start..<count])) }
        bytes.append(UInt8(ascii: "\""))
    }

    /// True when some byte of `text` is a control character, a quote, a backslash, DEL or the lead
    /// byte of a C1 control: eight bytes at a time, the last eight overlapping the ones before.
    @inline(__always)
    private static func needsEscape(_ text: UnsafeRawBufferPointer) -> Bool {
        ByteWord.contains(in: text, wordHolds: needsEscape) { byte in
            byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || isEscapedBeyondJSON(byte)
        }
    }

    /// True when one of the eight bytes of `word` is a control character, a quote, a backslash, DEL
    /// or 0xC2 (which leads the C1 controls, and also U+00A0-U+00BF such as `£` and `°`).
    @inline(__always)
    private static func needsEscape(_ word: UInt64) -> Bool {
        // Whether some byte is below 0x20 ("has less than", exact as a yes or no for limits up to 0x80).
        let control = (word &- 0x2020_2020_2020_2020) & ~word & 0x8080_8080_8080_8080
        return control != 0 || ByteWord.hasZeroByte(word ^ 0x2222_2222_2222_2222) || ByteWord.hasZeroByte(word ^ 0x5C5C_5C5C_5C5C_5C5C)
            || holdsByteEscapedBeyondJSON(word)
    }

    /// True when one of the eight bytes of `word` is one JSON lets a string hold as it is but
    /// `append` writes as a `\u` escape: DEL, or 0xC2, which leads the C1 controls (and also
    /// U+00A0-U+00BF). Text holding none of these, no backslash and no control character is
    /// written between its quotes unchanged.
    @inlinable @inline(__always)
    public static func holdsByteEscapedBeyondJSON(_ word: UInt64) -> Bool {
        ByteWord.hasZeroByte(word ^ 0x7F7F_7F7F_7F7F_7F7F) || ByteWord.hasZeroByte(word ^ 0xC2C2_C2C2_C2C2_C2C2)
    }

    /// `holdsByteEscapedBeyondJSON` for one byte.
    @inlinable @inline(__always)
    public static func isEscapedBeyondJSON(_ byte: UInt8) -> Bool { byte == 0x7F || byte == 0xC2 }

    /// Appends the escape of a control character, quote or backslash.
    private static func appendEscape(_ byte: UInt8, to bytes: inout ByteOutput) {
        switch byte {
        case UInt8(ascii: "\""): bytes.append(contentsOf: [0x5C, 0x22])
        case UInt8(ascii: "\\"): bytes.append(contentsOf: [0x5C, 0x5C])
        case 0x0A: bytes.append(contentsOf: [0x5C, UInt8(ascii: "n")])
        case 0x0D: bytes.append(contentsOf: [0x5C, UInt8(ascii: "r")])
        case 0x09: bytes.append(contentsOf: [0x5C, UInt8(ascii: "t")])
        case 0x08: bytes.append(contentsOf: [0x5C, UInt8(ascii: "b")])
        case 0x0C: bytes.append(contentsOf: [0x5C, UInt8(ascii: "f")])
        default:
            appendUnicodeEscape(byte, to: &bytes)
        }
    }

    /// Appends `\u00XX` for the code point `byte` (a C0 or C1 control, or DEL).
    private static func appendUnicodeEscape(_ byte: UInt8, to bytes: inout ByteOutput) {
        bytes.append(contentsOf: [0x5C, UInt8(ascii: "u"), 0x30, 0x30])
        bytes.append(hexDigits[Int(byte >> 4)])
        bytes.append(hexDigits[Int(byte & 0x0F)])
    }

    /// `text` as a JSON string literal.
    public static func literal(_ text: String) -> String {
        var bytes = ByteOutput(capacity: text.utf8.count + 2)
        append(text, to: &bytes)
        return bytes.string
    }
}

/// The RFC 8259 number grammar: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
public enum JSONNumberSyntax {
    /// Appends a number's source text as JSON: the text itself when it is a JSON number, else a
    /// string (a CSV cell `007` becomes `"007"`), so the output is valid JSON and no digit changes.
    public static func appendNumber(_ text: UnsafeRawBufferPointer, to bytes: inout ByteOutput) {
        if isValid(text) {
            bytes.append(contentsOf: text)
        } else {
            JSONString.append(utf8: text, to: &bytes)
        }
    }

    public static func isValid(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { isValid(UnsafeRawBufferPointer($0)) }
    }

    public static func isValid(_ text: UnsafeRawBufferPointer) -> Bool {
        let count = text.count
        var index = 0
        /// The byte at `index`, or 0 past the end (a 0 byte in the text fails the last check).
        @inline(__always) func byte() -> UInt8 { index < count ? text[index] : 0 }
        @inline(__always) func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }
        @inline(__always) func skipDigits() { while isDigit(byte()) { index += 1 } }
        if byte() == UInt8(ascii: "-") { index += 1 }
        let first = byte()
        guard isDigit(first) else { return false }
        index += 1
        if first != UInt8(ascii: "0") { skipDigits() }
        if byte() == UInt8(ascii: ".") {
            index += 1
            guard isDigit(byte()) else { return false }
            skipDigits()
        }
        if byte() | 0x20 == UInt8(ascii: "e") {
            index += 1
            if byte() == UInt8(ascii: "+") || byte() == UInt8(ascii: "-") { index += 1 }
            guard isDigit(byte()) else { return false }
            skipDigits()
        }
        return index == count
    }
}
