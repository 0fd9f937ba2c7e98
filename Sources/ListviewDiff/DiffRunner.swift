import ListviewBatches
import ListviewConcurrency
import ListviewDataSource
import ListviewFormats
import ListviewInput
import ListviewJSON
import ListviewKit
import ListviewPresentation
import ListviewQuery
import ListviewRequest
import ListviewValues

/// Runs a `DiffRequest`: both inputs read at once (the old one on a thread of its own), through
/// the same readers and `--where` as a list; their fields checked; the records compared
/// (`RecordDiff`); the differences written (`DiffReport`).
public enum DiffRunner {
    /// What a diff found, for the exit status.
    public struct Outcome: Equatable, Sendable {
        /// True when the inputs differ (status 1, as diff(1)).
        public var different: Bool
    }

    /// One input read whole: its table, the rows `--where` keeps, and its name in messages.
    struct LoadedSide {
        var table: CellTable
        var rows: [Int]
        var name: String
        var warnings: [String]
        /// Which record of the input each row is.
        var origin: DiffOrigins.Side
        /// True when the input was one JSON object, read as one record (`ReadSpec.rootObjectIsRecord`).
        var isOneDocument = false
    }

    /// Runs `request`, writing the differences to `sink` and notes (ragged rows) to `warn`.
    @discardableResult
    public static func run(_ request: DiffRequest, to sink: OutputSink, warn: (String) -> Void = { _ in }) throws -> Outcome {
        if request.old == "-" && request.new == "-" {
            throw ListviewError.usage("only one of OLD and NEW can be standard input ('-')")
        }
        if request.list.look.style == .junit && request.list.look.countsOnly {
            throw ListviewError.usage("--style junit writes each difference as a test case and --counts only the counts: choose one")
        }
        let plan = DiffPlan(for: request)
        if request.list.explains { warn("plan: \(plan.explanation)") }
        switch plan {
        case .partitioned(let budget, _): return try PartitionedDiff.run(request, budget: budget, to: sink, warn: warn)
        case .keyedInMemory: return try runStreaming(request, to: sink, warn: warn)
        case .unkeyed: break
        }
        // Without a key or --path, two files that are each one JSON object are compared as documents.
        var reading = request
        reading.list.read.rootObjectIsRecord = reading.list.read.path.isEmpty
        let second = BackgroundResult { try load(reading.old, request: reading, sink: sink) }
        let newResult = Result { try load(reading.new, request: reading, sink: sink) }
        var old = try second.get()
        var new = try newResult.get()
        if old.isOneDocument && new.isOneDocument { return try compareDocuments(request, old: old, new: new, to: sink, warn: warn) }
        // One document against a list: the document is listed member by member, as everywhere else.
        if old.isOneDocument { old = try load(request.old, request: request, sink: sink) }
        if new.isOneDocument { new = try load(request.new, request: request, sink: sink) }
        if !request.tolerance.isEmpty {
            throw ListviewError.usage("--tolerance compares the values of records matched by --key, or of two one-object documents: it needs --key here")
        }
        defer { if !request.list.freesRecords { LeftForExit.keep([old.table, new.table]) } }
        let ready = try checked(request, old: .init(old), new: .init(new))
        let diff: RecordDiff
        do {
            diff = try RecordDiff(old: .init(table: old.table, rows: old.rows), new: .init(table: new.table, rows: new.rows),
                                  key: ready.key, fields: ready.list.look.fields, ignoring: ready.list.look.excluded,
                                  equality: ready.equality)
        } catch let duplicate as RecordDiff.DuplicateKey {
            throw duplicateKeyError(duplicate, key: ready.key, side: duplicate.side == .old ? old : new)
        }
        var report = DiffReport(request: ready, old: old.table, new: new.table, diff: diff, origins: DiffOrigins(old: old.origin, new: new.origin))
        // Whole records that differ: a field that could match them by key is worth a note.
        if !diff.isEmpty {
            report.suggestedKey = KeySuggestion.field(old: .init(table: old.table, rows: old.rows), new: .init(table: new.table, rows: new.rows),
                                                      equality: ready.equality)
        }
        try report.write(into: sink)
        // Notes on how the inputs were read follow only a diff that was made: a failure is one line.
        (old.warnings + new.warnings).forEach(warn)
        return Outcome(different: !diff.isEmpty)
    }

