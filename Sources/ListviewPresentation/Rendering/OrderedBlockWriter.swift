import ListviewBatches
import ListviewDataSource
import ListviewInput
import ListviewQuery
import ListviewValues

/// Writes blocks of output in order while laying them out on both cores (`OrderedWork`): the
/// one place where output is made in parallel (rows of a table in memory, parts of a file read
/// as it streams).
///
/// The second thread lays out every other block into a buffer of its own; this
/// thread lays out the others straight into the sink and writes the second
/// thread's blocks in turn, so the bytes come out exactly as a single thread would
/// write them. After each block is written, `handOn` (on this thread, in block
/// order) may stop the writing or throw what went wrong in that block: the blocks
/// after it, laid out or not, are never written.
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
    /// two threads at once for different blocks; `OrderedWork`). After block `b` is written,
    /// `handOn(b)` says whether to go on (false: stop; the blocks after it are not written) or
    /// throws. Returns the number of blocks written.
    @discardableResult
    public static func write(blocks: Int, into sink: OutputSink, layOut: @escaping @Sendable (Int, inout [UInt8]) -> Void,
                             handOn: (Int) throws -> Bool = { _ in true }) throws -> Int {
        try OrderedWork.run(count: blocks, here: { block in
            // This thread's blocks are laid out straight into the sink's buffer.
            try sink.appendBytes { layOut(block, &$0) }
            return try handOn(block)
        }, elsewhere: { block in
            var bytes: [UInt8] = []
            layOut(block, &bytes)
            return bytes
        }, handOn: { block, bytes in
            try sink.write(bytes: bytes)
            return try handOn(block)
        })
    }
}
