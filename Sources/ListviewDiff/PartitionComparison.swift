import ListviewBatches
import ListviewCSV
import ListviewKit
import ListviewQuery
import ListviewRequest
import ListviewValues

/// The second half of `PartitionedDiff`: each partition of the two sides compared in memory by
/// a `StreamedDiff` (its new pieces taken in input order, as `RecordDiff.streamed` takes
/// batches), keeping only the differences (with their record numbers), the count of unchanged
/// records, and the repeated key the diff in memory would report. New lines kept unparsed
/// (`PartitionedLines`) that are an old record byte for byte (`UnchangedLines`) are taken as
/// rows passed over; the others are split into rows (`KeptLines`).
///
/// `compare(_:)` only reads the sides, so two partitions are compared at once, one on each
/// core; `add(_:)` gathers what each found, in any order: the differences are put back in
/// input order at the end, and of two repeated keys the one the diff in memory reports first
/// is kept.
struct PartitionComparison {
    /// A key on two records of one side, with the place in the diff in memory's checks that
    /// orders it (`order`, least first) and its message.
    struct Duplicate {
        let side: RecordDiff.SideName
        let order: [Int]
        let message: String
    }

    /// What one partition's comparison found: its differences with their record numbers, or
    /// the repeated key that stopped it.
    struct Found {
        var old: DifferenceRows.Piece?
        var new: DifferenceRows.Piece?
        var unchanged = 0
        var duplicate: Duplicate?
    }

