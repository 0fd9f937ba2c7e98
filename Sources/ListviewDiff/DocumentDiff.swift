import ListviewBatches
import ListviewFormats
import ListviewInput
import ListviewKit
import ListviewPresentation
import ListviewValues

/// Two fixtures that are each one JSON object (a config, an API response), compared as
/// documents, path by path, instead of as lists of members (issue 43 §3):
///
///     config.limits.max: 10 → 20
///     config.features[name=beta]: removed {"name":"beta","on":true}
///
///     documents differ at 2 paths: 1 changed · 0 added · 1 removed
///
/// The one walk of the record diff finds the paths (`ValueEquality.locatedChanges`), so
/// `--ignore`, `--array-key`, `--unordered`, `--scrub`, `--tolerance` and `--exact` mean the same;
/// every style writes the paths, `--stat` counts them by top-level member, and `--style github`
/// annotates each at its line (in NEW, or OLD for a removed value).
struct DocumentDiff {
    /// One path that differs, what kind of difference it is, and where its values are.
    struct PathChange {
        var kind: Difference.Kind
        var change: ChangedRecord.Change
        var old: ValueLocation
        var new: ValueLocation
    }

    let request: DiffRequest
    private(set) var changes: [PathChange]
    /// The top-level members of the two documents, in order (old's, then new's own), for `--style junit`.
    let members: [String]

    init(request: DiffRequest, old: Value, new: Value, decode: NestedValueDecoder?) {
        self.request = request
        changes = request.equality.locatedChanges(old, new, decode: decode).map { change, oldPlace, newPlace in
            let kind: Difference.Kind = change.old == nil ? .added : change.new == nil ? .removed : .changed
            return PathChange(kind: kind, change: change, old: oldPlace, new: newPlace)
        }
        var names: [String] = []
        for case .object(let object) in [old, new] { names += object.keys.filter { !names.contains($0) } }
        members = names
    }

    var isEmpty: Bool { changes.isEmpty }

    func count(_ kind: Difference.Kind) -> Int { changes.lazy.filter { $0.kind == kind }.count }

    /// `documents differ at 3 paths: 1 changed · 1 added · 1 removed`, or that they are the same.
    var summary: String {
        guard !isEmpty else { return "the documents are the same" }
        return "documents differ at \(RecordCount.text(changes.count, noun: "path")): "
            + "\(count(.changed)) changed · \(count(.added)) added · \(count(.removed)) removed"
    }

    /// Each top-level member and how many of its paths differ, most first (`--stat`).
    var memberStats: [(field: String, records: Int)] {
        var counts: [(field: String, records: Int)] = []
        var places: [String: Int] = [:]
        for change in changes {
            let member = Self.member(of: change)
            if let place = places[member] {
                counts[place].records += 1
            } else {
                places[member] = counts.count
                counts.append((member, 1))
            }
        }
        return RecordDiff.mostChangedFirst(counts)
    }

    /// The top-level member a change is under.
    private static func member(of change: PathChange) -> String {
        guard case .member(let name)? = (change.new.steps.first ?? change.old.steps.first) else { return change.change.path }
        return name
    }

    // MARK: Writing

    func write(into sink: OutputSink) throws {
        let look = request.list.look
        // The review screen's rows are the paths as JSON Lines (`DiffReviewRows`).
        if request.review {
            // Its sections in the order of a record diff's: removed, added, changed.
            let order: [Difference.Kind] = [.removed, .added, .changed]
            var byKind = self
            byKind.changes = order.flatMap { kind in changes.filter { $0.kind == kind } }
            try byKind.writeJSON(lines: true, stats: false, counts: false, into: sink)
            return try sink.flush()
        }
        switch look.style {
        case .table, .list, .line, .markdown: try writeForPeople(markdown: look.style == .markdown, into: sink)
        case .json, .jsonl: try writeJSON(lines: look.style == .jsonl, stats: request.stat, counts: look.countsOnly, into: sink)
        case .csv, .tsv: try writeDelimited(csv: look.style == .csv, into: sink)
        case .github: try writeAnnotations(into: sink)
        case .junit: try writeJUnit(into: sink)
        }
        try sink.flush()
    }

    /// `Changed · 3 paths`, a line per path (at most `--max-changes`), then the summary.
    private func writeForPeople(markdown: Bool, into sink: OutputSink) throws {
        let look = request.list.look
        if !look.countsOnly && !isEmpty {
            let (shown, more) = (changes.prefix(request.maxChanges ?? .max), changes.count - min(changes.count, request.maxChanges ?? .max))
            let title = "Changed · \(RecordCount.text(changes.count, noun: "path"))"
            if markdown {
                var text = "### \(title)\n\n| path | old | new |\n| --- | --- | --- |\n"
                for path in shown {
                    let (old, new) = ChangedRecord.texts(path.change)
                    text += "| " + [path.change.path, old, new].map(MarkdownPresenter.escape).joined(separator: " | ") + " |\n"
                }
                try sink.write(text)
            } else {
                let theme = Theme(enabled: look.color)
                let lines = ChangeLinesWriter(theme: theme, width: look.width)
                try sink.write(theme.sectionHeader(title) + "\n")
                for path in shown { try sink.write(lines.line(path.change, room: look.width) + "\n") }
            }
            if more > 0 { try sink.write("… \(RecordCount.grouped(more)) more changed \(more == 1 ? "path" : "paths")\n") }
            try sink.write("\n")
        }
        let theme = Theme(enabled: look.color)
        if request.stat { try sink.write((markdown ? statLine : theme.footer(statLine)) + "\n") }
        try sink.write((markdown ? summary : theme.footer(summary)) + "\n")
    }

