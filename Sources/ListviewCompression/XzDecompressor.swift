import CLzma

/// xz through liblzma's stream decoder (Debian's liblzma-dev): the only file that imports it.
///
/// Concatenated streams are read one after another (`LZMA_CONCATENATED`), and
/// each block's check is verified. A stream that ends early or corrupt data is a
/// `DecompressionError` at its compressed byte.
final class XzDecompressor: Decompressor {
    private var stream = listview_lzma_stream_init()
    private var output = [UInt8](repeating: 0, count: 1 << 18)
    private var consumed = 0

    init() throws {
        guard lzma_stream_decoder(&stream, UInt64.max, listview_lzma_concatenated) == LZMA_OK else {
            throw DecompressionError(problem: "xz could not start", offset: 0, advice: nil)
        }
    }

    deinit {
        lzma_end(&stream)
    }

    func feed(_ input: UnsafeRawBufferPointer, emit: (UnsafeRawBufferPointer) throws -> Void) throws {
        guard let base = input.baseAddress, !input.isEmpty else { return }
        stream.next_in = base.assumingMemoryBound(to: UInt8.self)
        stream.avail_in = input.count
        try run(LZMA_RUN, inputCount: input.count, emit: emit)
        consumed += input.count
    }

    func finish() throws {
        stream.next_in = nil
        stream.avail_in = 0
        try run(LZMA_FINISH, inputCount: 0, emit: { _ in })
    }

    /// Decodes until the input is taken (or, finishing, until the stream ends).
    private func run(_ action: lzma_action, inputCount: Int, emit: (UnsafeRawBufferPointer) throws -> Void) throws {
        while true {
            let result = output.withUnsafeMutableBytes { out -> lzma_ret in
                stream.next_out = out.baseAddress?.assumingMemoryBound(to: UInt8.self)
                stream.avail_out = out.count
                return lzma_code(&stream, action)
            }
            let produced = output.count - stream.avail_out
            if produced > 0 { try output.withUnsafeBytes { try emit(UnsafeRawBufferPointer(rebasing: $0[0..<produced])) } }
            let position = consumed + inputCount - stream.avail_in
            switch result {
            case LZMA_OK:
                if stream.avail_in == 0 && produced < output.count && action == LZMA_RUN { return }
            case LZMA_STREAM_END:
                return
            case LZMA_BUF_ERROR where action == LZMA_FINISH:
                throw DecompressionError(problem: "the xz stream ends early", offset: position, advice: "truncated file?")
            case LZMA_DATA_ERROR, LZMA_FORMAT_ERROR:
                throw DecompressionError(problem: "the xz stream is corrupt", offset: position, advice: nil)
            default:
                throw DecompressionError(problem: "the xz stream cannot be read (liblzma error \(result.rawValue))", offset: position, advice: nil)
            }
        }
    }
}
