import ListviewBatches
import ListviewConcurrency
import ListviewQuery
import ListviewValues

/// Rows sorted into runs on disk and merged back k ways, group by group: the external merge
/// sort under a list held within its memory budget (`SpilledList`).
///
/// Each run is a table's kept rows sorted by `--sort` (stably) and cut by group,
/// each group's rows written to one spill file in chunks of the spill format at
/// most `chunkBytes` long. A group's rows come back merged from every run k ways
/// (ties by run, so the sort stays stable), a chunk of each run in memory at a
/// time, a large group merged on the second core a chunk or two ahead of the
/// caller, which writes the chunks meanwhile (`MergedRows` behind a
/// `ReadAhead`); more runs than merge at once within half the budget are merged
/// into longer runs first, as GNU sort does. Which rows form a group, and in
/// which order the groups are shown, is the caller's.
public final class SortedRuns {
    /// Where a run's rows of one group lie in the spill file, in order.
    private typealias Run = [Int: [SpillChunk]]

    private let budget: MemoryBudget
    private let sort: [SortSpec]
    private let schema: RecordSchema
    private let folder: SpillDirectory
    private let nestedDecoder: NestedValueDecoder?
    private var file: SpillFile?
    /// Each run's chunks by group.
    private var runs: [Run] = []
    /// The groups numbered so far: one more than the highest number a run has.
    private var groupCount = 0

    /// Runs sorted by `sort` within `budget`, in a spill file under `folder`; rows merged from
    /// several runs join by `schema`, and chunks read back decode nested cells with `nestedDecoder`.
    public init(budget: MemoryBudget, sort: [SortSpec], schema: RecordSchema, folder: SpillDirectory,
                nestedDecoder: NestedValueDecoder?) {
        self.budget = budget
        self.sort = sort
        self.schema = schema
        self.folder = folder
        self.nestedDecoder = nestedDecoder
    }

    /// True until a run is written.
    public var isEmpty: Bool { runs.isEmpty }

    /// The most bytes of rows a chunk of a run holds: a chunk of every run is in memory while
    /// they merge.
    private var chunkBytes: Int { max(budget.bytes / 128, 1) }

    /// The runs merged at once at most: a chunk of each is in memory while they merge, within
    /// half the budget.
    private var mergeFanIn: Int { max(2, budget.bytes / 2 / chunkBytes) }

    // MARK: Writing

    /// Sorts `kept` by `sort`, stably, within each row's group (`groups`, one number per kept row
    /// in `kept.rows`'s order) and writes it as the next run. Returns each group's first row in
    /// the run's order (a row of `kept.table`).
    public func write(_ kept: KeptRows, groups: [Int]) throws -> [Int: Int] {
        let table = kept.table
        var groupOfRow = [Int](repeating: 0, count: table.rowCount)
        for (item, group) in zip(kept.rows, groups) { groupOfRow[item.row] = group }
        var rowsOfGroup: [Int: [Int]] = [:]
        for item in RecordSorter.sorted(kept.rows, of: table, by: sort) {
            rowsOfGroup[groupOfRow[item.row], default: []].append(item.row)
        }
        let file = try self.file ?? folder.newFile()
        self.file = file
        let rowBytes = max(1, kept.estimatedBytes / max(1, table.rowCount))
        let rowsPerChunk = max(1, chunkBytes / rowBytes)
        var run: Run = [:]
        for (group, rows) in rowsOfGroup {
            var start = 0
            while start < rows.count {
                let end = min(start + rowsPerChunk, rows.count)
                run[group, default: []].append(try file.append(rows: rows[start..<end], of: table))
                start = end
            }
            groupCount = max(groupCount, group + 1)
        }
        runs.append(run)
        SpillProgress.addRun(bytes: kept.estimatedBytes)
        return rowsOfGroup.compactMapValues(\.first)
    }

    /// A row's sort keys, as `RecordSorter` takes them.
    public static func keys(row: Int, fields: [TableField], cells: CellTable.Cells) -> [ValueOrdering.Key] {
        fields.map { RecordSorter.key(row: row, field: $0, cells: cells) }
    }