    /// A keyed diff: the old side read whole and hashed, the new side streamed batch by batch
    /// (the rest of a large regular file in parts on both cores, each part looked up on the core
    /// that read it), each batch let go but for its added and changed rows (`StreamedDiff`).
    private static func runStreaming(_ request: DiffRequest, to sink: OutputSink, warn: (String) -> Void) throws -> Outcome {
        var old = try load(request.old, request: request, sink: sink)
        let stream = try newSide(request, sink: sink)
        let newName = InputLoader.displayName(of: request.new)
        // The new side's first batch: its fields are checked before any record is compared.
        let seen = LoadedSide(table: try stream.first()?.table ?? CellTable(columns: [], inferTypes: request.list.read.csv.inferTypes),
                              rows: [], name: newName, warnings: [], origin: .init(path: request.new, format: nil, recordCount: 0))
        let ready = try stream.readingErrorsFirst { try checked(request, old: .init(old), new: .init(seen)) }
        let found: (diff: RecordDiff, new: CellTable, places: [Int])
        let newRecords: Int
        do {
            var streamed = try StreamedDiff(old: .init(table: old.table, rows: old.rows), key: ready.key, fields: ready.list.look.fields,
                                            ignoring: ready.list.look.excluded, equality: ready.equality)
            // The index holds the old rows from here (their numbers take 8 MB a million).
            old.rows = []
            // New lines that are old records byte for byte are passed over unparsed.
            // (A line is compared with the header's columns, whatever a long row added.)
            if request.passesOverUnchangedLines, let header = stream.declaredColumns, let recognizer = streamed.comparison.unchangedLines(newColumns: header) {
                stream.passOverRows(recognizedBy: recognizer)
            }
            do {
                try compare(stream, into: &streamed)
            } catch let duplicate as RecordDiff.DuplicateKey where stream.partsRead > 0 {
                // Which of several repeated keys is named first depends on where batches end, and
                // parts end elsewhere: the new side is read again batch by batch, as without parts.
                var again = streamed.restarted()
                let batches = try newSide(request, sink: sink)
                while let batch = try batches.next() { try again.take(again.comparison.lookUp(batch.table, rows: batch.rows.map(\.row))) }
                throw duplicate
            }
            found = streamed.finish(newColumns: stream.columnsShown)
            newRecords = streamed.recordsTaken
        } catch let duplicate as RecordDiff.DuplicateKey {
            throw ListviewError.malformedInput(source: duplicate.side == .old ? old.name : newName, line: nil, column: nil,
                                               message: duplicateKeyMessage(first: duplicate.first, second: duplicate.second, key: ready.key,
                                                                            valuesAt: duplicate.side == .old ? (old.table, duplicate.first) : nil))
        }
        defer { if !request.list.freesRecords { LeftForExit.keep([old.table, found.new]) } }
        let origins = DiffOrigins(old: old.origin, new: .init(path: request.new, format: stream.formats.first, numbers: found.places,
                                                              recordCount: newRecords))
        let report = DiffReport(request: ready, old: old.table, new: found.new, diff: found.diff, origins: origins)
        try report.write(into: sink)
        (old.warnings + stream.warnings).forEach(warn)
        return Outcome(different: !found.diff.isEmpty)
    }

    /// The new side of a keyed diff, opened to be streamed.
    private static func newSide(_ request: DiffRequest, sink: OutputSink) throws -> BatchStream {
        try openSide(request.new, request: request, sink: sink)
    }

    /// One side of a diff, `path`, opened through the list's reading and `--where`. A diff shows
    /// some rows of a side, measured when they are laid out, never the side whole: its batches
    /// are not measured as they are read.
    static func openSide(_ path: String, request: DiffRequest, sink: OutputSink) throws -> BatchStream {
        let stream = try BatchStream(request.list.read.reading([path]), filter: request.list.arrangement.filter, sink: sink)
        stream.measuresColumns = false
        if let size = request.partSize { stream.readInParts(of: size) }
        return stream
    }

