/// An exact running sum of numbers as written, for footers and summaries: the number rule's
/// arithmetic (`NumberRule`). `1.5e-3 + 2` is `2.0015`, `1e-7 + 1e-7` is `0.0000002`, integers
/// past 2^53 keep every digit, and `1e400 + -1e400` is `0`: no binary rounding, no infinity,
/// no NaN.
///
/// Plain decimals of at most 18 digits (nearly every cell) are added as 64-bit integers
/// scaled to the most decimal places seen; anything else, and a scaled sum about to overflow,
/// goes to an `ExactDecimal`. A mean is the exact sum divided by the count, rounded once.
public struct DecimalSum: Sendable {
    /// The numbers added.
    public private(set) var count = 0
    /// The most decimal places a number added was written with (`1.50`: 2, `1e-7`: 7, `1e2`: 0):
    /// how many decimals the sum shows, and the mean at least.
    public private(set) var places = 0
    /// The sum of the plain numbers not yet moved to `exact`, in units of 10^-`fastPlaces`.
    private var fast: Int64 = 0
    private var fastPlaces = 0
    /// The rest of the sum.
    private var exact = ExactDecimal(negative: false, digits: [], exponent: 0)

    public init() {}

    /// Powers of ten that fit in an Int64: 10^0 … 10^18.
    private static let powers: [Int64] = (0...18).map { power in (0..<power).reduce(1) { value, _ in value * 10 } }

    /// Adds the number UTF-8 `bytes` spell; false, and nothing added, when they are not a number.
    @inline(__always)
    @discardableResult
    public mutating func add(_ bytes: UnsafeRawBufferPointer) -> Bool {
        if let (mantissa, decimals) = Self.plain(bytes) {
            addPlain(mantissa, decimals: decimals)
        } else {
            guard let number = ExactDecimal(bytes) else { return false }
            exact = exact.adding(number)
            places = Swift.max(places, Self.writtenPlaces(bytes))
        }
        count += 1
        return true
    }

    /// Adds the number `text` spells; false when it is not one.
    @discardableResult
    public mutating func add(_ text: String) -> Bool {
        if let added = text.utf8.withContiguousStorageIfAvailable({ add(UnsafeRawBufferPointer($0)) }) { return added }
        var text = text
        return text.withUTF8 { add(UnsafeRawBufferPointer($0)) }
    }

    /// Adds `later`'s numbers (a sum over the records after these).
    public mutating func add(_ later: DecimalSum) {
        exact = total.adding(later.total)
        (fast, fastPlaces) = (0, 0)
        count += later.count
        places = Swift.max(places, later.places)
    }

    /// The exact sum.
    public var total: ExactDecimal { exact.adding(ExactDecimal(fast, exponent: -fastPlaces)) }

    /// The sum as footers show it: every digit, with at least `places` decimals.
    public var text: String { total.text(places: places) }

    /// The mean rounded once, half to even, to `meanPlaces` decimals (`max(2, places)`); nil
    /// when no number was added.
    public var mean: ExactDecimal? {
        count == 0 ? nil : total.divided(by: count, places: meanPlaces)
    }

    /// The decimals of a mean: those of the most precise number, at least 2.
    public var meanPlaces: Int { Swift.max(2, places) }

    /// The mean as footers and summaries show it (`mean`, with `meanPlaces` decimals).
    public var meanText: String? { mean?.text(places: meanPlaces) }

    @inline(__always)
    private mutating func addPlain(_ mantissa: Int64, decimals: Int) {
        places = Swift.max(places, decimals)
        var mantissa = mantissa
        if decimals > fastPlaces {
            let (scaled, overflow) = fast.multipliedReportingOverflow(by: Self.powers[decimals - fastPlaces])
            if overflow { flush() } else { fast = scaled }
            fastPlaces = decimals
        } else if decimals < fastPlaces {
            let (scaled, overflow) = mantissa.multipliedReportingOverflow(by: Self.powers[fastPlaces - decimals])
            if overflow {
                exact = exact.adding(ExactDecimal(mantissa, exponent: -decimals))
                return
            }
            mantissa = scaled
        }
        let (sum, overflow) = fast.addingReportingOverflow(mantissa)
        if overflow {
            flush()
            fast = mantissa
        } else {
            fast = sum
        }
    }

    /// Moves the scaled sum to `exact`.
    private mutating func flush() {
        exact = exact.adding(ExactDecimal(fast, exponent: -fastPlaces))
        fast = 0
    }

    /// A plain decimal of at most 18 digits (`-12.50`, `.5`, `007`) as an integer and its decimal
    /// places; nil for anything else.
    @inline(__always)
    private static func plain(_ bytes: UnsafeRawBufferPointer) -> (Int64, Int)? {
        guard let plain = PlainDecimal(bytes), plain.digits <= 18 else { return nil }
        let mantissa = Int64(plain.mantissa)  // below 10^18
        return (plain.negative ? -mantissa : mantissa, plain.fraction)
    }

    /// The decimal places number text is written with: its fraction's digits less its exponent
    /// (`1.5e-3`: 4, `2.50e1`: 1), 0 at least.
    private static func writtenPlaces(_ bytes: UnsafeRawBufferPointer) -> Int {
        var fraction = 0, index = 0, point = false
        while index < bytes.count, bytes[index] != UInt8(ascii: "e"), bytes[index] != UInt8(ascii: "E") {
            if point { fraction += 1 }
            if bytes[index] == UInt8(ascii: ".") { point = true }
            index += 1
        }
        guard index < bytes.count else { return fraction }
        var exponent = 0, negative = false
        index += 1
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        while index < bytes.count, exponent < 1_000_000 {
            exponent = exponent * 10 + Int(bytes[index] &- 0x30)
            index += 1
        }
        return Swift.min(ExactDecimal.maxSpan, Swift.max(0, fraction + (negative ? exponent : -exponent)))
    }
}
