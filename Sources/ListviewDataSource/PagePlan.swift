import ListviewBatches
import ListviewValues

/// Which rows one page shows, and how it describes itself in its footer.
public struct PageInfo: Equatable, Sendable {
    /// The page number, from 1.
    public var number: Int
    /// How many pages there are, or nil when the input was not read to its end (streaming).
    public var count: Int?
    /// The rows on this page, as 0-based positions in the whole list.
    public var rows: Range<Int>
    /// The number of rows in the whole list, or nil when not known (streaming).
    public var totalRows: Int?

    public init(number: Int, count: Int?, rows: Range<Int>, totalRows: Int?) {
        self.number = number
        self.count = count
        self.rows = rows
        self.totalRows = totalRows
    }

    /// `page 2/5 · rows 11–20 of 48` once the input was read to its end; on a streamed page whose
    /// input goes on, `page 2 · rows 11–20 · more follow` (SPEC §6).
    public var footer: String {
        guard let totalRows else {
            let rowsText = rows.isEmpty ? "no rows" : "rows \(rows.lowerBound + 1)–\(rows.upperBound)"
            return "page \(number) · \(rowsText) · more follow"
        }
        let pages = count.map { "page \(number)/\($0)" } ?? "page \(number)"
        if rows.isEmpty { return "\(pages) · no rows of \(totalRows)" }
        return "\(pages) · rows \(rows.lowerBound + 1)–\(rows.upperBound) of \(totalRows)"
    }
}

/// Cuts a list of rows into pages of a fixed number of rows.
public struct PagePlan: Equatable, Sendable {
    public var pageSize: Int
    public var totalRows: Int

    public init(pageSize: Int, totalRows: Int) {
        self.pageSize = max(1, pageSize)
        self.totalRows = max(0, totalRows)
    }

    /// How many pages there are; an empty list still has one (empty) page.
    public var pageCount: Int { max(1, totalRows / pageSize + (totalRows % pageSize == 0 ? 0 : 1)) }

    /// Page `number` (from 1), or nil when there is no such page. (Any page size and number
    /// up to `Int.max` is fine: a page that exists starts before `totalRows`.)
    public func page(_ number: Int) -> PageInfo? {
        guard number >= 1, number <= pageCount else { return nil }
        let start = (number - 1) * pageSize
        let end = pageSize >= totalRows - start ? totalRows : start + pageSize
        return PageInfo(number: number, count: pageCount, rows: start..<end, totalRows: totalRows)
    }
}

/// Cuts a list into pages of at most a number of terminal lines, each row taking its formatter's height.
///
/// Used when rows can be taller than one line (`--wrap`): a page holds as many
/// whole rows as fit, and always at least one.
public struct LinePagePlan: Equatable, Sendable {
    /// The rows of each page.
    public private(set) var pages: [Range<Int>]
    public let totalRows: Int

    public init(heights: [Int], linesPerPage: Int) {
        var cutter = Cutter(linesPerPage: linesPerPage)
        var pages = heights.compactMap { cutter.add(height: $0) }
        if let last = cutter.finish(pagesSoFar: pages.count) { pages.append(last) }
        self.pages = pages
        self.totalRows = heights.count
    }

    /// Cuts rows into pages of `linesPerPage` lines as their heights come, one row at a time: a
    /// row starts a new page when it would not fit on the current one (a row taller than a
    /// page has one of its own). What `LinePagePlan` is built with, and what a list too large
    /// to hold its heights counts its pages with.
    public struct Cutter: Sendable {
        private let budget: Int
        private var start = 0
        private var used = 0
        private var row = 0

        public init(linesPerPage: Int) {
            budget = max(1, linesPerPage)
        }

        /// Adds the next row's height; returns the rows of the page that row closes, if it does.
        public mutating func add(height: Int) -> Range<Int>? {
            var closed: Range<Int>?
            if row > start && used + height > budget {
                closed = start..<row
                start = row
                used = 0
            }
            used += height
            row += 1
            return closed
        }

        /// The last page, after every row: the rows left (an empty list has one empty page).
        public func finish(pagesSoFar: Int) -> Range<Int>? {
            start < row || pagesSoFar == 0 ? start..<row : nil
        }
    }

    public var pageCount: Int { pages.count }

    /// Page `number` (from 1), or nil when there is no such page.
    public func page(_ number: Int) -> PageInfo? {
        guard number >= 1, number <= pages.count else { return nil }
        return PageInfo(number: number, count: pages.count, rows: pages[number - 1], totalRows: totalRows)
    }
}
