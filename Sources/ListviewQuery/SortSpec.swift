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
    /// plain doubles, without the general comparator's per-comparison enum and array traffic; nil when
    /// the column holds anything but numbers.
    static func numericOrder(_ keys: [ValueOrdering.Key], descending: Bool) -> [Int]? {
        var numbers = [Double](repeating: 0, count: keys.count)
        var missing = [Bool](repeating: false, count: keys.count)
        for (index, key) in keys.enumerated() {
            switch key {
            case let .number(value, _): numbers[index] = value
            case .missing: missing[index] = true
            default: return nil
            }
        }
        return numbers.withUnsafeBufferPointer { numbers in
            missing.withUnsafeBufferPointer { missing in
                Array(keys.indices).sorted { left, right in
                    if missing[left] != missing[right] { return missing[right] }  // missing values last
                    if !missing[left] {
                        let a = numbers[left], b = numbers[right]
                        if a != b { return descending ? a > b : a < b }
                        // Equal as doubles: integers too long for a double still have an order.
                        if case let .number(_, textA) = keys[left], case let .number(_, textB) = keys[right] {
                            let order = IntegerText.compare(textA, textB)
                            if order != 0 { return descending ? order > 0 : order < 0 }
                        }
                    }
                    return left < right
                }
            }
        }
    }
}

extension ValueOrdering.Key {
    var isPresent: Bool {
        if case .missing = self { return false }
        return true
    }
}
