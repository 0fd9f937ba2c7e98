import ListviewQuery
import ListviewValues

/// How far apart two numbers may be and still be the same value in a diff (`--tolerance`):
/// absolute (`0.005`: `|a − b| ≤ 0.005`) or relative (`0.1%`: `|a − b| ≤ 0.1% × max(|a|, |b|)`),
/// for every compared field or for one (`amount=0.01`). Computed on the numbers' exact decimal
/// forms (`ExactDecimal`), so a bound of `0.01` holds `1.00` and `1.01` the same and `1.011` apart,
/// with no binary rounding either way. Text that is not a number never matches by tolerance.
public struct NumericTolerance: Sendable, Equatable {
    /// One bound.
    public enum Bound: Sendable, Equatable {
        case absolute(ExactDecimal)
        /// A percentage of the larger of the two magnitudes.
        case relative(percent: ExactDecimal)

        /// True when the numbers `a` and `b` are within the bound.
        public func allows(_ a: ExactDecimal, _ b: ExactDecimal) -> Bool {
            guard let distance = a.distance(to: b) else { return false }
            switch self {
            case .absolute(let limit):
                return distance.compareMagnitude(to: limit) <= 0
            case .relative(let percent):
                // |a − b| × 100 ≤ percent × max(|a|, |b|), all exact.
                let larger = a.compareMagnitude(to: b) >= 0 ? a : b
                let hundred = ExactDecimal(negative: false, digits: [1], exponent: 2)
                return distance.magnitudeTimes(hundred).compareMagnitude(to: percent.magnitudeTimes(larger)) <= 0
            }
        }
    }

    /// The bound of every field without its own.
    public var all: Bound?
    /// Bounds of single fields, by name (a dotted path for a nested field).
    public var fields: [String: Bound] = [:]

    public init() {}

    /// True when no bound is set.
    public var isEmpty: Bool { all == nil && fields.isEmpty }

    /// The bound of `field`.
    public func bound(for field: String) -> Bound? { fields[field] ?? all }

    /// Adds one `--tolerance` value: `0.005`, `0.1%`, `amount=0.01` or `score=1%`; throws a message
    /// for anything else.
    public mutating func add(_ text: String) throws(Invalid) {
        var field: String?
        var value = Substring(text)
        if let equals = text.lastIndex(of: "=") {
            field = String(text[..<equals])
            value = text[text.index(after: equals)...]
            if field?.isEmpty ?? true { throw Invalid(text: text, reason: "a field name goes before '='") }
        }
        let relative = value.hasSuffix("%")
        let number = relative ? value.dropLast() : value
        guard let amount = ExactDecimal(String(number)), !amount.negative else {
            throw Invalid(text: text, reason: "the tolerance is a number of zero or more, or a percentage such as 0.1%")
        }
        let bound: Bound = relative ? .relative(percent: amount) : .absolute(amount)
        if let field { fields[field] = bound } else { all = bound }
    }

    /// A `--tolerance` value that is not one.
    public struct Invalid: Error, Sendable {
        public let text: String
        public let reason: String

        public var message: String { "--tolerance '\(text)': \(reason)" }
    }
}
