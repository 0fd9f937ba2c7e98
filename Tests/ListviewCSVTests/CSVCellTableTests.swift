import Foundation
import ListviewBatches
@testable import ListviewCSV
import ListviewInput
import ListviewQuery
import ListviewTestSupport
import ListviewValues
import XCTest

/// A whole file as a `CellTable` straight from the bytes (`CSVRecordSource.cellTable()`) holds
/// exactly the values reading the records gives, whatever the chunk size and on one thread or
/// two, or gives way to reading the records.
final class CSVCellTableTests: XCTestCase {
    private let files = TemporaryFiles()

    override func tearDown() {
        files.removeAll()
    }

    /// The column names, every row's values and the warnings, as reading gives them.
    private struct Contents: Equatable {
        var columns: [String]
        var rows: [[Value?]]
        var warnings: [String]
    }

    private func tabled(_ path: String, options: CSVOptions, halves: Bool, chunkSize: Int) throws -> Contents? {
        let source = CSVRecordSource(input: try ByteInput(path: path, chunkSize: chunkSize), options: options, schema: RecordSchema())
        source.parallelThreshold = halves ? 0 : .max
        guard let table = try source.cellTable() else { return nil }
        XCTAssertNil(try source.nextBatch(schema: RecordSchema()), "a tabled source has no rows left to read")
        let columns = table.columns.indices.map { column in table.mapColumn(column) { $0.value(of: $1, inferTypes: table.inferTypes) } }
        // A row lacks the extra columns of longer rows, as its record lacks those fields.
        let rows = (0..<table.rowCount).map { row in Array(columns.map { $0[row] }.reversed().drop { $0 == nil }.reversed()) }
        return Contents(columns: table.columns, rows: rows, warnings: source.warnings)
    }

    private func read(_ path: String, options: CSVOptions) throws -> Contents {
        var source = CSVRecordSource(input: try ByteInput(path: path), options: options, schema: RecordSchema())
        let records = try readRecords(from: &source)
        return Contents(columns: source.declaredColumns ?? [], rows: records.map { $0.values.map(Optional.some) }, warnings: source.warnings)
    }

    private func assertSameContents(_ bytes: [UInt8], options: CSVOptions = CSVOptions(),
                                    file: StaticString = #filePath, line: UInt = #line) throws {
        let path = try files.write(bytes)
        let expected = try read(path, options: options)
        let label = String(String(decoding: bytes, as: UTF8.self).debugDescription.prefix(120))
        for halves in [false, true] {
            for chunkSize in [1 << 20, 7, 3] {
                guard let actual = try tabled(path, options: options, halves: halves, chunkSize: chunkSize) else {
                    return XCTFail("gave way on \(label)", file: file, line: line)
                }
                XCTAssertEqual(actual, expected, "\(label) halves: \(halves) chunk: \(chunkSize)", file: file, line: line)
            }
        }
    }

    private func assertSameContents(_ text: String, options: CSVOptions = CSVOptions(),
                                    file: StaticString = #filePath, line: UInt = #line) throws {
        try assertSameContents(Array(text.utf8), options: options, file: file, line: line)
    }

    func testPlainRowsHoldTheRecordsValues() throws {
        try assertSameContents("id,status,amount\n1,open,2.50\n2,done,-3e2\n3,open,x\n")
        try assertSameContents("id,status\n1,open\n2,done\n3,open")  // no final line break
        try assertSameContents("a,b\r\n1,2\r\n\r\n\n3,4\r\n")  // CRLF and blank lines
        try assertSameContents([0xEF, 0xBB, 0xBF] + Array("a,b\n1,2\n".utf8))  // byte order mark
        try assertSameContents("name,note\nZoë,\"a, \"\"quoted\"\"\nline\"\n日本,\"\"\n")
        try assertSameContents("a,a,\n1,2,3\n")  // repeated and empty header names
    }

