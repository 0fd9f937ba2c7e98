import ListviewBatches
import ListviewConcurrency
import ListviewDataSource
import ListviewInput
import ListviewJSON
import ListviewPresentation
import ListviewQuery
import ListviewValues

/// The one way listview reads: the inputs of a `ReadSpec` opened into one source, handed on as
/// batches of cells with the rows `--where` and `--search` keep, cut to `--limit`.
///
/// Every consumer takes its batches here: the list's plans, both sides of a diff, the
/// browser's loader, summaries. The stream
/// - reads the first batch on its own (`first()`), so that field names are checked against
///   the first rows (`checked(_:)`) before anything is written;
/// - reads a regular file's next batches ahead on the second core (`ReadAhead`) while
///   this thread uses the current one; a pipe is read on this thread, so stopping early
///   never waits on it;
/// - reads the rest of one large regular file in parts on both cores, in order
///   (`readRestInParts`), for consumers whose work on a batch stands alone;
/// - reads a whole regular file straight into one table when nothing limits it (`wholeTable()`);
/// - gives every malformed-input error the format hint (`FormatHint`), and checks between
///   batches that the output still has a reader (`| head` ends the read).
public final class BatchStream {
    /// A batch of cells and the rows of it that passed the filter (within the limit), in order.
    public struct Batch {
        public var table: CellTable
        public var rows: [RowRef]
    }

    /// What is read.
    public let read: ReadSpec
    /// The columns of every input, in first-seen order.
    public let schema: RecordSchema
    /// The format each input is read as.
    public let formats: [InputFormat]
    /// True when every input is a regular file: reading it never waits for a writer.
    public let areRegularFiles: Bool
    private let filter: RecordFilter
    /// `--limit`: reading stops after this many kept rows (nil: no limit). Set before the first read.
    public var limit: Int? {
        didSet { limit = limit.map { max(0, $0) } }
    }
    private let sink: OutputSink?
    private var source: ConcatenatedSource
    /// The schema the readers name the input's columns by: `schema` unless records are reshaped.
    private lazy var sourceSchema = schema
    /// Where reading goes on after parts that did not end where the next began; nil: `source`.
    private var readingOn: (any RecordSource)?
    private var prefetcher: ReadAhead<CellTable>?
    private var firstBatch: Batch?
    /// The first table read (kept for field checks: a dotted path is looked for in its rows).
    private var firstTable: CellTable?
    /// The first batch before it was reshaped, kept while members are pruned from objects as they
    /// are read (`--exclude customer.email`), to check that they were there.
    private var firstAsRead: CellTable?
    private var firstRead = false
    /// The columns the inputs named up front (a CSV header), taken on this thread once the first
    /// batch was read: the source is the reading thread's while it reads ahead.
    private var declared: [String]?
    private var started = false
    private var partsTried = false
    private var ended = false
    /// Whether batches after the first are read ahead on the second core (regular files only).
    /// A consumer that uses the schema between batches (joining them into one table) turns it off
    /// before the second read: the schema belongs to the reading thread while it reads ahead.
    public var readsAhead = true {
        didSet { assert(prefetcher == nil, "readsAhead is set before the second batch is read") }
    }
    /// Whether the batches measure their columns as cells arrive (a table shown whole reuses the
    /// measures; see `CSVOptions.measuresColumns`). Set before the first read.
    public var measuresColumns = true {
        didSet { source.measureColumns(measuresColumns) }
    }
    /// Rows kept so far.
    public private(set) var rowsKept = 0
    /// Parts read on both cores (`readRestInParts`).
    public private(set) var partsRead = 0

    /// Bytes of input per part when a file is read in parts.
    var partSize = 1 << 18

    /// Opens the inputs of `read` (failing at once when one cannot be opened). `filter` keeps rows,
    /// `limit` stops after that many kept rows; `sink` is checked for a reader between batches.
    public convenience init(_ read: ReadSpec, filter: RecordFilter = RecordFilter(), limit: Int? = nil,
                            schema: RecordSchema = RecordSchema(), sink: OutputSink? = nil) throws {
        // Reshaped records have other columns than the input's: the readers name theirs apart.
        let sourceSchema = read.shaping.isEmpty ? schema : RecordSchema()
        self.init(opened: try read.open(schema: sourceSchema), read: read, filter: filter, limit: limit, schema: schema, sink: sink)
        self.sourceSchema = sourceSchema
    }

    /// A stream over inputs already opened (tests open them with other chunk and part sizes).
    init(opened: InputLoader.Opened, read: ReadSpec, filter: RecordFilter = RecordFilter(), limit: Int? = nil,
         schema: RecordSchema, sink: OutputSink? = nil) {
        self.read = read
        self.schema = schema
        self.filter = filter
        self.limit = limit.map { max(0, $0) }
        self.sink = sink
        source = opened.source
        formats = opened.formats
        areRegularFiles = opened.areRegularFiles
    }

    deinit {
        prefetcher?.finish()
    }

    private var remaining: Int { limit.map { $0 - rowsKept } ?? .max }

