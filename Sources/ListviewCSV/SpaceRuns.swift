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
        @inline(__always) func touchesEdge(_ index: Int) -> Bool {
            index == 0 || index == count - 1 || isEdge(bytes[index - 1]) || isEdge(bytes[index + 1])
        }
        /// Where the last run reported ends: a run is reported once, however many of its bytes touch an edge.
        var reportedEnd = 0
        /// Reports the run of spaces around `index`, a space that touches an edge.
        @inline(__always) func report(around index: Int) -> Int {
            var start = index, end = index + 1
            while start > 0, isSpace(bytes[start - 1]) { start -= 1 }
            while end < count, isSpace(bytes[end]) { end += 1 }
            if start >= reportedEnd {
                body(start..<end)
                reportedEnd = end
            }
            return end
        }
        let tabs: UInt64 = tabIsSpace ? 0x0909_0909_0909_0909 : 0x2020_2020_2020_2020
        let delimiters = UInt64(delimiter) &* 0x0101_0101_0101_0101
        var index = 0
        /// Where the words looked at after a block with an edge space end.
        var wordsEnd = 0
        // Thirty-two bytes at a time, with their neighbours: the usual block has no space that
        // touches an edge and is passed over whole; the others go word by word.
        let blockSpaces = ByteBlock.Block(repeating: 0x20), blockTabs = ByteBlock.Block(repeating: UInt8(truncatingIfNeeded: tabs))
        let blockDelimiters = ByteBlock.Block(repeating: delimiter), blockQuotes = ByteBlock.Block(repeating: 0x22)
        let blockLFs = ByteBlock.Block(repeating: 0x0A), blockCRs = ByteBlock.Block(repeating: 0x0D)
        @inline(__always) func edges(_ block: ByteBlock.Block) -> SIMDMask<SIMD32<Int8>> {
            (block .== blockDelimiters) .| (block .== blockQuotes) .| (block .== blockLFs) .| (block .== blockCRs)
        }
        // Eight bytes at a time: the spaces in them that touch an edge, found all at once (a
        // space inside a word, the usual kind, touches none). The first and last byte's
        // outer neighbours lie in other words and are looked at one by one.
        while index + 8 <= count {
            if index >= wordsEnd, index >= 1, index + ByteBlock.size + 1 <= count {
                let block = ByteBlock.load(bytes, at: index)
                let spaces = (block .== blockSpaces) .| (block .== blockTabs)
                let neighbours = edges(ByteBlock.load(bytes, at: index - 1)) .| edges(ByteBlock.load(bytes, at: index + 1))
                guard ByteBlock.any(spaces .& neighbours) else {
                    index += ByteBlock.size
                    continue
                }
                wordsEnd = index + ByteBlock.size
            }
            let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            let spaces = ByteWord.zeroByteMask(word ^ 0x2020_2020_2020_2020) | ByteWord.zeroByteMask(word ^ tabs)
            guard spaces != 0 else {
                index += 8
                continue
            }
            let edges = ByteWord.zeroByteMask(word ^ delimiters) | ByteWord.zeroByteMask(word ^ 0x2222_2222_2222_2222)
                | ByteWord.zeroByteMask(word ^ 0x0A0A_0A0A_0A0A_0A0A) | ByteWord.zeroByteMask(word ^ 0x0D0D_0D0D_0D0D_0D0D)
            var touching = spaces & ((edges << 8) | (edges >> 8))
            if spaces & 0x80 != 0, touchesEdge(index) { touching |= 0x80 }
            if spaces & (0x80 << 56) != 0, touchesEdge(index + 7) { touching |= 0x80 << 56 }
            var next = index + 8
            while touching != 0 {
                let end = report(around: index + touching.trailingZeroBitCount >> 3)
                next = max(next, end)
                let covered = end - index  // bytes of this word the run covers
                touching = covered >= 8 ? 0 : touching & ~((1 << (UInt64(covered) * 8)) &- 1)
            }
            index = next
        }
        while index < count {
            if isSpace(bytes[index]), touchesEdge(index) {
                index = report(around: index)
            } else {
                index += 1
            }
        }
    }
}
