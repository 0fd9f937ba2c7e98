/// How listview writes its result (`--style`): the name of a style, registered with its
/// `StyleDescriptor` in `descriptor`.
///
/// Planners and executors ask the descriptor what a style needs (a measured layout, a flat table,
/// rows that stream); none of them names a style. Adding a style is a case here, its descriptor
/// (one file, in `Styles/`), and its line in `descriptor`, which the compiler asks for.
public enum OutputStyle: String, CaseIterable, Sendable {
    /// Aligned columns with section headers and page footers, for people.
    case table
    /// One card per record: title, subtitle, indented `key: value` details.
    case list
    /// One line per record from `--template` (default: `key=value` pairs).
    case line
    /// A GitHub Markdown table per section.
    case markdown
    /// A JSON array of records (or of sections), for programs.
    case json
    /// One JSON object per line.
    case jsonl
    /// RFC 4180 CSV with a header row.
    case csv
    /// Tab-separated values with `\t \r \n \\` escapes.
    case tsv
    /// GitHub Actions workflow commands, one `::error` annotation per difference at its record's
    /// line (`listview diff` only).
    case github
    /// JUnit XML, one failing test case per difference, for CI test reports (`listview diff` only).
    case junit

    /// The registration: each style's descriptor.
    public var descriptor: StyleDescriptor {
        switch self {
        case .table: return .table
        case .list: return .list
        case .line: return .line
        case .markdown: return .markdown
        case .json: return .json
        case .jsonl: return .jsonLines
        case .csv: return .csv
        case .tsv: return .tsv
        case .github: return .github
        case .junit: return .junit
        }
    }

    /// The commands that write output in a style.
    public enum Command: Sendable {
        case list, diff
    }

    /// True when `command` writes this style: every style serves a diff; a list, every style
    /// whose descriptor lays out records.
    public func isWritten(by command: Command) -> Bool {
        command == .diff || descriptor.layout != .annotations
    }

    /// True for the record formats meant for programs: JSON, JSON Lines, CSV, TSV.
    public var isMachineReadable: Bool { descriptor.records != nil }
}
