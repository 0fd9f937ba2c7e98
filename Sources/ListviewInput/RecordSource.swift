import ListviewBatches
import ListviewValues

/// Hands out an input's rows in batches of cells as a reader completes them: the pattern's
/// progressive loading.
///
/// A source reads only as much input as it needs for the next batch, so a
/// consumer that stops early (a first page, `--limit`) never reads the rest.
/// A batch's rows are seen as records through `CellTable.record(at:shapes:)`.
public protocol RecordSource {
    /// The next rows as a batch of cells (at least one row), or nil when the input is exhausted: the
    /// rows the reader has completed, so a slow pipe hands on what it has. A batch's columns are
    /// named; they are not schema numbers.
    mutating func nextBatch(schema: RecordSchema) throws -> CellTable?
    /// True when a row is ready without reading more input.
    var hasCompletedRecord: Bool { get }
    /// Notes about the input read so far that deserve a line on stderr (ragged CSV rows).
    var warnings: [String] { get }
    /// The columns the input names up front (a CSV header), once read; nil when it names none.
    var declaredColumns: [String]? { get }
    /// True when the input was one JSON object read as one record (`ReadSpec.rootObjectIsRecord`).
    var readsOneDocument: Bool { get }
    /// Every record as a `CellTable` of scalar cells (a plain table of the whole input), by a source
    /// that can read its input so; nil when it cannot (then read the batches). Called before any
    /// batch is read.
    func cellTable() throws -> CellTable?
    /// The rest of the input as parts of about `size` bytes that read on their own (`FileParts`),
    /// for a source over a large regular file that can cut it; nil otherwise.
    func fileParts(size: Int) throws -> (any FileParts)?
    /// Asks the batches (and a `cellTable()`) to measure their columns as cells arrive, or not
    /// (when nothing reads the measures); called before anything is read. A source that always
    /// measures ignores it.
    func measureColumns(_ measuring: Bool)
    /// Asks the reader to pass over the lines `recognizer` recognises as known records (each
    /// noted among its batch's `passedOver` rows); called between batches, before any is read
    /// ahead or in parts. A reader of no delimited text ignores it.
    func passOverRows(recognizedBy recognizer: any RowRecognizer)
    /// Reads a regular file of any size in parts (`fileParts`, `cellTable`), where a reader cuts
    /// only files of several megabytes: tests read small files so. Called before anything is
    /// read; a source that cannot cut its input ignores it.
    func readEveryFileInParts()
}

extension RecordSource {
    public var warnings: [String] { [] }
    public var hasCompletedRecord: Bool { false }
    public var declaredColumns: [String]? { nil }
    public var readsOneDocument: Bool { false }
    public func cellTable() throws -> CellTable? { nil }
    public func fileParts(size: Int) throws -> (any FileParts)? { nil }
    public func measureColumns(_ measuring: Bool) {}
    public func passOverRows(recognizedBy recognizer: any RowRecognizer) {}
    public func readEveryFileInParts() {}
}

/// Several sources one after another (several input files).
public struct ConcatenatedSource: RecordSource {
    private var sources: [any RecordSource]
    private var current = 0
    /// Given to every batch handed on that has no decoder of its own: a nested cell (a record's
    /// array or object, as compact JSON) then has a value whatever reader made the batch.
    private let nestedDecoder: NestedValueDecoder?
    /// `--file-field NAME`: a first field `name` holding each input's name (`inputNames`, one per
    /// source). Its records then travel batch by batch, each record retold with the field.
    public var fileField: (name: String, inputNames: [String])?

    public init(_ sources: [any RecordSource], nestedDecoder: NestedValueDecoder? = nil) {
        self.sources = sources
        self.nestedDecoder = nestedDecoder
    }

    public var warnings: [String] { sources.flatMap(\.warnings) }

    /// True when the one input was one JSON object read as one record.
    public var readsOneDocument: Bool { sources.count == 1 && sources[0].readsOneDocument }

    /// One input's own cell table, when it has one.
    public func cellTable() throws -> CellTable? {
        guard sources.count == 1, current == 0, fileField == nil else { return nil }
        return try sources[0].cellTable()
    }

    /// One input's own parts, when it can be cut.
    public func fileParts(size: Int) throws -> (any FileParts)? {
        guard sources.count == 1, current == 0, fileField == nil else { return nil }
        return try sources[0].fileParts(size: size)
    }

    /// A single input's declared columns; several inputs may each declare others, so none.
    public var declaredColumns: [String]? {
        guard sources.count == 1, let declared = sources.first?.declaredColumns else { return nil }
        return fileField.map { [$0.name] + declared } ?? declared
    }

    /// `record` with a first field `name` holding `value`; a usage error when it has that field already.
    private static func record(_ record: Record, withField name: String, value: String, schema: RecordSchema) throws -> Record {
        guard !record.names.contains(name) else {
            throw ListviewError.usage("--file-field \(name): the input has a field '\(name)' already; choose another name")
        }
        return schema.record(keys: [name] + record.names, values: [Value.string(value)] + record.values)
    }

    /// The current input's next batch, each input in turn.
    public mutating func nextBatch(schema: RecordSchema) throws -> CellTable? {
        // The file field comes first in the schema's column order, before any input's own.
        if let fileField { _ = schema.column(named: fileField.name) }
        while current < sources.count {
            if var batch = try sources[current].nextBatch(schema: schema) {
                if batch.nestedDecoder == nil { batch.nestedDecoder = nestedDecoder }
                guard let fileField else { return batch }
                var tagged = CellTable(columns: [], inferTypes: batch.inferTypes)
                tagged.nestedDecoder = batch.nestedDecoder
                let shapes = RecordShapeCache()
                for row in 0..<batch.rowCount {
                    let record = batch.record(at: row, shapes: shapes)
                    tagged.append(try Self.record(record, withField: fileField.name, value: fileField.inputNames[current], schema: schema),
                                  schema: schema)
                }
                return tagged
            }
            current += 1
        }
        return nil
    }

    public var hasCompletedRecord: Bool { current < sources.count && sources[current].hasCompletedRecord }

    public func measureColumns(_ measuring: Bool) {
        for source in sources { source.measureColumns(measuring) }
    }

    /// (Not with `fileField`: its batches are made again, record by record, without the rows passed over.)
    public func passOverRows(recognizedBy recognizer: any RowRecognizer) {
        guard fileField == nil else { return }
        for source in sources { source.passOverRows(recognizedBy: recognizer) }
    }

    public func readEveryFileInParts() {
        for source in sources { source.readEveryFileInParts() }
    }
}