    /// `config: 3 changed · name: 1 changed`.
    private var statLine: String { RecordDiff.statsLine(memberStats) }

    /// JSON Lines: `{"change":"changed","path":"a.b","old":1,"new":2}` a path; JSON: `{"changes":[…],"summary":{…}}`.
    private func writeJSON(lines: Bool, stats withStats: Bool, counts countsOnly: Bool, into sink: OutputSink) throws {
        var bytes = ByteOutput()
        let counts = "{\"changed\":\(count(.changed)),\"added\":\(count(.added)),\"removed\":\(count(.removed))}"
        // `--stat` as a record diff writes it: a member beside the summary, or a line of its own.
        let extras = DiffJSONWriter.Extras(fieldStats: withStats ? memberStats : nil, suggestedKey: nil)
        if countsOnly {
            bytes.append(counts)
            if !lines {
                bytes.removeLast(from: bytes.count - 1)
                extras.appendMembers(to: &bytes)
                bytes.append("}")
            }
            bytes.append("\n")
        } else {
            if !lines { bytes.append("{\"changes\":[") }
            for (index, path) in changes.enumerated() {
                if !lines && index > 0 { bytes.append(",") }
                bytes.append("{\"change\":\"\(path.kind.rawValue)\",\"path\":")
                JSONString.append(path.change.path, to: &bytes)
                bytes.append(",\"old\":" + (path.change.old?.compactJSON ?? "null") + ",\"new\":" + (path.change.new?.compactJSON ?? "null") + "}")
                if lines { bytes.append("\n") }
            }
            if !lines {
                bytes.append("],\"summary\":" + counts)
                extras.appendMembers(to: &bytes)
                bytes.append("}\n")
            }
        }
        if lines { extras.appendLines(to: &bytes) }
        try sink.write(block: bytes)
    }

    /// `change,path,old,new`; with `--stat`, the statistics' table alone (`field,changed`), as for records.
    private func writeDelimited(csv: Bool, into sink: OutputSink) throws {
        let writer = DiffDelimitedWriter(dialect: csv ? .csv : .tsv)
        if request.stat { return try writer.writeFieldStats(memberStats, into: sink) }
        if request.list.look.countsOnly {
            return try writer.writeTable(header: ["changed", "added", "removed"],
                                         rows: [[String(count(.changed)), String(count(.added)), String(count(.removed))]], into: sink)
        }
        try writer.writeTable(header: ["change", "path", "old", "new"],
                              rows: changes.map { [$0.kind.rawValue, $0.change.path, DiffDelimitedWriter.plain($0.change.old),
                                                   DiffDelimitedWriter.plain($0.change.new)] },
                              into: sink)
    }

    /// An `::error` per path at its line (a removed value's in OLD, any other's in NEW), then the summary.
    private func writeAnnotations(into sink: OutputSink) throws {
        let writer = GitHubAnnotationWriter()
        if !request.list.look.countsOnly {
            func prefixes(_ location: ValueLocation) -> [ValueLocation] {
                (0...location.steps.count).map { ValueLocation(Array(location.steps.prefix($0))) }
            }
            let oldLines = ValueLines.find(in: request.old, wanted: Set(changes.filter { $0.kind == .removed }.flatMap { prefixes($0.old) }))
            let newLines = ValueLines.find(in: request.new, wanted: Set(changes.filter { $0.kind != .removed }.flatMap { prefixes($0.new) }))
            let lines = ChangeLinesWriter()
            var annotations: [GitHubAnnotationWriter.Annotation] = []
            for path in changes.prefix(request.maxChanges ?? .max) {
                let removed = path.kind == .removed
                let (file, found, location) = removed ? (request.old, oldLines, path.old) : (request.new, newLines, path.new)
                // The line of the value, or of the nearest value around it that the file has.
                let line = prefixes(location).reversed().lazy.compactMap { found?.lines[$0] }.first
                annotations.append(.init(file: file == "-" ? nil : file, line: line, title: "\(path.kind.rawValue) \(path.change.path)",
                                         message: lines.line(path.change, room: nil)))
            }
            try writer.write(annotations, into: sink)
            if let limit = request.maxChanges, changes.count > limit {
                try sink.write("… \(RecordCount.grouped(changes.count - limit)) more changed paths\n")
            }
        }
        if request.stat { try sink.write(writer.notice(title: "fields changed", message: statLine) + "\n") }
        try sink.write(summary + "\n")
    }

    /// A test case per top-level member: failing with its paths' change lines, or passing.
    private func writeJUnit(into sink: OutputSink) throws {
        let lines = ChangeLinesWriter()
        var byMember: [String: [PathChange]] = [:]
        for change in changes { byMember[Self.member(of: change), default: []].append(change) }
        let cases = members.map { member -> DiffJUnitWriter.TestCase in
            guard let paths = byMember[member] else { return .init(name: member, className: "document", failure: nil) }
            let message = "changed " + paths.map(\.change.path).joined(separator: ", ")
            return .init(name: member, className: "document", failure: ("changed", message, paths.map { lines.line($0.change, room: nil) }.joined(separator: "\n")))
        }
        var properties = [("old", request.old), ("new", request.new)]
        if request.stat { properties.append(("fields_changed", statLine)) }
        let names = (InputLoader.displayName(of: request.old), InputLoader.displayName(of: request.new))
        try DiffJUnitWriter(suiteName: "\(names.0) → \(names.1)", properties: properties, summary: summary).write(cases, into: sink)
    }
}
