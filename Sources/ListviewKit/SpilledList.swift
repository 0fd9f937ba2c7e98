import Glibc
import ListviewBatches
import ListviewDataSource
import ListviewJSON
import ListviewPresentation
import ListviewQuery
import ListviewRequest
import ListviewSpilling
import ListviewValues

/// A whole list held within its memory budget (`Arrangement.memory`): an external merge sort.
///
/// Kept rows gather in memory as the stream hands them on. When they would pass
/// half the budget, they are sorted (by section, then `--sort`, stably) into a
/// run written to a spill file, a batch per section at most `chunkBytes` long,
/// and memory starts again. If no run was written, the rows are arranged in
/// memory as `WholeList` arranges them. Otherwise the sections are worked out
/// from each group's count, as `RecordGrouper` orders them, and each section's
/// rows are merged from the runs k ways (ties by run, so the sort stays
/// stable), a chunk of each run in memory at a time; human styles merge once
/// to measure the rows shown and again to write them. The output is the one
/// the list in memory writes, byte for byte.
public final class SpilledList {
    let request: ListRequest
    let budget: MemoryBudget
    let schema: RecordSchema
    let folder: SpillDirectory
    private var file: SpillFile?
    /// Where a run's rows of one group lie in the spill file, in order.
    private typealias Chunk = (offset: Int, length: Int)
    /// True when pages are cut by lines (`--wrap` with `--page-size`): every row's height counts.
    let pagesByLines: Bool
    /// Opens the inputs again, for a list in the input's order read in two passes (no runs).
    var rereading: (() throws -> BatchStream)?
    /// Each run's chunks by group.
    private var runs: [[Int: [Chunk]]] = []
    /// The groups, numbered in the order they first appear.
    var groups: GroupCatalog
    /// Each group's first row in the list's order: its sort keys and its place in the input
    /// (sections in the order they first appear are in the order of these rows).
    var groupFirstRows: [(keys: [ValueOrdering.Key], place: Int)] = []
    /// The rows in the runs written so far.
    private var rowsInRuns = 0
    /// The columns of the kept rows, and their measures for a human style: merged over the runs
    /// as they are written. With `--limit` or a page, the rows shown are measured instead, in a
    /// merge that writes nothing.
    var measures: ListMeasures
    /// True when some row read holds a nested value: CSV and TSV flatten what they write then
    /// (`FlattenedOutput`), their columns found in a merge that writes nothing.
    var sawNestedCells = false
    /// True when the rows shown are measured (a human style) and all the kept rows are shown.
    var measuresWhileSpilling: Bool {
        request.arrangement.limit == nil && (request.arrangement.pageSize == nil || pagesByLines)
            && request.look.style.descriptor.measuresRowsShown
    }

    init(request: ListRequest, budget: MemoryBudget, schema: RecordSchema, pagesByLines: Bool = false) {
        self.pagesByLines = pagesByLines
        self.request = request
        self.budget = budget
        self.schema = schema
        folder = SpillDirectory(parent: request.arrangement.spillFolder)
        groups = GroupCatalog(fields: request.arrangement.groupBy)
        measures = ListMeasures(specs: request.columnSpecs)
    }

    /// Reads every kept row of `stream` within `budget` and writes the list as `request` asks.
    static func run(_ request: ListRequest, budget: MemoryBudget, pagesByLines: Bool, from stream: BatchStream,
                    into sink: OutputSink) throws -> ListRunner.Outcome {
        let list = SpilledList(request: request, budget: budget, schema: stream.schema, pagesByLines: pagesByLines)
        // Rows in the file's order need no runs: the file is read again to write them.
        if request.arrangement.sort.isEmpty && request.arrangement.groupBy.isEmpty && !request.read.inputs.isEmpty && stream.areRegularFiles {
            return try list.runInTwoPasses(from: stream, into: sink)
        }
        let (kept, firstBatch) = try list.readRuns(stream)
        guard !list.runs.isEmpty else {
            // Everything fitted: the list in memory.
            let whole = WholeList.arranged(request, table: kept.table, rows: kept.rows)
            let ready = try FieldCheck.prepared(request, columns: stream.knownColumns, table: kept.table)
            return try whole.present(ready, pagesByLines: pagesByLines, schema: stream.schema, into: sink)
        }
        let ready = try FieldCheck.prepared(request, columns: stream.knownColumns, table: firstBatch)
        try list.write(ready, into: sink)
        // `--limit 0` lists no row of the runs.
        return ListRunner.Outcome(foundRecords: list.listedSections().contains { $0.count > 0 })
    }