    // MARK: Merging

    /// Merges the runs' rows of `group` into chunks of at most about `chunkBytes` handed to
    /// `take`, which says whether to go on.
    public func merge(group: Int, take: (CellTable) throws -> Bool) throws {
        try mergeRunsDown()
        try merge(group: group, of: runs, take: take)
    }

    /// Merges runs `mergeFanIn` at a time into longer runs, written to the spill file, until no
    /// more remain than merge at once: an input many times the budget is merged in several
    /// passes, as GNU sort does. Runs merge with their neighbours, so ties keep input order.
    private func mergeRunsDown() throws {
        while runs.count > mergeFanIn {
            var merged: [Run] = []
            for start in stride(from: 0, to: runs.count, by: mergeFanIn) {
                let some = Array(runs[start..<min(start + mergeFanIn, runs.count)])
                guard some.count > 1, let file else {
                    merged += some
                    continue
                }
                var run: Run = [:]
                for group in 0..<groupCount {
                    try merge(group: group, of: some) { table in
                        run[group, default: []].append(try file.append(rows: 0..<table.rowCount, of: table))
                        return true
                    }
                }
                merged.append(run)
            }
            runs = merged
        }
    }

    /// Merges the rows of `group` in `runs` into chunks handed to `take`, which says whether to go on.
    /// A group of several chunks' worth is merged on the second core, a chunk or two ahead of
    /// `take` (which writes them, say), so the two work at once; a smaller one here, where a
    /// thread of its own would cost more than it saves (a list of many small sections).
    private func merge(group: Int, of runs: [Run], take: (CellTable) throws -> Bool) throws {
        let bytes = runs.reduce(0) { total, run in total + (run[group] ?? []).reduce(0) { $0 + $1.length } }
        guard bytes >= Self.chunksWorthReadingAhead * chunkBytes else {
            let merged = try MergedRows(group: group, of: runs, in: self, schema: schema)
            while let chunk = try merged.next() {
                guard try take(chunk) else { return }
            }
            return
        }
        // On the second core, rows join by a schema of their own while this thread uses the list's.
        let merged = try MergedRows(group: group, of: runs, in: self, schema: RecordSchema(columns: schema.columns))
        let ahead = ReadAhead(depth: 2) { try merged.next() }
        defer { ahead.finish() }
        while let chunk = try ahead.next() {
            guard try take(chunk) else { return }
        }
    }

    /// The merged chunks a group makes, about, from which it is merged on the second core.
    private static let chunksWorthReadingAhead = 4

    /// One group's rows merged from several runs, a chunk at a time (`next()`): the cursors in a
    /// heap, least first by `--sort`, then by run (an earlier run's row first on a tie, so the
    /// sort stays stable). Without an order, a group's rows are its runs' rows one run after
    /// another. It reads only the spill file and `schema`, by which its rows join: given a schema
    /// of its own, it may run on another thread than the one that made it (one at a time).
    private final class MergedRows {
        private let runs: SortedRuns
        private let schema: RecordSchema
        private var cursors: [RunCursor]
        private var heap: MergeHeap
        /// The run whose chunks are handed on next, without an order.
        private var runInTurn = 0

        init(group: Int, of runs: [Run], in sortedRuns: SortedRuns, schema: RecordSchema) throws {
            self.runs = sortedRuns
            self.schema = schema
            let cursors = try runs.compactMap { run in try run[group].map { try RunCursor(chunks: $0, runs: sortedRuns) } }
            let specs = sortedRuns.sort
            heap = MergeHeap(specs.isEmpty ? [] : cursors.indices.filter { !cursors[$0].isDone }) { a, b in
                Self.less(a, b, in: cursors, by: specs)
            }
            self.cursors = cursors
        }

        private static func less(_ a: Int, _ b: Int, in cursors: [RunCursor], by specs: [SortSpec]) -> Bool {
            let order = RecordSorter.compare(cursors[a].keys, cursors[b].keys, by: specs)
            return order != 0 ? order < 0 : a < b
        }

