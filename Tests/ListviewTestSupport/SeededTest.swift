import Foundation
import XCTest

extension XCTestCase {
    /// The seed of a random test, printed when the test fails so that the failure can be run
    /// again: `LISTVIEW_TEST_SEED` when set, else `seed`, else a fresh one from the system (a new
    /// case each run).
    public func testSeed(_ seed: UInt64? = nil) -> UInt64 {
        var system = SystemRandomNumberGenerator()
        let chosen = ProcessInfo.processInfo.environment["LISTVIEW_TEST_SEED"].flatMap { UInt64($0) }
            ?? seed ?? UInt64.random(in: 0...UInt64.max, using: &system)
        let name = self.name
        addTeardownBlock { [weak self] in
            // `hasSucceeded` is false until the run stops, so the failures so far tell.
            guard let run = self?.testRun, run.totalFailureCount > 0 else { return }
            print("\(name) failed with seed \(chosen): LISTVIEW_TEST_SEED=\(chosen) runs it again")
        }
        return chosen
    }

    /// A generator for a random test, seeded by `testSeed(seed)`: its seed is printed when the test fails.
    public func seededRandom(_ seed: UInt64? = nil) -> SeededRandom {
        SeededRandom(state: testSeed(seed))
    }
}