    /// Takes every batch of `stream` into `streamed`: those of a file read in parts looked up on
    /// the core that read them, then taken here in order.
    private static func compare(_ stream: BatchStream, into streamed: inout StreamedDiff) throws {
        let comparison = streamed.comparison
        var taken = streamed
        defer { streamed = taken }
        try stream.forEach({ batch in try taken.take(comparison.lookUp(batch.table, rows: batch.rows.map(\.row))) },
                           inParts: { part in comparison.lookUp(part.table, rows: part.rows.map(\.row)) },
                           take: { try taken.take($0) })
    }

    /// Reads `path` whole through the list's reading and `--where`, and keeps the rows that pass.
    private static func load(_ path: String, request: DiffRequest, sink: OutputSink) throws -> LoadedSide {
        let stream = try openSide(path, request: request, sink: sink)
        let name = InputLoader.displayName(of: path)
        if let whole = try stream.wholeTable() {
            return LoadedSide(table: whole.table, rows: whole.rows.map(\.row), name: name, warnings: stream.warnings,
                              origin: .init(path: path, format: stream.formats.first, recordCount: whole.table.rowCount),
                              isOneDocument: stream.readsOneDocument)
        }
        // Batches joined: the kept rows' record numbers, in the order of the kept rows.
        var numbers: [Int] = []
        var recordCount = 0
        let (table, kept) = try WholeList.readBatches(stream) { batch, rows in
            numbers += rows.lazy.map { recordCount + $0 }
            recordCount += batch.rowCount
        }
        let rows = kept.map(\.row)
        return LoadedSide(table: table, rows: rows, name: name, warnings: stream.warnings,
                          origin: .init(path: path, format: stream.formats.first, rows: rows, numbers: numbers, recordCount: recordCount),
                          isOneDocument: stream.readsOneDocument)
    }

    /// Two one-object documents compared path by path (`DocumentDiff`): their members checked as
    /// fields are, `--ignore`'s names applied at the top level like its paths below.
    private static func compareDocuments(_ request: DiffRequest, old: LoadedSide, new: LoadedSide, to sink: OutputSink,
                                         warn: (String) -> Void) throws -> Outcome {
        let arrangement = request.list.arrangement
        if !arrangement.filter.predicates.isEmpty || arrangement.filter.search != nil || !arrangement.groupBy.isEmpty || request.list.look.fields != nil {
            throw ListviewError.usage("\(old.name) and \(new.name) are each one JSON object, compared path by path: --where, --search, --group-by and --fields choose and group records; give --path to list records inside them")
        }
        var ready = try checked(request, old: .init(old), new: .init(new))
        var rules = ready.rules
        rules.ignored += ready.list.look.excluded.patterns.compactMap { DiffPathPattern($0.text) }
        ready.rules = rules
        // `--where` cannot drop a document (refused above): each side is its one row. (A shape
        // cache names columns by position, so each table reads its row with its own.)
        let document = { (side: LoadedSide) -> Value in
            side.table.rowCount > 0 ? side.table.record(at: 0, shapes: RecordShapeCache()).objectValue : .object(ObjectValue(keys: [], values: []))
        }
        defer { if !request.list.freesRecords { LeftForExit.keep([old.table, new.table]) } }
        let diff = DocumentDiff(request: ready, old: document(old), new: document(new), decode: old.table.nestedDecoder ?? new.table.nestedDecoder)
        try diff.write(into: sink)
        (old.warnings + new.warnings).forEach(warn)
        return Outcome(different: !diff.isEmpty)
    }

    /// What a side's field names are checked against: its columns, and a table whose rows hold
    /// any dotted path.
    struct FieldSource {
        var columns: [String]
        var table: CellTable
        var name: String
        /// Records were read (a side of records without fields has none of the names).
        var recordsRead: Bool { table.rowCount > 0 }

        init(columns: [String], table: CellTable, name: String) {
            (self.columns, self.table, self.name) = (columns, table, name)
        }

