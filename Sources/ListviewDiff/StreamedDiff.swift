import ListviewBatches
import ListviewConcurrency
import ListviewQuery
import ListviewValues

/// A comparison by key whose new side arrives in batches: what `RecordDiff.streamed` and
/// `listview diff`'s streamed new side run.
///
/// The old side's keys go into a `RowIndex` once (`init`). Each batch of the new side
/// is then taken in two steps. `comparison.lookUp` matches its rows by key and compares
/// their fields; it only reads the old side and the batch, so batches can be looked up on
/// both cores at once. `take` takes the lookups in input order and does all that depends
/// on the order: a key on two new records (of this batch or an earlier one), the rows
/// kept, the record numbers. `finish` makes the diff once the new side's fields are known.
public struct StreamedDiff {
    /// What looking a batch up reads: the old side and its index, shared by the threads that look up.
    public struct Comparison: Sendable {
        let old: CellTable
        let index: RowIndex
        let key: [FieldPath]
        /// The fields compared: every old field wanted, while the new side's are not all known.
        let candidates: [FieldPath]
        let equality: ValueEquality

        /// What recognises the new side's unchanged lines, for a reader to pass them over
        /// (`UnchangedLines`), when its header is `newColumns`; nil when it cannot.
        public func unchangedLines(newColumns: [String]) -> (any RowRecognizer)? {
            UnchangedLines(self, newColumns: newColumns)
        }

        /// `rows` of `table` (a batch of the new side) matched with the old side's by key, and compared.
        public func lookUp(_ table: CellTable, rows: [Int]) -> Lookup {
            let matcher = Matcher(old: old, new: table, key: key, compared: candidates, equality: equality)
            let found = matcher.lookUp(rows[...], in: index)
            return Lookup(table: table, found: found, addedHashes: found.added.map { matcher.keyHash(newRow: $0) })
        }
    }

    /// A batch looked up: its matches, changes and added rows, and the added rows' key hashes.
    public struct Lookup: Sendable {
        let table: CellTable
        let found: Matcher.Found
        let addedHashes: [UInt64]
    }

    public let comparison: Comparison
    /// The old fields asked for (`--fields`, else every column).
    private let oldNames: [String]
    private let fields: [FieldPath]?
    private let keyNames: Set<String>
    private let ignored: FieldExclusion
    private let keepingRows: Bool
    private var diff: RecordDiff
    /// The added and changed rows of the batches taken, which the diff's new rows refer to.
    private var kept: CellTable
    private var keptSchema = RecordSchema()
    /// Each old row's matching record (counted over every batch); -1 for a row still unmatched,
    /// -2 for a row that takes no part (the old rows are not kept: a million take 8 MB).
    private var matchedBy: [Int32]
    /// The added rows' keys by hash: their row in `kept` and their record.
    private var addedKeys: [UInt64: [(kept: Int, record: Int)]] = [:]
    /// The rows of the batches taken, every one counted.
    private var recordsBefore = 0
    /// The rows of the batches taken so far, every one counted (whether `--where` kept it or not).
    public var recordsTaken: Int { recordsBefore }
    /// Each kept row's place among the rows of every batch.
    private var places: [Int] = []

    /// Hashes the keys of `old` into an index; throws `RecordDiff.DuplicateKey` when a key names two
    /// of its records. `fields`, `ignored` and `equality` are as `RecordDiff.init`'s. Without
    /// `keepingRows` (one batch that is the whole new table) the diff's new rows are the batch's
    /// own and nothing is copied.
    public init(old: RecordDiff.Side, key: [FieldPath], fields: [FieldPath]?, ignoring ignored: FieldExclusion,
                equality: ValueEquality, keepingRows: Bool = true) throws {
        (self.fields, self.ignored, self.keepingRows) = (fields, ignored, keepingRows)
        keyNames = Set(key.map(\.text))
        oldNames = fields.map { $0.map(\.text).filter { RecordDiff.has($0, old.table) } } ?? old.table.columns
        let oldMatcher = Matcher(old: old.table, new: old.table, key: key, compared: [], equality: equality)
        var index = RowIndex(capacity: old.rows.count)
        var duplicate: RecordDiff.DuplicateKey?
        var matchedBy = [Int32](repeating: -2, count: old.table.rowCount)
        let rows = old.rows
        // The keys are hashed on both cores a block at a time, and added here in order (the
        // first repeated key is the same as in one pass), each row's slot loaded a few rows ahead.
        OrderedWork.blocks(of: rows.count, size: 65_536, work: { block in (block, oldMatcher.keyHashes(oldRows: rows[block])) },
                           take: { block, hashes in
            if let (earlier, row) = index.insert(rows[block], hashes: hashes, isDuplicate: { oldMatcher.sameKey(oldRow: $0, oldRow: $1) }) {
                duplicate = RecordDiff.DuplicateKey(side: .old, first: earlier, second: row)
                return false
            }
            matchedBy.withUnsafeMutableBufferPointer { matchedBy in
                for row in rows[block] where matchedBy.indices.contains(row) { matchedBy[row] = -1 }
            }
            return true
        })
        if let duplicate { throw duplicate }
        let keyNames = keyNames, ignored = ignored
        let candidates = oldNames.filter { Self.wanted($0, keyNames: keyNames, ignored: ignored) }.map(FieldPath.init)
        comparison = Comparison(old: old.table, index: index, key: key, candidates: candidates, equality: equality)
        diff = RecordDiff(compared: candidates)
        kept = CellTable(columns: [], inferTypes: old.table.inferTypes)
        self.matchedBy = matchedBy
    }

