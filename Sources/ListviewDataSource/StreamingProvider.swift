import ListviewBatches
import ListviewInput
import ListviewValues

/// Pulls records from a source one page at a time: the pattern's progressive loading.
///
/// Loading page K skips the rows before it without keeping them and holds only
/// that page's rows, so memory stays flat whatever the input's size. It reads
/// one record past the page to tell whether more follow; when none do, the
/// page knows the total and the page count.
public final class StreamingProvider {
    private var source: any RecordSource
    /// Rows handed out or skipped so far.
    public private(set) var rowsRead = 0
    private let limit: Int
    private var lookahead: Record?
    private var exhausted = false

    /// Streams `source`, stopping after `limit` rows.
    public init(source: any RecordSource, limit: Int? = nil) {
        self.source = source
        self.limit = max(0, limit ?? .max)
    }

    /// Notes from the source (ragged rows seen so far).
    public var warnings: [String] { source.warnings }

    /// The next record, or nil at the end of the input or the limit.
    public func next() throws -> Record? {
        guard try hasMore(), let record = lookahead else { return nil }
        lookahead = nil
        rowsRead += 1
        return record
    }

    /// True when another record follows (reading it ahead).
    public func hasMore() throws -> Bool {
        if lookahead != nil { return true }
        guard !exhausted, rowsRead < limit, let record = try source.next() else {
            exhausted = true
            return false
        }
        lookahead = record
        return true
    }

    /// A loaded page: its rows as a one-section provider, and where they sit in the whole list.
    public struct Page {
        public var provider: ArrayDataProvider<Record>
        public var info: PageInfo
    }

    /// Loads page `number` (from 1) of `size` rows; nil when the input ends before it.
    public func loadPage(_ number: Int, size: Int) throws -> Page? {
        let first = (max(1, number) - 1) * max(1, size)
        while rowsRead < first, try next() != nil {}
        guard rowsRead >= first else { return nil }
        var rows: [Record] = []
        rows.reserveCapacity(min(size, 4096))
        while rows.count < size, let record = try next() { rows.append(record) }
        if rows.isEmpty && first > 0 { return nil }
        let more = try hasMore()
        let total: Int? = more ? nil : first + rows.count
        let pageCount = total.map { PagePlan(pageSize: size, totalRows: $0).pageCount }
        let info = PageInfo(number: number, count: pageCount, rows: first..<(first + rows.count), totalRows: total)
        return Page(provider: ArrayDataProvider(items: rows), info: info)
    }
}
