import ListviewBatches
import ListviewJSON
import ListviewKit
import ListviewQuery
import ListviewSpilling
import ListviewValues

/// One side of a keyed diff cut by the hash of each record's key into partitions on disk: the
/// first half of the grace hash join `PartitionedDiff` runs.
///
/// Each batch's kept rows go to the partition their key's hash names (`RecordDiff.keyHashes`,
/// so equal keys by meaning meet in one partition whatever side and format they come from),
/// as one piece per batch and partition in the spill format (`CellTable.spill`), followed by
/// each row's record number (its place in the input, counted from 0): messages and the order
/// of the output survive the cut. A partition's pieces gather in memory and go to the file
/// together as a chunk, so that the file is written and read back in a few large reads rather
/// than a batch's few rows at a time (a pipe's batches are small, and a partition's chunks lie
/// apart in the file: read one by one from a disk, each would wait its turn). A partition reads
/// back as its pieces in input order, each the rows of one batch.
final class DiffPartitions {
    /// One batch's rows of one partition, in a chunk.
    struct Piece {
        /// The bytes of the rows in the spill format; their record numbers follow, 8 bytes each.
        var tableLength: Int
        var rowCount: Int
        /// The batch the rows came from, counted from 0.
        var batch: Int

        /// The piece's bytes: its table's and its record numbers'.
        var length: Int { tableLength + rowCount * 8 }
    }

    /// Where pieces of one partition lie in the spill file, one after another.
    struct Chunk {
        var offset: Int
        var pieces: [Piece]

        var length: Int { pieces.reduce(0) { $0 + $1.length } }
    }

    /// One batch's rows read back: their table, record numbers and batch.
    struct ReadPiece {
        var table: CellTable
        var records: [Int]
        var batch: Int
    }

    /// A partition's pieces not yet written.
    private final class Pending {
        var bytes = ByteOutput()
        var pieces: [Piece] = []
    }

    /// How many partitions the side is cut into.
    let count: Int
    /// Each partition's chunks, in input order: whole once `finish()` has written the last pieces.
    private(set) var chunks: [[Chunk]]
    /// The columns of every batch in first-seen order: those of the side read whole.
    private(set) var columns: [String] = []
    /// Whether the side's cells infer types (its first batch's; a CSV read with `--no-infer` does not).
    private(set) var inferTypes: Bool
    private var seen: Set<String> = []
    private let key: [FieldPath]
    private let equality: ValueEquality
    private let budget: MemoryBudget
    private let folder: SpillDirectory
    private var file: SpillFile?
    private let pending: [Pending]
    /// The bytes a partition gathers before they go to the file: a sixteenth of the budget shared
    /// by the partitions, between 64 KB and 1 MB.
    private let chunkBytes: Int
    /// Rows handed over so far, kept or not: the record number of the next batch's first row.
    private var records = 0

    /// Every record handed over, kept or not.
    var recordCount: Int { records }
    private var batches = 0

    init(count: Int, key: [FieldPath], equality: ValueEquality, budget: MemoryBudget, folder: SpillDirectory, inferTypes: Bool) {
        self.count = max(1, count)
        chunks = Array(repeating: [], count: self.count)
        pending = (0..<self.count).map { _ in Pending() }
        chunkBytes = min(max(budget.bytes / 16 / self.count, 64 << 10), 1 << 20)
        self.key = key
        self.equality = equality
        self.budget = budget
        self.folder = folder
        self.inferTypes = inferTypes
    }

    /// The partition of a key's `hash`: its high bits (a `RowIndex` places rows by the low ones).
    static func partition(of hash: UInt64, count: Int) -> Int {
        Int(truncatingIfNeeded: ((hash >> 32) &* UInt64(count)) >> 32)
    }

    /// One batch's kept rows cut by partition, each partition's in the spill format: the work of
    /// `add`, done on the core that read the batch (`cut(_:rows:)`) and kept here in order.
    final class CutBatch: @unchecked Sendable {  // handed from the thread that made it to this one, once
        /// Every partition's rows, one spilled table after another.
        fileprivate var bytes = ByteOutput()
        /// Each partition with rows: where its table lies in `bytes`, and its rows.
        fileprivate var pieces: [(partition: Int, range: Range<Int>, rows: [Int])] = []
        fileprivate let table: (columns: [String], rowCount: Int, estimatedBytes: Int, inferTypes: Bool)

        fileprivate init(_ table: CellTable) {
            self.table = (table.columns, table.rowCount, table.estimatedBytes, table.inferTypes)
        }
    }

    /// `rows` (the kept rows) of `table` cut by partition, to be added with `add(_:)`. Only reads
    /// the partitions: batches are cut on both cores.
    func cut(_ table: CellTable, rows: [Int]) -> CutBatch {
        let cut = CutBatch(table)
        guard !rows.isEmpty else { return cut }
        var rowsOf = [[Int]](repeating: [], count: count)
        for (row, hash) in zip(rows, RecordDiff.keyHashes(of: table, rows: rows, key: key, equality: equality)) {
            rowsOf[Self.partition(of: hash, count: count)].append(row)
        }
        for (partition, rows) in rowsOf.enumerated() where !rows.isEmpty {
            let start = cut.bytes.count
            table.spill(rows: rows, to: &cut.bytes)
            cut.pieces.append((partition, start..<cut.bytes.count, rows))
        }
        return cut
    }

