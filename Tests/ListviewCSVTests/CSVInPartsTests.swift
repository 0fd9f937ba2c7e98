import Foundation
import ListviewBatches
@testable import ListviewCSV
import ListviewInput
import ListviewQuery
import ListviewValues
import ListviewTestSupport
import XCTest

/// Reading a whole CSV file in two parts on two cores (`CSVFileParts`) gives exactly what
/// one reader gives: the same records in the same order, the same warnings, errors at the same line.
final class CSVInPartsTests: XCTestCase {
    private let files = TemporaryFiles()

    override func tearDown() {
        files.removeAll()
    }

    private func path(for text: String) throws -> String {
        try files.write(Array(text.utf8))
    }

    /// Every record as text, and the warnings: read batch by batch, or as one table (in parts
    /// when `halves`) from `path`.
    private func read(_ path: String, halves: Bool, options: CSVOptions = CSVOptions()) throws -> (rows: [String], warnings: [String], inHalves: Bool) {
        // Small reads, so the reader has not read the whole file before the cut is made.
        var source = CSVRecordSource(input: try ByteInput(path: path, chunkSize: 64), options: options, schema: RecordSchema())
        var records: [Record] = []
        if halves {
            source.parallelThreshold = 0
            guard let table = try source.cellTable() else { throw CocoaError(.featureUnsupported) }
            let shapes = RecordShapeCache()
            records = (0..<table.rowCount).map { table.record(at: $0, shapes: shapes) }
        } else {
            records = try readRecords(from: &source)
        }
        let rows = records.map { record in record.fields.map { "\($0)=\($1)" }.joined(separator: "|") }
        return (rows, source.warnings, source.wasReadInParts)
    }

    /// The message of the error `body` throws, or nil.
    private func failure(_ body: () throws -> Any) -> String? {
        do {
            _ = try body()
            return nil
        } catch {
            return "\(error)"
        }
    }

    private func assertSameBothWays(_ text: String, options: CSVOptions = CSVOptions(), cut: Bool = true,
                                    file: StaticString = #filePath, line: UInt = #line) throws {
        let path = try path(for: text)
        let whole = try read(path, halves: false, options: options)
        let halves = try read(path, halves: true, options: options)
        XCTAssertFalse(whole.rows.isEmpty, file: file, line: line)
        XCTAssertEqual(halves.rows, whole.rows, file: file, line: line)
        XCTAssertEqual(halves.warnings, whole.warnings, file: file, line: line)
        XCTAssertFalse(whole.inHalves, file: file, line: line)
        XCTAssertEqual(halves.inHalves, cut, "read in halves", file: file, line: line)
    }

    func testPlainRowsAreTheSameInHalves() throws {
        let rows = (1...400).map { "\($0),name \($0),\($0 % 7).5" }
        try assertSameBothWays("id,name,score\n" + rows.joined(separator: "\n") + "\n")
    }

    func testQuotedLineBreaksAcrossTheMiddle() throws {
        // Every row holds a quoted field with line breaks and doubled quotes, so the middle falls inside one.
        let rows = (1...300).map { "\($0),\"line one\nline \"\"two\"\"\r\nthree\",x" }
        try assertSameBothWays("id,text,tail\r\n" + rows.joined(separator: "\r\n"))
    }

    func testCRLFAndLoneCRLineEnds() throws {
        let rows = (1...300).map { "\($0),v\($0)" }
        try assertSameBothWays("a,b\r\n" + rows.joined(separator: "\r\n") + "\r\n")
        try assertSameBothWays("a,b\r" + rows.joined(separator: "\r") + "\r")
    }

    func testRaggedRowsAreCountedOnceOverBothHalves() throws {
        let rows = (1...300).map { $0 % 10 == 0 ? "\($0),x,extra,more" : ($0 % 9 == 0 ? "\($0)" : "\($0),x") }
        try assertSameBothWays("id,v\n" + rows.joined(separator: "\n") + "\n")
    }

