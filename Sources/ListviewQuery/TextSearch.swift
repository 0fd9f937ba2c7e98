import ListviewBatches
import ListviewValues

/// `--search` (and the browser's `/`): whether some field of a row contains a text, letter
/// case ignored, looked for in the cells' bytes.
///
/// The text is lowercased once. An ASCII cell is scanned byte by byte with ASCII letters
/// folded, which is what lowercasing it would give; a cell with other characters is
/// lowercased as a string, so every letter folds as `String.lowercased()` folds it. Null
/// and missing fields never match; a nested value matches on its JSON text.
public struct TextSearch: Sendable {
    public let text: String
    private let folded: String
    private let needle: [UInt8]

    public init(_ text: String) {
        self.text = text
        folded = text.lowercased()
        needle = Array(folded.utf8)
    }

    /// True when some cell of `row` contains the text.
    @inline(__always)
    public func matches(row: Int, cells: CellTable.Cells, columnCount: Int) -> Bool {
        for column in 0..<columnCount {
            let (kind, bytes) = cells.cell(row: row, column: column)
            if kind == .null || kind == .absent { continue }
            if contains(bytes) { return true }
        }
        return needle.isEmpty
    }

    /// True when `bytes` (UTF-8) contain the text, case ignored.
    public func contains(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard !needle.isEmpty else { return true }
        var ascii = true
        if bytes.count >= needle.count {
            let first = needle[0], firstUpper = Self.upper(needle[0])
            var start = 0
            let last = bytes.count - needle.count
            while start <= last {
                let byte = bytes[start]
                if byte >= 0x80 { ascii = false }
                if byte == first || byte == firstUpper {
                    var offset = 1
                    while offset < needle.count && Self.lower(bytes[start + offset]) == needle[offset] { offset += 1 }
                    if offset == needle.count { return true }
                }
                start += 1
            }
            if ascii { ascii = !bytes[(last + 1)...].contains { $0 >= 0x80 } }
        } else {
            ascii = !bytes.contains { $0 >= 0x80 }
        }
        // Other characters fold as the string lowercases them (`Straße`, `ÉTÉ`).
        return !ascii && String(decoding: bytes, as: UTF8.self).lowercased().contains(folded)
    }

    @inline(__always) private static func lower(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }
    @inline(__always) private static func upper(_ byte: UInt8) -> UInt8 { byte >= 0x61 && byte <= 0x7A ? byte & ~0x20 : byte }
}
