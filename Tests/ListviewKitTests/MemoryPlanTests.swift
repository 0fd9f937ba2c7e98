@testable import ListviewKit
@testable import ListviewRequest
import ListviewSpilling
import ListviewTestSupport
import XCTest

/// The one memory decision: every reason it gives, from the inputs as they are before reading.
final class MemoryPlanTests: XCTestCase {
    private let files = TemporaryFiles()

    private func plan(_ inputs: [String], budget: MemoryBudget?, following: Bool = false) -> MemoryPlan {
        var read = ReadSpec()
        read.inputs = inputs
        if following { read.following = .init() }
        return MemoryPlan(reading: read, budget: budget)
    }

    func testEveryReasonHoldsInMemoryOrKeepsWithinTheBudget() throws {
        let small = try files.write(String(repeating: "a,b\n", count: 100))  // 400 bytes
        let gzip = try files.write([0x1F, 0x8B, 0x08, 0x00], extension: "csv.gz")
        let budget = MemoryBudget(bytes: 1_000)
        let cases: [(MemoryPlan, MemoryPlan.Reason, Bool)] = [
            (plan([small], budget: nil), .noLimit, false),
            (plan([small], budget: budget), .fits(bytes: 400), false),
            (plan([small, small], budget: budget), .larger(bytes: 800), true),
            (plan(["-"], budget: budget), .pipe("<stdin>"), true),
            (plan([], budget: budget), .pipe("<stdin>"), true),
            (plan([gzip], budget: budget), .compressed(gzip), true),
            (plan([small], budget: budget, following: true), .followed, true),
            (plan([small], budget: MemoryBudget(bytes: 1_000_000, isForcedSpilling: true)), .forced, true),
        ]
        for (index, (plan, reason, spills)) in cases.enumerated() {
            XCTAssertEqual(plan.reason, reason, "case \(index)")
            XCTAssertEqual(plan.budget != nil, spills, "case \(index)")
            XCTAssertFalse(plan.explanation.isEmpty)
        }
        XCTAssertNil(plan([small], budget: MemoryBudget(bytes: 10, isForcedSpilling: true)).ignoringForcedSpilling.budget)
        XCTAssertEqual(plan(["-"], budget: budget).explanation,
                       "kept within the 1000 B memory limit on disk: <stdin> is a pipe, whose size is not known before it is read")
    }
}
