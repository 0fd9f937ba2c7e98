import ListviewBatches
import ListviewValues

/// What one column's values add up to, value by value, for `--summary` (`ColumnSummary`).
///
/// Counts, nulls, types, the extremes and the mean are always exact. Distinct values
/// and the most common ones are counted exactly, each distinct value as grouping tells it (`distinctKey`), until
/// `approximate()` lets those go: from then on a `DistinctSketch` estimates the
/// distinct count and `FrequentValues` the most common values, and the summary says
/// so (`isApproximate`). Values added in the same order give the same exact summary
/// however they are cut into batches; when estimates start depends on the batches.
public struct ColumnStats: Sendable {
    private var types: [String] = []
    private var count = 0
    private var nulls = 0
    /// Each distinct value's count and first position, by `distinctKey`, while counted exactly.
    /// By the text's Unicode scalars (`ScalarText`), as `--group-by` tells values apart.
    private(set) var seen: [ScalarText: (count: Int, first: Int, value: Value)] = [:]
    /// The bytes `seen` holds, about; once approximate, what the sketch and the counters take.
    public private(set) var estimatedBytes = 0
    private var sketch: DistinctSketch?
    private var frequent: FrequentValues<FrequentItem>?
    private var minimum: (key: ValueOrdering.Key, value: Value)?
    private var maximum: (key: ValueOrdering.Key, value: Value)?
    /// The numbers' exact sum, for the mean (`DecimalSum`, as footers take it).
    private(set) var sum = DecimalSum()
    /// Once approximate: the values' spread, as they pass (`ColumnSpread`): the numbers, the
    /// ISO dates while every text is one (nil once one is not), and the texts' lengths.
    private(set) var passing: PassingSpread?

    /// How many of the most common values are counted once approximate, at least and at most:
    /// more counters, smaller errors (`ColumnSummary` gives as many as its budget affords).
    public static let frequentCapacities = 256...4_096

    /// What the sketch and `capacity` counters of approximate stats take, about: letting exact
    /// values go saves memory only when they take more.
    public static func approximateBytes(capacity: Int) -> Int { 16_384 + capacity * 160 }

    /// Stats of a column whose first `nulls` rows had no value.
    public init(nulls: Int = 0) {
        self.nulls = nulls
    }

