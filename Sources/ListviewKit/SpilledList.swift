import ListviewBatches
import ListviewDataSource
import ListviewJSON
import ListviewPresentation
import ListviewQuery
import ListviewRequest
import ListviewSpilling

/// A whole list held within its memory budget (`Arrangement.memory`): an external merge sort.
///
/// Kept rows gather in memory as the stream hands them on. When they would pass
/// half the budget, they are sorted (by section, then `--sort`, stably) into a
/// run on disk (`SortedRuns`), and memory starts again. If no run was written,
/// the rows are arranged in memory as `WholeList` arranges them. Otherwise the
/// sections are worked out from each group's count, as `RecordGrouper` orders
/// them, and each section's rows are merged from the runs (`SortedRuns.merge`);
/// human styles merge once to measure the rows shown and again to write them.
/// The output is the one the list in memory writes, byte for byte.
public final class SpilledList {
    let request: ListRequest
    let budget: MemoryBudget
    let schema: RecordSchema
    /// The stream the rows are read from.
    private let stream: BatchStream
    /// The schema whose columns CSV and TSV output names, once the rows are read (`BatchStream.outputSchema`).
    var outputSchema: RecordSchema { stream.outputSchema }
    /// True when pages are cut by lines (`--wrap` with `--page-size`): every row's height counts.
    let pagesByLines: Bool
    /// Opens the inputs again, for a list in the input's order read in two passes (no runs).
    var rereading: (() throws -> BatchStream)?
    /// The kept rows sorted into runs on disk, each group's rows apart.
    private let runs: SortedRuns
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
    /// True when the rows shown are measured (a human style), all the kept rows are shown, and the
    /// fields shown are known before the rows are read: a `--fields` pattern names the fields the
    /// rows turn out to have, so its fields are measured in a merge once they are known.
    var measuresWhileSpilling: Bool {
        request.arrangement.limit == nil && (request.arrangement.pageSize == nil || pagesByLines)
            && request.look.style.descriptor.measuresRowsShown && !FieldCheck.fieldsWaitForRows(request)
    }

    init(request: ListRequest, budget: MemoryBudget, stream: BatchStream, pagesByLines: Bool = false) {
        self.pagesByLines = pagesByLines
        self.request = request
        self.budget = budget
        self.stream = stream
        schema = stream.schema
        runs = SortedRuns(budget: budget, sort: request.arrangement.sort, schema: schema,
                          folder: SpillDirectory(parent: request.arrangement.spillFolder), nestedDecoder: JSONNestedValue.decode)
        groups = GroupCatalog(fields: request.arrangement.groupBy)
        measures = ListMeasures(specs: FieldCheck.fieldsShownBeforeReading(request)?.map { ColumnSpec($0) })
    }

    /// Reads every kept row of `stream` within `budget` and writes the list as `request` asks.
    static func run(_ request: ListRequest, budget: MemoryBudget, pagesByLines: Bool, from stream: BatchStream,
                    into sink: OutputSink) throws -> ListRunner.Outcome {
        let list = SpilledList(request: request, budget: budget, stream: stream, pagesByLines: pagesByLines)
        // Rows in the file's order need no runs: the file is read again to write them.
        if request.arrangement.sort.isEmpty && request.arrangement.groupBy.isEmpty && !request.read.inputs.isEmpty && stream.areRegularFiles {
            return try list.runInTwoPasses(from: stream, into: sink)
        }
        let kept = try list.readRuns(stream)
        guard !list.runs.isEmpty else {
            // Everything fitted: the list in memory.
            let whole = WholeList.arranged(request, table: kept.table, rows: kept.rows)
            let ready = try FieldCheck.prepared(request, columns: stream.knownColumns, table: stream.headTable)
            return try whole.present(ready, pagesByLines: pagesByLines, schema: stream.outputSchema, into: sink)
        }
        let ready = try FieldCheck.prepared(request, columns: stream.knownColumns, table: stream.headTable)
        try list.write(ready, into: sink)
        // `--limit 0` lists no row of the runs.
        return ListRunner.Outcome(foundRecords: list.listedSections().contains { $0.count > 0 })
    }

    /// Reads every kept row of `stream`, sorting them into runs on disk each time they would pass
    /// half the budget. Returns the rows still in memory (all of them when no run was written;
    /// else none, the last run written too).
    private func readRuns(_ stream: BatchStream) throws -> KeptRows {
        stream.readsAhead = false  // batches join by the schema, on this thread
        var kept = KeptRows()
        func add(_ batch: BatchStream.Batch) throws {
            kept.add(batch.table, rows: batch.rows, schema: stream.schema)
            guard kept.estimatedBytes * 2 > budget.bytes else { return }
            try budget.checkRowsFit(bytes: kept.estimatedBytes, rows: kept.table.rowCount)
            // Rows the filter dropped are let go; kept rows go to disk as a run.
            if !kept.rows.isEmpty { try spillRun(kept) }
            kept = KeptRows()
        }
        try stream.forEach(add)
        if !runs.isEmpty && !kept.rows.isEmpty {
            try spillRun(kept)
            kept = KeptRows()
        }
        return kept
    }

    /// Reads every kept row of `stream` within `budget` and arranges them as `request` asks: in
    /// memory when they fit (`inMemory` takes the list), else sorted on disk and handed to
    /// `chunk` a merged chunk at a time, in order, each with its section and whether it is the
    /// section's first (the browser's sorted or grouped view of a large input).
    public static func arrange(_ request: ListRequest, budget: MemoryBudget, from stream: BatchStream,
                               inMemory: (WholeList) throws -> Void,
                               chunk: (SectionInfo, _ first: Bool, CellTable) throws -> Void) throws {
        let list = SpilledList(request: request, budget: budget, stream: stream)
        let kept = try list.readRuns(stream)
        guard !list.runs.isEmpty else {
            return try inMemory(WholeList.arranged(request, table: kept.table, rows: kept.rows))
        }
        try list.forEachChunk { section, first, _, table in try chunk(section.info, first, table) }
    }

    // MARK: Runs

    /// Sorts `kept` by group, then `--sort`, and writes it as the next run, noting each group's
    /// first row in the list's order.
    private func spillRun(_ kept: KeptRows) throws {
        let table = kept.table
        sawNestedCells = sawNestedCells || table.hasNestedCells
        if measuresWhileSpilling {
            measures.measure(kept.rows.map(\.row), of: table)
        } else {
            measures.noteColumns(of: table)
        }
        let firstRows = try runs.write(kept, groups: groups.count(kept.rows, of: table))
        groupFirstRows += Array(repeating: ([], -1), count: groups.keys.count - groupFirstRows.count)
        var placeOfRow = [Int](repeating: 0, count: table.rowCount)
        for (place, item) in kept.rows.enumerated() { placeOfRow[item.row] = rowsInRuns + place }
        let sortFields = table.fields(request.arrangement.sort.map(\.path))
        for (group, row) in firstRows {
            // The group's first row in this run: its first in the list when it comes before the runs' before.
            let keys = table.withCells { SortedRuns.keys(row: row, fields: sortFields, cells: $0) }
            let place = placeOfRow[row]
            let known = groupFirstRows[group]
            // On a tie the earlier run's row stays first: it came first in the input.
            if known.place < 0 || RecordSorter.compare(keys, known.keys, by: request.arrangement.sort) < 0 {
                groupFirstRows[group] = (keys, place)
            }
        }
        rowsInRuns += kept.rows.count
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
        try runs.merge(group: group, take: take)
    }
}
