import ListviewSpilling
import XCTest

/// The memory decision from its inputs as plain values: every reason, and no input looked at
/// further than the decision needs (a lazy sequence of them stops being read).
final class MemoryPlanDecisionTests: XCTestCase {
    private let budget = MemoryBudget(bytes: 1_000)

    func testEveryReasonFromTheInputs() {
        let small = MemoryPlan.Input.file("a.csv", bytes: 400, compressed: false)
        let cases: [(MemoryPlan, MemoryPlan.Reason, Bool)] = [
            (MemoryPlan(inputs: [small], followed: false, budget: nil), .noLimit, false),
            (MemoryPlan(inputs: [small], followed: false, budget: budget), .fits(bytes: 400), false),
            (MemoryPlan(inputs: [small, small], followed: false, budget: budget), .larger(bytes: 800), true),
            (MemoryPlan(inputs: [], followed: false, budget: budget), .pipe("<stdin>"), true),
            (MemoryPlan(inputs: [small, .pipe("fifo")], followed: false, budget: budget), .pipe("fifo"), true),
            (MemoryPlan(inputs: [.file("b.csv.gz", bytes: 4, compressed: true)], followed: false, budget: budget), .compressed("b.csv.gz"), true),
            (MemoryPlan(inputs: [small], followed: true, budget: budget), .followed, true),
            (MemoryPlan(inputs: [small], followed: false, budget: MemoryBudget(bytes: 1_000_000, isForcedSpilling: true)), .forced, true),
        ]
        for (index, (plan, reason, spills)) in cases.enumerated() {
            XCTAssertEqual(plan.reason, reason, "case \(index)")
            XCTAssertEqual(plan.budget != nil, spills, "case \(index)")
        }
        XCTAssertEqual(MemoryPlan(inputs: [small], followed: false, budget: budget).explanation,
                       "held in memory: 400 B of input fit in half of the memory limit")
    }

    func testInputsAreTakenNoFurtherThanTheDecisionNeeds() {
        var taken: [String] = []
        func inputs(_ names: [String]) -> some Sequence<MemoryPlan.Input> {
            names.lazy.map { name in
                taken.append(name)
                return name.hasPrefix("pipe") ? .pipe(name) : .file(name, bytes: 10, compressed: name.hasSuffix(".gz"))
            }
        }
        _ = MemoryPlan(inputs: inputs(["a", "pipe", "b"]), followed: false, budget: budget)
        XCTAssertEqual(taken, ["a", "pipe"])
        taken = []
        _ = MemoryPlan(inputs: inputs(["a.gz", "b"]), followed: false, budget: budget)
        XCTAssertEqual(taken, ["a.gz"])
        taken = []
        _ = MemoryPlan(inputs: inputs(["a", "b"]), followed: true, budget: budget)
        _ = MemoryPlan(inputs: inputs(["a", "b"]), followed: false, budget: MemoryBudget(bytes: 1, isForcedSpilling: true))
        _ = MemoryPlan(inputs: inputs(["a", "b"]), followed: false, budget: nil)
        XCTAssertEqual(taken, [])
    }
}
