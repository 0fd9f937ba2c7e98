import ListviewBatches
import ListviewInput
import ListviewValues

/// Where a data source is in its life: the pattern's inited, loading, empty and ready states.
///
/// The renderer writes the empty state explicitly ("0 records") rather than
/// printing nothing, and a long load reports progress while `loading`.
public enum DataSourceState: Equatable, Sendable {
    case initial
    case loading(recordsSoFar: Int)
    case empty
    case ready(recordCount: Int)

    /// The state for a provider that finished loading.
    public static func loaded<Provider: CollectionDataProvider>(_ provider: Provider) -> DataSourceState {
        let count = provider.totalItemCount
        return count == 0 ? .empty : .ready(recordCount: count)
    }
}