    /// Reads every kept row of `stream`, sorting them into runs on disk each time they would pass
    /// half the budget. Returns the rows still in memory (all of them when no run was written;
    /// else none, the last run written too) and the first batch read.
    private func readRuns(_ stream: BatchStream) throws -> (kept: KeptRows, firstBatch: CellTable?) {
        stream.readsAhead = false  // batches join by the schema, on this thread
        var kept = KeptRows()
        // The first batch, kept to check dotted field names against (the rows in memory are gone).
        var firstBatch: CellTable?
        func add(_ batch: BatchStream.Batch) throws {
            if firstBatch == nil { firstBatch = batch.table }
            kept.add(batch, schema: stream.schema)
            guard kept.estimatedBytes * 2 > budget.bytes else { return }
            // Rows larger than the whole budget on average: at least one record cannot fit in it.
            let perRow = kept.estimatedBytes / max(1, kept.table.rowCount)
            if perRow > budget.bytes && !budget.isForcedSpilling { throw ListviewError.budgetTooSmall(needed: perRow, budget: budget.bytes) }
            // Rows the filter dropped are let go; kept rows go to disk as a run.
            if !kept.rows.isEmpty { try spillRun(kept) }
            kept = KeptRows()
        }
        try stream.forEach(add)
        if !runs.isEmpty && !kept.rows.isEmpty {
            try spillRun(kept)
            kept = KeptRows()
        }
        return (kept, firstBatch)
    }

    /// Reads every kept row of `stream` within `budget` and arranges them as `request` asks: in
    /// memory when they fit (`inMemory` takes the list), else sorted on disk and handed to
    /// `chunk` a merged chunk at a time, in order, each with its section and whether it is the
    /// section's first (the browser's sorted or grouped view of a large input).
    public static func arrange(_ request: ListRequest, budget: MemoryBudget, from stream: BatchStream,
                               inMemory: (WholeList) throws -> Void,
                               chunk: (SectionInfo, _ first: Bool, CellTable) throws -> Void) throws {
        let list = SpilledList(request: request, budget: budget, schema: stream.schema)
        let (kept, _) = try list.readRuns(stream)
        guard !list.runs.isEmpty else {
            return try inMemory(WholeList.arranged(request, table: kept.table, rows: kept.rows))
        }
        try list.forEachChunk { section, first, _, table in try chunk(section.info, first, table) }
    }

    // MARK: Runs

    /// The most bytes of rows a chunk of a run holds: a chunk of every run is in memory while
    /// they merge.
    private var chunkBytes: Int { max(budget.bytes / 128, 1) }

