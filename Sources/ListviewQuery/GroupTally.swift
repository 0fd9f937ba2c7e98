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
    private var index: [[Value]: Int] = [:]
    private var groups: [(first: Record, count: Int)] = []

    public init(fields: [FieldPath]) {
        self.fields = fields
    }

    /// The tally of groups a source counted itself.
    public init(fields: [FieldPath], counted: CountedGroups) {
        self.init(fields: fields)
        for (record, count) in counted.groups { add(record, count: count) }
    }

    /// Counts `record` in its group, `count` times (a reader that counted rows itself hands over one record per group).
    public mutating func add(_ record: Record, count: Int = 1) {
        let key = fields.map { $0.value(in: record) ?? .null }
        if let position = index[key] {
            groups[position].count += count
        } else {
            index[key] = groups.count
            groups.append((record, count))
        }
    }

    /// Records counted so far.
    public var total: Int { groups.reduce(0) { $0 + $1.count } }

    /// The sections `RecordGrouper` makes of all the records counted, ordered and titled alike,
    /// each holding its group's first record and counting all of the group's members.
    public func sections(order: GroupOrder = GroupOrder()) -> [Section<Record>] {
        RecordGrouper.sections(groups.map(\.first), by: fields, order: order, weights: groups.map(\.count))
    }
}
