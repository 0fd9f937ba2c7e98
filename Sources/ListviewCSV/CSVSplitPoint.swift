import Glibc
import ListviewBatches
import ListviewInput
import ListviewValues

/// Where a CSV file can be cut so that another parser starts on a row of its own.
///
/// A row ends at a CR or LF outside quotes, and whether a byte lies inside a
/// quoted field follows from the parity of the quote bytes before it: RFC 4180
/// doubles a quote inside a quoted field, so a well-formed file's quotes pair
/// up. Lenient quoting can break that rule, so a cut is only a guess: the
/// parser reading the part before it must end exactly between rows at the cut,
/// or the cut is abandoned (`CSVRecordSource` and `CSVFileParts` check).
enum CSVSplitPoint {
    /// The offset where the first row starting at or after `target` begins (after the LF of a CRLF),
    /// or nil when no row starts between `target` and the end of the file.
    static func find(in input: ByteInput, after target: Int, quote: UInt8 = UInt8(ascii: "\"")) throws -> Int? {
        try cuts(in: input, after: target, every: nil, quote: quote).first
    }

    /// Row starts for parts of about `step` bytes: the first at or after `target`, each next one
    /// at or after the one before it plus `step` (one only when `step` is nil). The file is read
    /// once from its start; before each target only its quotes are counted.
    static func cuts(in input: ByteInput, after first: Int, every step: Int?, quote: UInt8 = UInt8(ascii: "\"")) throws -> [Int] {
        var block = [UInt8](repeating: 0, count: 1 << 20)
        var offset = 0
        var quotes = 0
        var pendingCR: Int?  // a CR outside quotes: the row starts after it, or after the LF that follows it
        var target = first
        var found: [Int] = []
        while true {
            let count = try block.withUnsafeMutableBytes { try input.read(at: offset, into: $0) }
            guard count > 0 else {
                if let cr = pendingCR { found.append(cr + 1) }
                return found
            }
            let finished: Bool = block.withUnsafeBytes { raw -> Bool in
                guard let base = raw.baseAddress else { return true }
                var index = 0
                while index < count {
                    // Before the target only the quotes count: hop from one to the next.
                    let counted = min(count, max(index, target - offset))
                    while index < counted, let hit = memchr(base + index, Int32(quote), counted - index) {
                        quotes += 1
                        index = UnsafeRawPointer(hit) - base + 1
                    }
                    index = max(index, counted)
                    var cut: Int?
                    while index < count {
                        let byte = raw[index]
                        if let cr = pendingCR {
                            pendingCR = nil
                            if byte == 0x0A {
                                cut = offset + index + 1
                                index += 1
                            } else {
                                cut = cr + 1  // this byte starts the row: it is looked at again
                            }
                            break
                        }
                        index += 1
                        if byte == quote {
                            quotes += 1
                        } else if quotes % 2 == 0 {
                            if byte == 0x0A {
                                cut = offset + index
                                break
                            }
                            if byte == 0x0D { pendingCR = offset + index - 1 }
                        }
                    }
                    guard let cut else { continue }
                    found.append(cut)
                    guard let step else { return true }
                    target = cut + step
                }
                return false
            }
            if finished { return found }
            offset += count
        }
    }
}
