import ListviewValues

extension JSONStreamParser {
    /// A token of JSON text, as yajl 2.1's lexer (`yajl_lex.c`) tells them apart.
    enum Token: Equatable {
        /// The bytes ran out before the token ended (it is kept, and lexed again with the next bytes).
        case end
        case error(LexicalError)
        case openObject, closeObject, openArray, closeArray, comma, colon
        case string(hasEscapes: Bool)
        case literal(Literal)
        case number
    }

    /// The literal names JSON has.
    enum Literal: Equatable { case `true`, `false`, null }

    /// yajl's lexical errors (`yajl_lex_error`), by their messages as yajl words them, less
    /// its `lexical error: ` and final full stop.
    ///
    /// Invalid UTF-8 (`yajl_lex_string_invalid_utf8`) is not among them: strings are left
    /// unchecked (as listview had yajl leave them, `yajl_dont_validate_strings`), and the
    /// handler checks the ones it keeps.
    enum LexicalError: String, Equatable {
        case invalidEscape = "inside a string, '\\' occurs before a character which it may not"
        case controlCharacterInString = "invalid character inside string"
        case nonHexDigitInEscape = "invalid (non-hex) character occurs after '\\u' inside string"
        case invalidCharacter = "invalid char in json text"
        case invalidLiteral = "invalid string in json text"
        case noDigitAfterExponent = "malformed number, a digit is required after the exponent"
        case noDigitAfterDecimalPoint = "malformed number, a digit is required after the decimal point"
        case noDigitAfterMinus = "malformed number, a digit is required after the minus sign"
        case comment = "probable comment found in input text, comments are not enabled"

        /// Whether the lexer stops on the offending byte (it backed up to it), which is then where
        /// the error is, rather than just after it (the error is then on the byte before).
        var endsOnOffendingByte: Bool {
            switch self {
            case .invalidCharacter, .comment: return false
            default: return true
            }
        }
    }

    /// yajl 2.1's lexer over the bytes of one call (`text`, `limit` of them): where the parse
    /// stands in them (`offset`, yajl's bytes consumed) and the token last lexed.
    ///
    /// A token that the call's bytes end before it does (a number too, which is only seen
    /// to end at the byte after it) is `.end`: its bytes are kept (`carried`), and the
    /// next call lexes it again from its start, the kept bytes first and then its own
    /// (yajl's lexer buffer). Offsets are the call's: a token begun in an earlier call
    /// starts before 0, and an offset never goes back past 0, as yajl counts only the
    /// bytes of the call.
    struct Lexer: ~Copyable {
        private var text: UnsafePointer<UInt8>
        private(set) var limit = 0
        var offset = 0
        /// Where the last token lexed began (negative: in the bytes an earlier call cut off).
        private(set) var tokenStart = 0
        /// The bytes of the last token lexed, quotes and all (in `text`, or in `carried`).
        private(set) var token: UnsafePointer<UInt8>
        /// The start of a token the last call's bytes cut off.
        private var carried = Bytes()
        /// A cut string: where in `carried` it is lexed on from (0: no string), and whether it has
        /// escapes so far. Lexed again from its start each call, a string as long as many calls
        /// would cost time in the square of its length (as it does with yajl).
        private var carriedString = (resume: 0, hasEscapes: false)

        init() {
            // Points at nothing until the first call: `limit` is 0.
            text = UnsafePointer(carried.base)
            token = text
        }

        /// Starts lexing the bytes of a call.
        mutating func begin(_ bytes: UnsafePointer<UInt8>, count: Int) {
            text = bytes
            limit = count
            offset = 0
        }

        /// Where the token the call's bytes cut off (kept for the next) begins, from the call's
        /// start (negative: an earlier call's), and whether it is a string; nil with none.
        var cutToken: (start: Int, isString: Bool)? {
            guard carried.count > 0 else { return nil }
            return (limit - carried.count, carried.base.pointee == UInt8(ascii: "\""))
        }