    /// The request, its fields checked against both sides.
    let request: DiffRequest
    let old: DiffPartitions
    let new: DiffPartitions
    /// The new side's fields once read whole (`BatchStream.columnsShown`).
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
        // New rows are kept in tables like the old side's (`StreamedDiff` keeps them so).
        newDifferences = DifferenceRows(new.emptyTable(inferTypes: old.inferTypes))
    }

    /// Compares partition `partition`: its old rows hashed, its new pieces streamed in input order.
    func compare(_ partition: Int) throws -> Found {
        let (oldTable, oldRecords) = try old.table(partition)
        let oldSide = RecordDiff.Side(table: oldTable, rows: Array(0..<oldTable.rowCount))
        var chunks = new.chunks[partition][...]
        // The pieces of the chunk read last, not yet compared.
        var pieces: ArraySlice<DiffPartitions.ReadPiece> = []
        // Each new row's record number, by its place among the partition's new rows.
        var newRecords: [Int] = []
        // The piece being compared: its batch (its lines' rows among them), the batch it came
        // from, and the partition's new rows before it.
        var current: (table: CellTable, batch: Int, before: Int)?
        let found: (diff: RecordDiff, new: CellTable, places: [Int])
        do {
            var streamed = try StreamedDiff(old: oldSide, key: request.key, fields: request.list.look.fields,
                                            ignoring: request.list.look.excluded, equality: equality)
            // What recognises the new lines kept unparsed (`PartitionedLines`) and splits the
            // others, made when the first is met.
            var keptLines: (recognizer: UnchangedLines?, rows: KeptLines)?
            let (empty, schema) = new.emptyTable()
            while true {
                if pieces.isEmpty, let chunk = chunks.popFirst() { pieces = try new.read(chunk)[...] }
                guard let piece = pieces.popFirst() else { break }
                var (batch, records) = (piece.table, piece.records)
                if let lines = piece.lines {
                    let kept = keptLines ?? (UnchangedLines(streamed.comparison, newColumns: old.columns), new.keptLines(into: empty))
                    keptLines = kept
                    let tags = lines.text.withUnsafeBytes { text in kept.recognizer?.recognize(lines.lines, of: text, delimiter: new.lineDelimiter ?? 0) }
                    records = []
                    try new.append(piece, to: kept.rows, schema: schema, records: &records, passingOver: tags)
                    batch = kept.rows.take(leaving: empty)
                }
                current = (batch, piece.batch, newRecords.count)
                newRecords += records
                try streamed.take(streamed.comparison.lookUp(batch, rows: Array(0..<batch.rowCount)))
            }
            found = streamed.finish(newColumns: newColumns)
        } catch let duplicate as RecordDiff.DuplicateKey {
            return try Found(duplicate: placed(duplicate, oldSide: oldSide, oldRecords: oldRecords, newRecords: newRecords, current: current))
        }
        let oldRows = (found.diff.removed + found.diff.changed.map(\.old)).sorted()
        let newRows = (found.diff.added + found.diff.changed.map(\.new)).sorted()
        return Found(old: oldDifferences.piece(rows: oldRows, of: oldTable, records: oldRows.map { oldRecords[$0] }),
                     new: newDifferences.piece(rows: newRows, of: found.new, records: newRows.map { newRecords[found.places[$0]] }),
                     unchanged: found.diff.unchanged)
    }

    /// Gathers what a partition's comparison found.
    mutating func add(_ found: Found) {
        unchanged += found.unchanged
        found.old.map { oldDifferences.add($0) }
        found.new.map { newDifferences.add($0) }
        if let duplicate = found.duplicate, firstDuplicate.map({ duplicate.order.lexicographicallyPrecedes($0.order) }) ?? true {
            firstDuplicate = duplicate
        }
    }

    /// The bytes the differences found so far hold, about.
    var differenceBytes: Int { oldDifferences.estimatedBytes + newDifferences.estimatedBytes }

    /// The old side's differences in input order, and their record numbers, let go here.
    mutating func takeOldDifferences() -> (table: CellTable, records: [Int]) { oldDifferences.takeJoined() }

    /// The new side's differences in input order, and their record numbers, let go here.
    mutating func takeNewDifferences() -> (table: CellTable, records: [Int]) { newDifferences.takeJoined() }

    private var equality: ValueEquality { request.equality }

    /// `duplicate` (rows of this partition) with its place among the diff in memory's checks: the
    /// old side's keys are all checked before the new side's; the new side's a batch at a time,
    /// keys the old side has before keys it lacks, each in input order.
    private func placed(_ duplicate: RecordDiff.DuplicateKey, oldSide: RecordDiff.Side, oldRecords: [Int], newRecords: [Int],
                        current: (table: CellTable, batch: Int, before: Int)?) throws -> Duplicate? {
        let records = duplicate.side == .old ? oldRecords : newRecords
        guard records.indices.contains(duplicate.first), records.indices.contains(duplicate.second) else { return nil }
        let (first, second) = (records[duplicate.first], records[duplicate.second])
        let found: Duplicate
        switch duplicate.side {
        case .old:
            found = Duplicate(side: .old, order: [0, second],
                              message: DiffRunner.duplicateKeyMessage(first: first, second: second, key: request.key,
                                                                      valuesAt: (oldSide.table, duplicate.first)))
        case .new:
            guard let current else { return nil }
            // Whether the old side has the key: the diff in memory checks those keys first in a
            // batch. A line passed over is an old record; a row is one when the old side has its key.
            let place = duplicate.second - current.before
            let passedPlaces = current.table.passedOver.indices.map(current.table.record(ofPassedOver:))
            var known = true
            if !passedPlaces.contains(place) {
                let alone = RecordDiff.Side(table: current.table, rows: [place - passedPlaces.filter { $0 < place }.count])
                known = try RecordDiff(old: oldSide, new: alone, key: request.key, fields: request.list.look.fields,
                                       ignoring: request.list.look.excluded, equality: equality).added.isEmpty
            }
            found = Duplicate(side: .new, order: [1, current.batch, known ? 0 : 1, second],
                              message: DiffRunner.duplicateKeyMessage(first: first, second: second, key: request.key, valuesAt: nil))
        }
        return found
    }
}

/// Rows of differences gathered partition by partition, each with its record number, and put
/// back in input order at the end.
struct DifferenceRows {
    /// Rows of one partition in a table with every column of their side, and their record numbers.
    typealias Piece = (table: CellTable, records: [Int])

    private let empty: (table: CellTable, schema: RecordSchema)
    private var pieces: [Piece] = []
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

    /// `rows` of `table`, whose record numbers are `records`, as a piece to keep; nil for no rows.
    /// Pieces of two partitions are made at once, each with a schema of its own.
    func piece(rows: [Int], of table: CellTable, records: [Int]) -> Piece? {
        guard !rows.isEmpty else { return nil }
        var piece = empty.table
        let schema = RecordSchema(columns: piece.columns)
        piece.append(rows: rows, of: table, schema: schema)
        return (piece, records)
    }

    /// Keeps `piece`.
    mutating func add(_ piece: Piece) {
        pieces.append(piece)
        estimatedBytes += piece.table.estimatedBytes
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
