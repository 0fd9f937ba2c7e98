import Glibc
import ListviewBatches
import ListviewInput
import ListviewValues

/// Reads a byte range of a regular file a chunk at a time and hands its rows, through a
/// `CSVRowScanner`, to a visitor, checking that every byte handed out is UTF-8.
///
/// A range with a `stop` is the first half of a file cut in two: its last row
/// must end exactly at the stop. A range without one runs to the end of the file.
struct CSVRangeReader {
    let input: ByteInput
    /// The file offset where the range ends; nil for the end of the file.
    let stop: Int?
    private var buffer: [UInt8]
    /// The file offset of `buffer[0]`.
    private var bufferOffset: Int
    /// Bytes of the buffer handed out as rows, and bytes read into it.
    private var scanned = 0
    private var filled = 0
    private var reachedEnd = false

    init(input: ByteInput, start: Int, stop: Int?, chunkSize: Int = 1 << 20) {
        self.input = input
        self.stop = stop
        buffer = [UInt8](repeating: 0, count: chunkSize)
        bufferOffset = start
    }

    /// The file offset just after the last row handed out.
    var position: Int { bufferOffset + scanned }

    /// The bytes read and not yet handed out as rows.
    var pending: ArraySlice<UInt8> { buffer[scanned..<filled] }

    /// Moves past `count` pending bytes that are not CSV text (a byte order mark).
    mutating func skip(_ count: Int) {
        scanned = min(filled, scanned + count)
    }

    /// Reads more of the range after the pending bytes; false at the end of the range.
    mutating func fill() throws -> Bool {
        guard !reachedEnd else { return false }
        if scanned > 0 {
            let pendingCount = filled - scanned
            buffer.withUnsafeMutableBytes { raw in
                guard let base = raw.baseAddress else { return }
                memmove(base, base + scanned, pendingCount)
            }
            bufferOffset += scanned
            filled = pendingCount
            scanned = 0
        }
        if filled == buffer.count {  // one row longer than the buffer
            buffer.append(contentsOf: repeatElement(0, count: buffer.count))
        }
        let room = stop.map { min(buffer.count - filled, $0 - (bufferOffset + filled)) } ?? buffer.count - filled
        let count = room <= 0 ? 0 : try buffer.withUnsafeMutableBytes { raw in
            try input.read(at: bufferOffset + filled, into: UnsafeMutableRawBufferPointer(rebasing: raw[filled..<filled + room]))
        }
        if count == 0 {
            reachedEnd = true
            return false
        }
        filled += count
        return true
    }

    /// Hands the range's rows (at most `maxRows`) to `visitor`. False when the text is not plain
    /// CSV or not UTF-8, or when a range with a stop does not end between rows there.
    mutating func scan<Visitor: CSVFieldVisitor>(with scanner: CSVRowScanner, into visitor: inout Visitor,
                                                 maxRows: Int = .max) throws -> Bool {
        var rowsLeft = maxRows
        while true {
            let atEnd = reachedEnd && stop == nil
            let outcome = buffer.withUnsafeBytes { raw in
                scanner.scan(UnsafeRawBufferPointer(rebasing: raw[scanned..<filled]), atEnd: atEnd, maxRows: rowsLeft, into: &visitor)
            }
            guard case let .consumed(count, rows) = outcome else { return false }
            let valid = buffer.withUnsafeBytes { raw in UTF8Check.isValid(UnsafeRawBufferPointer(rebasing: raw[scanned..<scanned + count])) }
            guard valid else { return false }
            scanned += count
            rowsLeft -= rows
            if rowsLeft == 0 { return true }
            if reachedEnd { return scanned == filled }
            _ = try fill()
        }
    }
}
