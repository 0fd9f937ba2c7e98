import ListviewValues

/// A point of a column's spread (`ColumnSpread`): a value, a quartile or a histogram's edge.
///
/// Its `position` is a double: the nearest one to a number, seconds since 1970 for a date, a
/// sketch's estimate. A number counted exactly also keeps its decimal text, so that points past
/// a double's 53 bits (`9007199254740993` and `…995` are the same double) keep their order, and
/// a quartile between them is worked out, and written, as the decimal it is.
public struct SpreadPoint: Comparable, Sendable {
    /// Where the point lies, as a double.
    public let position: Double
    /// The number as written (a value), or as worked out (a quartile, an edge); nil for a date
    /// and an estimate.
    let text: String?

    /// A point known by its position alone: a date, an estimate.
    public init(_ position: Double) {
        self.position = position
        text = nil
    }

    /// A number counted exactly: `text` as written, and the double nearest to it.
    public init(number text: String, position: Double) {
        self.position = position
        self.text = text
    }

    /// A number worked out exactly.
    public init(exact: ExactDecimal) {
        let text = exact.text()
        self.init(number: text, position: Double(text) ?? .nan)
    }

    /// The decimal the point is, for a number counted exactly.
    public var exact: ExactDecimal? { text.flatMap(ExactDecimal.init) }

    /// The decimal the point is, or its position's shortest digits (a date's seconds, an
    /// estimate); nil for a position that is not finite.
    var decimal: ExactDecimal? { exact ?? (position.isFinite ? ExactDecimal("\(position)") : nil) }

    /// The point `quarters` quarters (0 to 3) of the way from `self` to `high`: in decimals
    /// between two numbers counted exactly, else on positions.
    func interpolated(to high: SpreadPoint, quarters: Int) -> SpreadPoint {
        guard quarters > 0 else { return self }
        if let low = exact, let top = high.exact {
            return SpreadPoint(exact: low.adding(top.subtracting(low).multiplied(by: ExactDecimal(Int64(25 * quarters), exponent: -2))))
        }
        return SpreadPoint(position + (high.position - position) * Double(quarters) / 4)
    }

    /// Orders by position, and two numbers at the same position by their decimals (the double
    /// nearest to a decimal never orders two decimals the wrong way, only ties them). At one
    /// position, points without decimals (dates, estimates, a number past `ExactDecimal`'s
    /// reach such as `1e-1000000000000000000`) come first and tie with each other: a strict
    /// weak order, as sorting and ranges need.
    private static func order(_ left: SpreadPoint, _ right: SpreadPoint) -> Int {
        if left.position != right.position { return left.position < right.position ? -1 : 1 }
        switch (left.exact, right.exact) {
        case let (a?, b?): return a.compare(to: b)
        case (nil, nil): return 0
        case (nil, _?): return -1
        case (_?, nil): return 1
        }
    }

    public static func < (left: SpreadPoint, right: SpreadPoint) -> Bool { order(left, right) < 0 }

    public static func == (left: SpreadPoint, right: SpreadPoint) -> Bool { order(left, right) == 0 }
}
