import ListviewBatches
import ListviewPresentation
import ListviewQuery
import ListviewValues

/// `listview diff --style csv` (or `tsv`): one row per value that differs, in long form,
/// `change,KEY…,field,old,new`.
///
/// A changed record gives a row per changed field (nested values at the paths that
/// differ); a removed record a row per field with the value under `old` and `new`
/// empty (null), an added record the reverse. Every row stands alone, so the output
/// filters and pivots with any CSV tool.
public struct DiffDelimitedWriter {
    public let dialect: DelimitedPresenter.Dialect

    public init(dialect: DelimitedPresenter.Dialect) {
        self.dialect = dialect
    }

    /// Writes the header row and a row per change of each of `records` (with its kind).
    public func write(_ records: [(kind: Difference.Kind, record: ChangedRecord)], keyNames: [String], into sink: OutputSink) throws {
        try sink.appendBytes { bytes in
            appendRow(["change"] + keyNames + ["field", "old", "new"], to: &bytes)
        }
        for (kind, record) in records {
            try sink.appendBytes { bytes in
                let key = record.key.map { Self.plain($0.value) }
                for change in record.changes {
                    appendRow([kind.rawValue] + key + [change.path, Self.plain(change.old), Self.plain(change.new)], to: &bytes)
                }
            }
        }
        try sink.flush()
    }

    /// `--stat`'s table: a header row `field,changed`, then each field and its count of changed records.
    public func writeFieldStats(_ stats: [(field: String, records: Int)], into sink: OutputSink) throws {
        try writeTable(header: ["field", "changed"], rows: stats.map { [$0.field, String($0.records)] }, into: sink)
    }

    /// A header row and `rows` (nil: an empty field).
    func writeTable(header: [String], rows: [[String?]], into sink: OutputSink) throws {
        try sink.appendBytes { bytes in
            appendRow(header, to: &bytes)
            for row in rows { appendRow(row, to: &bytes) }
        }
        try sink.flush()
    }

    /// A value's plain text, nil (an empty field) for none or null.
    static func plain(_ value: Value?) -> String? {
        guard let value, !value.isNull else { return nil }
        return CellText.unescapedText(for: value)
    }

    private func appendRow(_ fields: [String?], to bytes: inout ByteOutput) {
        for (index, field) in fields.enumerated() {
            if var text = field {
                text.withUTF8 { DelimitedPresenter.appendField(UnsafeRawBufferPointer($0), first: index == 0, dialect: dialect, to: &bytes) }
            } else {
                DelimitedPresenter.appendField(nil, first: index == 0, dialect: dialect, to: &bytes)
            }
        }
        bytes.append(0x0A)
    }
}
