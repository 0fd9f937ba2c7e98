import ListviewBatches
import ListviewDataSource
import ListviewInput
import ListviewPresentation
import ListviewQuery
import ListviewValues

/// How listview writes its result (`--style`).
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

    /// The commands that write output in a style.
    public enum Command: Sendable {
        case list, diff
    }

    /// True when `command` writes this style: every style but `github`, which annotates a diff's
    /// differences, serves a list; every style serves a diff.
    public func isWritten(by command: Command) -> Bool {
        switch (self, command) {
        case (.github, .list): return false
        case (_, .list), (_, .diff): return true
        }
    }

    /// True for the record formats meant for programs: JSON, JSON Lines, CSV, TSV.
    public var isMachineReadable: Bool {
        switch self {
        case .json, .jsonl, .csv, .tsv: return true
        case .table, .list, .line, .markdown, .github: return false
        }
    }
}
