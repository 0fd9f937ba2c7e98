import ListviewBatches
import ListviewDataSource
import ListviewPresentation
import ListviewQuery
import ListviewValues

/// `listview diff` as JSON, for scripts.
///
/// `--style jsonl`: one object per difference,
/// `{"change":"changed","key":{"id":1001},"old":{…},"new":{…},"fields":["total"]}`
/// (`old` null for an added record, `new` null for a removed one, `fields` the compared
/// fields that changed), after one `{"change":"field-added","field":"email"}` or
/// `"field-removed"` object per field only one side has.
///
/// `--style json`: the sections shape of a list, `{"sections":[{"field":"change",
/// "key":"removed","count":1,"records":[…]}…]}` with those objects as records, and
/// `"fields_added"`, `"fields_removed"` and the `"summary"` counts beside the sections.
public struct DiffJSONWriter {
    /// What a diff writes beside its differences when asked: `--stat`'s counts (`field_stats`, or a
    /// `field-stats` line) and a suggested key (`key_suggestion`, or a `key-suggestion` line).
    public struct Extras {
        public var fieldStats: [(field: String, records: Int)]?
        public var suggestedKey: String?

        public init(fieldStats: [(field: String, records: Int)]?, suggestedKey: String?) {
            self.fieldStats = fieldStats
            self.suggestedKey = suggestedKey
        }

        /// `,"field_stats":{…},"key_suggestion":"id"` for the members that are there.
        func appendMembers(to bytes: inout ByteOutput) {
            if let fieldStats {
                bytes.append(",\"field_stats\":")
                Extras.appendStats(fieldStats, to: &bytes)
            }
            if let suggestedKey {
                bytes.append(",\"key_suggestion\":")
                JSONString.append(suggestedKey, to: &bytes)
            }
        }

        /// `{"change":"field-stats","fields":{…}}` and `{"change":"key-suggestion","field":"id"}` lines.
        func appendLines(to bytes: inout ByteOutput) {
            if let fieldStats {
                bytes.append("{\"change\":\"field-stats\",\"fields\":")
                Extras.appendStats(fieldStats, to: &bytes)
                bytes.append("}\n")
            }
            if let suggestedKey {
                bytes.append("{\"change\":\"key-suggestion\",\"field\":")
                JSONString.append(suggestedKey, to: &bytes)
                bytes.append("}\n")
            }
        }

