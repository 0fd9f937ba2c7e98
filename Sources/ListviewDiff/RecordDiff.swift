import ListviewBatches
import ListviewQuery
import ListviewValues

/// The differences between two lists of records: which were removed, added and changed.
///
/// With key fields, records are matched by key in time linear in the rows: the
/// old side's keys go into a `RowIndex`, and the new side's rows are looked up
/// and compared batch by batch as they arrive (`StreamedDiff`: batches of a file
/// read in parts are looked up on both cores). Without key fields, whole records are
/// matched as multisets (a record twice in the old list and once in the new one
/// is removed once); nothing is "changed" then. Values compare by `ValueEquality`.
public struct RecordDiff: Sendable {
    /// One side of the comparison: a table and the rows of it that take part (after `--where`),
    /// in table order.
    public struct Side: Sendable {
        public let table: CellTable
        public let rows: [Int]

        public init(table: CellTable, rows: [Int]) {
            self.table = table
            self.rows = rows
        }
    }

    /// A record whose key is on both sides with other values.
    public struct Change: Sendable, Equatable {
        public let old: Int
        public let new: Int
        /// The changed fields, as indices into `compared`.
        public let fields: [Int]
    }

    /// Which side a key was found twice on (`DuplicateKey`).
    public enum SideName: String, Sendable { case old, new }

    /// A key that names two records of one side: which side, and the two rows.
    public struct DuplicateKey: Error, Equatable {
        public let side: SideName
        public let first: Int
        public let second: Int
    }

    /// The fields compared (both sides have them); the key fields are not among them.
    public internal(set) var compared: [FieldPath]
    /// Fields the new side has and the old side lacks, and the reverse, in column order.
    public internal(set) var fieldsAdded: [String]
    public internal(set) var fieldsRemoved: [String]
    /// Old rows without a match, in old order.
    public internal(set) var removed: [Int] = []
    /// New rows without a match, in new order.
    public internal(set) var added: [Int] = []
    /// Matched rows with a difference, in new order.
    public internal(set) var changed: [Change] = []
    public internal(set) var unchanged = 0

    /// True when the two sides hold the same records (and the same fields).
    public var isEmpty: Bool { removed.isEmpty && added.isEmpty && changed.isEmpty && fieldsAdded.isEmpty && fieldsRemoved.isEmpty }

    /// Compares `old` with `new`. `fields` are the fields to compare (nil: every column
    /// either side has, `ignoring` left out); records are matched by `key` (none: whole
    /// records). Throws `DuplicateKey` when a key names two records of one side.
    public init(old: Side, new: Side, key: [FieldPath], fields: [FieldPath]?, ignoring ignored: FieldExclusion,
                equality: ValueEquality) throws {
        let keyNames = Set(key.map(\.text))
        let wanted: (String) -> Bool = { !keyNames.contains($0) && !ignored.excludes($0) && !equality.rules.ignores(DiffPath(field: $0)) }
        let oldNames = fields.map { $0.map(\.text).filter { Self.has($0, old.table) } } ?? old.table.columns
        let newNames = fields.map { $0.map(\.text).filter { Self.has($0, new.table) } } ?? new.table.columns
        let oldSet = Set(oldNames), newSet = Set(newNames)
        compared = oldNames.filter { newSet.contains($0) && wanted($0) }.map(FieldPath.init)
        fieldsAdded = newNames.filter { !oldSet.contains($0) && wanted($0) }
        fieldsRemoved = oldNames.filter { !newSet.contains($0) && wanted($0) }
        guard key.isEmpty else {
            // By key: the new table is one batch of the streamed comparison, its rows kept where they are.
            var batch: (table: CellTable, rows: [Int])? = (new.table, new.rows)
            self = try Self.streamed(old: old, key: key, fields: fields, ignoring: ignored, equality: equality,
                                     nextBatch: { defer { batch = nil }; return batch }, newColumns: { new.table.columns },
                                     keepingRows: false).diff
            return
        }
        matchAsMultisets(old: old, new: new, matcher: Matcher(old: old.table, new: new.table, key: compared, compared: compared,
                                                              equality: equality, keyIsRecord: true))
    }

    /// The hash of each of `rows`' key, as the comparison hashes it: records of equal keys (by
    /// `equality`) have equal hashes, whichever side and format they come from.
    public static func keyHashes(of table: CellTable, rows: [Int], key: [FieldPath], equality: ValueEquality) -> [UInt64] {
        Matcher(old: table, new: table, key: key, compared: [], equality: equality).keyHashes(oldRows: rows)
    }

    /// Counts `count` more unchanged records: those of parts of the inputs compared apart.
    public mutating func addUnchanged(_ count: Int) {
        unchanged += count
    }

