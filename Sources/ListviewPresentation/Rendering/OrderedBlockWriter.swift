import ListviewBatches
import ListviewDataSource
import ListviewInput
import ListviewQuery
import ListviewValues

/// Writes blocks of output in order while laying them out on both cores: the one place where
/// output is made in parallel (rows of a table in memory, parts of a file read as it streams).
///
/// A second thread lays out every other block into a buffer of its own, at most a
/// few blocks ahead; this thread lays out the others straight into the sink and
/// writes the second thread's blocks in turn, so the bytes come out exactly as a
/// single thread would write them. After each block is written, `handOn` (on this
/// thread, in block order) may stop the writing or throw what went wrong in that
/// block: the blocks after it, laid out or not, are never written.
public enum OrderedBlockWriter {
    /// Rows laid out per block; fewer than two blocks are laid out on this thread alone.
    public static let blockSize = 8_192

    /// Writes rows `0..<count`, `layOut` appending the bytes of a range of them (called from two
    /// threads at once for different ranges, so it must only read shared state).
    public static func write(count: Int, blockSize: Int = OrderedBlockWriter.blockSize, into sink: OutputSink,
                             layOut: @escaping @Sendable (Range<Int>, inout [UInt8]) -> Void) throws {
        let blocks = (count + blockSize - 1) / blockSize
        try write(blocks: blocks, into: sink) { block, bytes in
            layOut(block * blockSize..<min(count, (block + 1) * blockSize), &bytes)
        }
    }

    /// Writes blocks `0..<blocks`, `layOut(block, &bytes)` appending the bytes of one (called from
    /// two threads at once for different blocks). After block `b` is written, `handOn(b)` says
    /// whether to go on (false: stop; the blocks after it are not written) or throws. Returns
    /// the number of blocks written.
    @discardableResult
    public static func write(blocks: Int, into sink: OutputSink, layOut: @escaping @Sendable (Int, inout [UInt8]) -> Void,
                             handOn: (Int) throws -> Bool = { _ in true }) throws -> Int {
        let helper = blocks < 2 ? nil : AlternateBlocks(count: blocks, layOut: layOut)
        defer { helper?.finish() }
        for block in 0..<blocks {
            if block % 2 == 1, let helper {
                try sink.write(bytes: helper.take(block))
            } else {
                try sink.appendBytes { layOut(block, &$0) }
            }
            guard try handOn(block) else { return block + 1 }
        }
        return blocks
    }
}

/// Lays out the odd-numbered blocks on a second thread, a few blocks ahead of the thread that
/// takes them in order.
private final class AlternateBlocks: @unchecked Sendable {
    /// Blocks laid out and not yet taken, at most this many.
    private static let lead: UInt32 = 2
    private let buffers: UnsafeMutablePointer<[UInt8]>
    private let count: Int
    private let laidOut = CountingSemaphore()
    private let room = CountingSemaphore(AlternateBlocks.lead)
    private var stopped = false  // written before `room.signal()`, read after `room.wait()`
    private var thread: BackgroundThread?

    init(count: Int, layOut: @escaping (Int, inout [UInt8]) -> Void) {
        self.count = count
        buffers = .allocate(capacity: count)
        buffers.initialize(repeating: [], count: count)
        thread = BackgroundThread { [self] in
            for block in stride(from: 1, to: count, by: 2) {
                room.wait()
                if stopped { return }
                layOut(block, &buffers[block])
                laidOut.signal()
            }
        }
    }

    /// The bytes of odd-numbered `block`, once laid out; blocks are taken in order.
    func take(_ block: Int) -> [UInt8] {
        laidOut.wait()
        let bytes = buffers[block]
        buffers[block] = []
        room.signal()
        return bytes
    }

    /// Stops the second thread (the blocks are written, or writing stopped or failed) and waits for it.
    func finish() {
        stopped = true
        room.signal()
        thread?.wait()
    }

    deinit {
        buffers.deinitialize(count: count)
        buffers.deallocate()
    }
}
