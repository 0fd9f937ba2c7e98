import ListviewBatches
import ListviewDataSource
import ListviewValues

/// The groups of a list read batch by batch (`--group-by`), numbered in the order they first
/// appear, with their keys and sizes: what a list that keeps no rows in memory (a summary, a
/// spilled list) needs to make its sections.
public struct GroupCatalog: Sendable {
    /// The `--group-by` fields, outermost first.
    public let fields: [FieldPath]
    /// Each group's values, one per level.
    public private(set) var keys: [[Value]] = []
    /// Each group's rows.
    public private(set) var counts: [Int] = []
    /// Each group's number, by its values as groups tell them apart (`GroupValue`: numbers by value).
    private var numbers: [[GroupValue]: Int] = [:]

    public init(fields: [FieldPath]) {
        self.fields = fields
    }

    /// The number of the group of `key`, counting `times` more rows in it.
    @discardableResult
    public mutating func count(_ key: [Value], times: Int = 1) -> Int {
        let number: Int
        let groupKey = key.map(GroupValue.init)
        if let known = numbers[groupKey] {
            number = known
        } else {
            number = keys.count
            keys.append(key)
            numbers[groupKey] = number
            counts.append(0)
        }
        counts[number] += times
        return number
    }

    /// The group of each of `rows` of `table`, in order, each counted.
    public mutating func count(_ rows: [RowRef], of table: CellTable) -> [Int] {
        let fields = table.fields(self.fields)
        return table.withCells { cells in
            rows.map { item in count(fields.map { $0.value(row: item.row, in: cells) ?? .null }) }
        }
    }

    /// The sections of `groups` (every group number once, in the order whose first rows come
    /// first in the list), ordered as `RecordGrouper` orders a list's, each with its group.
    public func sections(of groups: [Int], order: GroupOrder) -> [(info: SectionInfo, group: Int)] {
        RecordGrouper.sections(groups, by: fields, order: order, weights: groups.map { counts[$0] },
                               key: { group, level in GroupValue(keys[group][level]) }, value: \.value)
            .compactMap { section in section.items.first.map { (section.info, $0) } }
    }
}
