import ListviewBatches
import ListviewDataSource
import ListviewValues

/// Counts records per combination of group values without keeping the records (`--counts`).
///
/// Only the first record of each group is kept, with the group's size, and
/// `RecordGrouper` orders and titles the sections from those exactly as it
/// would the whole list. With `sort` (`--sort`), a group's first record is its first in the
/// list's order, as the list shows it (the earliest in the input on a tie): sections come in
/// the same order with `--counts` as without.
public struct GroupTally {
    public let fields: [FieldPath]
    /// `--sort`: the order of the list whose sections are counted.
    public let sort: [SortSpec]
    /// Each group's position in `groups`, by its values as groups tell them apart (`GroupValue`: numbers by value).
    private var index: [[GroupValue]: Int] = [:]
    /// Each group's first record, its count, and that record's sort keys and place in the input;
    /// with `--sort`, also its first record in the input, whose values title the group (a section
    /// of equal numbers is headed by the spelling seen first in the input) and its place.
    private var groups: [(first: Record, count: Int, keys: [ValueOrdering.Key], place: Int, spelling: Record, spellingPlace: Int)] = []
    /// The records counted so far: the place in the input of the next one.
    private var counted = 0

    public init(fields: [FieldPath], sort: [SortSpec] = []) {
        self.fields = fields
        self.sort = sort
    }

    /// Counts `record` in its group, `count` times (a group's first record standing for its rows).
    public mutating func add(_ record: Record, count: Int = 1) {
        let keys = sort.map { ValueOrdering.key(for: $0.path.value(in: record)) }
        add(record, count: count, keys: keys, place: counted)
        counted += count
    }

    /// Counts `record`, whose sort keys are `keys` and place in the input `place`, in its group;
    /// it becomes the group's first record when the list shows it before the group's first so far.
    private mutating func add(_ record: Record, count: Int, keys: [ValueOrdering.Key], place: Int, spelling: (record: Record, place: Int)? = nil) {
        let (spellingRecord, spellingPlace) = spelling ?? (record, place)
        let key = fields.map { GroupValue($0.value(in: record) ?? .null) }
        if let position = index[key] {
            groups[position].count += count
            guard !sort.isEmpty else { return }
            let known = groups[position]
            let order = RecordSorter.compare(keys, known.keys, by: sort)
            if order < 0 || (order == 0 && place < known.place) {
                (groups[position].first, groups[position].keys, groups[position].place) = (record, keys, place)
            }
            if spellingPlace < known.spellingPlace { (groups[position].spelling, groups[position].spellingPlace) = (spellingRecord, spellingPlace) }
        } else {
            index[key] = groups.count
            groups.append((record, count, keys, place, spellingRecord, spellingPlace))
        }
    }

