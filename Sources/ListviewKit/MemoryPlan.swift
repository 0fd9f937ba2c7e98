import ListviewCompression
import ListviewRequest
import ListviewSpilling
import ListviewValues

/// Whether a run holds what it reads in memory or keeps within its memory budget on disk, and
/// why: the one decision every command makes of its inputs (a list spills its runs, a summary
/// reads batch by batch, a diff partitions the old side, the browser reads up to the budget).
///
/// Made once, from the inputs as they are before reading (a regular file's size, or a pipe,
/// a compressed file, a file followed as it grows), by `MemoryPlan(reading:budget:)`; the
/// executors carry it out. `--explain` prints it.
public struct MemoryPlan: Equatable, Sendable {
    /// Why the inputs are held in memory or kept within the budget.
    public enum Reason: Equatable, Sendable {
        /// No memory limit applies (the library's default; the command line always sets one).
        case noLimit
        /// The files, together, take at most half of the budget.
        case fits(bytes: Int)
        /// The files together take more than half of the budget.
        case larger(bytes: Int)
        /// An input is a pipe or standard input: its size is not known before it is read.
        case pipe(String)
        /// An input is compressed: it holds several times its size.
        case compressed(String)
        /// The inputs are followed as they grow (`--follow`).
        case followed
        /// `LISTVIEW_SPILL_BYTES` forces every spilling path (tests).
        case forced
    }

    /// The budget kept on disk, or nil when the inputs are held in memory.
    public let budget: MemoryBudget?
    public let reason: Reason

    /// Decides for the inputs `read` names under `budget` (nil: no limit).
    public init(reading read: ReadSpec, budget: MemoryBudget?) {
        guard let budget else {
            (self.budget, reason) = (nil, .noLimit)
            return
        }
        let reason = Self.reason(reading: read, budget: budget)
        switch reason {
        case .noLimit, .fits: self.budget = nil
        case .larger, .pipe, .compressed, .followed, .forced: self.budget = budget
        }
        self.reason = reason
    }

    /// This plan without forced spilling: the browser reads what fits whole even when tests force
    /// every other path to spill.
    public var ignoringForcedSpilling: MemoryPlan {
        reason == .forced ? MemoryPlan(budget: nil, reason: .forced) : self
    }

    private init(budget: MemoryBudget?, reason: Reason) {
        self.budget = budget
        self.reason = reason
    }

    private static func reason(reading read: ReadSpec, budget: MemoryBudget) -> Reason {
        if budget.isForcedSpilling { return .forced }
        if read.following != nil { return .followed }
        if read.inputs.isEmpty { return .pipe("<stdin>") }
        var total = 0
        for input in read.inputs {
            // Only a regular file is looked into: opening a FIFO would take the bytes its reader waits for.
            guard let size = ReadSpec.regularFileSize(of: input) else { return .pipe(input == "-" ? "<stdin>" : input) }
            if CompressedFormat.ofFile(input) != nil { return .compressed(input) }
            total += size
        }
        return total * 2 > budget.bytes ? .larger(bytes: total) : .fits(bytes: total)
    }

    /// The decision in words, for `--explain`: `held in memory: 12.0 MB of input fit in half of
    /// the 4.0 GB memory limit`, `kept within the 512.0 MB memory limit on disk: <stdin> is a pipe`.
    public var explanation: String {
        let limit = budget.map { "kept within the \(ByteCount.text($0.bytes)) memory limit on disk" } ?? "held in memory"
        switch reason {
        case .noLimit: return "\(limit): no memory limit applies"
        case .fits(let bytes): return "\(limit): \(ByteCount.text(bytes)) of input fit in half of the memory limit"
        case .larger(let bytes): return "\(limit): \(ByteCount.text(bytes)) of input is more than half of it"
        case .pipe(let input): return "\(limit): \(input) is a pipe, whose size is not known before it is read"
        case .compressed(let input): return "\(limit): \(input) is compressed and may hold several times its size"
        case .followed: return "\(limit): the inputs are followed as they grow"
        case .forced: return "\(limit): LISTVIEW_SPILL_BYTES forces every spilling path"
        }
    }
}
