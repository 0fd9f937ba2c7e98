import Foundation
import ListviewBatches
@testable import ListviewCSV
import ListviewInput
import ListviewValues
import ListviewTestSupport
import XCTest

/// Reading the rest of a CSV file in many small parts (`CSVFileParts`), handed on in order,
/// gives exactly what one reader's batches give: the same rows, warnings and errors, whichever
/// order the parts are read in and wherever the cuts fall.
final class CSVFilePartsTests: XCTestCase {
    private let files = TemporaryFiles()

    override func tearDown() {
        files.removeAll()
    }

    private struct Reading {
        var rows: [String] = []
        var warnings: [String] = []
        var failure: String?
    }

    private func text(of table: CellTable) -> [String] {
        let shapes = RecordShapeCache()
        return (0..<table.rowCount).map { table.record(at: $0, shapes: shapes).fields.map { "\($0)=\($1)" }.joined(separator: "|") }
    }

    /// One reader's batches, one after another.
    private func readInOnePass(_ path: String, options: CSVOptions) throws -> Reading {
        let source = CSVRecordSource(input: try ByteInput(path: path, chunkSize: 64), options: options, schema: RecordSchema())
        var reading = Reading()
        do {
            while let batch = try source.nextBatch(schema: RecordSchema()) { reading.rows += text(of: batch) }
        } catch {
            reading.failure = "\(error)"
        }
        reading.warnings = source.warnings
        return reading
    }

    /// The first batch, then the rest in parts of `size` bytes handed on in order (each read just
    /// before it is handed on, or all read first, last first); and the number of parts handed on
    /// before the rest was read on in one pass (nil when every part joined).
    private func readInParts(_ path: String, size: Int, readingAllFirst: Bool, options: CSVOptions) throws -> (Reading, stoppedAfter: Int?) {
        let source = CSVRecordSource(input: try ByteInput(path: path, chunkSize: 64), options: options, schema: RecordSchema())
        source.parallelThreshold = 0
        var reading = Reading()
        var stoppedAfter: Int?
        do {
            guard let first = try source.nextBatch(schema: RecordSchema()) else { return (reading, nil) }
            reading.rows += text(of: first)
            let parts = try XCTUnwrap(try source.fileParts(size: size))
            XCTAssertGreaterThan(parts.count, 3)
            var read: [Int: CellTable?] = [:]
            if readingAllFirst { for index in (0..<parts.count).reversed() { read[index] = parts.read(index) } }
            var rest: (any RecordSource)?
            for index in 0..<parts.count {
                let table = readingAllFirst ? read[index] ?? nil : parts.read(index)
                let joined = try parts.handOn(index)
                if let table { reading.rows += text(of: table) }
                if !joined {
                    stoppedAfter = index
                    rest = try parts.readingOn(after: index)
                    break
                }
            }
            while let batch = try rest?.nextBatch(schema: RecordSchema()) { reading.rows += text(of: batch) }
        } catch {
            reading.failure = "\(error)"
        }
        reading.warnings = source.warnings
        return (reading, stoppedAfter)
    }

    /// The first batch, then the rest of the file gzipped and read in parts of its decompressed
    /// blocks (a line or two each) on both cores, as a stream reads it; nil where gzip is missing.
    private func readCompressedInParts(_ path: String, options: CSVOptions) throws -> (Reading, partsRead: Int)? {
        guard FileManager.default.isExecutableFile(atPath: "/bin/gzip") else { return nil }
        let gzip = Process()
        gzip.executableURL = URL(fileURLWithPath: "/bin/gzip")
        gzip.arguments = ["-k", "-f", path]
        try gzip.run()
        gzip.waitUntilExit()
        let source = CSVRecordSource(input: try ByteInput(path: path + ".gz", chunkSize: 64), options: options, schema: RecordSchema())
        var reading = Reading()
        var partsRead = 0
        do {
            if let first = try source.nextBatch(schema: RecordSchema()) {
                reading.rows += text(of: first)
                let parts = try XCTUnwrap(try source.fileParts(size: 200))
                var rest = try parts.readInOrder(work: { $0 }, take: { table in
                    partsRead += 1
                    if let table { reading.rows += self.text(of: table) }
                })
                while let batch = try rest?.nextBatch(schema: RecordSchema()) { reading.rows += text(of: batch) }
            }
        } catch {
            reading.failure = "\(error)".replacingOccurrences(of: path + ".gz", with: path)
        }
        reading.warnings = source.warnings.map { $0.replacingOccurrences(of: path + ".gz", with: path) }
        return (reading, partsRead)
    }

