import ListviewBatches
import ListviewDataSource
import ListviewInput
import ListviewValues

/// Counts records per combination of group values without keeping the records (`--counts`).
///
/// Only the first record of each group is kept, with the group's size, and
/// `RecordGrouper` orders and titles the sections from those exactly as it
/// would the whole list.
public struct GroupTally {
    public let fields: [FieldPath]
    /// Each group's position in `groups`, by its values as groups tell them apart (`GroupValue`: numbers by value).
    private var index: [[GroupValue]: Int] = [:]
    private var groups: [(first: Record, count: Int)] = []

    public init(fields: [FieldPath]) {
        self.fields = fields
    }

    /// Counts `record` in its group, `count` times (a group's first record standing for its rows).
    public mutating func add(_ record: Record, count: Int = 1) {
        let key = fields.map { GroupValue($0.value(in: record) ?? .null) }
        if let position = index[key] {
            groups[position].count += count
        } else {
            index[key] = groups.count
            groups.append((record, count))
        }
    }

    /// Counts `rows` of `table` in their groups: each row's group found from its cells' bytes
    /// (`RowGroupIDs`), no record or value per row; the record of a group's first row stands for it.
    public mutating func add(_ rows: [RowRef], of table: CellTable) {
        guard let first = rows.first else { return }
        let shapes = RecordShapeCache()
        guard !fields.isEmpty else { return add(table.record(at: first.row, shapes: shapes), count: rows.count) }
        let ids = RowGroupIDs(rows: rows, fields: table.fields(fields), of: table)
        // Each row's combination of group numbers, one level at a time, numbered as it first appears.
        var combinations: [Combination: Int] = [:]
        // Group numbers are dense (the level-0 values, then the combinations as they appear), so
        // each one's position in `local` is kept in an array indexed by it (-1: not seen yet).
        var positionOf = [Int](repeating: -1, count: ids.values.count)
        var local: [(row: Int, count: Int)] = []
        for item in rows {
            var number = ids.id(row: item.row, level: 0)
            for level in fields.indices.dropFirst() {
                let pair = Combination(earlier: number, next: ids.id(row: item.row, level: level))
                if let known = combinations[pair] {
                    number = known
                } else {
                    let next = ids.values.count + combinations.count
                    combinations[pair] = next
                    number = next
                }
            }
            if number >= positionOf.count { positionOf.append(contentsOf: repeatElement(-1, count: number + 1 - positionOf.count)) }
            let position = positionOf[number]
            if position >= 0 {
                local[position].count += 1
            } else {
                positionOf[number] = local.count
                local.append((item.row, 1))
            }
        }
        for group in local { add(table.record(at: group.row, shapes: shapes), count: group.count) }
    }

    /// Counts the groups of `later` (records read after this tally's) in.
    public mutating func add(_ later: GroupTally) {
        for group in later.groups { add(group.first, count: group.count) }
    }

    /// Group numbers of two levels, numbered together.
    private struct Combination: Hashable {
        var earlier: Int
        var next: Int
    }

    /// Records counted so far.
    public var total: Int { groups.reduce(0) { $0 + $1.count } }

    /// The sections `RecordGrouper` makes of all the records counted, ordered and titled alike,
    /// each holding its group's first record and counting all of the group's members.
    public func sections(order: GroupOrder = GroupOrder()) -> [Section<Record>] {
        RecordGrouper.sections(groups.map(\.first), by: fields, order: order, weights: groups.map(\.count))
    }
}