    /// The first batch, read once and handed on again by `next()`; nil for an empty input (or a
    /// limit of 0).
    public func first() throws -> Batch? {
        if !started {
            started = true
            firstBatch = try readBatch()
        }
        return firstBatch
    }

    /// The next batch, the first one included; nil at the end of the input or the limit.
    public func next() throws -> Batch? {
        if !started { _ = try first() }
        if let batch = firstBatch {
            firstBatch = nil
            return batch
        }
        return try readBatch()
    }

    /// True when `next()` would wait for input from a pipe: what was written so far should go out
    /// first, so `tail -f log | listview --where … --style jsonl` shows each match as it comes.
    public var mayWait: Bool {
        firstBatch == nil && prefetcher == nil && !(readingOn?.hasCompletedRecord ?? source.hasCompletedRecord)
    }

    private func readBatch() throws -> Batch? {
        guard !ended, remaining > 0, let table = try read.withFormatHint({ try nextTable() }) else {
            ended = true
            stopReadingAhead()
            return nil
        }
        let rows = filter.rows(of: table, limit: remaining)
        rowsKept += rows.count
        try sink?.checkReaderPresent()
        return Batch(table: table, rows: rows)
    }

    /// The next table read: after the first, ahead on the second core for regular files.
    private func nextTable() throws -> CellTable? {
        guard firstRead else {
            firstRead = true
            firstTable = try source.nextBatch(schema: sourceSchema).map { table in
                if !shaping.pruned.isEmpty { firstAsRead = table }
                return try reshaped(table)
            }
            declared = shaping.isEmpty ? source.declaredColumns : nil
            return firstTable
        }
        if prefetcher == nil, areRegularFiles, readsAhead {
            // The reader and the schema are the second thread's from here to the end of the input.
            var reader: any RecordSource = readingOn ?? source
            let (schema, sourceSchema, shaping) = (self.schema, self.sourceSchema, self.shaping)
            prefetcher = ReadAhead { try reader.nextBatch(schema: sourceSchema).map { try Self.reshaped($0, shaping, naming: schema) } }
        }
        if let prefetcher { return try prefetcher.next() }
        if readingOn != nil { return try readingOn?.nextBatch(schema: sourceSchema).map { try reshaped($0) } }
        return try source.nextBatch(schema: sourceSchema).map { try reshaped($0) }
    }

    private var shaping: RecordShaping { read.shaping }

    /// `table` reshaped by `--flatten`, `--explode` and `--unflatten`, its columns named in the
    /// stream's schema (on the thread that owns it); a clash of names is a usage error.
    private func reshaped(_ table: CellTable) throws -> CellTable {
        try Self.reshaped(table, shaping, naming: schema)
    }

    private static func reshaped(_ table: CellTable, _ shaping: RecordShaping, naming schema: RecordSchema?) throws -> CellTable {
        guard !shaping.isEmpty else { return table }
        do throws(RecordShaping.Conflict) {
            let reshaped = try shaping.reshaped(table)
            if let schema { for column in reshaped.columns { _ = schema.column(named: column) } }
            return reshaped
        } catch {
            throw ListviewError.usage(error.message)
        }
    }

    /// Once the input has ended: stops the second thread, so the schema and the source's notes are
    /// this thread's again.
    private func stopReadingAhead() {
        prefetcher?.finish()
    }

    /// Reads the rest of the input (after the first batch) in parts on both cores when it can: one
    /// large regular file whose reader can cut it, and no limit. `work` turns each part's batch
    /// into a result on the thread that read it; `take` takes the results in order on this
    /// thread. Returns false, having read nothing, when the input cannot be read so (or was
    /// already); `next()` then reads on.
    public func readRestInParts<Result>(work: @escaping @Sendable (Batch) -> Result, take: (Result) throws -> Void) throws -> Bool {
        guard !partsTried, limit == nil, areRegularFiles, firstRead, firstBatch == nil, prefetcher == nil, readingOn == nil,
              !ended else {
            return false
        }
        partsTried = true
        guard let parts = try read.withFormatHint({ try source.fileParts(size: partSize) }) else { return false }
        let (filter, shaping) = (self.filter, self.shaping)
        var kept = 0
        readingOn = try read.withFormatHint {
            try parts.readInOrder(work: { read -> (rows: Int, result: Result?, conflict: RecordShaping.Conflict?)? in
                guard let read else { return nil }
                let table: CellTable
                do throws(RecordShaping.Conflict) {
                    table = try shaping.reshaped(read)  // named in the schema where the batches are joined
                } catch {
                    return (0, nil, error)
                }
                let batch = Batch(table: table, rows: filter.rows(of: table, limit: .max))
                return (batch.rows.count, work(batch), nil)
            }, take: { part in
                guard let part else { return }
                if let conflict = part.conflict { throw ListviewError.usage(conflict.message) }
                guard let result = part.result else { return }
                kept += part.rows
                partsRead += 1
                try take(result)
                try sink?.checkReaderPresent()
            })
        }
        rowsKept += kept
        if readingOn == nil { ended = true }
        return true
    }