        /// The length yajl gives the token last lexed (`outLen`): a string's without its quotes.
        var tokenLength: Int {
            let length = offset - tokenStart
            return token.pointee == UInt8(ascii: "\"") ? length - 2 : length
        }

        /// The next token. At `.end` the call's bytes are all read, the cut token's kept.
        @inline(__always)
        mutating func next() -> Token {
            if carried.count > 0 { return nextCarried() }
            var index = offset, start = offset, hasEscapes = false
            let token = Self.lex(text, limit, &index, &start, &hasEscapes)
            tokenStart = start
            self.token = text + start
            if case .end = token {
                carry(from: start, resumingAt: index, hasEscapes: hasEscapes)
            } else {
                offset = index
            }
            return token
        }

        /// Keeps the bytes of a token the call's end cut off, from `start`: where a cut string may
        /// be lexed on from (`index`; its escapes so far, `hasEscapes`).
        private mutating func carry(from start: Int, resumingAt index: Int, hasEscapes: Bool) {
            offset = limit
            guard start < limit else { return }
            carried.append(text + start, count: limit - start)
            let isString = text[start] == UInt8(ascii: "\"")
            carriedString = isString ? (index - start, hasEscapes) : (0, false)
        }

        /// The token the last call cut off, completed with this call's bytes: lexed on in
        /// `carried` (a string from where it was cut, anything else from its start again), with
        /// as many of the call's bytes after it as it takes (doubling).
        private mutating func nextCarried() -> Token {
            let before = carried.count
            var taken = 0
            while true {
                let more = min(limit - taken, max(64, taken))
                carried.append(text + taken, count: more)
                taken += more
                var index = 0, start = 0, hasEscapes = false
                let bytes = UnsafePointer(carried.base)
                let token: Token
                if carriedString.resume > 0 {
                    (index, hasEscapes) = carriedString
                    token = Self.string(bytes, carried.count, &index, &hasEscapes)
                } else {
                    token = Self.lex(bytes, carried.count, &index, &start, &hasEscapes)
                }
                if case .end = token {
                    if carriedString.resume > 0 { carriedString = (index, hasEscapes) }
                    guard taken == limit else { continue }
                    // Still cut: every byte of the call is kept.
                    offset = limit
                    return .end
                }
                // The bytes stay where they are until the next write, after this token's event.
                carried.removeAll()
                carriedString = (0, false)
                self.token = bytes + start
                tokenStart = start - before
                offset = max(index - before, 0)
                return token
            }
        }

        // MARK: Tokens

        /// `yajl_lex_lex`: the token at `index`, whitespace skipped; `start` is where it begins,
        /// `index` where the lexer stopped (after it; on the offending byte of most errors; for a
        /// string cut off, where it may be lexed on from, with `hasEscapes` so far).
        private static func lex(_ text: UnsafePointer<UInt8>, _ limit: Int, _ index: inout Int, _ start: inout Int,
                                _ hasEscapes: inout Bool) -> Token {
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
        private static func literal(_ text: UnsafePointer<UInt8>, _ limit: Int, _ index: inout Int, _ rest: UInt32,
                                    _ literal: Literal) -> Token {
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
        private static func string(_ text: UnsafePointer<UInt8>, _ limit: Int, _ index: inout Int, _ hasEscapes: inout Bool) -> Token {
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
        private static func plainEnd(_ text: UnsafePointer<UInt8>, from start: Int, _ limit: Int) -> Int {
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
        private static func number(_ text: UnsafePointer<UInt8>, _ limit: Int, _ index: inout Int) -> Token {
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
        private static func isDigit(_ byte: UInt8) -> Bool {
            byte &- UInt8(ascii: "0") < 10
        }

        @inline(__always)
        private static func isHexDigit(_ byte: UInt8) -> Bool {
            isDigit(byte) || (byte | 0x20) &- UInt8(ascii: "a") < 6
        }

        /// The bytes that may follow a backslash in a string, besides `u`: `"\/bfnrt`.
        @inline(__always)
        private static func isEscapable(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                 UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                return true
            default:
                return false
            }
        }
    }
}