    /// Compares `old` by `key` with a new side that is streamed: `nextBatch` hands over each
    /// batch of the new side and the rows of it that take part, and `newColumns` gives the new
    /// side's columns once it is read. Each batch is looked up in the old side's index as it
    /// arrives and let go; only its added and changed rows are kept, copied into the table
    /// returned beside the diff, which the diff's new rows refer to; `places` gives each of its
    /// rows' place among every row handed over (all rows of all batches, counted from 0). A field
    /// that no new record turns out to have is reported as removed and taken out of the changes.
    /// Without `keepingRows` (one batch that is the whole new table) the diff's new rows are the
    /// batch's own and nothing is copied.
    public static func streamed(old: Side, key: [FieldPath], fields: [FieldPath]?, ignoring ignored: FieldExclusion,
                                equality: ValueEquality, nextBatch: () throws -> (table: CellTable, rows: [Int])?,
                                newColumns: () -> [String], keepingRows: Bool = true) throws -> (diff: RecordDiff, new: CellTable, places: [Int]) {
        var streamed = try StreamedDiff(old: old, key: key, fields: fields, ignoring: ignored, equality: equality, keepingRows: keepingRows)
        while let (batch, rows) = try nextBatch() { try streamed.take(streamed.comparison.lookUp(batch, rows: rows)) }
        return streamed.finish(newColumns: newColumns())
    }

    /// An empty diff comparing `compared` (filled in by `streamed`).
    init(compared: [FieldPath]) {
        self.compared = compared
        fieldsAdded = []
        fieldsRemoved = []
    }

    /// True when `name` is a column of `table` or a path into one of its nested columns.
    static func has(_ name: String, _ table: CellTable) -> Bool {
        FieldPath(name).starts(among: table.columns.contains)
    }

    // MARK: - Matching

    /// Whole records as multisets: equal old records share one entry of the index (the first of
    /// them), with the others as its copies, so many equal records take no longer to match
    /// than distinct ones; each new record takes the next unmatched copy of its entry.
    private mutating func matchAsMultisets(old: Side, new: Side, matcher: Matcher) {
        var index = RowIndex(capacity: old.rows.count)
        var copies: [Int: [Int]] = [:]
        for (row, hash) in zip(old.rows, matcher.keyHashes(oldRows: old.rows)) {
            if let first = index.insert(row, hash: hash, isDuplicate: { matcher.sameKey(oldRow: $0, oldRow: row) }) {
                copies[first, default: []].append(row)
            }
        }
        var matched = [Bool](repeating: false, count: old.table.rowCount)
        var taken: [Int: Int] = [:]
        for row in new.rows {
            guard let first = index.first(hash: matcher.keyHash(newRow: row), where: { matcher.sameKey(oldRow: $0, newRow: row) }) else {
                added.append(row)
                continue
            }
            let count = taken[first, default: 0]
            let others = copies[first] ?? []
            guard count <= others.count else {
                added.append(row)
                continue
            }
            matched[count == 0 ? first : others[count - 1]] = true
            taken[first] = count + 1
            unchanged += 1
        }
        removed = old.rows.filter { !matched[$0] }
    }
}

/// One difference `RecordDiff` found: a removed, added or changed record.
public struct Difference: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        case removed, added, changed

        /// The section title: `Removed`.
        public var title: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }
    }

    public let kind: Kind
    /// The row on the old side (nil for an added record).
    public let old: Int?
    /// The row on the new side (nil for a removed record).
    public let new: Int?
    /// The changed fields, as indices into `RecordDiff.compared`.
    public let fields: [Int]
}

extension RecordDiff {
    /// Every difference: the removed records, then the added, then the changed.
    public var differences: [Difference] {
        removed.map { Difference(kind: .removed, old: $0, new: nil, fields: []) }
            + added.map { Difference(kind: .added, old: nil, new: $0, fields: []) }
            + changed.map { Difference(kind: .changed, old: $0.old, new: $0.new, fields: $0.fields) }
    }

    /// Each compared field that changed and how many records changed it, most changed first (in
    /// field order among equals): a mass change of one field stands out (`--stat`).
    public var fieldStats: [(field: String, records: Int)] {
        var counts = [Int](repeating: 0, count: compared.count)
        for change in changed {
            for field in change.fields where counts.indices.contains(field) { counts[field] += 1 }
        }
        return Self.mostChangedFirst(zip(compared, counts).map { ($0.text, $1) })
    }

    /// `counts` (each field's changes, in field order) without the fields that did not change,
    /// most changed first, in field order among equals: `--stat`'s order, for records and documents.
    static func mostChangedFirst(_ counts: [(field: String, records: Int)]) -> [(field: String, records: Int)] {
        counts.enumerated().filter { $0.element.records > 0 }
            .sorted { $0.element.records != $1.element.records ? $0.element.records > $1.element.records : $0.offset < $1.offset }
            .map(\.element)
    }

    /// `total: 1,204 changed · status: 3 changed`, or `no field changed`.
    public var fieldStatsLine: String { Self.statsLine(fieldStats) }

    /// `stats` as `--stat` writes them for people: `total: 1,204 changed · status: 3 changed`.
    static func statsLine(_ stats: [(field: String, records: Int)]) -> String {
        guard !stats.isEmpty else { return "no field changed" }
        return stats.map { "\(TerminalEscaping.escaped($0.field)): \(RecordCount.grouped($0.records)) changed" }.joined(separator: " · ")
    }

    /// `N unchanged · A added · R removed · C changed`.
    public var summary: String {
        "\(unchanged) unchanged · \(added.count) added · \(removed.count) removed · \(changed.count) changed"
    }
}
