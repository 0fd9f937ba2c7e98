import ListviewBatches
import ListviewValues

/// What one column's values add up to, value by value, for `--summary` (`ColumnSummary`).
///
/// Counts, nulls, types, the extremes and the mean are always exact. Distinct values
/// and the most common ones are counted exactly, each distinct value by its text, until
/// `approximate()` lets those go: from then on a `DistinctSketch` estimates the
/// distinct count and `FrequentValues` the most common values, and the summary says
/// so (`isApproximate`). Values added in the same order give the same exact summary
/// however they are cut into batches; when estimates start depends on the batches.
public struct ColumnStats: Sendable {
    private var types: [String] = []
    private var count = 0
    private var nulls = 0
    /// Each distinct value's count and first position, by its text, while counted exactly.
    private var seen: [String: (count: Int, first: Int, value: Value)] = [:]
    /// The bytes `seen` holds, about; once approximate, what the sketch and the counters take.
    public private(set) var estimatedBytes = 0
    private var sketch: DistinctSketch?
    private var frequent: FrequentValues<String>?
    private var minimum: (key: ValueOrdering.Key, value: Value)?
    private var maximum: (key: ValueOrdering.Key, value: Value)?
    /// The numbers' exact sum, for the mean (`DecimalSum`, as footers take it).
    private var sum = DecimalSum()

    /// Values of the most common ones counted once approximate.
    static let frequentCapacity = 256
    /// What the sketch and the counters of approximate stats take, about: letting exact values
    /// go saves memory only when they take more.
    public static let approximateBytes = 16_384 + frequentCapacity * 160

    /// Stats of a column whose first `nulls` rows had no value.
    public init(nulls: Int = 0) {
        self.nulls = nulls
    }

    /// True once the distinct count and the most common values are estimates.
    public var isApproximate: Bool { sketch != nil }

    /// The bytes a value adds to `seen`: its text twice (key and value) and the entry.
    private static func entryBytes(_ text: String) -> Int { 2 * text.utf8.count + 96 }

    public mutating func add(_ value: Value?) {
        guard let value, !value.isNull else {
            nulls += 1
            return
        }
        count += 1
        let type = Self.typeName(of: value)
        if !types.contains(type) { types.append(type) }
        let text: String
        switch value {
        case .array, .object: text = value.compactJSON
        default: text = CellText.unescapedText(for: value)
        }
        if sketch != nil {
            sketch?.add(text)
            frequent?.add(text)
        } else if let known = seen[text] {
            seen[text] = (known.count + 1, known.first, known.value)
        } else {
            seen[text] = (1, seen.count, value)
            estimatedBytes += Self.entryBytes(text)
        }
        let key = ValueOrdering.key(for: value)
        if minimum.map({ ValueOrdering.compare(key, $0.key) < 0 }) ?? true { minimum = (key, value) }
        if maximum.map({ ValueOrdering.compare(key, $0.key) > 0 }) ?? true { maximum = (key, value) }
        if case .number(let number) = value { sum.add(number) }
    }

    /// Lets the exact distinct values go: the ones counted so far seed the sketch and the most
    /// common values, and every later value goes to those.
    public mutating func approximate() {
        guard sketch == nil else { return }
        var sketch = DistinctSketch()
        var frequent = FrequentValues<String>(capacity: Self.frequentCapacity)
        for (text, entry) in seen.sorted(by: { $0.value.first < $1.value.first }) {
            sketch.add(text)
            frequent.add(text, times: entry.count)
        }
        self.sketch = sketch
        self.frequent = frequent
        seen = [:]
        estimatedBytes = Self.approximateBytes
    }

    /// The summary record of the column `name`: the fields of `ColumnSummary.fieldNames`. Once
    /// approximate, the distinct count and the top values are estimates; `marked` puts `≈`
    /// before them (human styles).
    public func values(named name: String, marked: Bool = false) -> [Value] {
        let mark = marked && isApproximate ? "≈" : ""
        // Values seen once are no one's most common: a column of unique ids has no top.
        let top: [(text: String, count: Int)]
        let distinct: Int
        if let sketch, let frequent {
            distinct = Swift.max(sketch.estimate, Swift.min(count, 1))
            // A counted value's text is how the top shows it.
            top = frequent.mostCommon.prefix(3).filter { $0.count - $0.error > 1 }.map { ($0.item, $0.count) }
        } else {
            distinct = seen.count
            top = seen.sorted { $0.value.count != $1.value.count ? $0.value.count > $1.value.count : $0.value.first < $1.value.first }
                .prefix(3).filter { $0.value.count > 1 }.map { (CellText.unescapedText(for: $0.value.value), $0.value.count) }
        }
        let topText = top.map { "\($0.text) (\($0.count))" }.joined(separator: ", ")
        let mean: Value = sum.meanText.map(Value.number) ?? .null
        let distinctValue: Value = mark.isEmpty ? .number(String(distinct)) : .string(mark + String(distinct))
        return [.string(name), .string(types.joined(separator: ", ")), .number(String(count)), .number(String(nulls)),
                distinctValue, minimum?.value ?? .null, maximum?.value ?? .null, mean,
                top.isEmpty ? .null : .string(mark + topText)]
    }

    static func typeName(of value: Value) -> String {
        switch value {
        case .null: return "null"
        case .bool: return "boolean"
        case .number: return "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }
}
