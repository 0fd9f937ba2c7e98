import ListviewBatches
import ListviewDataSource
import ListviewFormats
import ListviewInput
import ListviewKit
import ListviewPresentation
import ListviewQuery
import ListviewRequest
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
    /// Where the records came from, for `--style github` (nil: annotations name the files alone).
    let origins: DiffOrigins?
    /// A field that would match the records by key, for a diff of whole records (`KeySuggestion`).
    var suggestedKey: String?
    let sections: [Section<Difference>]

    init(request: DiffRequest, old: CellTable, new: CellTable, diff: RecordDiff, origins: DiffOrigins? = nil) {
        self.request = request
        self.old = old
        self.new = new
        self.diff = diff
        self.origins = origins
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
        if request.review { return try DiffReviewRows.write(self, into: sink) }
        let grouped = !list.arrangement.groupBy.isEmpty
        switch list.look.style {
        case .json, .jsonl:
            let extras = DiffJSONWriter.Extras(fieldStats: request.stat ? diff.fieldStats : nil, suggestedKey: suggestedKey)
            if list.look.countsOnly {
                return try DiffJSONWriter.writeCounts(diff, sections: sections, grouped: grouped, extras: extras, lines: list.look.style == .jsonl,
                                                      into: sink)
            }
            let writer = DiffJSONWriter(old: old, new: new, diff: diff, key: request.key, columns: shownColumns,
                                        excluded: list.look.excluded)
            try writer.write(sections, lines: list.look.style == .jsonl, extras: extras, into: sink)
        case .csv, .tsv:
            // CSV holds one table: with --stat, the statistics' (`field,changed`).
            if request.stat { return try writeFieldStats(style: list.look.style, into: sink) }
            if list.look.countsOnly { return try SectionCounts.write(countSections, style: list.look.style, groupFields: countFields, into: sink) }
            let builder = changedRecordBuilder
            let records = sections.flatMap(\.items).map { (kind: $0.kind, record: builder.record(for: $0)) }
            try DiffDelimitedWriter(dialect: list.look.style == .csv ? .csv : .tsv).write(records, keyNames: request.key.map(\.text), into: sink)
        case .table, .list, .line, .markdown:
            try writeForPeople(into: sink)
        case .github:
            try writeAnnotations(into: sink)
        case .junit:
            try writeJUnit(into: sink)
        }
    }

    // MARK: - JUnit

    /// A failing test case per field only one side has and per difference, a passing one for the
    /// unchanged records (`DiffJUnitWriter`).
    private func writeJUnit(into sink: OutputSink) throws {
        let names = (old: InputLoader.displayName(of: request.old), new: InputLoader.displayName(of: request.new))
        var cases: [DiffJUnitWriter.TestCase] = []
        for (fields, added) in [(diff.fieldsRemoved, false), (diff.fieldsAdded, true)] {
            for field in fields {
                let change = added ? "field-added" : "field-removed"
                let message = "\(field) is a field of \(added ? names.new : names.old), not of \(added ? names.old : names.new)"
                cases.append(.init(name: "\(change) \(field)", className: "fields", failure: (change, message, message)))
            }
        }
        let lines = ChangeLinesWriter()
        let builder = changedRecordBuilder
        let grouped = !request.list.arrangement.groupBy.isEmpty
        for section in sections {
            let group = section.info.keys.dropFirst().map { "\($0.field.text)=\(CellText.text(for: $0.value))" }.joined(separator: " ")
            for difference in section.items {
                let record = builder.record(for: difference)
                let kind = difference.kind.rawValue
                let text = record.changes.map { lines.line($0, of: difference.kind) }.joined(separator: "\n")
                let named = record.key.isEmpty ? Self.recordName(record, kind: difference.kind) : record.keyText
                let message = difference.kind == .changed ? "\(kind) \(record.changes.map(\.path).joined(separator: ", "))" : "\(kind) record"
                cases.append(.init(name: "\(kind) \(named)", className: grouped ? group : kind, failure: (kind, message, text)))
            }
        }
        if diff.unchanged > 0 {
            cases.append(.init(name: "\(diff.unchanged) unchanged record\(diff.unchanged == 1 ? "" : "s")", className: "unchanged", failure: nil))
        }
        var properties = [("old", request.old), ("new", request.new)]
        if !request.key.isEmpty { properties.append(("key", request.key.map(\.text).joined(separator: ","))) }
        if request.stat { properties.append(("fields_changed", diff.fieldStatsLine)) }
        if let note = keyNote { properties.append(("key_suggestion", note)) }
        let writer = DiffJUnitWriter(suiteName: "\(names.old) → \(names.new)", properties: properties, summary: diff.summary)
        try writer.write(cases, into: sink)
    }

    /// A record of a diff without a key, named by its first values: `name=Ann total=3 …`.
    private static func recordName(_ record: ChangedRecord, kind: Difference.Kind) -> String {
        let text = record.changes.prefix(4).map { "\($0.path)=\(ChangedRecord.text(kind == .removed ? $0.old : $0.new))" }.joined(separator: " ")
        return record.changes.count > 4 ? text + " …" : text
    }

    // MARK: - For GitHub Actions

    /// One annotation per field only one side has and per difference, at its record's line, then the summary.
    private func writeAnnotations(into sink: OutputSink) throws {
        let writer = GitHubAnnotationWriter()
        let read = request.list.read
        let names = (old: InputLoader.displayName(of: request.old), new: InputLoader.displayName(of: request.new))
        let files = (old: request.old == "-" ? nil : request.old, new: request.new == "-" ? nil : request.new)
        var annotations: [GitHubAnnotationWriter.Annotation] = []
        for field in diff.fieldsRemoved {
            annotations.append(writer.fieldAnnotation(field, added: false, name: names.old, file: files.old,
                                                      line: origins?.old.headerLine(read), other: names.new))
        }
        for field in diff.fieldsAdded {
            annotations.append(writer.fieldAnnotation(field, added: true, name: names.new, file: files.new,
                                                      line: origins?.new.headerLine(read), other: names.old))
        }
        if !request.list.look.countsOnly {
            let oldLines = origins?.old.lines(of: diff.removed, read: read) ?? [:]
            let newLines = origins?.new.lines(of: diff.added + diff.changed.map(\.new), read: read) ?? [:]
            let builder = changedRecordBuilder
            var more: [(Difference.Kind, Int)] = []
            for kind in Difference.Kind.allCases {
                let (shown, left) = Self.limited(sections.filter { $0.info.keys.first?.value == .string(kind.rawValue) }, to: request.maxChanges)
                for difference in shown.flatMap(\.items) {
                    let (file, line) = difference.kind == .removed ? (files.old, difference.old.flatMap { oldLines[$0] })
                                                                   : (files.new, difference.new.flatMap { newLines[$0] })
                    annotations.append(writer.annotation(difference.kind, record: builder.record(for: difference), file: file, line: line))
                }
                if left > 0 { more.append((kind, left)) }
            }
            try writer.write(annotations, into: sink)
            annotations = []
            for (kind, count) in more { try sink.write(Self.moreLine(count, kind) + "\n") }
        }
        try writer.write(annotations, into: sink)
        if request.stat { try sink.write(writer.notice(title: "fields changed", message: diff.fieldStatsLine) + "\n") }
        try sink.write(diff.summary + "\n")
        if let note = keyNote { try sink.write(writer.notice(title: "key", message: note) + "\n") }
        try sink.flush()
    }

    /// The columns records are written with: `--fields` after the key fields, or nil for all.
    private var shownColumns: [ColumnSpec]? {
        guard let fields = request.list.look.fields else { return nil }
        let key = request.key.filter { !fields.contains($0) }
        return (key + fields).map { ColumnSpec($0) }
    }

    var changedRecordBuilder: ChangedRecord.Builder {
        ChangedRecord.Builder(old: old, new: new, key: request.key, compared: diff.compared, shown: request.list.look.fields,
                              excluded: request.list.look.excluded, equality: request.equality)
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
                let (inner, more) = Self.limited(ofKind.map(Self.innerSection), to: request.maxChanges)
                if kind == .changed {
                    try writeChanged(inner, theme: theme, into: sink)
                } else {
                    try writeRecords(inner, table: kind == .removed ? old : new, into: sink)
                }
                if more > 0 { try sink.write((markdown ? "\n" : "") + Self.moreLine(more, kind) + "\n") }
                try sink.write("\n")
            }
        } else if !list.arrangement.groupBy.isEmpty {
            try SectionCounts.write(countSections, style: list.look.style, groupFields: countFields, into: sink)
        }
        if request.stat {
            let bars = diff.fieldStats.map { CountChart.Entry(label: $0.field, count: $0.records) }
            if markdown {
                if request.chart && !bars.isEmpty { try sink.write(CountChart.mermaid(bars, title: "changed records by field", axis: "records") + "\n\n") }
                try writeFieldStats(style: .markdown, into: sink)
                try sink.write("\n")
            } else if request.chart {
                for line in CountChart.lines(bars, width: list.look.width) { try sink.write(line + "\n") }
            } else {
                try sink.write(diff.fieldStatsLine + "\n")
            }
        }
        let summary = diff.summary
        try sink.write((markdown ? summary : theme.footer(summary)) + "\n")
        if let note = keyNote { try sink.write((markdown ? "\n" + note : theme.footer(note)) + "\n") }
        try sink.flush()
    }

    /// `compared whole records; 'id' is unique in both files: --key id matches records by it`.
    private var keyNote: String? {
        suggestedKey.map { name in
            // The option as it would be typed: a name of other characters than these in quotes.
            let plain = name.allSatisfy { $0.isLetter || $0.isNumber || "_.-".contains($0) }
            let typed = plain ? name : "'" + name.replacing("'", with: "'\\''") + "'"
            return "compared whole records; '\(TerminalEscaping.escaped(name))' is unique in both files: --key \(TerminalEscaping.escaped(typed)) matches records by it"
        }
    }

    /// `… 12 more changed records`.
    static func moreLine(_ count: Int, _ kind: Difference.Kind) -> String {
        "… \(RecordCount.grouped(count)) more \(kind.rawValue) \(count == 1 ? "record" : "records")"
    }

    /// The first `limit` items of `sections` (all of them without a limit), sections left empty
    /// dropped, and how many items were left out.
    static func limited<Item>(_ sections: [Section<Item>], to limit: Int?) -> (sections: [Section<Item>], more: Int) {
        guard let limit else { return (sections, 0) }
        var left = limit
        var kept: [Section<Item>] = []
        var more = 0
        for section in sections {
            let shown = min(left, section.items.count)
            more += section.items.count - shown
            left -= shown
            guard shown > 0 else { continue }
            var cut = section
            cut.items = Array(section.items.prefix(shown))
            kept.append(cut)
        }
        return (kept, more)
    }

    /// `--stat` as a table of its own: `field,changed` in CSV and TSV, a Markdown table in Markdown.
    private func writeFieldStats(style: OutputStyle, into sink: OutputSink) throws {
        let stats = diff.fieldStats
        switch style {
        case .markdown:
            var text = "| field | changed records |\n| --- | ---: |\n"
            for stat in stats { text += "| \(MarkdownPresenter.escape(stat.field)) | \(stat.records) |\n" }
            try sink.write(text)
            try sink.flush()
        default:
            try DiffDelimitedWriter(dialect: style == .tsv ? .tsv : .csv).writeFieldStats(stats, into: sink)
        }
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
