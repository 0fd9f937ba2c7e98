/// A decimal number held exactly: a sign, its significant digits and the power of ten of the
/// last one, as number text spells it (`NumberText.canonicalValue`). No binary floating point
/// is involved, so `0.1 + 0.2` and `0.3` differ by exactly `0` in its arithmetic when both are
/// written as decimals, and `48.90` against `48.9` by `0`.
///
/// It does what a diff's `--tolerance` needs: the distance between two numbers, a product with
/// another decimal, and an order. Numbers whose digits, lined up, would span more than
/// `maxSpan` places (`1e-5000` against `1e5000`) are beyond it: `distance` is nil for them.
public struct ExactDecimal: Sendable, Equatable {
    public let negative: Bool
    /// The significant digits, most significant first, each 0–9; empty for zero.
    public let digits: [UInt8]
    /// The power of ten of the last digit.
    public let exponent: Int

    /// The widest span of places `distance` lines up.
    public static let maxSpan = 10_000

    public init(negative: Bool, digits: [UInt8], exponent: Int) {
        var digits = Array(digits.drop { $0 == 0 })
        var exponent = exponent
        while digits.last == 0 {
            digits.removeLast()
            exponent += 1
        }
        self.negative = negative && !digits.isEmpty
        self.digits = digits
        self.exponent = digits.isEmpty ? 0 : exponent
    }

    /// The number `bytes` spell (`NumberText.isNumber`), or nil when they are not one.
    public init?(_ bytes: UnsafeRawBufferPointer) {
        guard let form = NumberText.canonicalValue(bytes) else { return nil }
        self.init(canonical: form)
    }

    /// The number `text` spells, or nil.
    public init?(_ text: String) {
        var text = text
        guard let number = text.withUTF8({ ExactDecimal(UnsafeRawBufferPointer($0)) }) else { return nil }
        self = number
    }

    /// From `NumberText.canonicalValue`'s form: `[-]DIGITSeEXPONENT`, or `0`.
    private init?(canonical form: [UInt8]) {
        guard let e = form.firstIndex(of: UInt8(ascii: "e")) else {
            self.init(negative: false, digits: [], exponent: 0)
            return
        }
        let negative = form.first == UInt8(ascii: "-")
        let digits = form[(negative ? 1 : 0)..<e].map { $0 - 0x30 }
        guard let exponent = Int(String(decoding: form[(e + 1)...], as: UTF8.self)) else { return nil }
        self.init(negative: negative, digits: digits, exponent: exponent)
    }

    public var isZero: Bool { digits.isEmpty }

    /// The power of ten just above the first digit: the number of places before the point.
    var magnitude: Int { exponent + digits.count }

    /// `|self − other|`, or nil when the two span more than `maxSpan` places.
    public func distance(to other: ExactDecimal) -> ExactDecimal? {
        if other.isZero { return ExactDecimal(negative: false, digits: digits, exponent: exponent) }
        if isZero { return ExactDecimal(negative: false, digits: other.digits, exponent: other.exponent) }
        let low = min(exponent, other.exponent)
        let high = max(magnitude, other.magnitude)
        guard high - low <= Self.maxSpan else { return nil }
        let (a, b) = (placed(from: low, to: high), other.placed(from: low, to: high))
        if negative != other.negative { return ExactDecimal(negative: false, digits: Self.sum(a, b), exponent: low) }
        return Self.compare(a, b) >= 0 ? ExactDecimal(negative: false, digits: Self.difference(a, b), exponent: low)
                                       : ExactDecimal(negative: false, digits: Self.difference(b, a), exponent: low)
    }

    /// `|self| × |other|`.
    public func magnitudeTimes(_ other: ExactDecimal) -> ExactDecimal {
        guard !isZero, !other.isZero else { return ExactDecimal(negative: false, digits: [], exponent: 0) }
        var product = [Int](repeating: 0, count: digits.count + other.digits.count)
        for (i, x) in digits.reversed().enumerated() {
            for (j, y) in other.digits.reversed().enumerated() { product[i + j] += Int(x) * Int(y) }
        }
        var carry = 0
        for index in product.indices {
            let total = product[index] + carry
            product[index] = total % 10
            carry = total / 10
        }
        return ExactDecimal(negative: false, digits: product.reversed().map { UInt8($0) }, exponent: exponent + other.exponent)
    }

    /// Compares the absolute values: negative, zero or positive as `|self|` is less, equal or greater.
    public func compareMagnitude(to other: ExactDecimal) -> Int {
        if isZero || other.isZero { return (isZero ? 0 : 1) - (other.isZero ? 0 : 1) }
        if magnitude != other.magnitude { return magnitude < other.magnitude ? -1 : 1 }
        let length = max(digits.count, other.digits.count)
        for index in 0..<length {
            let (a, b) = (index < digits.count ? digits[index] : 0, index < other.digits.count ? other.digits[index] : 0)
            if a != b { return a < b ? -1 : 1 }
        }
        return 0
    }

    /// The digits of the places `low` up to `high` (exclusive), most significant first; digits
    /// outside those places are left out.
    func placed(from low: Int, to high: Int) -> [UInt8] {
        var placed = [UInt8](repeating: 0, count: max(0, high - low))
        let start = high - magnitude
        for (index, digit) in digits.enumerated() where start + index >= 0 && start + index < placed.count {
            placed[start + index] = digit
        }
        return placed
    }

    static func compare(_ a: [UInt8], _ b: [UInt8]) -> Int {
        for (x, y) in zip(a, b) where x != y { return x < y ? -1 : 1 }
        return 0
    }

    /// `a + b`, digits of the same places.
    static func sum(_ a: [UInt8], _ b: [UInt8]) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: a.count + 1)
        var carry: UInt8 = 0
        for index in stride(from: a.count - 1, through: 0, by: -1) {
            let total = a[index] + b[index] + carry
            result[index + 1] = total % 10
            carry = total / 10
        }
        result[0] = carry
        return result
    }

    /// `a − b` for `a ≥ b`, digits of the same places.
    static func difference(_ a: [UInt8], _ b: [UInt8]) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: a.count)
        var borrow: Int = 0
        for index in stride(from: a.count - 1, through: 0, by: -1) {
            var digit = Int(a[index]) - Int(b[index]) - borrow
            borrow = digit < 0 ? 1 : 0
            if digit < 0 { digit += 10 }
            result[index] = UInt8(digit)
        }
        return result
    }
}
