/// A KLL sketch (Karnin, Lang and Liberty, 2016) of a stream of numbers: what `--summary`
/// estimates quantiles and histograms from once a column's values no longer fit its budget.
///
/// Values go into a stack of compactors; level `h` holds values that each stand for `2^h`
/// values of the stream. A full level is sorted and every other value (from a first one
/// chosen by a coin) goes up a level, so the sketch holds about `3k` values however long the
/// stream. The rank of any value is then within `rankError` of its true rank (as a fraction
/// of the count) with high probability: about 0.33% for the default `k` of 1,024. The coin is
/// a seeded generator, so the same values in the same order give the same sketch.
///
/// Sketches merge (`merge`): the levels are joined, then compacted as before.
public struct QuantileSketch: Equatable, Sendable {
    /// The top level's capacity; lower levels hold two thirds of the level above, at least 8.
    public let k: Int
    private var levels: [[Double]] = [[]]
    /// Values added.
    public private(set) var count = 0
    private var minimum = Double.infinity
    private var maximum = -Double.infinity
    private var coin: UInt64 = 0x9E37_79B9_7F4A_7C15

    public init(k: Int = 1_024) {
        self.k = max(8, k)
    }

    /// The rank error this sketch is stated with: a fraction of the count. KLL's error is about
    /// `1.7 / k` at 99% confidence for the sizes here; stated as `2 / k`, rounded up.
    public var rankError: Double { count <= retainedCount ? 0 : 2.0 / Double(k) }

    /// The values the sketch holds.
    public var retainedCount: Int { levels.reduce(0) { $0 + $1.count } }

    public mutating func add(_ value: Double) {
        guard !value.isNaN else { return }
        count += 1
        minimum = Swift.min(minimum, value)
        maximum = Swift.max(maximum, value)
        levels[0].append(value)
        if levels[0].count >= capacity(ofLevel: 0) { compress() }
    }

    /// Adds every value `other` stands for.
    public mutating func merge(_ other: QuantileSketch) {
        guard other.count > 0 else { return }
        while levels.count < other.levels.count { levels.append([]) }
        for (level, values) in other.levels.enumerated() { levels[level] += values }
        count += other.count
        minimum = Swift.min(minimum, other.minimum)
        maximum = Swift.max(maximum, other.maximum)
        compress()
    }

    /// The capacity of level `level` (0 the lowest).
    private func capacity(ofLevel level: Int) -> Int {
        let depth = levels.count - 1 - level
        var capacity = Double(k)
        for _ in 0..<max(0, depth) { capacity *= 2.0 / 3.0 }
        return Swift.max(8, Int(capacity.rounded(.up)))
    }

    /// Compacts full levels, lowest first, until each fits its capacity.
    private mutating func compress() {
        var level = 0
        while level < levels.count {
            if levels[level].count >= capacity(ofLevel: level) {
                if level + 1 == levels.count { levels.append([]) }
                var values = levels[level]
                values.sort()
                // An odd value out stays at this level; of the rest, every other one goes up.
                let left = values.count % 2 == 1 ? [values.removeLast()] : []
                let start = Int(nextCoin() & 1)
                let kept = stride(from: start, to: values.count, by: 2).map { values[$0] }
                levels[level + 1] += kept
                levels[level] = left
            }
            level += 1
        }
    }

    private mutating func nextCoin() -> UInt64 {
        // xorshift64*: a fixed sequence, so the sketch does not depend on a clock or a seed from outside.
        coin ^= coin >> 12
        coin ^= coin << 25
        coin ^= coin >> 27
        return coin &* 0x2545_F491_4F6C_DD1D
    }

    /// The values held, sorted, each with its weight.
    private var weighted: [(value: Double, weight: Int)] {
        var all: [(value: Double, weight: Int)] = []
        all.reserveCapacity(retainedCount)
        for (level, values) in levels.enumerated() {
            for value in values { all.append((value, 1 << level)) }
        }
        all.sort { $0.value < $1.value }
        return all
    }

    /// The estimated `q`-quantile (0 the minimum, 1 the maximum): the least value held whose
    /// weighted rank reaches `q` of the count; nil when empty.
    public func quantile(_ q: Double) -> Double? {
        guard count > 0 else { return nil }
        if q <= 0 { return minimum }
        if q >= 1 { return maximum }
        let all = weighted
        let total = all.reduce(0) { $0 + $1.weight }
        let wanted = q * Double(total)
        var seen = 0
        for entry in all {
            seen += entry.weight
            if Double(seen) >= wanted { return entry.value }
        }
        return maximum
    }

    /// The estimated number of values at most `value` (all of them at or past the maximum).
    public func rank(of value: Double) -> Int {
        guard count > 0 else { return 0 }
        if value >= maximum { return count }
        if value < minimum { return 0 }
        let all = weighted
        let total = all.reduce(0) { $0 + $1.weight }
        let held = all.reduce(0) { $0 + ($1.value <= value ? $1.weight : 0) }
        // The weights add up to about the count; scaled to it exactly.
        return Int((Double(held) / Double(Swift.max(1, total)) * Double(count)).rounded())
    }

    /// The least and greatest values added, exactly.
    public var range: ClosedRange<Double>? { count > 0 ? minimum...maximum : nil }
}