    func testLenientQuotesThatBreakTheParityStillReadTheSame() throws {
        // A stray quote in an unquoted field (kept as text with --lazy-quotes) makes the quote count odd,
        // so the guessed cut may fall inside a quoted field; the first half then reads on by itself.
        var options = CSVOptions()
        options.strictQuotes = false
        var rows = (1...151).map { "\($0),ab\"c,x" }  // an odd number of stray quotes
        rows += (152...300).map { "\($0),\"multi\nline\",y" }
        try assertSameBothWays("id,text,tail\n" + rows.joined(separator: "\n") + "\n", options: options, cut: false)
    }

    func testAnErrorInTheSecondHalfHasItsWholeFileLine() throws {
        let rows = (1...300).map { $0 == 280 ? "\($0),bad\"quote" : "\($0),fine" }
        let path = try path(for: "id,v\n" + rows.joined(separator: "\n") + "\n")
        let sequential = failure { try read(path, halves: false) }
        XCTAssertEqual(failure { try read(path, halves: true) }, sequential)
        XCTAssertTrue(sequential?.contains(":281:") ?? false, "\(sequential ?? "no error")")
    }

    func testAnOpenQuoteAtTheEndIsReportedWhereItOpened() throws {
        let rows = (1...300).map { "\($0),v" } + ["301,\"never closed\nstill open"]
        let path = try path(for: "id,v\n" + rows.joined(separator: "\n"))
        let sequential = failure { try read(path, halves: false) }
        XCTAssertNotNil(sequential)
        XCTAssertEqual(failure { try read(path, halves: true) }, sequential)
    }

    func testSplitPointIsARowStartOutsideQuotes() throws {
        let text = "a,b\n1,\"x\ny\"\n2,z\r\n3,w\n"
        let input = try ByteInput(path: try path(for: text))
        let bytes = Array(text.utf8)
        // From inside the quoted field (offset 8, after `x`), the next row starts at `2`.
        XCTAssertEqual(try CSVSplitPoint.find(in: input, after: 8), bytes.firstIndex(of: UInt8(ascii: "2")))
        // A CRLF is not cut in two.
        XCTAssertEqual(try CSVSplitPoint.find(in: input, after: 15), bytes.firstIndex(of: UInt8(ascii: "3")))
        XCTAssertNil(try CSVSplitPoint.find(in: input, after: bytes.count))
    }

    /// The cuts for parts of every size are the row starts a scan from the start of the file finds
    /// after each target:
    /// quotes counted in two halves on two threads, the middle falling inside a quoted field or
    /// between two targets, give each target's parity as one count from the start does.
    func testCutsAreTheRowStartsAScanFromTheStartFinds() throws {
        var generator = seededRandom()
        for _ in 0..<40 {
            var text = "a,b\n"
            for _ in 0..<Int.random(in: 1...60, using: &generator) {
                let quoted = ["x", "\"p\nq\"", "\"r\"\"s\"", "\"\n\n\"", "t u", "\"v,w\r\n\""]
                text += (generator.element(of: quoted) ?? "x") + "," + (generator.element(of: quoted) ?? "x")
                text += Bool.random(using: &generator) ? "\n" : "\r\n"
            }
            let bytes = Array(text.utf8)
            let input = try ByteInput(path: try path(for: text))
            // Where each row starts, by one scan that knows the quotes.
            var starts: [Int] = [], inside = false, index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") { inside.toggle() }
                if !inside, byte == 0x0A || byte == 0x0D {
                    if byte == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
                    starts.append(index + 1)
                }
                index += 1
            }
            for step in [1, 2, 3, 7, 16, 50, bytes.count / 2 + 1] {
                var expected: [Int] = []
                for target in stride(from: 4 + step, to: bytes.count, by: step) {
                    // A target a cut already reached is passed over; else the first row start after it.
                    if let last = expected.last, last >= target { continue }
                    guard let start = starts.first(where: { $0 > target }), start < bytes.count else { break }
                    expected.append(start)
                }
                XCTAssertEqual(try CSVSplitPoint.cuts(in: input, from: 4, every: step, size: bytes.count), expected, "step \(step) in \(text.debugDescription)")
            }
        }
    }
}
