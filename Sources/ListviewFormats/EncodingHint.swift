import ListviewInput
import ListviewValues

/// A file refused for invalid UTF-8 whose bytes read as Latin-1 or Windows-1252 text gets that
/// said in its error, with the command that converts it, as a UTF-16 file gets its `iconv`.
///
/// Text in those encodings writes every character past ASCII as one byte of 0x80–0xFF, which is
/// never a well-formed UTF-8 sequence of its own; UTF-8 text with one broken byte has well-formed
/// sequences too, and UTF-8 gone wrong (an encoded surrogate) keeps its shape. So the hint is
/// given when the file's first `sampleLimit` bytes hold ill-formed bytes and no sequence of
/// UTF-8's shape past ASCII. Bytes 0x80–0x9F are controls in Latin-1 and
/// letters and signs in Windows-1252 (`€`, `’`, `…`): with any of them the hint names
/// Windows-1252.
public enum EncodingHint {
    /// How much of a file is looked at.
    static let sampleLimit = 16 << 20

    /// `error` with the hint added when it is an invalid-UTF-8 error from a file among `inputs`
    /// whose bytes look like Latin-1 or Windows-1252.
    public static func annotated(_ error: ListviewError, inputs: [String]) -> ListviewError {
        guard case let .malformedInput(source, line, column, message) = error, message.contains("invalid UTF-8"),
              inputs.contains(source), let encoding = singleByteEncoding(ofFile: source) else { return error }
        let hint = "the text looks like \(encoding.name): convert it with iconv -f \(encoding.iconvName) -t UTF-8"
        return .malformedInput(source: source, line: line, column: column, message: "\(message); \(hint)")
    }

    /// The single-byte encoding the file at `path` looks like, or nil.
    private static func singleByteEncoding(ofFile path: String) -> (name: String, iconvName: String)? {
        guard let input = try? ByteInput(path: path) else { return nil }
        var census = Census()
        var read = 0
        do {
            while read < sampleLimit, try input.withNextChunk({ chunk in
                census.count(chunk)
                read += chunk.count
            }) {}
        } catch {
            return nil
        }
        return census.encoding
    }

    /// What the bytes past ASCII in a text are: well-formed UTF-8 sequences, or bytes of none.
    struct Census {
        var wellFormed = 0
        var illFormed = 0
        /// Sequences of UTF-8's shape that it forbids (surrogates, and overlongs of 3 and 4 bytes).
        var utf8Shaped = 0
        /// Ill-formed bytes of 0x80–0x9F: Windows-1252's letters and signs, Latin-1's controls.
        var windowsOnly = 0
        /// The bytes of a sequence cut off at the end of the last chunk, counted with the next.
        private var carried: [UInt8] = []

        /// Counts `chunk`'s bytes past ASCII.
        mutating func count(_ chunk: UnsafeRawBufferPointer) {
            let bytes = carried + Array(chunk)
            carried = []
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte < 0x80 { index += 1; continue }
                guard let sequence = UTF8Check.sequence(startingWith: byte) else {
                    illFormed += 1
                    if byte < 0xA0 { windowsOnly += 1 }
                    index += 1
                    continue
                }
                if index + sequence.length > bytes.count {
                    carried = Array(bytes[index...])
                    return
                }
                let second = bytes[index + 1]
                let rest = bytes[(index + 2)..<(index + sequence.length)]
                if second >= sequence.low && second <= sequence.high && rest.allSatisfy({ $0 & 0xC0 == 0x80 }) {
                    wellFormed += 1
                    index += sequence.length
                } else if bytes[(index + 1)..<(index + sequence.length)].allSatisfy({ $0 & 0xC0 == 0x80 }) {
                    // UTF-8's shape with a value it forbids (an encoded surrogate, `ED A0 80`): UTF-8
                    // gone wrong, not a single-byte text.
                    utf8Shaped += 1
                    index += sequence.length
                } else {
                    illFormed += 1
                    index += 1
                }
            }
        }

        /// Latin-1 or Windows-1252 when every byte past ASCII is ill-formed UTF-8; else nil.
        var encoding: (name: String, iconvName: String)? {
            guard illFormed + carried.count > 0, wellFormed == 0, utf8Shaped == 0 else { return nil }
            return windowsOnly > 0 ? ("Windows-1252", "WINDOWS-1252") : ("Latin-1 (ISO-8859-1)", "LATIN1")
        }
    }
}