    /// True once the distinct count and the most common values are estimates.
    public var isApproximate: Bool { sketch != nil }
    /// Whether a number was among the values.
    var holdsNumbers: Bool { types.contains(Self.typeName(of: .number("0"))) }

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
        let text = Self.distinctKey(of: value)
        if sketch != nil {
            sketch?.add(text)
            frequent?.add(FrequentItem(text: text, value: value))
            passing?.add(value)
        } else if let known = seen[ScalarText(text)] {
            seen[ScalarText(text)] = (known.count + 1, known.first, known.value)
        } else {
            seen[ScalarText(text)] = (1, seen.count, value)
            estimatedBytes += Self.entryBytes(text)
        }
        let key = ValueOrdering.key(for: value)
        if minimum.map({ ValueOrdering.compare(key, $0.key) < 0 }) ?? true { minimum = (key, value) }
        if maximum.map({ ValueOrdering.compare(key, $0.key) > 0 }) ?? true { maximum = (key, value) }
        if case .number(let number) = value { sum.add(number) }
    }

    /// What tells `value` apart from other values, as grouping does (`GroupKey`): its kind, then a
    /// number in its one spelling by the number rule (`100`, `1e2` and `100.0` are one value), a
    /// nested value as its compact JSON, other values as their text.
    static func distinctKey(of value: Value) -> String {
        switch value {
        case .string(let text): return text
        case .number(let text):
            var text = text
            let form = text.withUTF8 { NumberText.canonicalValue(UnsafeRawBufferPointer($0)) }
            return "\u{1}" + (form.map { String(decoding: $0, as: UTF8.self) } ?? text)
        case .bool(let flag): return flag ? "\u{3}true" : "\u{3}false"
        case .null: return "\u{0}"
        case .array, .object: return "\u{4}" + value.compactJSON
        }
    }

    /// Lets the exact distinct values go: the ones counted so far seed the sketch, the most
    /// common of them the counters, with their exact counts (no error); every later value goes
    /// to those. The values left out of the counters were each no more common than the least
    /// counted one, which is what the counters assume of a value they do not hold, so the
    /// bounds of `FrequentValues` hold from the start without the error that counting them one
    /// by one into full counters would add.
    public mutating func approximate(capacity: Int = frequentCapacities.lowerBound) {
        guard sketch == nil else { return }
        var sketch = DistinctSketch()
        var frequent = FrequentValues<FrequentItem>(capacity: capacity)
        let entries = seen.sorted { $0.value.first < $1.value.first }
        for (key, _) in entries { sketch.add(key.text) }
        let mostCommon = entries.enumerated().sorted { left, right in
            left.element.value.count != right.element.value.count ? left.element.value.count > right.element.value.count : left.offset < right.offset
        }.prefix(capacity).sorted { $0.offset < $1.offset }
        for (_, (key, entry)) in mostCommon { frequent.add(FrequentItem(text: key.text, value: entry.value), times: entry.count) }
        var passing = PassingSpread()
        for (_, entry) in entries { passing.add(entry.value, times: entry.count) }
        self.passing = passing
        self.sketch = sketch
        self.frequent = frequent
        seen = [:]
        estimatedBytes = Self.approximateBytes(capacity: capacity)
    }

    /// One of the most common values: the value, its count, and how much more than its true
    /// count that may be (0 when counted exactly).
    public struct TopValue: Equatable, Sendable {
        public var value: Value
        public var count: Int
        public var error: Int
    }

    /// The three most common values, most common first (ties: first seen first), of those seen
    /// more than once for sure: a column of unique ids has no top. Once approximate, each count
    /// is the `FrequentValues` estimate, never below the true count and at most `error` above
    /// it, and no value is ranked above one whose true count beats its own by more than its
    /// `error`.
    public var top: [TopValue] {
        if let frequent {
            var top = frequent.mostCommon.prefix(3).map { TopValue(value: $0.item.value, count: $0.count, error: $0.error) }
            // Of those at the end, only values surely seen more than once (the ranking above them stays whole).
            while let last = top.last, last.count - last.error <= 1 { top.removeLast() }
            return top
        }
        // The three most common in one pass (a column of a million distinct values is not sorted for them).
        var best: [(count: Int, first: Int, value: Value)] = []
        for entry in seen.values where entry.count > 1 {
            guard best.count < 3 || Self.ranksAbove(entry, best[best.count - 1]) else { continue }
            let place = best.firstIndex { Self.ranksAbove(entry, $0) } ?? best.count
            best.insert(entry, at: place)
            if best.count > 3 { best.removeLast() }
        }
        return best.map { TopValue(value: $0.value, count: $0.count, error: 0) }
    }

    /// The summary record of the column `name` alone, its spread and lengths worked out here.
    public func values(named name: String, marked: Bool = false) -> [Value] {
        let (spread, lengths) = spreadAndLengths
        return values(named: name, marked: marked, spread: spread, lengths: lengths, edges: nil)
    }

    /// More common first; of equal counts, the first seen first.
    private static func ranksAbove(_ entry: (count: Int, first: Int, value: Value), _ other: (count: Int, first: Int, value: Value)) -> Bool {
        entry.count != other.count ? entry.count > other.count : entry.first < other.first
    }

    /// The summary record of the column `name`: the fields of `ColumnSummary.fieldNames`. Once
    /// approximate, the distinct count, the top values, the quantiles and the histogram are
    /// estimates. For people (`marked`), `≈` goes before them, the top values are one text,
    /// `Adelie (152), Gentoo (124±3)`, each estimated count with its error bound, the quantiles
    /// one text (`3550 · 4050 · 4750`), the histogram a sparkline and the lengths a range, and
    /// what does not apply is empty; for machine styles `top` is an array of `{"value", "count",
    /// "error"}` objects, `quantiles` `{"q25", "q50", "q75"}`, `histogram` `{"edges", "counts"}`,
    /// `lengths` `{"min", "max"}`, and what does not apply is null. `spread` and `lengths` are
    /// the column's (`spreadAndLengths`, worked out once), `edges` the histogram's bins (shared by
    /// every section).
    public func values(named name: String, marked: Bool = false, spread: ColumnSpread?, lengths: ClosedRange<Int>?,
                       edges: [SpreadPoint]?) -> [Value] {
        let mark = marked && isApproximate ? "≈" : ""
        let none: Value = marked ? .string("") : .null
        let distinct = sketch.map { Swift.max($0.estimate, Swift.min(count, 1)) } ?? seen.count
        let top = self.top
        let topValue: Value
        if marked {
            // A value's text is how the top shows it; in a column of texts, a bar of its share of the values.
            let texts = types == ["string"]
            let text = top.map { entry in
                "\(CellText.unescapedText(for: entry.value)) (\(entry.count)\(entry.error > 0 ? "±\(entry.error)" : ""))"
                    + (texts ? " " + ColumnSpread.shareBar(Double(entry.count) / Double(Swift.max(1, count))) : "")
            }
            topValue = top.isEmpty ? .null : .string(mark + text.joined(separator: ", "))
        } else {
            topValue = .array(top.map { entry in
                .object(ObjectValue(keys: ["value", "count", "error"],
                                    values: [entry.value, .number(String(entry.count)), .number(String(entry.error))]))
            })
        }
        let mean: Value = sum.meanText.map(Value.number) ?? none
        let distinctValue: Value = mark.isEmpty ? .number(String(distinct)) : .string(mark + String(distinct))
        let spreadMark = marked && spread?.isApproximate == true ? "≈" : ""
        func point(_ value: SpreadPoint, of spread: ColumnSpread) -> Value { spread.scale.value(spread.text(of: value)) }
        var quantiles = none, histogram = none
        if let spread, let quartiles = spread.quartiles, quartiles.count == 3 {
            quantiles = marked ? .string(spreadMark + quartiles.map(spread.text(of:)).joined(separator: " · "))
                : .object(ObjectValue(keys: ["q25", "q50", "q75"], values: quartiles.map { point($0, of: spread) }))
        }
        if let spread, let edges = edges ?? spread.range.map({ ColumnSpread.edges(of: $0, bins: ColumnSpread.bins, scale: spread.scale) }) {
            let counts = spread.histogram(edges: edges)
            histogram = marked ? .string(spreadMark + ColumnSpread.sparkline(counts))
                : .object(ObjectValue(keys: ["edges", "counts"], values: [.array(edges.map { point($0, of: spread) }),
                                                                          .array(counts.map { .number(String($0)) })]))
        }
        var lengthsValue = none
        if let lengths {
            lengthsValue = marked ? .string(lengths.lowerBound == lengths.upperBound ? "\(lengths.lowerBound)" : "\(lengths.lowerBound)–\(lengths.upperBound)")
                : .object(ObjectValue(keys: ["min", "max"], values: [.number(String(lengths.lowerBound)), .number(String(lengths.upperBound))]))
        }
        return [.string(name), .string(types.joined(separator: ", ")), .number(String(count)), .number(String(nulls)),
                distinctValue, minimum?.value ?? .null, maximum?.value ?? .null, mean, spread?.std.map(Value.number) ?? none,
                quantiles, histogram, lengthsValue, topValue]
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

/// A value counted among the most common once a column's stats are approximate: counted by its
/// text, as the exact counts are, with the value first seen with that text (how the top shows it).
struct FrequentItem: Hashable, Sendable {
    let text: String
    let value: Value

    static func == (left: FrequentItem, right: FrequentItem) -> Bool { left.text.hasSameScalars(as: right.text) }

    func hash(into hasher: inout Hasher) { text.hashScalars(into: &hasher) }
}