    /// Writes `rows` (the kept rows) of the next batch `table` to their partitions.
    func add(_ table: CellTable, rows: [Int]) throws {
        try add(cut(table, rows: rows))
    }

    /// Writes the next batch, cut by `cut(_:rows:)`, to its partitions.
    func add(_ cut: CutBatch) throws {
        if batches == 0 { inferTypes = cut.table.inferTypes }
        for column in cut.table.columns where seen.insert(column).inserted { columns.append(column) }
        defer {
            records += cut.table.rowCount
            batches += 1
        }
        guard !cut.pieces.isEmpty else { return }
        try budget.checkRowsFit(bytes: cut.table.estimatedBytes, rows: cut.table.rowCount)
        try cut.bytes.withUnsafeBytes { bytes in
            for (partition, range, rows) in cut.pieces {
                let gathering = pending[partition]
                gathering.bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[range]))
                for row in rows {
                    withUnsafeBytes(of: Int64(records + row).littleEndian) { gathering.bytes.append(contentsOf: $0) }
                }
                gathering.pieces.append(Piece(tableLength: range.count, rowCount: rows.count, batch: batches))
                if gathering.bytes.count >= chunkBytes { try write(partition) }
            }
        }
    }

    /// Writes the pieces every partition still gathers: the side is whole.
    func finish() throws {
        for partition in 0..<count { try write(partition) }
        try file?.flush()
    }

    /// Writes partition `partition`'s gathered pieces as one chunk.
    private func write(_ partition: Int) throws {
        let gathering = pending[partition]
        guard !gathering.pieces.isEmpty else { return }
        let file = try self.file ?? folder.newFile()
        self.file = file
        let offset = try file.append(chunk: gathering.bytes).offset
        chunks[partition].append(Chunk(offset: offset, pieces: gathering.pieces))
        gathering.bytes = ByteOutput()
        gathering.pieces = []
    }

    /// Puts `known` (the columns the input named, such as a CSV header, even without a row) first
    /// among the side's columns, as a side read whole has them.
    func name(_ known: [String]) {
        columns = known + columns.filter { !known.contains($0) }
        seen.formUnion(known)
    }

    /// The pieces of `chunk`, each one batch's rows as a table of their own with their record numbers.
    func read(_ chunk: Chunk) throws -> [ReadPiece] {
        guard let file else { throw folder.changedWhileRead }
        let bytes = try file.bytes(at: SpillChunk(offset: chunk.offset, length: chunk.length))
        return try bytes.withUnsafeBytes { all in
            var start = 0
            return try chunk.pieces.map { piece in
                let tableEnd = start + piece.tableLength
                defer { start += piece.length }
                guard let table = CellTable(spilled: UnsafeRawBufferPointer(rebasing: all[start..<tableEnd]),
                                            nestedDecoder: JSONNestedValue.decode, measuring: false),
                      table.rowCount == piece.rowCount else { throw folder.changedWhileRead }
                var numbers: [Int] = []
                numbers.reserveCapacity(piece.rowCount)
                for row in 0..<piece.rowCount {
                    let at = tableEnd + row * 8
                    var number: Int64 = 0
                    withUnsafeMutableBytes(of: &number) { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: all[at..<at + 8])) }
                    numbers.append(Int(Int64(littleEndian: number)))
                }
                return ReadPiece(table: table, records: numbers, batch: piece.batch)
            }
        }
    }

    /// Asks for partition `partition`'s chunks to be read into the system's cache ahead of
    /// `table(_:)` or `read(_:)`, while another partition is compared.
    func prefetch(_ partition: Int) {
        guard chunks.indices.contains(partition) else { return }
        file?.prefetch(chunks[partition].lazy.map { SpillChunk(offset: $0.offset, length: $0.length) })
    }

    /// An empty table with every column of the side, into which its rows join by name; its cells
    /// infer types as `inferTypes` says (the side's own by default).
    func emptyTable(inferTypes: Bool? = nil) -> (table: CellTable, schema: RecordSchema) {
        var table = CellTable(columns: columns, inferTypes: inferTypes ?? self.inferTypes)
        table.nestedDecoder = JSONNestedValue.decode
        // As a side's streamed batches (`DiffRunner.openSide`): rows are measured when laid out.
        table.measuresColumns = false
        let schema = RecordSchema(columns: columns)
        return (table, schema)
    }

    /// Partition `partition`'s rows in input order as one table with every column of the side,
    /// and their record numbers.
    func table(_ partition: Int) throws -> (table: CellTable, records: [Int]) {
        var (table, schema) = emptyTable()
        var records: [Int] = []
        for chunk in chunks[partition] {
            for piece in try read(chunk) {
                table.append(rows: 0..<piece.table.rowCount, of: piece.table, schema: schema)
                records += piece.records
            }
        }
        return (table, records)
    }
}
