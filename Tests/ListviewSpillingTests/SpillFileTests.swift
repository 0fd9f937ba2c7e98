import Foundation
import ListviewBatches
import ListviewSpilling
import ListviewTestSupport
import ListviewValues
import XCTest

/// Tables appended to a spill file a chunk at a time read back by where they lie; a chunk the
/// file does not hold is the spill folder's error.
final class SpillFileTests: XCTestCase {
    private let files = TemporaryFiles()
    private var parent = ""

    override func setUpWithError() throws {
        parent = try files.folder()
    }

    func testChunksReadBackAsTheTablesAppended() throws {
        let file = try SpillDirectory(parent: parent).newFile()
        let table = CellTable(records: (0..<50).map { Record(["n": .number(String($0)), "s": .string("row \($0)")]) })
        let first = try file.append(rows: [3, 1, 4], of: table)
        let second = try file.append(rows: 10..<50, of: table)
        XCTAssertEqual(first.offset, 0)
        XCTAssertEqual(second.offset, first.length)
        XCTAssertEqual(file.size, first.length + second.length)
        for (chunk, rows) in [(second, Array(10..<50)), (first, [3, 1, 4])] {
            let back = try file.table(at: chunk, nestedDecoder: nil)
            XCTAssertEqual(back.columns, table.columns)
            XCTAssertEqual(back.rowCount, rows.count)
            let texts = back.withCells { cells in (0..<back.rowCount).map { Array(cells.cell(row: $0, column: 1).text) } }
            XCTAssertEqual(texts, rows.map { Array("row \($0)".utf8) })
        }
        var bytes = ByteOutput()
        bytes.append(contentsOf: [1, 2, 3])
        let raw = try file.append(chunk: bytes)
        XCTAssertEqual(try file.bytes(at: raw), [1, 2, 3])
    }

    func testAChunkTheFileDoesNotHoldIsRefused() throws {
        let file = try SpillDirectory(parent: parent).newFile()
        let chunk = try file.append(rows: [0], of: CellTable(records: [Record(["a": .string("text")])]))
        let expected = "cannot write spill files in \(parent): a spill file changed while it was read (choose another folder with --temp-dir)"
        XCTAssertThrowsError(try file.bytes(at: SpillChunk(offset: chunk.offset, length: chunk.length + 1))) { error in
            XCTAssertEqual((error as? ListviewError)?.description, expected)
        }
        // Bytes that are not the spill format: a chunk cut short.
        XCTAssertThrowsError(try file.table(at: SpillChunk(offset: 0, length: chunk.length - 1), nestedDecoder: nil)) { error in
            XCTAssertEqual((error as? ListviewError)?.description, expected)
        }
    }

    func testRowsLargerThanTheWholeBudgetAreRefusedUnlessSpillingIsForced() throws {
        XCTAssertNoThrow(try MemoryBudget(bytes: 100).checkRowsFit(bytes: 1_000, rows: 10))
        XCTAssertThrowsError(try MemoryBudget(bytes: 100).checkRowsFit(bytes: 1_010, rows: 10)) { error in
            XCTAssertEqual((error as? ListviewError)?.description,
                           "the memory limit of 100 B cannot be kept: one record needs 101 B (raise --memory-limit)")
        }
        XCTAssertNoThrow(try MemoryBudget(bytes: 100, isForcedSpilling: true).checkRowsFit(bytes: 1_010, rows: 10))
        XCTAssertNoThrow(try MemoryBudget(bytes: 100).checkRowsFit(bytes: 0, rows: 0))
    }
}
