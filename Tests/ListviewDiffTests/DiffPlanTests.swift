import ListviewBatches
@testable import ListviewDiff
import ListviewKit
import ListviewRequest
import ListviewSpilling
import ListviewTestSupport
import XCTest

/// Every path of `listview diff`, decided by `DiffPlan` from the request and the old side.
final class DiffPlanTests: XCTestCase {
    private let files = TemporaryFiles()

    func testEveryPathIsDecidedByTheKeyAndTheOldSide() throws {
        let old = try files.write(String(repeating: "id,v\n1,2\n", count: 50))  // 450 bytes
        func plan(key: [String], old: String, budget: MemoryBudget?) -> DiffPlan {
            var request = DiffRequest(old: old, new: old)
            request.key = key.map(FieldPath.init)
            request.list.arrangement.memory = budget
            return DiffPlan(for: request)
        }
        let roomy = MemoryBudget(bytes: 1 << 20), tight = MemoryBudget(bytes: 800)
        XCTAssertEqual(plan(key: [], old: old, budget: tight), .unkeyed)
        XCTAssertEqual(plan(key: ["id"], old: old, budget: nil), .keyedInMemory(MemoryPlan(reading: ReadSpec(inputs: [old]), budget: nil)))
        guard case .keyedInMemory(let fits) = plan(key: ["id"], old: old, budget: roomy) else { return XCTFail("a small file fits") }
        XCTAssertEqual(fits.reason, .fits(bytes: 450))
        guard case .partitioned(let budget, let larger) = plan(key: ["id"], old: old, budget: tight) else { return XCTFail("over half of 800 B") }
        XCTAssertEqual(budget, tight)
        XCTAssertEqual(larger.reason, .larger(bytes: 450))
        guard case .partitioned(_, let pipe) = plan(key: ["id"], old: "-", budget: roomy) else { return XCTFail("a pipe is partitioned") }
        XCTAssertEqual(pipe.reason, .pipe("<stdin>"))
        for plan in [plan(key: [], old: old, budget: nil), plan(key: ["id"], old: old, budget: roomy), plan(key: ["id"], old: "-", budget: roomy)] {
            XCTAssertFalse(plan.explanation.isEmpty)
        }
    }
}
