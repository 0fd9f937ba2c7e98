import ListviewBatches
import ListviewKit
import ListviewQuery
import ListviewRequest
import ListviewValues

/// The second half of `PartitionedDiff`: each partition of the two sides compared in memory by
/// `RecordDiff.streamed`, keeping only the differences (with their record numbers), the count
/// of unchanged records, and the repeated key the diff in memory would report.
struct PartitionComparison {
    /// A key on two records of one side, with the place in the diff in memory's checks that
    /// orders it (`order`, least first) and its message.
    struct Duplicate {
        let side: RecordDiff.SideName
        let order: [Int]
        let message: String
    }

    /// The request, its fields checked against both sides.
    let request: DiffRequest
    let old: DiffPartitions
    let new: DiffPartitions
    /// The new side's fields once read whole (`BatchStream.knownColumns`).
    let newColumns: [String]
    /// The removed and changed old records; the added and changed new ones.
    private(set) var oldDifferences: DifferenceRows
    private(set) var newDifferences: DifferenceRows
    private(set) var unchanged = 0
    /// The repeated key to report, if any partition found one.
    private(set) var firstDuplicate: Duplicate?

    init(request: DiffRequest, old: DiffPartitions, new: DiffPartitions, newColumns: [String]) {
        self.request = request
        self.old = old
        self.new = new
        self.newColumns = newColumns
        oldDifferences = DifferenceRows(old.emptyTable())
        // New rows are kept in tables like the old side's (`RecordDiff.streamed` keeps them so).
        newDifferences = DifferenceRows(new.emptyTable(inferTypes: old.inferTypes))
    }

    /// Compares partition `partition`: its old rows hashed, its new chunks streamed in input order.
    mutating func compare(_ partition: Int) throws {
        let (oldTable, oldRecords) = try old.table(partition)
        let oldSide = RecordDiff.Side(table: oldTable, rows: Array(0..<oldTable.rowCount))
        let (new, newColumns) = (self.new, self.newColumns)
        var chunks = new.chunks[partition][...]
        // Each new row's record number, by its place among the partition's new rows.
        var newRecords: [Int] = []
        // The chunk being compared: its table, batch, and the partition's new rows before it.
        var current: (table: CellTable, batch: Int, before: Int)?
        let found: (diff: RecordDiff, new: CellTable, places: [Int])
        do {
            found = try RecordDiff.streamed(
                old: oldSide, key: request.key, fields: request.list.look.fields, ignoring: request.list.look.excluded,
                equality: equality,
                nextBatch: {
                    guard let chunk = chunks.popFirst() else { return nil }
                    let (table, records) = try new.read(chunk)
                    current = (table, chunk.batch, newRecords.count)
                    newRecords += records
                    return (table, Array(0..<table.rowCount))
                }, newColumns: { newColumns })
        } catch let duplicate as RecordDiff.DuplicateKey {
            return try note(duplicate, oldSide: oldSide, oldRecords: oldRecords, newRecords: newRecords, current: current)
        }
        unchanged += found.diff.unchanged
        let oldRows = (found.diff.removed + found.diff.changed.map(\.old)).sorted()
        oldDifferences.add(rows: oldRows, of: oldTable, records: oldRows.map { oldRecords[$0] })
        let newRows = (found.diff.added + found.diff.changed.map(\.new)).sorted()
        newDifferences.add(rows: newRows, of: found.new, records: newRows.map { newRecords[found.places[$0]] })
    }

    /// The bytes the differences found so far hold, about.
    var differenceBytes: Int { oldDifferences.estimatedBytes + newDifferences.estimatedBytes }

    /// The old side's differences in input order, and their record numbers, let go here.
    mutating func takeOldDifferences() -> (table: CellTable, records: [Int]) { oldDifferences.takeJoined() }

    /// The new side's differences in input order, and their record numbers, let go here.
    mutating func takeNewDifferences() -> (table: CellTable, records: [Int]) { newDifferences.takeJoined() }

