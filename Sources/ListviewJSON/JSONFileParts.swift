import ListviewBatches
import ListviewInput
import ListviewValues

/// The rest of a JSON Lines file in parts that read on their own (`FileParts`), each of flat
/// objects made into cells straight from yajl's events (`JSONCellTableBuilder`).
///
/// A cut is a line start: a line feed lies between tokens in JSON text, so a part that
/// begins at one begins at a value unless a value runs over several lines; the part
/// before the cut must then end between records, or the file is read again. Anything
/// wrong or more than flat objects in a part (an error, a scalar, a repeated key) is
/// left to the record reader, which reads the file from the top past the rows handed
/// out: what is listed and every error stay the record reader's.
final class JSONFileParts: FileParts, @unchecked Sendable {
    private let main: JSONRecordSource
    private let path: String
    private let size: Int
    /// Where each part after the first starts, in order.
    private let cuts: [Int]
    private let maxDepth: Int
    /// Each part's rows handed over and whether it ended between records (false: failed or not).
    private let outcomes: PartSlots<(rows: Int, ended: Bool)>

    init(main: JSONRecordSource, path: String, size: Int, cuts: [Int], maxDepth: Int) {
        self.main = main
        self.path = path
        self.size = size
        self.cuts = cuts
        self.maxDepth = maxDepth
        outcomes = PartSlots(count: cuts.count + 1, initial: (0, false))
    }

    var count: Int { cuts.count + 1 }

    func read(_ index: Int) -> CellTable? {
        guard index > 0 else {
            guard let (rows, ended) = main.readCells(upTo: cuts[0]) else { return nil }
            outcomes[0] = (rows.rowCount, ended)
            return rows
        }
        let start = cuts[index - 1], end = index < cuts.count ? cuts[index] : size
        let builder = JSONCellTableBuilder(lines: true, maxDepth: maxDepth)
        builder.reserveCapacity(bytes: end - start, cells: (end - start) / 16)
        let parser = YajlParser(handler: builder, multipleValues: true)
        var parsed = true
        do {
            let input = try ByteInput(path: path, chunkSize: max(4_096, min(1 << 20, end - start)))
            try input.startReading(at: start, ofSize: size)
            input.stopOffset = end
            while parsed, try input.withNextChunk(limit: 1 << 20, { chunk in
                parsed = YajlParser.firstStrayWhitespace(in: chunk) == nil && parser.parse(chunk).isOK
                    && builder.isPlain && builder.refusal == nil
            }) {}
            // The last part ends with the file: its last value must end too.
            if parsed && index == cuts.count { parsed = parser.finish().isOK }
        } catch {
            parsed = false  // a read error: the record reader meets it again and reports it
        }
        var rows = builder.takeCompletedRows()
        rows.nestedDecoder = JSONNestedValue.decode
        outcomes[index] = (rows.rowCount, parsed && builder.isBetweenRecords)
        return rows
    }

    func handOn(_ index: Int) throws -> Bool {
        let outcome = outcomes[index]
        main.countHandedOut(outcome.rows)
        return outcome.ended
    }

    func readingOn(after index: Int) throws -> any RecordSource {
        // The record reader starts from the top and skips every row handed out; it reports a
        // read error itself when it meets it.
        try main.readOnAsRecords()
    }

    /// Line starts for parts of about `step` bytes after `start`: the first line start at or after
    /// each of `start + step`, `start + 2 × step`, … (each once, in order, before `size`).
    static func cuts(in input: ByteInput, from start: Int, every step: Int, size: Int) throws -> [Int] {
        guard step > 0 else { return [] }
        var found: [Int] = []
        var block = [UInt8](repeating: 0, count: 64 << 10)
        var target = start + step
        while target < size {
            var offset = target
            var cut: Int?
            while cut == nil {
                let count = try block.withUnsafeMutableBytes { try input.read(at: offset, into: $0) }
                guard count > 0 else { return found }
                if let feed = block[0..<count].firstIndex(of: 0x0A) { cut = offset + feed + 1 }
                offset += count
            }
            guard let cut, cut < size else { break }
            found.append(cut)
            target = cut + step
        }
        return found
    }
}
