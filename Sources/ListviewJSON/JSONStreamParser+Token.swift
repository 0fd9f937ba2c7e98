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
}
