import ListviewValues

/// How a column's numbers, or its ISO-8601 dates and timestamps, are spread, for `--summary`:
/// the sample standard deviation, the quartiles and a histogram over fixed bins.
///
/// The sample standard deviation is exact on every path: worked out in decimals from the
/// numbers as written (`DecimalMoments`) and rounded once to the mean's decimals. The quartiles
/// and the histogram are exact while the column's distinct values are counted exactly
/// (`ColumnStats` holds them with their counts, so the spread costs no memory of its own): the
/// quartiles by linear interpolation between the two nearest ranks (Python's
/// `statistics.quantiles(method="inclusive")`, R's type 7, NumPy's default), in decimals
/// between numbers (`SpreadPoint`), and each value counted in its bin by exact comparison with
/// the edges. Past the budget the values go to a `QuantileSketch`: quartiles and histogram
/// counts are estimates within its rank error.
public struct ColumnSpread: Equatable, Sendable {
    /// What the values are: numbers, or dates and timestamps measured in seconds since 1970.
    public enum Scale: Equatable, Sendable {
        case numbers
        /// Dates (`dateOnly`: every value a day, no time) or timestamps, written back with
        /// `fraction` digits of the second (the most a value was written with, up to
        /// `ISODate.fractionLimit`).
        case dates(dateOnly: Bool, fraction: Int)

        /// A point on this scale as text: a number's shortest digits (`ColumnSpread.numberText`),
        /// seconds since 1970 as a date (`2024-03-12`) or a timestamp.
        public func text(_ value: Double) -> String {
            switch self {
            case .numbers: return ColumnSpread.numberText(value)
            case .dates(let dateOnly, let fraction): return ISODate.text(value, dateOnly: dateOnly, fraction: fraction)
            }
        }

        /// A point of the spread on this scale as text: a number counted exactly as its decimal
        /// (`9007199254740995`, never the nearest double), else as `text(_:)` writes its position.
        public func text(_ point: SpreadPoint) -> String {
            if self == .numbers, let exact = point.exact { return exact.text() }
            return text(point.position)
        }

        /// The same scale, its dates written back with `fraction` digits of a second (the most
        /// of every section's, so that they share their bins and write them alike).
        func writing(fraction: Int) -> Scale {
            if case .dates(let dateOnly, _) = self { return .dates(dateOnly: dateOnly, fraction: fraction) }
            return self
        }

        /// The digits of a second dates are written back with; nil for numbers.
        var fraction: Int? {
            if case .dates(_, let fraction) = self { return fraction }
            return nil
        }

        /// A point on this scale as a value machine styles write: a number, or a date's text.
        public func value(_ text: String) -> Value {
            self == .numbers ? .number(text) : .string(text)
        }
    }

    /// Where the values are: each distinct one with its count, sorted, or a sketch of them.
    enum Source: Equatable, Sendable {
        case exact([(value: SpreadPoint, count: Int)])
        case sketch(QuantileSketch)

        static func == (left: Source, right: Source) -> Bool {
            switch (left, right) {
            case let (.exact(a), .exact(b)): return a.elementsEqual(b) { $0.value == $1.value && $0.count == $1.count }
            case let (.sketch(a), .sketch(b)): return a == b
            default: return false
            }
        }
    }

    public let scale: Scale
    let source: Source
    /// The sample standard deviation as text (numbers, at least two values).
    public let std: String?
    /// The decimals a quartile between two numbers can have (theirs and two more: it lies a
    /// quarter of the way between them at most), to which it is rounded back from binary.
    var decimals: Int?

    /// The values counted.
    public var count: Int {
        switch source {
        case .exact(let values): return values.reduce(0) { $0 + $1.count }
        case .sketch(let sketch): return sketch.count
        }
    }

    /// True when the quartiles and the histogram are estimates.
    public var isApproximate: Bool {
        if case .sketch(let sketch) = source { return sketch.rankError > 0 }
        return false
    }

    /// The rank error of the estimates, a fraction of the count (0 when exact).
    public var rankError: Double {
        if case .sketch(let sketch) = source { return sketch.rankError }
        return 0
    }

