import ListviewBatches
import ListviewDataSource
import ListviewInput
import ListviewValues
import XCTest

/// Batches read ahead on a second thread come out in order, an error after the batches before it.
final class BatchPrefetcherTests: XCTestCase {
    private struct Failure: Error {}

    /// Hands out `count` batches of three rows, failing at batch `failAt`.
    private final class CountingSource: RecordSource {
        let count: Int
        let failAt: Int?
        private(set) var handedOut = 0

        init(count: Int, failAt: Int? = nil) {
            self.count = count
            self.failAt = failAt
        }

        func next() throws -> Record? { nil }

        func nextBatch(schema: RecordSchema) throws -> CellTable? {
            guard handedOut < count else { return nil }
            if handedOut == failAt { throw Failure() }
            var table = CellTable(columns: ["n"], inferTypes: true)
            for row in 0..<3 {
                var text = String(handedOut * 3 + row)
                text.withUTF8 { table.appendCell(UnsafeRawBufferPointer($0)) }
                _ = table.endRow()
            }
            handedOut += 1
            return table
        }
    }

    private func numbers(_ table: CellTable) -> [String] {
        table.mapColumn(0) { String(decoding: $1, as: UTF8.self) }
    }

    func testBatchesComeOutInOrder() throws {
        let prefetcher = BatchPrefetcher(CountingSource(count: 50), schema: RecordSchema(), depth: 3)
        var seen: [String] = []
        while let batch = try prefetcher.next() { seen += numbers(batch) }
        XCTAssertEqual(seen, (0..<150).map(String.init))
        XCTAssertNil(try prefetcher.next(), "the end stays the end")
        prefetcher.finish()
    }

    func testAnErrorComesAfterTheBatchesBeforeIt() {
        let prefetcher = BatchPrefetcher(CountingSource(count: 10, failAt: 4), schema: RecordSchema(), depth: 2)
        var batches = 0
        XCTAssertThrowsError(try { while try prefetcher.next() != nil { batches += 1 } }()) { XCTAssertTrue($0 is Failure) }
        XCTAssertEqual(batches, 4)
        prefetcher.finish()
    }

    func testFinishingEarlyStopsReadingAhead() throws {
        let source = CountingSource(count: 1_000)
        let prefetcher = BatchPrefetcher(source, schema: RecordSchema(), depth: 2)
        XCTAssertEqual(try prefetcher.next().map(numbers), ["0", "1", "2"])
        prefetcher.finish()
        XCTAssertLessThanOrEqual(source.handedOut, 4, "no more than the taken batch and the room ahead")
    }
}
