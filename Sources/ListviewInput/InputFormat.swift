import ListviewBatches
import ListviewValues

/// The formats listview reads.
public enum InputFormat: String, CaseIterable, Sendable {
    case json
    case jsonl
    case csv
    case tsv

    /// The format's name in messages: `JSON`, `JSON Lines`, `CSV`, `TSV`.
    public var displayName: String {
        switch self {
        case .json: return "JSON"
        case .jsonl: return "JSON Lines"
        case .csv: return "CSV"
        case .tsv: return "TSV"
        }
    }

    /// The format a file name's extension names, if any.
    public static func fromExtension(of path: String) -> InputFormat? {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        switch path[path.index(after: dot)...].lowercased() {
        case "json": return .json
        case "jsonl", "ndjson": return .jsonl
        case "csv": return .csv
        case "tsv", "tab": return .tsv
        default: return nil
        }
    }

    /// Guesses the format from the input's first bytes, which are all there is (`sniff(_:atEnd:)`
    /// with the end of the input reached).
    public static func sniff(_ prefix: [UInt8]) -> InputFormat {
        FormatSniff.decide(prefix[...], atEnd: true) ?? .json
    }
}
