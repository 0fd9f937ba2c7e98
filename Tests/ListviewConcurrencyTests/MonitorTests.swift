import Glibc
import ListviewConcurrency
import XCTest

/// A timed wait on a monitor returns as soon as its condition holds, and false once the time is up.
final class MonitorTests: XCTestCase {
    func testWaitReturnsWhenAnotherThreadMakesTheConditionHold() {
        let monitor = Monitor(0)
        let thread = BackgroundThread {
            usleep(20_000)
            monitor.withLock(wakes: true) { $0 = 1 }
        }
        XCTAssertTrue(monitor.wait(until: { $0 == 1 }, milliseconds: 10_000))
        thread.wait()
    }

    func testWaitGivesUpWhenTheTimeIsUp() {
        let monitor = Monitor(0)
        var started = timespec()
        clock_gettime(CLOCK_MONOTONIC, &started)
        XCTAssertFalse(monitor.wait(until: { $0 == 1 }, milliseconds: 30))
        var ended = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ended)
        let elapsed = Double(ended.tv_sec - started.tv_sec) * 1000 + Double(ended.tv_nsec - started.tv_nsec) / 1_000_000
        XCTAssertGreaterThanOrEqual(elapsed, 29)
    }

    func testWaitForAConditionThatAlreadyHoldsDoesNotWait() {
        XCTAssertTrue(Monitor(1).wait(until: { $0 == 1 }, milliseconds: 0))
    }
}
