import Glibc
import ListviewBatches
import ListviewValues

/// A line and column (1-based; columns in Unicode characters) reached after the bytes seen so far.
///
/// LF, CRLF and a lone CR each end a line, so CSV files with any line endings
/// and JSON files get the same line numbers an editor shows.
public struct TextPosition: Equatable, Sendable {
    public var line = 1
    public var column = 1
    private var afterCR = false

    public init() {}

    /// Moves past `bytes`.
    public mutating func advance(over bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        // Without a CR (nearly all text), lines are the LFs, counted 32 bytes at a time, and the
        // column is the characters after the last one.
        guard memchr(base, 0x0D, bytes.count) == nil else { return advanceByteByByte(over: bytes) }
        let feeds = ByteBlock.count(of: 0x0A, in: bytes)
        guard feeds > 0 else {
            column += Self.characters(in: bytes)
            afterCR = false
            return
        }
        // An LF right after a CR that ended the bytes before ends no line of its own.
        line += feeds - (afterCR && bytes[0] == 0x0A ? 1 : 0)
        var tail = bytes.count
        while tail > 0 && bytes[tail - 1] != 0x0A { tail -= 1 }
        column = 1 + Self.characters(in: UnsafeRawBufferPointer(rebasing: bytes[tail...]))
        afterCR = false
    }

    /// The Unicode characters `bytes` spell: the bytes that do not continue a UTF-8 sequence.
    private static func characters(in bytes: UnsafeRawBufferPointer) -> Int {
        var characters = 0
        for byte in bytes where byte & 0xC0 != 0x80 { characters += 1 }
        return characters
    }

    /// `advance`, one byte at a time (bytes with CRs, whose CRLF pairs end one line).
    private mutating func advanceByteByByte(over bytes: UnsafeRawBufferPointer) {
        var index = 0
        let count = bytes.count
        while index < count {
            // Eight ASCII bytes without CR or LF are eight columns; other words go byte by byte.
            if index + 8 <= count {
                let word = bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                if word & 0x8080_8080_8080_8080 == 0,
                   !ByteWord.hasZeroByte(word ^ 0x0A0A_0A0A_0A0A_0A0A),
                   !ByteWord.hasZeroByte(word ^ 0x0D0D_0D0D_0D0D_0D0D) {
                    column += 8
                    afterCR = false
                    index += 8
                    continue
                }
            }
            let end = Swift.min(index + 8, count)
            while index < end {
                step(over: bytes[index])
                index += 1
            }
        }
    }

    @inline(__always)
    private mutating func step(over byte: UInt8) {
        if byte == 0x0A {
            if !afterCR { line += 1 }
            column = 1
            afterCR = false
        } else if byte == 0x0D {
            line += 1
            column = 1
            afterCR = true
        } else {
            afterCR = false
            if byte & 0xC0 != 0x80 { column += 1 }
        }
    }

    /// This position moved past `bytes`.
    public func advanced(over bytes: UnsafeRawBufferPointer) -> TextPosition {
        var position = self
        position.advance(over: bytes)
        return position
    }

    /// How many line breaks `bytes` holds (a CRLF pair counts once).
    public static func lineBreaks(in bytes: UnsafeRawBufferPointer) -> Int {
        var position = TextPosition()
        position.advance(over: bytes)
        return position.line - 1
    }

    /// True for the bytes JSON and CSV treat as blank: space, tab, CR, LF.
    public static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}

/// The last few bytes of a text read chunk by chunk, with the position where they begin: where
/// an error lies that a reader finds only bytes after it (an escape cut between two chunks).
/// One place further back can be marked, where a reader knows an error may yet be put (the
/// start of a token that runs on into later chunks).
public struct RecentBytes {
    /// How many bytes are kept.
    public static let capacity = 16
    private var bytes: [UInt8] = []
    private var start = TextPosition()
    /// The place marked: its offset from the end of the bytes kept (at most 0), and its position.
    private var mark: (offset: Int, position: TextPosition)?

    public init() {}

    /// Keeps the end of `chunk`, and moves `position` (where the chunk begins) past it; marks the
    /// place `offset` bytes into the chunk, when it is in it.
    public mutating func keep(_ chunk: UnsafeRawBufferPointer, advancing position: inout TextPosition, marking offset: Int?) {
        guard let offset, offset >= 0, offset < chunk.count else { return keep(chunk, advancing: &position) }
        keep(UnsafeRawBufferPointer(rebasing: chunk[..<offset]), advancing: &position)
        mark = (0, position)
        keep(UnsafeRawBufferPointer(rebasing: chunk[offset...]), advancing: &position)
    }

    /// Keeps the end of `chunk`, and moves `position` (where the chunk begins) past it.
    public mutating func keep(_ chunk: UnsafeRawBufferPointer, advancing position: inout TextPosition) {
        if let mark { self.mark = (mark.offset - chunk.count, mark.position) }
        if chunk.count >= Self.capacity {
            let tail = chunk.count - Self.capacity
            position.advance(over: UnsafeRawBufferPointer(rebasing: chunk[0..<tail]))
            start = position
            bytes = Array(chunk[tail...])
            position.advance(over: UnsafeRawBufferPointer(rebasing: chunk[tail...]))
            return
        }
        bytes.append(contentsOf: chunk)
        let dropped = max(bytes.count - Self.capacity, 0)
        bytes.withUnsafeBytes { start.advance(over: UnsafeRawBufferPointer(rebasing: $0[0..<dropped])) }
        bytes.removeFirst(dropped)
        position.advance(over: chunk)
    }

    /// The position `offset` bytes (negative) before the end of the bytes kept (or the place
    /// marked); their start when that is further back than they reach.
    public func position(at offset: Int) -> TextPosition {
        if let mark, mark.offset == offset { return mark.position }
        let index = max(bytes.count + offset, 0)
        return bytes.withUnsafeBytes { start.advanced(over: UnsafeRawBufferPointer(rebasing: $0[0..<index])) }
    }
}
