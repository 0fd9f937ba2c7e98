import ListviewBatches
import ListviewValues

/// Where a data source is in its life: the pattern's inited, loading, empty and ready states.
///
/// The browser's status line shows `loading… N` while `loading`, and the renderer writes the
/// empty state explicitly ("0 records") rather than printing nothing.
public enum DataSourceState: Equatable, Sendable {
    case initial
    case loading(recordsSoFar: Int)
    case empty
    case ready(recordCount: Int)

    /// The state of a load that has `count` records so far and is `finished` or not.
    public init(records count: Int, finished: Bool) {
        if !finished {
            self = .loading(recordsSoFar: count)
        } else {
            self = count == 0 ? .empty : .ready(recordCount: count)
        }
    }
}
