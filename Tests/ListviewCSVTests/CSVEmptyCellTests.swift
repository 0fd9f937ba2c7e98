import ListviewBatches
@testable import ListviewCSV
import ListviewInput
import ListviewTestSupport
import XCTest

/// An empty CSV cell is empty text either way, and keeps how it was written: nothing between the
/// delimiters (`.text`, written back empty) or a quoted `""` (`.string`, written back `""`),
/// whatever the chunk size, on one thread or two, with or without a header.
final class CSVEmptyCellTests: XCTestCase {
    private let files = TemporaryFiles()

    override func tearDown() {
        files.removeAll()
    }

    /// Each cell's kind, row by row, and whether an empty one is written `""`.
    private func kinds(_ text: String, options: CSVOptions = CSVOptions(), halves: Bool, chunkSize: Int) throws -> [[String]] {
        let path = try files.write(Array(text.utf8))
        let source = CSVRecordSource(input: try ByteInput(path: path, chunkSize: chunkSize), options: options, schema: RecordSchema())
        source.parallelThreshold = halves ? 0 : .max
        let table = try XCTUnwrap(try source.cellTable())
        return table.withCells { cells in
            (0..<table.rowCount).map { row in
                table.columns.indices.map { column in
                    let (kind, text) = cells.cell(row: row, column: column)
                    return text.isEmpty ? (kind.quotesWhenEmpty ? "\"\"" : "_") : String(decoding: text, as: UTF8.self)
                }
            }
        }
    }

    func testAQuotedEmptyCellIsToldFromAnUnquotedOne() throws {
        let text = "id,a,b\r\n1,,\"\"\r\n2,\"\",\n3,\"x\",\n4,\"\",\"\""
        for halves in [false, true] {
            for chunkSize in [1 << 20, 5, 1] {
                XCTAssertEqual(try kinds(text, halves: halves, chunkSize: chunkSize),
                               [["1", "_", "\"\""], ["2", "\"\"", "_"], ["3", "x", "_"], ["4", "\"\"", "\"\""]], "chunk \(chunkSize)")
            }
        }
        var noHeader = CSVOptions()
        noHeader.hasHeader = false
        XCTAssertEqual(try kinds("\"\",,x\n,\"\",y\n", options: noHeader, halves: false, chunkSize: 1 << 20),
                       [["\"\"", "_", "x"], ["_", "\"\"", "y"]])
    }
}
