/// The exact sum and sum of squares of numbers as written, for a column's sample standard
/// deviation: `√((n·Σx² − (Σx)²) / (n·(n − 1)))`, worked out in decimals and rounded once, so
/// `9007199254740993, 9007199254740995, 9007199254740997` give exactly `2`.
///
/// Plain decimals of at most 18 digits (nearly every cell) are added as 128-bit integers scaled
/// to the most decimal places seen; anything else, and a scaled sum about to overflow, goes to
/// `ExactDecimal`s, as `DecimalSum` does for sums.
public struct DecimalMoments: Sendable {
    /// The numbers added (each as many times as it was given).
    public private(set) var count = 0
    /// Σx and Σx² of the plain numbers not yet moved to the exact sums, in units of
    /// 10^−`fastPlaces` and 10^−2·`fastPlaces`.
    private var fastSum: Int128 = 0
    private var fastSquares: Int128 = 0
    private var fastPlaces = 0
    private var exactSum = ExactDecimal.zero
    private var exactSquares = ExactDecimal.zero
    /// Set when a number added is past what is worked out exactly (`digitLimit`, or an exponent
    /// `ExactDecimal` cannot hold): there is then no standard deviation, rather than a wrong one.
    private var beyondReach = false

    /// The most significant digits a number may have to be squared exactly (a square costs the
    /// digits' count squared).
    public static let digitLimit = 1_000

    /// The most significant digits a standard deviation is worked out to: past them it is
    /// rounded to this many (a root costs about its digits times the quotient's).
    public static let rootDigits = 40

    public init() {}

    /// Powers of ten that fit in an Int128: 10^0 … 10^38.
    private static let powers: [Int128] = (0...38).map { power in (0..<power).reduce(1) { value, _ in value * 10 } }

    /// Adds the number UTF-8 `bytes` spell, `times` times; false, and nothing added, when they are
    /// not a number.
    @discardableResult
    public mutating func add(_ bytes: UnsafeRawBufferPointer, times: Int = 1) -> Bool {
        if let plain = PlainDecimal(bytes), plain.digits <= 18, addPlain(plain, times: times) {
            count += times
            return true
        }
        guard let number = ExactDecimal(bytes), number.digits.count <= Self.digitLimit else {
            // Too many digits to square, or past `ExactDecimal`'s reach (an exponent of more than
            // 18 digits): counted, with no standard deviation.
            guard NumberText.isNumber(bytes) else { return false }
            beyondReach = true
            count += times
            return true
        }
        let weight = ExactDecimal(Int64(times))
        exactSum = exactSum.adding(number.multiplied(by: weight))
        exactSquares = exactSquares.adding(number.multiplied(by: number).multiplied(by: weight))
        count += times
        return true
    }

    /// Adds the number `text` spells, `times` times; false when it is not one.
    @discardableResult
    public mutating func add(_ text: String, times: Int = 1) -> Bool {
        var text = text
        return text.withUTF8 { add(UnsafeRawBufferPointer($0), times: times) }
    }

    /// Adds a plain number to the scaled sums; false when they would overflow (after moving them
    /// to the exact sums, so the caller adds it exactly).
    private mutating func addPlain(_ plain: PlainDecimal, times: Int) -> Bool {
        if plain.fraction > fastPlaces {
            let (sum, overflowSum) = fastSum.multipliedReportingOverflow(by: Self.powers[plain.fraction - fastPlaces])
            let (squares, overflowSquares) = fastSquares.multipliedReportingOverflow(by: Self.powers[2 * (plain.fraction - fastPlaces)])
            if overflowSum || overflowSquares { flush() } else { (fastSum, fastSquares) = (sum, squares) }
            fastPlaces = plain.fraction
        }
        let magnitude = Int128(plain.mantissa)  // below 10^18
        let (scaled, overflowScale) = magnitude.multipliedReportingOverflow(by: Self.powers[fastPlaces - plain.fraction])
        guard !overflowScale else { return false }
        let value = plain.negative ? -scaled : scaled
        let (square, overflowSquare) = scaled.multipliedReportingOverflow(by: scaled)
        let (weighted, overflowWeighted) = value.multipliedReportingOverflow(by: Int128(times))
        let (weightedSquare, overflowWeightedSquare) = square.multipliedReportingOverflow(by: Int128(times))
        let (sum, overflowSum) = fastSum.addingReportingOverflow(weighted)
        let (squares, overflowSquares) = fastSquares.addingReportingOverflow(weightedSquare)
        if overflowSquare || overflowWeighted || overflowWeightedSquare || overflowSum || overflowSquares {
            flush()
            return false
        }
        (fastSum, fastSquares) = (sum, squares)
        return true
    }

    /// Moves the scaled sums to the exact ones.
    private mutating func flush() {
        exactSum = exactSum.adding(ExactDecimal(fastSum, exponent: -fastPlaces))
        exactSquares = exactSquares.adding(ExactDecimal(fastSquares, exponent: -2 * fastPlaces))
        (fastSum, fastSquares) = (0, 0)
    }

    /// Σx, exact.
    public var sum: ExactDecimal { exactSum.adding(ExactDecimal(fastSum, exponent: -fastPlaces)) }

    /// Σx², exact.
    public var sumOfSquares: ExactDecimal { exactSquares.adding(ExactDecimal(fastSquares, exponent: -2 * fastPlaces)) }

    /// The sample standard deviation rounded half to even to `places` decimals, or to
    /// `rootDigits` significant digits when that is fewer; nil under two numbers, or with a
    /// number past what is worked out exactly.
    public func standardDeviation(places: Int) -> ExactDecimal? {
        guard count >= 2, !beyondReach else { return nil }
        let n = ExactDecimal(Int64(count))
        let spread = n.multiplied(by: sumOfSquares).subtracting(sum.multiplied(by: sum))  // n·Σx² − (Σx)² ≥ 0
        let divisor = n.multiplied(by: ExactDecimal(Int64(count - 1)))
        // The root's first digit is near 10^((magnitude of spread − magnitude of divisor) / 2).
        let magnitude = (spread.magnitude - divisor.magnitude) / 2 + 1
        return spread.squareRoot(dividedBy: divisor, places: Swift.max(0, Swift.min(places, Self.rootDigits - magnitude)))
    }
}
