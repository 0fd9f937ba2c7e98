import Glibc
import ListviewBatches
import ListviewConcurrency
import ListviewInput
import ListviewValues

/// Reads a whole regular JSON or JSON Lines file into a `CellTable` (`JSONCellTableBuilder`), in two
/// halves on two cores (`OrderedWork`) when the file is large.
///
/// JSON text holds no raw line feed inside a string, so a line feed is always between
/// tokens. A large file is cut at the first line that starts an object after its
/// middle; the first half is parsed as a whole array (the comma before the cut dropped,
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

    /// Where to cut: the end of the first half (before the comma between the elements, for an array)
    /// and the start of the second (its first object); nil when no line in the megabyte after the middle
    /// starts an object (a file on one line is read on one thread).
    private func cut(size: Int) throws -> (firstEnd: Int, secondStart: Int)? {
        let windowStart = max(0, size / 2 - 4_096)
        var window = [UInt8](repeating: 0, count: min(1 << 20, size - windowStart))
        let count = try window.withUnsafeMutableBytes { try input.read(at: windowStart, into: $0) }
        var index = size / 2 - windowStart
        while index < count {
            guard let lineFeed = window[index..<count].firstIndex(of: 0x0A) else { return nil }
            var start = lineFeed + 1
            while start < count, window[start] == 0x20 || window[start] == 0x09 || window[start] == 0x0D { start += 1 }
            if start < count, window[start] == UInt8(ascii: "{") {
                if lines { return (windowStart + start, windowStart + start) }
                var end = lineFeed
                while end > 0, [0x20, 0x09, 0x0D, 0x0A].contains(window[end - 1]) { end -= 1 }
                guard end > 0, window[end - 1] == UInt8(ascii: ",") else { return nil }
                return (windowStart + end - 1, windowStart + start)
            }
            index = lineFeed + 1
        }
        return nil
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
