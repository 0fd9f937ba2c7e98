import Glibc
import ListviewBatches
import ListviewInput
import ListviewValues

/// Where a CSV file can be cut in two so that a second parser starts on a row of its own.
///
/// A row ends at a CR or LF outside quotes, and whether a byte lies inside a
/// quoted field follows from the parity of the quote bytes before it: RFC 4180
/// doubles a quote inside a quoted field, so a well-formed file's quotes pair
/// up. Lenient quoting can break that rule, so the guess is only a guess: the
/// parser reading the first part must end exactly between rows at the cut,
/// or the cut is abandoned (`CSVRecordSource` checks).
enum CSVSplitPoint {
    /// The offset where the first row starting at or after `target` begins (after the LF of a CRLF),
    /// or nil when no row starts between `target` and the end of the file.
    static func find(in input: ByteInput, after target: Int, quote: UInt8 = UInt8(ascii: "\"")) throws -> Int? {
        var block = [UInt8](repeating: 0, count: 1 << 20)
        var offset = 0
        var quotes = 0
        var pendingCR: Int?  // a CR outside quotes: the row starts after it, or after the LF that follows it
        while true {
            let count = try block.withUnsafeMutableBytes { try input.read(at: offset, into: $0) }
            guard count > 0 else { return pendingCR.map { $0 + 1 } }
            let found: Int? = block.withUnsafeBytes { raw -> Int? in
                guard let base = raw.baseAddress else { return nil }
                // Before the target only the quotes count: hop from one to the next.
                let counted = min(count, max(0, target - offset))
                var index = 0
                while index < counted, let hit = memchr(base + index, Int32(quote), counted - index) {
                    quotes += 1
                    index = UnsafeRawPointer(hit) - base + 1
                }
                for index in counted..<count {
                    let byte = raw[index]
                    if let cr = pendingCR { return byte == 0x0A ? offset + index + 1 : cr + 1 }
                    if byte == quote {
                        quotes += 1
                    } else if quotes % 2 == 0 {
                        if byte == 0x0A { return offset + index + 1 }
                        if byte == 0x0D { pendingCR = offset + index }
                    }
                }
                return nil
            }
            if let found { return found }
            offset += count
        }
    }
}
