import CBzip2

/// bzip2 through libbz2's streaming API (Debian's libbz2-dev): the only file that imports it.
///
/// Streams concatenated (as `cat a.bz2 b.bz2` makes them) are read one after
/// another, as bzip2 -d does. A stream that ends early or corrupt data is a
/// `DecompressionError` at its compressed byte.
final class Bzip2Decompressor: Decompressor {
    private var stream = bz_stream()
    private var output = [UInt8](repeating: 0, count: 1 << 18)
    private var consumed = 0
    /// True while a stream has begun and not yet ended.
    private var inStream = false

    init() throws {}

    deinit {
        if inStream { BZ2_bzDecompressEnd(&stream) }
    }

    func feed(_ input: UnsafeRawBufferPointer, emit: (UnsafeRawBufferPointer) throws -> Void) throws {
        guard let base = input.baseAddress, !input.isEmpty else { return }
        var position = 0
        while position < input.count {
            if !inStream {
                stream = bz_stream()
                guard BZ2_bzDecompressInit(&stream, 0, 0) == BZ_OK else {
                    throw DecompressionError(problem: "bzip2 could not start", offset: consumed + position, advice: nil)
                }
                inStream = true
            }
            stream.next_in = UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: CChar.self) + position)
            stream.avail_in = UInt32(min(input.count - position, Int(UInt32.max)))
            let result = output.withUnsafeMutableBytes { out -> Int32 in
                stream.next_out = out.baseAddress?.assumingMemoryBound(to: CChar.self)
                stream.avail_out = UInt32(out.count)
                return BZ2_bzDecompress(&stream)
            }
            let produced = output.count - Int(stream.avail_out)
            let used = (input.count - position) - Int(stream.avail_in)
            position += used
            guard result == BZ_OK || result == BZ_STREAM_END else {
                throw DecompressionError(problem: "the bzip2 stream is corrupt", offset: consumed + position, advice: nil)
            }
            if produced > 0 { try output.withUnsafeBytes { try emit(UnsafeRawBufferPointer(rebasing: $0[0..<produced])) } }
            if result == BZ_STREAM_END {
                BZ2_bzDecompressEnd(&stream)
                inStream = false
            } else if used == 0 && produced == 0 {
                break
            }
        }
        consumed += input.count
    }

    func finish() throws {
        guard !inStream else {
            throw DecompressionError(problem: "the bzip2 stream ends early", offset: consumed, advice: "truncated file?")
        }
    }
}
