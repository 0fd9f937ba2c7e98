/// Where each table and key of a TOML file is written: the line of `[views.triage]` and of
/// `fields = …` under it, for messages that point at the line to fix.
///
/// toml++ gives a position only for a syntax error, so the file's lines are read again here,
/// after toml++ has accepted them: a `[table]` or `[[table]]` header sets the table, and a
/// `key =` line (dotted and quoted keys too) adds the key under it. Lines inside multi-line
/// strings and arrays are passed over. A key inside an inline table is found at the line of the
/// key that holds the inline table.
struct SourceLines {
    private var lines: [[String]: Int] = [:]

    init(_ text: String) {
        var table: [String] = []
        var state = ValueScanner()
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            if state.isInsideValue {
                state.scan(line[...])
                continue
            }
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.hasPrefix("[") {
                let inner = trimmed.drop { $0 == "[" }
                guard let (path, _) = Self.keyPath(inner, until: "]") else { continue }
                table = path
                record(path, line: number)
            } else if let (path, rest) = Self.keyPath(trimmed, until: "=") {
                for end in 1...path.count { record(table + path[..<end], line: number) }
                state.scan(rest)
            }
        }
    }

    /// The line of `path` (table names, then the key), else of the nearest table holding it, else 1.
    func line(of path: [String]) -> Int {
        var path = path
        while !path.isEmpty {
            if let line = lines[path] { return line }
            path.removeLast()
        }
        return 1
    }

    private mutating func record(_ path: [String], line: Int) {
        if lines[path] == nil { lines[path] = line }
    }

    /// `a."b c".d =` → (`a`, `b c`, `d`) and the text after `=`; nil when the text is no key path
    /// ended by `terminator`.
    static func keyPath(_ text: Substring, until terminator: Character) -> ([String], Substring)? {
        var parts: [String] = []
        var rest = text
        while true {
            rest = rest.drop { $0 == " " || $0 == "\t" }
            guard let first = rest.first else { return nil }
            if first == "\"" || first == "'" {
                let body = rest.dropFirst()
                guard let close = body.firstIndex(of: first) else { return nil }
                parts.append(String(body[..<close]))
                rest = body[body.index(after: close)...]
            } else {
                let bare = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
                guard !bare.isEmpty else { return nil }
                parts.append(String(bare))
                rest = rest.dropFirst(bare.count)
            }
            rest = rest.drop { $0 == " " || $0 == "\t" }
            guard let next = rest.first else { return nil }
            if next == terminator { return (parts, rest.dropFirst()) }
            guard next == "." else { return nil }
            rest = rest.dropFirst()
        }
    }
}

/// Follows a value across lines: open brackets and braces, and multi-line strings.
private struct ValueScanner {
    private var depth = 0
    private var multiLineQuote: String?

    var isInsideValue: Bool { depth > 0 || multiLineQuote != nil }

    mutating func scan(_ text: Substring) {
        var rest = text
        while let character = rest.first {
            if let quote = multiLineQuote {
                guard let range = rest.firstRange(of: quote) else { return }
                multiLineQuote = nil
                rest = rest[range.upperBound...]
                continue
            }
            switch character {
            case "#":
                return
            case "[", "{":
                depth += 1
            case "]", "}":
                depth = max(0, depth - 1)
            case "\"", "'":
                let triple = String(repeating: character, count: 3)
                if rest.hasPrefix(triple) {
                    multiLineQuote = triple
                    rest = rest.dropFirst(3)
                    continue
                }
                rest = Self.afterString(rest.dropFirst(), quote: character)
                continue
            default:
                break
            }
            rest = rest.dropFirst()
        }
    }

    /// The text after a one-line string whose opening `quote` is already read: a basic string
    /// (`"`) escapes with a backslash, a literal one (`'`) does not.
    private static func afterString(_ text: Substring, quote: Character) -> Substring {
        var rest = text
        while let character = rest.first {
            rest = rest.dropFirst()
            if character == quote { return rest }
            if character == "\\" && quote == "\"" { rest = rest.dropFirst() }
        }
        return rest
    }
}
