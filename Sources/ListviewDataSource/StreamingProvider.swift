import ListviewBatches
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
    /// The next batch and the rows of it that count (those a filter keeps, within a limit), in
    /// order; nil at the end.
    public typealias Batches = () throws -> (table: CellTable, rows: [RowRef])?

    private let batches: Batches
    private let schema: RecordSchema
    /// Rows handed out or skipped so far.
    public private(set) var rowsRead = 0
    /// The batch at hand, and its rows that count and were not handed out or skipped yet.
    private var batch: CellTable?
    private var pending: ArraySlice<RowRef> = []
    private var exhausted = false
    /// The columns of the batches read so far, skipped ones too, in the order first met: a page's
    /// columns keep the order the list's do, whichever batch or file first had each.
    private var columnsMet: [String] = []
    private var metNames: Set<ScalarText> = []

    /// Streams the batches `batches` hands on; a page's rows join one table by `schema`'s columns.
    public init(schema: RecordSchema, batches: @escaping Batches) {
        self.schema = schema
        self.batches = batches
    }

    /// True when another row follows (reading batches ahead until one does).
    public func hasMore() throws -> Bool {
        while pending.isEmpty {
            guard !exhausted, let next = try batches() else {
                exhausted = true
                batch = nil
                return false
            }
            batch = next.table
            pending = next.rows[...]
            for column in next.table.columns where metNames.insert(ScalarText(column)).inserted { columnsMet.append(column) }
        }
        return true
    }

    /// Up to `count` of the next rows (within the limit), from the batch at hand: nil once none is left.
    private func take(upTo count: Int) throws -> (rows: ArraySlice<RowRef>, of: CellTable)? {
        guard count > 0, try hasMore(), let batch else { return nil }
        let taken = pending.prefix(count)
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
                table = CellTable(columns: columnsMet, inferTypes: batch.inferTypes)
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
