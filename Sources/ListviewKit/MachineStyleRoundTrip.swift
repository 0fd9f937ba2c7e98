import Glibc
import ListviewBatches
import ListviewFormats
import ListviewInput
import ListviewJSON
import ListviewPresentation
import ListviewQuery
import ListviewValues

/// Writes records in a machine style and reads the output back: the round-trip property that the
/// tests and the `roundtrip` fuzz target check (issue 14).
///
/// JSON and JSON Lines must give back the same records exactly: key order, number
/// text, nested values, nulls, missing keys. CSV and TSV have no types, nulls or
/// nesting, so they must give back the same header and the same text in every
/// cell (a null or missing field as an empty one, a nested value as compact JSON).
public enum MachineStyleRoundTrip {
    /// The styles a list can be read back from.
    public static let styles: [OutputStyle] = [.json, .jsonl, .csv, .tsv]

    /// What differs between `records` (with the header `columns`) and what reading them back from
    /// `style` gives, or nil when nothing does. `scratchPath` is where the output is written to be
    /// read, as a file is.
    public static func difference(_ records: [Record], columns: [String], style: OutputStyle, scratchPath: String) throws -> String? {
        let written = try write(records, columns: columns, style: style)
        let read = try self.read(written, style: style, scratchPath: scratchPath)
        let delimited = style == .csv || style == .tsv
        if delimited, read.columns != columns {
            return "the header \(columns) reads back as \(read.columns)"
        }
        let expected = delimited ? cellTexts(records, columns: columns) : records.map { [$0.objectValue.compactJSON] }
        let actual = delimited ? cellTexts(read.records, columns: read.columns) : read.records.map { [$0.objectValue.compactJSON] }
        guard actual != expected else { return nil }
        let first = zip(expected, actual).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(expected.count, actual.count)
        return "\(expected.count) records read back as \(actual.count); record \(first + 1): "
            + "\(first < expected.count ? "\(expected[first])" : "none") became \(first < actual.count ? "\(actual[first])" : "none")"
    }

    /// `records` written in `style`.
    static func write(_ records: [Record], columns: [String], style: OutputStyle) throws -> [UInt8] {
        var table = CellTable(records: records)
        table.nestedDecoder = JSONNestedValue.decode
        guard var presenter = style.descriptor.machinePresenter(fields: OutputFields(columns: nil, schemaColumns: columns), grouped: false) else {
            return []
        }
        presenter.use(table)
        let sink = OutputSink.memory()
        try presenter.begin(page: nil, into: sink)
        if table.rowCount == 0 {
            try presenter.emptyState(into: sink)
        } else {
            try presenter.rows((0..<table.rowCount).map(RowRef.init)[...], into: sink)
        }
        try presenter.end(page: nil, into: sink)
        return sink.takeCollected()
    }

    /// The records (and the header, for CSV and TSV) in `bytes`, read as `style`'s format through a
    /// file at `scratchPath`, as the command line reads one.
    public static func read(_ bytes: [UInt8], style: OutputStyle, scratchPath: String) throws -> (records: [Record], columns: [String]) {
        let format = FormatDescriptor.written(by: style) ?? .json
        let descriptor = open(scratchPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard descriptor >= 0 else { throw ListviewError.cannotOpen(source: scratchPath, reason: SystemError.message(for: errno)) }
        let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        guard written == bytes.count else { throw ListviewError.writeFailed(reason: "short write to \(scratchPath)") }
        let loader = InputLoader(format: format)
        var (source, _) = try loader.open(path: scratchPath)
        var records: [Record] = []
        while let batch = try source.nextBatch(schema: loader.schema) {
            let shapes = RecordShapeCache()
            records += (0..<batch.rowCount).map { batch.record(at: $0, shapes: shapes) }
        }
        return (records, source.declaredColumns ?? [])
    }

    /// Each record's cells under `columns`, as text: what CSV and TSV can hold.
    static func cellTexts(_ records: [Record], columns: [String]) -> [[String]] {
        records.map { record in
            columns.map { column in
                guard let value = record[column], !value.isNull else { return "" }
                return CellText.unescapedText(for: value)
            }
        }
    }
}
