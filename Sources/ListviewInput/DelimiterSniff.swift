import ListviewValues

/// The separator of a CSV file whose header does not split on commas.
///
/// Files written with a European locale split on `;`, exports from databases on `|`, and a
/// `.csv` that is really TSV on tabs. When the first line (outside quoted text) has no comma but
/// one of these, and the second line has as many of it, that is the separator,
/// as DuckDB's and csvkit's sniffers find it; with several, the most frequent in the header (ties
/// go in this order: `;`, tab, `|`). A header of one column whose name holds a tab is not
/// mistaken for two columns: its rows have no tab, and a header with no row decides nothing.
/// `--delimiter` decides instead.
public enum DelimiterSniff {
    /// The separators looked for, in the order that breaks a tie.
    public static let candidates: [UInt8] = SniffedSeparators.all

    /// The separator the text whose first lines are `lines` splits on, when it is not a comma.
    public static func separator(of lines: (header: ArraySlice<UInt8>, next: ArraySlice<UInt8>?)) -> UInt8? {
        guard let counts = separatorCounts(in: lines.header), let most = counts.max(), most > 0,
              let index = counts.firstIndex(of: most) else { return nil }
        // A row must agree: a header alone (`a\tb` with no rows) may be one column's name.
        guard let next = lines.next, separatorCounts(in: next, stoppingAtComma: false)?[index] == most else { return nil }
        return candidates[index]
    }

    /// How many of each candidate `line` holds outside quoted text; nil at a comma there, unless
    /// commas are let be (a data row: `1,5;2,5` in a locale with decimal commas).
    private static func separatorCounts(in line: ArraySlice<UInt8>, stoppingAtComma: Bool = true) -> [Int]? {
        var counts = [Int](repeating: 0, count: candidates.count)
        var inQuotes = false
        for byte in line {
            if byte == UInt8(ascii: "\"") { inQuotes.toggle(); continue }
            guard !inQuotes else { continue }
            if stoppingAtComma && byte == UInt8(ascii: ",") { return nil }
            if let index = candidates.firstIndex(of: byte) { counts[index] += 1 }
        }
        return counts
    }

    /// The first two lines of `bytes` (without a UTF-8 byte order mark or line breaks; the second
    /// nil when the text ends before it), or nil while they may go on (`atEnd` false).
    public static func firstLines(of bytes: ArraySlice<UInt8>, atEnd: Bool) -> (header: ArraySlice<UInt8>, next: ArraySlice<UInt8>?)? {
        var bytes = bytes
        if bytes.starts(with: ByteInput.utf8ByteOrderMark) { bytes = bytes.dropFirst(ByteInput.utf8ByteOrderMark.count) }
        guard let header = line(startingAt: bytes.startIndex, in: bytes, atEnd: atEnd) else { return nil }
        guard header.end < bytes.endIndex else { return atEnd ? (header.text, nil) : nil }
        guard let next = line(startingAt: header.end, in: bytes, atEnd: atEnd) else { return nil }
        return (header.text, next.text)
    }

    /// The line that starts at `start` without its line break (and a carriage return before it),
    /// and where the next line starts; nil when it may go on.
    private static func line(startingAt start: Int, in bytes: ArraySlice<UInt8>, atEnd: Bool) -> (text: ArraySlice<UInt8>, end: Int)? {
        guard let lineBreak = bytes[start...].firstIndex(of: 0x0A) else { return atEnd ? (bytes[start...], bytes.endIndex) : nil }
        var text = bytes[start..<lineBreak]
        if text.last == 0x0D { text = text.dropLast() }
        return (text, lineBreak + 1)
    }

    /// How a note names `separator`, as `--delimiter` takes it: `';'`, `tab`, `'|'`.
    public static func name(of separator: UInt8) -> String {
        separator == 0x09 ? "tab" : "'\(Character(Unicode.Scalar(separator)))'"
    }
}
