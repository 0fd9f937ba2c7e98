import ListviewValues

/// One view file read and checked: its `[defaults]`, `[kinds.NAME]` and `[views.NAME]` tables,
/// each option turned into the arguments it stands for.
///
/// ```toml
/// [defaults]
/// style = "table"
///
/// [views.triage]
/// group-by = ["status"]
/// where = ["total>100"]
///
/// [kinds.error]
/// format = "card:title=code,detail=message"
/// ```
///
/// Reading fails on the first problem, with its line: a TOML syntax error (toml++'s message
/// and position), a table other than these three, an option a view cannot set (with the
/// closest one that it can), a value of the wrong kind.
public struct ConfigFile: Equatable, Sendable {
    /// The file as messages name it.
    public var name: String
    /// `[defaults]`, if the file has it.
    public var defaults: ViewSettings?
    /// The `[views.NAME]` tables, in the order the file writes them.
    public var views: [ViewSettings] = []
    /// The `[kinds.NAME]` tables, in file order, each one `--kind NAME=FORMAT` setting.
    public var kinds: [ViewSettings] = []

    /// The tables a file may hold, for messages.
    static let tables = "[defaults], [views.NAME] and [kinds.NAME]"

    /// Reads `text`, the contents of the file messages call `name`.
    public init(name: String, text: String) throws(ConfigError) {
        self.name = name
        let root: ObjectValue
        do throws(TOMLDocument.SyntaxError) {
            root = try TOMLDocument.parse(text)
        } catch {
            throw .invalid(file: name, line: error.line, column: error.column, message: error.description)
        }
        let reader = TableReader(file: name, lines: SourceLines(text))
        for (key, value) in reader.inFileOrder(root, at: []) {
            let line = reader.lines.line(of: [key])
            guard case .object(let table) = value else {
                throw .invalid(file: name, line: line, column: nil,
                               message: "'\(key)' is outside any table: options go under [defaults] or [views.NAME]")
            }
            switch key {
            case "defaults":
                defaults = ViewSettings(name: key, file: name, line: line, settings: try reader.settings(in: table, at: [key]))
            case "views":
                views = try reader.namedTables(in: table, at: [key]) { path, table throws(ConfigError) in try reader.settings(in: table, at: path) }
            case "kinds":
                kinds = try reader.namedTables(in: table, at: [key]) { path, table throws(ConfigError) in try reader.kind(in: table, at: path) }
            default:
                let hint = ClosestName.find(key, among: ["defaults", "views", "kinds"]).map { "did you mean [\($0)]?" } ?? "tables are \(Self.tables)"
                throw .invalid(file: name, line: line, column: nil, message: "unknown table [\(key)]; \(hint)")
            }
        }
    }
}
