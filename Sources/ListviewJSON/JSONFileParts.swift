import ListviewBatches
import ListviewConcurrency
import ListviewInput
import ListviewValues

/// The rest of a JSON Lines file, or of a JSON file's top-level array, in parts that read on
/// their own (`FileParts`), each made into cells by a `JSONBatchAssembler` of its own.
///
/// Parts are cut where `JSONCut` says; in an array the part before a cut is closed
/// with `]` and the part after it opened with `[`. The part before a cut must end
/// between records, or the file is read again in one pass from its top, past the rows
/// handed out; so is it when anything in a part fails, and that pass reports the error
/// where it is: what is listed and every error never depend on the cuts.
// Unchecked: `main` is touched only on the handing-on thread (which reads part 0); a later part, on either
// thread, makes its own parser and writes only its own slot of `outcomes`.
final class JSONFileParts: FileParts, @unchecked Sendable {
    private let main: JSONRecordSource
    private let path: String
    private let size: Int
    /// Where each part but the last ends, and where the next one starts (after an array's comma).
    private let cuts: [(end: Int, start: Int)]
    private let maxDepth: Int
    /// JSON Lines, rather than the elements of one array.
    private let lines: Bool
    /// Each part's rows handed over and whether it ended between records (false: failed or not).
    private let outcomes: PartSlots<(rows: Int, ended: Bool)>
    /// Whether a part is read with simdjson first (`SimdjsonParser`; the stream parser reads a part it does not).
    private let simdjson: Bool

    init(main: JSONRecordSource, path: String, size: Int, cuts: [(end: Int, start: Int)], lines: Bool, maxDepth: Int, simdjson: Bool) {
        self.simdjson = simdjson
        self.main = main
        self.path = path
        self.size = size
        self.cuts = cuts
        self.lines = lines
        self.maxDepth = maxDepth
        outcomes = PartSlots(count: cuts.count + 1, initial: (0, false))
    }

    var count: Int { cuts.count + 1 }

    func read(_ index: Int) -> CellTable? {
        guard index > 0 else {
            let (rows, ended) = main.readPart(upTo: cuts[0].end)
            outcomes[0] = (rows.rowCount, ended)
            return rows
        }
        let last = index == cuts.count
        let start = cuts[index - 1].start, end = last ? size : cuts[index].end
        if simdjson, let fastParser = SimdjsonParser(lines: lines, maxDepth: maxDepth) {
            let assembler = main.newAssembler()
            // The part's bytes are read straight into the parser's text (`parse(reading:with:into:)`).
            let readPart = { (input: ByteInput) throws -> Bool in
                var offset = start
                while offset < end {
                    let (count, parsed) = try fastParser.parse(reading: min(1 << 20, end - offset), with: { try input.read(at: offset, into: $0) },
                                                               into: assembler)
                    // No byte before the part's end: the file shrank (the pass from the top reports it).
                    guard parsed, count > 0 else { return false }
                    offset += count
                }
                return true
            }
            if read(from: start, to: end, last: last, into: assembler, parse: { fastParser.parse($0, into: assembler) },
                    readPart: readPart, finish: { fastParser.finish(into: assembler) }) {
                let rows = assembler.takeCompletedRows()
                outcomes[index] = (rows.rowCount, true)
                return rows
            }
        }
        // The stream parser reads what simdjson did not.
        let assembler = main.newAssembler()
        let parser = JSONStreamParser(handler: assembler, multipleValues: lines)
        let parsed = read(from: start, to: end, last: last, into: assembler, parse: { parser.parse($0).isOK }, finish: { parser.finish().isOK })
        let rows = assembler.takeCompletedRows()
        outcomes[index] = (rows.rowCount, parsed)
        return rows
    }

    /// Reads the file's bytes from `start` to `end` with `parse`, chunk by chunk (or all of them with
    /// `readPart`, given the file), then `finish`: false when either failed or the file could not be read.
    private func read(from start: Int, to end: Int, last: Bool, into assembler: JSONBatchAssembler,
                      parse: (UnsafeRawBufferPointer) -> Bool, readPart: ((ByteInput) throws -> Bool)? = nil,
                      finish: () -> Bool) -> Bool {
        assembler.reserveCapacity(bytes: end - start, cells: (end - start) / 16)
        var parsed = true
        func feed(_ bytes: UnsafeRawBufferPointer) { parsed = parsed && parse(bytes) }
        do {
            // A part of an array is an array of its own: `[` before it, `]` after it (but the last's own).
            if !lines { [UInt8(ascii: "[")].withUnsafeBytes(feed) }
            let input = try ByteInput(path: path, chunkSize: readPart == nil ? max(4_096, min(1 << 20, end - start)) : 4_096)
            if let readPart {
                parsed = try parsed && readPart(input)
            } else {
                try input.startReading(at: start, ofSize: size)
                input.stopOffset = end
                while parsed, try input.withNextChunk(limit: 1 << 20, feed) {}
            }
            if !lines && !last { [UInt8(ascii: "]")].withUnsafeBytes(feed) }
            return parsed && finish()
        } catch {
            return false  // a read error: the pass from the top meets it again and reports it
        }
    }

    func handOn(_ index: Int) throws -> Bool {
        let outcome = outcomes[index]
        main.countHandedOut(outcome.rows)
        return outcome.ended
    }

    func readingOn(after index: Int) throws -> any RecordSource {
        // The main reader starts from the top and skips every row handed out; it reports an
        // error itself when it meets it.
        try main.readOnFromTheTop()
    }

    /// Cuts for parts of about `step` bytes after `start`: at the first cut (`JSONCut`) at or after
    /// each of `start + step`, `start + 2 × step`, … (each once, in order, before `size`).
    static func cuts(in input: ByteInput, from start: Int, every step: Int, size: Int, lines: Bool) throws -> [(end: Int, start: Int)] {
        guard step > 0 else { return [] }
        var found: [(end: Int, start: Int)] = []
        var target = start + step
        while target < size, let cut = try JSONCut.first(in: input, from: target, size: size, lines: lines) {
            found.append(cut)
            target = cut.start + step
        }
        return found
    }
}
