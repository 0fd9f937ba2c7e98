import Glibc

/// Eight bytes read as one `UInt64`, for scanners that skip text eight bytes at a time.
public enum ByteWord {
    /// True when one of the eight bytes of `word` is zero (`word ^ 0x2020…` asks for a space).
    @inline(__always)
    public static func hasZeroByte(_ word: UInt64) -> Bool {
        (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080 != 0
    }

    /// `0x80` in exactly the zero bytes of `word`, nothing elsewhere: with a word loaded little-end
    /// first (`UInt64(littleEndian:)`), `trailingZeroBitCount / 8` is the first zero byte's offset.
    @inline(__always)
    public static func zeroByteMask(_ word: UInt64) -> UInt64 {
        let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        return ~(((word & low7) &+ low7) | word | low7)
    }

    /// True when some byte of `text` is one `isWanted` looks for: eight bytes at a time while
    /// `holdsWanted` (true when some byte of a word is) says none is there, the last eight
    /// overlapping the ones before; four to seven bytes (a key, a short word) as one word of two
    /// overlapping halves; byte by byte for text shorter than that.
    @inlinable @inline(__always)
    public static func contains(in text: UnsafeRawBufferPointer, wordHolds holdsWanted: (UInt64) -> Bool,
                                byteIs isWanted: (UInt8) -> Bool) -> Bool {
        let count = text.count
        guard count >= 8 else {
            guard count >= 4 else { return text.contains(where: isWanted) }
            let first = UInt64(text.loadUnaligned(as: UInt32.self)), last = UInt64(text.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self))
            return holdsWanted(first | last << 32)
        }
        var index = 0
        while index + 8 < count {
            if holdsWanted(text.loadUnaligned(fromByteOffset: index, as: UInt64.self)) { return true }
            index += 8
        }
        return holdsWanted(text.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
    }

    /// Whether `a` and `b` hold the same bytes: up to sixteen (a key, a word, a short cell) as one
    /// or two overlapping word loads a side, without a call to `memcmp`; more through it.
    @inlinable @inline(__always)
    public static func same(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        let count = a.count
        guard count == b.count else { return false }
        guard let left = a.baseAddress, let right = b.baseAddress else { return true }  // both empty
        switch count {
        case 8...16:
            return left.loadUnaligned(as: UInt64.self) == right.loadUnaligned(as: UInt64.self)
                && left.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self) == right.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        case 4..<8:
            return left.loadUnaligned(as: UInt32.self) == right.loadUnaligned(as: UInt32.self)
                && left.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self) == right.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
        case 0..<4:
            for offset in 0..<count where left.load(fromByteOffset: offset, as: UInt8.self) != right.load(fromByteOffset: offset, as: UInt8.self) {
                return false
            }
            return true
        default:
            return memcmp(left, right, count) == 0
        }
    }
}
