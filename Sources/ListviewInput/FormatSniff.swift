import ListviewValues

/// The format of an input told from its content, never from the timing of its reads.
///
/// A pipe hands its bytes over in reads whose sizes depend on the writer's timing, so the sniff
/// says what it needs to decide, and the reader reads on until it has that (or the input ends):
///
/// - text that starts with `{` or `[` is JSON Lines when its first value closes on its first line
///   and the next text, on a later line, starts another object or array; it is JSON when the
///   first value spans lines, when something else follows it, or when nothing does. Deciding
///   needs the first value and the first byte after it that is not white space, or the end.
/// - other text is decided on its first line (up to its line break, or the end): CSV or TSV by
///   its separators; a first line that is one JSON scalar alone is JSON when nothing follows
///   it, JSON Lines when the next line starts a value too, and CSV otherwise.
///
/// Empty or blank input is JSON Lines, so it reads as an empty list (`grep … | listview` that
/// matched nothing), not as broken JSON. A first value longer than `longestWait` bytes is not
/// waited for: what was read by then decides, the same way for every timing.
public enum FormatSniff {
    /// The most bytes a sniff waits for: a first value or line longer than this decides as JSON
    /// (an open `{` or `[`) or on the text read.
    public static let longestWait = 8 << 20

    /// The format `bytes` (the input's first bytes, a UTF-8 byte order mark included or not)
    /// show, or nil when more bytes are needed to tell and the input goes on (`atEnd` false).
    public static func decide(_ bytes: ArraySlice<UInt8>, atEnd: Bool) -> InputFormat? {
        var bytes = bytes
        if bytes.starts(with: byteOrderMark) { bytes = bytes.dropFirst(byteOrderMark.count) }
        guard let start = bytes.firstIndex(where: { !isSpace($0) }) else { return atEnd ? .jsonl : nil }
        switch bytes[start] {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            return decideJSON(bytes, from: start, atEnd: atEnd)
        case let first:
            guard let line = firstLine(of: bytes, atEnd: atEnd) else { return nil }
            return decideOnFirstLine(line, startingWith: first) ?? decideAfterScalar(bytes, lineEnd: line.endIndex, atEnd: atEnd)
        }
    }

    /// The format `input`'s content shows, and the first bytes read for it: they are read until
    /// they decide (`decide`), the input ends, or `longestWait` bytes are held, whatever a pipe's
    /// timing. With `objectIsJSONLines` (a followed input), a text that starts with an object is
    /// JSON Lines at once: a log's first record, the next lines to come.
    public static func format(of input: ByteInput, objectIsJSONLines: Bool = false) throws -> (format: InputFormat, bytes: [UInt8]) {
        func startsWithObject(_ bytes: ArraySlice<UInt8>) -> Bool {
            objectIsJSONLines && bytes.first(where: { !isSpace($0) }) == UInt8(ascii: "{")
        }
        let (bytes, _) = try input.peek(until: { startsWithObject($0) || isDecided($0) }, limit: longestWait)
        if startsWithObject(bytes[...]) { return (.jsonl, bytes) }
        // At the end, or past the longest wait, the bytes read decide.
        return (decide(bytes[...], atEnd: true) ?? .json, bytes)
    }

    /// True when `bytes` decide the format even if the input goes on.
    public static func isDecided(_ bytes: ArraySlice<UInt8>) -> Bool {
        decide(bytes, atEnd: false) != nil
    }

    /// JSON or JSON Lines, for text whose first value starts at `start` with `{` or `[`.
    private static func decideJSON(_ bytes: ArraySlice<UInt8>, from start: Int, atEnd: Bool) -> InputFormat? {
        switch firstValueEnd(in: bytes, from: start) {
        case .spansLines:
            return .json
        case .open:
            return atEnd ? .json : nil
        case .closes(let end):
            var sawLineBreak = false
            var index = end
            while index < bytes.endIndex, isSpace(bytes[index]) {
                if bytes[index] == 0x0A { sawLineBreak = true }
                index += 1
            }
            guard index < bytes.endIndex else { return atEnd ? .json : nil }
            let next = bytes[index]
            return sawLineBreak && (next == UInt8(ascii: "{") || next == UInt8(ascii: "[")) ? .jsonl : .json
        }
    }

