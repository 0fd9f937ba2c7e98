/// A 64-bit FNV-1a hash of key cells, finished with a mix so that nearby keys spread over a
/// table: fast for the short keys of records, and the same in every run (unlike `Hasher`).
public struct KeyHasher {
    private var state: UInt64 = 0xcbf2_9ce4_8422_2325

    public init() {}

    @inline(__always)
    public mutating func combine(_ byte: UInt8) {
        state = (state ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }

    @inline(__always)
    public mutating func combine(_ bytes: UnsafeRawBufferPointer) {
        for byte in bytes { combine(byte) }
        combine(Self.cellEnd)
    }

    /// Ends a cell: `ab`+`c` is not `a`+`bc` (0xFF is never in UTF-8 text).
    public static let cellEnd: UInt8 = 0xFF

    /// The hash, mixed (the finaliser of SplitMix64).
    public var value: UInt64 {
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xbf58_476d_1ce4_e5b9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94d0_49bb_1331_11eb
        return mixed ^ (mixed >> 31)
    }
}
