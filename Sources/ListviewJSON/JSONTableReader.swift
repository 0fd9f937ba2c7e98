import Glibc
import ListviewBatches
import ListviewConcurrency
import ListviewInput
import ListviewValues

/// Reads a whole regular JSON or JSON Lines file into a `CellTable` (`JSONCellTableBuilder`), in two
/// halves on two cores (`OrderedWork`) when the file is large.
///
/// A large file is cut at the first cut after its middle (`JSONCut`, the rule its parts
/// use too); the first half is parsed as a whole array (the comma before the cut dropped,
/// `]` added) and the second as an array of its own (`[` put before it). If the cut
/// was not between two elements of the top-level array, the first half cannot end
/// cleanly, and the file is parsed again on one thread; so it is when the halves
/// found their columns in a different order. The answer is the one-thread answer.
struct JSONTableReader {
    let input: ByteInput
    /// JSON Lines (each line a record) rather than one JSON text.
    let lines: Bool
    let maxDepth: Int
    /// Files at least this large are read in two halves on two threads.
    var parallelThreshold = 8 << 20
    /// Bytes read at a time.
    var chunkSize = 1 << 20

    /// The table, or nil when the file is not a regular file or not a list of flat objects as
    /// `JSONCellTableBuilder` takes them (then reading the records lists or reports it).
    func read() throws -> (table: CellTable, readInHalves: Bool)? {
        guard let size = input.regularFileSize else { return nil }
        let opening: [UInt8] = lines ? [] : [UInt8(ascii: "[")]
        let closing: [UInt8] = lines ? [] : [UInt8(ascii: "]")]
        var table: CellTable?
        var inHalves = false
        if size >= parallelThreshold, let cut = try cut(size: size) {
            // The halves on two cores (`OrderedWork`): the first here, the second on the other core.
            var halves: [CellTable?] = []
            try OrderedWork.run(count: 2, here: { _ in
                halves.append(try parse(0..<cut.firstEnd, suffix: closing, reserving: size))
                return halves[0] != nil
            }, elsewhere: { [self] _ in
                Result { try parse(cut.secondStart..<size, prefix: opening, reserving: size - cut.secondStart) }
            }, handOn: { _, later in
                // A second half that failed is read again in the one pass, which reports where.
                halves.append((try? later.get()) ?? nil)
                return true
            })
            if halves.count == 2, var first = halves[0], let second = halves[1], first.append(second) {
                table = first
                inHalves = true
            }
        }
        // No cut, or the halves did not join: one pass, whose answer the halves' must equal.
        if !inHalves { table = try parse(0..<size, reserving: size) }
        return table.map { ($0, inHalves) }
    }

    /// Where to cut: the first cut (`JSONCut`) in the megabyte after the middle, or nil (a file on
    /// one line is read on one thread).
    private func cut(size: Int) throws -> (firstEnd: Int, secondStart: Int)? {
        try JSONCut.first(in: input, from: size / 2, size: size, lines: lines, searching: 1 << 20).map { ($0.end, $0.start) }
    }

    /// The table of the bytes in `range`, after `prefix` and before `suffix`; nil when they are not a
    /// list of flat objects, not UTF-8, or not JSON.
    private func parse(_ range: Range<Int>, prefix: [UInt8] = [], suffix: [UInt8] = [], reserving bytes: Int) throws -> CellTable? {
        let cells = JSONCellParser(lines: lines, maxDepth: maxDepth)
        // A value takes its text and at least a separator and, in an object, a key: a cell per 16 bytes is generous.
        cells.builder.reserveCapacity(bytes: bytes, cells: bytes / 16)
        guard prefix.withUnsafeBytes(cells.feed) else { return nil }
        var buffer = [UInt8](repeating: 0, count: chunkSize)
        var offset = range.lowerBound
        while offset < range.upperBound {
            let wanted = min(buffer.count, range.upperBound - offset)
            let count = try buffer.withUnsafeMutableBytes {
                try input.read(at: offset, into: UnsafeMutableRawBufferPointer(rebasing: $0[0..<wanted]))
            }
            if count == 0 { return nil }  // the file shrank: the record reader reports it
            let parsed = buffer.withUnsafeBytes { raw -> Bool in
                var chunk = UnsafeRawBufferPointer(rebasing: raw[0..<count])
                if offset == 0 {
                    if chunk.starts(with: ByteInput.utf8ByteOrderMark) { chunk = UnsafeRawBufferPointer(rebasing: chunk[ByteInput.utf8ByteOrderMark.count...]) }
                    if ByteInput.wideEncoding(startingWith: Array(chunk.prefix(4))) != nil { return false }
                }
                return cells.feed(chunk)
            }
            guard parsed else { return nil }
            offset += count
        }
        guard suffix.withUnsafeBytes(cells.feed), cells.finish(), cells.builder.completedRows > 0 else { return nil }
        let table = cells.takeRows()
        return table.columns.isEmpty ? nil : table
    }
}
