/// Thirty-two bytes compared at once (`SIMD32<UInt8>`), for scanners whose usual block holds
/// nothing of interest: lines counted, blocks skipped.
///
/// The compiler turns these comparisons into vector instructions (two 16-byte
/// registers without AVX2); a block of interest goes on to a word or byte loop.
public enum ByteBlock {
    public typealias Block = SIMD32<UInt8>

    /// The bytes in one block.
    public static let size = 32

    /// The block of `bytes` at `offset` (which must leave 32 bytes to read).
    @inline(__always)
    public static func load(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> Block {
        bytes.loadUnaligned(fromByteOffset: offset, as: Block.self)
    }

    /// True when some lane of `mask` is set (the standard library's `any` is not inlined).
    @inline(__always)
    public static func any(_ mask: SIMDMask<SIMD32<Int8>>) -> Bool {
        let words = unsafeBitCast(mask, to: SIMD4<UInt64>.self)
        return (words[0] | words[1] | words[2] | words[3]) != 0
    }

    /// How many of `bytes` are `byte`.
    public static func count(of byte: UInt8, in bytes: UnsafeRawBufferPointer) -> Int {
        let pattern = Block(repeating: byte)
        var found = 0
        var index = 0
        // Matches add up lane by lane; a lane holds at most 255 before the sum is taken.
        while index + size <= bytes.count {
            var lanes = Block.zero
            let end = Swift.min(bytes.count - size, index + 254 * size)
            while index <= end {
                lanes &-= unsafeBitCast(load(bytes, at: index) .== pattern, to: Block.self)
                index += size
            }
            found += Int(SIMD32<UInt16>(truncatingIfNeeded: lanes).wrappedSum())
        }
        guard index < bytes.count else { return found }
        guard bytes.count >= size else {
            while index < bytes.count {
                if bytes[index] == byte { found += 1 }
                index += 1
            }
            return found
        }
        // The rest as the input's last block, its lanes counted above left out: one comparison
        // instead of a byte loop (lines of a few dozen bytes end in such a rest).
        let last = bytes.count - size
        let rest = (load(bytes, at: last) .== pattern) .& (laneNumbers .>= Block(repeating: UInt8(index - last)))
        let words = unsafeBitCast(rest, to: SIMD4<UInt64>.self)
        // A matching lane sets its eight bits.
        return found + (words[0].nonzeroBitCount + words[1].nonzeroBitCount + words[2].nonzeroBitCount + words[3].nonzeroBitCount) / 8
    }

    /// Each lane's number: 0, 1, … 31.
    private static let laneNumbers = Block(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
                                           16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31)
}
