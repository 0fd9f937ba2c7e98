/// Whether bytes are well-formed UTF-8, without building a `String`.
public enum UTF8Check {
    /// True for well-formed UTF-8; ASCII (the usual case) is checked eight bytes at a time.
    public static func isValid(_ bytes: UnsafeRawBufferPointer) -> Bool {
        validPrefix(bytes) == bytes.count
    }

    /// How many leading bytes are well-formed UTF-8: where the first ill-formed sequence starts
    /// (or one cut off by the end of `bytes`), else `bytes.count`.
    public static func validPrefix(_ bytes: UnsafeRawBufferPointer) -> Int {
        var index = 0
        let count = bytes.count
        while index + 8 <= count {
            if bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { break }
            index += 8
        }
        while index < count, bytes[index] < 0x80 { index += 1 }
        if index == count { return count }
        return index + validSequencePrefix(UnsafeRawBufferPointer(rebasing: bytes[index...]))
    }

    /// True when `bytes` are the start of a well-formed character that they end too soon to hold
    /// (what `validPrefix` stops at when text is cut in the middle of a character).
    public static func isCutOff(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let lead = bytes.first, let (length, low, high) = sequence(startingWith: lead), bytes.count < length else { return false }
        for offset in 1..<bytes.count {
            let byte = bytes[offset]
            guard offset == 1 ? (byte >= low && byte <= high) : byte & 0xC0 == 0x80 else { return false }
        }
        return true
    }

    /// The length of the sequence `lead` begins and the allowed range of its second byte; nil for
    /// a byte that begins none.
    @inline(__always)
    public static func sequence(startingWith lead: UInt8) -> (length: Int, low: UInt8, high: UInt8)? {
        switch lead {
        case 0xC2...0xDF: return (2, 0x80, 0xBF)
        case 0xE0: return (3, 0xA0, 0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: return (3, 0x80, 0xBF)
        case 0xED: return (3, 0x80, 0x9F)
        case 0xF0: return (4, 0x90, 0xBF)
        case 0xF1...0xF3: return (4, 0x80, 0xBF)
        case 0xF4: return (4, 0x80, 0x8F)
        default: return nil
        }
    }

    /// `validPrefix` past the ASCII start. Well-formedness per the Unicode standard (table 3-7): no
    /// overlongs, surrogates or values past U+10FFFF.
    static func validSequencePrefix(_ bytes: UnsafeRawBufferPointer) -> Int {
        var index = 0
        let count = bytes.count
        while index < count {
            let lead = bytes[index]
            if lead < 0x80 {
                // Back in ASCII (most text between accented letters): eight bytes at a time again.
                index += 1
                while index + 8 <= count, bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                    index += 8
                }
                continue
            }
            guard let (length, low, high) = sequence(startingWith: lead) else { return index }
            guard index + length <= count else { return index }
            let second = bytes[index + 1]
            guard second >= low && second <= high else { return index }
            var offset = 2
            while offset < length {
                guard bytes[index + offset] & 0xC0 == 0x80 else { return index }
                offset += 1
            }
            index += length
        }
        return count
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