    /// Sorts `kept` by group, then `--sort`, and writes it as the next run.
    private func spillRun(_ kept: KeptRows) throws {
        let table = kept.table
        sawNestedCells = sawNestedCells || table.hasNestedCells
        if measuresWhileSpilling {
            measures.measure(kept.rows.map(\.row), of: table)
        } else {
            measures.noteColumns(of: table)
        }
        var groupOfRow = [Int](repeating: 0, count: table.rowCount)
        for (item, group) in zip(kept.rows, groups.count(kept.rows, of: table)) { groupOfRow[item.row] = group }
        groupFirstRows += Array(repeating: ([], -1), count: groups.keys.count - groupFirstRows.count)
        var rowsOfGroup: [Int: [Int]] = [:]
        var placeOfRow = [Int](repeating: 0, count: table.rowCount)
        for (place, item) in kept.rows.enumerated() { placeOfRow[item.row] = rowsInRuns + place }
        let sortFields = table.fields(request.arrangement.sort.map(\.path))
        for item in RecordSorter.sorted(kept.rows, of: table, by: request.arrangement.sort) {
            let group = groupOfRow[item.row]
            if rowsOfGroup[group] == nil {
                // The group's first row in this run: its first in the list when it comes before the runs' before.
                let keys = table.withCells { Self.sortKeys(row: item.row, fields: sortFields, cells: $0) }
                let place = placeOfRow[item.row]
                let known = groupFirstRows[group]
                // On a tie the earlier run's row stays first: it came first in the input.
                if known.place < 0 || RecordSorter.compare(keys, known.keys, by: request.arrangement.sort) < 0 {
                    groupFirstRows[group] = (keys, place)
                }
            }
            rowsOfGroup[group, default: []].append(item.row)
        }
        rowsInRuns += kept.rows.count
        let file = try self.file ?? folder.newFile()
        self.file = file
        let rowBytes = max(1, kept.estimatedBytes / max(1, table.rowCount))
        let rowsPerChunk = max(1, chunkBytes / rowBytes)
        var run: [Int: [Chunk]] = [:]
        for (group, rows) in rowsOfGroup {
            var start = 0
            while start < rows.count {
                let end = min(start + rowsPerChunk, rows.count)
                var bytes = ByteOutput()
                table.spill(rows: rows[start..<end], to: &bytes)
                let offset = file.size
                try bytes.withUnsafeBytes { try file.append($0) }
                run[group, default: []].append((offset, bytes.count))
                start = end
            }
        }
        runs.append(run)
        SpillProgress.addRun(bytes: kept.estimatedBytes)
    }

    // MARK: Merging

    /// The sections in the order the list shows them, each with its group's number.
    func sections() -> [(info: SectionInfo, group: Int)] {
        // Groups in the order of their first rows: the order in which the list's rows show them.
        let specs = request.arrangement.sort
        let ordered = groups.keys.indices.sorted { left, right in
            let (a, b) = (groupFirstRows[left], groupFirstRows[right])
            let order = RecordSorter.compare(a.keys, b.keys, by: specs)
            return order != 0 ? order < 0 : a.place < b.place
        }
        return groups.sections(of: ordered, order: request.arrangement.groupOrder)
    }

    /// A section of the list as written: its group, and where its rows lie in the list.
    struct ListedSection {
        var info: SectionInfo
        var group: Int
        /// The position in the list of its first row.
        var start: Int
        /// Its rows in the list (fewer than in its group when `--limit` cuts it).
        var count: Int
        var rows: Range<Int> { start..<start + count }
    }

    /// The sections in the order the list shows them, up to `--limit` rows.
    func listedSections() -> [ListedSection] {
        var remaining = request.arrangement.limit ?? .max
        var start = 0
        var listed: [ListedSection] = []
        for (info, group) in sections() where remaining > 0 {
            let count = min(groups.counts[group], remaining)
            listed.append(ListedSection(info: info, group: group, start: start, count: count))
            start += count
            remaining -= count
        }
        return listed
    }

    /// Calls `body` with the rows of the list in `window` (every row up to `--limit` when nil), in
    /// order, a merged chunk at a time, with their section, whether the chunk is the first of that
    /// section handed over, and the position in the section of the chunk's first row. Sections
    /// outside the window are not read.
    func forEachChunk(in window: Range<Int>? = nil, _ body: (ListedSection, _ first: Bool, _ offset: Int, CellTable) throws -> Void) throws {
        for section in listedSections() {
            let wanted = window.map { section.rows.clamped(to: $0) } ?? section.rows
            guard !wanted.isEmpty else { continue }
            let (from, to) = (wanted.lowerBound - section.start, wanted.upperBound - section.start)
            var position = 0
            var first = true
            try merge(group: section.group) { chunk in
                let (low, high) = (max(from, position), min(to, position + chunk.rowCount))
                if low < high {
                    let rows = low..<high
                    var part = chunk
                    if rows.count < chunk.rowCount {
                        part = CellTable(columns: [], inferTypes: chunk.inferTypes)
                        part.nestedDecoder = chunk.nestedDecoder
                        part.append(rows: (rows.lowerBound - position)..<(rows.upperBound - position), of: chunk, schema: schema)
                    }
                    try body(section, first, rows.lowerBound, part)
                    first = false
                }
                position += chunk.rowCount
                return position < to
            }
        }
    }

