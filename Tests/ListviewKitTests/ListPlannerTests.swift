import ListviewBatches
import ListviewDataSource
import ListviewInput
@testable import ListviewKit
import ListviewPresentation
import ListviewQuery
@testable import ListviewRequest
import ListviewValues
import XCTest

/// The plan is a value: each request shape maps to the plan its executor runs, and every
/// option of a request is placed in the planner's switch.
final class ListPlannerTests: XCTestCase {
    private func plan(_ formats: [InputFormat] = [.csv], _ configure: (inout ListRequest) -> Void = { _ in }) -> ListPlan {
        var request = ListRequest()
        configure(&request)
        return ListPlanner.plan(for: request, formats: formats)
    }

    /// Each stored option has its case: the reading as one (`read`), each of the arrangement's and
    /// the look's options, and `freesRecords`.
    func testEveryStoredOptionOfARequestHasItsCase() {
        let request = ListRequest()
        let stored = Mirror(reflecting: request).children.compactMap(\.label).filter { $0 != "arrangement" && $0 != "look" }
            + Mirror(reflecting: request.arrangement).children.compactMap(\.label)
            + Mirror(reflecting: request.look).children.compactMap(\.label)
        XCTAssertEqual(Set(stored), Set(ListOption.allCases.map(\.rawValue)),
                       "each ListRequest property needs a ListOption case, placed in ListPlanner.demand(of:in:formats:)")
        XCTAssertEqual(stored.count, ListOption.allCases.count)
    }

    func testAPlainTableIsAWholeList() {
        XCTAssertEqual(plan(), .wholeList(pagesByLines: false))
        XCTAssertEqual(plan { $0.look.border = true; $0.look.width = 40; $0.arrangement.footer = try? Aggregates(parsing: "count") }, .wholeList(pagesByLines: false))
        XCTAssertEqual(plan { $0.arrangement.filter = RecordFilter(search: "x"); $0.arrangement.limit = 3 }, .wholeList(pagesByLines: false))
        XCTAssertEqual(plan { $0.look.style = .markdown }, .wholeList(pagesByLines: false))
    }

    func testOrderAndGroupsHoldTheWholeListEvenWithAPage() {
        XCTAssertEqual(plan { $0.arrangement.sort = [SortSpec(path: FieldPath("a"))] }, .wholeList(pagesByLines: false))
        XCTAssertEqual(plan { $0.arrangement.groupBy = [FieldPath("a")]; $0.arrangement.pageSize = 5; $0.look.style = .jsonl }, .wholeList(pagesByLines: false))
    }

    func testWrappedTablePagesAreCutByLines() {
        XCTAssertEqual(plan { $0.look.wrap = true; $0.arrangement.pageSize = 5 }, .wholeList(pagesByLines: true))
        XCTAssertEqual(plan { $0.look.wrap = true; $0.arrangement.pageSize = 5; $0.look.style = .list }, .streamedPage(size: 5))
        // Whichever option asks for the whole list first, wrapped pages stay cut by lines.
        XCTAssertEqual(plan { $0.look.wrap = true; $0.arrangement.pageSize = 5; $0.arrangement.sort = [SortSpec(path: FieldPath("a"))] },
                       .wholeList(pagesByLines: true))
        XCTAssertEqual(plan { $0.look.wrap = true; $0.arrangement.pageSize = 5; $0.arrangement.groupBy = [FieldPath("a")] },
                       .wholeList(pagesByLines: true))
    }

    func testAPageWithoutOrderStreams() {
        XCTAssertEqual(plan { $0.arrangement.pageSize = 20 }, .streamedPage(size: 20))
        XCTAssertEqual(plan { $0.arrangement.pageSize = 20; $0.look.style = .jsonl }, .streamedPage(size: 20))
    }

    func testMachineStylesStreamWhenTheirColumnsAreKnown() {
        XCTAssertEqual(plan([.json]) { $0.look.style = .jsonl }, .streamedRows)
        XCTAssertEqual(plan([.json, .csv]) { $0.look.style = .json }, .streamedRows)
        XCTAssertEqual(plan([.csv]) { $0.look.style = .csv }, .streamedRows)
        XCTAssertEqual(plan([.tsv]) { $0.look.style = .tsv; $0.arrangement.limit = 10 }, .streamedRows)
        // A JSON input names its columns only as they come, and two files may name others.
        XCTAssertEqual(plan([.json]) { $0.look.style = .csv }, .wholeList(pagesByLines: false))
        XCTAssertEqual(plan([.csv, .csv]) { $0.look.style = .csv }, .wholeList(pagesByLines: false))
        XCTAssertEqual(plan([.json]) { $0.look.style = .tsv; $0.look.fields = [FieldPath("a")] }, .streamedRows)
        // Flattened as written, a field named may hold an object: its leaves are columns only the rows tell.
        XCTAssertEqual(plan([.json]) { $0.look.style = .csv; $0.look.flattensOutput = true; $0.look.fields = [FieldPath("a")] },
                       .wholeList(pagesByLines: false))
        XCTAssertEqual(plan([.csv]) { $0.look.style = .csv; $0.look.flattensOutput = true; $0.look.fields = [FieldPath("a")] }, .streamedRows,
                       "a CSV input holds no object")
        let template = try? Template(parsing: "{a}")
        XCTAssertEqual(plan([.jsonl]) { $0.look.style = .line; $0.look.template = template }, .streamedRows, "a template's line stands alone")
        XCTAssertEqual(plan([.jsonl]) { $0.look.style = .line }, .wholeList(pagesByLines: false), "key=value pairs take the list's columns")
    }

    func testCountsWinOverEverything() {
        XCTAssertEqual(plan { $0.look.countsOnly = true; $0.arrangement.groupBy = [FieldPath("a")]; $0.arrangement.sort = [SortSpec(path: FieldPath("b"))]; $0.arrangement.pageSize = 2 },
                       .counts)
        XCTAssertEqual(plan { $0.look.summary = true; $0.look.style = .jsonl; $0.arrangement.pageSize = 2 }, .summary, "a summary reads every row, whatever else")
    }
}
