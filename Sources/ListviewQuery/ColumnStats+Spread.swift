import ListviewValues

/// A column's spread (`ColumnSpread`) and its texts' lengths: worked out at the end from the
/// distinct values counted exactly, or, once the stats are approximate, from what
/// `PassingSpread` gathered as the values passed.
extension ColumnStats {
    /// The spread of the column's numbers (with none, of its texts when every one but empty ones
    /// is an ISO date or timestamp; nil for any other column), and the least and greatest length of its texts
    /// in characters (nil with none): one pass over the distinct values.
    public var spreadAndLengths: (spread: ColumnSpread?, lengths: ClosedRange<Int>?) {
        if let passing { return (passing.spread(places: sum.meanPlaces), passing.lengths) }
        var numbers: [(value: SpreadPoint, count: Int)] = []
        // A number no double holds (`1e400`) cannot be placed among the others: no spread at all
        // rather than one that leaves it out.
        var unplaced = false
        var dates: [(value: SpreadPoint, count: Int)] = []
        var datesOnly = true, allDates = true, fraction = 0
        var shortest = Int.max, longest = -1
        for entry in seen.values {
            switch entry.value {
            case .number(let text):
                if let number = entry.value.numericValue, number.isFinite {
                    numbers.append((SpreadPoint(number: text, position: number), entry.count))
                } else {
                    unplaced = true
                }
            case .string(let text):
                let length = PassingSpread.length(of: text)
                shortest = min(shortest, length)
                longest = max(longest, length)
                // An empty text is no date, and no sign that the column is not one of dates.
                guard allDates && numbers.isEmpty && !text.isEmpty else { continue }
                if let date = ISODate.seconds(text) {
                    dates.append((SpreadPoint(date.seconds), entry.count))
                    datesOnly = datesOnly && date.dateOnly
                    fraction = max(fraction, date.fraction)
                } else {
                    allDates = false
                }
            default:
                break
            }
        }
        let lengths = longest < 0 ? nil : shortest...longest
        if unplaced { return (nil, lengths) }
        if !numbers.isEmpty {
            let spread = ColumnSpread.exact(numbers, scale: .numbers, places: sum.meanPlaces)
            return (spread, lengths)
        }
        guard allDates, !dates.isEmpty else { return (nil, lengths) }
        return (ColumnSpread.exact(dates, scale: .dates(dateOnly: datesOnly, fraction: fraction), places: 0), lengths)
    }
}

/// What a column's spread needs once its distinct values are no longer counted: the numbers in
/// a sketch and their exact moments; the texts as dates in a sketch, while every one is a date; the
/// texts' lengths.
struct PassingSpread: Sendable {
    private var numbers = QuantileSketch()
    /// Exact whatever the count: the standard deviation is the same on every path.
    private var moments = DecimalMoments()
    private var dates: QuantileSketch? = QuantileSketch()
    private var datesOnly = true
    /// The most digits of a second a date was written with (up to `ISODate.fractionLimit`).
    private var fraction = 0
    private(set) var lengths: ClosedRange<Int>?
    /// Whether a number no double holds was met: then there is no spread (`spreadAndLengths`).
    private var unplaced = false

    mutating func add(_ value: Value, times: Int = 1) {
        switch value {
        case .number(let text):
            guard let number = value.numericValue, number.isFinite else {
                unplaced = true
                return
            }
            for _ in 0..<times { numbers.add(number) }
            moments.add(text, times: times)
        case .string(let text):
            let length = Self.length(of: text)
            lengths = lengths.map { min($0.lowerBound, length)...max($0.upperBound, length) } ?? length...length
            guard dates != nil, !text.isEmpty else { return }
            if let date = ISODate.seconds(text) {
                for _ in 0..<times { dates?.add(date.seconds) }
                datesOnly = datesOnly && date.dateOnly
                fraction = max(fraction, date.fraction)
            } else {
                dates = nil
            }
        default:
            break
        }
    }

    /// A text's length in characters (ASCII counted as its bytes, without breaking graphemes).
    static func length(of text: String) -> Int {
        let bytes = text.utf8
        return bytes.allSatisfy({ $0 < 0x80 }) ? bytes.count : text.count
    }

    func spread(places: Int) -> ColumnSpread? {
        if unplaced { return nil }
        if numbers.count > 0 { return ColumnSpread.estimated(numbers, scale: .numbers, moments: moments, places: places) }
        guard let dates, dates.count > 0 else { return nil }
        return ColumnSpread.estimated(dates, scale: .dates(dateOnly: datesOnly, fraction: fraction), moments: nil, places: 0)
    }
}
