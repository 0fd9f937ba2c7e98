import ListviewBatches
import ListviewDataSource
import ListviewInput
import ListviewPresentation
import ListviewQuery
import ListviewValues

/// The differences of a diff as a sectioned list, written in the requested style.
///
/// The differences are grouped by their kind (`change`: removed, added, changed, in that
/// order), then by each `--group-by` field of their record (the new record for added and
/// changed ones, the old for removed ones): the sections of a list, so every style
/// writes them as it writes a list's sections. People see fields that appear or disappear
/// first, then each kind under its title (`Removed · 2 records`), removed and added
/// records as the list styles draw records, changed records as `field: old → new` lines,
/// and a summary: `24 unchanged · 1 added · 2 removed · 1 changed`.
struct DiffReport {
    let request: DiffRequest
    let old: CellTable
    let new: CellTable
    let diff: RecordDiff
    let sections: [Section<Difference>]

    init(request: DiffRequest, old: CellTable, new: CellTable, diff: RecordDiff) {
        self.request = request
        self.old = old
        self.new = new
        self.diff = diff
        let groupBy = request.list.arrangement.groupBy
        let (oldFields, newFields) = (old.fields(groupBy), new.fields(groupBy))
        sections = old.withCells { oldCells in
            new.withCells { newCells in
                RecordGrouper.sections(diff.differences, by: [Self.changeField] + groupBy) { difference, level -> Value? in
                    guard level > 0 else { return .string(difference.kind.rawValue) }
                    if let row = difference.new { return newFields[level - 1].value(row: row, in: newCells) }
                    return difference.old.flatMap { oldFields[level - 1].value(row: $0, in: oldCells) }
                }
            }
        }
    }

    /// The field the first level of sections is named by.
    static let changeField = FieldPath("change")

    func write(into sink: OutputSink) throws {
        let list = request.list
        let grouped = !list.arrangement.groupBy.isEmpty
        switch list.look.style {
        case .json, .jsonl:
            if list.look.countsOnly { return try DiffJSONWriter.writeCounts(diff, sections: sections, grouped: grouped, into: sink) }
            let writer = DiffJSONWriter(old: old, new: new, diff: diff, key: request.key, columns: shownColumns,
                                        excluded: list.look.excluded)
            try writer.write(sections, lines: list.look.style == .jsonl, into: sink)
        case .csv, .tsv:
            if list.look.countsOnly { return try SectionCounts.write(countSections, style: list.look.style, groupFields: countFields, into: sink) }
            let builder = changedRecordBuilder
            let records = sections.flatMap(\.items).map { (kind: $0.kind, record: builder.record(for: $0)) }
            try DiffDelimitedWriter(dialect: list.look.style == .csv ? .csv : .tsv).write(records, keyNames: request.key.map(\.text), into: sink)
        case .table, .list, .line, .markdown:
            try writeForPeople(into: sink)
        }
    }

    /// The columns records are written with: `--fields` after the key fields, or nil for all.
    private var shownColumns: [ColumnSpec]? {
        guard let fields = request.list.look.fields else { return nil }
        let key = request.key.filter { !fields.contains($0) }
        return (key + fields).map { ColumnSpec($0) }
    }

    private var changedRecordBuilder: ChangedRecord.Builder {
        ChangedRecord.Builder(old: old, new: new, key: request.key, compared: diff.compared, shown: request.list.look.fields,
                              excluded: request.list.look.excluded, equality: ValueEquality(exact: request.exact))
    }

    /// `--counts` in a list's counts shape: one section per kind (and group), every kind listed.
    private var countSections: [Section<Record>] {
        func section(_ info: SectionInfo) -> Section<Record> {
            var section = Section<Record>(info: info, items: [])
            section.info.count = info.count  // a count without its records
            return section
        }
        if !request.list.arrangement.groupBy.isEmpty { return sections.map { section($0.info) } }
        let counts: [(String, Int)] = [("removed", diff.removed.count), ("added", diff.added.count), ("changed", diff.changed.count),
                                       ("unchanged", diff.unchanged)]
        return counts.map { name, count in
            section(SectionInfo(keys: [SectionKey(field: Self.changeField, value: .string(name))], count: count))
        }
    }

