import ListviewBatches
import ListviewConcurrency
import ListviewDataSource
import ListviewInput
import ListviewValues

/// `--summary`: what each column of a list holds, one record per column (like `mlr summary`,
/// DuckDB's `SUMMARIZE`, VisiData's describe sheet).
///
/// - `types`: the types of its values in first-seen order (`number`, `string`, `boolean`,
///   `object`, `array`); null is counted, not a type.
/// - `count`: values that are not null; `nulls`: rows where it is null or missing.
/// - `distinct`: distinct values (numbers and text by their text, nested values by their JSON).
/// - `min`, `max`: in `--sort`'s order (booleans, numbers by value, text, nested values).
/// - `mean`: of the numbers, with at least two decimals; null when there are none.
/// - `top`: the three most common values with their counts, `Adelie (152), Gentoo (124), …`
///   (ties in first-seen order), of those seen more than once; null when every value is unique.
public enum ColumnSummary {
    /// The fields of each summary record, in order.
    public static let fieldNames = ["field", "types", "count", "nulls", "distinct", "min", "max", "mean", "top"]

    /// One record per name in `columns`, describing its values in `rows` of `table`; the columns
    /// are described on both cores (`OrderedWork`), each on one.
    public static func records(columns: [FieldPath], rows: [RowRef], of table: CellTable) -> [[Value]] {
        let fields = table.fields(columns)
        @Sendable func describe(_ index: Int) -> [Value] {
            table.withCells { cells in
                var stats = Stats()
                for item in rows { stats.add(fields[index].value(row: item.row, in: cells)) }
                return stats.values(named: columns[index].text)
            }
        }
        var described = [[Value]](repeating: [], count: columns.count)
        // Nothing here throws: the hand-ons only store.
        _ = try? OrderedWork.run(count: columns.count, here: { index in
            described[index] = describe(index)
            return true
        }, elsewhere: describe, handOn: { index, values in
            described[index] = values
            return true
        })
        return described
    }

    /// What one column's values add up to.
    private struct Stats {
        var types: [String] = []
        var count = 0
        var nulls = 0
        /// Each distinct value's count and first position, by its text.
        var seen: [String: (count: Int, first: Int, value: Value)] = [:]
        var minimum: (key: ValueOrdering.Key, value: Value)?
        var maximum: (key: ValueOrdering.Key, value: Value)?
        var sum = 0.0
        var numbers = 0
        var decimals = 0

        mutating func add(_ value: Value?) {
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
            if let known = seen[text] {
                seen[text] = (known.count + 1, known.first, known.value)
            } else {
                seen[text] = (1, seen.count, value)
            }
            let key = ValueOrdering.key(for: value)
            if minimum.map({ ValueOrdering.compare(key, $0.key) < 0 }) ?? true { minimum = (key, value) }
            if maximum.map({ ValueOrdering.compare(key, $0.key) > 0 }) ?? true { maximum = (key, value) }
            if case .number(let number) = value, let double = Double(number), double.isFinite {
                sum += double
                numbers += 1
                decimals = Swift.max(decimals, Aggregates.decimals(in: number))
            }
        }

        func values(named name: String) -> [Value] {
            let common = seen.sorted { $0.value.count != $1.value.count ? $0.value.count > $1.value.count : $0.value.first < $1.value.first }
            // Values seen once are no one's most common: a column of unique ids has no top.
            let repeated = common.prefix(3).filter { $0.value.count > 1 }
            let top = repeated.map { "\(CellText.unescapedText(for: $0.value.value)) (\($0.value.count))" }.joined(separator: ", ")
            let mean: Value = numbers == 0 ? .null : .number(Aggregates.format(sum / Double(numbers), decimals: Swift.max(2, decimals)))
            return [.string(name), .string(types.joined(separator: ", ")), .number(String(count)), .number(String(nulls)),
                    .number(String(seen.count)), minimum?.value ?? .null, maximum?.value ?? .null, mean,
                    repeated.isEmpty ? .null : .string(top)]
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
}
