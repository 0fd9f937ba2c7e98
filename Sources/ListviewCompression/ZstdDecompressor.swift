import CZstd

/// Zstandard through libzstd's streaming API (Debian's libzstd-dev): the only file that imports it.
///
/// Frames concatenated are read one after another. A stream that ends inside a
/// frame, or bytes that are no frame, are `DecompressionError`s at their compressed byte.
final class ZstdDecompressor: Decompressor {
    private let stream: OpaquePointer
    private var output = [UInt8](repeating: 0, count: 1 << 18)
    private var consumed = 0
    /// libzstd's last answer: 0 once a frame is whole, else more input is wanted.
    private var pending = 0

    init() throws {
        guard let stream = ZSTD_createDStream() else {
            throw DecompressionError(problem: "zstd could not start", offset: 0, advice: nil)
        }
        self.stream = stream
        ZSTD_initDStream(stream)
    }

    deinit {
        ZSTD_freeDStream(stream)
    }

    func feed(_ input: UnsafeRawBufferPointer, emit: (UnsafeRawBufferPointer) throws -> Void) throws {
        guard let base = input.baseAddress, !input.isEmpty else { return }
        var source = ZSTD_inBuffer(src: base, size: input.count, pos: 0)
        while true {
            let start = source.pos
            var produced = 0
            let result = output.withUnsafeMutableBytes { out -> Int in
                var target = ZSTD_outBuffer(dst: out.baseAddress, size: out.count, pos: 0)
                let result = ZSTD_decompressStream(stream, &target, &source)
                produced = target.pos
                return result
            }
            if ZSTD_isError(result) != 0 {
                let name = String(cString: ZSTD_getErrorName(result))
                throw DecompressionError(problem: "the zstd stream is corrupt (\(name))", offset: consumed + start, advice: nil)
            }
            pending = result
            if produced > 0 { try output.withUnsafeBytes { try emit(UnsafeRawBufferPointer(rebasing: $0[0..<produced])) } }
            // All input taken and the output not filled: libzstd holds nothing more to flush.
            if source.pos == source.size && produced < output.count { break }
        }
        consumed += input.count
    }

    func finish() throws {
        guard pending == 0 else {
            throw DecompressionError(problem: "the zstd stream ends early", offset: consumed, advice: "truncated file?")
        }
    }
}
