import ListviewValues

/// What JSON text may not hold but yajl's rules (`JSONStreamParser`) would let through or
/// change, found chunk by chunk before the parser sees the bytes: a vertical tab or form feed
/// (yajl takes them for whitespace), and a surrogate escape that is not half of a pair.
///
/// yajl decodes `\ud800\u0041` into one character made of both halves, `\ud800`
/// alone into `?`, and `\udc00` alone into bytes that are not UTF-8. None of them
/// is Unicode text, so none can be kept as a string and written back; listview
/// rejects them with their position, as Python's `json` does in strict mode. A
/// proper pair (`\ud83d\ude00`, 😀) is one character, as it should be.
///
/// Backslashes are rare, so the bytes between them are passed over 32 at a
/// time; the state carries across chunks, so an escape cut between two is seen
/// whole.
struct JSONTextCheck {
    /// Where in an escape the text stands.
    private enum State {
        case text
        case afterBackslash
        /// Reading the hex digits of `\u`; `second` for the low half that must follow a high one.
        case hexDigits(count: Int, value: UInt32, second: Bool)
        /// After a high surrogate escape: a backslash must follow, then `u`.
        case expectingBackslash
        case expectingU
    }

    private var state = State.text
    /// The high surrogate waiting for its low half.
    private var high: UInt32 = 0
    /// Where the escape being read began, from the start of the current chunk (negative: in an
    /// earlier one).
    private var escapeStart = 0

    /// The bytes of an escape the text so far ends in that could yet turn out to be a problem, from
    /// its backslash (0: none): `\`, `\u` and up to three hex digits.
    var openEscapeLength: Int {
        switch state {
        case .afterBackslash, .hexDigits, .expectingU: return -escapeStart
        case .text, .expectingBackslash: return 0
        }
    }

    /// The offset in `bytes` (the next chunk of the text) of the first byte that cannot be, and why:
    /// negative (at most 12 bytes back) when it is the start of an escape an earlier chunk began.
    mutating func firstProblem(in bytes: UnsafeRawBufferPointer) -> (offset: Int, message: String)? {
        let count = bytes.count
        var index = 0
        let backslashes = ByteBlock.Block(repeating: 0x5C)
        let verticalTabs = ByteBlock.Block(repeating: 0x0B), formFeeds = ByteBlock.Block(repeating: 0x0C)
        while index < count {
            let byte = bytes[index]
            switch state {
            case .text:
                // Between escapes: 32 bytes at a time while none is a backslash, VT or FF.
                if index + ByteBlock.size <= count {
                    let block = ByteBlock.load(bytes, at: index)
                    if !ByteBlock.any((block .== backslashes) .| (block .== verticalTabs) .| (block .== formFeeds)) {
                        index += ByteBlock.size
                        continue
                    }
                }
                if byte == 0x0B || byte == 0x0C {
                    return (index, "invalid character U+000\(byte == 0x0B ? "B" : "C") in JSON text")
                }
                if byte == 0x5C {
                    state = .afterBackslash
                    escapeStart = index
                }
            case .afterBackslash:
                state = byte == UInt8(ascii: "u") ? .hexDigits(count: 0, value: 0, second: false) : .text
            case let .hexDigits(digits, value, second):
                guard let digit = Self.hexValue(byte) else {
                    state = .text  // not an escape: the parser reports it
                    break
                }
                let code = value << 4 | digit
                guard digits == 3 else {
                    state = .hexDigits(count: digits + 1, value: code, second: second)
                    break
                }
                state = .text
                let isHigh = (0xD800...0xDBFF).contains(code), isLow = (0xDC00...0xDFFF).contains(code)
                if second {
                    guard isLow else { return problem(at: escapeStart, Self.unpaired(high)) }
                } else if isHigh {
                    high = code
                    state = .expectingBackslash
                } else if isLow {
                    return problem(at: escapeStart, "\(Self.escape(code)) is a low surrogate without a high surrogate escape before it (not Unicode text)")
                }
            case .expectingBackslash:
                guard byte == 0x5C else { return problem(at: index, Self.unpaired(high)) }
                state = .expectingU
                escapeStart = index
            case .expectingU:
                guard byte == UInt8(ascii: "u") else { return problem(at: escapeStart, Self.unpaired(high)) }
                state = .hexDigits(count: 0, value: 0, second: true)
            }
            index += 1
        }
        escapeStart -= count
        return nil
    }

    private func problem(at offset: Int, _ message: String) -> (offset: Int, message: String) {
        (offset, message)
    }

    private static func unpaired(_ high: UInt32) -> String {
        "\(escape(high)) is a high surrogate without a low surrogate escape after it (not Unicode text)"
    }

    /// `\ud800`.
    private static func escape(_ code: UInt32) -> String {
        "\\u" + String(code, radix: 16)
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }
}
