import ListviewBatches
import ListviewConcurrency
import ListviewDataSource
import ListviewQuery
import ListviewValues

/// Writes the rows of a table in memory in order while laying them out on both cores
/// (`OrderedWork`).
///
/// The second thread lays out every other block into a buffer of its own; this
/// thread lays out the others straight into the sink and writes the second
/// thread's blocks in turn, so the bytes come out exactly as a single thread would
/// write them.
public enum OrderedBlockWriter {
    /// Rows laid out per block; fewer than two blocks are laid out on this thread alone.
    public static let blockSize = 8_192

    /// Writes rows `0..<count`, `layOut` appending the bytes of a range of them (called from two
    /// threads at once for different ranges, so it must only read shared state).
    public static func write(count: Int, blockSize: Int = OrderedBlockWriter.blockSize, into sink: OutputSink,
                             layOut: @escaping @Sendable (Range<Int>, inout ByteOutput) -> Void) throws {
        @Sendable func rows(of block: Int) -> Range<Int> { block * blockSize..<min(count, (block + 1) * blockSize) }
        try OrderedWork.run(count: (count + blockSize - 1) / blockSize, here: { block in
            // This thread's blocks are laid out straight into the sink's buffer.
            try sink.appendBytes { layOut(rows(of: block), &$0) }
            return true
        }, elsewhere: { block in
            var bytes = ByteOutput(capacity: 1 << 16)
            layOut(rows(of: block), &bytes)
            return OutputBlock(bytes)
        }, handOn: { _, block in
            try sink.write(block: block.output)
            return true
        })
    }
}
