import ListviewBatches
import ListviewCSV
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
/// of the output survive the cut. The lines a reader passed over and kept (`PartitionedLines`)
/// follow their partition's rows as they are, each with its record number, to be split into
/// cells only if the comparison needs them. A partition's pieces gather in memory and go to the file
/// together as a chunk, so that the file is written and read back in a few large reads rather
/// than a batch's few rows at a time (a pipe's batches are small, and a partition's chunks lie
/// apart in the file: read one by one from a disk, each would wait its turn). A partition reads
/// back as its pieces in input order, each the rows of one batch.
final class DiffPartitions {
    /// One batch's rows of one partition, in a chunk.
    struct Piece {
        /// The bytes of the rows in the spill format (none without rows); their record numbers
        /// follow, 8 bytes each.
        var tableLength: Int
        var rowCount: Int
        /// The batch the rows came from, counted from 0.
        var batch: Int
        /// The kept lines, last: each its record after the batch's first, its length and its bytes.
        var lines = PieceLines(count: 0, length: 0, firstRecord: 0)

        /// The piece's bytes: its table's, its record numbers' and its lines'.
        var length: Int { tableLength + rowCount * 8 + lines.length }
    }

    /// What a piece's kept lines are: how many, their bytes, and the record number their own
    /// count from (the batch's first).
    struct PieceLines {
        var count: Int
        var length: Int
        var firstRecord: Int
    }

    /// A piece's kept lines read back: the bytes of the chunk they lie in, each line's place in
    /// them, and its record number.
    struct ReadLines {
        var text: [UInt8]
        var lines: [Range<Int>]
        var records: [Int]
    }

    /// Where pieces of one partition lie in the spill file, one after another.
    struct Chunk {
        var offset: Int
        var pieces: [Piece]

        var length: Int { pieces.reduce(0) { $0 + $1.length } }
    }

    /// One batch's rows read back: their table, record numbers and batch, and its kept lines
    /// (nil without any).
    struct ReadPiece {
        var table: CellTable
        var records: [Int]
        var batch: Int
        var lines: ReadLines?
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
    /// The header the kept lines are read under (`keepsLines(under:)`), when the side keeps any.
    private(set) var lineColumns: [String] = []
    /// The delimiter of the kept lines' fields, once one is kept.
    private(set) var lineDelimiter: UInt8?
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
        /// One partition's rows and kept lines of the batch.
        fileprivate struct Piece {
            let partition: Int
            /// Where its table lies in `bytes` (empty without rows).
            let table: Range<Int>
            /// Each row's record after the batch's first.
            let records: [Int]
            /// Where its lines lie in `bytes`, and how many.
            let lines: Range<Int>
            let lineCount: Int
        }

        /// Every partition's rows, one spilled table after another, each followed by its lines.
        fileprivate var bytes = ByteOutput()
        fileprivate var pieces: [Piece] = []
        /// The delimiter of the lines' fields.
        fileprivate var delimiter: UInt8 = 0
        /// The batch's columns, its records (its rows and its lines passed over), its bytes as
        /// parsed rows (`DiffPartitions.estimatedBytes`) and its cells' types.
        fileprivate let table: (columns: [String], records: Int, estimatedBytes: Int, inferTypes: Bool)

        fileprivate init(_ table: CellTable, estimatedBytes: Int) {
            self.table = (table.columns, table.rowCount + table.passedOver.count, estimatedBytes, table.inferTypes)
        }
    }

    /// Has the side's lines kept unparsed (`PartitionedLines`), read under `header`.
    func keepsLines(under header: [String]) {
        lineColumns = header
    }

    /// The bytes `table` would take with its kept lines parsed into its rows, as a memory budget
    /// counts them (`CellTable.estimatedBytes`): a kept line has a field for each column of the
    /// header, so its cells' text is its bytes but the delimiters.
    private func estimatedBytes(of table: CellTable) -> Int {
        let lines = table.passedOver.count
        guard !table.passedOverLines.isEmpty else { return table.estimatedBytes }
        let text = table.passedOverLines.count - lines * max(0, lineColumns.count - 1)
        return table.estimatedBytes + CellTable.estimatedBytes(text: text, rows: lines, columns: table.columns.count)
    }