        init(_ side: LoadedSide) {
            self.init(columns: side.table.columns, table: side.table, name: side.name)
        }
    }

    /// `request` with its field names checked against the inputs and its `--fields` globs
    /// expanded. A key field must be on both sides; any other name on at least one.
    static func checked(_ request: DiffRequest, old: FieldSource, new: FieldSource) throws -> DiffRequest {
        let keyNames = request.key.map { FieldCheck.NamedField(option: "--key", path: $0) }
        for side in [old, new] {
            try FieldCheck.check(keyNames, patterns: [], of: request.list, columns: side.columns, table: side.table, input: side.name,
                                 recordsRead: side.recordsRead)
        }
        let renamed = { (option: String) in option == "--exclude" ? "--ignore" : option }
        // A per-field `--tolerance` names a field as every other option does.
        let tolerated = request.tolerance.fields.keys.sorted().filter { !FieldPattern.isPattern($0) && DiffPathPattern($0)?.isTopLevel ?? true }
            .map { FieldCheck.NamedField(option: "--tolerance", path: FieldPath($0)) }
        let names = FieldCheck.names(in: request.list).map { FieldCheck.NamedField(option: renamed($0.option), path: $0.path) } + tolerated
        let patterns = FieldCheck.patterns(in: request.list).map { FieldCheck.NamedPattern(option: renamed($0.option), pattern: $0.pattern) }
        for name in names {
            try onEitherSide(old, new) { side in
                try FieldCheck.check([name], patterns: [], of: request.list, columns: side.columns, table: side.table, input: side.name,
                                     recordsRead: side.recordsRead)
            }
        }
        for pattern in patterns {
            try onEitherSide(old, new) { side in
                try FieldCheck.check([], patterns: [pattern], of: request.list, columns: side.columns, table: side.table, input: side.name,
                                     recordsRead: side.recordsRead)
            }
        }
        // Paths below the fields: met in some value of either side.
        try NestedPathCheck.check(NestedPathCheck.paths(in: request), sides: [old, new].map { .init(table: $0.table, name: $0.name) })
        var ready = request
        let columns = old.columns + new.columns.filter { !old.columns.contains($0) }
        ready.list = try FieldCheck.prepared(request.list, columns: columns, table: nil, checking: false)
        return ready
    }

    /// Passes when `check` passes for one of the sides; else throws the old side's error.
    private static func onEitherSide(_ old: FieldSource, _ new: FieldSource, _ check: (FieldSource) throws -> Void) throws {
        do {
            try check(old)
        } catch {
            do {
                try check(new)
            } catch _ {
                throw error
            }
        }
    }

    /// `old.csv: key id=7 is on records 3 and 9; …`: records counted from 1 in the input.
    private static func duplicateKeyError(_ duplicate: RecordDiff.DuplicateKey, key: [FieldPath], side: LoadedSide) -> ListviewError {
        .malformedInput(source: side.name, line: nil, column: nil,
                        message: duplicateKeyMessage(first: duplicate.first, second: duplicate.second, key: key,
                                                     valuesAt: (side.table, duplicate.first)))
    }

    /// The message of a duplicate key; the key's values are read from `valuesAt`, a table and the
    /// row of the first record in it, when there is one (a streamed side keeps only some rows:
    /// there the key is named by its fields).
    static func duplicateKeyMessage(first: Int, second: Int, key: [FieldPath], valuesAt: (table: CellTable, row: Int)?) -> String {
        var named = key.map(\.text).joined(separator: ",")
        if let (table, row) = valuesAt, row < table.rowCount {
            let fields = table.fields(key)
            named = table.withCells { cells in
                fields.map { "\($0.path.text)=\(CellText.text(for: $0.value(row: row, in: cells)))" }.joined(separator: " ")
            }
        }
        let more = key.count == 1 ? " (--key takes several fields: --key \(key[0].text),F)" : ""
        return "key \(TerminalEscaping.escaped(named)) is on records \(first + 1) and \(second + 1); a key must name one record\(more)"
    }
}
