import Glibc

/// Parses JSON text given chunk by chunk and calls a `JSONEventHandler` with its events: the
/// JSON reader wherever simdjson does not read (a pipe, compressed input, `--path`, a top-level
/// object, what follows a slice simdjson refuses), and the checker of what simdjson leaves.
///
/// It is yajl 2.1 (`yajl_lex.c`, `yajl_parser.c`, `yajl_encode.c`) ported as listview had
/// yajl read, so that every event, error message and error offset is the one yajl gave:
///
/// - `Lexer` and `Grammar` are yajl's lexer and parser, strings left unchecked, no
///   comments, several values only in JSON Lines (`multipleValues`);
/// - a string arrives with its escapes undone as yajl undoes them (`Escapes`), a number
///   as its source text; a string without escapes, and a number, are handed over as the
///   chunk's own bytes;
/// - `JSONTextCheck` stops the text before what JSON forbids and yajl would let through or
///   change (a vertical tab or form feed, a surrogate escape that is not half of a pair),
///   so the parser's own error comes first when the text breaks earlier;
/// - JSON Lines are read a line at a time: a value must end on the line it begins on;
/// - a handler's refusal stops the parse at the token refused, with its message.
///
/// A token a chunk's end cuts off is kept (`Lexer`) and completed with the next chunk;
/// nothing else of the text is kept. Nesting is on an explicit stack, so depth costs
/// memory, not the call stack.
///
/// yajl moved a few errors when a chunk ended near them; a reader that counts positions asks
/// for `exactOffsets`, which puts them where the text read whole has them: an error at a
/// token that ended before the chunk (a number seen to end only at its first byte, a comment's
/// slash) on the byte before it, not at the chunk's start; "after key and value" at its
/// token's start however many chunks before it began (`cutTokenError` places it); and an
/// escape a chunk's end cuts held back until the text check has seen it whole (`heldBack`).
final class JSONStreamParser {
    private let handler: JSONEventHandler
    private var grammar: Grammar
    /// What yajl does not check, checked before the parser sees the bytes.
    private var textCheck = JSONTextCheck()
    /// JSON Lines (values one after another, a line each) rather than one JSON text.
    private let multipleValues: Bool
    /// The message of the error that stopped the parse: every later call answers with it.
    private var failure: String?
    /// Whether errors are put where they are in the text however it is cut into chunks.
    private let exactOffsets: Bool
    /// The bytes of an escape the last chunk ended in (at most `\uXXX`), held back from the parser
    /// until the text check has seen the escape whole: its problem, if it has one, then comes
    /// before the lexer's error at the backslash (one outside a string), as in the text read whole.
    private var heldBack: [UInt8] = []
    /// With `exactOffsets`, where an "after key and value" error at the token the last chunk's
    /// end cut off would be: the token's first character for a string, the byte before it for
    /// any other token; from the start of that chunk (negative: it began in an earlier one). A
    /// reader that counts positions notes where that is, however far back it will be.
    private(set) var cutTokenError: Int?

    static let unfinishedLine = "the JSON value on this line is not finished at its end (JSON Lines holds one whole value per line)"

    /// A parser for one JSON text, or for a stream of them (JSON Lines) when `multipleValues`;
    /// with `exactOffsets` (for a reader that counts positions), an error's offset does not
    /// depend on where the chunks end.
    init(handler: JSONEventHandler, multipleValues: Bool, exactOffsets: Bool = false) {
        self.handler = handler
        self.multipleValues = multipleValues
        self.exactOffsets = exactOffsets
        grammar = Grammar(multipleValues: multipleValues, exactOffsets: exactOffsets)
    }

    /// The outcome of feeding bytes: fine, or an error at byte `offset` of the chunk (negative: in
    /// the bytes before it: at most 12 back, where an escape an earlier chunk began; with
    /// `exactOffsets`, anywhere before).
    enum Outcome: Equatable {
        case ok
        case failed(message: String, offset: Int)

        var isOK: Bool {
            if case .ok = self { return true }
            return false
        }
    }

