/// The text a human style shows for a value: safe to write to a terminal.
///
/// Numbers show their source text, nested values compact JSON, null the word
/// `null`, a missing field nothing. Control characters from the data (ESC,
/// BEL, CR, newline, tab, DEL, C1 controls) are shown escaped, so a hostile
/// file cannot move the cursor or retitle the terminal.
public enum CellText {
    /// The text for `value`; nil stands for a missing field.
    public static func text(for value: Value?) -> String {
        TerminalEscaping.escaped(unescapedText(for: value))
    }

    /// The text for `value` before control characters are escaped.
    @inline(__always)
    public static func unescapedText(for value: Value?) -> String {
        guard let value else { return "" }
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let text), .string(let text): return text
        case .array, .object: return value.compactJSON
        }
    }

    /// The shown (escaped) text for `value` and its width in terminal cells, from one scan
    /// of the bytes when the text is printable ASCII (the usual cell).
    @inline(__always)
    public static func shown(_ value: Value?) -> (text: String, width: Int) {
        shown(unescapedText(for: value))
    }

    /// The width in terminal cells of UTF-8 `text` once escaped; printable ASCII (the usual cell) is never decoded.
    @inline(__always)
    public static func shownWidth(of text: UnsafeRawBufferPointer) -> Int {
        if isPrintableASCII(text) { return text.count }
        return shown(String(decoding: text, as: UTF8.self)).width
    }

    /// True when every byte is printable ASCII: the text is shown as it is, a cell per byte.
    @inline(__always)
    public static func isPrintableASCII(_ text: UnsafeRawBufferPointer) -> Bool {
        UTF8Check.printableASCIIPrefix(text.assumingMemoryBound(to: UInt8.self)) == text.count
    }

    /// `text` escaped, and its width in terminal cells.
    @inline(__always)
    public static func shown(_ text: String) -> (text: String, width: Int) {
        var text = text
        let count = text.utf8.count
        if text.withUTF8(UTF8Check.printableASCIIPrefix) == count { return (text, count) }
        let escaped = TerminalEscaping.escaped(text)
        return (escaped, DisplayWidth.of(escaped))
    }
}

/// Escapes characters that would act on a terminal instead of being shown.
public enum TerminalEscaping {
    /// `text` with every C0 control, DEL, C1 control and bidirectional formatting character
    /// (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069, which reorder the text after them)
    /// replaced by a visible escape.
    public static func escaped(_ text: String) -> String {
        guard needsEscaping(text) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A: result += "\\n"
            case 0x0D: result += "\\r"
            case 0x09: result += "\\t"
            case 0x1B: result += "\\e"
            case 0x07: result += "\\a"
            case 0x08: result += "\\b"
            case 0x00: result += "\\0"
            case 0x01..<0x20, 0x7F, 0x80..<0xA0, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
                result += "\\u{" + String(scalar.value, radix: 16) + "}"
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// True when `text` holds a byte that could start a control character (C1 controls are 0xC2 0x80–0x9F in UTF-8).
    @inlinable
    public static func needsEscaping(_ text: String) -> Bool {
        let plain = text.utf8.withContiguousStorageIfAvailable { UTF8Check.printableASCIIPrefix($0) } ?? 0
        if plain == text.utf8.count { return false }
        return text.utf8.withContiguousStorageIfAvailable { bytes in
            controlLength(in: UnsafeRawBufferPointer(bytes), at: plain) != nil
        } ?? text.unicodeScalars.contains { escaped(String($0)) != String($0) }
    }

    /// Where the first control character (as `escaped` escapes them) at or after `start` in UTF-8
    /// `bytes` begins, and its length in bytes; nil when there is none.
    @inlinable
    public static func controlLength(in bytes: UnsafeRawBufferPointer, at start: Int) -> (offset: Int, length: Int)? {
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x20 || byte == 0x7F { return (index, 1) }
            if byte >= 0xC2, index + 1 < bytes.count {
                let second = bytes[index + 1]
                if byte == 0xC2 && second >= 0x80 && second < 0xA0 { return (index, 2) }  // C1
                if byte == 0xD8 && second == 0x9C { return (index, 2) }  // U+061C
                if byte == 0xE2, index + 2 < bytes.count {
                    let third = bytes[index + 2]
                    if second == 0x80 && (third == 0x8E || third == 0x8F || (0xAA...0xAE).contains(third)) { return (index, 3) }
                    if second == 0x81 && (0xA6...0xA9).contains(third) { return (index, 3) }
                }
            }
            index += 1
        }
        return nil
    }

    /// Appends UTF-8 `bytes` to `output` with every control character escaped as `escaped` does,
    /// but line feeds and tabs (the lines and fields of a machine style on a terminal) kept.
    /// Unless `final`, an unfinished UTF-8 sequence at the end is left out; returns its length.
    public static func appendEscaped(_ bytes: UnsafeRawBufferPointer, to output: inout ByteOutput, final: Bool) -> Int {
        var held = 0
        if !final {
            // Up to three bytes of a sequence the next bytes finish.
            var back = 0
            while back < min(3, bytes.count), bytes[bytes.count - 1 - back] & 0xC0 == 0x80 { back += 1 }
            if back < bytes.count {
                let lead = bytes[bytes.count - 1 - back]
                let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
                if length > back + 1 { held = back + 1 }
            }
        }
        let end = bytes.count - held
        let body = UnsafeRawBufferPointer(rebasing: bytes[..<end])
        var copied = 0
        var index = 0
        while let (offset, length) = controlLength(in: body, at: index) {
            index = offset + length
            let control = UnsafeRawBufferPointer(rebasing: body[offset..<offset + length])
            if length == 1 && (control[0] == 0x0A || control[0] == 0x09) { continue }
            output.append(contentsOf: UnsafeRawBufferPointer(rebasing: body[copied..<offset]))
            output.append(escaped(String(decoding: control, as: UTF8.self)))
            copied = index
        }
        output.append(contentsOf: UnsafeRawBufferPointer(rebasing: body[copied..<end]))
        return held
    }
}

extension CellText {
    /// Which of `values`, shown side by side (the sections of one grouping level, the rows of a
    /// frequency table), are strings to show quoted (`quoted(_:)`) so that no two show the same
    /// text: a string whose text is that of another value there (`"true"` beside `true`, `"100"`
    /// beside `100`, `"null"` beside null). Only a string can read like another type.
    public static func stringsToQuote(among values: [Value]) -> [Bool] {
        var others: Set<String> = []
        for value in values {
            if case .string = value { continue }
            others.insert(unescapedText(for: value))
        }
        guard !others.isEmpty else { return values.map { _ in false } }
        return values.map { value in
            if case .string(let text) = value { return others.contains(text) }
            return false
        }
    }

    /// A string as its JSON text, quoted and escaped (`"true"`), safe to write to a terminal.
    public static func quoted(_ text: String) -> String {
        TerminalEscaping.escaped(Value.string(text).compactJSON)
    }
}
