import ListviewValues

/// What can go wrong with views kept in a file, each with its sysexits status.
///
/// The executable writes the description as one line, `listview: FILE:LINE: message`, and exits
/// with `exitStatus`: 66 when a file named by `--config` cannot be read (as for an input), 64
/// for everything else.
public enum ConfigError: Error, Equatable, CustomStringConvertible {
    /// The file cannot be opened or read: status 66.
    case cannotOpen(file: String, reason: String)
    /// The file is not what a view file may hold: a TOML syntax error, an unknown table or
    /// option, a value of the wrong type. `column` is known for syntax errors only.
    case invalid(file: String, line: Int, column: Int?, message: String)
    /// `--view NAME` names no view of the files read (`files` is empty when none was found).
    case noView(name: String, files: [String], views: [String], lookedFor: String)
    /// The command line asks for something contradictory, such as `--config` with `--no-config`.
    case usage(String)

    /// The sysexits status.
    public var exitStatus: Int32 {
        switch self {
        case .cannotOpen: return 66
        case .invalid, .noView, .usage: return 64
        }
    }

    /// The message without the `listview: ` prefix.
    public var description: String {
        switch self {
        case let .cannotOpen(file, reason):
            return "\(file): cannot open: \(reason)"
        case let .invalid(file, line, column, message):
            return "\(file):\(line)\(column.map { ":\($0)" } ?? ""): \(message)"
        case let .noView(name, files, views, lookedFor):
            guard !files.isEmpty else { return "no view '\(name)': \(lookedFor)" }
            let text = "no view '\(name)' in \(files.joined(separator: " or "))"
            guard !views.isEmpty else { return text + "; no [views.NAME] table there" }
            let listed = "views: \(views.joined(separator: ", "))"
            guard let closest = ClosestName.find(name, among: views) else { return text + "; " + listed }
            return text + "; did you mean '\(closest)'? \(listed)"
        case let .usage(message):
            return message
        }
    }
}