    /// Merges the runs' rows of `group` into chunks handed to `take`, which says whether to go on.
    private func merge(group: Int, take: (CellTable) throws -> Bool) throws {
        if let rereading { return try reread(rereading, take: take) }
        try mergeRunsDown()
        try merge(group: group, of: runs, take: take)
    }

    /// The runs merged at once at most: a chunk of each is in memory while they merge, within
    /// half the budget.
    private var mergeFanIn: Int { max(2, budget.bytes / 2 / chunkBytes) }

    /// Merges runs `mergeFanIn` at a time into longer runs, written to the spill file, until no
    /// more remain than merge at once: an input many times the budget is merged in several
    /// passes, as GNU sort does. Runs merge with their neighbours, so ties keep input order.
    private func mergeRunsDown() throws {
        while runs.count > mergeFanIn {
            var merged: [[Int: [Chunk]]] = []
            for start in stride(from: 0, to: runs.count, by: mergeFanIn) {
                let some = Array(runs[start..<min(start + mergeFanIn, runs.count)])
                guard some.count > 1, let file else {
                    merged += some
                    continue
                }
                var run: [Int: [Chunk]] = [:]
                for group in groups.keys.indices {
                    try merge(group: group, of: some) { table in
                        var bytes = ByteOutput()
                        table.spill(rows: 0..<table.rowCount, to: &bytes)
                        let offset = file.size
                        try bytes.withUnsafeBytes { try file.append($0) }
                        run[group, default: []].append((offset, bytes.count))
                        return true
                    }
                }
                merged.append(run)
            }
            runs = merged
        }
    }

    /// Merges the rows of `group` in `runs` into chunks handed to `take`, which says whether to go on.
    private func merge(group: Int, of runs: [[Int: [Chunk]]], take: (CellTable) throws -> Bool) throws {
        var cursors = try runs.compactMap { run in try run[group].map { try RunCursor(chunks: $0, list: self) } }
        let specs = request.arrangement.sort
        guard !specs.isEmpty else {
            // Without an order, a group's rows are its runs' rows one run after another.
            for index in cursors.indices {
                while let chunk = cursors[index].table {
                    guard try take(chunk) else { return }
                    try cursors[index].nextChunk()
                }
            }
            return
        }
        // The cursors in a heap, least first: by `--sort`, then by run (an earlier run's row first on a tie).
        func less(_ a: Int, _ b: Int) -> Bool {
            let order = RecordSorter.compare(cursors[a].keys, cursors[b].keys, by: specs)
            return order != 0 ? order < 0 : a < b
        }
        var heap = MergeHeap(cursors.indices.filter { !cursors[$0].isDone }, less: less)
        var out = CellTable(columns: [], inferTypes: false)
        var outBytes = 0
        // Consecutive rows of one cursor's chunk, copied into `out` together.
        var pending: (cursor: Int, rows: Range<Int>)?
        func copyPending() {
            guard let (cursor, rows) = pending, let table = cursors[cursor].table else { return }
            if out.rowCount == 0 {
                out = CellTable(columns: [], inferTypes: table.inferTypes)
                out.nestedDecoder = table.nestedDecoder
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
            if outBytes >= chunkBytes {
                copyPending()
                guard try take(out) else { return }
                out = CellTable(columns: [], inferTypes: false)
                outBytes = 0
            }
        }
        copyPending()
        if out.rowCount > 0 { _ = try take(out) }
    }

    /// A row's sort keys, as `RecordSorter` takes them.
    static func sortKeys(row: Int, fields: [TableField], cells: CellTable.Cells) -> [ValueOrdering.Key] {
        fields.map { RecordSorter.key(row: row, field: $0, cells: cells) }
    }

    /// Reads the chunk at `chunk` of the spill file back as a table.
    private func read(_ chunk: Chunk) throws -> CellTable {
        guard let file else { throw ListviewError.budgetTooSmall(needed: chunk.length, budget: budget.bytes) }
        var bytes = [UInt8](repeating: 0, count: chunk.length)
        let whole = try bytes.withUnsafeMutableBytes { try file.read(at: chunk.offset, into: $0) }
        // What a chunk's rows measure is known from the runs (or measured in a pass of its own).
        let table = bytes.withUnsafeBytes { CellTable(spilled: $0, nestedDecoder: JSONNestedValue.decode, measuring: false) }
        guard whole, let table else {
            throw ListviewError.spillFailed(directory: folder.parent, reason: "a spill file changed while it was read")
        }
        return table
    }

    /// One run's rows of one group, a chunk in memory at a time, with the current row's sort keys.
    private struct RunCursor {
        private var chunks: ArraySlice<Chunk>
        private let list: SpilledList
        private(set) var table: CellTable?
        private(set) var row = 0
        /// The rows of the current chunk; 0 once the run's rows of the group are all read.
        private(set) var count = 0
        /// Each row's sort keys, worked out once a chunk is read.
        private var chunkKeys: [[ValueOrdering.Key]] = []
        /// The bytes of the current chunk per row, roughly.
        private(set) var rowBytes = 0

        init(chunks: [Chunk], list: SpilledList) throws {
            self.chunks = chunks[...]
            self.list = list
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
            let table = try list.read(chunk)
            self.table = table
            (row, count) = (0, table.rowCount)
            rowBytes = chunk.length / max(1, table.rowCount)
            let fields = table.fields(list.request.arrangement.sort.map(\.path))
            chunkKeys = table.withCells { cells in (0..<table.rowCount).map { SpilledList.sortKeys(row: $0, fields: fields, cells: cells) } }
            if count == 0 { try nextChunk() }
        }

        mutating func advance() throws {
            row += 1
            if row >= count { try nextChunk() }
        }
    }
}

/// The kept rows of a stream's batches joined into one table, batch after batch.
struct KeptRows {
    private(set) var table = CellTable(columns: [], inferTypes: false)
    private(set) var rows: [RowRef] = []
    private var started = false