    /// Where the first JSON value, an object or array starting at `start`, ends.
    enum ValueEnd: Equatable {
        /// The value closes just before this index.
        case closes(Int)
        /// A line break comes before the value closes.
        case spansLines
        /// The bytes end inside the value.
        case open
    }

    /// Follows brackets and strings from `start` to the end of the value that starts there.
    static func firstValueEnd(in bytes: ArraySlice<UInt8>, from start: Int) -> ValueEnd {
        var depth = 0
        var inString = false
        var escaped = false
        var index = start
        while index < bytes.endIndex {
            let byte = bytes[index]
            index += 1
            if byte == 0x0A { return .spansLines }
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 { return .closes(index) }
            default: break
            }
        }
        return .open
    }

    /// The first line of `bytes` without its line break, or nil when it may go on.
    private static func firstLine(of bytes: ArraySlice<UInt8>, atEnd: Bool) -> ArraySlice<UInt8>? {
        if let lineBreak = bytes.firstIndex(of: 0x0A) { return bytes[..<lineBreak] }
        return atEnd ? bytes : nil
    }

    /// A first line is CSV, or TSV when it has tabs and no commas; nil when it is one JSON scalar
    /// alone (`42`, `"a"`, `null`: `decideAfterScalar`). A one-column header that only starts like
    /// one (`name`, `total`, `-x`) is CSV.
    private static func decideOnFirstLine(_ line: ArraySlice<UInt8>, startingWith first: UInt8) -> InputFormat? {
        let hasComma = line.contains(UInt8(ascii: ","))
        let hasTab = line.contains(0x09)
        if !hasComma && !hasTab && isScalar(line) { return nil }
        return hasTab && !hasComma ? .tsv : .csv
    }

    /// After a first line holding one JSON scalar: JSON when nothing but blanks follows it, JSON
    /// Lines when the next line that is not blank starts a value too (`seq 3`, a column of
    /// `"…"` strings), else CSV (a one-column CSV whose header is `1` or `"name"`).
    private static func decideAfterScalar(_ bytes: ArraySlice<UInt8>, lineEnd: Int, atEnd: Bool) -> InputFormat? {
        guard let start = bytes[lineEnd...].firstIndex(where: { !isSpace($0) }) else { return atEnd ? .json : nil }
        if bytes[start] == UInt8(ascii: "{") || bytes[start] == UInt8(ascii: "[") { return .jsonl }
        guard let next = firstLine(of: bytes[start...], atEnd: atEnd) else { return nil }
        return isScalar(next) ? .jsonl : .csv
    }

    /// Whether `line`, blanks around it aside, is one JSON scalar: `true`, `false`, `null`, a
    /// number as JSON writes it, or a string (quotes at both ends, none unescaped between them,
    /// no control character; the parser checks its escapes).
    static func isScalar(_ line: ArraySlice<UInt8>) -> Bool {
        guard let first = line.firstIndex(where: { !isSpace($0) }), let last = line.lastIndex(where: { !isSpace($0) }) else { return false }
        let text = line[first...last]
        if text.elementsEqual("true".utf8) || text.elementsEqual("false".utf8) || text.elementsEqual("null".utf8) { return true }
        if text.first == UInt8(ascii: "\"") {
            var index = text.startIndex + 1
            while index < text.endIndex {
                switch text[index] {
                case UInt8(ascii: "\\"): index += 2
                case UInt8(ascii: "\""): return index == text.endIndex - 1
                case 0..<0x20: return false
                default: index += 1
                }
            }
            return false
        }
        return text.withUnsafeBytes(NumberText.isJSONNumber)
    }

    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}
