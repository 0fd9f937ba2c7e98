import ListviewKit
import ListviewRequest
import ListviewSpilling
import ListviewValues

/// Which way the browser reads its input, and why: decided once when it opens, from the request
/// and the inputs as they are before reading, and carried out by `BrowserLoader`.
enum BrowserPlan: Equatable, Sendable {
    /// Inputs that may not fit the memory budget (`MemoryPlan`; forced spilling aside): read up to
    /// it, batch by batch, the rest kept on disk and read back as it is shown (`SpilledTables`),
    /// sorted or grouped on disk when `arranges`.
    case withinBudget(MemoryBudget, arranges: Bool)
    /// One regular file that fits: its first rows shown at once, read apart, while the whole file
    /// is read on both cores and then arranged.
    case wholeFile
    /// Several inputs, or a pipe, sorted or grouped: rows shown as they arrive, arranged at the end.
    case arrangedAsRead
    /// Several inputs, or a pipe, in their own order: rows shown as they arrive.
    case streamed

    /// The plan of `request`, whose inputs are one regular file when `oneRegularFile`.
    init(for request: ListRequest, oneRegularFile: Bool) {
        let arranges = !request.arrangement.sort.isEmpty || !request.arrangement.groupBy.isEmpty
        if let budget = MemoryPlan(reading: request.read, budget: request.arrangement.memory).ignoringForcedSpilling.budget {
            self = .withinBudget(budget, arranges: arranges)
        } else if oneRegularFile {
            self = .wholeFile
        } else {
            self = arranges ? .arrangedAsRead : .streamed
        }
    }

    /// The plan in words, for `--explain` (written when the browser has closed).
    var explanation: String {
        switch self {
        case let .withinBudget(budget, arranges):
            return "browser: rows read up to the \(ByteCount.text(budget.bytes)) memory limit, the rest kept on disk and read back as shown"
                + (arranges ? ", sorted or grouped on disk" : "")
        case .wholeFile: return "browser: one file that fits in memory, its first rows shown at once while the whole file is read on both cores"
        case .arrangedAsRead: return "browser: rows shown as they arrive, sorted or grouped once all are read"
        case .streamed: return "browser: rows shown as they arrive"
        }
    }
}
