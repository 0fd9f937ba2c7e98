import ListviewBatches
import ListviewQuery
import ListviewSpilling

/// How a run arranges the rows it reads: which it keeps, their order, their sections and the
/// sections' footers, how many, which page. The second of a request's three values (`ReadSpec`,
/// this, and the look: style, columns, width, colour, templates).
///
/// The diff takes the filter and the groups of its list's arrangement; the browser
/// arranges the rows as this says and writes the marked ones with none (`Arrangement()`).
public struct Arrangement: Sendable {
    /// `--where` and `--search`: which records to keep.
    public var filter = RecordFilter()
    /// `--sort`: the rows' order within each section (stable, nulls last).
    public var sort: [SortSpec] = []
    /// `--group-by`: a level of sections per field.
    public var groupBy: [FieldPath] = []
    /// `--sort-groups`: the sections' order.
    public var groupOrder = GroupOrder()
    /// `--footer`: a summary under each section and for the whole list.
    public var footer: Aggregates?
    /// `--limit`: at most this many rows.
    public var limit: Int?
    /// `--page-size`: rows per page.
    public var pageSize: Int?
    /// The page to show (from 1); nil with a page size means page 1.
    public var page: Int?
    /// `--memory-limit`: the rows a sorted or grouped list may hold before it sorts runs of them
    /// on disk (`SpilledList`); nil holds every row in memory.
    public var memory: MemoryBudget?
    /// `--temp-dir`: the folder spill files are made in.
    public var spillFolder = "/tmp"

    public init() {}

    /// True when something orders the rows (so every row must be read before the first is shown).
    public var ordersRows: Bool { !sort.isEmpty || !groupBy.isEmpty || pageSize != nil }
}
