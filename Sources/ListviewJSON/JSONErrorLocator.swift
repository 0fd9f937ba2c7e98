import ListviewInput

/// The first error in a JSON text, with the message and byte offset listview's JSON reader
/// reports for it: what lets a reader that only learns *that* a text is bad (simdjson) say
/// where and why.
///
/// It reads the text as `JSONRecordSource` reads it where simdjson does not, through a
/// `JSONStreamParser` (yajl's lexer and grammar, `JSONTextCheck`, JSON Lines a line at a
/// time), with a handler that refuses what the reader's `JSONBatchAssembler` refuses and
/// keeps nothing (`Refusals`: a string or key that is not UTF-8, nesting deeper than
/// `maxDepth`, a second value on a JSON Lines line); and it ends the text as the reader
/// does: the parser is told of the end only when the text holds more than whitespace, and
/// that error is at the end of the text; a document of only whitespace is the reader's "no
/// JSON value".
///
/// Like yajl, the parser takes a token that the end of the text cuts off after a whole
/// value for nothing: `[1] "abc` is a document, and `{"a":1}` then `"abc` on a last line
/// with no line feed is one line of JSON Lines.
///
/// The text is the whole input after a UTF-8 byte order mark (`ByteInput` drops it), read
/// as one chunk. The stream parser given it in chunks moves a few errors when a chunk ends
/// near them, as yajl did (`firstError(in:chunkEnds:)` reproduces that; the tests show each
/// way); the reader, which asks it for exact offsets, reports them as the text read whole.
///
/// What stays with others: the input's name, and the line and column (`TextPosition` over
/// the bytes before the offset), are the reader's; so are what `ByteInput` refuses (a UTF-16
/// or UTF-32 byte order mark, a broken compressed stream) and `--path` finding no value,
/// which are no errors in the text.
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

    static let emptyDocument = "no JSON value (the input is empty)"

    init(lines: Bool, maxDepth: Int = JSONRecordSource.defaultMaxDepth) {
        self.lines = lines
        self.maxDepth = maxDepth
    }

    /// The first error in `text`, or nil when the reader takes it whole; with `chunkEnds`, as
    /// the reader reports it given the text in those chunks.
    func firstError(in text: [UInt8], chunkEnds: [Int]? = nil) -> Found? {
        text.withUnsafeBytes { firstError(in: $0, chunkEnds: chunkEnds ?? [text.count]) }
    }

    /// The first error in `text`, or nil when the reader takes it whole.
    func firstError(in text: UnsafeRawBufferPointer) -> Found? {
        firstError(in: text, chunkEnds: [text.count])
    }

    /// The first error in `text` as the stream parser with yajl's offsets reports it when given
    /// the text in chunks ending at `chunkEnds` (ascending; bytes after the last are one chunk
    /// more).
    ///
    /// Three things move with the chunks: a token the parser must read past to see end (a
    /// number) whose end is only seen at a chunk's first byte puts a grammar error or refusal
    /// there, not on the token's last byte; likewise a comment's slash at a chunk's start is
    /// not put on the byte before it; "after key and value" moves back no further than the
    /// chunk's start; and an escape a chunk's end cuts reaches the parser before
    /// `JSONTextCheck` sees it whole, so the parser's error at its backslash (if any) comes first.
    ///
    /// `handler` stands in for `Refusals` (a test gives the reader's own assembler).
    func firstError(in text: UnsafeRawBufferPointer, chunkEnds: [Int], handler: JSONEventHandler? = nil) -> Found? {
        let parser = JSONStreamParser(handler: handler ?? Refusals(maxDepth: maxDepth), multipleValues: lines)
        var start = 0
        for end in chunkEnds + [text.count] where end > start && end <= text.count {
            if case let .failed(message, offset) = parser.parse(UnsafeRawBufferPointer(rebasing: text[start..<end])) {
                return Found(message: message, offset: max(start + offset, 0))
            }
            start = end
        }
        guard text.contains(where: { !TextPosition.isWhitespace($0) }) else {
            return lines ? nil : Found(message: Self.emptyDocument, offset: text.count)
        }
        if case let .failed(message, _) = parser.finish() { return Found(message: message, offset: text.count) }
        return nil
    }
}
