/// A kind of file listview does not read, recognised by its first bytes, with the way that works
/// instead: the one line of a hint (status 65) rather than a parse error at its second byte.
public enum ForeignFormat: Equatable, Sendable {
    case parquet, zip, sqlite, arrow
    case utf16(String)

    /// The format `bytes` (the first of a file) start with, if listview does not read it.
    public static func detect(_ bytes: [UInt8]) -> ForeignFormat? {
        func starts(_ magic: String) -> Bool { bytes.starts(with: Array(magic.utf8)) }
        if starts("PAR1") { return .parquet }
        if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) { return .zip }
        if starts("SQLite format 3") { return .sqlite }
        if starts("ARROW1") { return .arrow }
        // UTF-16 without a byte order mark: ASCII text with a zero byte beside every character.
        if bytes.count >= 4 {
            let pairs = stride(from: 0, to: min(bytes.count, 64) - 1, by: 2).map { (bytes[$0], bytes[$0 + 1]) }
            if pairs.allSatisfy({ $0.0 != 0 && $0.1 == 0 }) { return .utf16("UTF-16LE") }
            if pairs.allSatisfy({ $0.0 == 0 && $0.1 != 0 }) { return .utf16("UTF-16BE") }
        }
        return nil
    }

    /// The first bytes that tell a format listview does not read, or a byte order mark.
    public static let headLength = 64

    /// True when `bytes`, an input's first bytes, already tell whether it starts with a byte order
    /// mark or one of these formats: `headLength` bytes do, and fewer do once no magic or byte
    /// order mark can still follow and the zero bytes of UTF-16 without a mark are not there (the
    /// first two bytes of text, as a rule). A reader waits for no more than that, so a short line
    /// from a pipe that stays open is read at once, and a pipe's timing never changes the answer.
    public static func isDecided(_ bytes: ArraySlice<UInt8>) -> Bool {
        if bytes.count >= headLength { return true }
        if openings.contains(where: { $0.count > bytes.count && $0.starts(with: bytes) }) { return false }
        var littleEndian = true, bigEndian = true
        var index = bytes.startIndex
        while index + 1 < bytes.endIndex {
            let (first, second) = (bytes[index], bytes[index + 1])
            littleEndian = littleEndian && first != 0 && second == 0
            bigEndian = bigEndian && first == 0 && second != 0
            index += 2
        }
        // A lone last byte may be half of a pair that fits.
        return !littleEndian && !bigEndian
    }

    /// The magics of `detect` and the byte order marks: bytes that are a proper prefix of one decide nothing yet.
    private static let openings: [[UInt8]] = [
        Array("PAR1".utf8), [0x50, 0x4B, 0x03, 0x04], Array("SQLite format 3".utf8), Array("ARROW1".utf8),
        [0xEF, 0xBB, 0xBF], [0xFF, 0xFE, 0x00, 0x00], [0x00, 0x00, 0xFE, 0xFF], [0xFF, 0xFE], [0xFE, 0xFF],
    ]

    /// The hint for a file called `name`: what it is, and a command that turns it into what
    /// listview reads.
    public func hint(for name: String) -> String {
        let file = name == "<stdin>" ? "FILE" : name
        let read = "listview reads JSON and CSV"
        switch self {
        case .parquet:
            return "a Parquet file; \(read): duckdb -c \"COPY (FROM '\(file)') TO '/dev/stdout' (FORMAT json)\" | listview"
        case .zip:
            return "a zip archive (an .xlsx workbook is one); \(read): libreoffice --headless --convert-to csv \(file), or unzip -p \(file) MEMBER | listview"
        case .sqlite:
            return "a SQLite database; \(read): sqlite3 -json \(file) 'SELECT * FROM TABLE' | listview"
        case .arrow:
            return "an Arrow IPC file; \(read): duckdb -c \"COPY (FROM read_arrow('\(file)')) TO '/dev/stdout' (FORMAT json)\" | listview (DuckDB's arrow extension)"
        case .utf16(let encoding):
            return "the input is \(encoding) text without a byte order mark; listview reads UTF-8: convert it with iconv -f \(encoding) -t UTF-8"
        }
    }
}