    /// Hands `body` every batch in order: the first ones as `next()` reads them, the rest of one
    /// large regular file parsed in parts on both cores (`readRestInParts`) when it can be. The
    /// one loop of the consumers that take every batch on this thread.
    public func forEach(_ body: (Batch) throws -> Void) throws {
        try forEach(body, inParts: { $0 }, take: body)
    }

    /// `forEach` for consumers that do part of their work on either core: `body` takes the batches
    /// read on this thread, `work` turns each part of a file read on both cores into a result on the
    /// thread that read it, and `take` takes those results in order here.
    public func forEach<Result>(_ body: (Batch) throws -> Void, inParts work: @escaping @Sendable (Batch) -> Result,
                                take: (Result) throws -> Void) throws {
        while let batch = try next() {
            try body(batch)
            _ = try readRestInParts(work: work, take: take)
        }
    }

    /// The whole input as one table straight from the bytes of a regular file, with the rows the
    /// filter keeps, when nothing limits the reading and the reader can; nil (nothing read) else.
    public func wholeTable() throws -> Batch? {
        // Reshaped records are read in parts and reshaped where each part was read (`forEach`).
        guard !started, limit == nil, shaping.isEmpty, let read = try read.withFormatHint({ try source.cellTable() }) else { return nil }
        let table = try reshaped(read)
        (started, ended, firstRead) = (true, true, true)
        firstTable = table
        declared = shaping.isEmpty ? source.declaredColumns : nil
        // Table columns are schema columns: an arrangement names them by the schema.
        for column in table.columns { _ = schema.column(named: column) }
        let rows = filter.rows(of: table)
        rowsKept = rows.count
        return Batch(table: table, rows: rows)
    }

    /// The top-level fields the input has shown so far: a CSV header's, the schema's and the first
    /// batch's. While a reading thread still reads ahead, the schema is its own: then only the
    /// header's and the first batch's.
    public var knownColumns: [String] { knownColumns(adding: []) }

    /// `knownColumns`, then `more` (a page's columns) not among them, in first-seen order.
    private func knownColumns(adding more: [String]) -> [String] {
        var columns = declaredColumns ?? []
        var seen = Set(columns)
        let schemaColumns = isReadingAhead ? [] : schema.columns
        for name in schemaColumns + (firstTable?.columns ?? []) + more where seen.insert(name).inserted { columns.append(name) }
        return columns
    }

    /// True while a second thread reads batches ahead (from the second batch of a regular file to
    /// the end of the input, where `readBatch` stops it).
    private var isReadingAhead: Bool { prefetcher != nil && !ended }

    /// The columns the inputs name up front (one CSV file's header), once read.
    public var declaredColumns: [String]? { isReadingAhead ? declared : source.declaredColumns }

    /// Notes on how the inputs were read (ragged rows, an object's members listed): for stderr,
    /// once the run has succeeded.
    public var warnings: [String] {
        isReadingAhead ? [] : source.warnings
    }

    /// `request` with its field names checked against the fields the input has shown (the first
    /// batch, a CSV header) and its `--fields` globs expanded. Several inputs are not checked here,
    /// since a later file may hold a field: `checkAtEnd` checks them once every one is read, where
    /// the output waits for that (`--counts`); streamed output does not check them.
    /// A dotted path is looked for in the rows of `table` (a page read), else of the first batch.
    func checked(_ request: ListRequest, rowsOf table: CellTable? = nil) throws -> ListRequest {
        if table == nil { _ = try first() }
        return try readingErrorsFirst {
            try checkPrunedMembers(request)
            return try FieldCheck.prepared(request, columns: knownColumns(adding: table?.columns ?? []), table: table ?? firstTable,
                                           checking: read.paths.count <= 1)
        }
    }

    /// `request`'s field names checked against the first batch (one input), without preparing it.
    func checkFirst(_ request: ListRequest) throws {
        _ = try first()
        guard read.paths.count <= 1 else { return }
        try readingErrorsFirst {
            try checkPrunedMembers(request)
            try FieldCheck.check(request, columns: knownColumns, table: firstTable, input: read.displayName)
        }
    }

    /// `check`'s result; when it fails (a field no record has, 64), the rest of the input is read
    /// first, and an error reading it (malformed input, 65; an I/O error) is thrown instead: in
    /// every command a reading error comes before a field check. The one rule of that order, for
    /// every check made before the input has ended.
    public func readingErrorsFirst<Result>(_ check: () throws -> Result) throws -> Result {
        do {
            return try check()
        } catch {
            while try next() != nil {}
            throw error
        }
    }

    /// `request`'s `--exclude` of members (`customer.email`) checked against the first batch as
    /// read (one input).
    private func checkPrunedMembers(_ request: ListRequest) throws {
        guard read.paths.count <= 1, let firstAsRead else { return }
        try FieldCheck.checkPruned(shaping.pruned, of: request, in: firstAsRead, input: read.displayName)
    }

    /// After the whole input was read: `request`'s field names checked against every field seen,
    /// for several inputs (one input was checked on its first batch).
    func checkAtEnd(_ request: ListRequest) throws {
        guard read.paths.count > 1 else { return }
        try FieldCheck.check(request, columns: knownColumns, table: firstTable, input: read.displayName)
    }
}
