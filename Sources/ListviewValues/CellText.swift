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
    /// `text` with every C0 control, DEL and C1 control replaced by a visible escape.
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
            case 0x01..<0x20, 0x7F, 0x80..<0xA0:
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
        var previousWasC2 = false  // the byte before `plain` is printable ASCII
        for byte in text.utf8.dropFirst(plain) {
            if byte < 0x20 || byte == 0x7F { return true }
            if previousWasC2 && byte < 0xA0 && byte >= 0x80 { return true }
            previousWasC2 = byte == 0xC2
        }
        return false
    }
}