    private var equality: ValueEquality { request.equality }

    /// Keeps `duplicate` (rows of this partition) when the diff in memory would report it before
    /// the one kept so far: the old side's keys are all checked before the new side's; the new
    /// side's a batch at a time, keys the old side has before keys it lacks, each in input order.
    private mutating func note(_ duplicate: RecordDiff.DuplicateKey, oldSide: RecordDiff.Side, oldRecords: [Int], newRecords: [Int],
                               current: (table: CellTable, batch: Int, before: Int)?) throws {
        let records = duplicate.side == .old ? oldRecords : newRecords
        guard records.indices.contains(duplicate.first), records.indices.contains(duplicate.second) else { return }
        let (first, second) = (records[duplicate.first], records[duplicate.second])
        let found: Duplicate
        switch duplicate.side {
        case .old:
            found = Duplicate(side: .old, order: [0, second],
                              message: DiffRunner.duplicateKeyMessage(first: first, second: second, key: request.key,
                                                                      valuesAt: (oldSide.table, duplicate.first)))
        case .new:
            guard let current else { return }
            // Whether the old side has the key: the diff in memory checks those keys first in a batch.
            let alone = RecordDiff.Side(table: current.table, rows: [duplicate.second - current.before])
            let known = try RecordDiff(old: oldSide, new: alone, key: request.key, fields: request.list.look.fields,
                                       ignoring: request.list.look.excluded, equality: equality).added.isEmpty
            found = Duplicate(side: .new, order: [1, current.batch, known ? 0 : 1, second],
                              message: DiffRunner.duplicateKeyMessage(first: first, second: second, key: request.key, valuesAt: nil))
        }
        if firstDuplicate.map({ found.order.lexicographicallyPrecedes($0.order) }) ?? true { firstDuplicate = found }
    }
}

/// Rows of differences gathered partition by partition, each with its record number, and put
/// back in input order at the end.
struct DifferenceRows {
    private let empty: (table: CellTable, schema: RecordSchema)
    private var pieces: [(table: CellTable, records: [Int])] = []
    /// The bytes the pieces hold, about: their text, and a cell's end and kind.
    private(set) var estimatedBytes = 0

    /// The rows in input order as one table, and their record numbers, the pieces let go as soon
    /// as they are joined.
    mutating func takeJoined() -> (table: CellTable, records: [Int]) {
        let joined = joined()
        pieces = []
        estimatedBytes = 0
        return joined
    }

    /// Rows joining `empty` (a table with every column of their side) by name.
    init(_ empty: (table: CellTable, schema: RecordSchema)) {
        self.empty = empty
    }

    /// Keeps `rows` of `table`, whose record numbers are `records`.
    mutating func add(rows: [Int], of table: CellTable, records: [Int]) {
        guard !rows.isEmpty else { return }
        var piece = empty.table
        piece.append(rows: rows, of: table, schema: empty.schema)
        pieces.append((piece, records))
        estimatedBytes += piece.estimatedBytes
    }

    /// Every row kept, in the order of their record numbers, as one table; and those numbers.
    func joined() -> (table: CellTable, records: [Int]) {
        var order: [(record: Int, piece: Int, row: Int)] = []
        for (piece, kept) in pieces.enumerated() {
            for (row, record) in kept.records.enumerated() { order.append((record, piece, row)) }
        }
        order.sort { $0.record < $1.record }
        var table = empty.table
        var start = 0
        // Rows that follow each other in one piece are copied together.
        while start < order.count {
            var end = start + 1
            while end < order.count, order[end].piece == order[start].piece, order[end].row == order[end - 1].row + 1 { end += 1 }
            table.append(rows: order[start].row..<order[end - 1].row + 1, of: pieces[order[start].piece].table, schema: empty.schema)
            start = end
        }
        return (table, order.map(\.record))
    }
}
