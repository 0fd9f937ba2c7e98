import CBzip2

/// bzip2 through libbz2's streaming API (Debian's libbz2-dev): the only file that imports it.
///
/// Streams concatenated (as `cat a.bz2 b.bz2` makes them) are read one after
/// another, as bzip2 -d does. A stream that ends early or corrupt data is a
/// `DecompressionError` at its compressed byte.
final class Bzip2Decompressor: MemberDecompressor {
    private var stream = bz_stream()

    init() throws {
        super.init(name: "bzip2")
    }

    deinit {
        if inMember { BZ2_bzDecompressEnd(&stream) }
    }

    override func beginMember(_ input: UnsafeRawBufferPointer, offset: Int) throws {
        stream = bz_stream()
        guard BZ2_bzDecompressInit(&stream, 0, 0) == BZ_OK else {
            throw DecompressionError(problem: "bzip2 could not start", offset: offset, advice: nil)
        }
    }

    override func step(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) -> Step {
        stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress?.assumingMemoryBound(to: CChar.self))
        stream.avail_in = UInt32(min(input.count, Int(UInt32.max)))
        stream.next_out = output.baseAddress?.assumingMemoryBound(to: CChar.self)
        stream.avail_out = UInt32(min(output.count, Int(UInt32.max)))
        let result = BZ2_bzDecompress(&stream)
        let used = input.count - Int(stream.avail_in)
        guard result == BZ_OK || result == BZ_STREAM_END else {
            return Step(used: used, produced: 0, ended: false, problem: "the bzip2 stream is corrupt")
        }
        // The stream's end: its state is let go; the next member starts afresh.
        if result == BZ_STREAM_END { BZ2_bzDecompressEnd(&stream) }
        return Step(used: used, produced: output.count - Int(stream.avail_out), ended: result == BZ_STREAM_END, problem: nil)
    }
}
