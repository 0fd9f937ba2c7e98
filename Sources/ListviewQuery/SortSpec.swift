import ListviewBatches
import ListviewDataSource
import ListviewInput
import ListviewValues

/// One `--sort FIELD[:asc|:desc]` term.
public struct SortSpec: Hashable, Sendable {
    public var path: FieldPath
    public var descending: Bool

    public init(path: FieldPath, descending: Bool = false) {
        self.path = path
        self.descending = descending
    }

    /// Parses `FIELD`, `FIELD:asc` or `FIELD:desc`.
    public init(parsing text: String) throws {
        var field = Substring(text)
        var descending = false
        if let colon = text.lastIndex(of: ":") {
            let suffix = text[text.index(after: colon)...].lowercased()
            switch suffix {
            case "desc": descending = true; field = text[..<colon]
            case "asc": field = text[..<colon]
            default: break
            }
        }
        guard !field.isEmpty else { throw ListviewError.usage("--sort needs a field name, as in --sort total:desc") }
        self.init(path: FieldPath(String(field)), descending: descending)
    }
}

/// Stable multi-key sorting of records.
public enum RecordSorter {
    /// `records` ordered by `specs`, earlier specs first; ties keep input order.
    public static func sorted(_ records: [Record], by specs: [SortSpec]) -> [Record] {
        guard !specs.isEmpty, records.count > 1 else { return records }
        let keys: [[ValueOrdering.Key]] = specs.map { spec in
            records.map { ValueOrdering.key(for: spec.path.value(in: $0)) }
        }
        return order(keys, by: specs).map { records[$0] }
    }

    /// `rows` of `table` ordered by `specs`, earlier specs first; ties keep their order in `rows`.
    public static func sorted(_ rows: [RowRef], of table: CellTable, by specs: [SortSpec]) -> [RowRef] {
        guard !specs.isEmpty, rows.count > 1 else { return rows }
        let keys: [[ValueOrdering.Key]] = table.withCells { cells in
            table.fields(specs.map(\.path)).map { field in
                rows.map { item in
                    if field.isColumn, let column = field.column {
                        let (kind, text) = cells.cell(row: item.row, column: column)
                        if kind == .nested { return .nested(String(decoding: text, as: UTF8.self)) }
                    }
                    return ValueOrdering.key(for: field.value(row: item.row, in: cells))
                }
            }
        }
        return order(keys, by: specs).map { rows[$0] }
    }

    /// True when `texts` hold two different integer texts.
    private static func holdsDifferentIntegers<Texts: Sequence>(_ texts: Texts) -> Bool where Texts.Element == String {
        var first: String?
        for text in texts where IntegerText.isInteger(text) {
            if let first, first != text { return true }
            first = first ?? text
        }
        return false
    }

    /// The positions of the rows whose sort keys are `keys` (one array per spec, a key per row),
    /// in the order `specs` give them; ties keep input order.
    public static func order(_ keys: [[ValueOrdering.Key]], by specs: [SortSpec]) -> [Int] {
        let rows = keys.first?.indices ?? 0..<0
        guard specs.count == keys.count, rows.count > 1 else { return Array(rows) }
        if specs.count == 1, let order = numericOrder(keys[0], descending: specs[0].descending) {
            return order
        }
        return rows.sorted { left, right in
            for (specIndex, spec) in specs.enumerated() {
                let a = keys[specIndex][left], b = keys[specIndex][right]
                var result = ValueOrdering.compare(a, b)
                if result == 0 { continue }
                // Missing values stay last whichever way the column sorts.
                if spec.descending && a.isPresent && b.isPresent { result = -result }
                return result < 0
            }
            return left < right
        }
    }

    /// The order of one column of numbers (and missing values) as `ValueOrdering` gives it, compared as
    /// plain doubles packed beside their row numbers (contiguous, no key enum per comparison); nil
    /// when the column holds anything but numbers.
    static func numericOrder(_ keys: [ValueOrdering.Key], descending: Bool) -> [Int]? {
        var numbers: [(value: Double, row: Int)] = []
        numbers.reserveCapacity(keys.count)
        var missing: [Int] = []
        for (row, key) in keys.enumerated() {
            switch key {
            case let .number(value, _): numbers.append((value, row))
            case .missing: missing.append(row)
            default: return nil
            }
        }
        // Row numbers break ties, so the order is total and the result stable.
        if descending {
            numbers.sort { $0.value > $1.value || ($0.value == $1.value && $0.row < $1.row) }
        } else {
            numbers.sort { $0.value < $1.value || ($0.value == $1.value && $0.row < $1.row) }
        }
        var order = numbers.map(\.row)
        reorderLongIntegerTies(&order, keys: keys, descending: descending)
        return order + missing  // missing values last, whichever way the column sorts
    }

    /// Equal as doubles, integers written differently still have an order (`IntegerText`: too long
    /// for a double, or `-0` before `0`): each run of equal values holding two such texts is put in
    /// it, ties by row number.
    private static func reorderLongIntegerTies(_ order: inout [Int], keys: [ValueOrdering.Key], descending: Bool) {
        func number(_ row: Int) -> (Double, String) {
            if case let .number(value, text) = keys[row] { return (value, text) }
            return (0, "")
        }
        var start = 0
        while start < order.count {
            let value = number(order[start]).0
            var end = start + 1
            while end < order.count, number(order[end]).0 == value { end += 1 }
            if end - start > 1, Self.holdsDifferentIntegers(order[start..<end].lazy.map { number($0).1 }) {
                order[start..<end].sort { left, right in
                    let comparison = IntegerText.compare(number(left).1, number(right).1)
                    if comparison != 0 { return descending ? comparison > 0 : comparison < 0 }
                    return left < right
                }
            }
            start = end
        }
    }
}

extension ValueOrdering.Key {
    var isPresent: Bool {
        if case .missing = self { return false }
        return true
    }
}
