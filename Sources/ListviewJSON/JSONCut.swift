import ListviewInput

/// Where a JSON Lines file, or a JSON file's top-level array, can be cut into parts that read on
/// their own: the one rule for reading a file in parts (`JSONFileParts`) and in halves
/// (`JSONRecordSource.cellTable()`).
///
/// A line feed lies between tokens in JSON text, so a part that begins at a line start
/// begins at a value unless a value runs over several lines (its reader then fails and
/// the file is read in one pass). In JSON Lines any line start is a cut. In an array the
/// cut is a line that starts an object after a line ending with a comma after a closing
/// bracket or quote: the part before ends before the comma, the next begins at the object.
/// (After a number or a literal, the part before would end inside a token its reader cannot
/// end without the comma: `3` of `3,` could be the start of `35`.)
enum JSONCut {
    /// The first cut at or after `offset` (of a file of `size` bytes), looked for in at most
    /// `limit` bytes; nil when there is none.
    static func first(in input: ByteInput, from offset: Int, size: Int, lines: Bool, searching limit: Int = .max) throws -> (end: Int, start: Int)? {
        // Records are short, and a file is cut every few hundred kilobytes: a page's look mostly
        // finds the cut, where reading a whole block each time would read a quarter of the file again.
        var block = ByteInput.readBuffer(count: 4 << 10)
        var at = offset
        while at < size, at - offset < limit {
            let count = try block.withUnsafeMutableBytes { try input.read(at: at, into: $0) }
            guard count > 0 else { return nil }
            if let cut = lines ? lineStart(in: block[0..<count]) : elementStart(in: block[0..<count]) {
                return at + cut.start < size ? (at + cut.end, at + cut.start) : nil
            }
            // Nothing in the first page: the same place again, a whole block at a time.
            if block.count < 64 << 10 {
                block = ByteInput.readBuffer(count: 64 << 10)
                continue
            }
            // Nothing in this block: the next one overlaps it by a line's worth, not to miss a cut across blocks.
            guard count > 4_096 else { return nil }
            at += count - 4_096
        }
        return nil
    }

    /// The first line start in `bytes` (a part of JSON Lines ends where the next begins).
    private static func lineStart(in bytes: ArraySlice<UInt8>) -> (end: Int, start: Int)? {
        guard let feed = bytes.firstIndex(of: 0x0A) else { return nil }
        let start = feed + 1 - bytes.startIndex
        return (start, start)
    }

    /// The first line in `bytes` that starts an object after a line ending with a comma after
    /// `}`, `]` or `"`: where the part before ends (at the comma) and the next begins (at the object).
    private static func elementStart(in bytes: ArraySlice<UInt8>) -> (end: Int, start: Int)? {
        let blank: Set<UInt8> = [0x20, 0x09, 0x0D, 0x0A]
        var index = bytes.startIndex
        while let feed = bytes[index...].firstIndex(of: 0x0A) {
            var start = feed + 1
            while start < bytes.endIndex, bytes[start] == 0x20 || bytes[start] == 0x09 || bytes[start] == 0x0D { start += 1 }
            guard start < bytes.endIndex else { return nil }
            if bytes[start] == UInt8(ascii: "{") {
                var end = feed
                while end > bytes.startIndex, blank.contains(bytes[end - 1]) { end -= 1 }
                if end > bytes.startIndex, bytes[end - 1] == UInt8(ascii: ",") {
                    var closing = end - 1
                    while closing > bytes.startIndex, blank.contains(bytes[closing - 1]) { closing -= 1 }
                    if closing > bytes.startIndex, [UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: "\"")].contains(bytes[closing - 1]) {
                        return (end - 1 - bytes.startIndex, start - bytes.startIndex)
                    }
                }
            }
            index = feed + 1
        }
        return nil
    }
}
