import ListviewKit
import ListviewSpilling

/// Which way `listview diff` runs, and why: decided once from the request and the old side as it
/// is before reading (`DiffPlan.init(for:)`), carried out by `DiffRunner`.
public enum DiffPlan: Equatable, Sendable {
    /// `--key`, the old side's index held in memory: the new side is compared batch by batch as
    /// it is read (on the second core).
    case keyedInMemory(MemoryPlan)
    /// `--key`, past the memory budget: both sides cut by key hash into partitions on disk, a
    /// partition compared at a time (a grace hash join, `PartitionedDiff`).
    case partitioned(MemoryBudget, MemoryPlan)
    /// No key: both sides read whole and matched as multisets of records.
    case unkeyed

    /// The plan of `request`: keyed or not, and for a key, the old side's `MemoryPlan`.
    public init(for request: DiffRequest) {
        guard !request.key.isEmpty else {
            self = .unkeyed
            return
        }
        let memory = request.memory
        if let budget = memory.budget {
            self = .partitioned(budget, memory)
        } else {
            self = .keyedInMemory(memory)
        }
    }

    /// The plan in words, for `--explain`.
    public var explanation: String {
        switch self {
        case .keyedInMemory(let memory):
            return "keyed diff: the old side indexed by key, the new side compared batch by batch as it is read; the old side \(memory.explanation)"
        case .partitioned(_, let memory):
            return "keyed diff: both sides cut by key hash into partitions on disk, compared a partition at a time; the old side \(memory.explanation)"
        case .unkeyed:
            return "diff without --key: both sides read whole and matched as multisets of records"
        }
    }
}
