import Glibc
import ListviewConcurrency

/// A compressed input decompressed on a thread of its own into blocks of memory, which readers
/// take by number: the first rows come as soon as their block is decompressed, memory stays flat
/// (at most `window` blocks are held), and nothing is written to disk.
///
/// A block ends just after a line break (unless a line runs past four blocks' worth), so each
/// block after the first starts where a row probably starts: the parts a parser on another
/// core may read on its own (`CSVFileParts`). Readers hold a block's bytes as long as they
/// like; the window forgets blocks once `release(below:)` says no reader will ask for them
/// again, and the thread decompresses ahead only while the window has room.
///
/// When the stream is broken the thread hands over what it decompressed as the last block and
/// notes why (`failure`), so a reader that meets the end asks whether the input was whole.
public final class DecompressedBlocks: Sendable {
    /// Bytes of a decompressed stream, from offset `start`; `isLast` when the stream ends with them.
    public struct Block: Sendable {
        public let bytes: [UInt8]
        public let start: Int
        public let isLast: Bool

        /// The offset just past the block.
        public var end: Int { start + bytes.count }
    }

    private struct State {
        var blocks: [Int: Block] = [:]
        /// Blocks handed over so far.
        var produced = 0
        /// Blocks numbered below this were released.
        var released = 0
        /// True once the last block is handed over.
        var ended = false
        var failure: DecompressionError?
        /// True once the readers left: the thread stops at its next hand-over.
        var stopped = false
    }

    /// About how many bytes a block holds.
    public let blockSize: Int
    /// Blocks held at most, from the lowest not released to the newest.
    private let window: Int
    private let state = Monitor(State())
    private let format: CompressedFormat
    private let source: Int32
    private let ownsSource: Bool
    private let prefix: [UInt8]

    /// The block being filled, and the offset it starts at: the thread's own, passed along `inout`.
    private struct Filling {
        var bytes: [UInt8] = []
        var start = 0
    }

    /// Starts decompressing `source` (a file or standard input) in `format`; `prefix` are bytes
    /// already read from it to recognise the format.
    public init(format: CompressedFormat, source: Int32, ownsSource: Bool, prefix: [UInt8], blockSize: Int = 1 << 19,
                window: Int = 8) throws {
        self.format = format
        self.source = source
        self.ownsSource = ownsSource
        self.prefix = prefix
        self.blockSize = max(blockSize, 1)
        self.window = max(window, 8)
        // Nobody joins the thread: it ends when the source does or the readers leave (`stop()`).
        guard BackgroundThread.detached({ [self] in run() }) else {
            throw DecompressionError(problem: "no thread for decompressing", offset: 0, advice: nil)
        }
    }

    /// Block `number`, waiting for it; nil when the stream ended before it (or the readers left).
    /// A released block is not asked for again.
    public func block(_ number: Int) -> Block? {
        state.when({ $0.produced > number || $0.ended || $0.stopped }) { state in
            state.blocks[number]
        }
    }

    /// Why the stream could not be read whole, once it has ended; nil for a whole stream.
    public var failure: DecompressionError? {
        state.withLock { $0.failure }
    }

    /// Forgets the blocks numbered below `number`: no reader asks for them again.
    public func release(below number: Int) {
        state.withLock(wakes: true) { state in
            guard number > state.released else { return }
            for old in state.released..<min(number, state.produced) { state.blocks[old] = nil }
            state.released = number
        }
    }

    /// Stops decompressing: the readers left (early, or at the end).
    public func stop() {
        state.withLock(wakes: true) { state in
            state.stopped = true
            state.blocks = [:]
        }
    }

    private struct ReadersLeft: Error {}