    /// Parses the next chunk of text.
    ///
    /// JSON Lines are parsed a line at a time: a value must end on the line it begins on (else
    /// the error is at that line's end, not somewhere in the lines it ran on into).
    func parse(_ chunk: UnsafeRawBufferPointer) -> Outcome {
        cutTokenError = nil
        guard multipleValues, let base = chunk.baseAddress else { return parseText(chunk, at: 0) }
        var start = 0
        while start < chunk.count, let found = memchr(base + start, 0x0A, chunk.count - start) {
            let lineFeed = base.distance(to: UnsafeRawPointer(found))
            let outcome = parseText(UnsafeRawBufferPointer(rebasing: chunk[start...lineFeed]), at: start)
            if case .failed = outcome { return outcome }
            if handler.isInsideValue { return fail(Self.unfinishedLine, at: lineFeed) }
            handler.valueOnLine = false
            start = lineFeed + 1
        }
        guard start < chunk.count else { return .ok }
        return parseText(UnsafeRawBufferPointer(rebasing: chunk[start...]), at: start)
    }

    /// `parse`, for text of any lines `start` bytes into the chunk (offsets are the chunk's): the
    /// parser reads the bytes up to the text check's first problem.
    private func parseText(_ text: UnsafeRawBufferPointer, at start: Int) -> Outcome {
        if let failure { return .failed(message: failure, offset: 0) }
        guard !text.isEmpty else { return .ok }
        let problem = textCheck.firstProblem(in: text)
        guard heldBack.isEmpty, problem != nil || !exactOffsets || textCheck.openEscapeLength == 0 else {
            return parseText(text, at: start, holdingBack: problem)
        }
        // Nearly always: nothing held back before the text, nothing to hold back after it.
        let length = max(problem?.offset ?? text.count, 0)
        if length > 0, let stop = feed(UnsafeRawBufferPointer(rebasing: text[0..<length]), at: start) { return stop }
        if let problem { return fail(problem.message, at: start + problem.offset) }
        return .ok
    }

    /// `parseText` when bytes are held back before the text, or an escape it ends in is to be
    /// (the text check found `problem` in the text, or none).
    private func parseText(_ text: UnsafeRawBufferPointer, at start: Int, holdingBack problem: (offset: Int, message: String)?) -> Outcome {
        let held = heldBack
        heldBack = []
        // Where the parser stops, counted from the start of the bytes held back.
        var end = held.count + (problem?.offset ?? text.count)
        if problem == nil, exactOffsets, textCheck.openEscapeLength > 0 {
            end -= textCheck.openEscapeLength
            heldBack = Array(held[min(max(end, 0), held.count)...]) + Array(text[max(end - held.count, 0)...])
        }
        end = max(end, 0)
        if min(end, held.count) > 0,
           let stop = held.withUnsafeBytes({ feed(UnsafeRawBufferPointer(rebasing: $0[0..<min(end, held.count)]), at: start - held.count) }) {
            return stop
        }
        if end > held.count, let stop = feed(UnsafeRawBufferPointer(rebasing: text[0..<end - held.count]), at: start) { return stop }
        if let problem { return fail(problem.message, at: start + problem.offset) }
        return .ok
    }

    /// Gives the parser `bytes`, which begin `start` bytes into the chunk: the failure they hold,
    /// at its offset in the chunk, or nil. With `exactOffsets`, notes where an error at a token
    /// they end in the middle of would be (`cutTokenError`).
    @inline(__always)
    private func feed(_ bytes: UnsafeRawBufferPointer, at start: Int) -> Outcome? {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), !bytes.isEmpty else { return nil }
        if let stop = grammar.parse(base, count: bytes.count, handler) {
            return fail(stop.message, at: start + (exactOffsets ? stop.exactOffset : stop.offset))
        }
        if exactOffsets { cutTokenError = grammar.lexer.cutToken.map { start + $0.start + ($0.isString ? 1 : -1) } }
        return nil
    }

    /// Tells the parser the text has ended: an error then is at offset 0 (the end), or, in an
    /// escape the text ends in that was held back, before it.
    func finish() -> Outcome {
        if let failure { return .failed(message: failure, offset: 0) }
        if !heldBack.isEmpty {
            let held = heldBack
            heldBack = []
            if let stop = held.withUnsafeBytes({ feed($0, at: -held.count) }) { return stop }
        }
        if let message = grammar.finish(handler) { return fail(message, at: 0) }
        return .ok
    }

    private func fail(_ message: String, at offset: Int) -> Outcome {
        failure = message
        return .failed(message: message, offset: offset)
    }
}
