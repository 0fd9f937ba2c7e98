/// Whether bytes are well-formed UTF-8, without building a `String`.
public enum UTF8Check {
    /// True for well-formed UTF-8; ASCII (the usual case) is checked eight bytes at a time.
    public static func isValid(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var index = 0
        let count = bytes.count
        while index + 8 <= count {
            if bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { break }
            index += 8
        }
        while index < count, bytes[index] < 0x80 { index += 1 }
        if index == count { return true }
        let rest = UnsafeRawBufferPointer(rebasing: bytes[index...])
        return String(validating: rest.bindMemory(to: UInt8.self), as: UTF8.self) != nil
    }
}

extension UTF8Check {
    /// How many leading bytes are ASCII (below 0x80), eight at a time.
    @inlinable
    public static func asciiPrefix(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        scanPrefix(bytes) { word in word & 0x8080_8080_8080_8080 == 0 } whileByte: { $0 < 0x80 }
    }

    /// How many leading bytes are printable ASCII (0x20–0x7E: no control, DEL or non-ASCII byte).
    @inlinable
    public static func printableASCIIPrefix(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        scanPrefix(bytes) { word in
            let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
            let below20 = (word &- ones &* 0x20) & ~word & highs  // some byte < 0x20 (exact for ASCII words)
            let del = word ^ (ones &* 0x7F)
            let isDEL = (del &- ones) & ~del & highs              // some byte == 0x7F
            return word & highs == 0 && below20 == 0 && isDEL == 0
        } whileByte: { $0 >= 0x20 && $0 < 0x7F }
    }

    @inlinable
    static func scanPrefix(_ bytes: UnsafeBufferPointer<UInt8>, wordIsClean: (UInt64) -> Bool,
                           whileByte byteIsClean: (UInt8) -> Bool) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        let raw = UnsafeRawPointer(base)
        var index = 0
        while index + 8 <= bytes.count, wordIsClean(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) { index += 8 }
        while index < bytes.count, byteIsClean(bytes[index]) { index += 1 }
        return index
    }
}