        /// `{"total":1204,"status":3}`, most changed first.
        private static func appendStats(_ stats: [(field: String, records: Int)], to bytes: inout ByteOutput) {
            bytes.append(UInt8(ascii: "{"))
            for (index, stat) in stats.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                JSONString.append(stat.field, to: &bytes)
                bytes.append(":\(stat.records)")
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    let old: CellTable
    let new: CellTable
    let diff: RecordDiff
    let key: [FieldPath]
    let oldFields: TableOutputFields
    let newFields: TableOutputFields

    /// `columns`: the `--fields` to write of each record (nil: every field but the `excluded`).
    public init(old: CellTable, new: CellTable, diff: RecordDiff, key: [FieldPath], columns: [ColumnSpec]?, excluded: FieldExclusion) {
        self.old = old
        self.new = new
        self.diff = diff
        self.key = key
        let fields = OutputFields(columns: columns, excluding: excluded, schema: RecordSchema())
        oldFields = TableOutputFields(fields, table: old, writesHeaderRow: false)
        newFields = TableOutputFields(fields, table: new, writesHeaderRow: false)
    }

    /// Writes `sections` as JSON Lines (`lines`) or one JSON document, with `extras` after them.
    public func write(_ sections: [Section<Difference>], lines: Bool, extras: Extras, into sink: OutputSink) throws {
        if lines {
            try sink.appendBytes { bytes in
                for (change, names) in [("field-added", diff.fieldsAdded), ("field-removed", diff.fieldsRemoved)] {
                    for name in names {
                        bytes.append("{\"change\":\"\(change)\",\"field\":")
                        JSONString.append(name, to: &bytes)
                        bytes.append("}\n")
                    }
                }
            }
            try appendObjects(sections.flatMap(\.items), into: sink, before: { _ in "" }, after: "\n")
            try sink.appendBytes { extras.appendLines(to: &$0) }
            return try sink.flush()
        }
        try sink.appendBytes { bytes in
            bytes.append("{\"fields_added\":")
            Value.array(diff.fieldsAdded.map(Value.string)).appendJSON(to: &bytes)
            bytes.append(",\"fields_removed\":")
            Value.array(diff.fieldsRemoved.map(Value.string)).appendJSON(to: &bytes)
            bytes.append(",\"sections\":[")
        }
        for (index, section) in sections.enumerated() {
            try sink.appendBytes { bytes in
                bytes.append(index == 0 ? "\n  " : ",\n  ")
                Self.appendSectionStart(section.info, to: &bytes)
                bytes.append(",\"records\":[")
            }
            try appendObjects(section.items, into: sink, before: { $0 == 0 ? "\n    " : ",\n    " }, after: "")
            try sink.appendBytes { $0.append("\n  ]}") }
        }
        try sink.appendBytes { bytes in
            bytes.append(sections.isEmpty ? "],\"summary\":" : "\n],\"summary\":")
            Self.appendCounts(diff, to: &bytes)
            extras.appendMembers(to: &bytes)
            bytes.append("}\n")
        }
        try sink.flush()
    }

    /// `--counts` as JSON: `{"unchanged":U,"added":A,"removed":R,"changed":C}`, and with groups
    /// the `"sections"` and their counts; `extras` as members of it (or, in JSON Lines, as lines
    /// after it).
    public static func writeCounts(_ diff: RecordDiff, sections: [Section<Difference>], grouped: Bool, extras: Extras, lines: Bool,
                                   into sink: OutputSink) throws {
        try sink.appendBytes { bytes in
            appendCounts(diff, to: &bytes)
            bytes.removeLast(from: bytes.count - 1)
            if grouped {
                bytes.append(",\"sections\":[")
                for (index, section) in sections.enumerated() {
                    if index > 0 { bytes.append(",") }
                    appendSectionStart(section.info, to: &bytes)
                    bytes.append("}")
                }
                bytes.append("]")
            }
            if !lines { extras.appendMembers(to: &bytes) }
            bytes.append("}\n")
            if lines { extras.appendLines(to: &bytes) }
        }
        try sink.flush()
    }

    /// `{"unchanged":U,"added":A,"removed":R,"changed":C}`.
    private static func appendCounts(_ diff: RecordDiff, to bytes: inout ByteOutput) {
        bytes.append("{\"unchanged\":\(diff.unchanged),\"added\":\(diff.added.count),\"removed\":\(diff.removed.count),\"changed\":\(diff.changed.count)}")
    }

    /// `{"field":…,"key":…,"count":N` (a list's section shape; arrays for nested groups).
    private static func appendSectionStart(_ info: SectionInfo, to bytes: inout ByteOutput) {
        bytes.append("{\"field\":")
        JSONPresenter.appendFieldAndKey(of: info, to: &bytes)
        bytes.append(",\"count\":\(info.count)")
    }

    /// Each of `differences` as an object between what `before` gives for its place among them
    /// and `after`, laid out on both cores and written in order (`OrderedBlockWriter`).
    private func appendObjects(_ differences: [Difference], into sink: OutputSink, before: @escaping @Sendable (Int) -> String,
                               after: String) throws {
        let layout = ObjectLayout(self)
        try OrderedBlockWriter.write(count: differences.count, blockSize: 2_048, into: sink) { [self] range, bytes in
            // Both tables' cells opened once a block: opening them per record copied the tables.
            old.withCells { oldCells in
                new.withCells { newCells in
                    for place in range {
                        bytes.append(before(place))
                        appendObject(differences[place], layout: layout, oldCells: oldCells, newCells: newCells, to: &bytes)
                        bytes.append(after)
                    }
                }
            }
        }
    }

    /// What every object of a diff shares, worked out once: each kind's opening, the key fields
    /// on each side with their names as JSON, and the compared fields' names as JSON.
    private struct ObjectLayout: Sendable {
        /// `{"change":"changed","key":{` for each kind.
        let openings: [Difference.Kind: [UInt8]]
        let oldKey: [TableField]
        let newKey: [TableField]
        /// `"id":` for each key field.
        let keyNames: [[UInt8]]
        /// `"total"` for each compared field.
        let comparedNames: [[UInt8]]

        init(_ writer: DiffJSONWriter) {
            openings = Dictionary(uniqueKeysWithValues: Difference.Kind.allCases.map { kind in
                (kind, Array("{\"change\":\"\(kind.rawValue)\",\"key\":{".utf8))
            })
            (oldKey, newKey) = (writer.old.fields(writer.key), writer.new.fields(writer.key))
            keyNames = writer.key.map { JSONString.key($0.text) }
            comparedNames = writer.diff.compared.map { JSONString.literalBytes($0.text) }
        }
    }

    /// One difference as an object.
    private func appendObject(_ difference: Difference, layout: ObjectLayout, oldCells: CellTable.Cells, newCells: CellTable.Cells,
                              to bytes: inout ByteOutput) {
        bytes.append(contentsOf: layout.openings[difference.kind] ?? [])
        let (cells, fields, row) = difference.new.map { (newCells, layout.newKey, $0) } ?? (oldCells, layout.oldKey, difference.old ?? 0)
        for (index, field) in fields.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(contentsOf: layout.keyNames[index])
            (field.value(row: row, in: cells) ?? .null).appendJSON(to: &bytes)
        }
        bytes.append("},\"old\":")
        appendRecord(difference.old, of: old, fields: oldFields, cells: oldCells, to: &bytes)
        bytes.append(",\"new\":")
        appendRecord(difference.new, of: new, fields: newFields, cells: newCells, to: &bytes)
        bytes.append(",\"fields\":[")
        for (index, field) in difference.fields.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(contentsOf: layout.comparedNames[field])
        }
        bytes.append("]}")
    }

    private func appendRecord(_ row: Int?, of table: CellTable, fields: TableOutputFields, cells: CellTable.Cells, to bytes: inout ByteOutput) {
        guard let row else { return bytes.append("null") }
        fields.appendObject(row: row, of: table, cells: cells, to: &bytes)
    }
}
