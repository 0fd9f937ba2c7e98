extension JSONErrorLocator {
    /// A token of JSON text, as yajl 2.1's lexer (`yajl_lex.c`) tells them apart.
    enum Token: Equatable {
        /// The bytes ran out before the token ended (yajl keeps them to lex again with the next bytes).
        case end
        case error(LexicalError)
        case openObject, closeObject, openArray, closeArray, comma, colon
        case string(hasEscapes: Bool)
        case literal(Literal)
        case number
    }

    /// The literal names JSON has.
    enum Literal: Equatable { case `true`, `false`, null }

    /// yajl's lexical errors (`yajl_lex_error`), by their messages as `YajlParser` cleans them.
    ///
    /// Invalid UTF-8 (`yajl_lex_string_invalid_utf8`) is not among them: listview has
    /// yajl leave strings unchecked (`yajl_dont_validate_strings`) and checks them itself.
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

        /// Whether yajl's count of bytes consumed ends on the offending byte (the lexer backed
        /// up to it) rather than just after it: `YajlParser.lexerErrorsAtOffendingByte`.
        var endsOnOffendingByte: Bool {
            switch self {
            case .invalidCharacter, .comment: return false
            default: return true
            }
        }
    }

    /// yajl's lexer over one text, read up to `limit`: where the parse stands (`offset`, yajl's
    /// bytes consumed, counted from the start of the text) and where the last token began.
    ///
    /// Past the end of the text it reads spaces: `yajl_complete_parse` ends a text by
    /// parsing one space after it (so a number at the very end is complete). A token the
    /// limit cuts off is `.end`, and lexed again from its start once the limit moves on,
    /// which is what yajl's buffering of a cut token amounts to.
    struct Lexer {
        let text: UnsafeRawBufferPointer
        /// The bytes readable now: up to the end of the text, or one past it while finishing.
        var limit = 0
        var offset = 0
        /// Where the last token lexed began.
        private(set) var tokenStart = 0

        init(text: UnsafeRawBufferPointer) {
            self.text = text
        }

        /// The byte at `index`; a space past the text (the one yajl parses to finish).
        private func byte(at index: Int) -> UInt8 {
            index < text.count ? text[index] : 0x20
        }

        /// The next byte, consumed.
        private mutating func read() -> UInt8 {
            let byte = byte(at: offset)
            offset += 1
            return byte
        }

        /// The bytes of the token last lexed, quotes and all.
        var tokenBytes: Range<Int> { tokenStart..<offset }

        /// The length yajl gives the token last lexed (`outLen`): a string's without its quotes.
        var tokenLength: Int {
            let length = offset - tokenStart
            return byte(at: tokenStart) == UInt8(ascii: "\"") ? length - 2 : length
        }

        /// The next token; at `.end` the offset goes back to where the cut token began.
        mutating func next() -> Token {
            let token = lexToken()
            if token == .end { offset = tokenStart }
            return token
        }

        private mutating func lexToken() -> Token {
            while true {
                tokenStart = offset
                guard offset < limit else { return .end }
                switch read() {
                case UInt8(ascii: "{"): return .openObject
                case UInt8(ascii: "}"): return .closeObject
                case UInt8(ascii: "["): return .openArray
                case UInt8(ascii: "]"): return .closeArray
                case UInt8(ascii: ","): return .comma
                case UInt8(ascii: ":"): return .colon
                case 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20: continue
                case UInt8(ascii: "t"): return literal(Self.rue, .true)
                case UInt8(ascii: "f"): return literal(Self.alse, .false)
                case UInt8(ascii: "n"): return literal(Self.ull, .null)
                case UInt8(ascii: "\""): return string()
                case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    offset -= 1
                    return number()
                case UInt8(ascii: "/"):
                    offset -= 1
                    return .error(.comment)
                default:
                    return .error(.invalidCharacter)
                }
            }
        }

        /// The rest of `true`, `false` or `null`.
        private mutating func literal(_ rest: [UInt8], _ literal: Literal) -> Token {
            for expected in rest {
                guard offset < limit else { return .end }
                guard read() == expected else {
                    offset -= 1
                    return .error(.invalidLiteral)
                }
            }
            return .literal(literal)
        }

        /// A string, from after its opening quote to its closing one.
        private mutating func string() -> Token {
            var hasEscapes = false
            while true {
                guard offset < limit else { return .end }
                let byte = read()
                switch byte {
                case UInt8(ascii: "\""):
                    return .string(hasEscapes: hasEscapes)
                case UInt8(ascii: "\\"):
                    hasEscapes = true
                    guard offset < limit else { return .end }
                    let escaped = read()
                    if escaped == UInt8(ascii: "u") {
                        for _ in 0..<4 {
                            guard offset < limit else { return .end }
                            guard Self.isHexDigit(read()) else {
                                offset -= 1
                                return .error(.nonHexDigitInEscape)
                            }
                        }
                    } else if !Self.escapable.contains(escaped) {
                        offset -= 1
                        return .error(.invalidEscape)
                    }
                case 0x00..<0x20:
                    offset -= 1
                    return .error(.controlCharacterInString)
                default:
                    continue
                }
            }
        }

        /// A number: yajl reads one byte past it to see it end, and backs up.
        private mutating func number() -> Token {
            guard offset < limit else { return .end }
            var byte = read()
            if byte == UInt8(ascii: "-") {
                guard offset < limit else { return .end }
                byte = read()
            }
            if byte == UInt8(ascii: "0") {
                guard offset < limit else { return .end }
                byte = read()
            } else if Self.isDigit(byte) {
                repeat {
                    guard offset < limit else { return .end }
                    byte = read()
                } while Self.isDigit(byte)
            } else {
                offset -= 1
                return .error(.noDigitAfterMinus)
            }
            if byte == UInt8(ascii: ".") {
                var digits = 0
                guard offset < limit else { return .end }
                byte = read()
                while Self.isDigit(byte) {
                    digits += 1
                    guard offset < limit else { return .end }
                    byte = read()
                }
                guard digits > 0 else {
                    offset -= 1
                    return .error(.noDigitAfterDecimalPoint)
                }
            }
            if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
                guard offset < limit else { return .end }
                byte = read()
                if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") {
                    guard offset < limit else { return .end }
                    byte = read()
                }
                guard Self.isDigit(byte) else {
                    offset -= 1
                    return .error(.noDigitAfterExponent)
                }
                repeat {
                    guard offset < limit else { return .end }
                    byte = read()
                } while Self.isDigit(byte)
            }
            offset -= 1
            return .number
        }

        /// What follows the first letter of `true`, `false` and `null`.
        private static let rue = Array("rue".utf8), alse = Array("alse".utf8), ull = Array("ull".utf8)

        /// The bytes that may follow a backslash in a string, besides `u`.
        private static let escapable: [UInt8] = Array("\"\\/bfnrt".utf8)

        private static func isDigit(_ byte: UInt8) -> Bool {
            byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
        }

        private static func isHexDigit(_ byte: UInt8) -> Bool {
            isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20)
        }
    }
}
