import ListviewBatches
import ListviewQuery
import ListviewValues

/// How records of one kind are drawn (`--kind KIND=FORMAT` with `--kind-field`): a one-line
/// template, a card, or a table of their own. The pattern's cell class registered per model.
///
///     login=User {user} logged in from {ip}
///     error=card:title=code,subtitle=service,detail=message|user
///     purchase=table:fields=user|item|total
///
/// Consecutive records of one table kind print as one aligned block under its own header;
/// cards are set apart by blank lines; lines follow one another.
public enum KindFormat: Sendable {
    case template(Template)
    case card(CardSpec)
    /// A table of these columns, measured over the records of the kind.
    case table([FieldPath])

    /// Reads `card:…`, `table:…` or a template. A text with no `{field}` that starts with a word and
    /// a colon (`tabel:fields=a|b`) is refused as a misspelt format, with the closest one.
    public init(parsing text: String) throws {
        if text.hasPrefix("card:") || text == "card" {
            let settings = try Self.settings(text.dropFirst(4).drop { $0 == ":" }, allowed: ["title", "subtitle", "detail"], format: "card")
            self = .card(CardSpec(title: settings["title"].map(FieldPath.init), subtitle: settings["subtitle"].map(FieldPath.init),
                                  details: settings["detail"].map(Self.fieldList)))
        } else if text.hasPrefix("table:") || text == "table" {
            let settings = try Self.settings(text.dropFirst(5).drop { $0 == ":" }, allowed: ["fields"], format: "table")
            guard let fields = settings["fields"].map(Self.fieldList), !fields.isEmpty else {
                throw ListviewError.usage("a table kind names its columns: table:fields=A|B|C")
            }
            self = .table(fields)
        } else {
            let template = try Template(parsing: text)
            // `tabel:fields=…` is a misspelt format, not a line of literal text for every record.
            if template.fields.isEmpty, let colon = text.firstIndex(of: ":"), colon != text.startIndex,
               text[..<colon].allSatisfy({ $0.isLetter || $0 == "-" || $0 == "_" }) {
                let name = String(text[..<colon])
                let meant = ClosestName.find(name, among: ["card", "table"]).map { "did you mean '\($0):'?" }
                    ?? "formats are card:…, table:fields=… and templates with {fields}"
                throw ListviewError.usage("no kind format '\(name):'; \(meant)")
            }
            self = .template(template)
        }
    }

    /// `title=F,detail=H|I` as names and values, each name one of `allowed`.
    private static func settings(_ text: Substring, allowed: [String], format: String) throws -> [String: String] {
        var settings: [String: String] = [:]
        for item in text.split(separator: ",") {
            guard let equals = item.firstIndex(of: "=") else {
                throw ListviewError.usage("'\(item)' in a \(format) kind is not NAME=VALUE (names: \(allowed.joined(separator: ", ")))")
            }
            let name = String(item[..<equals]).trimmingWhitespace
            guard allowed.contains(name) else {
                throw ListviewError.usage("a \(format) kind has no '\(name)': it takes \(allowed.joined(separator: ", "))")
            }
            settings[name] = String(item[item.index(after: equals)...]).trimmingWhitespace
        }
        return settings
    }

    /// `a|b.c` → the paths `a`, `b.c`.
    private static func fieldList(_ text: String) -> [FieldPath] {
        text.split(separator: "|").map { String($0).trimmingWhitespace }.filter { !$0.isEmpty }.map(FieldPath.init)
    }
}
