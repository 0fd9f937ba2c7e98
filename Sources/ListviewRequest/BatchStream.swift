import ListviewBatches
import ListviewConcurrency
import ListviewDataSource
import ListviewFormats
import ListviewInput
import ListviewJSON
import ListviewPresentation
import ListviewQuery
import ListviewShaping
import ListviewValues

/// The one way listview reads: the inputs of a `ReadSpec` opened into one source, handed on as
/// batches of cells with the rows `--where` and `--search` keep, cut to `--limit`.
///
/// Every consumer takes its batches here: the list's plans, both sides of a diff, the
/// browser's loader, summaries. The stream
/// - checks the field names of the request it serves (`watch(_:)`) against every batch it reads,
///   and at the end of what the run reads throws the usage error for a name no record had
///   (`UnfoundFields`): the one field check of every list command;
/// - reads the first batch on its own (`first()`), so that a CSV header and `--fields` globs are
///   known before anything is written;
/// - reads a regular file's next batches ahead on the second core (`ReadAhead`) while
///   this thread uses the current one; a pipe is read on this thread, so stopping early
///   never waits on it;
/// - reads the rest of one large regular file in parts on both cores, in order
///   (`readRestInParts`), for consumers whose work on a batch stands alone;
/// - reads a whole regular file straight into one table when nothing limits it (`wholeTable()`);
/// - gives every malformed-input error the format or encoding hint (`FormatHint`,
///   `EncodingHint`), and checks between batches that the output still has a reader (`| head`
///   ends the read).
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
    /// Batches read ahead of the consumer while a field name was unfound (`readAheadForUnfoundFields`).
    private var held: [Batch] = []
    private var heldIndex = 0
    /// The first table read (kept for field checks: a dotted path is looked for in its rows).
    private var firstTable: CellTable?
    /// The first rows read, up to `NestedPaths.rowsLooked`, from every batch read so far (before
    /// the filter), as one table: what a `--fields` pattern reaches into objects by
    /// (`FieldCheck.prepared`), so that a list read batch by batch, file by file or in parts
    /// expands it as a list read whole does.
    public private(set) var headTable: CellTable?
    /// A batch before it was reshaped, kept while a name of the reshaping (`--exclude
    /// customer.email`, `--explode F`) is unfound, for the message if no batch has it
    /// (`lookForNamesAsRead`).
    private var firstAsRead: CellTable?
    /// Those names of a watched request's reshaping that no batch as read had yet: while one is
    /// unfound, batches are read on this thread and looked at before they are reshaped.
    private var unfoundAsRead: UnfoundFields?
    private var firstRead = false
    /// The request whose field names are checked (`watch`), and those of its names no batch had yet.
    private var watched: ListRequest?
    private var unfound: UnfoundFields?
    /// The columns the inputs named up front (a CSV header), taken on this thread once the first
    /// batch was read: the source is the reading thread's while it reads ahead.
    private var declared: [String]? {
        // The schema carries the header to every writer (`ListRequest.outputFields`).
        didSet { schema.declaredHeader = declared }
    }
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
    /// The columns of every batch handed on so far, in first-seen order, on this thread: a long
    /// CSV row's extra columns and a key first met late, whichever thread or part read them.
    private var columnsHandedOn: [String] = []
    /// By Unicode scalars (`ScalarText`): canonically equivalent names are two columns.
    private var columnsHandedOnSet: Set<ScalarText> = []
    private var lastColumnsHandedOn: [String] = []
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
        if heldIndex < held.count {
            defer {
                heldIndex += 1
                if heldIndex == held.count { (held, heldIndex) = ([], 0) }
            }
            return held[heldIndex]
        }
        return try readBatch()
    }

    /// True when `next()` would wait for input from a pipe: what was written so far should go out
    /// first, so `tail -f log | listview --where … --style jsonl` shows each match as it comes.
    public var mayWait: Bool {
        firstBatch == nil && held.isEmpty && prefetcher == nil && !(readingOn?.hasCompletedRecord ?? source.hasCompletedRecord)
    }

    private func readBatch() throws -> Batch? {
        guard !ended, remaining > 0, let table = try read.withReadingHints({ try nextTable() }) else {
            ended = true
            stopReadingAhead()
            try checkFieldsRead()
            return nil
        }
        // Once every name was found, a batch costs this test.
        if unfound?.isEmpty == false { unfound?.remove(foundIn: table.columns, table: table) }
        noteHead(table)
        let rows = filter.rows(of: table, limit: remaining)
        rowsKept += rows.count
        if remaining == 0, let last = rows.last?.row {
            // The limit stops the output in this batch: the columns read to write it are those of
            // the records up to its last one, not of the batch's records after it (a file cut into
            // batches elsewhere, or split in two, has others there), nor of a batch a second
            // thread read ahead.
            noteCut(columnsHandedOn + table.columns(presentIn: 0...last))
        }
        noteHandedOn(table.columns)
        try sink?.checkReaderPresent()
        return Batch(table: table, rows: rows)
    }

    /// The next table read: after the first, ahead on the second core for regular files.
    private func nextTable() throws -> CellTable? {
        guard firstRead else {
            firstRead = true
            firstTable = try source.nextBatch(schema: sourceSchema).map { table in
                if watched != nil, !shaping.pruned.isEmpty || shaping.explode != nil {
                    unfoundAsRead = UnfoundFields(asReadBy: shaping)
                    lookForNamesAsRead(in: table)
                }
                return try reshaped(table)
            }
            declared = shaping.isEmpty ? source.declaredColumns : nil
            return firstTable
        }
        // Members left out of objects as read (`--exclude customer.email`) and an exploded field are
        // looked for in each batch as read (once pruned, they are not there to find), on this
        // thread, until every one was found.
        if unfoundAsRead?.isEmpty == false {
            let read = readingOn != nil ? try readingOn?.nextBatch(schema: sourceSchema) : try source.nextBatch(schema: sourceSchema)
            guard let table = read else { return nil }
            lookForNamesAsRead(in: table)
            return try reshaped(table)
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

    /// Takes off the reshaping's names that `table`, a batch as read, has. The batch kept for the
    /// message of a name none has is the first whose columns hold the first step of one still
    /// unfound (`customer` of `customer.emial`: its members are the closest names), else the
    /// first; with every name found, none is kept.
    private func lookForNamesAsRead(in table: CellTable) {
        unfoundAsRead?.remove(foundIn: table.columns, table: table)
        guard let left = unfoundAsRead, !left.isEmpty else { return firstAsRead = nil }
        guard let kept = firstAsRead else { return firstAsRead = table }
        let steps = left.names.compactMap(\.path.components.first)
        if !steps.contains(where: kept.columns.contains), steps.contains(where: table.columns.contains) { firstAsRead = table }
    }

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
        guard !partsTried, limit == nil, areRegularFiles, firstRead, firstBatch == nil, held.isEmpty, prefetcher == nil, readingOn == nil,
              !ended, unfoundAsRead?.isEmpty != false else {
            return false
        }
        partsTried = true
        guard let parts = try read.withReadingHints({ try source.fileParts(size: partSize) }) else { return false }
        let (filter, shaping) = (self.filter, self.shaping)
        // The names no batch had yet, looked for in each part where it is read.
        let looking = unfound?.isEmpty == false ? unfound : nil
        // Parts hand their tables on while the head lacks rows.
        let headWanted = (headTable?.rowCount ?? 0) < NestedPaths.rowsLooked
        var kept = 0
        readingOn = try read.withReadingHints {
            try parts.readInOrder(work: { read -> (rows: Int, columns: [String], result: Result?, conflict: RecordShaping.Conflict?,
                                                   unfound: UnfoundFields?, head: CellTable?)? in
                guard let read else { return nil }
                let table: CellTable
                do throws(RecordShaping.Conflict) {
                    table = try shaping.reshaped(read)  // named in the schema where the part is taken
                } catch {
                    return (0, [], nil, error, nil, nil)
                }
                var unfound = looking
                unfound?.remove(foundIn: table.columns, table: table)
                let batch = Batch(table: table, rows: filter.rows(of: table, limit: .max))
                return (batch.rows.count, table.columns, work(batch), nil, unfound, headWanted ? table : nil)
            }, take: { part in
                guard let part else { return }
                if let conflict = part.conflict { throw ListviewError.usage(conflict.message) }
                if let left = part.unfound { unfound?.keep(onlyUnfoundIn: left) }
                // The part's columns in the schema, in the input's order, as batches read here are:
                // a field first met in a part is a column (a CSV header's) for every consumer.
                for column in part.columns { _ = schema.column(named: column) }
                if let head = part.head { noteHead(head) }
                noteHandedOn(part.columns)
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

    /// Passes over, unread, the lines of delimited text `recognizer` recognises as records already
    /// known (`RowRecognizer`): each batch notes them among its `CellTable.passedOver` rows. Only
    /// when nothing keeps rows out or reshapes them (a row passed over meets neither), and before
    /// batches are read ahead or in parts; call it between batches.
    public func passOverRows(recognizedBy recognizer: any RowRecognizer) {
        guard filter.isEmpty, shaping.isEmpty, limit == nil, prefetcher == nil, !partsTried, readingOn == nil else { return }
        source.passOverRows(recognizedBy: recognizer)
    }

    /// Reads a regular file of any size in parts of about `size` bytes, where it reads only large
    /// ones in parts of 256 KB: tests read small files so. Call it before anything is read.
    public func readInParts(of size: Int) {
        partSize = size
        source.readEveryFileInParts()
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
        guard !started, limit == nil, shaping.isEmpty, let read = try read.withReadingHints({ try source.cellTable() }) else { return nil }
        let table = try reshaped(read)
        (started, ended, firstRead) = (true, true, true)
        firstTable = table
        headTable = table
        declared = shaping.isEmpty ? source.declaredColumns : nil
        // Table columns are schema columns: an arrangement names them by the schema.
        for column in table.columns { _ = schema.column(named: column) }
        let rows = filter.rows(of: table)
        rowsKept = rows.count
        noteHandedOn(table.columns)
        unfound?.remove(foundIn: table.columns, table: table)
        try checkFieldsRead()
        return Batch(table: table, rows: rows)
    }

    /// Adds the first rows of `table`, the next batch read, to `headTable` while it has fewer than
    /// `NestedPaths.rowsLooked`.
    private func noteHead(_ table: CellTable) {
        guard let head = headTable else { return headTable = table }
        guard head.rowCount < NestedPaths.rowsLooked, table.rowCount > 0 else { return }
        headTable?.append(rows: 0..<min(table.rowCount, NestedPaths.rowsLooked - head.rowCount), of: table, schema: schema)
    }

    /// The columns of the records read up to the last one the output writes, in first-seen order,
    /// once `--limit` stopped the output; nil otherwise.
    private var schemaReadToTheLimit: RecordSchema?

    private func noteCut(_ columns: [String]) {
        // A schema numbers each name once (by its Unicode scalars), in first-seen order.
        let cut = RecordSchema(columns: columns)
        cut.declaredHeader = schema.declaredHeader
        schemaReadToTheLimit = cut
    }

    /// The schema whose columns CSV and TSV output names when no header is declared
    /// (`ListRequest.outputFields`): `schema`, or, once `--limit` stopped the output, the columns
    /// of the records read up to its last one. The one rule of every way the
    /// records are cut into batches (one file or several, a pipe's timing): a record after the
    /// last one written adds no column.
    public var outputSchema: RecordSchema { schemaReadToTheLimit ?? schema }

    /// Notes the columns of a batch handed on (the usual batch has its predecessor's).
    private func noteHandedOn(_ columns: [String]) {
        guard columns != lastColumnsHandedOn else { return }
        lastColumnsHandedOn = columns
        for column in columns where columnsHandedOnSet.insert(ScalarText(column)).inserted { columnsHandedOn.append(column) }
    }

    /// `knownColumns`, then the columns of the batches handed on that it lacks: every top-level
    /// field the batches read so far have shown, whatever path read them (ahead on the other
    /// core, in parts, or on this thread). What a diff names a side's fields by once it is read.
    public var columnsShown: [String] { knownColumns(adding: columnsHandedOn) }

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
    /// True when the input was one JSON object read as one record (`ReadSpec.rootObjectIsRecord`).
    public var readsOneDocument: Bool { source.readsOneDocument }

    public var warnings: [String] {
        isReadingAhead ? [] : source.warnings
    }

    /// `request` ready to run over the fields the input has shown (a CSV header, the first batch,
    /// or the rows of `table`, a page read): its `--fields` globs expanded. Its names are checked by
    /// `watch`, against every batch.
    public func checked(_ request: ListRequest, rowsOf table: CellTable? = nil) throws -> ListRequest {
        if table == nil {
            _ = try first()
            try readAheadForUnfoundFields()
        }
        return try readingErrorsFirst {
            try FieldCheck.prepared(request, columns: knownColumns(adding: table?.columns ?? []), table: table ?? headTable)
        }
    }

    /// Checks the field names `request`'s options give against every batch read from here on (call
    /// it before the first read): a name is a field if any record the run reads has it. At the end of
    /// the input, or of what a limit lets be read, a name no batch had is a usage error naming the
    /// closest field (`checkFieldsRead`); streamed output has written the rows that matched by then.
    public func watch(_ request: ListRequest) {
        watched = request
        unfound = UnfoundFields(request)
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

    /// Bytes of cells read ahead at most while a field name is unfound (`readAheadForUnfoundFields`).
    static let unfoundLookAheadBytes = 32 << 20

    /// While a watched name is in no batch read so far, reads a regular file's next batches ahead
    /// and holds them for `next()`, up to `unfoundLookAheadBytes`: a name found late lets the
    /// output begin, and an input that ends first is checked (`checkFieldsRead`) before output
    /// that streams has written anything. Past the bound, or from a pipe (which would wait), the
    /// output streams and the check comes at the end of the input.
    private func readAheadForUnfoundFields() throws {
        var bytes = 0
        while unfound?.isEmpty == false || unfoundAsRead?.isEmpty == false, areRegularFiles, !ended, bytes < Self.unfoundLookAheadBytes {
            guard let batch = try readBatch() else { break }
            held.append(batch)
            bytes += batch.table.textByteCount
        }
    }

    /// Throws the usage error for the first watched name that no batch read had, naming the closest
    /// field seen. The stream calls it at the end of the input; a consumer that stops reading before
    /// (one page of a stream) calls it then.
    public func checkFieldsRead() throws {
        guard let watched else { return }
        defer { firstAsRead = nil }
        if let asRead = unfoundAsRead, !asRead.isEmpty, let table = firstAsRead {
            // Named as read: the columns the batches had before they were reshaped.
            try asRead.check(watched, columns: table.columns + asRead.columnsSeen.filter { !table.columns.contains($0) }, table: table,
                             input: read.inputsName)
        }
        guard var left = unfound, !left.isEmpty else { return }
        // Every column seen, the schema's among them (the reading thread has stopped, or never ran).
        let known = knownColumns
        let knownSet = Set(known)
        let columns = known + left.columnsSeen.filter { !knownSet.contains($0) }
        left.remove(foundIn: columns, table: nil)
        unfound = left
        try left.check(watched, columns: columns, table: firstTable, input: read.inputsName)
    }
}
