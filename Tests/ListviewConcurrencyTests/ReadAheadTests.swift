import Glibc
import Synchronization
import ListviewConcurrency
import XCTest

/// Elements produced ahead on a second thread come out in order, an error after the elements
/// before it, and finishing early stops the producer.
final class ReadAheadTests: XCTestCase {
    private struct Failure: Error {}

    /// Produces `count` numbers, failing at number `failAt`; counts what it produced.
    private final class Counter: @unchecked Sendable {
        let count: Int
        let failAt: Int?
        private(set) var produced = 0

        init(count: Int, failAt: Int? = nil) {
            self.count = count
            self.failAt = failAt
        }

        func next() throws -> Int? {
            guard produced < count else { return nil }
            if produced == failAt { throw Failure() }
            produced += 1
            return produced - 1
        }
    }

    func testElementsComeOutInOrder() throws {
        let counter = Counter(count: 500)
        let ahead = ReadAhead(depth: 3) { try counter.next() }
        var seen: [Int] = []
        while let number = try ahead.next() { seen.append(number) }
        XCTAssertEqual(seen, Array(0..<500))
        XCTAssertNil(try ahead.next(), "the end stays the end")
        ahead.finish()
    }

    func testAnErrorComesAfterTheElementsBeforeIt() {
        let counter = Counter(count: 10, failAt: 4)
        let ahead = ReadAhead(depth: 2) { try counter.next() }
        var taken = 0
        XCTAssertThrowsError(try { while try ahead.next() != nil { taken += 1 } }()) { XCTAssertTrue($0 is Failure) }
        XCTAssertEqual(taken, 4)
        ahead.finish()
    }

    func testFinishingEarlyStopsProducing() throws {
        let counter = Counter(count: 1_000)
        let ahead = ReadAhead(depth: 2) { try counter.next() }
        XCTAssertEqual(try ahead.next(), 0)
        ahead.finish()
        XCTAssertLessThanOrEqual(counter.produced, 4, "no more than the taken element and the room ahead")
        XCTAssertNil(try ahead.next(), "after finish nothing more comes, and nothing waits for it")
    }

    /// Parts done on two threads are handed on in order, and a hand-on that says stop stops them.
    func testOrderedWorkHandsPartsOnInOrder() throws {
        var handed: [Int] = []
        let count = try OrderedWork.run(count: 41, here: { part in
            handed.append(part * part)
            return true
        }, elsewhere: { part in part * part }, handOn: { _, square in
            handed.append(square)
            return true
        })
        XCTAssertEqual(count, 41)
        XCTAssertEqual(handed, (0..<41).map { $0 * $0 })
        var stoppedAt: [Int] = []
        let stopped = try OrderedWork.run(count: 41, here: { part in
            stoppedAt.append(part)
            return part < 6
        }, elsewhere: { $0 }, handOn: { part, _ in
            stoppedAt.append(part)
            return part < 6
        })
        XCTAssertEqual(stopped, 7)
        XCTAssertEqual(stoppedAt, Array(0...6))
    }

    /// Parts of an open count, some slow on either thread, are handed on in order until a hand-on
    /// says the last was reached; no more than the lead is taken beyond it.
    func testOrderedWorkWithAnOpenCountStopsWhereAHandOnSays() throws {
        let taken = Mutex(0)
        @Sendable func square(_ part: Int) -> Int {
            taken.withLock { $0 = max($0, part) }
            if part % 5 == 3 { usleep(2_000) }
            return part * part
        }
        var handed: [Int] = []
        let count = try OrderedWork.run(count: Int.max, here: { part in
            handed.append(square(part))
            return part < 30
        }, elsewhere: square, handOn: { part, result in
            handed.append(result)
            return part < 30
        })
        XCTAssertEqual(count, 31)
        XCTAssertEqual(handed, (0...30).map { $0 * $0 })
        XCTAssertLessThanOrEqual(taken.withLock { $0 }, 30 + 4)
    }

    func testBackgroundResultGivesItsValueOrError() {
        XCTAssertEqual(try BackgroundResult { (1...100).reduce(0, +) }.get(), 5_050)
        XCTAssertThrowsError(try BackgroundResult { () throws -> Int in throw Failure() }.get())
    }
}