    /// `rows` (the kept rows) of `table` cut by partition, to be added with `add(_:)`. Only reads
    /// the partitions: batches are cut on both cores.
    func cut(_ table: CellTable, rows: [Int]) -> CutBatch {
        let cut = CutBatch(table, estimatedBytes: estimatedBytes(of: table))
        let passed = table.passedOver
        guard !rows.isEmpty || !passed.isEmpty else { return cut }
        var rowsOf = [[Int]](repeating: [], count: count)
        for (row, hash) in zip(rows, RecordDiff.keyHashes(of: table, rows: rows, key: key, equality: equality)) {
            rowsOf[Self.partition(of: hash, count: count)].append(row)
        }
        // Lines passed over and kept (`PartitionedLines`), by the partition their tag names.
        var linesOf = [[Int]](repeating: [], count: count)
        for (index, row) in passed.enumerated() {
            let tag = PartitionedLines.Tag(row.tag)
            linesOf[min(tag.partition, count - 1)].append(index)
            cut.delimiter = tag.delimiter
        }
        for partition in 0..<count where !rowsOf[partition].isEmpty || !linesOf[partition].isEmpty {
            let start = cut.bytes.count
            if !rowsOf[partition].isEmpty { table.spill(rows: rowsOf[partition], to: &cut.bytes) }
            let tableEnd = cut.bytes.count
            table.passedOverLines.withUnsafeBytes { text in
                for index in linesOf[partition] {
                    let row = passed[index]
                    SpillFormat.appendNumber(table.record(ofPassedOver: index), to: &cut.bytes)
                    SpillFormat.appendNumber(row.line.count, to: &cut.bytes)
                    cut.bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: text[row.line]))
                }
            }
            let records = passed.isEmpty ? rowsOf[partition] : rowsOf[partition].map(table.record(ofRow:))
            cut.pieces.append(CutBatch.Piece(partition: partition, table: start..<tableEnd, records: records,
                                             lines: tableEnd..<cut.bytes.count, lineCount: linesOf[partition].count))
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
            records += cut.table.records
            batches += 1
        }
        guard !cut.pieces.isEmpty else { return }
        if cut.pieces.contains(where: { $0.lineCount > 0 }) { lineDelimiter = cut.delimiter }
        try budget.checkRowsFit(bytes: cut.table.estimatedBytes, rows: cut.table.records)
        try cut.bytes.withUnsafeBytes { bytes in
            for piece in cut.pieces {
                let gathering = pending[piece.partition]
                gathering.bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[piece.table]))
                for record in piece.records {
                    withUnsafeBytes(of: Int64(records + record).littleEndian) { gathering.bytes.append(contentsOf: $0) }
                }
                gathering.bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[piece.lines]))
                let lines = PieceLines(count: piece.lineCount, length: piece.lines.count, firstRecord: records)
                gathering.pieces.append(Piece(tableLength: piece.table.count, rowCount: piece.records.count, batch: batches, lines: lines))
                if gathering.bytes.count >= chunkBytes { try write(piece.partition) }
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
                let spilled = piece.tableLength == 0 ? CellTable(columns: [], inferTypes: inferTypes)
                    : CellTable(spilled: UnsafeRawBufferPointer(rebasing: all[start..<tableEnd]), nestedDecoder: JSONNestedValue.decode, measuring: false)
                guard let table = spilled, table.rowCount == piece.rowCount else { throw folder.changedWhileRead }
                var numbers: [Int] = []
                numbers.reserveCapacity(piece.rowCount)
                for row in 0..<piece.rowCount {
                    let at = tableEnd + row * 8
                    var number: Int64 = 0
                    withUnsafeMutableBytes(of: &number) { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: all[at..<at + 8])) }
                    numbers.append(Int(Int64(littleEndian: number)))
                }
                let linesStart = tableEnd + piece.rowCount * 8
                let lines = try readLines(at: linesStart..<linesStart + piece.lines.length, of: bytes, all, piece.lines)
                return ReadPiece(table: table, records: numbers, batch: piece.batch, lines: lines)
            }
        }
    }

    /// The error for bytes read back that are not what was written.
    var changedWhileRead: any Error { folder.changedWhileRead }

    /// A piece's kept lines at `range` of `chunk` (whose bytes are `all`), as `cut` laid them
    /// out; nil for none. The lines stay where they are, in the chunk's bytes.
    private func readLines(at range: Range<Int>, of chunk: [UInt8], _ all: UnsafeRawBufferPointer, _ kept: PieceLines) throws -> ReadLines? {
        guard kept.count > 0 else { return nil }
        var reader = SpillFormat.Reader(bytes: UnsafeRawBufferPointer(rebasing: all[range]))
        var read = ReadLines(text: chunk, lines: [], records: [])
        read.lines.reserveCapacity(kept.count)
        read.records.reserveCapacity(kept.count)
        for _ in 0..<kept.count {
            guard let record = reader.number(), let length = reader.number(), reader.bytes(length) != nil else { throw folder.changedWhileRead }
            read.records.append(kept.firstRecord + record)
            let end = range.lowerBound + reader.offset
            read.lines.append(end - length..<end)
        }
        guard reader.isAtEnd else { throw folder.changedWhileRead }
        return read
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
        let (empty, schema) = emptyTable()
        let table = keptLines(into: empty)
        var records: [Int] = []
        for chunk in chunks[partition] {
            for piece in try read(chunk) { try append(piece, to: table, schema: schema, records: &records) }
        }
        return (table.take(leaving: empty), records)
    }

    /// What splits this side's kept lines into rows on the end of `table`.
    func keptLines(into table: CellTable) -> KeptLines {
        KeptLines(columnCount: lineColumns.count, delimiter: lineDelimiter ?? 0, into: table)
    }

    /// Appends `piece`'s rows and kept lines to `lines`' table in input order (joining it by
    /// `schema`), and their record numbers to `records`. A line whose tag in `tags` is an old row
    /// (not -1) is a row passed over (`CellTable.passedOver`); the others are split into rows.
    func append(_ piece: ReadPiece, to lines: KeptLines, schema: RecordSchema, records: inout [Int], passingOver tags: [Int]? = nil) throws {
        guard let kept = piece.lines else {
            lines.append(rows: 0..<piece.table.rowCount, of: piece.table, schema: schema)
            records += piece.records
            return
        }
        // The piece's rows, the lines split and the lines passed over, merged by record number,
        // each run of rows of one kind taken together.
        records.reserveCapacity(records.count + piece.records.count + kept.records.count)
        var (row, line) = (0, 0)
        try kept.text.withUnsafeBytes { text in
            while row < piece.records.count || line < kept.records.count {
                if line == kept.records.count || row < piece.records.count && piece.records[row] < kept.records[line] {
                    let first = row
                    while row < piece.records.count, line == kept.records.count || piece.records[row] < kept.records[line] { row += 1 }
                    lines.append(rows: first..<row, of: piece.table, schema: schema)
                    records += piece.records[first..<row]
                } else if let tag = tags?[line], tag >= 0 {
                    lines.passOver(tag: tag)
                    records.append(kept.records[line])
                    line += 1
                } else {
                    let first = line
                    while line < kept.records.count, (tags?[line] ?? -1) < 0, row == piece.records.count || kept.records[line] < piece.records[row] {
                        line += 1
                    }
                    guard lines.append(kept.lines[first..<line], of: text) else { throw changedWhileRead }
                    records += kept.records[first..<line]
                }
            }
        }
    }
}
