/// A decompressor of members: compressed streams that follow one another in one input (`cat
/// a.gz b.gz`, `cat a.bz2 b.bz2`), each started, stepped through and ended on its own. The
/// loop over the input is here once; a format gives how a member begins and one step of it.
class MemberDecompressor: Decompressor {
    /// The format's name in messages (`gzip`).
    let name: String
    private var output = [UInt8](repeating: 0, count: 1 << 18)
    /// Compressed bytes fed before the current input.
    private var consumed = 0
    /// True while a member has begun and not yet ended.
    private(set) var inMember = false

    init(name: String) {
        self.name = name
    }

    /// What one step of a member did: the input it took, the output it made, whether the member
    /// ended, and what is wrong with the input, if anything.
    struct Step {
        var used: Int
        var produced: Int
        var ended: Bool
        var problem: String?
    }

    /// Starts a member at the start of `input` (at compressed byte `offset`); throws when no
    /// member can start there.
    func beginMember(_ input: UnsafeRawBufferPointer, offset: Int) throws {}

    /// Decompresses from the start of `input` into `output`.
    func step(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) -> Step {
        Step(used: 0, produced: 0, ended: true, problem: "\(name) cannot be read")
    }

    final func feed(_ input: UnsafeRawBufferPointer, emit: (UnsafeRawBufferPointer) throws -> Void) throws {
        guard !input.isEmpty else { return }
        var position = 0
        while position < input.count {
            let rest = UnsafeRawBufferPointer(rebasing: input[position...])
            if !inMember {
                try beginMember(rest, offset: consumed + position)
                inMember = true
            }
            let step = output.withUnsafeMutableBytes { self.step(rest, into: $0) }
            position += step.used
            if let problem = step.problem {
                throw DecompressionError(problem: problem, offset: consumed + position, advice: nil)
            }
            if step.produced > 0 { try output.withUnsafeBytes { try emit(UnsafeRawBufferPointer(rebasing: $0[0..<step.produced])) } }
            if step.ended {
                inMember = false
            } else if step.used == 0 && step.produced == 0 {
                break  // the library wants more input
            }
        }
        consumed += input.count
    }

    final func finish() throws {
        guard !inMember else {
            throw DecompressionError(problem: "the \(name) stream ends early", offset: consumed, advice: "truncated file?")
        }
    }
}
