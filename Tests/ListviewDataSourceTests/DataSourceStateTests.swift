import ListviewDataSource
import XCTest

/// A load is `loading` with its records so far until it finishes, then `empty` or `ready`.
final class DataSourceStateTests: XCTestCase {
    func testLoadingThenEmptyOrReady() {
        XCTAssertEqual(DataSourceState(records: 0, finished: false), .loading(recordsSoFar: 0))
        XCTAssertEqual(DataSourceState(records: 12, finished: false), .loading(recordsSoFar: 12))
        XCTAssertEqual(DataSourceState(records: 0, finished: true), .empty)
        XCTAssertEqual(DataSourceState(records: 12, finished: true), .ready(recordCount: 12))
    }
}
