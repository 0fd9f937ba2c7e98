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
/// as one chunk per batch and partition in the spill format (`CellTable.spill`), followed by
/// each row's record number (its place in the input, counted from 0): messages and the order
/// of the output survive the cut. A partition reads back as its chunks in input order.
final class DiffPartitions {
    /// Where one batch's rows of one partition lie in the spill file.
    struct Chunk {
        var offset: Int
        /// The bytes of the rows in the spill format; their record numbers follow, 8 bytes each.
        var tableLength: Int
        var rowCount: Int
        /// The batch the rows came from, counted from 0.
        var batch: Int
    }

    /// How many partitions the side is cut into.
    let count: Int
    /// Each partition's chunks, in input order.
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
    /// Rows handed over so far, kept or not: the record number of the next batch's first row.
    private var records = 0

    /// Every record handed over, kept or not.
    var recordCount: Int { records }
    private var batches = 0

    init(count: Int, key: [FieldPath], equality: ValueEquality, budget: MemoryBudget, folder: SpillDirectory, inferTypes: Bool) {
        self.count = max(1, count)
        chunks = Array(repeating: [], count: max(1, count))
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

    /// Writes `rows` (the kept rows) of the next batch `table` to their partitions.
    func add(_ table: CellTable, rows: [Int]) throws {
        if batches == 0 { inferTypes = table.inferTypes }
        for column in table.columns where seen.insert(column).inserted { columns.append(column) }
        defer {
            records += table.rowCount
            batches += 1
        }
        guard !rows.isEmpty else { return }
        try budget.checkRowsFit(bytes: table.estimatedBytes, rows: table.rowCount)
        var rowsOf = [[Int]](repeating: [], count: count)
        for (row, hash) in zip(rows, RecordDiff.keyHashes(of: table, rows: rows, key: key, equality: equality)) {
            rowsOf[Self.partition(of: hash, count: count)].append(row)
        }
        let file = try self.file ?? folder.newFile()
        self.file = file
        for (partition, rows) in rowsOf.enumerated() where !rows.isEmpty {
            var bytes = ByteOutput()
            table.spill(rows: rows, to: &bytes)
            let tableLength = bytes.count
            for row in rows {
                withUnsafeBytes(of: Int64(records + row).littleEndian) { bytes.append(contentsOf: $0) }
            }
            let offset = try file.append(chunk: bytes).offset
            chunks[partition].append(Chunk(offset: offset, tableLength: tableLength, rowCount: rows.count, batch: batches))
        }
    }

    /// Puts `known` (the columns the input named, such as a CSV header, even without a row) first
    /// among the side's columns, as a side read whole has them.
    func name(_ known: [String]) {
        columns = known + columns.filter { !known.contains($0) }
        seen.formUnion(known)
    }

    /// The rows of `chunk` as a table of their own, and their record numbers.
    func read(_ chunk: Chunk) throws -> (table: CellTable, records: [Int]) {
        guard let file else { throw folder.changedWhileRead }
        let bytes = try file.bytes(at: SpillChunk(offset: chunk.offset, length: chunk.tableLength + chunk.rowCount * 8))
        let table = bytes.withUnsafeBytes { all in
            CellTable(spilled: UnsafeRawBufferPointer(rebasing: all[0..<chunk.tableLength]), nestedDecoder: JSONNestedValue.decode,
                      measuring: false)
        }
        guard let table, table.rowCount == chunk.rowCount else { throw folder.changedWhileRead }
        var numbers: [Int] = []
        numbers.reserveCapacity(chunk.rowCount)
        bytes.withUnsafeBytes { all in
            for row in 0..<chunk.rowCount {
                let start = chunk.tableLength + row * 8
                var number: Int64 = 0
                withUnsafeMutableBytes(of: &number) { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: all[start..<start + 8])) }
                numbers.append(Int(Int64(littleEndian: number)))
            }
        }
        return (table, numbers)
    }

    /// An empty table with every column of the side, into which its rows join by name; its cells
    /// infer types as `inferTypes` says (the side's own by default).
    func emptyTable(inferTypes: Bool? = nil) -> (table: CellTable, schema: RecordSchema) {
        var table = CellTable(columns: columns, inferTypes: inferTypes ?? self.inferTypes)
        table.nestedDecoder = JSONNestedValue.decode
        // As a side's streamed batches (`DiffRunner.openSide`): rows are measured when laid out.
        table.measuresColumns = false
        let schema = RecordSchema()
        for column in columns { _ = schema.column(named: column) }
        return (table, schema)
    }

    /// Partition `partition`'s rows in input order as one table with every column of the side,
    /// and their record numbers.
    func table(_ partition: Int) throws -> (table: CellTable, records: [Int]) {
        var (table, schema) = emptyTable()
        var records: [Int] = []
        for chunk in chunks[partition] {
            let (rows, numbers) = try read(chunk)
            table.append(rows: 0..<rows.rowCount, of: rows, schema: schema)
            records += numbers
        }
        return (table, records)
    }
}
