/// The number rule: how every command reads, orders and tells numbers apart, on their decimal
/// text, exactly at any size.
///
/// Two numbers are equal when their decimal values are: `100`, `1e2`, `1E2` and `100.0` are one
/// value, and so are `0`, `-0` and `0.0`. They are ordered by those values, so
/// `1234567890123456789 < 1234567890123456790` although both are the same double. No binary
/// floating point decides an answer. `--where`, `--sort`, `--group-by` and `--counts` keys,
/// `--sort-groups key`, footers (`DecimalSum` for sums and means), `--summary`'s min, max and mean,
/// `diff` (`NumberText.forEachCanonicalByte`, the same values) and the browser's `&`, `s`, `=`,
/// `F` and `I` all call it.
///
/// Speed: a number is first read as its nearest double (`Reading`). That decides whenever the two
/// doubles differ (a correctly rounded reading keeps the order) or both stand for their text
/// exactly (plain decimals of at most 15 significant digits: no two of those share a double).
/// Only a tie between doubles one of which may stand for more than one decimal is settled on the
/// digits, without a copy (`compare(_:_:)` on the bytes).
///
/// Text whose exponent has more than 18 digits is not a number to this rule (it compares as
/// text), as in `NumberText.canonicalValue`.
public enum NumberRule {
    /// A number's nearest double, and whether that double tells it apart from every other number.
    public struct Reading: Sendable, Equatable {
        public var double: Double
        /// True when the text is a plain decimal of at most 15 significant digits: its double is
        /// shared by no other such decimal, so two exact readings compare as their doubles do.
        public var isExact: Bool

        public init(double: Double, isExact: Bool) {
            self.double = double
            self.isExact = isExact
        }

        /// A hash of the value read: equal numbers give equal hashes (`0` and `-0` alike).
        @inline(__always)
        public var hashBits: UInt64 { double == 0 ? 0 : double.bitPattern }
    }

    /// Exact powers of ten as doubles: 10^0 … 10^22 (each exactly representable).
    private static let exactPowersOfTen: [Double] = (0...22).map { power in (0..<power).reduce(1.0) { value, _ in value * 10 } }

    /// The reading of UTF-8 `bytes`, or nil when they are not a number (`NumberText.isNumber`).
    ///
    /// Plain decimals of at most 15 significant digits (`1008.96`, `-7`, `.5`) are read here
    /// without a string: the digits are an exact integer and the scale an exact power of ten,
    /// so one division rounds correctly, giving the same double as `Double(String)`. Anything
    /// else (exponents, longer digits) is read by `Double(String)`, correctly rounded too
    /// (beyond the doubles' range: an infinity or zero, still in order).
    @inline(__always)
    public static func reading(_ bytes: UnsafeRawBufferPointer) -> Reading? {
        guard let plain = PlainDecimal(bytes), plain.significant <= 15, plain.fraction < exactPowersOfTen.count else {
            guard NumberText.isNumber(bytes), let double = Double(String(decoding: bytes, as: UTF8.self)) else { return nil }
            return Reading(double: double, isExact: false)
        }
        let mantissa = Double(plain.mantissa)
        let magnitude = plain.fraction == 0 ? mantissa : mantissa / exactPowersOfTen[plain.fraction]
        return Reading(double: plain.negative ? -magnitude : magnitude, isExact: true)
    }

    /// How the number `a` (read as `aReading`) orders against `b`: -1, 0 or 1, exactly.
    @inline(__always)
    public static func compare(_ aReading: Reading, _ a: UnsafeRawBufferPointer, _ bReading: Reading, _ b: UnsafeRawBufferPointer) -> Int {
        compare(aReading, bReading) { compare(a, b) ?? 0 }
    }

    /// `compare(_:_:_:_:)` of two numbers held as text (sort keys), inlined where keys are compared.
    @inlinable @inline(__always)
    public static func compare(_ aReading: Reading, _ a: String, _ bReading: Reading, _ b: String) -> Int {
        compare(aReading, bReading) { a == b ? 0 : compare(a, b) ?? 0 }
    }

    /// The one order of two numbers: by their doubles, and where those are equal but one may
    /// stand for other decimals too (not `isExact`), by their digits (`digits`).
    @usableFromInline @inline(__always)
    static func compare(_ aReading: Reading, _ bReading: Reading, digits: () -> Int) -> Int {
        if aReading.double < bReading.double { return -1 }
        if aReading.double > bReading.double { return 1 }
        if aReading.isExact && bReading.isExact { return 0 }
        return digits()
    }

    /// How the number text `a` orders against the number text `b`: -1, 0 or 1, on their digits;
    /// nil when either is not a number.
    public static func compare(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Int? {
        guard let left = CanonicalNumber(a), let right = CanonicalNumber(b) else { return nil }
        let (leftSign, rightSign) = (left.sign, right.sign)
        if leftSign != rightSign { return leftSign < rightSign ? -1 : 1 }
        guard leftSign != 0 else { return 0 }
        let order = magnitudeOrder(left, a, right, b)
        return leftSign < 0 ? -order : order
    }

    /// `compare(_:_:)` of two texts.
    public static func compare(_ a: String, _ b: String) -> Int? {
        var (a, b) = (a, b)
        return a.withUTF8 { left in b.withUTF8 { right in compare(UnsafeRawBufferPointer(left), UnsafeRawBufferPointer(right)) } }
    }

    /// True when `a` and `b` are both numbers of the same value.
    @inline(__always)
    public static func equal(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        compare(a, b) == 0
    }

    /// How `|a|` orders against `|b|`, both non-zero: by the place of their first digit, then digit by digit.
    private static func magnitudeOrder(_ a: CanonicalNumber, _ aText: UnsafeRawBufferPointer,
                                       _ b: CanonicalNumber, _ bText: UnsafeRawBufferPointer) -> Int {
        guard let aDigits = a.digits, let bDigits = b.digits else { return 0 }
        let (aPlaces, bPlaces) = (a.exponent + a.digitCount, b.exponent + b.digitCount)
        if aPlaces != bPlaces { return aPlaces < bPlaces ? -1 : 1 }
        var (i, j) = (aDigits.lowerBound, bDigits.lowerBound)
        while true {
            if i == a.point { i += 1 }
            if j == b.point { j += 1 }
            let (aEnded, bEnded) = (i > aDigits.upperBound, j > bDigits.upperBound)
            // The last digit of each is not zero: the one with digits left is the larger.
            if aEnded || bEnded { return aEnded == bEnded ? 0 : (aEnded ? -1 : 1) }
            let (x, y) = (aText[i], bText[j])
            if x != y { return x < y ? -1 : 1 }
            i += 1
            j += 1
        }
    }
}

extension CanonicalNumber {
    /// -1, 0 or 1 as the number is negative, zero or positive.
    var sign: Int { digits == nil ? 0 : (negative ? -1 : 1) }

    /// How many significant digits there are (the point among them not counted).
    var digitCount: Int {
        guard let digits else { return 0 }
        if let point, digits.contains(point) { return digits.count - 1 }
        return digits.count
    }
}
