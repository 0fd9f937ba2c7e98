import CIsal

/// gzip through ISA-L's `isal_inflate` (Debian's libisal-dev): the only file that imports it.
///
/// Members concatenated (`cat a.gz b.gz`) are read one after another, as gzip -d
/// does. The gzip trailer's CRC-32 and length are checked by ISA-L; a stream that
/// ends inside a member, a bad checksum, or bytes after the last member that start
/// no other member are `DecompressionError`s at their compressed byte.
final class GzipInflater: MemberDecompressor {
    private var state = inflate_state()

    init() throws {
        super.init(name: "gzip")
    }

    override func beginMember(_ input: UnsafeRawBufferPointer, offset: Int) throws {
        // A member starts with gzip's magic, else what follows the last member is not gzip.
        guard input[0] == 0x1F, input.count < 2 || input[1] == 0x8B else {
            throw DecompressionError(problem: "bytes after the end of the gzip stream", offset: offset, advice: "trailing garbage?")
        }
        isal_inflate_init(&state)
        state.crc_flag = UInt32(IGZIP_GZIP)
    }

    override func step(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) -> Step {
        state.next_in = UnsafeMutablePointer(mutating: input.baseAddress?.assumingMemoryBound(to: UInt8.self))
        state.avail_in = UInt32(min(input.count, Int(UInt32.max)))
        state.next_out = output.baseAddress?.assumingMemoryBound(to: UInt8.self)
        state.avail_out = UInt32(min(output.count, Int(UInt32.max)))
        let result = isal_inflate(&state)
        let step = Step(used: input.count - Int(state.avail_in), produced: output.count - Int(state.avail_out),
                        ended: state.block_state == ISAL_BLOCK_FINISH, problem: nil)
        guard result >= 0 else {
            let problem = result == ISAL_INCORRECT_CHECKSUM ? "the gzip stream's checksum does not match its data"
                                                            : "the gzip stream is corrupt"
            return Step(used: step.used, produced: 0, ended: false, problem: problem)
        }
        return step
    }
}
