/// The arithmetic of a column's spread on exact decimals (`DecimalMoments`, `ColumnSpread`):
/// differences, products, and a square root rounded once.
extension ExactDecimal {
    /// Zero.
    public static let zero = ExactDecimal(negative: false, digits: [], exponent: 0)

    /// The integer `value` times 10^`exponent` (a 128-bit sum of scaled numbers).
    public init(_ value: Int128, exponent: Int) {
        var digits: [UInt8] = []
        var magnitude = value.magnitude
        while magnitude > 0 {
            digits.append(UInt8(magnitude % 10))
            magnitude /= 10
        }
        self.init(negative: value < 0, digits: digits.reversed(), exponent: exponent)
    }

    /// `−self`.
    public var negated: ExactDecimal { ExactDecimal(negative: !negative, digits: digits, exponent: exponent) }

    /// `self − other`, exact as `adding` is.
    public func subtracting(_ other: ExactDecimal) -> ExactDecimal { adding(other.negated) }

    /// `self × other`, exact.
    public func multiplied(by other: ExactDecimal) -> ExactDecimal {
        let product = magnitudeTimes(other)
        return ExactDecimal(negative: negative != other.negative, digits: product.digits, exponent: product.exponent)
    }

    /// √(`self` ÷ `divisor`) rounded once, half to even, to `places` decimal places; nil when the
    /// quotient is negative or `divisor` is zero.
    ///
    /// The root `r` (in units of 10^−places) is the largest integer with `r² · den ≤ num`, where
    /// `num / den` is the quotient times 10^(2·places) as two integers: found from a binary
    /// estimate and checked exactly, digit by digit where the estimate is too coarse. It is
    /// rounded up when `(2r + 1)² · den < 4 · num`, and on equality when `r` is odd.
    public func squareRoot(dividedBy divisor: ExactDecimal, places: Int) -> ExactDecimal? {
        guard !divisor.isZero, isZero || negative == divisor.negative else { return nil }
        if isZero { return .zero }
        // self / divisor · 10^(2·places) = num / den, two integers: the digits of each, the
        // power of ten between them put on one side.
        let shift = exponent - divisor.exponent + 2 * places
        let num = ExactDecimal(negative: false, digits: digits, exponent: Swift.max(0, shift))
        let den = ExactDecimal(negative: false, digits: divisor.digits, exponent: Swift.max(0, -shift))
        func fits(_ root: ExactDecimal) -> Bool { root.magnitudeTimes(root).magnitudeTimes(den).compareMagnitude(to: num) <= 0 }
        var root = Self.integerRoot(num: num, den: den, fits: fits)
        let twiceAndOne = root.magnitudeTimes(ExactDecimal(2)).adding(ExactDecimal(1))
        let order = twiceAndOne.magnitudeTimes(twiceAndOne).magnitudeTimes(den).compareMagnitude(to: num.magnitudeTimes(ExactDecimal(4)))
        if order < 0 || (order == 0 && (root.digits.last ?? 0) % 2 == 1 && root.exponent == 0) {
            root = root.adding(ExactDecimal(1))
        }
        return ExactDecimal(negative: false, digits: root.digits, exponent: root.exponent - places)
    }

    /// The largest integer `r` with `fits(r)` (`r² · den ≤ num`): from a binary estimate when it
    /// is close enough to step to, else digit by digit from the top.
    private static func integerRoot(num: ExactDecimal, den: ExactDecimal, fits: (ExactDecimal) -> Bool) -> ExactDecimal {
        let estimate = (num.approximate / den.approximate).squareRoot()
        if estimate.isFinite, estimate < 1e15 {
            var root = ExactDecimal(Int64(estimate.rounded(.down)))
            for _ in 0..<8 {
                if !fits(root) {
                    root = root.subtracting(ExactDecimal(1))
                } else if fits(root.adding(ExactDecimal(1))) {
                    root = root.adding(ExactDecimal(1))
                } else {
                    return root
                }
            }
        }
        // Digit by digit: the root has at most half the quotient's integer digits, rounded up.
        var root = ExactDecimal.zero
        var place = Swift.max(0, (num.magnitude - den.magnitude + 2) / 2)
        while place >= 0 {
            // The largest digit at `place` that still fits, by bisection over 0…9.
            var (low, high) = (0, 9)
            while low < high {
                let middle = (low + high + 1) / 2
                if fits(root.adding(ExactDecimal(negative: false, digits: [UInt8(middle)], exponent: place))) { low = middle } else { high = middle - 1 }
            }
            if low > 0 { root = root.adding(ExactDecimal(negative: false, digits: [UInt8(low)], exponent: place)) }
            place -= 1
        }
        return root
    }

    /// The nearest double (infinite past a double's range), read from the decimal's text.
    public var approximate: Double { Double(text()) ?? .nan }
}
