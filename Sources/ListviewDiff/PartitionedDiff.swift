import ListviewBatches
import ListviewConcurrency
import ListviewFormats
import ListviewKit
import ListviewPresentation
import ListviewQuery
import ListviewRequest
import ListviewSpilling
import ListviewValues

/// A keyed diff held within its memory budget (`Arrangement.memory`): a grace hash join.
///
/// Both sides are read batch by batch (a large regular file in parts on both
/// cores, each part cut where it was read) and their kept rows cut by key hash into
/// `DiffPartitions` on disk, P of them, P chosen so that two partitions of the
/// old side fit in the budget (a CSV side's plain lines go there unparsed, `PartitionedLines`).
/// The partitions are then compared in memory, two at once, one on each core, by a
/// `StreamedDiff` (its old rows hashed, its new pieces streamed), with every column of
/// both sides, so each finds the very changes the whole diff would.
/// Only the differences stay: the removed and changed old rows and the added and
/// changed new ones, with their record numbers. Put back in input order, they are
/// compared once more by `RecordDiff` (which then finds every one of them again,
/// in the order the diff in memory lists them) and written by `DiffReport`: the
/// output is the diff in memory's, byte for byte.
///
/// A key on two records of one side is the error the diff in memory reports: the
/// old side's first (by its second record) before any of the new side's; on the new
/// side, the first of the batch read first, where a key the old side has comes
/// before a key only the new side has, as the diff in memory checks them (a new
/// side read in parts is cut again batch by batch to find it, as the diff in
/// memory reads it again). Two
/// differences: the new side is read whole before any key is compared, so malformed
/// input after a repeated key in it is reported instead of the key; and a dotted
/// field name is looked for in the old side's first batch, not in all its rows.
enum PartitionedDiff {
    /// How many partitions the old side is cut into: about twelve times its file's bytes over the
    /// budget, so that the two partitions compared at once take a quarter of it with their cells
    /// and indexes, and the differences found have room; 64 for a pipe.
    static func partitionCount(for request: DiffRequest, budget: MemoryBudget) -> Int {
        guard let size = ReadSpec.plainFileSize(of: request.old) else { return 64 }
        return min(max(2, (size * 12 + budget.bytes - 1) / budget.bytes), 4_096)
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
        // Plain lines of either side go to their partitions unparsed (`PartitionedLines`), each
        // parsed there only when its cells are needed: every old one, a new one that is not an old one.
        _ = try oldStream.first()
        keepLines(of: oldStream, in: old, request: request)
        let oldFirst = try cut(oldStream, into: old, inParts: true)
        old.name(oldStream.columnsShown)
        let newStream = try DiffRunner.openSide(request.new, request: request, sink: sink)
        // The new side's first batch: its fields are checked before any record is compared.
        let newFirst = try newStream.first()?.table ?? CellTable(columns: [], inferTypes: inferTypes)
        let (oldName, newName) = (InputLoader.displayName(of: request.old), InputLoader.displayName(of: request.new))
        let ready = try newStream.readingErrorsFirst {
            try DiffRunner.checked(request, old: .init(columns: old.columns, table: oldFirst ?? old.emptyTable().table, name: oldName),
                                   new: .init(columns: newFirst.columns, table: newFirst, name: newName))
        }
        // (A new line is compared with the old side's columns: its header must be them, whatever a long row added.)
        if newStream.declaredColumns == old.columns { keepLines(of: newStream, in: new, request: request) }
        // The new side in parts on both cores, as the diff in memory reads it.
        _ = try cut(newStream, into: new, inParts: true)
        let newColumns = newStream.columnsShown
        var comparison = try compareAll(PartitionComparison(request: ready, old: old, new: new, newColumns: newColumns), budget: budget)
        if comparison.firstDuplicate?.side == .new, newStream.partsRead > 0 {
            // Which of several repeated keys is named first depends on where batches end, and parts
            // end elsewhere: the new side is cut again batch by batch, as the diff in memory reads it again.
            let again = DiffPartitions(count: count, key: request.key, equality: equality, budget: budget, folder: folder, inferTypes: inferTypes)
            _ = try cut(DiffRunner.openSide(request.new, request: request, sink: sink), into: again, inParts: false)
            comparison = try compareAll(PartitionComparison(request: ready, old: old, new: again, newColumns: newColumns), budget: budget)
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

    /// Has `stream`'s reader keep its plain lines unparsed, cut by partition (`PartitionedLines`),
    /// once its header is read, when every key field is a column of it.
    private static func keepLines(of stream: BatchStream, in partitions: DiffPartitions, request: DiffRequest) {
        guard request.passesOverUnchangedLines, let header = stream.declaredColumns,
              let keys = LineKeys(request.key, columns: header, equality: request.equality) else { return }
        partitions.keepsLines(under: header)
        stream.passOverRows(recognizedBy: PartitionedLines(keys: keys, fieldCount: header.count, partitionCount: partitions.count))
    }

    /// Every partition of `comparison`'s sides compared, two at once, one on each core, while the
    /// next ones are read from disk.
    private static func compareAll(_ comparison: PartitionComparison, budget: MemoryBudget) throws -> PartitionComparison {
        var gathered = comparison
        func add(_ found: PartitionComparison.Found) throws -> Bool {
            gathered.add(found)
            MemoryBudget.returnFreedMemory()  // the partition's table and index, let go
            // The differences are held to be written in order: joined, they take half as much again.
            if gathered.differenceBytes * 3 / 2 > budget.bytes && !budget.isForcedSpilling {
                throw ListviewError.budgetTooSmall(needed: gathered.differenceBytes * 3 / 2, budget: budget.bytes,
                                                   what: "holding the differences found")
            }
            return true
        }
        let (old, new) = (comparison.old, comparison.new)
        // Whichever core takes a partition asks for the one two on, the one the other core takes
        // after its current one: the first two are asked for here.
        @Sendable func prefetch(_ partition: Int) { [old, new].forEach { $0.prefetch(partition) } }
        (0..<2).forEach(prefetch)
        try OrderedWork.run(count: old.count, here: { partition in
            prefetch(partition + 2)
            return try add(comparison.compare(partition))
        }, elsewhere: { partition in
            prefetch(partition + 2)
            return Result { try comparison.compare(partition) }
        }, handOn: { _, found in
            try add(found.get())
        })
        return gathered
    }

    /// Reads every batch of `stream` into `partitions` (with `inParts`, a large regular file in
    /// parts on both cores, each cut by partition on the core that read it; else read ahead on
    /// the second); returns the first batch's table.
    private static func cut(_ stream: BatchStream, into partitions: DiffPartitions, inParts: Bool) throws -> CellTable? {
        var first: CellTable?
        func add(_ batch: BatchStream.Batch) throws {
            if first == nil { first = batch.table }
            try partitions.add(batch.table, rows: batch.rows.map(\.row))
        }
        if inParts {
            try stream.forEach(add, inParts: { batch in
                (batch.table, partitions.cut(batch.table, rows: batch.rows.map(\.row)))
            }, take: { table, cut in
                if first == nil { first = table }
                try partitions.add(cut)
            })
        } else {
            while let batch = try stream.next() { try add(batch) }
        }
        try partitions.finish()
        return first
    }
}
