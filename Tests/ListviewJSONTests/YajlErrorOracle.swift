import ListviewInput
@testable import ListviewJSON

/// The first error listview's yajl reader finds in a text, the answer `JSONErrorLocator` must give.
///
/// It drives `YajlParser` with a `JSONBatchAssembler` as `JSONRecordSource.readMore` does:
/// chunk after chunk, an error at its chunk's start plus the offset the parser gives;
/// at the end, a document of only whitespace is "no JSON value", and `finish` is asked
/// only of a text with more than whitespace, its error put at the end of the text.
enum YajlErrorOracle {
    /// The first error in `text`, given to the parser in chunks ending at `chunkEnds` (whole when empty).
    static func firstError(in text: [UInt8], lines: Bool, maxDepth: Int, chunkEnds: [Int] = []) -> JSONErrorLocator.Found? {
        let assembler = JSONBatchAssembler(lines: lines, path: [], maxDepth: maxDepth)
        let parser = YajlParser(handler: assembler, multipleValues: lines)
        var start = 0
        for end in chunkEnds.isEmpty ? [text.count] : chunkEnds {
            let outcome = text.withUnsafeBytes { parser.parse(UnsafeRawBufferPointer(rebasing: $0[start..<end])) }
            if case let .failed(message, offset) = outcome {
                return JSONErrorLocator.Found(message: message, offset: start + offset)
            }
            // Rows are handed out as a reader would, so the assembler holds one slice's worth.
            _ = assembler.takeCompletedRows()
            start = end
        }
        guard text.contains(where: { !TextPosition.isWhitespace($0) }) else {
            return lines ? nil : JSONErrorLocator.Found(message: JSONErrorLocator.emptyDocument, offset: text.count)
        }
        if case let .failed(message, _) = parser.finish() {
            return JSONErrorLocator.Found(message: message, offset: text.count)
        }
        return nil
    }
}
