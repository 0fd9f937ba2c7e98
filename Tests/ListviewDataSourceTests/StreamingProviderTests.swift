import ListviewBatches
import ListviewDataSource
import ListviewInput
import ListviewValues
import XCTest

/// A page loaded from streamed batches holds exactly the rows of that page, wherever the
/// batches begin and end, and knows the total only when the input ended within it.
final class StreamingProviderTests: XCTestCase {
    /// Hands out the given batches in turn, counting how many were read.
    private final class BatchSource: RecordSource {
        private var batches: [CellTable]
        private(set) var read = 0

        init(_ batches: [CellTable]) { self.batches = batches }

        func nextBatch(schema: RecordSchema) throws -> CellTable? {
            guard read < batches.count else { return nil }
            read += 1
            return batches[read - 1]
        }
    }

    /// Rows numbered from `start`, in batches of the given sizes; batch 1 has a column more.
    private func batches(sizes: [Int]) -> [CellTable] {
        var next = 0
        return sizes.enumerated().map { index, size in
            var table = CellTable(columns: index == 1 ? ["n", "extra"] : ["n"], inferTypes: true)
            for _ in 0..<size {
                var text = String(next)
                text.withUTF8 { table.appendCell(UnsafeRawBufferPointer($0)) }
                if index == 1 { Array("x".utf8).withUnsafeBytes { table.appendCell($0) } }
                _ = table.endRow()
                next += 1
            }
            return table
        }
    }

    /// A provider over `source`'s batches, each cut to the rows `rows` keeps and the whole to
    /// `limit` kept rows, as a batch stream hands them on.
    private func provider(_ source: BatchSource, limit: Int = .max,
                          rows: @escaping (CellTable) -> [RowRef] = { (0..<$0.rowCount).map(RowRef.init) }) -> StreamingProvider {
        var kept = 0
        return StreamingProvider(schema: RecordSchema()) {
            guard kept < limit, let table = try source.nextBatch(schema: RecordSchema()) else { return nil }
            let taken = Array(rows(table).prefix(limit - kept))
            kept += taken.count
            return (table, taken)
        }
    }

    private func numbers(_ page: StreamingProvider.Page) -> [String] {
        let table = page.table
        return page.provider.sections.flatMap(\.items).map { item in
            table.withCells { String(decoding: $0.cell(row: item.row, column: 0).text, as: UTF8.self) }
        }
    }

    func testPagesAcrossBatchBoundaries() throws {
        for number in 1...5 {
            let source = BatchSource(batches(sizes: [3, 4, 1, 5]))
            let stream = provider(source)
            guard number <= 4 else {
                XCTAssertNil(try stream.loadPage(number, size: 4))
                continue
            }
            let page = try XCTUnwrap(try stream.loadPage(number, size: 4))
            let expected = ((number - 1) * 4..<min(13, number * 4)).map(String.init)
            XCTAssertEqual(numbers(page), expected, "page \(number)")
            XCTAssertEqual(page.info.rows, (number - 1) * 4..<(number - 1) * 4 + expected.count)
            XCTAssertEqual(page.info.totalRows, number == 4 ? 13 : nil, "the total is known once the input ended")
        }
    }

    func testALimitAndAFilterCountOnlyTheRowsTheyKeep() throws {
        let source = BatchSource(batches(sizes: [5, 5, 5]))
        let evenRows = { (table: CellTable) in (0..<table.rowCount).filter { $0 % 2 == 0 }.map(RowRef.init) }
        let stream = provider(source, limit: 6, rows: evenRows)
        let page = try XCTUnwrap(try stream.loadPage(2, size: 4))
        XCTAssertEqual(numbers(page), ["7", "9"], "the kept rows are 0 2 4 5 7 9, then the limit")
        XCTAssertEqual(page.info.totalRows, 6)
    }

    func testAPageEndingWithABatchReadsOneBatchAhead() throws {
        let source = BatchSource(batches(sizes: [4, 4, 4]))
        let stream = provider(source)
        let page = try XCTUnwrap(try stream.loadPage(1, size: 4))
        XCTAssertEqual(numbers(page), ["0", "1", "2", "3"])
        XCTAssertNil(page.info.totalRows)
        XCTAssertEqual(source.read, 2, "the next batch tells that more rows follow; no batch after it is read")
    }
}
