import ListviewBatches
import ListviewValues

/// Each row's group at every `--group-by` level, found in one pass over the rows in table order.
///
/// Grouping reads one cell per row and level. Read in table order the cells lie one
/// after another in memory; read in the order a sort left the rows they are scattered
/// over the whole table. So the groups are found before the sort, and grouping the
/// sorted rows looks up a small number per row (`id`), whose group value is `values[id]`.
public struct RowGroupIDs: Sendable {
    /// Per level, the group number of each table row (0 for rows not given): 4 bytes a row,
    /// or 8 for a table too large for that.
    private enum Numbers: Sendable {
        case narrow([[UInt32]])
        case wide([[Int]])
    }

    private let numbers: Numbers
    /// The value of each group number; numbers are unique across levels.
    public let values: [Value]
    /// With `tallying`, for each group number: how many of the rows are in it, and the place among
    /// them of its first (a count of one level, `GroupTally`, needs nothing more); else empty.
    public let tally: [(count: Int, firstPlace: Int)]

    /// The groups of `rows` of `table` at each of `fields` (and their `tally`).
    public init(rows: [RowRef], fields: [TableField], of table: CellTable, tallying: Bool = false) {
        var values: [Value] = []
        var tally: [(count: Int, firstPlace: Int)]? = tallying ? [] : nil
        if table.rowCount < Int(UInt32.max) {
            numbers = .narrow(Self.numbers(of: rows, fields: fields, table: table, values: &values, tally: &tally))
        } else {
            numbers = .wide(Self.numbers(of: rows, fields: fields, table: table, values: &values, tally: &tally))
        }
        self.values = values
        self.tally = tally ?? []
    }

    /// The group number of table row `row` at grouping `level`.
    @inline(__always)
    public func id(row: Int, level: Int) -> Int {
        switch numbers {
        case .narrow(let levels): return Int(levels[level][row])
        case .wide(let levels): return levels[level][row]
        }
    }

    /// Numbers each distinct group key of each level (at most one per row, so they fit in `Number`).
    private static func numbers<Number: FixedWidthInteger>(of rows: [RowRef], fields: [TableField], table: CellTable,
                                                          values: inout [Value], tally: inout [(count: Int, firstPlace: Int)]?) -> [[Number]] {
        table.withCells { cells in
            fields.map { field in
                var numbers = [Number](repeating: 0, count: table.rowCount)
                var known: [GroupKey: Number] = [:]
                var first = FirstKeys<Number>()
                for (place, item) in rows.enumerated() {
                    let key = field.groupKey(row: item.row, in: cells)
                    if let number = first.number(of: key) ?? known[key] {
                        numbers[item.row] = number
                        tally?[Int(number)].count += 1
                    } else {
                        let number = Number(truncatingIfNeeded: values.count)
                        known[key] = number
                        first.add(key, number)
                        numbers[item.row] = number
                        values.append(key.value(nestedDecoder: table.nestedDecoder))
                        tally?.append((1, place))
                    }
                }
                return numbers
            }
        }
    }

    /// The first few distinct cell keys of a level and their numbers, looked through before the
    /// dictionary: most groupings have few values, and a cell of the same kind and bytes as one
    /// of them is in its group (`ByteWord.same`; one that is not, a number written another
    /// way too, is looked up). Kinds and texts, not `GroupKey`s: a key copied is retained.
    private struct FirstKeys<Number> {
        private static var capacity: Int { 8 }
        private var kinds: [UInt8] = []
        private var texts: [UnsafeRawBufferPointer] = []
        private var numbers: [Number] = []

        @inline(__always)
        func number(of key: GroupKey) -> Number? {
            guard case let .cell(kind, bytes) = key else { return nil }
            for index in kinds.indices where kinds[index] == kind && ByteWord.same(texts[index], bytes) { return numbers[index] }
            return nil
        }

        mutating func add(_ key: GroupKey, _ number: Number) {
            guard kinds.count < Self.capacity, case let .cell(kind, bytes) = key else { return }
            kinds.append(kind)
            texts.append(bytes)
            numbers.append(number)
        }
    }
}
