/// Counts records per combination of group values without keeping the records (`--counts`).
///
/// Only the first record of each group is kept. `representatives` hands back
/// that record repeated once per member, so `RecordGrouper` orders and titles
/// the sections exactly as it would the whole list, from a few bytes per record.
public struct GroupTally {
    public let fields: [FieldPath]
    private var index: [[Value]: Int] = [:]
    private var groups: [(first: Record, count: Int)] = []

    public init(fields: [FieldPath]) {
        self.fields = fields
    }

    /// Counts `record` in its group.
    public mutating func add(_ record: Record) {
        let key = fields.map { $0.value(in: record) ?? .null }
        if let position = index[key] {
            groups[position].count += 1
        } else {
            index[key] = groups.count
            groups.append((record, 1))
        }
    }

    /// Records counted so far.
    public var total: Int { groups.reduce(0) { $0 + $1.count } }

    /// Each group's first record, repeated as often as the group has members, groups in first-seen order.
    public var representatives: [Record] {
        var records: [Record] = []
        records.reserveCapacity(total)
        for group in groups { records.append(contentsOf: repeatElement(group.first, count: group.count)) }
        return records
    }
}
