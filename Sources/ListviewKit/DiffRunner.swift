import ListviewBatches
import ListviewDataSource
import ListviewInput
import ListviewJSON
import ListviewPresentation
import ListviewQuery
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
    }

    /// Runs `request`, writing the differences to `sink` and notes (ragged rows) to `warn`.
    @discardableResult
    public static func run(_ request: DiffRequest, to sink: OutputSink, warn: (String) -> Void = { _ in }) throws -> Outcome {
        if request.old == "-" && request.new == "-" {
            throw ListviewError.usage("only one of OLD and NEW can be standard input ('-')")
        }
        let second = BackgroundResult { try load(request.old, request: request, sink: sink) }
        let newResult = Result { try load(request.new, request: request, sink: sink) }
        let old = try second.get()
        let new = try newResult.get()
        defer {
            old.warnings.forEach(warn)
            new.warnings.forEach(warn)
            if !request.list.freesRecords { LeftForExit.keep([old.table, new.table]) }
        }
        let ready = try checked(request, old: old, new: new)
        let diff: RecordDiff
        do {
            diff = try RecordDiff(old: .init(table: old.table, rows: old.rows), new: .init(table: new.table, rows: new.rows),
                                  key: ready.key, fields: ready.list.fields, ignoring: ready.list.excluded,
                                  equality: ValueEquality(exact: ready.exact))
        } catch let duplicate as RecordDiff.DuplicateKey {
            throw duplicateKeyError(duplicate, key: ready.key, side: duplicate.side == .old ? old : new)
        }
        let report = DiffReport(request: ready, old: old.table, new: new.table, diff: diff)
        try report.write(into: sink)
        return Outcome(different: !diff.isEmpty)
    }

    /// Reads `path` whole, as a list of `request` without order, groups or pages, and keeps
    /// the rows its `--where` passes.
    private static func load(_ path: String, request: DiffRequest, sink: OutputSink) throws -> LoadedSide {
        var list = request.list
        list.inputs = [path]
        (list.groupBy, list.sort, list.limit, list.pageSize, list.page, list.footer, list.countsOnly) = ([], [], nil, nil, nil, nil, false)
        do {
            let schema = RecordSchema()
            let loader = InputLoader(format: list.format, path: list.path, csv: list.csv, delimiter: list.delimiter, schema: schema)
            let opened = try loader.open([path])
            let whole = try WholeList.load(list, opened: opened.source, schema: schema, sink: sink)
            return LoadedSide(table: whole.table, rows: whole.sections.flatMap { $0.items.map(\.row) },
                              name: path == "-" ? "standard input" : path, warnings: opened.source.warnings)
        } catch let error as ListviewError {
            throw FormatHint.annotated(error, request: list)
        }
    }

    /// `request` with its field names checked against the inputs and its `--fields` globs
    /// expanded. A key field must be on both sides; any other name on at least one.
    private static func checked(_ request: DiffRequest, old: LoadedSide, new: LoadedSide) throws -> DiffRequest {
        let keyNames = request.key.map { FieldCheck.NamedField(option: "--key", path: $0) }
        for side in [old, new] {
            try FieldCheck.check(keyNames, patterns: [], of: request.list, columns: side.table.columns, table: side.table, input: side.name)
        }
        let renamed = { (option: String) in option == "--exclude" ? "--ignore" : option }
        let names = FieldCheck.names(in: request.list).map { FieldCheck.NamedField(option: renamed($0.option), path: $0.path) }
        let patterns = FieldCheck.patterns(in: request.list).map { (option: renamed($0.option), pattern: $0.pattern) }
        for name in names {
            try onEitherSide(old, new) { side in
                try FieldCheck.check([name], patterns: [], of: request.list, columns: side.table.columns, table: side.table, input: side.name)
            }
        }
        for pattern in patterns {
            try onEitherSide(old, new) { side in
                try FieldCheck.check([], patterns: [pattern], of: request.list, columns: side.table.columns, table: side.table, input: side.name)
            }
        }
        var ready = request
        let columns = old.table.columns + new.table.columns.filter { !old.table.columns.contains($0) }
        ready.list = try FieldCheck.prepared(request.list, columns: columns, table: nil, checking: false)
        return ready
    }

    /// Passes when `check` passes for one of the sides; else throws the old side's error.
    private static func onEitherSide(_ old: LoadedSide, _ new: LoadedSide, _ check: (LoadedSide) throws -> Void) throws {
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
        let fields = side.table.fields(key)
        let text = side.table.withCells { cells in
            fields.map { "\($0.path.text)=\(CellText.text(for: $0.value(row: duplicate.first, in: cells)))" }.joined(separator: " ")
        }
        let more = key.count == 1 ? " (--key takes several fields: --key \(key[0].text),F)" : ""
        return .malformedInput(source: side.name, line: nil, column: nil,
                               message: "key \(TerminalEscaping.escaped(text)) is on records \(duplicate.first + 1) and \(duplicate.second + 1); a key must name one record\(more)")
    }
}
