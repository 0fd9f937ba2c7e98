/// How listview writes its result (`--style`).
public enum OutputStyle: String, CaseIterable, Sendable {
    /// Aligned columns with section headers and page footers, for people.
    case table
    /// A JSON array of records (or of sections), for programs.
    case json
    /// One JSON object per line.
    case jsonl
    /// RFC 4180 CSV with a header row.
    case csv
    /// Tab-separated values with `\t \r \n \\` escapes.
    case tsv

    /// True for the styles meant for programs: stable, no colour, no width dependence.
    public var isMachineReadable: Bool { self != .table }
}
