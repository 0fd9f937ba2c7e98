/// The command line a golden transcript starts with: `$ listview ARGS [< STDIN_FILE]`.
///
/// `line` writes each word the way a shell reads it back: a plain word (letters, digits and
/// `-_./:,=`) as it is, any other word in single quotes, each `'` in it written `'\''`.
/// `init(parsing:)` reads exactly that form back and refuses anything else (an unquoted `*`, `"`
/// or `>`, a stray backslash, an unterminated quote), so a transcript written by hand cannot
/// run something other than what it shows.
struct TranscriptCommand: Equatable {
    /// Why a command line could not be read; `description` says what and at which column.
    struct ParseError: Error, Equatable, CustomStringConvertible {
        var description: String
    }

    /// What every command line starts with.
    static let prompt = "$ listview"

    /// The words after `listview`, unquoted.
    var arguments: [String]
    /// A file, relative to the repository root, read as standard input (`< FILE`); nil for none.
    var stdinFile: String?

    init(arguments: [String], stdinFile: String? = nil) {
        self.arguments = arguments
        self.stdinFile = stdinFile
    }

    /// The command line as a transcript shows it.
    var line: String {
        var words = [Self.prompt] + arguments.map(Self.quoted)
        if let stdinFile { words += ["<", Self.quoted(stdinFile)] }
        return words.joined(separator: " ")
    }

    /// `word` as a shell word: unchanged when plain, else single-quoted.
    static func quoted(_ word: String) -> String {
        let plain = !word.isEmpty && word.allSatisfy(isPlain)
        return plain ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// A character that `quoted` leaves outside quotes.
    private static func isPlain(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || "-_./:,=".contains(character)
    }

    /// Reads a command line written by `line` (it may span lines inside a quoted word).
    init(parsing text: String) throws {
        guard text == Self.prompt || text.hasPrefix(Self.prompt + " ") else {
            throw ParseError(description: "the command line does not start with `\(Self.prompt)`: \(text.debugDescription)")
        }
        let tokens = try Self.tokens(in: text, from: text.index(text.startIndex, offsetBy: Self.prompt.count))
        let words = { (tokens: ArraySlice<Token>) -> [String] in
            tokens.compactMap { if case .word(let word) = $0 { word } else { nil } }
        }
        guard let redirect = tokens.firstIndex(of: .redirect) else {
            self.init(arguments: words(tokens[...]))
            return
        }
        let after = tokens[(redirect + 1)...]
        guard after.count == 1, case .word(let file) = after.first else {
            throw ParseError(description: "`<` must be followed by one file, the last word of the command line")
        }
        self.init(arguments: words(tokens[..<redirect]), stdinFile: file)
    }

    private enum Token: Equatable {
        case word(String)
        /// An unquoted `<` standing alone.
        case redirect
    }

    /// Splits `text[start...]` at unquoted spaces into words and redirections.
    private static func tokens(in text: String, from start: String.Index) throws -> [Token] {
        var tokens: [Token] = []
        var word: String?  // nil between words; "" after an empty quoted word
        var index = start
        func failure(_ message: String) -> ParseError {
            ParseError(description: "\(message) at column \(text.distance(from: text.startIndex, to: index) + 1) of \(text.debugDescription)")
        }
        while index < text.endIndex {
            let character = text[index], next = text.index(after: index)
            switch character {
            case " ":
                if let finished = word { tokens.append(.word(finished)) }
                word = nil
                index = next
            case "'":
                guard let close = text[next...].firstIndex(of: "'") else { throw failure("unterminated single quote") }
                word = (word ?? "") + text[next..<close]
                index = text.index(after: close)
            case "\\":
                guard next < text.endIndex, text[next] == "'" else { throw failure("a backslash outside quotes may only escape `'`") }
                word = (word ?? "") + "'"
                index = text.index(after: next)
            case "<" where word == nil && (next == text.endIndex || text[next] == " "):
                tokens.append(.redirect)
                index = next
            default:
                guard isPlain(character) else { throw failure("\(String(character).debugDescription) must be quoted") }
                word = (word ?? "") + String(character)
                index = next
            }
        }
        if let finished = word { tokens.append(.word(finished)) }
        return tokens
    }
}
