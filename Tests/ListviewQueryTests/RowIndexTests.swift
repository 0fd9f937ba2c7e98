import ListviewQuery
import ListviewTestSupport
import XCTest

/// Rows added to a `RowIndex` a block at a time are found as rows added one by one, and the
/// first repeated key stops the block at the same pair.
final class RowIndexTests: XCTestCase {
    func testRowsAddedAtOnceAreFoundAsRowsAddedOneByOne() {
        var random = seededRandom()
        for round in 0..<20 {
            let count = 1 + random.next(3_000)
            // Keys of few values, so tags collide and probes run on; hashes some of which repeat.
            let keys = (0..<count).map { _ in random.next(round % 2 == 0 ? count * 4 : 40) }
            let hashes = keys.map { UInt64(truncatingIfNeeded: $0) &* 0x9E37_79B9_7F4A_7C15 | (round % 3 == 0 ? 0 : 1 << 40) }
            var (oneByOne, atOnce) = (RowIndex(capacity: count), RowIndex(capacity: count))
            var expected: (earlier: Int, row: Int)?
            for row in 0..<count {
                if let earlier = oneByOne.insert(row, hash: hashes[row], isDuplicate: { keys[$0] == keys[row] }) {
                    expected = (earlier, row)
                    break
                }
            }
            let found = atOnce.insert(0..<count, hashes: hashes) { keys[$0] == keys[$1] }
            XCTAssertEqual(found?.earlier, expected?.earlier, "round \(round)")
            XCTAssertEqual(found?.row, expected?.row, "round \(round)")
            for row in 0..<(expected?.row ?? count) {
                XCTAssertEqual(atOnce.first(hash: hashes[row]) { keys[$0] == keys[row] },
                               oneByOne.first(hash: hashes[row]) { keys[$0] == keys[row] }, "round \(round) row \(row)")
            }
        }
    }
}
