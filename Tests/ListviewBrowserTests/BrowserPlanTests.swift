import ListviewBatches
@testable import ListviewBrowser
import ListviewKit
import ListviewQuery
import ListviewRequest
import ListviewSpilling
import ListviewTestSupport
import XCTest

/// Every way the browser reads its input, decided by `BrowserPlan` when it opens.
final class BrowserPlanTests: XCTestCase {
    private let files = TemporaryFiles()

    func testEveryPathIsDecidedByTheBudgetTheInputsAndTheArrangement() throws {
        let file = try files.write(String(repeating: "id,v\n1,2\n", count: 50))  // 450 bytes
        func plan(_ inputs: [String], budget: MemoryBudget?, sorted: Bool = false, oneRegularFile: Bool) -> BrowserPlan {
            var request = ListRequest()
            request.read.inputs = inputs
            request.arrangement.memory = budget
            if sorted { request.arrangement.sort = [SortSpec(path: FieldPath("id"), descending: false)] }
            return BrowserPlan(for: request, oneRegularFile: oneRegularFile)
        }
        let roomy = MemoryBudget(bytes: 1 << 20), tight = MemoryBudget(bytes: 800)
        XCTAssertEqual(plan([file], budget: roomy, oneRegularFile: true), .wholeFile)
        XCTAssertEqual(plan([file], budget: nil, sorted: true, oneRegularFile: true), .wholeFile)
        XCTAssertEqual(plan([file], budget: tight, oneRegularFile: true), .withinBudget(tight, arranges: false))
        XCTAssertEqual(plan([file], budget: tight, sorted: true, oneRegularFile: true), .withinBudget(tight, arranges: true))
        XCTAssertEqual(plan(["-"], budget: roomy, oneRegularFile: false), .withinBudget(roomy, arranges: false))
        XCTAssertEqual(plan([file, file], budget: nil, oneRegularFile: false), .streamed)
        XCTAssertEqual(plan([file, file], budget: nil, sorted: true, oneRegularFile: false), .arrangedAsRead)
        // Forced spilling (tests of the other commands) leaves the browser's reading as it is.
        XCTAssertEqual(plan([file], budget: MemoryBudget(bytes: 10, isForcedSpilling: true), oneRegularFile: true), .wholeFile)
        XCTAssertEqual(BrowserPlan.withinBudget(tight, arranges: true).explanation,
                       "browser: rows read up to the 800 B memory limit, the rest kept on disk and read back as shown, sorted or grouped on disk")
        XCTAssertEqual(BrowserPlan.streamed.explanation, "browser: rows shown as they arrive")
    }
}