    func testShortRowsAndEmptyCells() throws {
        try assertSameContents("a,b,c\n1\n2,\n3,,\n,,\n")
        try assertSameContents("a,b,c\n1,2\n")
    }

    func testOptions() throws {
        var noHeader = CSVOptions()
        noHeader.hasHeader = false
        try assertSameContents("1,x\n2,y\n", options: noHeader)
        var tabs = CSVOptions()
        tabs.delimiter = 0x09
        try assertSameContents("a\tb\n1,5\t\"q\"\n", options: tabs)
        var noInfer = CSVOptions()
        noInfer.inferTypes = false
        try assertSameContents("a,b\n1,2.5\n", options: noInfer)
    }

    /// Many rows with quoted line breaks straddling the cut between the halves and every chunk end.
    func testALargerFileReadInHalvesAndSmallChunks() throws {
        var text = "id,status,note,extra\r\n"
        for row in 0..<2000 {
            let status = ["open", "done", "\"on\r\nhold\"", "\"say \"\"hi\"\"\""][row % 4]
            text += "\(row),\(status),\"line\nbreak, \(row % 7)\"" + (row % 5 == 0 ? "" : ",\(row)") + "\r\n"
        }
        try assertSameContents(text)  // every fifth row short
    }

    /// Ragged rows, empty files and input that is not plain CSV: the table holds what the records
    /// hold, or reading it fails with the error reading the records fails with.
    func testIrregularInputReadsAsTheRecordsRead() throws {
        let cases: [[UInt8]] = [
            Array("a,b\n1,2,3\n4\n5,6,7,8\n".utf8),  // long rows add columns; a short row is padded
            Array("a,b\n".utf8), [],  // no rows
            Array("k\na\"b\n".utf8), Array("k\n\"a\"b\n".utf8), Array("k\n\"open\n".utf8),
            Array("k\nok\n".utf8) + [0xC3, 0x28, 0x0A], [0xFF, 0xFE] + Array("k\n".utf8),
        ]
        for bytes in cases {
            let path = try files.write(bytes)
            let expected = Result { try read(path, options: CSVOptions()) }
            for halves in [false, true] {
                let actual = Result { try tabled(path, options: CSVOptions(), halves: halves, chunkSize: 3) }
                switch (expected, actual) {
                case let (.success(records), .success(table)):
                    XCTAssertEqual(table?.rows, records.rows, "\(bytes)")
                    XCTAssertEqual(table?.warnings, records.warnings, "\(bytes)")
                case let (.failure(a), .failure(b)): XCTAssertEqual("\(a)", "\(b)", "\(bytes)")
                default: XCTFail("\(bytes): \(expected) vs \(actual)")
                }
            }
        }
    }

    /// Every file of the CSV corpora: the same values, or the table gives way where reading fails.
    func testCorpusFilesHoldTheRecordsValues() throws {
        var tabledFiles = 0
        for directory in try ["csv-spectrum/csvs", "tsv-utils-csv2tsv"].map({ try Corpus.folder($0) }) {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            for name in names.sorted() where name.hasSuffix(".csv") {
                let path = directory.appendingPathComponent(name).path
                let expected = try? read(path, options: CSVOptions())
                for halves in [false, true] {
                    let actual = try? tabled(path, options: CSVOptions(), halves: halves, chunkSize: 5)
                    if let actual {
                        XCTAssertEqual(actual, expected, name)
                        tabledFiles += halves ? 1 : 0
                    } else if expected != nil {
                        let hasLongRow = (try? CSVRecordSource(input: ByteInput(path: path), schema: RecordSchema()))
                            .map { source -> Bool in var source = source; _ = try? readRecords(from: &source); return source.longRows > 0 }
                        XCTAssertTrue(hasLongRow == true || expected?.rows.isEmpty == true, "\(name): gave way on readable input")
                    }
                }
            }
        }
        XCTAssertGreaterThan(tabledFiles, 20)
    }
}
