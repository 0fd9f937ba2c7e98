import ListviewBatches
import ListviewConcurrency
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
    /// The offset where the first row starting after `target` begins (after the LF of a CRLF),
    /// or nil when no row starts between `target` and the end of the file.
    static func find(in input: ByteInput, after target: Int, quote: UInt8 = UInt8(ascii: "\"")) throws -> Int? {
        guard let size = input.regularFileSize else { return nil }
        return try cuts(in: input, targets: [target], size: size, quote: quote).first
    }

    /// Row starts for parts of about `step` bytes after `start`: the first row start after
    /// each of `start + step`, `start + 2 × step`, … (each once, in order, before `size`).
    static func cuts(in input: ByteInput, from start: Int, every step: Int, size: Int, quote: UInt8 = UInt8(ascii: "\"")) throws -> [Int] {
        guard step > 0, start + step < size else { return [] }
        return try cuts(in: input, targets: Array(stride(from: start + step, to: size, by: step)), size: size, quote: quote)
            .filter { $0 < size }
    }

    /// The first row start after each of `targets` (ascending) that no earlier cut reached. The quotes
    /// before each target are counted first, the bytes before the last target in two halves on
    /// two threads (a stretch between targets that the middle cuts counted half on each); then
    /// each target's row start is looked for from the target on, knowing whether it lies
    /// inside quotes.
    private static func cuts(in input: ByteInput, targets: [Int], size: Int, quote: UInt8) throws -> [Int] {
        guard let last = targets.last else { return [] }
        let stretches = zip([0] + targets.dropLast(), targets).map { $0..<$1 }
        // Each stretch's bytes before the middle, counted here, and from it on, counted on the other thread.
        let middle = last / 2
        let later = BackgroundResult { try quotes(in: input, stretches.map { $0.clamped(to: middle..<last) }, quote: quote) }
        var counts = try quotes(in: input, stretches.map { $0.clamped(to: 0..<middle) }, quote: quote)
        for (place, count) in try later.get().enumerated() { counts[place] += count }
        var found: [Int] = []
        var quotesBefore = 0
        for (target, count) in zip(targets, counts) {
            quotesBefore += count
            if let last = found.last, last >= target { continue }  // a long row ran past this target
            guard let cut = try rowStart(in: input, from: target, insideQuotes: quotesBefore % 2 == 1, quote: quote) else { break }
            if cut > found.last ?? -1 { found.append(cut) }
        }
        return found
    }

    /// The number of quote bytes in each of `ranges` of the file, read through one buffer.
    private static func quotes(in input: ByteInput, _ ranges: [Range<Int>], quote: UInt8) throws -> [Int] {
        var block = ByteInput.readBuffer(count: min(1 << 20, max(1, ranges.map(\.count).max() ?? 1)))
        return try block.withUnsafeMutableBytes { block in
            try ranges.map { range in
                var offset = range.lowerBound
                var found = 0
                while offset < range.upperBound {
                    let chunk = UnsafeMutableRawBufferPointer(rebasing: block[..<min(block.count, range.upperBound - offset)])
                    let count = try input.read(at: offset, into: chunk)
                    guard count > 0 else { break }
                    // Counted 32 bytes at a time: a search per quote cost a call for each of a file's quotes.
                    found += ByteBlock.count(of: quote, in: UnsafeRawBufferPointer(rebasing: chunk[..<count]))
                    offset += count
                }
                return found
            }
        }
    }

    /// The first row start after `target`, given whether `target` lies inside quotes; nil
    /// when none is left before the end of the file (a CR at the very end ends its row there).
    private static func rowStart(in input: ByteInput, from target: Int, insideQuotes: Bool, quote: UInt8) throws -> Int? {
        var block = ByteInput.readBuffer(count: 64 << 10)
        var offset = target
        var inside = insideQuotes
        var pendingCR: Int?  // a CR outside quotes: the row starts after it, or after the LF that follows it
        while true {
            let count = try block.withUnsafeMutableBytes { try input.read(at: offset, into: $0) }
            guard count > 0 else { return pendingCR.map { $0 + 1 } }
            for index in 0..<count {
                let byte = block[index]
                if let cr = pendingCR { return byte == 0x0A ? offset + index + 1 : cr + 1 }
                if byte == quote {
                    inside.toggle()
                } else if !inside {
                    if byte == 0x0A { return offset + index + 1 }
                    if byte == 0x0D { pendingCR = offset + index }
                }
            }
            offset += count
        }
    }
}