        /// The next chunk of merged rows, about `chunkBytes` long; nil once every row is handed on.
        func next() throws -> CellTable? {
            guard !runs.sort.isEmpty else {
                while runInTurn < cursors.count {
                    if let chunk = cursors[runInTurn].table {
                        try cursors[runInTurn].nextChunk()
                        return chunk
                    }
                    runInTurn += 1
                }
                return nil
            }
            let specs = runs.sort
            let less = { [unowned self] (a: Int, b: Int) in Self.less(a, b, in: cursors, by: specs) }
            var out = CellTable(columns: [], inferTypes: false)
            var outBytes = 0
            // Consecutive rows of one cursor's chunk, copied into `out` together.
            var pending: (cursor: Int, rows: Range<Int>)?
            func copyPending() {
                guard let (cursor, rows) = pending, let table = cursors[cursor].table else { return }
                if out.rowCount == 0 {
                    out = CellTable(columns: [], inferTypes: table.inferTypes)
                    out.nestedDecoder = table.nestedDecoder
                    // What the merged rows measure is known from the runs, as for the chunks read.
                    out.measuresColumns = false
                }
                out.append(rows: rows, of: table, schema: schema)
                pending = nil
            }
            while let index = heap.least {
                let row = cursors[index].row
                if let (cursor, rows) = pending, cursor == index, rows.upperBound == row {
                    pending = (cursor, rows.lowerBound..<row + 1)
                } else {
                    copyPending()
                    pending = (index, row..<row + 1)
                }
                outBytes += cursors[index].rowBytes
                // The cursor's next row may be in its next chunk: this one's rows are copied first.
                if row + 1 >= cursors[index].count { copyPending() }
                try cursors[index].advance()
                if cursors[index].isDone { heap.removeLeast(less: less) } else { heap.leastChanged(less: less) }
                if outBytes >= runs.chunkBytes {
                    copyPending()
                    return out
                }
            }
            copyPending()
            return out.rowCount > 0 ? out : nil
        }
    }

    /// Reads the chunk at `chunk` of the spill file back as a table.
    private func read(_ chunk: SpillChunk) throws -> CellTable {
        guard let file else { throw ListviewError.budgetTooSmall(needed: chunk.length, budget: budget.bytes) }
        // What a chunk's rows measure is known from the runs (or measured in a pass of its own).
        return try file.table(at: chunk, nestedDecoder: nestedDecoder, measuring: false)
    }

    /// One run's rows of one group, a chunk in memory at a time, with the current row's sort keys.
    private struct RunCursor {
        private var chunks: ArraySlice<SpillChunk>
        private let runs: SortedRuns
        private(set) var table: CellTable?
        private(set) var row = 0
        /// The rows of the current chunk; 0 once the run's rows of the group are all read.
        private(set) var count = 0
        /// Each row's sort keys, worked out once a chunk is read.
        private var chunkKeys: [[ValueOrdering.Key]] = []
        /// The bytes of the current chunk per row, roughly.
        private(set) var rowBytes = 0

        init(chunks: [SpillChunk], runs: SortedRuns) throws {
            self.chunks = chunks[...]
            self.runs = runs
            try nextChunk()
        }

        /// The current row's sort keys.
        var keys: [ValueOrdering.Key] { chunkKeys[row] }

        /// True once every row is read.
        var isDone: Bool { count == 0 }

        mutating func nextChunk() throws {
            guard let chunk = chunks.popFirst() else {
                (table, count, chunkKeys) = (nil, 0, [])
                return
            }
            let table = try runs.read(chunk)
            self.table = table
            (row, count) = (0, table.rowCount)
            rowBytes = chunk.length / max(1, table.rowCount)
            let fields = table.fields(runs.sort.map(\.path))
            chunkKeys = table.withCells { cells in (0..<table.rowCount).map { SortedRuns.keys(row: $0, fields: fields, cells: cells) } }
            if count == 0 { try nextChunk() }
        }

        mutating func advance() throws {
            row += 1
            if row >= count { try nextChunk() }
        }
    }
}