    /// The least and the greatest value.
    public var range: ClosedRange<SpreadPoint>? {
        switch source {
        case .exact(let values): return values.first.flatMap { first in values.last.map { first.value...$0.value } }
        case .sketch(let sketch): return sketch.range.map { SpreadPoint($0.lowerBound)...SpreadPoint($0.upperBound) }
        }
    }

    /// The 25th, 50th and 75th percentiles.
    public var quartiles: [SpreadPoint]? {
        switch source {
        case .exact(let values):
            let count = self.count
            guard count > 0 else { return nil }
            return [1, 2, 3].map { quarter in
                // Linear interpolation at position quarter·(n−1)/4 of the sorted values: a quarter
                // of the way at most, so a number's quartile is exact in two more decimals.
                let below = quarter * (count - 1) / 4
                let fraction = quarter * (count - 1) % 4
                let low = Self.value(at: below, in: values)
                let high = Self.value(at: min(count - 1, below + 1), in: values)
                return low.interpolated(to: high, quarters: fraction)
            }
        case .sketch(let sketch):
            return sketch.count == 0 ? nil : [0.25, 0.5, 0.75].compactMap { sketch.quantile($0).map(SpreadPoint.init) }
        }
    }

    /// The value at 0-based `rank` of the sorted values, each distinct one `count` times.
    private static func value(at rank: Int, in values: [(value: SpreadPoint, count: Int)]) -> SpreadPoint {
        var seen = 0
        for entry in values {
            seen += entry.count
            if rank < seen { return entry.value }
        }
        return values.last?.value ?? SpreadPoint(0)
    }

    /// The bins of a summary's histogram.
    public static let bins = 8

    /// Counts as a sparkline, a block per count scaled to the largest (`▁▂▃▅▇█▅▂`); an empty bin
    /// is a space.
    public static func sparkline(_ counts: [Int]) -> String {
        let blocks = Array("▁▂▃▄▅▆▇█")
        let largest = counts.max() ?? 0
        return String(counts.map { count in
            count == 0 || largest == 0 ? " " : blocks[Swift.min(7, Swift.max(0, Int((Double(count) / Double(largest) * 8).rounded(.up)) - 1))]
        })
    }

    /// A share of the values (0 to 1) as a bar of up to `ColumnSpread.shareCells` cells, to an
    /// eighth of a cell (`██▏` for 44%); at least `▏` for a share above nothing.
    public static func shareBar(_ share: Double) -> String {
        BarText.cells(Swift.max(0, Swift.min(1, share)) * Double(shareCells))
    }

    /// The cells a share of all the values (`shareBar`) takes at most.
    public static let shareCells = 5

    /// `bins` equal bins from the least to the greatest value of `range`: their `bins + 1` edges.
    /// The inner edges are rounded, half to even, to a few digits past the bins' width (`313.37`,
    /// not `313.37375`), so that they read as they are counted (on the `dates` scale, to no more
    /// digits of a second than the values have). They are worked out in decimals, from the
    /// numbers as written when they were counted exactly, else from the positions' shortest
    /// digits: the same edges on every path.
    public static func edges(of range: ClosedRange<SpreadPoint>, bins: Int, scale: Scale = .numbers) -> [SpreadPoint] {
        let bins = max(1, bins)
        // Positions are finite (a column's numbers and dates are), so both ends have decimals.
        guard range.upperBound > range.lowerBound, let low = range.lowerBound.decimal, let high = range.upperBound.decimal else {
            return [range.lowerBound, range.upperBound]
        }
        let decimals = edgeDecimals(width: (range.upperBound.position - range.lowerBound.position) / Double(bins), scale: scale)
        return (0...bins).map { index in
            if index == 0 { return range.lowerBound }
            if index == bins { return range.upperBound }
            // (low·(bins − index) + high·index) / bins, rounded to the edges' decimals.
            let weighted = low.multiplied(by: ExactDecimal(Int64(bins - index))).adding(high.multiplied(by: ExactDecimal(Int64(index))))
            var edge = SpreadPoint(exact: weighted.divided(by: bins, places: decimals + 20).rounded(places: decimals))
            // Dates are points in time alone: their edges too, so a date on an edge is in its bin.
            if scale != .numbers { edge = SpreadPoint(edge.position) }
            return Swift.min(range.upperBound, Swift.max(range.lowerBound, edge))
        }
    }

