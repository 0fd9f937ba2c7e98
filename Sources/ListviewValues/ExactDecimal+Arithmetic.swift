/// The arithmetic of footers and summaries on exact decimals (`DecimalSum`): a signed sum, an
/// order, and a quotient by a count rounded once.
extension ExactDecimal {
    /// The number `value`.
    public init(_ value: Int64, exponent: Int = 0) {
        self.init(Int128(value), exponent: exponent)
    }

    /// `self + other`, exact while the two span at most `maxSpan` places; past that the digits
    /// below the widest span are left out (the sum is then exact to `maxSpan` significant digits).
    public func adding(_ other: ExactDecimal) -> ExactDecimal {
        if other.isZero { return self }
        if isZero { return other }
        let high = Swift.max(magnitude, other.magnitude) + 1
        let low = Swift.max(Swift.min(exponent, other.exponent), high - Self.maxSpan)
        let (a, b) = (placed(from: low, to: high), other.placed(from: low, to: high))
        if negative == other.negative { return ExactDecimal(negative: negative, digits: Self.sum(a, b), exponent: low) }
        return Self.compare(a, b) >= 0 ? ExactDecimal(negative: negative, digits: Self.difference(a, b), exponent: low)
                                       : ExactDecimal(negative: other.negative, digits: Self.difference(b, a), exponent: low)
    }

    /// How `self` orders against `other`: -1, 0 or 1.
    public func compare(to other: ExactDecimal) -> Int {
        let (sign, otherSign) = (isZero ? 0 : (negative ? -1 : 1), other.isZero ? 0 : (other.negative ? -1 : 1))
        if sign != otherSign { return sign < otherSign ? -1 : 1 }
        let order = compareMagnitude(to: other)
        return sign < 0 ? -order : order
    }

    /// `self ÷ divisor` rounded once, half to even (as Python's `decimal` rounds by default), to
    /// `places` decimal places; `divisor` is a count, 1 or more. (A dividend of more places than
    /// that is rounded to them first: a sum of numbers of at most `places` places never is.)
    /// The quotient has at most `maxSpan` digits, as a sum spans at most so many places: a
    /// quotient of more (`1e999999999999999999 ÷ 3`) is rounded at its `maxSpan`th digit.
    public func divided(by divisor: Int, places: Int) -> ExactDecimal {
        let dividend = rounded(places: places)
        guard !dividend.isZero, divisor > 0 else { return ExactDecimal(negative: false, digits: [], exponent: 0) }
        let high = Swift.max(dividend.magnitude, -places + 1)
        let low = Swift.max(-places, high - Self.maxSpan)
        let divisor = UInt64(divisor)
        var quotient: [UInt8] = []
        var remainder: UInt64 = 0
        for digit in dividend.placed(from: low, to: high) {
            // remainder < divisor ≤ Int.max: times 10 fits unless the count passes 2^59.
            let (shifted, overflow) = remainder.multipliedReportingOverflow(by: 10)
            guard !overflow else { return ExactDecimal(negative: false, digits: [], exponent: 0) }
            let current = shifted + UInt64(digit)
            quotient.append(UInt8(current / divisor))
            remainder = current % divisor
        }
        let result = ExactDecimal(negative: negative, digits: quotient, exponent: low)
        let twice = remainder * 2  // < 2^64: remainder < divisor ≤ Int.max
        let lastOdd = (quotient.last ?? 0) % 2 == 1
        guard twice > divisor || (twice == divisor && lastOdd) else { return result }
        return result.adding(ExactDecimal(negative: negative, digits: [1], exponent: low))
    }

    /// `self` rounded half to even to `places` decimal places.
    public func rounded(places: Int) -> ExactDecimal {
        guard exponent < -places else { return self }
        let keep = digits.count - (-places - exponent)
        let unit = ExactDecimal(negative: negative, digits: [1], exponent: -places)
        let zero = ExactDecimal(negative: false, digits: [], exponent: 0)
        guard keep >= 0 else { return zero }  // below half a unit of the last place kept
        let kept = ExactDecimal(negative: negative, digits: Array(digits[..<keep]), exponent: -places)
        let first = digits[keep]
        // Digits are stripped of trailing zeros: a digit after `first` means a rest above it.
        let above = first > 5 || (first == 5 && digits.count > keep + 1)
        let tie = first == 5 && digits.count == keep + 1
        let lastOdd = keep > 0 && digits[keep - 1] % 2 == 1
        return above || (tie && lastOdd) ? kept.adding(unit) : kept
    }
}
