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

extension NumberText {
    /// The value of number text in one spelling, for comparing and hashing numbers by value:
    /// `12.50`, `12.5`, `1.25e1` and `+12.500` all give `1250e-2`'s form, `-0` gives `0`.
    ///
    /// The form is the sign (`-` for a negative non-zero value), the significant digits with
    /// no leading or trailing zeros, `e`, and the power of ten of the last digit. Nil when the
    /// bytes are not a number (`isNumber`) or the exponent is too large to count (more than 18
    /// digits): such text then compares as text.
    public static func canonicalValue(_ bytes: UnsafeRawBufferPointer) -> [UInt8]? {
        guard isNumber(bytes) else { return nil }
        var index = 0
        let count = bytes.count
        var negative = false
        if bytes[0] == UInt8(ascii: "-") || bytes[0] == UInt8(ascii: "+") {
            negative = bytes[0] == UInt8(ascii: "-")
            index = 1
        }
        var digits: [UInt8] = []
        digits.reserveCapacity(count)
        var fractionDigits = 0
        var inFraction = false
        while index < count {
            let byte = bytes[index]
            if byte == UInt8(ascii: ".") {
                inFraction = true
            } else if byte >= 0x30 && byte <= 0x39 {
                if !(digits.isEmpty && byte == 0x30) { digits.append(byte) }  // leading zeros say nothing
                if inFraction { fractionDigits += 1 }
            } else {
                break
            }
            index += 1
        }
        var exponent = 0
        if index < count {  // `e` or `E`
            index += 1
            var exponentNegative = false
            if bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                exponentNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            while index < count && bytes[index] == 0x30 { index += 1 }
            guard count - index <= 18 else { return nil }
            while index < count {
                exponent = exponent * 10 + Int(bytes[index] - 0x30)
                index += 1
            }
            if exponentNegative { exponent = -exponent }
        }
        guard !digits.isEmpty else { return [0x30] }  // every zero is one value
        exponent -= fractionDigits
        while digits.last == 0x30 {
            digits.removeLast()
            exponent += 1
        }
        var form: [UInt8] = negative ? [UInt8(ascii: "-")] : []
        form += digits
        form.append(UInt8(ascii: "e"))
        form += Array(String(exponent).utf8)
        return form
    }
}
