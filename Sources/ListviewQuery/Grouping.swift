import ListviewBatches
import ListviewDataSource
import ListviewValues

/// How `--sort-groups` orders sections.
public struct GroupOrder: Hashable, Sendable {
    public enum Criterion: String, CaseIterable, Sendable {
        /// In the order their first record appears.
        case first
        /// By the group value (`ValueOrdering`).
        case key
        /// By how many records they hold; largest first unless `:asc` is given.
        case count
    }

    public var criterion: Criterion
    public var descending: Bool

    public init(_ criterion: Criterion = .first, descending: Bool = false) {
        self.criterion = criterion
        self.descending = descending
    }

    /// Parses `first`, `key`, `count`, each optionally with `:asc` or `:desc`.
    public init(parsing text: String) throws {
        let parts = text.split(separator: ":", maxSplits: 1).map { $0.lowercased() }
        guard let name = parts.first, let criterion = Criterion(rawValue: name) else {
            let meant = parts.first.flatMap { ClosestName.find($0, among: ["first", "key", "count"]) }
            throw ListviewError.usage("--sort-groups takes first, key or count (with :asc or :desc), not '\(text)'"
                                      + (meant.map { "; did you mean '\(([$0] + parts.dropFirst()).joined(separator: ":"))'?" } ?? ""))
        }
        var descending = criterion == .count
        if parts.count == 2 {
            switch parts[1] {
            case "desc": descending = true
            case "asc": descending = false
            default:
                let meant = ClosestName.find(parts[1], among: ["asc", "desc"]).map { "; did you mean '\(name):\($0)'?" } ?? ""
                throw ListviewError.usage("--sort-groups takes first, key or count (with :asc or :desc), not '\(text)'\(meant)")
            }
        }
        self.init(criterion, descending: descending)
    }
}

/// Splits records into sections by the values of one or more fields (`--group-by`).
public enum RecordGrouper {
    /// One section per distinct combination of `fields` values, in `order` at every level.
    /// A null or missing value is a group of its own (`.null`). With `weights` (one per record),
    /// each record stands for that many (`--counts`): sections count, and sort by, the weights.
    public static func sections(_ records: [Record], by fields: [FieldPath], order: GroupOrder = GroupOrder(),
                                weights: [Int]? = nil) -> [Section<Record>] {
        sections(records, by: fields, order: order, weights: weights) { record, level in fields[level].value(in: record) }
    }

    /// Sections of any items whose value of the field at grouping `level` is `value(item, level)`
    /// (nil: missing): the one grouping rule (`GroupKey`: numbers by `NumberRule`), for records
    /// and for rows of a table alike. A section's value is the first one seen of its group.
    public static func sections<Item>(_ items: [Item], by fields: [FieldPath], order: GroupOrder = GroupOrder(),
                                      weights: [Int]? = nil, value: (Item, Int) -> Value?) -> [Section<Item>] {
        sections(items, by: fields, order: order, weights: weights, key: { GroupKey.value(value($0, $1) ?? .null) },
                 value: { $0.value(nestedDecoder: nil) })
    }

    /// Sections of items told apart by a key cheaper than a value (`GroupKey`, a cell's bytes): items
    /// with equal keys have equal values, and `value` gives the value of a group's key. Specialised
    /// here for the whole list's rows (`WholeList`), as its per-row loop must not go through generic
    /// metadata (15% of `--group-by` on the bench when it did).
    @_specialize(exported: true, where Item == RowRef, Key == Int)
    public static func sections<Item, Key: Hashable>(_ items: [Item], by fields: [FieldPath], order: GroupOrder = GroupOrder(),
                                                     weights: [Int]? = nil, key: (Item, Int) -> Key,
                                                     value: (Key) -> Value) -> [Section<Item>] {
        var result = group(items, weights: weights, by: fields[...], order: order, key: key, value: value)
        for index in result.indices { result[index].info.sortOrder = index }
        return result
    }

    private static func group<Item, Key: Hashable>(_ items: [Item], weights: [Int]?, by fields: ArraySlice<FieldPath>, order: GroupOrder,
                                                   key: (Item, Int) -> Key, value: (Key) -> Value) -> [Section<Item>] {
        guard let field = fields.first else {
            var section = Section(items: items)
            if let weights { section.info.count = weights.reduce(0, +) }
            return [section]
        }
        let level = fields.startIndex
        var groupIndex: [Key: Int] = [:]
        var groups: [Group<Item>] = []
        for (position, item) in items.enumerated() {
            let itemKey = key(item, level)
            let weight = weights?[position]
            if let index = groupIndex[itemKey] {
                groups[index].items.append(item)
                groups[index].count += weight ?? 1
                if let weight { groups[index].weights?.append(weight) }
            } else {
                groupIndex[itemKey] = groups.count
                groups.append(Group(key: value(itemKey), items: [item], weights: weight.map { [$0] }, count: weight ?? 1))
            }
        }
        let ordered = sort(groups, by: order)
        // Two sections of a level never show the same header: a string reading like another value there is quoted.
        let quoted = CellText.stringsToQuote(among: ordered.map(\.key))
        var result: [Section<Item>] = []
        for (group, quoted) in zip(ordered, quoted) {
            let sectionKey = SectionKey(field: field, value: group.key, quoted: quoted)
            for var inner in self.group(group.items, weights: group.weights, by: fields.dropFirst(), order: order, key: key, value: value) {
                inner.info.keys.insert(sectionKey, at: 0)
                inner.info.levelCounts.insert(group.count, at: 0)
                inner.info.header = SectionTitle.text(for: inner.info.keys)
                result.append(inner)
            }
        }
        return result
    }

    /// The items of one group value, with their weights when they have them, and how many records they stand for.
    private struct Group<Item> {
        var key: Value
        var items: [Item]
        var weights: [Int]?
        var count: Int
    }

    private static func sort<Item>(_ groups: [Group<Item>], by order: GroupOrder) -> [Group<Item>] {
        switch order.criterion {
        case .first:
            return order.descending ? groups.reversed() : groups
        case .key:
            let keys = groups.map { ValueOrdering.key(for: $0.key) }
            let indices = groups.indices.sorted { left, right in
                let a = keys[left], b = keys[right]
                var result = ValueOrdering.compare(a, b)
                if order.descending && a.isPresent && b.isPresent { result = -result }
                return result != 0 ? result < 0 : left < right
            }
            return indices.map { groups[$0] }
        case .count:
            let indices = groups.indices.sorted { left, right in
                let a = groups[left].count, b = groups[right].count
                if a != b { return order.descending ? a > b : a < b }
                return left < right
            }
            return indices.map { groups[$0] }
        }
    }
}
