import ListviewBatches
import ListviewValues
import XCTest

/// Records built by hand: names in order, a repeated name keeping its first position and last value.
final class RecordTests: XCTestCase {
    func testRecordFromPairsWithARepeatedName() {
        let record = Record(["x": .number("1"), "y": .number("2"), "x": .number("3")])
        XCTAssertEqual(record.names, ["x", "y"])
        XCTAssertEqual(record["x"], .number("3"))
        XCTAssertNil(record["z"])
    }
}
