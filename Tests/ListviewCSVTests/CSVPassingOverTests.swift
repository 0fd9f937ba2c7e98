import ListviewBatches
@testable import ListviewCSV
import ListviewInput
import ListviewTestSupport
import ListviewValues
import XCTest

/// The CSV reader passes over the lines a `RowRecognizer` recognises, and only lines that are one
/// row where libcsv stands at a row start: the rows it reads and the lines it passes over are,
/// in order, the rows it reads without a recognizer, whatever the chunks; errors keep their lines.
final class CSVPassingOverTests: XCTestCase {
    private let files = TemporaryFiles()

    override func tearDown() {
        files.removeAll()
    }

    /// Recognises `skip,N` as the record tagged N.
    private struct SkipLines: RowRecognizer {
        func recognize(_ lines: [Range<Int>], of text: UnsafeRawBufferPointer, delimiter: UInt8) -> [Int] {
            lines.map { line in
                let fields = String(decoding: UnsafeRawBufferPointer(rebasing: text[line]), as: UTF8.self).split(separator: ",", omittingEmptySubsequences: false)
                return fields.count == 2 && fields[0] == "skip" ? Int(fields[1]) ?? -1 : -1
            }
        }
    }

    /// The rows read, each as its cells joined by `|`, and each line passed over as `skip|N`, in
    /// input order; and how many were passed over. The recognizer is given after the first batch.
    private func read(_ text: String, chunkSize: Int, recognizing: Bool, options: CSVOptions = CSVOptions()) throws -> (rows: [String], passed: Int) {
        let source = CSVRecordSource(input: try ByteInput(path: try files.write(text), chunkSize: chunkSize), options: options, schema: RecordSchema())
        var rows: [String] = []
        var passed = 0
        var first = true
        while let batch = try source.nextBatch(schema: RecordSchema()) {
            var next = 0
            func passOver(upTo position: Int) {
                while next < batch.passedOver.count, batch.passedOver[next].position <= position {
                    rows.append("skip|\(batch.passedOver[next].tag)")
                    next += 1
                    passed += 1
                }
            }
            batch.withCells { cells in
                for row in 0..<batch.rowCount {
                    passOver(upTo: row)
                    // A row's cells, not the columns a long row before it added (absent from it).
                    let present = (0..<batch.columns.count).map { cells.cell(row: row, column: $0) }.filter { $0.kind != .absent }
                    rows.append(present.map { String(decoding: $0.text, as: UTF8.self) }.joined(separator: "|"))
                }
            }
            passOver(upTo: .max)
            if first, recognizing { source.passOverRows(recognizedBy: SkipLines()) }
            first = false
        }
        return (rows, passed)
    }

    func testLinesPassedOverAreTheRowsTheyWouldBe() throws {
        var random = seededRandom(31_2026)
        var passedInAll = 0
        for round in 0..<200 {
            var lines: [String] = []
            for _ in 0..<(1 + random.next(40)) {
                switch random.next(9) {
                case 0: lines.append("x,\"a\nskip,\(random.next(9))\nb\"")  // a recognised line inside a quoted field
                case 1: lines.append("\"q\"\"\",skip")
                case 2: lines.append("")
                case 3: lines.append("skip,\(random.next(9)),long")
                case 4: lines.append("skip,\(random.next(9))\r")
                default: lines.append("skip,\(random.next(9))")
                }
            }
            let text = "a,b\n" + lines.joined(separator: "\n") + (random.next(4) == 0 ? "" : "\n")
            let chunk = 4 + random.next(60)
            let parsed = try read(text, chunkSize: chunk, recognizing: false)
            let passing = try read(text, chunkSize: chunk, recognizing: true)
            XCTAssertEqual(passing.rows, parsed.rows, "round \(round), chunks of \(chunk)")
            XCTAssertEqual(parsed.passed, 0)
            passedInAll += passing.passed
        }
        XCTAssertGreaterThan(passedInAll, 500)
    }

    func testErrorsAfterLinesPassedOverKeepTheirLines() throws {
        let text = "a,b\n" + String(repeating: "skip,1\n", count: 30) + "1,a\"b\n"
        var messages: [String] = []
        for recognizing in [false, true] {
            XCTAssertThrowsError(try read(text, chunkSize: 40, recognizing: recognizing)) { error in
                messages.append("\(error)".replacingOccurrences(of: files.paths.last ?? "", with: "FILE"))
            }
        }
        XCTAssertEqual(messages.count, 2)
        XCTAssertEqual(messages.first, messages.last)
        XCTAssertTrue(messages.first?.contains("32") ?? false, messages.first ?? "")
    }
}
