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

    /// Guesses the format from the first bytes of the input.
    ///
    /// JSON Lines when the first line is a whole object or array and another
    /// line starting with `{` or `[` follows; JSON when the text starts like
    /// JSON; else TSV when the first line has tabs and no commas; else CSV.
    /// Empty or blank input is JSON Lines, so it reads as an empty list
    /// (`grep … | listview` that matched nothing), not as broken JSON.
    public static func sniff(_ prefix: [UInt8]) -> InputFormat {
        var bytes = prefix[...]
        if bytes.starts(with: ByteInput.utf8ByteOrderMark) { bytes = bytes.dropFirst(ByteInput.utf8ByteOrderMark.count) }
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
        guard let first = bytes.first(where: { !isSpace($0) }) else { return .jsonl }
        switch first {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: true)
                .map { $0.drop(while: isSpace) }
                .filter { !$0.isEmpty }
            if lines.count >= 2, let firstLine = lines.first?.reversed().drop(while: isSpace).first,
               firstLine == UInt8(ascii: "}") || firstLine == UInt8(ascii: "]"),
               let second = lines.dropFirst().first?.first,
               second == UInt8(ascii: "{") || second == UInt8(ascii: "[") {
                return .jsonl
            }
            return .json
        case UInt8(ascii: "\""), UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            let line = bytes.prefix { $0 != 0x0A }
            if line.contains(UInt8(ascii: ",")) { return .csv }
            if line.contains(0x09) { return .tsv }
            return .json
        default:
            let line = bytes.prefix { $0 != 0x0A }
            if line.contains(0x09) && !line.contains(UInt8(ascii: ",")) { return .tsv }
            return .csv
        }
    }
}