    /// Joins `batch`'s kept rows: its cells as they are when its columns continue the table's, else
    /// row by row, by name (`schema`).
    mutating func add(_ batch: BatchStream.Batch, schema: RecordSchema) {
        let kept = batch.rows
        let offset = table.rowCount
        if !started {
            (table, rows, started) = (batch.table, kept, true)
        } else if table.append(batch.table) {
            rows += kept.lazy.map { RowRef($0.row + offset) }
        } else {
            table.append(rows: kept.lazy.map(\.row), of: batch.table, schema: schema)
            rows += (offset..<table.rowCount).map(RowRef.init)
        }
        // Table columns are schema columns: rows of other files join them by name.
        for column in table.columns { _ = schema.column(named: column) }
    }

    /// The memory the rows take, about: their text, and a cell's end and kind.
    var estimatedBytes: Int { table.estimatedBytes }
}

/// A binary heap of cursor numbers, least first, for a k-way merge.
struct MergeHeap {
    private var items: [Int]

    init(_ items: [Int], less: (Int, Int) -> Bool) {
        self.items = []
        for item in items { insert(item, less: less) }
    }

    var least: Int? { items.first }

    mutating func insert(_ item: Int, less: (Int, Int) -> Bool) {
        items.append(item)
        var child = items.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard less(items[child], items[parent]) else { break }
            items.swapAt(child, parent)
            child = parent
        }
    }

    /// The least item's key grew: it sinks to its place.
    mutating func leastChanged(less: (Int, Int) -> Bool) {
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var smallest = parent
            if left < items.count, less(items[left], items[smallest]) { smallest = left }
            if right < items.count, less(items[right], items[smallest]) { smallest = right }
            guard smallest != parent else { return }
            items.swapAt(parent, smallest)
            parent = smallest
        }
    }

    mutating func removeLeast(less: (Int, Int) -> Bool) {
        guard let last = items.popLast() else { return }
        guard !items.isEmpty else { return }
        items[0] = last
        leastChanged(less: less)
    }
}
