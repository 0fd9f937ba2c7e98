import ListviewBatches
import ListviewPresentation
import ListviewValues

/// The rows of `listview diff -i`'s review screen: one JSON object a line per difference, which
/// the browser opens grouped by `change`, so its sections are the kinds of change with their
/// counts and every key of the browser works on them. `q` writes the marked rows as they are.
///
/// A record's row holds `change` (`field-removed`, `field-added`, `removed`, `added`,
/// `changed`), the key fields (each named as it is, or `key.NAME` when the name is one of the
/// row's own), `fields` (the fields that changed), `changes` (each value that differs as
/// `path: old → new`, `path: value` for a record removed or added, joined by ` · `), for a
/// changed record `paths` (each `{"path":…,"old":…,"new":…}`), and the records `old` and `new`
/// (null on the side that lacks one); a field only one side has, last,
/// `{"change":"field-added","field":"email"}`:
///
///     {"change":"changed","id":1001,"fields":["total"],"changes":"total: 48.90 → 49.90","old":{…},"new":{…}}
///
/// A one-document diff's row is a path, as its `--style jsonl` writes it (`DocumentDiff`):
/// `{"change":"changed","path":"config.limits.max","old":10,"new":20}`.
enum DiffReviewRows {
    /// The names a record's row holds besides its key fields.
    private static let ownNames: Set<String> = ["change", "fields", "changes", "paths", "old", "new", "field"]

    static func write(_ report: DiffReport, into sink: OutputSink) throws {
        let diff = report.diff
        var bytes = ByteOutput()
        let builder = report.changedRecordBuilder
        let lines = ChangeLinesWriter()
        // A cache of shapes names columns by position: one for each table.
        let (oldShapes, newShapes) = (RecordShapeCache(), RecordShapeCache())
        for difference in report.sections.flatMap(\.items) {
            let record = builder.record(for: difference)
            bytes.append("{\"change\":\"\(difference.kind.rawValue)\"")
            for (name, value) in record.key {
                bytes.append(",")
                JSONString.append(ownNames.contains(name) ? "key." + name : name, to: &bytes)
                bytes.append(":" + (value?.compactJSON ?? "null"))
            }
            let changed = difference.kind == .changed ? difference.fields.map { report.diff.compared[$0].text } : []
            bytes.append(",\"fields\":" + Value.array(changed.map(Value.string)).compactJSON)
            let texts = record.changes.map { lines.line($0, of: difference.kind) }
            bytes.append(",\"changes\":")
            JSONString.append(texts.joined(separator: " · "), to: &bytes)
            if difference.kind == .changed {
                bytes.append(",\"paths\":[")
                for (index, change) in record.changes.enumerated() {
                    if index > 0 { bytes.append(",") }
                    bytes.append("{\"path\":")
                    JSONString.append(change.path, to: &bytes)
                    bytes.append(",\"old\":" + (change.old?.compactJSON ?? "null") + ",\"new\":" + (change.new?.compactJSON ?? "null") + "}")
                }
                bytes.append("]")
            }
            let old = difference.old.map { report.old.record(at: $0, shapes: oldShapes).objectValue.compactJSON } ?? "null"
            let new = difference.new.map { report.new.record(at: $0, shapes: newShapes).objectValue.compactJSON } ?? "null"
            bytes.append(",\"old\":" + old + ",\"new\":" + new + "}\n")
            if bytes.count >= 1 << 16 {
                try sink.write(block: bytes)
                bytes = ByteOutput()
            }
        }
        // Fields only one side has come last: their rows have a column of their own.
        for (fields, kind) in [(diff.fieldsRemoved, "field-removed"), (diff.fieldsAdded, "field-added")] {
            for field in fields {
                bytes.append("{\"change\":\"\(kind)\",\"field\":")
                JSONString.append(field, to: &bytes)
                bytes.append("}\n")
            }
        }
        try sink.write(block: bytes)
        try sink.flush()
    }
}
