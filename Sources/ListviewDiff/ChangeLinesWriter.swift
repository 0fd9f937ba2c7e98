import ListviewBatches
import ListviewPresentation
import ListviewQuery
import ListviewValues

/// The changed records of a diff for people: each record's key, then one line per value
/// that differs, `field: old → new`, the old value red and the new one green on a terminal.
///
///     id=1001  total: 48.90 → 49.90
///              status: pending → shipped
///              items[sku=C]: added {"sku":"C","qty":1}
///
/// In Markdown, a table of the key fields, `field`, `old` and `new`. Lines are cut to
/// `width` (the values shortened with `…`, the field names kept).
public struct ChangeLinesWriter {
    public var theme = Theme.plain
    public var width: Int?
    public var markdown = false

    public init(theme: Theme = .plain, width: Int? = nil, markdown: Bool = false) {
        self.theme = theme
        self.width = width
        self.markdown = markdown
    }

    /// Writes `records`, each line after `indent`.
    public func write(_ records: [ChangedRecord], indent: String = "", into sink: OutputSink) throws {
        if markdown { return try writeMarkdown(records, into: sink) }
        let keyWidth = records.map { DisplayWidth.of($0.keyText) }.max() ?? 0
        for record in records {
            let keyText = record.keyText
            for (index, change) in record.changes.enumerated() {
                let lead = index == 0 ? keyText + String(repeating: " ", count: keyWidth - DisplayWidth.of(keyText))
                                      : String(repeating: " ", count: keyWidth)
                try sink.write(indent + lead + "  " + line(change, room: width.map { $0 - DisplayWidth.of(indent) - keyWidth - 2 }) + "\n")
            }
        }
    }

    /// A change of a difference of `kind` on a line of its own, whole: `path: old → new` for a
    /// changed record, `path: value` for a removed or added one (annotations, test reports, the
    /// review screen's rows).
    func line(_ change: ChangedRecord.Change, of kind: Difference.Kind) -> String {
        switch kind {
        case .changed: return line(change, room: nil)
        case .removed: return "\(change.path): \(ChangedRecord.text(change.old))"
        case .added: return "\(change.path): \(ChangedRecord.text(change.new))"
        }
    }

    /// `path: old → new`, the values shortened so the line takes at most `room` cells.
    func line(_ change: ChangedRecord.Change, room: Int?) -> String {
        let path = TerminalEscaping.escaped(change.path)
        if change.isElement {
            // An array's element one side lacks: `items[sku=C]: added {…}`.
            let (word, value) = change.old == nil ? ("added", ChangedRecord.text(change.new)) : ("removed", ChangedRecord.text(change.old))
            let shown = room.map { TextFitting.truncated(value, to: max(1, $0 - DisplayWidth.of(path) - word.count - 3)) } ?? value
            return "\(path): \(word) " + (change.old == nil ? theme.newValue(shown) : theme.oldValue(shown))
        }
        var (old, new) = ChangedRecord.texts(change)
        if let room {
            let valuesRoom = max(2, room - DisplayWidth.of(path) - 5)
            let (oldWidth, newWidth) = (DisplayWidth.of(old), DisplayWidth.of(new))
            if oldWidth + newWidth > valuesRoom {
                // The shorter value keeps its length when it can; the longer takes what is left.
                let half = valuesRoom / 2
                let oldRoom = oldWidth <= half ? oldWidth : newWidth <= half ? valuesRoom - newWidth : half
                old = TextFitting.truncated(old, to: max(1, oldRoom))
                new = TextFitting.truncated(new, to: max(1, valuesRoom - DisplayWidth.of(old)))
            }
        }
        return "\(path): \(theme.oldValue(old)) → \(theme.newValue(new))"
    }

    private func writeMarkdown(_ records: [ChangedRecord], into sink: OutputSink) throws {
        guard let first = records.first else { return }
        let names = first.key.map { MarkdownPresenter.escape($0.name) } + ["field", "old", "new"]
        var text = "| " + names.joined(separator: " | ") + " |\n|" + String(repeating: " --- |", count: names.count) + "\n"
        for record in records {
            let key = record.key.map { MarkdownPresenter.escape(CellText.text(for: $0.value)) }
            for change in record.changes {
                let (old, new) = ChangedRecord.texts(change)
                let cells = key + [change.path, old, new].map(MarkdownPresenter.escape)
                text += "| " + cells.joined(separator: " | ") + " |\n"
            }
        }
        try sink.write(text)
    }
}
