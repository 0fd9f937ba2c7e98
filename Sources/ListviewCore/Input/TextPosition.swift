/// A line and column (1-based; columns in Unicode characters) reached after the bytes seen so far.
///
/// LF, CRLF and a lone CR each end a line, so CSV files with any line endings
/// and JSON files get the same line numbers an editor shows.
public struct TextPosition: Equatable, Sendable {
    public var line = 1
    public var column = 1
    private var afterCR = false

    public init() {}

    /// Moves past `bytes`.
    public mutating func advance(over bytes: UnsafeRawBufferPointer) {
        for byte in bytes {
            if byte == 0x0A {
                if !afterCR { line += 1 }
                column = 1
                afterCR = false
            } else if byte == 0x0D {
                line += 1
                column = 1
                afterCR = true
            } else {
                afterCR = false
                if byte & 0xC0 != 0x80 { column += 1 }
            }
        }
    }

    /// How many line breaks `bytes` holds (a CRLF pair counts once).
    public static func lineBreaks(in bytes: UnsafeRawBufferPointer) -> Int {
        var position = TextPosition()
        position.advance(over: bytes)
        return position.line - 1
    }

    /// True for the bytes JSON and CSV treat as blank: space, tab, CR, LF.
    public static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}
