import ListviewBatches
import ListviewFormats
import ListviewKit
import ListviewPresentation
import ListviewQuery
import ListviewRequest
import ListviewSpilling
import ListviewValues

/// A keyed diff held within its memory budget (`Arrangement.memory`): a grace hash join.
///
/// Both sides are read batch by batch and their kept rows cut by key hash into
/// `DiffPartitions` on disk, P of them, P chosen so that one partition of the
/// old side fits in the budget. Each partition is then compared in memory by
/// `RecordDiff.streamed` (its old rows hashed, its new chunks streamed), with
/// every column of both sides, so it finds the very changes the whole diff would.
/// Only the differences stay: the removed and changed old rows and the added and
/// changed new ones, with their record numbers. Put back in input order, they are
/// compared once more by `RecordDiff` (which then finds every one of them again,
/// in the order the diff in memory lists them) and written by `DiffReport`: the
/// output is the diff in memory's, byte for byte.
///
/// A key on two records of one side is the error the diff in memory reports: the
/// old side's first (by its second record) before any of the new side's; on the new
/// side, the first of the batch read first, where a key the old side has comes
/// before a key only the new side has, as the diff in memory checks them. Two
/// differences: the new side is read whole before any key is compared, so malformed
/// input after a repeated key in it is reported instead of the key; and a dotted
/// field name is looked for in the old side's first batch, not in all its rows.
enum PartitionedDiff {
    /// How many partitions the old side is cut into: about six times its file's bytes over the
    /// budget, so that a partition's cells and index take a quarter of it and the differences
    /// found have room; 64 for a pipe.
    static func partitionCount(for request: DiffRequest, budget: MemoryBudget) -> Int {
        guard let size = ReadSpec.plainFileSize(of: request.old) else { return 64 }
        return min(max(2, (size * 6 + budget.bytes - 1) / budget.bytes), 4_096)
    }

    /// Runs `request` (a keyed diff) within `budget`, writing the differences to `sink`.
    static func run(_ request: DiffRequest, budget: MemoryBudget, to sink: OutputSink, warn: (String) -> Void) throws -> DiffRunner.Outcome {
        let folder = SpillDirectory(parent: request.list.arrangement.spillFolder)
        let count = partitionCount(for: request, budget: budget)
        let equality = request.equality
        let inferTypes = request.list.read.csv.inferTypes
        let old = DiffPartitions(count: count, key: request.key, equality: equality, budget: budget, folder: folder, inferTypes: inferTypes)
        let new = DiffPartitions(count: count, key: request.key, equality: equality, budget: budget, folder: folder, inferTypes: inferTypes)
        let oldStream = try DiffRunner.openSide(request.old, request: request, sink: sink)
        let oldFirst = try cut(oldStream, into: old, inParts: true)
        old.name(oldStream.knownColumns)
        let newStream = try DiffRunner.openSide(request.new, request: request, sink: sink)
        // The new side's first batch: its fields are checked before any record is compared.
        let newFirst = try newStream.first()?.table ?? CellTable(columns: [], inferTypes: inferTypes)
        let (oldName, newName) = (InputLoader.displayName(of: request.old), InputLoader.displayName(of: request.new))
        let ready = try newStream.readingErrorsFirst {
            try DiffRunner.checked(request, old: .init(columns: old.columns, table: oldFirst ?? old.emptyTable().table, name: oldName),
                                   new: .init(columns: newFirst.columns, table: newFirst, name: newName))
        }
        // The new side's batches are the diff in memory's: a repeated key is found in the same one.
        _ = try cut(newStream, into: new, inParts: false)
        let newColumns = newStream.knownColumns
        var comparison = PartitionComparison(request: ready, old: old, new: new, newColumns: newColumns)
        // Memory freed by the reading threads goes back to the system before partitions are loaded.
        MemoryBudget.returnFreedMemory()
        for partition in 0..<count {
            try comparison.compare(partition)
            MemoryBudget.returnFreedMemory()  // the partition's table and index, let go
            // The differences are held to be written in order: joined, they take half as much again.
            if comparison.differenceBytes * 3 / 2 > budget.bytes && !budget.isForcedSpilling {
                throw ListviewError.budgetTooSmall(needed: comparison.differenceBytes * 3 / 2, budget: budget.bytes,
                                                   what: "holding the differences found")
            }
        }
        if let duplicate = comparison.firstDuplicate {
            throw ListviewError.malformedInput(source: duplicate.side == .old ? oldName : newName, line: nil, column: nil,
                                               message: duplicate.message)
        }
        // The differences in input order, compared once more: the diff in memory's lists, in its order.
        // Each side joined in turn, its pieces let go at once; the new rows are compared where they are.
        let (oldRows, oldRecords) = comparison.takeOldDifferences()
        MemoryBudget.returnFreedMemory()
        let (newRows, newRecords) = comparison.takeNewDifferences()
        MemoryBudget.returnFreedMemory()
        var batch: (table: CellTable, rows: [Int])? = (newRows, Array(0..<newRows.rowCount))
        var (diff, kept, _) = try RecordDiff.streamed(
            old: .init(table: oldRows, rows: Array(0..<oldRows.rowCount)), key: ready.key, fields: ready.list.look.fields,
            ignoring: ready.list.look.excluded, equality: equality, nextBatch: { defer { batch = nil }; return batch },
            newColumns: { newColumns }, keepingRows: false)
        diff.addUnchanged(comparison.unchanged)
        defer { if !request.list.freesRecords { LeftForExit.keep([oldRows, kept]) } }
        let origins = DiffOrigins(old: .init(path: request.old, format: oldStream.formats.first, numbers: oldRecords, recordCount: old.recordCount),
                                  new: .init(path: request.new, format: newStream.formats.first, numbers: newRecords, recordCount: new.recordCount))
        try DiffReport(request: ready, old: oldRows, new: kept, diff: diff, origins: origins).write(into: sink)
        (oldStream.warnings + newStream.warnings).forEach(warn)
        return DiffRunner.Outcome(different: !diff.isEmpty)
    }

    /// Reads every batch of `stream` into `partitions` (with `inParts`, a large regular file in
    /// parts on both cores, else read ahead on the second); returns the first batch's table.
    private static func cut(_ stream: BatchStream, into partitions: DiffPartitions, inParts: Bool) throws -> CellTable? {
        var first: CellTable?
        func add(_ batch: BatchStream.Batch) throws {
            if first == nil { first = batch.table }
            try partitions.add(batch.table, rows: batch.rows.map(\.row))
        }
        if inParts {
            try stream.forEach(add)
        } else {
            while let batch = try stream.next() { try add(batch) }
        }
        return first
    }
}