    /// This comparison before any batch was taken: the same old side and index, to take the new
    /// side's batches again from the first.
    public func restarted() -> StreamedDiff {
        var again = self
        again.diff = RecordDiff(compared: comparison.candidates)
        again.kept = CellTable(columns: [], inferTypes: comparison.old.inferTypes)
        again.keptSchema = RecordSchema()
        again.matchedBy = matchedBy.map { $0 == -2 ? -2 : -1 }
        again.addedKeys = [:]
        again.recordsBefore = 0
        again.places = []
        return again
    }

    /// Whether field `name` is compared: not a key field, not ignored.
    private static func wanted(_ name: String, keyNames: Set<String>, ignored: FieldExclusion) -> Bool {
        !keyNames.contains(name) && !ignored.excludes(name)
    }

    private func wanted(_ name: String) -> Bool { Self.wanted(name, keyNames: keyNames, ignored: ignored) }

    /// Takes the next batch's lookup, in input order. Throws `RecordDiff.DuplicateKey` when one of
    /// its keys names a record of this batch or an earlier one: keys the old side has first, then
    /// those it lacks, each in the batch's order.
    ///
    /// The rows the reader passed over as unchanged (`CellTable.passedOver`, tagged with their old
    /// rows) are matches like the others, taken in the input's order among them: each is a record.
    public mutating func take(_ lookup: Lookup) throws {
        let (batch, found) = (lookup.table, lookup.found)
        let passed = batch.passedOver
        if kept.nestedDecoder == nil { kept.nestedDecoder = batch.nestedDecoder }
        /// The record a row of the batch is: the batch's rows and those passed over before it.
        func record(_ row: Int) -> Int { recordsBefore + batch.record(ofRow: row) }
        func match(_ oldRow: Int, record: Int) throws {
            if matchedBy[oldRow] >= 0 {
                throw RecordDiff.DuplicateKey(side: .new, first: Int(matchedBy[oldRow]), second: record)
            }
            matchedBy[oldRow] = Int32(truncatingIfNeeded: record)
        }
        var passedTaken = 0
        func takePassed(before row: Int) throws {
            while passedTaken < passed.count, passed[passedTaken].position <= row {
                try match(passed[passedTaken].tag, record: recordsBefore + batch.record(ofPassedOver: passedTaken))
                passedTaken += 1
            }
        }
        for (newRow, oldRow) in found.matches {
            try takePassed(before: newRow)
            try match(oldRow, record: recordsBefore + newRow + passedTaken)
        }
        try takePassed(before: .max)
        // The rows to keep, in the batch's order: changed and added ones.
        var keptRow: [Int: Int] = [:]
        if keepingRows {
            let keepRows = (found.changed.map(\.new) + found.added).sorted()
            let firstKept = kept.rowCount
            kept.append(rows: keepRows, of: batch, schema: keptSchema)
            for (offset, row) in keepRows.enumerated() { keptRow[row] = firstKept + offset }
            places += keepRows.lazy.map(record)
        } else {
            kept = batch
            for row in found.changed.map(\.new) + found.added { keptRow[row] = row }
        }
        let keptMatcher = Matcher(old: kept, new: batch, key: comparison.key, compared: [], equality: comparison.equality)
        for (row, hash) in zip(found.added, lookup.addedHashes) {
            if let earlier = addedKeys[hash]?.first(where: { keptMatcher.sameKey(oldRow: $0.kept, newRow: row) }) {
                throw RecordDiff.DuplicateKey(side: .new, first: earlier.record, second: record(row))
            }
            addedKeys[hash, default: []].append((keptRow[row] ?? 0, record(row)))
            diff.added.append(keptRow[row] ?? 0)
        }
        diff.changed += found.changed.map { RecordDiff.Change(old: $0.old, new: keptRow[$0.new] ?? 0, fields: $0.fields) }
        diff.unchanged += found.matches.count - found.changed.count + passed.count
        recordsBefore += batch.rowCount + passed.count
    }

    /// The diff of the batches taken, the table of their kept rows (which its new rows refer to)
    /// and each kept row's place among every row taken, given the new side's columns once it is
    /// read: an old field that no new record turned out to have is removed, not changed.
    public func finish(newColumns: [String]) -> (diff: RecordDiff, new: CellTable, places: [Int]) {
        var diff = self.diff
        diff.removed = matchedBy.indices.filter { matchedBy[$0] == -1 }
        let newNames = fields.map { $0.filter { $0.starts(among: newColumns.contains) }.map(\.text) } ?? newColumns
        let newSet = Set(newNames), oldSet = Set(oldNames)
        diff.fieldsAdded = newNames.filter { !oldSet.contains($0) && wanted($0) }
        diff.fieldsRemoved = oldNames.filter { !newSet.contains($0) && wanted($0) }
        let candidates = comparison.candidates
        let stays = candidates.map { newSet.contains($0.text) }
        var renumbered: [Int] = []
        var next = 0
        for stay in stays {
            renumbered.append(stay ? next : -1)
            if stay { next += 1 }
        }
        diff.compared = candidates.enumerated().filter { stays[$0.offset] }.map(\.element)
        var changed: [RecordDiff.Change] = []
        for change in diff.changed {
            let fields = change.fields.compactMap { renumbered[$0] >= 0 ? renumbered[$0] : nil }
            if fields.isEmpty { diff.unchanged += 1 } else { changed.append(RecordDiff.Change(old: change.old, new: change.new, fields: fields)) }
        }
        diff.changed = changed
        return (diff, kept, places)
    }
}