    private var countFields: [FieldPath] { [Self.changeField] + request.list.arrangement.groupBy }

    // MARK: - For people

    private func writeForPeople(into sink: OutputSink) throws {
        let list = request.list
        let theme = Theme(enabled: list.look.color)
        let markdown = list.look.style == .markdown
        func title(_ text: String) -> String { markdown ? "### \(text)\n\n" : theme.sectionHeader(text) + "\n" }
        var notes: [String] = []
        if !diff.fieldsAdded.isEmpty { notes.append("Fields added: " + diff.fieldsAdded.map(TerminalEscaping.escaped).joined(separator: ", ")) }
        if !diff.fieldsRemoved.isEmpty { notes.append("Fields removed: " + diff.fieldsRemoved.map(TerminalEscaping.escaped).joined(separator: ", ")) }
        if !notes.isEmpty { try sink.write(notes.joined(separator: "\n") + "\n\n") }
        if !list.look.countsOnly {
            for kind in Difference.Kind.allCases {
                let ofKind = sections.filter { $0.info.keys.first?.value == .string(kind.rawValue) }
                guard let first = ofKind.first else { continue }
                try sink.write(title("\(kind.title) · \(RecordCount.text(first.info.levelCounts.first ?? first.info.count))"))
                let inner = ofKind.map(Self.innerSection)
                if kind == .changed {
                    try writeChanged(inner, theme: theme, into: sink)
                } else {
                    try writeRecords(inner, table: kind == .removed ? old : new, into: sink)
                }
                try sink.write("\n")
            }
        } else if !list.arrangement.groupBy.isEmpty {
            try SectionCounts.write(countSections, style: list.look.style, groupFields: countFields, into: sink)
        }
        let summary = diff.summary
        try sink.write((markdown ? summary : theme.footer(summary)) + "\n")
        try sink.flush()
    }

    /// A section without its first level (the kind), as the records' own sections.
    private static func innerSection<Item>(_ section: Section<Item>) -> Section<Item> {
        var inner = section
        inner.info.keys.removeFirst()
        inner.info.levelCounts = Array(section.info.levelCounts.dropFirst())
        inner.info.header = inner.info.keys.isEmpty ? nil : SectionTitle.text(for: inner.info.keys)
        return inner
    }

    /// Removed or added records, drawn as a list of `table`'s rows in the requested style.
    private func writeRecords(_ sections: [Section<Difference>], table: CellTable, into sink: OutputSink) throws {
        let rows = sections.map { section in
            var rows = Section(info: section.info, items: section.items.map { RowRef($0.new ?? $0.old ?? 0) })
            rows.info.count = section.info.count
            return rows
        }
        var list = request.list
        list.look.fields = shownColumns.map { $0.map(\.path) }
        try WholeList(table: table, sections: rows).render(list, page: nil, schema: RecordSchema(), into: sink)
    }

    /// Changed records as `field: old → new` lines, under their group headers.
    private func writeChanged(_ sections: [Section<Difference>], theme: Theme, into sink: OutputSink) throws {
        let builder = changedRecordBuilder
        let writer = ChangeLinesWriter(theme: theme, width: request.list.look.width, markdown: request.list.look.style == .markdown)
        var previous: SectionInfo?
        for section in sections {
            if !section.info.keys.isEmpty {
                for level in section.info.firstNewLevel(after: previous)..<section.info.keys.count {
                    let indent = String(repeating: "  ", count: level)
                    try sink.write(indent + theme.sectionHeader(section.info.levelTitle(level)) + "\n")
                }
            }
            previous = section.info
            try writer.write(section.items.map(builder.record(for:)), into: sink)
        }
    }
}
