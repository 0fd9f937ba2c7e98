import ListviewValues

/// The tokens of yajl 2.1's lexer (`yajl_lex.c`), read from raw bytes up to a limit: what
/// `Lexer` runs over a call's bytes, or over a cut token's with the next call's after them.
/// Each reads a byte only below the limit, and stops at the limit with `.end`.
extension JSONStreamParser.Lexer {
    /// `yajl_lex_lex`: the token at `index`, whitespace skipped; `start` is where it begins,
    /// `index` where the lexer stopped (after it; on the offending byte of most errors; for a
    /// string cut off, where it may be lexed on from, with `hasEscapes` so far).
    static func lex(_ text: UnsafePointer<UInt8>, _ limit: Int, _ index: inout Int, _ start: inout Int,
                    _ hasEscapes: inout Bool) -> JSONStreamParser.Token {
        while true {
            start = index
            guard index < limit else { return .end }
            let byte = text[index]
            index += 1
            switch byte {
            case UInt8(ascii: "{"): return .openObject
            case UInt8(ascii: "}"): return .closeObject
            case UInt8(ascii: "["): return .openArray
            case UInt8(ascii: "]"): return .closeArray
            case UInt8(ascii: ","): return .comma
            case UInt8(ascii: ":"): return .colon
            case 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20: continue
            case UInt8(ascii: "\""): return string(text, limit, &index, &hasEscapes)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                index -= 1
                return number(text, limit, &index)
            // What follows the first letter, a byte each from the low end.
            case UInt8(ascii: "t"): return literal(text, limit, &index, 0x65_75_72, .true)  // "rue"
            case UInt8(ascii: "f"): return literal(text, limit, &index, 0x65_73_6C_61, .false)  // "alse"
            case UInt8(ascii: "n"): return literal(text, limit, &index, 0x6C_6C_75, .null)  // "ull"
            case UInt8(ascii: "/"):
                index -= 1
                return .error(.comment)
            default:
                return .error(.invalidCharacter)
            }
        }
    }

    /// The rest of `true`, `false` or `null` (`rest`'s bytes, low first, up to a zero one).
    @inline(__always)
    static func literal(_ text: UnsafePointer<UInt8>, _ limit: Int, _ index: inout Int, _ rest: UInt32,
                        _ literal: JSONStreamParser.Literal) -> JSONStreamParser.Token {
        var expected = rest
        while expected != 0 {
            guard index < limit else { return .end }
            guard text[index] == UInt8(truncatingIfNeeded: expected) else { return .error(.invalidLiteral) }
            index += 1
            expected >>= 8
        }
        return .literal(literal)
    }

    /// A string, from after its opening quote (or where a cut one was lexed to) to after its
    /// closing one. Cut off, `index` is where it may be lexed on from: not inside an escape.
    static func string(_ text: UnsafePointer<UInt8>, _ limit: Int, _ index: inout Int, _ hasEscapes: inout Bool) -> JSONStreamParser.Token {
        while true {
            index = plainEnd(text, from: index, limit)
            guard index < limit else { return .end }
            let byte = text[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return .string(hasEscapes: hasEscapes)
            }
            guard byte == UInt8(ascii: "\\") else { return .error(.controlCharacterInString) }
            let escape = index
            index += 1
            guard index < limit else {
                index = escape
                return .end
            }
            let escaped = text[index]
            index += 1
            if escaped == UInt8(ascii: "u") {
                for _ in 0..<4 {
                    guard index < limit else {
                        index = escape
                        return .end
                    }
                    guard isHexDigit(text[index]) else { return .error(.nonHexDigitInEscape) }
                    index += 1
                }
            } else if !isEscapable(escaped) {
                index -= 1
                return .error(.invalidEscape)
            }
            hasEscapes = true
        }
    }

    /// Where the bytes of a string that need no look end, from `start`: at a quote, a
    /// backslash or a control character (yajl's `yajl_string_scan`), 32 bytes at a time.
    @inline(__always)
    static func plainEnd(_ text: UnsafePointer<UInt8>, from start: Int, _ limit: Int) -> Int {
        var index = start
        let raw = UnsafeRawPointer(text)
        // Made here, not kept in static constants: those cost a `swift_once` check each call.
        let quotes = ByteBlock.Block(repeating: UInt8(ascii: "\"")), backslashes = ByteBlock.Block(repeating: UInt8(ascii: "\\"))
        let spaces = ByteBlock.Block(repeating: 0x20)
        while index + ByteBlock.size <= limit {
            let block = raw.loadUnaligned(fromByteOffset: index, as: ByteBlock.Block.self)
            let stops = (block .== quotes) .| (block .== backslashes) .| (block .< spaces)
            if ByteBlock.any(stops) {
                let words = unsafeBitCast(stops, to: SIMD4<UInt64>.self)
                for word in 0..<4 where words[word] != 0 {
                    return index + word * 8 + words[word].trailingZeroBitCount >> 3
                }
            }
            index += ByteBlock.size
        }
        while index < limit {
            let byte = text[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            index += 1
        }
        return index
    }

    /// A number: yajl reads one byte past it to see it end, and backs up.
    static func number(_ text: UnsafePointer<UInt8>, _ limit: Int, _ index: inout Int) -> JSONStreamParser.Token {
        guard index < limit else { return .end }
        var byte = text[index]
        index += 1
        if byte == UInt8(ascii: "-") {
            guard index < limit else { return .end }
            byte = text[index]
            index += 1
        }
        if byte == UInt8(ascii: "0") {
            guard index < limit else { return .end }
            byte = text[index]
            index += 1
        } else if isDigit(byte) {
            repeat {
                guard index < limit else { return .end }
                byte = text[index]
                index += 1
            } while isDigit(byte)
        } else {
            index -= 1
            return .error(.noDigitAfterMinus)
        }
        if byte == UInt8(ascii: ".") {
            var digits = 0
            guard index < limit else { return .end }
            byte = text[index]
            index += 1
            while isDigit(byte) {
                digits += 1
                guard index < limit else { return .end }
                byte = text[index]
                index += 1
            }
            guard digits > 0 else {
                index -= 1
                return .error(.noDigitAfterDecimalPoint)
            }
        }
        if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
            guard index < limit else { return .end }
            byte = text[index]
            index += 1
            if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") {
                guard index < limit else { return .end }
                byte = text[index]
                index += 1
            }
            guard isDigit(byte) else {
                index -= 1
                return .error(.noDigitAfterExponent)
            }
            repeat {
                guard index < limit else { return .end }
                byte = text[index]
                index += 1
            } while isDigit(byte)
        }
        index -= 1
        return .number
    }

    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    @inline(__always)
    static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte | 0x20) &- UInt8(ascii: "a") < 6
    }

    /// The bytes that may follow a backslash in a string, besides `u`: `"\/bfnrt`.
    @inline(__always)
    static func isEscapable(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
             UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return true
        default:
            return false
        }
    }
}
