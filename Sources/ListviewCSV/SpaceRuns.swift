import ListviewValues

/// Finds the runs of spaces and tabs that libcsv's built-in space test could trim: those that
/// touch a field's edge (a delimiter, a quote, a line break) or the edge of the bytes at hand.
///
/// A delimiter that is a tab is never a space. `LibcsvParser` parses these runs
/// with a space test that keeps every byte, and the rest with libcsv's own.
enum SpaceRuns {
    /// Calls `body` with each run, in order.
    static func forEachEdgeRun(in bytes: UnsafeRawBufferPointer, delimiter: UInt8, _ body: (Range<Int>) -> Void) {
        let count = bytes.count
        let tabIsSpace = delimiter != 0x09
        @inline(__always) func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (byte == 0x09 && tabIsSpace) }
        @inline(__always) func isEdge(_ byte: UInt8) -> Bool {
            byte == delimiter || byte == UInt8(ascii: "\"") || byte == 0x0A || byte == 0x0D
        }
        let tabs: UInt64 = tabIsSpace ? 0x0909_0909_0909_0909 : 0x2020_2020_2020_2020
        var index = 0
        while index < count {
            // Eight bytes at a time: past them when none is a space or tab (numbers, dates, most
            // words' letters), else straight to the first that is.
            if index + 8 <= count {
                let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                let spaces = ByteWord.zeroByteMask(word ^ 0x2020_2020_2020_2020) | ByteWord.zeroByteMask(word ^ tabs)
                guard spaces != 0 else {
                    index += 8
                    continue
                }
                index += spaces.trailingZeroBitCount >> 3
            }
            guard isSpace(bytes[index]) else {
                index += 1
                continue
            }
            let start = index
            while index < count, isSpace(bytes[index]) { index += 1 }
            if start == 0 || index == count || isEdge(bytes[start - 1]) || isEdge(bytes[index]) {
                body(start..<index)
            }
        }
    }
}
