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
}