    /// The thread's work: read, decompress, cut into blocks, until the source ends or the readers leave.
    private func run() {
        defer {
            if ownsSource { close(source) }
        }
        var filling = Filling()
        filling.bytes.reserveCapacity(blockSize * 2)
        var failure: DecompressionError?
        do {
            let decompressor = try format.makeDecompressor()
            try prefix.withUnsafeBytes { try decompressor.feed($0) { try take($0, into: &filling) } }
            var chunk = [UInt8](repeating: 0, count: 1 << 20)
            while true {
                let count = chunk.withUnsafeMutableBytes { Glibc.read(source, $0.baseAddress, $0.count) }
                if count < 0 {
                    if errno == EINTR { continue }
                    throw DecompressionError(problem: "reading failed (\(String(cString: strerror(errno))))", offset: 0, advice: nil)
                }
                if count == 0 { break }
                try chunk.withUnsafeBytes { chunk in
                    try decompressor.feed(UnsafeRawBufferPointer(rebasing: chunk[0..<count])) { try take($0, into: &filling) }
                }
            }
            try decompressor.finish()
        } catch let error as DecompressionError {
            failure = error
        } catch is ReadersLeft {
            return
        } catch {
            failure = DecompressionError(problem: "\(error)", offset: 0, advice: nil)
        }
        // What was decompressed is handed over, even before a failure: rows before it are read.
        try? handOver(cutAt: filling.bytes.count, isLast: true, failure: failure, of: &filling)
    }

    /// Adds decompressed `bytes` to the block being filled, handing over each block it fills.
    private func take(_ bytes: UnsafeRawBufferPointer, into filling: inout Filling) throws {
        filling.bytes.append(contentsOf: bytes)
        var from = 0  // bytes of `filling` before this were handed over
        while filling.bytes.count - from >= blockSize, let cut = blockEnd(of: filling.bytes, from: from) {
            if from == 0 && filling.bytes.count - cut < blockSize {
                try handOver(cutAt: cut, isLast: false, failure: nil, of: &filling)  // the bytes kept, the rest copied
            } else {
                try handOver(Block(bytes: Array(filling.bytes[from..<cut]), start: filling.start, isLast: false))
                (filling.start, from) = (filling.start + cut - from, cut)
            }
        }
        if from > 0 { filling.bytes.removeSubrange(0..<from) }
    }

    /// Where the block starting at byte `start` of `filling` ends: just after its last line break
    /// within a block's size, else after the first within four (a long line), else four blocks'
    /// size on; nil while the bytes so far cannot tell.
    private func blockEnd(of filling: [UInt8], from start: Int) -> Int? {
        filling.withUnsafeBufferPointer { bytes in
            let size = min(blockSize, bytes.count - start)
            if let lastBreak = bytes[start..<start + size].lastIndex(of: 0x0A) { return lastBreak + 1 }
            let far = start + 4 * blockSize
            if let firstBreak = bytes[start + size..<min(far, bytes.count)].firstIndex(of: 0x0A) { return firstBreak + 1 }
            return bytes.count >= far ? far : nil
        }
    }

    /// Hands over the first `cut` bytes of the block being filled, once the window has room; the
    /// rest starts the next block.
    private func handOver(cutAt cut: Int, isLast: Bool, failure: DecompressionError?, of filling: inout Filling) throws {
        var next: [UInt8] = []
        if !isLast {
            next.reserveCapacity(blockSize * 2)
            next.append(contentsOf: filling.bytes[cut...])
            filling.bytes.removeSubrange(cut...)
        }
        let block = Block(bytes: filling.bytes, start: filling.start, isLast: isLast)
        filling.start += cut
        filling.bytes = next
        try handOver(block, failure: failure)
    }

    /// Hands over `block`, once the window has room; throws when the readers left.
    private func handOver(_ block: Block, failure: DecompressionError? = nil) throws {
        let window = self.window
        let isLast = block.isLast
        let stopped = state.when({ $0.stopped || $0.produced - $0.released < window }) { state -> Bool in
            guard !state.stopped else { return true }
            state.blocks[state.produced] = block
            state.produced += 1
            if isLast { (state.ended, state.failure) = (true, failure) }
            return false
        }
        if stopped { throw ReadersLeft() }
    }
}
