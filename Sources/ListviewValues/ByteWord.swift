/// Eight bytes read as one `UInt64`, for scanners that skip text eight bytes at a time.
public enum ByteWord {
    /// True when one of the eight bytes of `word` is zero (`word ^ 0x2020…` asks for a space).
    @inline(__always)
    public static func hasZeroByte(_ word: UInt64) -> Bool {
        (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080 != 0
    }
}
