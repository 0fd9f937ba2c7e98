import ListviewValues

/// Whether a run holds what it reads in memory or keeps within its memory budget on disk, and
/// why: the one decision every command makes of its inputs (a list spills its runs, a summary
/// reads batch by batch, a diff partitions the old side, the browser reads up to the budget).
///
/// Made once, from the inputs as they are before reading (a regular file's size, or a pipe,
/// a compressed file, a file followed as it grows), by `MemoryPlan(inputs:followed:budget:)`,
/// which the planners reach through `MemoryPlan(reading:budget:)` (ListviewRequest: a `ReadSpec`'s
/// inputs looked into); the executors carry it out. `--explain` prints it.
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

    /// One input as the decision sees it before it is read.
    public enum Input: Equatable, Sendable {
        /// A regular file of `bytes` bytes, compressed or not.
        case file(String, bytes: Int, compressed: Bool)
        /// Standard input, a pipe or a device, by the name messages give it: its size is not known
        /// before it is read.
        case pipe(String)
    }

    /// The budget kept on disk, or nil when the inputs are held in memory.
    public let budget: MemoryBudget?
    public let reason: Reason

    /// Decides for `inputs` (none: standard input), `followed` as they grow or not, under `budget`
    /// (nil: no limit). The inputs are taken in order and no further than the decision needs
    /// them (none for forced spilling or followed inputs, none past the first pipe or compressed
    /// file): a lazy sequence looks into each input only when it is taken.
    public init(inputs: some Sequence<Input>, followed: Bool, budget: MemoryBudget?) {
        guard let budget else {
            (self.budget, reason) = (nil, .noLimit)
            return
        }
        let reason = Self.reason(inputs: inputs, followed: followed, budget: budget)
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

    private static func reason(inputs: some Sequence<Input>, followed: Bool, budget: MemoryBudget) -> Reason {
        if budget.isForcedSpilling { return .forced }
        if followed { return .followed }
        var total = 0
        var none = true
        for input in inputs {
            none = false
            switch input {
            case .pipe(let name): return .pipe(name)
            case .file(let name, _, compressed: true): return .compressed(name)
            case .file(_, let bytes, compressed: false): total += bytes
            }
        }
        if none { return .pipe("<stdin>") }
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
