import ListviewValues

/// A difference of `listview diff -i` in full (Enter on a row of the review screen): the paths
/// that differ, each with its old value beside its new one and marked `≠`, then the old record
/// beside the new one, lined up by path.
///
///     changed id=1001 · 2 paths differ
///     path          old                │ new
///     ≠ total       48.90              │ 49.90
///     ≠ status      pending            │ shipped
///
///     old                              │ new
///     id: 1001                         │ id: 1001
///     total: 48.90                     │ total: 49.90
///
/// A row is a difference when it has `change` and `old` or `new` (`DiffReviewRows`); its `paths`
/// name what differs, or, for a one-document diff's row, its `path`.
enum DifferenceDetail {
    /// What begins each line of a path that differs; the screen draws such lines as a section's header.
    static let changedMark = "≠ "

    /// The lines of the row with `names` and `values`, `width` cells wide; nil for a row that is
    /// not a difference.
    static func lines(names: [String], values: [Value], width: Int) -> [String]? {
        var fields: [String: Value] = [:]
        for (name, value) in zip(names, values) where fields[name] == nil { fields[name] = value }
        guard case .string(let change)? = fields["change"], fields["old"] != nil || fields["new"] != nil else { return nil }
        let (old, new) = (fields["old"] ?? .null, fields["new"] ?? .null)
        // The key fields: those the row has besides its own.
        let own: Set<String> = ["change", "fields", "changes", "paths", "old", "new", "path"]
        let key = zip(names, values).filter { !own.contains($0.0) }.map { "\($0.0)=\(CellText.text(for: $0.1))" }.joined(separator: " ")
        var paths: [(path: String, old: Value?, new: Value?)] = []
        if case .array(let listed)? = fields["paths"] {
            for case .object(let entry) in listed {
                guard case .string(let path)? = entry["path"] else { continue }
                paths.append((path, entry["old"].flatMap { $0.isNull ? nil : $0 }, entry["new"].flatMap { $0.isNull ? nil : $0 }))
            }
        } else if case .string(let path)? = fields["path"] {
            paths.append((path, old.isNull ? nil : old, new.isNull ? nil : new))
        }
        let side = max(8, (width - 3) / 2)
        func row(_ left: String, _ right: String) -> String {
            ScreenText.padded(left, to: side) + " │ " + right
        }
        var lines = ["\(change) \(key.isEmpty ? (fields["path"].map(CellText.text(for:)) ?? "") : key)"
                        + (paths.isEmpty ? "" : " · \(RecordCount.text(paths.count, noun: "path")) \(paths.count == 1 ? "differs" : "differ")")]
        if !paths.isEmpty {
            let pathWidth = min(side / 2, paths.map { DisplayWidth.of($0.path) + changedMark.count }.max() ?? 0)
            lines.append(row(ScreenText.padded("path", to: pathWidth) + " old", "new"))
            for path in paths {
                let label = ScreenText.padded(changedMark + TerminalEscaping.escaped(path.path), to: pathWidth)
                lines.append(row(label + " " + shown(path.old), shown(path.new)))
            }
        }
        lines.append("")
        lines.append(row("old", "new"))
        let (left, right) = (old.isNull ? [("", "(none)")] : RecordTree.lines(of: old), new.isNull ? [("", "(none)")] : RecordTree.lines(of: new))
        for (oldLine, newLine) in aligned(left, right) { lines.append(row(oldLine ?? "", newLine ?? "")) }
        return lines
    }

    /// The lines of two trees side by side, lined up by the path each shows: a value both have on
    /// one line, one only a side has against a blank, in the old tree's order with the new tree's
    /// own lines where they come in it.
    static func aligned(_ left: [RecordTree.Line], _ right: [RecordTree.Line]) -> [(String?, String?)] {
        let oldPaths = Set(left.map(\.path))
        var newPlaces: [String: Int] = [:]
        for (index, line) in right.enumerated() where newPlaces[line.path] == nil { newPlaces[line.path] = index }
        var pairs: [(String?, String?)] = []
        var next = 0  // the new tree's next line not yet shown
        for line in left {
            guard let place = newPlaces[line.path] else {
                pairs.append((line.text, nil))
                continue
            }
            if place >= next {
                // The new tree's own lines before this one come first.
                for own in right[next..<place] where !oldPaths.contains(own.path) { pairs.append((nil, own.text)) }
                next = place + 1
            }
            pairs.append((line.text, right[place].text))
        }
        for own in right[next...] where !oldPaths.contains(own.path) { pairs.append((nil, own.text)) }
        return pairs
    }

    /// A value as a path's line shows it: its text, `(none)` when the side lacks it.
    private static func shown(_ value: Value?) -> String {
        guard let value else { return "(none)" }
        return TerminalEscaping.escaped(value.isContainer ? value.compactJSON : CellText.text(for: value))
    }
}