    /// The same rows and warnings, or the same error (the rows before an error go out in other
    /// batches, so how many come before it may differ).
    private func assertSame(_ reading: Reading, _ expected: Reading, _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(reading.failure, expected.failure, message, file: file, line: line)
        guard expected.failure == nil else { return }
        XCTAssertEqual(reading.warnings, expected.warnings, message, file: file, line: line)
        XCTAssertTrue(reading.rows == expected.rows, "\(message): \(reading.rows.count) rows, \(expected.rows.count) expected",
                      file: file, line: line)
    }

    @discardableResult
    private func assertSameInParts(_ text: String, options: CSVOptions = CSVOptions(), size: Int = 200,
                                   file: StaticString = #filePath, line: UInt = #line) throws -> Reading {
        let path = try files.write(Array(text.utf8))
        let expected = try readInOnePass(path, options: options)
        for readingAllFirst in [false, true] {
            let (parts, _) = try readInParts(path, size: size, readingAllFirst: readingAllFirst, options: options)
            assertSame(parts, expected, "reading all first: \(readingAllFirst)", file: file, line: line)
        }
        if let (compressed, _) = try readCompressedInParts(path, options: options) {
            assertSame(compressed, expected, "gzipped, in blocks", file: file, line: line)
        }
        return expected
    }

    func testPlainRowsAreTheSameInParts() throws {
        let rows = (1...400).map { "\($0),name \($0),\($0 % 7).5" }
        try assertSameInParts("id,name,score\n" + rows.joined(separator: "\n") + "\n")
        // Gzipped, each block of a line or two is a part that joins the next.
        let path = try files.write(Array(("id,name,score\n" + rows.joined(separator: "\n") + "\n").utf8))
        if let (_, partsRead) = try readCompressedInParts(path, options: CSVOptions()) {
            XCTAssertGreaterThan(partsRead, 100)
        }
    }

    func testQuotedLineBreaksAcrossManyCuts() throws {
        let rows = (1...300).map { "\($0),\"line one\nline \"\"two\"\"\r\nthree\",x" }
        let text = "id,text,tail\r\n" + rows.joined(separator: "\r\n")
        try assertSameInParts(text)
        let (_, stoppedAfter) = try readInParts(try files.write(Array(text.utf8)), size: 200, readingAllFirst: false, options: CSVOptions())
        XCTAssertNil(stoppedAfter, "quotes pair up: every cut falls between rows")
        // Gzipped, blocks end at line breaks inside quotes too: the reading goes on to a block end
        // between rows, and the blocks after it are parts again.
        if let (_, partsRead) = try readCompressedInParts(try files.write(Array(text.utf8)), options: CSVOptions()) {
            XCTAssertGreaterThan(partsRead, 50)
        }
    }

    func testCRLFAndLoneCRLineEnds() throws {
        let rows = (1...300).map { "\($0),v\($0)" }
        try assertSameInParts("a,b\r\n" + rows.joined(separator: "\r\n") + "\r\n")
        try assertSameInParts("a,b\r" + rows.joined(separator: "\r") + "\r")
    }

    func testRaggedRowsAreCountedOnceOverAllParts() throws {
        let rows = (1...300).map { $0 % 10 == 0 ? "\($0),x,extra,more" : ($0 % 9 == 0 ? "\($0)" : "\($0),x") }
        let reading = try assertSameInParts("id,v\n" + rows.joined(separator: "\n") + "\n")
        XCTAssertEqual(reading.warnings.count, 2)
    }

    func testACutInsideAQuotedFieldReadsOnInOnePass() throws {
        // Stray quotes (kept with --lazy-quotes) make the quote count odd, so cuts fall inside quoted
        // fields; the part before such a cut does not end between rows, and the rest is read on.
        var options = CSVOptions()
        options.strictQuotes = false
        var rows = (1...151).map { "\($0),ab\"c,x" }
        rows += (152...300).map { "\($0),\"multi\nline\",y" }
        let text = "id,text,tail\n" + rows.joined(separator: "\n") + "\n"
        try assertSameInParts(text, options: options)
        let (_, stoppedAfter) = try readInParts(try files.write(Array(text.utf8)), size: 200, readingAllFirst: false, options: options)
        XCTAssertNotNil(stoppedAfter)
    }

