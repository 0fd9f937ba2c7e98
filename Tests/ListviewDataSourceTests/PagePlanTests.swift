import ListviewBatches
import ListviewDataSource
import ListviewInput
import ListviewValues
import XCTest

final class PagePlanTests: XCTestCase {
    func testFooterText() throws {
        let plan = PagePlan(pageSize: 10, totalRows: 24)
        XCTAssertEqual(try XCTUnwrap(plan.page(1)).footer, "page 1/3 · rows 1–10 of 24")
        XCTAssertEqual(try XCTUnwrap(plan.page(2)).footer, "page 2/3 · rows 11–20 of 24")
        XCTAssertEqual(try XCTUnwrap(plan.page(3)).footer, "page 3/3 · rows 21–24 of 24")
        // The separators are U+00B7 MIDDLE DOT and U+2013 EN DASH.
        let footer = try XCTUnwrap(plan.page(2)).footer
        XCTAssertEqual(footer.unicodeScalars.filter { $0.value > 0x7F }.map(\.value), [0xB7, 0x2013])
    }

    func testPageRows() throws {
        let plan = PagePlan(pageSize: 10, totalRows: 24)
        XCTAssertEqual(plan.pageCount, 3)
        let last = try XCTUnwrap(plan.page(3))
        XCTAssertEqual(last.number, 3)
        XCTAssertEqual(last.count, 3)
        XCTAssertEqual(last.rows, 20..<24)
        XCTAssertEqual(last.totalRows, 24)
        XCTAssertEqual(plan.page(1)?.rows, 0..<10)
        XCTAssertEqual(plan.page(2)?.rows, 10..<20)
    }

    func testExactMultipleHasNoEmptyLastPage() {
        let plan = PagePlan(pageSize: 10, totalRows: 20)
        XCTAssertEqual(plan.pageCount, 2)
        XCTAssertEqual(plan.page(2)?.footer, "page 2/2 · rows 11–20 of 20")
        XCTAssertNil(plan.page(3))
    }

    func testSingleRowPage() {
        let plan = PagePlan(pageSize: 1, totalRows: 3)
        XCTAssertEqual(plan.pageCount, 3)
        XCTAssertEqual(plan.page(2)?.footer, "page 2/3 · rows 2–2 of 3")
    }

    func testEmptyListHasOneEmptyPage() throws {
        let plan = PagePlan(pageSize: 10, totalRows: 0)
        XCTAssertEqual(plan.pageCount, 1)
        let page = try XCTUnwrap(plan.page(1))
        XCTAssertEqual(page.rows, 0..<0)
        XCTAssertEqual(page.footer, "page 1/1 · no rows of 0")
        XCTAssertNil(plan.page(2))
    }

    /// SPEC §6: a streamed page whose input goes on does not know the total; one that reached the end does.
    func testStreamedPageFooterSaysMoreFollowUntilTheTotalIsKnown() {
        let open = PageInfo(number: 2, count: nil, rows: 10..<20, totalRows: nil)
        XCTAssertEqual(open.footer, "page 2 · rows 11–20 · more follow")
        let ended = PageInfo(number: 3, count: 3, rows: 20..<24, totalRows: 24)
        XCTAssertEqual(ended.footer, "page 3/3 · rows 21–24 of 24")
    }

    func testOutOfRangePagesAreNil() {
        let plan = PagePlan(pageSize: 10, totalRows: 24)
        XCTAssertNil(plan.page(0))
        XCTAssertNil(plan.page(-1))
        XCTAssertNil(plan.page(4))
        XCTAssertNil(plan.page(Int.max))
        XCTAssertNil(plan.page(Int.min))
    }

    func testNonPositiveSizesAreClamped() {
        let plan = PagePlan(pageSize: 0, totalRows: 3)
        XCTAssertEqual(plan.pageSize, 1)
        XCTAssertEqual(plan.pageCount, 3)
        XCTAssertEqual(PagePlan(pageSize: -5, totalRows: 2).pageSize, 1)
        let negative = PagePlan(pageSize: 10, totalRows: -4)
        XCTAssertEqual(negative.totalRows, 0)
        XCTAssertEqual(negative.pageCount, 1)
    }

    func testPagesCoverEveryRowOnce() {
        let plan = PagePlan(pageSize: 7, totalRows: 50)
        let rows = (1...plan.pageCount).flatMap { plan.page($0).map { Array($0.rows) } ?? [] }
        XCTAssertEqual(rows, Array(0..<50))
    }
}

/// Pages cut by lines, each row taking its height (`--wrap`).
final class LinePagePlanTests: XCTestCase {
    func testRowsFillPagesByTheirHeights() {
        let plan = LinePagePlan(heights: [1, 3, 1, 3, 1, 1, 2], linesPerPage: 6)
        XCTAssertEqual(plan.pages, [0..<3, 3..<6, 6..<7])
        XCTAssertEqual(plan.page(2)?.footer, "page 2/3 · rows 4–6 of 7")
        XCTAssertNil(plan.page(4))
    }

    func testARowTallerThanAPageStillGetsOne() {
        XCTAssertEqual(LinePagePlan(heights: [9, 1], linesPerPage: 4).pages, [0..<1, 1..<2])
    }

    func testEmptyListHasOneEmptyPage() {
        XCTAssertEqual(LinePagePlan(heights: [], linesPerPage: 5).pages, [0..<0])
    }
}