    /// The decimals of inner edges `width` apart: enough for three digits of the width, on the
    /// `dates` scale no more than the digits of a second its values were written with.
    private static func edgeDecimals(width: Double, scale: Scale) -> Int {
        let limit = scale.fraction ?? 15
        var decimals = 0, step = 1.0
        while width < step * 1000, decimals < limit {
            step /= 10
            decimals += 1
        }
        return decimals
    }

    /// How many values fall in each bin between consecutive `edges`: a bin holds the values from
    /// its lower edge up to but not including its upper one, the last bin its upper edge too.
    public func histogram(edges: [SpreadPoint]) -> [Int] {
        guard edges.count >= 2 else { return [] }
        let bins = edges.count - 1
        switch source {
        case .exact(let values):
            var counts = Array(repeating: 0, count: bins)
            let (low, high) = (edges[0], edges[bins])
            let (start, span) = (low.position, high.position - low.position)
            for entry in values {
                guard entry.value >= low, entry.value <= high else { continue }
                // The bin by arithmetic on positions, then set right at its edges, exactly (the
                // last bin takes its upper edge).
                let guess = span > 0 ? (entry.value.position - start) / span * Double(bins) : 0
                var bin = guess.isFinite ? Swift.max(0, Swift.min(bins - 1, Int(guess))) : 0
                while bin > 0 && entry.value < edges[bin] { bin -= 1 }
                while bin < bins - 1 && entry.value >= edges[bin + 1] { bin += 1 }
                counts[bin] += entry.count
            }
            return counts
        case .sketch(let sketch):
            var counts: [Int] = []
            let edges = edges.map(\.position)
            var below = edges[0] <= (sketch.range?.lowerBound ?? 0) ? 0 : sketch.rank(of: edges[0].nextDown)
            for index in 1...bins {
                let upTo = index == bins ? sketch.rank(of: edges[index]) : sketch.rank(of: edges[index].nextDown)
                counts.append(max(0, upTo - below))
                below = upTo
            }
            return counts
        }
    }

    /// The same spread on `scale` (another section's digits of a second).
    func on(_ scale: Scale) -> ColumnSpread {
        ColumnSpread(scale: scale, source: source, std: std, decimals: decimals)
    }

    /// The spread of `values` (each distinct value with its count) on `scale`; numbers' sample
    /// standard deviation exact (`DecimalMoments`), rounded once to `places` decimals.
    static func exact(_ values: [(value: SpreadPoint, count: Int)], scale: Scale, places: Int) -> ColumnSpread {
        let sorted = values.sorted { $0.value < $1.value }
        var std: String?
        if scale == .numbers {
            var moments = DecimalMoments()
            for entry in sorted {
                if let text = entry.value.text { moments.add(text, times: entry.count) }
            }
            std = moments.standardDeviation(places: places)?.text(places: places)
        }
        return ColumnSpread(scale: scale, source: .exact(sorted), std: std, decimals: scale == .numbers ? places + 2 : nil)
    }

    /// The spread a sketch and the exact moments give, once the values are past the budget.
    static func estimated(_ sketch: QuantileSketch, scale: Scale, moments: DecimalMoments?, places: Int) -> ColumnSpread {
        ColumnSpread(scale: scale, source: .sketch(sketch), std: moments?.standardDeviation(places: places)?.text(places: places))
    }

    /// A point of the column as text: a number's decimal (counted exactly) or shortest digits
    /// (estimated), rounded to the decimals a quartile can have; a date as a date.
    public func text(of point: SpreadPoint) -> String {
        guard scale == .numbers, let decimals else { return scale.text(point) }
        guard let exact = point.decimal else { return scale.text(point) }
        return exact.rounded(places: decimals).text()
    }

    /// `value` as a number's text: its shortest digits that read back as it, without an exponent
    /// (`3787.5`, `4050`).
    public static func numberText(_ value: Double) -> String {
        guard value.isFinite, let exact = ExactDecimal("\(value)") else { return "\(value)" }
        return exact.text()
    }
}
