import ListviewBatches
import ListviewConcurrency
import ListviewDataSource
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
    ///
    /// One column sorts from its cells' bytes (a double per row, no value or key made) when
    /// every cell holds a number or nothing; anything else takes the general comparator.
    public static func sorted(_ rows: [RowRef], of table: CellTable, by specs: [SortSpec]) -> [RowRef] {
        guard !specs.isEmpty, rows.count > 1 else { return rows }
        let fields = table.fields(specs.map(\.path))
        return table.withCells { cells in
            if specs.count == 1, fields[0].isColumn, let column = fields[0].column {
                let order = numericOrder(count: rows.count, descending: specs[0].descending,
                                         number: { cells.numberKey(row: rows[$0].row, column: column) },
                                         text: { String(decoding: cells.cell(row: rows[$0].row, column: column).text, as: UTF8.self) })
                if let order { return order.map { rows[$0] } }
            }
            let keys: [[ValueOrdering.Key]] = fields.map { field in rows.map { key(row: $0.row, field: field, cells: cells) } }
            return order(keys, by: specs).map { rows[$0] }
        }
    }

    /// The sort key of `field` in `row`: a nested cell's compact JSON as it is, else its value's key.
    @inline(__always)
    public static func key(row: Int, field: TableField, cells: CellTable.Cells) -> ValueOrdering.Key {
        if field.isColumn, let column = field.column {
            let (kind, text) = cells.cell(row: row, column: column)
            if kind == .nested { return .nested(String(decoding: text, as: UTF8.self)) }
        }
        return ValueOrdering.key(for: field.value(row: row, in: cells))
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
            let result = compare(specs.indices.lazy.map { keys[$0][left] }, specs.indices.lazy.map { keys[$0][right] }, by: specs)
            return result != 0 ? result < 0 : left < right
        }
    }

    /// How two rows compare by their sort keys (one per spec): negative when `left` comes first, 0
    /// on a tie. Missing values stay last whichever way a column sorts.
    @inline(__always)
    public static func compare<Keys: Collection>(_ left: Keys, _ right: Keys, by specs: [SortSpec]) -> Int
    where Keys.Element == ValueOrdering.Key, Keys.Index == Int {
        for (index, spec) in specs.enumerated() {
            let a = left[left.startIndex + index], b = right[right.startIndex + index]
            var result = ValueOrdering.compare(a, b)
            if result == 0 { continue }
            if spec.descending && a.isPresent && b.isPresent { result = -result }
            return result
        }
        return 0
    }

    /// The order of one column of numbers (and missing values) as `ValueOrdering` gives it, compared as
    /// plain doubles packed beside their row numbers (contiguous, no key enum per comparison); nil
    /// when the column holds anything but numbers.
    static func numericOrder(_ keys: [ValueOrdering.Key], descending: Bool) -> [Int]? {
        numericOrder(count: keys.count, descending: descending, number: { row in
            switch keys[row] {
            case let .number(reading, _): return .number(reading)
            case .missing: return .missing
            default: return .other
            }
        }, text: { row in
            if case let .number(_, text) = keys[row] { return text }
            return ""
        })
    }

    /// What one row holds for a sort by numbers.
    enum NumberKey {
        case number(NumberRule.Reading)
        case missing
        /// Anything a double cannot stand for: the general comparator sorts.
        case other
    }

    /// Rows at least this many sort in two halves on two cores.
    static let parallelMinimum = 65_536

    /// `numericOrder` over `count` rows, each row's number given by `number` and its text (for
    /// numbers a double cannot tell apart, `NumberRule`) by `text`. A large column is read and sorted in two
    /// halves on two cores (`number` is called from both), then the halves are merged straight
    /// into the order: only the halves' pairs and the order are held at once.
    static func numericOrder(count: Int, descending: Bool, number: (Int) -> NumberKey, text: (Int) -> String) -> [Int]? {
        var halves = withoutActuallyEscaping(number) { number -> [SortedNumbers?] in
            guard count >= parallelMinimum else { return [SortedNumbers(rows: 0..<count, descending: descending, number: number)] }
            let later = BackgroundResult { SortedNumbers(rows: count / 2..<count, descending: descending, number: number) }
            let earlier = SortedNumbers(rows: 0..<count / 2, descending: descending, number: number)
            return [earlier, (try? later.get()) ?? nil]
        }
        guard !halves.contains(where: { $0 == nil }) else { return nil }
        let sorted = halves.compactMap { $0 }
        halves = []
        // Rows whose double may stand for other decimals too: runs of equal doubles holding one are looked at again.
        var inexact: [Bool]?
        for half in sorted where !half.inexact.isEmpty {
            if inexact == nil { inexact = [Bool](repeating: false, count: count) }
            for row in half.inexact { inexact?[row] = true }
        }
        var order = OrderBuilder(capacity: count, inexact: inexact)
        let first = sorted[0].numbers, second = sorted.count > 1 ? sorted[1].numbers : []
        var left = 0, right = 0
        while left < first.count || right < second.count {
            // Equal values keep the earlier row first: the first half's rows come before the second's.
            let takeLeft = right == second.count || (left < first.count &&
                (descending ? first[left].value >= second[right].value : first[left].value <= second[right].value))
            if takeLeft {
                order.append(first[left].row, value: first[left].value)
                left += 1
            } else {
                order.append(second[right].row, value: second[right].value)
                right += 1
            }
        }
        var rows = order.finish()
        reorderTies(&rows, runs: order.tieRuns, text: text, descending: descending)
        for half in sorted { rows.append(contentsOf: half.missing) }  // missing values last, whichever way the column sorts
        return rows
    }

    /// Rows sorted by their numbers (ties by row), the rows without one, and the rows whose
    /// double may stand for other decimals too (`NumberRule.Reading.isExact`).
    private struct SortedNumbers {
        var numbers: [(value: Double, row: Int)] = []
        var missing: [Int] = []
        var inexact: [Int] = []

        /// `rows` sorted by `number`; nil when one holds anything but a number or nothing.
        init?(rows range: Range<Int>, descending: Bool, number: (Int) -> NumberKey) {
            numbers.reserveCapacity(range.count)
            for row in range {
                switch number(row) {
                case let .number(reading):
                    numbers.append((reading.double, row))
                    if !reading.isExact { inexact.append(row) }
                case .missing: missing.append(row)
                case .other: return nil
                }
            }
            // Row numbers break ties, so the order is total and the result stable.
            if descending {
                numbers.sort { $0.value > $1.value || ($0.value == $1.value && $0.row < $1.row) }
            } else {
                numbers.sort { $0.value < $1.value || ($0.value == $1.value && $0.row < $1.row) }
            }
        }
    }

    /// The merged order of rows with numbers, noting the runs of equal doubles that hold a row
    /// whose double may stand for other decimals too (`inexact`): only those are looked at again.
    private struct OrderBuilder {
        private var rows: [Int] = []
        private var runStart = 0
        private var runValue: Double?
        private var runIsInexact = false
        private let inexact: [Bool]?
        /// Runs of two or more equal doubles, one of them inexact.
        private(set) var tieRuns: [Range<Int>] = []

        init(capacity: Int, inexact: [Bool]?) {
            rows.reserveCapacity(capacity)
            self.inexact = inexact
        }

        mutating func append(_ row: Int, value: Double) {
            if value != runValue {
                closeRun()
                (runStart, runValue, runIsInexact) = (rows.count, value, false)
            }
            if let inexact, inexact[row] { runIsInexact = true }
            rows.append(row)
        }

        private mutating func closeRun() {
            if runValue != nil, rows.count - runStart > 1, runIsInexact {
                tieRuns.append(runStart..<rows.count)
            }
        }

        /// The rows in order (the last run closed), handed over: this builder holds them no more.
        mutating func finish() -> [Int] {
            closeRun()
            runValue = nil
            let result = rows
            rows = []
            return result
        }
    }

    /// Equal as doubles, numbers may still differ (`NumberRule`: too long or too large for a
    /// double): each run of equal doubles (`runs`) is put in the order of its digits, equal
    /// values by row number.
    private static func reorderTies(_ order: inout [Int], runs: [Range<Int>], text: (Int) -> String, descending: Bool) {
        for run in runs {
            let texts = Dictionary(uniqueKeysWithValues: order[run].map { ($0, text($0)) })
            order[run].sort { left, right in
                let comparison = NumberRule.compare(texts[left] ?? "", texts[right] ?? "") ?? 0
                if comparison != 0 { return descending ? comparison > 0 : comparison < 0 }
                return left < right
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

extension CellTable.Cells {
    /// A cell as a number to sort by, read from its bytes: what `ValueOrdering.key` makes of its value.
    @inline(__always)
    func numberKey(row: Int, column: Int) -> RecordSorter.NumberKey {
        let (kind, text) = cell(row: row, column: column)
        switch kind {
        case .number: break
        case .text where inferTypes: break
        case .null, .absent: return .missing
        default: return .other
        }
        guard let reading = NumberRule.reading(text) else { return .other }
        return .number(reading)
    }
}
