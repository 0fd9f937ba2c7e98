import CIsal

/// gzip through ISA-L's `isal_inflate` (Debian's libisal-dev): the only file that imports it.
///
/// Members concatenated (`cat a.gz b.gz`) are read one after another, as gzip -d
/// does. The gzip trailer's CRC-32 and length are checked by ISA-L; a stream that
/// ends inside a member, a bad checksum, or bytes after the last member that start
/// no other member are `DecompressionError`s at their compressed byte.
final class GzipInflater: Decompressor {
    private var state = inflate_state()
    private var output = [UInt8](repeating: 0, count: 1 << 18)
    /// Compressed bytes fed before the current input.
    private var consumed = 0
    /// True while a member has begun and not yet ended.
    private var inMember = false

    init() throws {
        reset()
    }

    private func reset() {
        isal_inflate_init(&state)
        state.crc_flag = UInt32(IGZIP_GZIP)
    }

    func feed(_ input: UnsafeRawBufferPointer, emit: (UnsafeRawBufferPointer) throws -> Void) throws {
        guard let base = input.baseAddress, !input.isEmpty else { return }
        var position = 0
        while position < input.count {
            if !inMember {
                // A member starts here: its magic, else what follows the last member is not gzip.
                let first = input[position]
                let second = position + 1 < input.count ? input[position + 1] : 0x8B
                guard first == 0x1F, second == 0x8B else {
                    throw DecompressionError(problem: "bytes after the end of the gzip stream", offset: consumed + position,
                                             advice: "trailing garbage?")
                }
                reset()
                inMember = true
            }
            state.next_in = UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: UInt8.self) + position)
            state.avail_in = UInt32(min(input.count - position, Int(UInt32.max)))
            let result = output.withUnsafeMutableBytes { out -> Int32 in
                state.next_out = out.baseAddress?.assumingMemoryBound(to: UInt8.self)
                state.avail_out = UInt32(out.count)
                return isal_inflate(&state)
            }
            let produced = output.count - Int(state.avail_out)
            let used = (input.count - position) - Int(state.avail_in)
            position += used
            if result < 0 {
                let problem = result == ISAL_INCORRECT_CHECKSUM ? "the gzip stream's checksum does not match its data"
                                                                : "the gzip stream is corrupt"
                throw DecompressionError(problem: problem, offset: consumed + position, advice: nil)
            }
            if produced > 0 { try output.withUnsafeBytes { try emit(UnsafeRawBufferPointer(rebasing: $0[0..<produced])) } }
            if state.block_state == ISAL_BLOCK_FINISH {
                inMember = false
            } else if used == 0 && produced == 0 {
                break  // ISA-L wants more input
            }
        }
        consumed += input.count
    }

    func finish() throws {
        guard !inMember else {
            throw DecompressionError(problem: "the gzip stream ends early", offset: consumed, advice: "truncated file?")
        }
    }
}
