import ListviewBatches
import ListviewDataSource
import ListviewQuery
import ListviewValues

/// A one-line view model: `--template 'text {field} text'`.
///
/// `{field}` inserts a field's display text (dotted paths reach into nested
/// values); `{field:<12}` pads it to 12 terminal cells on the right, `{field:>8}`
/// on the left; `{{` and `}}` are literal braces.
public struct Template: Hashable, Sendable {
    public enum Part: Hashable, Sendable {
        case text(String)
        case field(FieldPath, width: Int?, alignment: ColumnAlignment)
    }

    public let parts: [Part]
    /// The template as written.
    public let source: String

    /// Parses `source`; an unclosed brace or a bad width is a usage error that shows where.
    public init(parsing source: String) throws {
        self.source = source
        var parts: [Part] = []
        var literal = ""
        var characters = Array(source)[...]
        var position = 0
        func fail(_ message: String) -> ListviewError {
            .usage("--template '\(source)': \(message) at character \(position + 1)")
        }
        while let character = characters.first {
            characters = characters.dropFirst()
            defer { position += 1 }
            switch character {
            case "{" where characters.first == "{":
                characters = characters.dropFirst()
                position += 1
                literal.append("{")
            case "}" where characters.first == "}":
                characters = characters.dropFirst()
                position += 1
                literal.append("}")
            case "{":
                guard let close = characters.firstIndex(of: "}") else { throw fail("'{' is not closed") }
                let body = String(characters[..<close])
                let start = position
                position += body.count + 1
                characters = characters[characters.index(after: close)...]
                if !literal.isEmpty { parts.append(.text(literal)) }
                literal = ""
                parts.append(try Template.field(body) { message in
                    ListviewError.usage("--template '\(source)': \(message) at character \(start + 1)")
                })
            case "}":
                throw fail("'}' has no opening '{' (write '}}' for a brace)")
            default:
                literal.append(character)
            }
        }
        if !literal.isEmpty { parts.append(.text(literal)) }
        self.parts = parts
    }

    private static func field(_ body: String, error: (String) -> ListviewError) throws -> Part {
        var name = Substring(body)
        var width: Int?
        var alignment = ColumnAlignment.left
        if let colon = body.lastIndex(of: ":") {
            var spec = body[body.index(after: colon)...]
            name = body[..<colon]
            if spec.first == "<" || spec.first == ">" {
                alignment = spec.first == ">" ? .right : .left
                spec = spec.dropFirst()
            }
            guard let number = Int(spec), number >= 0, number <= 10_000 else {
                throw error("'{\(body)}' needs a width such as {\(name):<12} or {\(name):>8}")
            }
            width = number
        }
        guard !name.isEmpty, !name.contains("{") else { throw error("'{\(body)}' names no field") }
        return .field(FieldPath(String(name)), width: width, alignment: alignment)
    }

    /// The fields the template names, in order.
    public var fields: [FieldPath] {
        parts.compactMap { part in
            if case let .field(path, _, _) = part { return path }
            return nil
        }
    }

    /// The template filled in from `record`.
    public func render(_ record: Record) -> String {
        var line = ""
        for part in parts {
            switch part {
            case .text(let text):
                line += TerminalEscaping.escaped(text)
            case let .field(path, width, alignment):
                let text = CellText.text(for: path.value(in: record))
                guard let width else {
                    line += text
                    continue
                }
                let padding = String(repeating: " ", count: max(0, width - DisplayWidth.of(text)))
                line += alignment == .right ? padding + text : text + padding
            }
        }
        return line
    }
}

/// Renders each record as its template's line: the `line` style's row formatter.
public struct TemplateRowFormatter: RowFormatter {
    public let template: Template

    public init(template: Template) {
        self.template = template
    }

    public func lines(for record: Record) -> [String] { [template.render(record)] }
}
