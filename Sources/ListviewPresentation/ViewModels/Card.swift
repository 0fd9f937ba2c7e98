import ListviewBatches
import ListviewDataSource
import ListviewQuery
import ListviewValues

/// A card view model: `--title F --subtitle F --detail F,G` for the `list` style.
public struct CardSpec: Sendable {
    public var title: FieldPath?
    public var subtitle: FieldPath?
    /// The detail fields, or nil for every field but the title and subtitle.
    public var details: [FieldPath]?
    /// Fields left out of the default title and details (`--exclude`).
    public var excluded: FieldExclusion

    public init(title: FieldPath? = nil, subtitle: FieldPath? = nil, details: [FieldPath]? = nil,
                excluding excluded: FieldExclusion = FieldExclusion()) {
        self.title = title
        self.subtitle = subtitle
        self.details = details
        self.excluded = excluded
    }
}

/// Renders a record as a card: the title, the subtitle indented, then `key: value`
/// details, nested objects and arrays indented beneath their key.
public struct CardRowFormatter: RowFormatter, Sendable {
    public let spec: CardSpec
    public var indent: Int
    /// Titles bold, keys dim, nulls dim (`--color`).
    public var theme: Theme

    public init(spec: CardSpec, indent: Int = 2, theme: Theme = .plain) {
        self.spec = spec
        self.theme = theme
        self.indent = indent
    }

    public func lines(for record: Record) -> [String] {
        let names = spec.excluded.isEmpty ? record.names : record.names.filter { !spec.excluded.excludes($0) }
        let titlePath = spec.title ?? names.first.map { FieldPath($0) }
        var lines = [theme.sectionHeader(titlePath.map { CellText.text(for: $0.value(in: record)) } ?? "")]
        let pad = String(repeating: " ", count: indent)
        if let subtitle = spec.subtitle {
            lines.append(pad + CellText.text(for: subtitle.value(in: record)))
        }
        let shown = Set([spec.title?.text ?? titlePath?.text, spec.subtitle?.text].compactMap { $0 })
        let details = spec.details ?? names.filter { !shown.contains($0) }.map { FieldPath($0) }
        for path in details {
            appendDetail(name: path.text, value: path.value(in: record), depth: 1, into: &lines)
        }
        return lines
    }

    private func appendDetail(name: String, value: Value?, depth: Int, into lines: inout [String]) {
        let pad = String(repeating: " ", count: indent * depth)
        let label = theme.footer(TerminalEscaping.escaped(name))
        switch value {
        case .object(let object)? where object.count > 0:
            lines.append("\(pad)\(label):")
            for (key, member) in object.members {
                appendDetail(name: key, value: member, depth: depth + 1, into: &lines)
            }
        case .array(let elements)? where !elements.isEmpty:
            lines.append("\(pad)\(label):")
            for (index, element) in elements.enumerated() {
                appendDetail(name: "[\(index)]", value: element, depth: depth + 1, into: &lines)
            }
        default:
            let text = CellText.text(for: value)
            lines.append("\(pad)\(label): \(value == nil || value == .null ? theme.null(text) : text)")
        }
    }
}
