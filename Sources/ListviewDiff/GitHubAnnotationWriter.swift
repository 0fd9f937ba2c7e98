import ListviewPresentation
import ListviewQuery
import ListviewValues

/// A diff as GitHub Actions workflow commands (`--style github`): one `::error` annotation per
/// difference, at the line of its record in its file, so a pull request shows each drift beside
/// the fixture's line.
///
///     ::error file=fixtures/orders.json,line=12,title=changed id=1001::total: 48.90 → 13.5
///
/// A removed record points into the old file, an added or changed one into the new file; a
/// field only one file has points at that file (at its header line for CSV and TSV). A
/// message holds one `field: old → new` line per changed value (`field: value` for a removed
/// or added record). As GitHub documents, `%`, CR and LF are escaped in messages, and also
/// `:` and `,` in the `file` and `title` properties.
public struct GitHubAnnotationWriter {
    /// One annotation: where it points and what it says.
    public struct Annotation: Equatable, Sendable {
        public var file: String?
        public var line: Int?
        public var title: String
        public var message: String

        public init(file: String?, line: Int?, title: String, message: String) {
            (self.file, self.line, self.title, self.message) = (file, line, title, message)
        }

        /// The workflow command: `::error file=F,line=L,title=T::message`.
        public var command: String {
            var properties: [String] = []
            if let file { properties.append("file=" + GitHubAnnotationWriter.escapedProperty(file)) }
            if let line { properties.append("line=\(line)") }
            properties.append("title=" + GitHubAnnotationWriter.escapedProperty(title))
            return "::error " + properties.joined(separator: ",") + "::" + GitHubAnnotationWriter.escapedMessage(message)
        }
    }

    public init() {}

    /// The annotation of one difference: `record` is its view model, `file` and `line` where its
    /// record is (the old file for a removed record).
    public func annotation(_ kind: Difference.Kind, record: ChangedRecord, file: String?, line: Int?) -> Annotation {
        let lines = ChangeLinesWriter()
        let message = record.changes.map { lines.line($0, of: kind) }
        let named = record.key.isEmpty ? "\(kind.rawValue) record" : "\(kind.rawValue) \(record.keyText)"
        return Annotation(file: file, line: line, title: named, message: message.isEmpty ? "\(kind.rawValue) record" : message.joined(separator: "\n"))
    }

    /// The annotation of a field only one input has: `name` is that input's, `file` its file (nil
    /// for standard input), `other` the other input's name.
    public func fieldAnnotation(_ field: String, added: Bool, name: String, file: String?, line: Int?, other: String) -> Annotation {
        Annotation(file: file, line: line, title: added ? "field added" : "field removed",
                   message: "\(TerminalEscaping.escaped(field)) is a field of \(name), not of \(other)")
    }

    /// A notice for the run as a whole, at no line: `::notice title=T::message`.
    public func notice(title: String, message: String) -> String {
        "::notice title=" + Self.escapedProperty(title) + "::" + Self.escapedMessage(message)
    }

    /// Writes `annotations`, one command a line.
    public func write(_ annotations: [Annotation], into sink: OutputSink) throws {
        for annotation in annotations { try sink.write(annotation.command + "\n") }
    }

    /// A message as a workflow command carries it: `%`, CR and LF escaped.
    public static func escapedMessage(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": escaped += "%25"
            case "\r": escaped += "%0D"
            case "\n": escaped += "%0A"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// A property's value (`file`, `title`): a message's escapes, and `:` and `,`.
    public static func escapedProperty(_ text: String) -> String {
        escapedMessage(text).replacing(":", with: "%3A").replacing(",", with: "%2C")
    }
}
