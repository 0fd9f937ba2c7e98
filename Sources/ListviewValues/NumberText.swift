/// Recognises text that is a number: how a CSV cell becomes a number for sorting, filters and alignment.
///
/// An optional sign, digits with an optional fraction (or a fraction alone),
/// and an optional exponent: `42`, `-7`, `+3`, `007`, `1.50`, `.5`, `6.02e23`.
/// Not numbers: `1,000`, `0x1F`, `inf`, `NaN`, ` 42` (spaces), `1.`, the empty string.
/// The text itself is never changed: `007` is shown and written as `007`.
public enum NumberText {
    public static func isNumber(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { isNumber(UnsafeRawBufferPointer($0)) }
    }

    /// Whether the UTF-8 `bytes` spell a number.
    public static func isNumber(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var index = 0
        let count = bytes.count
        func next() -> UInt8? {
            guard index < count else { return nil }
            defer { index += 1 }
            return bytes[index]
        }
        var byte = next()
        func isDigit(_ b: UInt8?) -> Bool { b.map { $0 >= 0x30 && $0 <= 0x39 } ?? false }
        if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") { byte = next() }
        var digits = 0
        while isDigit(byte) {
            digits += 1
            byte = next()
        }
        if byte == UInt8(ascii: ".") {
            byte = next()
            var fraction = 0
            while isDigit(byte) {
                fraction += 1
                byte = next()
            }
            guard fraction > 0 else { return false }
            digits += fraction
        }
        guard digits > 0 else { return false }
        if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
            byte = next()
            if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") { byte = next() }
            guard isDigit(byte) else { return false }
            while isDigit(byte) { byte = next() }
        }
        return byte == nil
    }
}
