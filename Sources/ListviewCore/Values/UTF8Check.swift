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
