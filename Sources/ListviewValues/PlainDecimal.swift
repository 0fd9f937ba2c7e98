/// A number written as plain decimal digits, with an optional sign and point and no exponent
/// (`-12.50`, `.5`, `007`): the one scan behind the number rule's fast paths, `NumberRule.reading`
/// (to a double) and `DecimalSum` (to a scaled integer). Anything else (`1e2`, `1.`, `-`) is
/// not one, and those callers read it the slow, exact way.
struct PlainDecimal {
    var negative = false
    /// The digits as an integer; it wraps past 19 digits, so callers bound `digits` or
    /// `significant` before they use it.
    var mantissa: UInt64 = 0
    /// The digits written, leading zeros included.
    var digits = 0
    /// The digits from the first one that is not zero.
    var significant = 0
    /// The digits after the point.
    var fraction = 0

    @inline(__always)
    init?(_ bytes: UnsafeRawBufferPointer) {
        var index = 0
        let count = bytes.count
        if count > 0, bytes[0] == UInt8(ascii: "-") || bytes[0] == UInt8(ascii: "+") {
            negative = bytes[0] == UInt8(ascii: "-")
            index = 1
        }
        var inFraction = false
        while index < count {
            let byte = bytes[index]
            if byte >= 0x30 && byte <= 0x39 {
                digits += 1
                if inFraction { fraction += 1 }
                if mantissa != 0 || byte != 0x30 { significant += 1 }
                mantissa = mantissa &* 10 &+ UInt64(byte - 0x30)
            } else if byte == UInt8(ascii: "."), !inFraction {
                inFraction = true
            } else {
                return nil
            }
            index += 1
        }
        guard digits > 0, !(inFraction && fraction == 0) else { return nil }
    }
}
