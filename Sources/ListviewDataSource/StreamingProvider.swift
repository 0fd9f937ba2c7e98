import ListviewBatches
import ListviewInput
import ListviewValues

/// Pulls rows from a source a batch at a time and hands out one page of them: the pattern's
/// progressive loading.
///
/// Loading page K skips the rows before it batch by batch (a batch's rows that
/// count, `rows`, are an index list; nothing is kept) and holds only that page's
/// rows, copied into a table of their own, so memory stays flat whatever the
/// input's size. It reads past the page until one more row is known to follow (the
/// rest of the batch at hand, or the next batch); when none does, the page knows the
/// total and the page count.
public final class StreamingProvider {
    private var source: any RecordSource
    private let schema: RecordSchema
    /// The rows of a batch that count (those a filter keeps), in order.
    private let rows: (CellTable) -> [RowRef]
    /// Rows handed out or skipped so far.
    public private(set) var rowsRead = 0
    private let limit: Int
    /// The batch at hand, and its rows that count and were not handed out or skipped yet.
    private var batch: CellTable?
    private var pending: ArraySlice<RowRef> = []
    private var exhausted = false

    /// Streams `source`'s batches, counting the rows `rows` gives of each (all by default) and
    /// stopping after `limit` of them.
    public init(source: any RecordSource, schema: RecordSchema, limit: Int? = nil,
                rows: @escaping (CellTable) -> [RowRef] = { table in (0..<table.rowCount).map(RowRef.init) }) {
        self.source = source
        self.schema = schema
        self.rows = rows
        self.limit = max(0, limit ?? .max)
    }

    /// Notes from the source (ragged rows seen so far).
    public var warnings: [String] { source.warnings }

    /// True when another row follows (reading batches ahead until one does).
    public func hasMore() throws -> Bool {
        guard rowsRead < limit else { return false }
        while pending.isEmpty {
            guard !exhausted, let next = try source.nextBatch(schema: schema) else {
                exhausted = true
                batch = nil
                return false
            }
            batch = next
            pending = rows(next)[...]
        }
        return true
    }

    /// Up to `count` of the next rows (within the limit), from the batch at hand: nil once none is left.
    private func take(upTo count: Int) throws -> (rows: ArraySlice<RowRef>, of: CellTable)? {
        guard count > 0, try hasMore(), let batch else { return nil }
        let taken = pending.prefix(min(count, limit - rowsRead))
        pending = pending.dropFirst(taken.count)
        rowsRead += taken.count
        return (taken, batch)
    }

    /// A loaded page: its rows as a one-section provider of row references into `table`, and
    /// where they sit in the whole list.
    public struct Page {
        public var table: CellTable
        public var provider: ArrayDataProvider<RowRef>
        public var info: PageInfo
    }

    /// Loads page `number` (from 1) of `size` rows; nil when the input ends before it.
    public func loadPage(_ number: Int, size: Int) throws -> Page? {
        // A page that starts past any possible input (a page number times a size beyond `Int.max`) reads to the end.
        let (product, overflow) = (max(1, number) - 1).multipliedReportingOverflow(by: max(1, size))
        let first = overflow ? Int.max : product
        while rowsRead < first, try take(upTo: first - rowsRead) != nil {}
        guard rowsRead >= first else { return nil }
        var table: CellTable?
        while rowsRead - first < size, let (taken, batch) = try take(upTo: size - (rowsRead - first)) {
            if table == nil {
                table = CellTable(columns: batch.columns, inferTypes: batch.inferTypes)
                table?.nestedDecoder = batch.nestedDecoder
            }
            table?.append(rows: taken.lazy.map(\.row), of: batch, schema: schema)
        }
        let count = rowsRead - first
        if count == 0 && first > 0 { return nil }
        let more = try hasMore()
        let total: Int? = more ? nil : first + count
        let pageCount = total.map { PagePlan(pageSize: size, totalRows: $0).pageCount }
        let info = PageInfo(number: number, count: pageCount, rows: first..<(first + count), totalRows: total)
        return Page(table: table ?? CellTable(columns: [], inferTypes: false),
                    provider: ArrayDataProvider(items: (0..<count).map(RowRef.init)), info: info)
    }
}