    func testAnErrorInALaterPartHasItsWholeFileLine() throws {
        let rows = (1...300).map { $0 == 280 ? "\($0),bad\"quote" : "\($0),fine" }
        let reading = try assertSameInParts("id,v\n" + rows.joined(separator: "\n") + "\n")
        XCTAssertTrue(reading.failure?.contains(":281:") ?? false, "\(reading.failure ?? "no error")")
    }

    /// After the reading went on past blocks that ended inside quotes and the blocks became parts
    /// again, an error still has the file's line.
    func testAnErrorAfterPartsResumedHasItsWholeFileLine() throws {
        let rows = (1...300).map { row in
            (31...60).contains(row) ? "\(row),\"line one\nline two\",x" : (row == 290 ? "\(row),bad\"quote,x" : "\(row),one line,x")
        }
        let reading = try assertSameInParts("id,text,tail\n" + rows.joined(separator: "\n") + "\n")
        XCTAssertTrue(reading.failure?.contains(":321:") ?? false, "\(reading.failure ?? "no error")")
    }

    func testInvalidUTF8InALaterPartHasItsWholeFileLine() throws {
        var bytes = Array(("id,v\n" + (1...300).map { "\($0),fine" }.joined(separator: "\n") + "\n").utf8)
        bytes += [0x33, 0x30, 0x31, 0x2C, 0xFF, 0x0A]
        let path = try files.write(bytes)
        let expected = try readInOnePass(path, options: CSVOptions())
        XCTAssertTrue(expected.failure?.contains(":302") ?? false, "\(expected.failure ?? "no error")")
        assertSame(try readInParts(path, size: 200, readingAllFirst: true, options: CSVOptions()).0, expected, "invalid UTF-8")
        if let (compressed, _) = try readCompressedInParts(path, options: CSVOptions()) {
            assertSame(compressed, expected, "invalid UTF-8, gzipped")
        }
    }

    func testAnOpenQuoteAtTheEndIsReportedWhereItOpened() throws {
        let rows = (1...300).map { "\($0),v" } + ["301,\"never closed\nstill open"]
        let reading = try assertSameInParts("id,v\n" + rows.joined(separator: "\n"))
        XCTAssertNotNil(reading.failure)
    }

    func testCutsAreRowStartsOutsideQuotes() throws {
        let text = "a,b\n1,\"x\ny\"\n2,z\r\n3,w\r4,v\n"
        let input = try ByteInput(path: try files.write(Array(text.utf8)))
        let bytes = Array(text.utf8)
        let starts = ["2", "3", "4"].compactMap { bytes.firstIndex(of: UInt8(ascii: $0)) }
        XCTAssertEqual(try CSVSplitPoint.cuts(in: input, from: 4, every: 1, size: bytes.count), starts)
        XCTAssertEqual(try CSVSplitPoint.cuts(in: input, from: 4, every: 3, size: bytes.count), starts)
        XCTAssertEqual(try CSVSplitPoint.cuts(in: input, from: 4, every: 100, size: bytes.count), [])
    }

    /// A part opens the file again: finding it shorter than when the reading began is an error,
    /// never a silent end.
    func testAFileThatShrankBeforeALaterPartIsAnError() throws {
        let rows = (1...400).map { "\($0),name \($0)" }
        let path = try files.write(Array(("id,name\n" + rows.joined(separator: "\n") + "\n").utf8))
        let source = CSVRecordSource(input: try ByteInput(path: path, chunkSize: 64), schema: RecordSchema())
        source.parallelThreshold = 0
        _ = try source.nextBatch(schema: RecordSchema())
        let parts = try XCTUnwrap(try source.fileParts(size: 200))
        XCTAssertEqual(truncate(path, 1_000), 0)
        var failure: String?
        do {
            for index in (0..<parts.count).reversed() { _ = parts.read(index) }
            for index in 0..<parts.count { guard try parts.handOn(index) else { break } }
        } catch {
            failure = "\(error)"
        }
        XCTAssertTrue(failure?.contains("the file shrank while being read") ?? false, failure ?? "no error")
    }
}
