import ListviewBatches
import ListviewDataSource
import ListviewInput
import ListviewPresentation
import ListviewQuery
import ListviewRequest
import ListviewValues

/// How one run travels the pipeline: which stages run, and whether rows stream through or
/// are held whole. A value made by `ListPlanner` from the request and the inputs' formats alone.
///
/// Every plan reads the same way and filters the same way; what differs is
/// what is held. Each case has one executor in `ListRunner`.
public enum ListPlan: Equatable, Sendable {
    /// `--counts`: the group keys of each row tallied as rows arrive; no row is kept.
    case counts
    /// `--summary`: every row read into one `CellTable` and filtered, as for a whole list, then
    /// each column (of each section) described in one record (`ColumnSummary`).
    case summary
    /// One page of a stream (`--page-size` without sorting or grouping): the rows before it are
    /// skipped, the rows after it never read.
    case streamedPage(size: Int)
    /// A machine style written row by row as the rows arrive, flushed as it goes (memory stays flat).
    case streamedRows
    /// Every row read into one `CellTable`; the filter, sort, groups, `--limit` and pages are
    /// index lists of row references over it, and the formatters write from those rows.
    /// `pagesByLines` cuts pages by lines rather than rows (wrapped table rows take several).
    case wholeList(pagesByLines: Bool)

    /// The path in words, for `--explain`.
    public var explanation: String {
        switch self {
        case .counts: return "counts: each row's groups tallied as it is read, no row kept"
        case .summary: return "summary: each column added up as the rows are read, no row kept"
        case .streamedPage(let size): return "one page of \(size) rows: the rows before it skipped, the rows after it never read"
        case .streamedRows: return "streamed: each batch of rows written as it is read"
        case .wholeList(let pagesByLines):
            return "whole list: every kept row read, then sorted, grouped and cut" + (pagesByLines ? " into pages by lines" : "")
        }
    }

    /// Whether the plan holds the rows it reads, so that the memory budget decides where
    /// (`MemoryPlan`): a whole list does, and a summary reads a file whole when it fits.
    public var holdsRows: Bool {
        switch self {
        case .wholeList, .summary: return true
        case .counts, .streamedPage, .streamedRows: return false
        }
    }

    /// The kept rows after which reading stops (`--limit`), or nil to read everything: a stream
    /// stops at the limit, and so does a whole list whose rows nothing orders.
    func readLimit(for request: ListRequest) -> Int? {
        switch self {
        case .counts:
            return request.arrangement.limit  // the first records read are counted, as a summary describes them
        case .streamedPage, .streamedRows:
            return request.arrangement.limit
        case .summary:
            return request.arrangement.limit  // the first records read are described, then grouped
        case .wholeList:
            return request.arrangement.ordersRows ? nil : request.arrangement.limit
        }
    }

    /// Whether the table read should measure its columns as cells arrive: only a whole list shown
    /// as a table (or Markdown) of every row it read uses those measures. A filtered list measures
    /// the rows it kept instead, and counts, summaries and streams never read them.
    func measuresWhileReading(_ request: ListRequest) -> Bool {
        switch self {
        case .counts, .summary, .streamedPage, .streamedRows:
            return false
        case .wholeList:
            return request.arrangement.filter.isEmpty && [.columns, .markdownTable].contains(request.look.style.descriptor.layout)
        }
    }
}