    /// Counts `rows` of `table` in their groups: each row's group found from its cells' bytes
    /// (`RowGroupIDs`), no record or value per row; the record of a group's first row stands for it.
    public mutating func add(_ rows: [RowRef], of table: CellTable) {
        guard !rows.isEmpty else { return }
        let shapes = RecordShapeCache()
        let sortFields = table.fields(sort.map(\.path))
        let keysOf = { (row: Int) in table.withCells { cells in sortFields.map { RecordSorter.key(row: row, field: $0, cells: cells) } } }
        defer { counted += rows.count }
        // With --sort, the places of the rows in the list's order (`RecordSorter`, which sorts a
        // numeric column from its cells): a group's first there stands for it.
        let listed = sort.isEmpty ? nil : Self.places(of: RecordSorter.sorted(rows, of: table, by: sort), among: rows, rowCount: table.rowCount)
        guard !fields.isEmpty else {
            let best = listed?.first ?? 0
            return add(table.record(at: rows[best].row, shapes: shapes), count: rows.count, keys: sort.isEmpty ? [] : keysOf(rows[best].row),
                       place: counted + best)
        }
        // One level in the input's order: the numbering counts the groups as it goes.
        let onlyTally = fields.count == 1 && listed == nil
        let ids = RowGroupIDs(rows: rows, fields: table.fields(fields), of: table, tallying: onlyTally)
        // Each row's combination of group numbers, one level at a time, numbered as it first appears.
        var combinations: [Combination: Int] = [:]
        // Group numbers are dense (the level-0 values, then the combinations as they appear), so
        // each one's position in `local` is kept in an array indexed by it (-1: not seen yet).
        var positionOf = [Int](repeating: -1, count: onlyTally ? 0 : ids.values.count)
        // Numbered as they first appear, the groups of one level come in `local`'s order.
        var local: [(place: Int, count: Int, firstPlace: Int)] = ids.tally.map { ($0.firstPlace, $0.count, $0.firstPlace) }
        // With --sort, each row's position in `local`.
        var localOfPlace: [Int] = []
        if listed != nil { localOfPlace.reserveCapacity(rows.count) }
        // The rows one at a time, unless the numbering counted them already.
        for (place, item) in (onlyTally ? [] : rows).enumerated() {
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
            var position = positionOf[number]
            if position >= 0 {
                local[position].count += 1
            } else {
                position = local.count
                positionOf[number] = position
                local.append((place, 1, place))
            }
            if listed != nil { localOfPlace.append(position) }
        }
        if let listed {
            var chosen = [Bool](repeating: false, count: local.count)
            for place in listed where !chosen[localOfPlace[place]] {
                chosen[localOfPlace[place]] = true
                local[localOfPlace[place]].place = place
            }
        }
        for group in local {
            let row = rows[group.place].row
            let spelling = group.firstPlace == group.place ? nil : (table.record(at: rows[group.firstPlace].row, shapes: shapes), counted + group.firstPlace)
            add(table.record(at: row, shapes: shapes), count: group.count, keys: sort.isEmpty ? [] : keysOf(row), place: counted + group.place,
                spelling: spelling)
        }
    }

    /// The places in `rows` of `ordered` (the same rows in another order).
    private static func places(of ordered: [RowRef], among rows: [RowRef], rowCount: Int) -> [Int] {
        var placeOfRow = [Int](repeating: 0, count: rowCount)
        for (place, item) in rows.enumerated() where item.row < rowCount { placeOfRow[item.row] = place }
        return ordered.map { $0.row < rowCount ? placeOfRow[$0.row] : 0 }
    }

    /// Counts the groups of `later` (records read after this tally's) in.
    public mutating func add(_ later: GroupTally) {
        let offset = counted
        for group in later.groups {
            let keys = later.sort == sort ? group.keys : sort.map { ValueOrdering.key(for: $0.path.value(in: group.first)) }
            add(group.first, count: group.count, keys: keys, place: offset + group.place, spelling: (group.spelling, offset + group.spellingPlace))
        }
        counted += later.counted
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
        var listed = groups
        if !sort.isEmpty {
            // In the list's order: a group's first record where the list shows it.
            listed.sort { left, right in
                let order = RecordSorter.compare(left.keys, right.keys, by: sort)
                return order != 0 ? order < 0 : left.place < right.place
            }
        }
        // Each group titled by its first record in the input (the same as its first in the list without --sort).
        guard !sort.isEmpty, fields.count > 1 else {
            return RecordGrouper.sections(listed.map(\.spelling), by: fields, order: order, weights: listed.map(\.count))
        }
        // With --sort, a section of an outer level is titled by the first record in the input among
        // all of its groups, as the list titles it, not by the first group in the list's order.
        let values = listed.map { group in fields.map { GroupValue($0.value(in: group.spelling) ?? .null) } }
        var titles: [[GroupValue]: (record: Record, place: Int)] = [:]
        for (group, values) in zip(listed, values) {
            for level in fields.indices {
                let prefix = Array(values[...level])
                if let known = titles[prefix], known.place <= group.spellingPlace { continue }
                titles[prefix] = (group.spelling, group.spellingPlace)
            }
        }
        let sections = RecordGrouper.sections(Array(listed.indices), by: fields, order: order, weights: listed.map(\.count)) { index, level in
            let title = titles[Array(values[index][...level])]?.record ?? listed[index].spelling
            return fields[level].value(in: title)
        }
        return sections.map { section in
            var titled = Section(info: section.info, items: section.items.map { listed[$0].spelling })
            titled.info = section.info  // the count its groups' weights make, not its items'
            return titled
        }
    }
}
