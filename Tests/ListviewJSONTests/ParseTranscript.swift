import ListviewBatches
@testable import ListviewJSON

/// What a JSON parser makes of a text given in chunks, written out as bytes so that two
/// parsers' readings can be compared, or one kept (as a hash) to compare with later.
///
/// Two readings: `events`, every event a handler is given (`EventRecorder`) and the first
/// failure or the end's outcome; and `rows`, the cells a `JSONBatchAssembler` makes,
/// batch by batch as a reader takes them, and its outcomes. A failure is written with its
/// offset in the whole text; nothing is fed after it.
enum ParseTranscript {
    /// A parser's two calls, as the tests drive it: nil when fine, else the message and offset
    /// in the chunk.
    struct Parser {
        var parse: (UnsafeRawBufferPointer) -> (message: String, offset: Int)?
        var finish: () -> (message: String, offset: Int)?
    }

    /// Makes a parser for a handler, for one text or for JSON Lines (`multipleValues`).
    typealias MakeParser = (_ handler: JSONEventHandler, _ multipleValues: Bool) -> Parser

    /// The stream parser, as the tests drive it.
    static let streamParser: MakeParser = { handler, multipleValues in
        let parser = JSONStreamParser(handler: handler, multipleValues: multipleValues)
        return Parser(parse: { failure(parser.parse($0)) }, finish: { failure(parser.finish()) })
    }

    static func failure(_ outcome: JSONStreamParser.Outcome) -> (message: String, offset: Int)? {
        if case let .failed(message, offset) = outcome { return (message, offset) }
        return nil
    }

    /// The events of `text` read in chunks ending at `chunkEnds` (and one more for any bytes left),
    /// the handler refusing its `refuseAt`th event when given; then the end's outcome.
    static func events(_ text: [UInt8], lines: Bool, chunkEnds: [Int], refuseAt: Int? = nil, parser make: MakeParser) -> [UInt8] {
        let recorder = EventRecorder(refuseAt: refuseAt)
        return transcript(text, chunkEnds: chunkEnds, parser: make(recorder, lines)) { recorder.take(into: &$0) }
    }

    /// The rows a `JSONBatchAssembler` makes of `text` read in chunks, taken after each chunk that completes some;
    /// then the end's outcome and the last rows.
    static func rows(_ text: [UInt8], lines: Bool, chunkEnds: [Int], maxDepth: Int, parser make: MakeParser) -> [UInt8] {
        let assembler = JSONBatchAssembler(lines: lines, path: [], maxDepth: maxDepth)
        return transcript(text, chunkEnds: chunkEnds, parser: make(assembler, lines)) { out in
            if assembler.completedRows > 0 { write(assembler.takeCompletedRows(), to: &out) }
        }
    }

    /// Feeds the chunks, then the end unless a chunk failed, calling `take` after each call to
    /// write what the handler made of it; each failure written after that.
    private static func transcript(_ text: [UInt8], chunkEnds: [Int], parser: Parser, take: (inout [UInt8]) -> Void) -> [UInt8] {
        var out: [UInt8] = []
        var start = 0
        for end in chunkEnds + [text.count] where end > start && end <= text.count {
            let failed = text.withUnsafeBytes { parser.parse(UnsafeRawBufferPointer(rebasing: $0[start..<end])) }
            take(&out)
            if let failed {
                out += Array("\n!\(failed.message)@\(start + failed.offset)\n".utf8)
                return out
            }
            start = end
        }
        let failed = parser.finish()
        take(&out)
        out += Array((failed.map { "\n!end \($0.message)@\(text.count + $0.offset)\n" } ?? "\n.end\n").utf8)
        return out
    }

    /// A batch: its columns, then each row's cells as kind and bytes.
    private static func write(_ table: CellTable, to out: inout [UInt8]) {
        guard table.rowCount > 0 else { return }
        out += Array("rows \(table.rowCount) of \(table.columns.joined(separator: ","))\n".utf8)
        table.withCells { cells in
            for row in 0..<table.rowCount {
                for column in table.columns.indices {
                    let (kind, bytes) = cells.cell(row: row, column: column)
                    out += Array("\(kind)\(bytes.count):".utf8) + Array(bytes) + [0x20]
                }
                out.append(0x0A)
            }
        }
    }
}

/// A handler that writes down every event, keeps the JSON Lines rule of one value a line as
/// the reader's handler does, and refuses the `refuseAt`th event when told to.
final class EventRecorder: JSONEventHandler {
    private var log: [UInt8] = []
    private var depth = 0
    private var count = 0
    private let refuseAt: Int?

    init(refuseAt: Int?) {
        self.refuseAt = refuseAt
    }

    /// Moves the events written so far to the end of `out`.
    func take(into out: inout [UInt8]) {
        out += log
        log.removeAll()
    }

    override var isInsideValue: Bool { depth > 0 }

    /// Writes an event down: false (with a refusal) for the one to refuse.
    private func record(_ text: String, _ bytes: UnsafeRawBufferPointer? = nil) -> Bool {
        log += Array(text.utf8)
        if let bytes { log += Array("\(bytes.count):".utf8) + Array(bytes) }
        log.append(0x20)
        count += 1
        if count - 1 == refuseAt { return refuse("refused event \(count - 1)") }
        return true
    }

    /// A scalar outside any container begins a line's value.
    private func scalar(_ text: String, _ bytes: UnsafeRawBufferPointer? = nil) -> Bool {
        if depth == 0, !topLevelValueBegins() { return false }
        return record(text, bytes)
    }

    override func null() -> Bool { scalar("n") }
    override func bool(_ flag: Bool) -> Bool { scalar(flag ? "t" : "f") }
    override func number(_ text: UnsafeRawBufferPointer) -> Bool { scalar("#", text) }
    override func string(_ bytes: UnsafeRawBufferPointer) -> Bool { scalar("s", bytes) }
    override func key(_ bytes: UnsafeRawBufferPointer) -> Bool { record("k", bytes) }

    override func startContainer(isObject: Bool) -> Bool {
        if depth == 0, !topLevelValueBegins() { return false }
        depth += 1
        return record(isObject ? "{" : "[")
    }

    override func endContainer() -> Bool {
        depth -= 1
        return record("e")
    }
}
