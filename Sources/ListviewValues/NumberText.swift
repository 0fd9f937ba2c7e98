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

    /// Whether the UTF-8 `bytes` spell a number as JSON writes it: a number (`isNumber`) with no
    /// `+` sign, a digit before any fraction, and no leading zero before another digit (`42`,
    /// `-0.5`, `1e-3`; not `+3`, `.5`, `007`).
    public static func isJSONNumber(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard isNumber(bytes) else { return false }
        let body = bytes.first == UInt8(ascii: "-") ? bytes.dropFirst() : bytes[...]
        func isDigit(_ byte: UInt8?) -> Bool { byte.map { $0 >= 0x30 && $0 <= 0x39 } ?? false }
        return isDigit(body.first) && !(body.first == UInt8(ascii: "0") && isDigit(body.dropFirst().first))
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
        var form: [UInt8] = []
        guard forEachCanonicalByte(of: bytes, { form.append($0) }) else { return nil }
        return form
    }

    /// Passes the bytes of `canonicalValue(bytes)` to `body` one by one, without building it
    /// (a key cell hashed for every record); false, and nothing passed, when it is nil.
    /// Inlined where it is called, with `body`, for the usual key (`ofPlainInteger`); other
    /// numbers are parsed apart.
    @inlinable @inline(__always)
    public static func forEachCanonicalByte(of bytes: UnsafeRawBufferPointer, _ body: (UInt8) -> Void) -> Bool {
        if forEachCanonicalByte(ofPlainInteger: bytes, body) { return true }
        return forEachCanonicalByte(ofParsed: bytes, body)
    }

    /// `forEachCanonicalByte` through `CanonicalNumber`'s parse.
    @usableFromInline
    static func forEachCanonicalByte(ofParsed bytes: UnsafeRawBufferPointer, _ body: (UInt8) -> Void) -> Bool {
        guard let number = CanonicalNumber(bytes) else { return false }
        number.forEachByte(of: bytes, body)
        return true
    }

    /// `forEachCanonicalByte` for the usual key, digits alone and the first of them not a zero
    /// (`1200` gives `12e2`): the digits up to the last one that is not a zero, `e`, and how many
    /// zeros follow it, without `CanonicalNumber`'s parse. False, and nothing passed, for other text.
    @inlinable @inline(__always)
    static func forEachCanonicalByte(ofPlainInteger bytes: UnsafeRawBufferPointer, _ body: (UInt8) -> Void) -> Bool {
        guard let lead = bytes.first, lead >= UInt8(ascii: "1"), lead <= UInt8(ascii: "9") else { return false }
        var last = 0
        for index in bytes.indices.dropFirst() {
            let byte = bytes[index]
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return false }
            if byte != UInt8(ascii: "0") { last = index }
        }
        for index in 0...last { body(bytes[index]) }
        body(UInt8(ascii: "e"))
        forEachDigit(of: UInt(bytes.count - 1 - last), body)
        return true
    }

    /// The decimal digits of `magnitude`, first to last (`0` for zero), passed to `body`.
    @inlinable @inline(__always)
    static func forEachDigit(of magnitude: UInt, _ body: (UInt8) -> Void) {
        var magnitude = magnitude
        var divisor: UInt = 1
        while divisor <= magnitude / 10 { divisor *= 10 }
        while divisor > 0 {
            body(0x30 + UInt8(truncatingIfNeeded: magnitude / divisor))
            magnitude %= divisor
            divisor /= 10
        }
    }
}

/// Where the parts of `NumberText.canonicalValue`'s form lie in number text: the sign, the
/// significant digits (from the first to the last non-zero one, a point among them skipped)
/// and the power of ten of the last of them.
struct CanonicalNumber {
    var negative = false
    /// The first and last non-zero digit's places in the text; nil for a zero.
    var digits: ClosedRange<Int>?
    var exponent = 0
    /// The place of the point in the text, if it has one.
    var point: Int?

    /// The parts of `bytes`; nil when they are not a number or the exponent is too large to count.
    @inline(__always)
    init?(_ bytes: UnsafeRawBufferPointer) {
        guard NumberText.isNumber(bytes) else { return nil }
        var index = 0
        let count = bytes.count
        if bytes[0] == UInt8(ascii: "-") || bytes[0] == UInt8(ascii: "+") {
            negative = bytes[0] == UInt8(ascii: "-")
            index = 1
        }
        var first: Int?
        var last = 0
        // Digits after the last non-zero one: trailing zeros, each a power of ten.
        var trailingZeros = 0
        var fractionDigits = 0
        var inFraction = false
        while index < count {
            let byte = bytes[index]
            if byte == UInt8(ascii: ".") {
                inFraction = true
                point = index
            } else if byte >= 0x30 && byte <= 0x39 {
                if byte != 0x30 {
                    if first == nil { first = index }
                    last = index
                    trailingZeros = 0
                } else if first != nil {
                    trailingZeros += 1
                }
                if inFraction { fractionDigits += 1 }
            } else {
                break
            }
            index += 1
        }
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
        guard let first else {
            // Every zero is one value.
            (negative, exponent) = (false, 0)
            return
        }
        digits = first...last
        exponent += trailingZeros - fractionDigits
    }

    /// The form's bytes, passed to `body`: `0` for a zero, else the sign, the digits, `e` and the exponent.
    @inline(__always)
    func forEachByte(of bytes: UnsafeRawBufferPointer, _ body: (UInt8) -> Void) {
        guard let digits else { return body(0x30) }
        if negative { body(UInt8(ascii: "-")) }
        for index in digits where bytes[index] != UInt8(ascii: ".") { body(bytes[index]) }
        body(UInt8(ascii: "e"))
        if exponent < 0 { body(UInt8(ascii: "-")) }
        NumberText.forEachDigit(of: exponent.magnitude, body)
    }
}

extension NumberText {
    /// The value of number text (`isNumber`) as the nearest double, or nil when the bytes are not
    /// a number (`NumberRule.reading`, which also says whether the double settles comparisons).
    public static func doubleValue(_ bytes: UnsafeRawBufferPointer) -> Double? {
        NumberRule.reading(bytes)?.double
    }
}
