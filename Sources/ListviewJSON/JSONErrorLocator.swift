import ListviewInput

/// The first error in a JSON text, with the message and byte offset listview's yajl reader
/// reports for it, found without yajl: what lets a reader that only learns *that* a text is
/// bad (simdjson) say where and why.
///
/// It reads the text as `JSONRecordSource` has `YajlParser` and `JSONBatchAssembler`
/// read it, and finds the same first error:
///
/// - `JSONTextCheck`'s problems (a vertical tab or form feed, a surrogate escape without
///   its other half), yajl being given the bytes before them only, as `YajlParser` does;
/// - yajl 2.1's lexical and grammar errors (`Lexer`, `Grammar`: a port of `yajl_lex.c` and
///   `yajl_parser.c` with strings left unchecked, no comments, and several values only in
///   JSON Lines), at the offset `YajlParser.outcome` derives from yajl's bytes consumed;
/// - the assembler's refusals (`Refusals`): a string or key that is not UTF-8, nesting
///   deeper than `maxDepth`, a second value on a JSON Lines line;
/// - JSON Lines read a line at a time: a value still open at its line's end is an error at
///   that line feed;
/// - the end of the text (`yajl_complete_parse`, called as `JSONRecordSource` calls it:
///   only when the text holds more than whitespace), at the end of the text, where the
///   reader reports it; a document of only whitespace is the reader's "no JSON value".
///
/// Like yajl, it takes a token that the end of the text cuts off after a whole value for
/// nothing: `[1] "abc` is a document, and `{"a":1}` then `"abc` on a last line with no line
/// feed is one line of JSON Lines.
///
/// The text is the whole input after a UTF-8 byte order mark (`ByteInput` drops it), read
/// as one chunk. yajl reads it in the reader's slices, and moves a few errors when a slice
/// ends near them (`firstError(in:chunkEnds:)` reproduces that; the tests show each way).
///
/// What stays with others: the input's name, and the line and column (`TextPosition` over
/// the bytes before the offset), are the reader's; so are what `ByteInput` refuses (a UTF-16
/// or UTF-32 byte order mark, a broken compressed stream) and `--path` finding no value,
/// which are no errors in the text. The assembler refuses the same things while it builds
/// rows from a parser's events; this only says where the first of them is.
///
/// Errors are rare, so this is written for clarity: one pass, linear in the text, the
/// nesting kept on a stack rather than in recursion.
struct JSONErrorLocator {
    /// An error: its message, and the offset in the text of the byte it is reported at.
    struct Found: Equatable, CustomStringConvertible {
        var message: String
        var offset: Int

        var description: String { "\(offset): \(message)" }
    }

    /// JSON Lines (a value per line) rather than one JSON document.
    let lines: Bool
    /// The deepest nesting the reader takes (`JSONRecordSource.defaultMaxDepth`).
    let maxDepth: Int

    static let unfinishedLine = "the JSON value on this line is not finished at its end (JSON Lines holds one whole value per line)"
    static let emptyDocument = "no JSON value (the input is empty)"

    init(lines: Bool, maxDepth: Int = JSONRecordSource.defaultMaxDepth) {
        self.lines = lines
        self.maxDepth = maxDepth
    }

    /// The first error in `text`, or nil when the reader takes it whole; with `chunkEnds`, as
    /// yajl reports it given the text in those chunks.
    func firstError(in text: [UInt8], chunkEnds: [Int]? = nil) -> Found? {
        text.withUnsafeBytes { firstError(in: $0, chunkEnds: chunkEnds ?? [text.count]) }
    }

    /// The first error in `text`, or nil when the reader takes it whole.
    func firstError(in text: UnsafeRawBufferPointer) -> Found? {
        firstError(in: text, chunkEnds: [text.count])
    }

    /// The first error in `text` as yajl reports it when given the text in chunks ending at
    /// `chunkEnds` (ascending; bytes after the last are one chunk more).
    ///
    /// Three things move with the chunks: a token yajl must read past to see end (a number)
    /// whose end is only seen at a chunk's first byte puts a grammar error or refusal there,
    /// not on the token's last byte; likewise a comment's slash at a chunk's start is not put
    /// on the byte before it; "after key and value" moves back no further than the chunk's
    /// start; and an escape a chunk's end cuts reaches yajl before `JSONTextCheck` sees it
    /// whole, so yajl's error at its backslash (if any) comes first.
    func firstError(in text: UnsafeRawBufferPointer, chunkEnds: [Int]) -> Found? {
        var reading = Reading(text: text, lines: lines, maxDepth: maxDepth)
        var start = 0
        for end in chunkEnds where end > start && end <= text.count {
            if let found = reading.parse(chunk: start..<end) { return found }
            start = end
        }
        if start < text.count, let found = reading.parse(chunk: start..<text.count) { return found }
        guard text.contains(where: { !TextPosition.isWhitespace($0) }) else {
            return lines ? nil : Found(message: Self.emptyDocument, offset: text.count)
        }
        return reading.grammar.finish().map { Found(message: $0, offset: text.count) }
    }

    /// One reading of a text: yajl's state and the text check's, fed as `YajlParser.parse` feeds them.
    private struct Reading {
        let text: UnsafeRawBufferPointer
        let lines: Bool
        var grammar: Grammar
        var check = JSONTextCheck()

        init(text: UnsafeRawBufferPointer, lines: Bool, maxDepth: Int) {
            self.text = text
            self.lines = lines
            grammar = Grammar(text: text, lines: lines, maxDepth: maxDepth)
        }

        /// `YajlParser.parse` of the next chunk of the text: JSON Lines a line at a time.
        mutating func parse(chunk: Range<Int>) -> Found? {
            guard lines else { return parse(chunk, chunkStart: chunk.lowerBound) }
            var start = chunk.lowerBound
            while start < chunk.upperBound, let lineFeed = text[start..<chunk.upperBound].firstIndex(of: 0x0A) {
                if let found = parse(start..<lineFeed + 1, chunkStart: chunk.lowerBound) { return found }
                if grammar.refusals.depth > 0 { return Found(message: JSONErrorLocator.unfinishedLine, offset: lineFeed) }
                grammar.refusals.valueOnLine = false
                start = lineFeed + 1
            }
            return start < chunk.upperBound ? parse(start..<chunk.upperBound, chunkStart: chunk.lowerBound) : nil
        }

        /// `YajlParser.parseText`: yajl reads the bytes up to the text check's first problem. A
        /// problem at an escape an earlier chunk began is before `chunkStart`, as `YajlParser` says.
        private mutating func parse(_ range: Range<Int>, chunkStart: Int) -> Found? {
            guard !range.isEmpty else { return nil }
            let problem = check.firstProblem(in: UnsafeRawBufferPointer(rebasing: text[range]))
            let length = max(problem?.offset ?? range.count, 0)
            if length > 0, let stop = grammar.parse(range.lowerBound..<range.lowerBound + length) {
                return Found(message: stop.message, offset: range.lowerBound + stop.offset)
            }
            return problem.map { Found(message: $0.message, offset: max(($0.offset < 0 ? chunkStart : range.lowerBound) + $0.offset, 0)) }
        }
    }
}
